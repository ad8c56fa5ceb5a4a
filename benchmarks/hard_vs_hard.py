"""Hard with one option changed against today's Hard: does a strength lever win?

Not a test: a seeded tournament (issue 38's "measure new Hard vs old Hard on seeds never
used for tuning"). Both sides search the same ``--iterations`` per decision, so the
result is the lever's, not more thinking; seats rotate (game i: seed SEED+i, as in the
balance lab, through :func:`game.ai.arena.play_match`), and a game depends on its seed
alone. Run it at low priority::

    nice -n 19 python3 benchmarks/hard_vs_hard.py tlatelolco-market --games 20 \\
        --seed 910000 --iterations 100 --option reuse=true --out reuse-market.jsonl

With three or four ``--players`` one new Hard plays against old Hards. Prints the new
side's wins (a shared win counts its share) with a 95 % Wilson interval and both sides'
mean CPU per searched decision; ``--out`` keeps one JSON line per game as it ends.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from game.ai import make_bot  # noqa: E402
from game.ai.arena import play_match, wilson  # noqa: E402
from game.lab.plan import read_value  # noqa: E402

NEW = "hard-new"


def new_hard(options: dict[str, Any], **kwargs: Any) -> Any:
    """A Hard bot with ``options`` over the defaults, for the ``hard-new`` seat."""
    bot = make_bot("hard", **kwargs, **options)
    bot.level = "hard"  # the variant file's weights and settings for Hard apply to it
    return bot


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variant")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=910000)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--option", action="append", default=[],
                    help="NAME=VALUE for the new Hard (repeatable), e.g. reuse=true")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    options = {}
    for text in args.option:
        name, _eq, value = text.partition("=")
        options[name.strip()] = read_value(value, f"--option {text}")
    levels = [NEW] + ["hard"] * (args.players - 1)
    guests = {NEW: partial(new_hard, options)}
    won = 0.0
    cpu: dict[str, list[float]] = {NEW: [], "hard": []}
    out = args.out.open("a", encoding="utf-8") if args.out else None
    for i in range(args.games):
        match = play_match(args.variant, levels, i, args.seed, iterations=args.iterations,
                           guests=guests)
        winners = match.game.winners
        share = sum(1 / len(winners) for s in winners if match.seats[s] == NEW)
        won += share
        for seat, level in enumerate(match.seats):
            cpu[level].extend(match.table.cpu[seat])
        record = {"variant": args.variant, "seed": args.seed + i, "seats": list(match.seats),
                  "scores": match.game.scores, "winners": winners, "new_won": share,
                  "options": options, "iterations": args.iterations}
        if out:
            out.write(json.dumps(record, sort_keys=True) + "\n")
            out.flush()
        print(f"game {i + 1}/{args.games} seed {args.seed + i}: seats {match.seats} "
              f"scores {match.game.scores} new won {share:g}", flush=True)
    low, high = wilson(won, args.games)
    means = {k: statistics.mean(v) if v else 0.0 for k, v in cpu.items()}
    print(f"{args.variant} {args.players}p, {args.iterations} iterations, new Hard "
          f"({', '.join(args.option) or 'no change'}) won {won:g}/{args.games} "
          f"({100 * won / args.games:.0f} %, 95 % interval {100 * low:.0f}-{100 * high:.0f} %); "
          f"CPU per searched decision: new {means[NEW] * 1000:.1f} ms, old "
          f"{means['hard'] * 1000:.1f} ms")
    if out:
        out.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
