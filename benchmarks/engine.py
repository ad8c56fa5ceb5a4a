"""Engine benchmarks for Mexica: prints medians and p95 against the targets.

Besides the engine's own calls, the bots' loop check (``Bot.fresh``: the legal actions
replayed on a copy unless ``Rules.progresses`` marks them) and a canal's ``apply`` alone
(it mends the districts it cuts) are timed.

Not a test: run it by hand on a quiet machine (the targets are for a 2-core machine)::

    .venv/bin/python benchmarks/engine.py            # full run, a few seconds
    .venv/bin/python benchmarks/engine.py --quick    # fewer samples

Exit code 0 even when a target is missed; read the PASS/MISS column.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from benchmarks.common import (  # noqa: E402
    fmt,
    percentile,
    print_head,
    time_each,
    timed_playout,
)
from game.ai.base import Bot, view_digest  # noqa: E402
from game.api import Game, load_game, new_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402

VARIANT = "mexica"


def playout(players: int, seed: int) -> tuple[Game, list[tuple[Game, str, bool]]]:
    """A whole game under the playout policy.

    Returns the finished game and, per action, a clone of the game before it, the action
    and whether the action caused a scoring (those are excluded from the apply timing).
    """
    g = new_game(VARIANT, players=players, seed=seed)
    rng = Rng(seed)
    steps: list[tuple[Game, str, bool]] = []
    while not g.is_over:
        before = g.clone()
        action = g.playout_action(rng)
        events = g.apply(action)
        steps.append((before, action, any(e.kind == "scoring" for e in events)))
    return g, steps


def mid_game_states(players: int, seed: int) -> list[Game]:
    """Period-1 states in play, one at the first decision of rounds 5 to 8."""
    g = new_game(VARIANT, players=players, seed=seed)
    rng = Rng(seed)
    wanted = {5, 6, 7, 8}
    out = []
    while not g.is_over and wanted:
        s = g.state
        if s.phase == "play" and s.period == 1 and s.round in wanted:
            wanted.discard(s.round)
            out.append(g.clone())
        g.apply(g.playout_action(rng))
    return out


def bench_legal_actions(seeds: list[int], repeat: int) -> list[float]:
    samples: list[float] = []
    for players in (2, 4):
        for seed in seeds:
            for g in mid_game_states(players, seed):
                g.legal_actions()  # warm
                samples.extend(time_each(g.legal_actions, repeat))
    return samples


def bench_apply(seeds: list[int]) -> list[float]:
    samples: list[float] = []
    for players in (2, 4):
        for seed in seeds:
            _, steps = playout(players, seed)
            for before, action, scoring in steps:
                if scoring:
                    continue
                t0 = time.perf_counter_ns()
                before.apply(action)
                samples.append((time.perf_counter_ns() - t0) / 1e9)
    return samples


def bench_canal(seeds: list[int]) -> list[float]:
    """``apply()`` of the canals alone: each mends the districts it cuts."""
    samples: list[float] = []
    for players in (2, 4):
        for seed in seeds:
            _, steps = playout(players, seed)
            for before, action, _scoring in steps:
                if action.startswith("canal"):
                    t0 = time.perf_counter_ns()
                    before.apply(action)
                    samples.append((time.perf_counter_ns() - t0) / 1e9)
    return samples


def bench_loop_check(seeds: list[int], repeat: int) -> list[float]:
    """A bot's loop check over every legal action (``Bot.fresh``, before each thinking
    decision of every level) on a determinization of the decider's view."""
    samples: list[float] = []
    for players in (2, 4):
        for seed in seeds:
            for g in mid_game_states(players, seed):
                seat = g.current_player
                assert seat is not None
                view = g.view(seat)
                bot = Bot()
                bot.history.append(view_digest(view))
                state = g.rules.determinize(view, seat, Rng(seed))
                legal = g.legal_actions()
                samples.extend(time_each(
                    lambda g=g, s=state, seat=seat, legal=legal, bot=bot:
                    bot.fresh(g.rules, s, seat, legal), repeat))
    return samples


def bench_full_game(seeds: list[int]) -> list[float]:
    return [timed_playout(VARIANT, players, seed)[0] for players in (2, 4)
            for seed in seeds]


def bench_json(seeds: list[int], repeat: int) -> list[float]:
    samples: list[float] = []
    for players in (2, 4):
        for seed in seeds:
            games = mid_game_states(players, seed)
            final, _ = playout(players, seed)
            for g in [*games, final]:
                def round_trip(g: Game = g) -> Game:
                    return load_game(g.to_json())
                samples.extend(time_each(round_trip, repeat))
    return samples


def bench_load_finished(seeds: list[int], repeat: int) -> list[float]:
    """``load_game`` of a finished four-player game: the longest log a save holds, all
    of it replayed (see game.api: the log is the truth, the stored state a check)."""
    samples: list[float] = []
    for seed in seeds:
        final, _ = playout(4, seed)
        text = final.to_json()
        samples.extend(time_each(lambda text=text: load_game(text), repeat))
    return samples


def bench_import(repeat: int) -> list[float]:
    """Fresh-interpreter ``import game.api`` minus a bare interpreter start (pairwise)."""
    def start(code: str) -> float:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
        return time.perf_counter() - t0

    start("import game.api")  # warm the bytecode and file caches
    samples = []
    for _ in range(repeat):
        bare = start("pass")
        full = start("import game.api")
        samples.append(max(0.0, full - bare))
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer seeds and repeats")
    args = parser.parse_args(argv)
    seeds = [1, 2, 3] if args.quick else [1, 2, 3, 4, 5, 6]
    repeat = 5 if args.quick else 20

    rows = [
        ("legal_actions() mid-game", 2e-3, lambda: bench_legal_actions(seeds, repeat)),
        ("apply() per action, no scoring", 100e-6, lambda: bench_apply(seeds)),
        ("apply() of a canal", 100e-6, lambda: bench_canal(seeds)),
        ("loop check (Bot.fresh) mid-game", 10e-3,
         lambda: bench_loop_check(seeds, max(1, repeat // 4))),
        ("full game, playout policy", 1.0, lambda: bench_full_game(seeds)),
        ("JSON round trip load_game(to_json())", 20e-3, lambda: bench_json(seeds, repeat)),
        ("load_game, finished 4-player game", 0.5,
         lambda: bench_load_finished(seeds, repeat)),
        ("import game.api (fresh process)", 0.3, lambda: bench_import(7 if args.quick else 15)),
    ]
    print_head([f"Mexica engine benchmarks (Python {sys.version.split()[0]}, 2 and 4 "
                f"players, seeds {seeds[0]}-{seeds[-1]})"],
               f"{'benchmark':<38} {'n':>6} {'median':>11} {'p95':>11} {'target':>11}  result")
    missed = 0
    for name, target, run in rows:
        samples = run()
        median = statistics.median(samples)
        p95 = percentile(samples, 0.95)
        ok = median <= target
        missed += not ok
        print(f"{name:<38} {len(samples):>6} {fmt(median)} {fmt(p95)} {fmt(target)}  "
              f"{'PASS' if ok else 'MISS'}", flush=True)
    print()
    print("PASS/MISS compares the median with the target. "
          + ("All targets met." if not missed else f"{missed} target(s) missed."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
