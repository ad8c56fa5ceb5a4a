"""``aztec-arcade balance``: check the arguments, play the games, write the report.

Kept apart from :mod:`game.cli` so that the command line stays a thin parser and the lab
can be driven from a script the same way (``balance(args)`` with a namespace).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from game.errors import ConfigError
from game.lab import extras
from game.lab.plan import make_plan

DEFAULT_OUT = "balance-report"


def levels_arg(text: str) -> list[str]:
    """``--bots hard,normal``: one level per seat, or one level for every seat."""
    from game.ai import LEVELS

    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not levels:
        raise argparse.ArgumentTypeError("name a computer level per seat, e.g. "
                                         "--bots hard,normal")
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(f"unknown computer level {level!r}; choose "
                                             f"from {', '.join(LEVELS)}")
    return levels


def balance(args: argparse.Namespace, options: dict[str, Any] | None) -> int:
    from game.plugins import get_registry

    extras.require("lab", "the balance lab")
    if args.backend == "dask":
        extras.require("cluster", "--backend dask")
    elif args.scheduler:
        raise ConfigError("--scheduler names a Dask scheduler; add --backend dask")
    plan = make_plan(args.variants, args.bots, args.players, args.games, args.seed,
                     args.iterations, options, args.sweep or [], args.bot_option or [])

    from game.lab.report import write_report
    from game.lab.run import run_tasks
    from game.lab.stats import summarise

    where = (f"Dask at {args.scheduler}" if args.scheduler else
             f"a local Dask cluster of {args.jobs}" if args.backend == "dask" else
             f"{args.jobs} process{'es' if args.jobs > 1 else ''}")
    print(f"Balance: {len(plan.arms)} arm{'s' if len(plan.arms) != 1 else ''} x "
          f"{plan.games} games = {plan.total} games of {plan.players} players on {where}",
          file=sys.stderr)
    start = time.perf_counter()
    records = run_tasks(plan.tasks(), jobs=args.jobs, backend=args.backend,
                        scheduler=args.scheduler, progress=not args.no_progress)
    elapsed = time.perf_counter() - start
    arms = summarise(records, [arm.label for arm in plan.arms])
    registry = get_registry()
    names = {v: registry.variants[v].name for v in args.variants if v in registry.variants}
    command = " ".join(["aztec-arcade", *(shlex.quote(a) for a in args.argv)])
    page, data = write_report(Path(args.out), plan, arms, records, command, names)
    for arm in arms:
        seats = ", ".join(f"seat {s + 1} {100 * r.rate:.0f}%" for s, r in
                          enumerate(arm.seats))
        print(f"  {arm.label}: {seats}; mean length {sum(arm.lengths) / len(arm.lengths):.0f}"
              " actions")
    rate = plan.total / elapsed if elapsed > 0 else float("inf")
    print(f"{plan.total} games in {elapsed:.1f} s ({rate:.2f} games/s)")
    print(f"Report: {page}")
    print(f"Games:  {data}")
    return 0
