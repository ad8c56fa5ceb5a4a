"""``aztec-arcade balance``: check the arguments, play the games, write the report.

Kept apart from :mod:`game.cli` so that the command line stays a thin parser and the lab
can be driven from a script the same way (``balance(args)`` with a namespace).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.errors import AztecArcadeError, ConfigError
from game.lab import extras
from game.lab.plan import make_plan
from game.lab.stats import ArmSummary, Rate, mean

if TYPE_CHECKING:
    from game.ai.arena import BotMaker


def balance(args: argparse.Namespace, options: dict[str, Any] | None,
            guests: Mapping[str, BotMaker] | None = None) -> int:
    """Everything a person can get wrong is checked before the first game: the extras,
    the arguments, the folder of the report. Each game is on disk as it ends. ``guests``:
    players from outside :mod:`game.ai` that ``args.bots`` may name (the command line's
    OpenSpiel MCTS), level -> what makes them."""
    from game.core.registry import get_registry

    extras.require("lab", "the balance lab")
    if args.backend == "dask":
        extras.require("cluster", "--backend dask")
    elif args.scheduler:
        raise ConfigError("--scheduler names a Dask scheduler; add --backend dask")
    plan = make_plan(args.variants, args.bots, args.players, args.games, args.seed,
                     args.iterations, options, args.sweep or [], args.bot_option or [],
                     guests)

    from game.lab.report import write_report
    from game.lab.run import fingerprint, run_tasks
    from game.lab.stats import summarise
    from game.lab.store import Store, keep_note, plan_identity

    store = Store(Path(args.out))
    identity = plan_identity(plan, fingerprint([a.variant for a in plan.arms]))
    resume = bool(getattr(args, "resume", False))
    kept = store.start(identity, plan.games, resume=resume)
    done = {(r["arm"], r["game"]) for r in kept}
    todo = [t for t in plan.tasks() if (t.arm, t.index) not in done]
    _announce(args, plan.total, len(plan.arms), plan.games, plan.players,
              len(kept) if resume else None)
    start = time.perf_counter()
    command = ["aztec-arcade", *(shlex.quote(a) for a in args.argv)]
    try:
        played = run_tasks(todo, jobs=args.jobs, backend=args.backend,
                           scheduler=args.scheduler, progress=not args.no_progress,
                           on_record=store.add, already=len(kept))
    except AztecArcadeError as exc:
        raise AztecArcadeError(f"{exc}. {keep_note(store, plan.total, command)}") from None
    except BaseException:  # Ctrl+C, or a bug: say what is kept, then stop as usual
        print(f"Stopped. {keep_note(store, plan.total, command)}", file=sys.stderr)
        raise
    finally:
        store.close()
    elapsed = time.perf_counter() - start
    records = sorted([*kept, *played], key=lambda r: (r["arm"], r["game"]))
    data = store.finish(records)
    arms = summarise(records, [arm.label for arm in plan.arms])
    registry = get_registry()
    variants = dict.fromkeys(a.variant for a in plan.arms)
    names = {v: registry.variants[v].name for v in variants if v in registry.variants}
    colours = {v: dict(registry.variants[v].colours) for v in variants
               if v in registry.variants}
    page = write_report(Path(args.out), plan, arms, " ".join(command), names, colours)
    _print_summary(arms)
    rate = len(played) / elapsed if elapsed > 0 else float("inf")
    print(f"{len(played)} games in {elapsed:.1f} s ({rate:.2f} games/s)"
          + (f"; {len(kept)} kept from before" if kept else ""))
    print(f"Report: {page}")
    print(f"Games:  {data}")
    return 0


def _announce(args: argparse.Namespace, total: int, arms: int, games: int, players: int,
              kept: int | None) -> None:
    where = (f"Dask at {args.scheduler}" if args.scheduler else
             f"a local Dask cluster of {args.jobs}" if args.backend == "dask" else
             f"{args.jobs} process{'es' if args.jobs > 1 else ''}")
    carried = f"; {kept} kept from before, {total - kept} to play" if kept is not None else ""
    print(f"Balance: {arms} arm{'s' if arms != 1 else ''} x {games} games = {total} games "
          f"of {players} players on {where}{carried}", file=sys.stderr)


def _print_summary(arms: list[ArmSummary]) -> None:
    """Per arm: each seat's and each level's win rate, and the game's length."""
    from game.ai import level_name

    for arm in arms:
        seats = ", ".join(f"seat {s + 1} {100 * r.rate:.0f}%" for s, r in
                          enumerate(arm.seats))
        levels = ""
        if len(arm.levels) > 1:
            levels = "; " + ", ".join(_level_rate(level_name(lv), r)
                                      for lv, r in arm.levels.items())
        print(f"  {arm.label}: {seats}{levels}; mean length {mean(arm.turns):.0f} turns, "
              f"{mean(arm.lengths):.0f} actions")
        multiples = [f"{level_name(lv)} {mean(xs):.1f}x (per game {min(xs):.1f}-"
                     f"{max(xs):.1f}x)" for lv, xs in arm.multiples.items() if max(xs) > 1]
        if multiples:
            print(f"    CPU per decision, as a multiple of the thriftiest level's: "
                  f"{', '.join(multiples)}")


def _level_rate(name: str, rate: Rate) -> str:
    """``Hard 75% (won 3 of 4, 95% interval 30-95%)``: the rate, the count, the interval."""
    lo, hi = rate.interval()
    return (f"{name} {100 * rate.rate:.0f}% (won {rate.wins:g} of {rate.games}, 95% "
            f"interval {100 * lo:.0f}-{100 * hi:.0f}%)")
