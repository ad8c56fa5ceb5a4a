"""Computer-player benchmarks: MCTS iterations per second and decision times per level.

Not a test: run it by hand on a quiet machine (the targets are for a 2-core machine)::

    python3 benchmarks/ai.py                 # every variant, a few minutes
    python3 benchmarks/ai.py --quick         # fewer positions
    python3 benchmarks/ai.py --variant mexica --client
    python3 benchmarks/ai.py --variant mexica --workers 1,2   # root-parallel Hard
    python3 benchmarks/ai.py --variant aztlan --players 3 --rollout-policy random,greedy

For each variant the positions are the decision points of seeded games between Normal
bots (every few decisions, the bots' own plan steps skipped). At each position a fresh
bot of every level decides from ``game.view(seat)``; the table shows the mean and p95
time of a decision, and for Hard the search speed in iterations per second. Hard runs
on the tournament's iteration budget (``--iterations``, default 300); with ``--client``
also on the client's wall-clock budget, which must stay within 1 s (issue 38).

``--workers 1,2`` times root-parallel Hard instead (``game.ai.parallel``): on the
client's budget, each worker count with one bot whose process pool is started before
the clock runs (as in a game, where only the first decision pays for it); the search
speed counts the iterations of every tree. The load average is printed: other work on
the cores is felt most by the extra processes.

``--rollout-policy random,greedy`` adds a Hard row per rollout policy (the variant
file's ``bot_search.hard.rollout_policy`` is overridden), on the same positions;
``--players`` plays the positions with that many seats (default: the fewest allowed).

Exit code 0 even when a target is missed; read the PASS/MISS column.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from benchmarks.common import fmt, percentile, print_head  # noqa: E402
from game.ai import CLIENT_SECONDS, make_bot  # noqa: E402
from game.api import Game, list_variants, new_game  # noqa: E402
from game.core.rng import mix_seed  # noqa: E402

#: the client's promise: a Hard decision within this many seconds
CLIENT_TARGET = 1.0


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


def time_level(level: str, games: list[Game], **budget: Any) -> tuple[list[float],
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


def time_client(games: list[Game]) -> tuple[list[float], list[float]]:
    """Seconds per decision and iterations per second of Hard as the window runs it
    (offloaded to its own process, :data:`CLIENT_SECONDS`), its process started before
    the clock runs (the window starts it when the seat gets its player)."""
    bot = make_bot("hard", seed=0, seconds=CLIENT_SECONDS, offload=True)
    seconds: list[float] = []
    speeds: list[float] = []
    try:
        for i, game in enumerate([games[0]] + games):
            seat = game.current_player
            view, legal = game.view(seat), game.legal_actions()
            bot.reset()
            start = time.perf_counter()
            bot.choose(game.rules, view, legal)
            took = time.perf_counter() - start
            if i == 0:
                continue  # the process starting
            seconds.append(took)
            if "iterations" in bot.stats and took > 0:
                speeds.append(bot.stats["iterations"] / took)
    finally:
        bot.close()
    return seconds, speeds


def time_workers(games: list[Game], workers: int) -> tuple[list[float], list[float]]:
    """Seconds per decision and iterations per second of one client Hard bot with
    ``workers`` processes over ``games`` (its pool started by a first, untimed one)."""
    bot = make_bot("hard", seed=0, seconds=CLIENT_SECONDS, workers=workers)
    seconds: list[float] = []
    speeds: list[float] = []
    try:
        for i, game in enumerate([games[0]] + games):
            seat = game.current_player
            bot.reset()
            bot.history.clear()
            start = time.perf_counter()
            bot.choose(game.rules, game.view(seat), game.legal_actions())
            took = time.perf_counter() - start
            if i > 0 and "iterations" in bot.stats and took > 0:
                seconds.append(took)
                speeds.append(bot.stats["iterations"] / took)
    finally:
        bot.close()
    return seconds, speeds


def workers_table(variants: list[dict[str, object]], counts: list[int], seeds: list[int],
                  every: int) -> None:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print_head([f"Root-parallel Hard at {CLIENT_SECONDS:g} s a decision (Python "
                f"{sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load})"],
               f"{'variant':<20} {'players':>7} {'workers':>7} {'n':>4} {'mean':>11} "
               f"{'it/s mean':>9} {'it/s median':>11}")
    for spec in variants:
        players = int(str(spec["min_players"]))
        games = positions(str(spec["id"]), players, seeds, every)
        if not games:
            continue
        for count in counts:
            seconds, speeds = time_workers(games, count)
            print(f"{spec['id']!s:<20} {players:>7} {count:>7} {len(seconds):>4} "
                  f"{fmt(statistics.fmean(seconds))} {statistics.fmean(speeds):9.0f} "
                  f"{statistics.median(speeds):11.0f}", flush=True)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nload average at the end: {load}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions")
    parser.add_argument("--variant", action="append", help="only this variant (repeatable)")
    parser.add_argument("--iterations", type=int, default=300,
                        help="Hard's iteration budget (default 300, as in the tournaments)")
    parser.add_argument("--client", action="store_true",
                        help=f"also time Hard on the client's budget ({CLIENT_SECONDS:g} s "
                        "wall clock)")
    parser.add_argument("--players", type=int, default=None,
                        help="seats at the table (default: the fewest each variant allows)")
    parser.add_argument("--rollout-policy", metavar="P,P", default=None,
                        help="a Hard row per rollout policy (random, greedy)")
    parser.add_argument("--workers", metavar="N,N", default=None,
                        help="time root-parallel Hard on the client's budget with these "
                        "numbers of processes (e.g. 1,2) instead of the levels")
    args = parser.parse_args(argv)
    seeds = [1] if args.quick else [1, 2]
    every = 8 if args.quick else 4
    variants = [v for v in list_variants()
                if not args.variant or v["id"] in args.variant]
    if args.workers:
        try:
            counts = [int(x) for x in args.workers.split(",")]
        except ValueError:
            parser.error("--workers takes whole numbers separated by commas, e.g. 1,2")
        if any(c < 1 for c in counts):
            parser.error("--workers: each number must be at least 1")
        workers_table(variants, counts, seeds, every)
        return 0
    print_head([f"Computer players (Python {sys.version.split()[0]}); Hard at "
                f"{args.iterations} iterations"
                + (f" and at {CLIENT_SECONDS:g} s" if args.client else "")],
               f"{'variant':<20} {'players':>7} {'level':<20} {'n':>4} {'mean':>11} "
               f"{'p95':>11}  {'MCTS it/s':>9}  result")
    missed = 0
    for spec in variants:
        players = args.players or spec["min_players"]
        games = positions(spec["id"], players, seeds, every)
        if not games:
            continue
        rows: list[tuple[str, dict[str, Any]]] = [
            ("easy", {}), ("normal", {}), ("hard", {"iterations": args.iterations})]
        for policy in (args.rollout_policy or "").split(",") if args.rollout_policy else []:
            rows.append(("hard", {"iterations": args.iterations, "rollout_policy": policy}))
        if args.client:
            rows.append(("hard", {"seconds": CLIENT_SECONDS}))
        for level, budget in rows:
            seconds, speeds = time_client(games) if "seconds" in budget else \
                time_level(level, games, **budget)
            label = level if not budget else (
                f"hard {budget['iterations']} it" if "iterations" in budget
                else f"hard {budget['seconds']:g} s")
            if "rollout_policy" in budget:
                label += f" {budget['rollout_policy']}"
            speed = f"{statistics.fmean(speeds):9.0f}" if speeds else f"{'':9}"
            result = ""
            if "seconds" in budget:
                ok = max(seconds) <= CLIENT_TARGET
                missed += not ok
                result = "PASS" if ok else "MISS"
                result += f" (max {max(seconds):.2f} s, target {CLIENT_TARGET:g} s)"
            print(f"{spec['id']:<20} {players:>7} {label:<20} {len(seconds):>4} "
                  f"{fmt(statistics.fmean(seconds))} {fmt(percentile(seconds, 0.95))}  "
                  f"{speed}  {result}", flush=True)
    print()
    if args.client:
        print(f"PASS/MISS: the slowest client decision against the {CLIENT_TARGET:g} s "
              "promise. "
              + ("All met." if not missed else f"{missed} missed."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
