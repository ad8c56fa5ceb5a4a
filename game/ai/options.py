"""What a Hard bot's own options may say (``game.ai.mcts.MCTSBot``): the search settings
a variant file may give, within the same bounds, and the processes this machine allows.
Apart from the search so that the search's module holds the search."""

from __future__ import annotations

from typing import Any

from game.core.cores import PER_CORE, most_processes
from game.core.errors import ConfigError, quote
from game.core.schema import Bool, Context, Field, Int, Obj, search_settings


def check_workers(workers: Any) -> int:
    """``workers`` if it is a number of processes this machine may run
    (:func:`game.core.cores.most_processes`); a ConfigError naming the cap if not."""
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ConfigError(f"workers must be a whole number of at least 1, got "
                          f"{quote(workers)}")
    most = most_processes()
    if workers > most:
        raise ConfigError(f"workers must be at most {most} on this machine ({PER_CORE} "
                          f"processes per core), got {quote(workers)}")
    return workers


#: what a Hard bot's own options may say: the settings a variant file may give
#: (``bot_search``), how long a playout may run and whether trees are reused
_OPTIONS = Obj({**search_settings().fields,
                "max_rollout": Field(Int(min=0), "Actions a playout runs at most."),
                "reuse": Field(Bool(), "Keep the searched subtree for the next decision "
                               "(game.ai.reuse).")})


def checked_options(given: dict[str, Any]) -> dict[str, Any]:
    """A Hard bot's own search settings, within the bounds a variant file's are held to
    (a NaN exploration, for one, would make every move's score NaN and none the best);
    a one-line ConfigError naming every setting that is not."""
    ctx = Context()
    _OPTIONS.check(given, (), ctx)
    if ctx.issues:
        raise ConfigError("; ".join(f"{issue.path}: {issue.message}" for issue in ctx.issues))
    return given
