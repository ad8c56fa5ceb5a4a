"""Computer-player benchmarks: MCTS iterations per second and decision times per level.

Not a test: run it by hand on a quiet machine (the targets are for a 2-core machine)::

    python3 benchmarks/ai.py                 # every variant, a few minutes
    python3 benchmarks/ai.py --quick         # fewer positions
    python3 benchmarks/ai.py --variant mexica --client

For each variant the positions are the decision points of seeded games between Normal
bots (every few decisions, the bots' own plan steps skipped). At each position a fresh
bot of every level decides from ``game.view(seat)``; the table shows the mean and p95
time of a decision, and for Hard the search speed in iterations per second. Hard runs
on the tournament's iteration budget (``--iterations``, default 300); with ``--client``
also on the client's wall-clock budget, which must stay under 3 s.

Exit code 0 even when a target is missed; read the PASS/MISS column.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from benchmarks.common import fmt, percentile, print_head  # noqa: E402
from game.ai import CLIENT_SECONDS, make_bot  # noqa: E402
from game.api import Game, list_variants, new_game  # noqa: E402
from game.rng import mix_seed  # noqa: E402

#: the client's promise: a Hard decision within this many seconds
CLIENT_TARGET = 3.0


def positions(variant: str, players: int, seeds: list[int], every: int) -> list[Game]:
    """Decision points of Normal-vs-Normal games (clones), one every ``every`` thinks."""
    out: list[Game] = []
    for seed in seeds:
        game = new_game(variant, players, seed=seed)
        bots = [make_bot("normal", seed=mix_seed(seed, "bench", s)) for s in range(players)]
        count = 0
        while not game.is_over:
            seat = game.current_player
            legal = game.legal_actions()
            if len(legal) > 1 and not bots[seat]._plan:
                count += 1
                if count % every == 0:
                    out.append(game.clone())
            game.apply(bots[seat].choose(game.rules, game.view(seat), legal))
    return out


def time_level(level: str, games: list[Game], **budget: float | int) -> tuple[list[float],
                                                                           list[float]]:
    """Seconds per decision, and (Hard) iterations per second, over ``games``."""
    seconds: list[float] = []
    speeds: list[float] = []
    for i, game in enumerate(games):
        seat = game.current_player
        bot = make_bot(level, seed=i, **budget)
        view, legal = game.view(seat), game.legal_actions()
        start = time.perf_counter()
        bot.choose(game.rules, view, legal)
        took = time.perf_counter() - start
        seconds.append(took)
        if level == "hard" and "iterations" in bot.stats and took > 0:
            speeds.append(bot.stats["iterations"] / took)
    return seconds, speeds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions")
    parser.add_argument("--variant", action="append", help="only this variant (repeatable)")
    parser.add_argument("--iterations", type=int, default=300,
                        help="Hard's iteration budget (default 300, as in the tournaments)")
    parser.add_argument("--client", action="store_true",
                        help=f"also time Hard on the client's budget ({CLIENT_SECONDS:g} s "
                        "wall clock)")
    args = parser.parse_args(argv)
    seeds = [1] if args.quick else [1, 2]
    every = 8 if args.quick else 4
    variants = [v for v in list_variants()
                if not args.variant or v["id"] in args.variant]
    print_head([f"Computer players (Python {sys.version.split()[0]}); Hard at "
                f"{args.iterations} iterations"
                + (f" and at {CLIENT_SECONDS:g} s" if args.client else "")],
               f"{'variant':<20} {'players':>7} {'level':<16} {'n':>4} {'mean':>11} "
               f"{'p95':>11}  {'MCTS it/s':>9}  result")
    missed = 0
    for spec in variants:
        players = spec["min_players"]
        games = positions(spec["id"], players, seeds, every)
        if not games:
            continue
        rows = [("easy", {}), ("normal", {}), ("hard", {"iterations": args.iterations})]
        if args.client:
            rows.append(("hard", {"seconds": CLIENT_SECONDS}))
        for level, budget in rows:
            seconds, speeds = time_level(level, games, **budget)
            label = level if not budget else (
                f"hard {budget['iterations']} it" if "iterations" in budget
                else f"hard {budget['seconds']:g} s")
            speed = f"{statistics.fmean(speeds):9.0f}" if speeds else f"{'':9}"
            result = ""
            if "seconds" in budget:
                ok = max(seconds) <= CLIENT_TARGET
                missed += not ok
                result = "PASS" if ok else "MISS"
                result += f" (max {max(seconds):.2f} s, target {CLIENT_TARGET:g} s)"
            print(f"{spec['id']:<20} {players:>7} {label:<16} {len(seconds):>4} "
                  f"{fmt(statistics.fmean(seconds))} {fmt(percentile(seconds, 0.95))}  "
                  f"{speed}  {result}", flush=True)
    print()
    if args.client:
        print("PASS/MISS: the slowest client decision against the 3 s promise. "
              + ("All met." if not missed else f"{missed} missed."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
