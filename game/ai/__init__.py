"""Computer players for every variant, through the engine protocol only.

>>> from game.api import new_game
>>> from game.ai import make_bot
>>> g = new_game("mexica", players=2, seed=1)
>>> bot = make_bot("normal", seed=7)
>>> action = bot.choose(g.rules, g.view(g.current_player), g.legal_actions())
>>> action in g.legal_actions()
True

Levels:

* ``easy``: the variant's playout policy (uniform over the legal actions without one);
* ``normal``: greedy, a beam search over the current turn scored by ``evaluate``;
* ``hard``: information-set Monte Carlo tree search under an iteration budget
  (reproducible) or a wall-clock budget in seconds (the client uses
  :data:`CLIENT_SECONDS`).

Bots see only ``Game.view(seat)`` and the legal actions; see :mod:`game.ai.base`.
"""

from __future__ import annotations

from typing import Any

from game.ai.base import LEVELS, Bot
from game.ai.easy import EasyBot
from game.ai.greedy import GreedyBot
from game.ai.mcts import MCTSBot
from game.ai.options import check_workers

__all__ = ["LEVELS", "Bot", "EasyBot", "GreedyBot", "MCTSBot", "make_bot", "level_name",
           "client_bot", "set_client_workers", "CLIENT_SECONDS", "DEFAULT_ITERATIONS"]

#: the Hard bot's thinking time per decision in the client, wall clock from the request to
#: the answer (its trees stop :data:`game.ai.parallel.GRACE` earlier; issue 38: within 1 s)
CLIENT_SECONDS = 1.0
#: the Hard bot's default iteration budget (reproducible) when no budget is given
DEFAULT_ITERATIONS = 300

_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard",
          "openspiel-mcts": "OpenSpiel MCTS"}  # a guest level of the balance lab

#: processes a Hard player of the client searches with (``aztec-arcade play --jobs``),
#: and whether they search in other processes only: how many cores this process may use
#: is the caller's to say, once, at the start
_CLIENT = {"workers": 1, "offload": False}


def set_client_workers(workers: int, offload: bool = False) -> None:
    """Let the client's Hard players search root-parallel over ``workers`` processes;
    with ``offload`` none of them is the client's own (its frame thread then never waits
    for the interpreter while a computer player thinks: the window runs at 60 fps). At
    most :func:`game.core.cores.most_processes`: a ConfigError names the cap."""
    _CLIENT["workers"] = check_workers(workers)
    _CLIENT["offload"] = bool(offload)


def client_bot(level: str, seed: int) -> Bot:
    """A computer player for a seat of the client: Hard thinks :data:`CLIENT_SECONDS`
    a decision, over the processes :func:`set_client_workers` allowed."""
    if level.strip().lower() == "hard":
        workers, offload = int(_CLIENT["workers"]), bool(_CLIENT["offload"])
        options: dict[str, Any] = {"workers": workers} if workers > 1 else {}
        if offload:
            options["offload"] = True
        return make_bot(level, seed=seed, seconds=CLIENT_SECONDS, **options)
    return make_bot(level, seed=seed)


def level_name(level: str) -> str:
    return _NAMES.get(level, level.title())


def make_bot(level: str, seed: int = 0, iterations: int | None = None,
             seconds: float | None = None, **options: Any) -> Bot:
    """A bot of ``level`` (easy, normal, hard). ``iterations``/``seconds`` budget Hard
    (default :data:`DEFAULT_ITERATIONS` iterations); other options go to the bot class."""
    level = level.strip().lower()
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return GreedyBot(seed, **options)
    if level == "hard":
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        return MCTSBot(seed, iterations=iterations, seconds=seconds, **options)
    raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
