#!/usr/bin/env python3
"""Save and load after every action of many uniform random games, for every variant.

    python3 tools/save_roundtrip.py                      # 200 games per variant and count
    python3 tools/save_roundtrip.py --games 20 --variant tlatelolco-market
    python3 tools/save_roundtrip.py --views              # views and determinize too

Issue 12's "done when": a game saved and loaded after every action of 200 random games,
whose moves are drawn uniformly from ``legal_actions()``, always loads and plays on
identically, for every variant and player count. Each game is the conformance kit's
:func:`game.kit.conformance.check_uniform_game`: after every action ``load_game(to_json())``
must succeed and equal the game (``to_json()``, current player, legal actions), the game
loaded before each action must play it as the original does (same events, same state),
and games loaded at a few points play on beside the original to the last checked action.

Half the games (odd seeds) start their uniform moves after a warm-up of playout moves,
three quarters into the playout game of their seed, as the kit does: Mexica's uniform
games rarely end (its players walk to and fro), so from the start they never reach its
second period. ``--max-steps`` caps the checked actions of one game for the same reason.

This is a correctness sweep, not a test (it takes many minutes) and not a benchmark: the
times it prints only say how long the sweep took. Exit code 1 if any game failed; the
first failures are printed with the call that replays them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from game.api import list_variants  # noqa: E402
from game.kit.conformance import (  # noqa: E402
    ConformanceError,
    check_uniform_game,
    uniform_warmup,
)

#: failures printed in full (the rest are counted)
SHOWN = 3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200,
                        help="games per variant and player count (default 200)")
    parser.add_argument("--max-steps", type=int, default=300,
                        help="most checked actions of one game (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--variant", action="append", default=[],
                        help="only this variant (repeatable)")
    parser.add_argument("--players", type=int, action="append", default=[],
                        help="only this player count (repeatable)")
    parser.add_argument("--views", action="store_true",
                        help="also build every view and determinize it at every step")
    args = parser.parse_args(argv)
    if args.games < 1 or args.max_steps < 1:
        parser.error("--games and --max-steps must be at least 1")
    variants = [v for v in list_variants() if not args.variant or v["id"] in args.variant]
    missing = set(args.variant) - {v["id"] for v in variants}
    if missing:
        parser.error(f"unknown variant(s): {', '.join(sorted(missing))}")

    print(f"{args.games} uniform games per variant and player count, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, at most {args.max_steps} checked actions each"
          f"{', views and determinize too' if args.views else ''}")
    print(f"{'variant':<20} {'n':>2} {'games':>6} {'ended':>6} {'actions':>9} "
          f"{'failures':>8} {'wall s':>8} {'cpu s':>8}")
    totals = {"games": 0, "ended": 0, "actions": 0, "failures": 0}
    shown: list[str] = []
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for entry in variants:
        counts = [n for n in range(entry["min_players"], entry["max_players"] + 1)
                  if not args.players or n in args.players]
        for players in counts:
            row = {"games": 0, "ended": 0, "actions": 0, "failures": 0}
            wall, cpu = time.perf_counter(), time.process_time()
            for g in range(args.games):
                seed = args.seed + g
                warmup = uniform_warmup(entry["id"], players, seed, None, g % 2, 2)
                row["games"] += 1
                try:
                    game = check_uniform_game(entry["id"], players, seed,
                                              max_steps=args.max_steps, warmup=warmup,
                                              views=args.views)
                except ConformanceError as exc:
                    row["failures"] += 1
                    if len(shown) < SHOWN:
                        shown.append(str(exc))
                    continue
                row["actions"] += len(game.log) - warmup
                row["ended"] += game.is_over
            for key in totals:
                totals[key] += row[key]
            print(f"{entry['id']:<20} {players:>2} {row['games']:>6} {row['ended']:>6} "
                  f"{row['actions']:>9} {row['failures']:>8} "
                  f"{time.perf_counter() - wall:>8.1f} {time.process_time() - cpu:>8.1f}",
                  flush=True)
    print(f"{'total':<23} {totals['games']:>6} {totals['ended']:>6} {totals['actions']:>9} "
          f"{totals['failures']:>8} {time.perf_counter() - wall0:>8.1f} "
          f"{time.process_time() - cpu0:>8.1f}")
    for text in shown:
        print("\n" + text)
    return 1 if totals["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
