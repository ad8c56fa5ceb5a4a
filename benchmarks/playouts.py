"""Random playouts of every variant: games per second, legal_actions() and apply().

Not a test: run it by hand on a quiet machine (the targets are for a 2-core machine)::

    python3 benchmarks/playouts.py                    # every variant, half a minute
    python3 benchmarks/playouts.py --quick            # fewer seeds, a few seconds
    python3 benchmarks/playouts.py --variant aztlan   # only this variant (repeatable)

The computer players' search and the tournaments play random games to the end, in every
variant, so each variant's playout speed matters, not only Mexica's (``engine.py``
times Mexica's engine in more detail). For each variant at each of its player counts,
over the same seeds:

- a whole game under the playout policy (``new_game``, then ``playout_action(rng)`` and
  ``apply`` until it is over, with ``Rng(seed)``): median and p95, and games per second
  (1 / median). Target: median <= 10 ms, i.e. at least 100 games per second (the
  Market's and Aztlán's issues); Mexica's engines were asked for a game within 1 s;
- ``legal_actions()`` at mid-game positions of the same games (30 %, 40 %, ... 70 % of
  the way through), each timed several times after a first, untimed call. Target:
  median <= 2 ms;
- ``apply()`` of every action of the same games, timed one by one, scorings included
  (they are a few among hundreds and barely move the median). Target: median <= 100 µs.

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

from benchmarks import common  # noqa: E402
from game.api import list_variants, new_game  # noqa: E402
from game.core.registry import get_registry  # noqa: E402
from game.core.rng import Rng  # noqa: E402

#: medians not to exceed, by the table's name for them
TARGETS = {"playout": 10e-3, "legal_actions()": 2e-3, "apply()": 100e-6}
#: a whole playout's target by engine where its issue set another one
PLAYOUT_TARGET = {"mexica": 1.0, "mexica-neutral": 1.0}
#: where legal_actions() is timed, as fractions of the game's length
MID_GAME = (0.3, 0.4, 0.5, 0.6, 0.7)


def step_times(variant: str, players: int, seed: int, length: int,
               repeat: int) -> tuple[list[float], list[float]]:
    """(legal_actions() seconds, apply() seconds) along the playout of ``seed`` again.

    Timing each step perturbs a game's total, so the steps get a second pass of their
    own; ``length`` (the game's number of actions, from the first pass) places the
    mid-game positions, since the same seed plays the same game.
    """
    g = new_game(variant, players=players, seed=seed)
    rng = Rng(seed)
    marks = {round(f * length) for f in MID_GAME}
    legal: list[float] = []
    applies: list[float] = []
    done = 0
    while not g.is_over:
        if done in marks:
            g.legal_actions()  # warm
            legal.extend(common.time_each(g.legal_actions, repeat))
        action = g.playout_action(rng)
        t0 = time.perf_counter_ns()
        g.apply(action)
        applies.append((time.perf_counter_ns() - t0) / 1e9)
        done += 1
    if done != length:
        raise RuntimeError(f"{variant} seed {seed} played {done} actions, not {length}: "
                           "the playout is not deterministic")
    return legal, applies


def bench(variant: str, players: int, seeds: list[int],
          repeat: int) -> tuple[list[float], list[float], list[float]]:
    """(playout seconds per game, legal_actions() seconds, apply() seconds)."""
    common.timed_playout(variant, players, 0)  # warm the registry, config and caches
    games: list[float] = []
    legal: list[float] = []
    applies: list[float] = []
    for seed in seeds:
        seconds, game = common.timed_playout(variant, players, seed)
        games.append(seconds)
        more_legal, more_applies = step_times(variant, players, seed, len(game.log), repeat)
        legal.extend(more_legal)
        applies.extend(more_applies)
    return games, legal, applies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer seeds and repeats")
    parser.add_argument("--variant", action="append", metavar="ID",
                        help="only this variant (repeatable; default: every variant)")
    args = parser.parse_args(argv)
    specs = list_variants()
    unknown = sorted(set(args.variant or ()) - {v["id"] for v in specs})
    if unknown:
        parser.error(f"no variant {', '.join(unknown)}; choose from "
                     f"{', '.join(v['id'] for v in specs)}")
    specs = [v for v in specs if not args.variant or v["id"] in args.variant]
    seeds = list(range(1, 4 if args.quick else 81))
    repeat = 3 if args.quick else 10

    fmt = common.fmt
    common.print_head(
        [f"Random playouts (Python {sys.version.split()[0]}, seeds {seeds[0]}-{seeds[-1]}; "
         f"legal_actions() at {len(MID_GAME)} mid-game positions a game, {repeat} times "
         "each)",
         "Targets (medians): " + ", ".join(
             f"{name} {fmt(target).strip()}"
             + (f" ({1 / target:.0f} games/s)" if name == "playout" else "")
             for name, target in TARGETS.items())
         + "; a Mexica engine's playout: " + ", ".join(
             f"{engine} {fmt(t).strip()}" for engine, t in PLAYOUT_TARGET.items())],
        f"{'variant':<20} {'players':>7} {'playout':>11} {'p95':>11} {'games/s':>8} "
        f"{'legal_act.':>11} {'apply()':>11}  result")
    missed_rows = 0
    for spec in specs:
        for players in range(spec["min_players"], spec["max_players"] + 1):
            games, legal, applies = bench(spec["id"], players, seeds, repeat)
            medians = {"playout": statistics.median(games),
                       "legal_actions()": statistics.median(legal),
                       "apply()": statistics.median(applies)}
            targets = dict(TARGETS)
            engine = get_registry().variants[spec["id"]].engine_id
            targets["playout"] = PLAYOUT_TARGET.get(engine, TARGETS["playout"])
            missed = [name for name, median in medians.items() if median > targets[name]]
            missed_rows += bool(missed)
            print(f"{spec['id']:<20} {players:>7} {fmt(medians['playout'])} "
                  f"{fmt(common.percentile(games, 0.95))} {1 / medians['playout']:>8.0f} "
                  f"{fmt(medians['legal_actions()'])} {fmt(medians['apply()'])}  "
                  + ("MISS " + ", ".join(missed) if missed else "PASS"), flush=True)
    print()
    print("playout, legal_act. and apply() are medians; PASS/MISS compares them with the "
          "targets and names the ones missed.")
    print("All targets met." if not missed_rows
          else f"{missed_rows} row(s) missed a target.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
