"""One Hard against rivals: Normal (or another level), Hard at another budget, or today's
Hard while the measured one has a lever changed; small seeded runs with 95 % Wilson
intervals (issue 38's measurements).

Not a test: minutes per game at the client's budgets; run it at low priority::

    nice -n 19 python3 benchmarks/hard_vs.py --variant aztlan --players 3 --iterations 1000
    nice -n 19 python3 benchmarks/hard_vs.py --variant tlatelolco-market --iterations 1000 \\
        --rival-iterations 2200        # Hard at 1000 iterations against Hard at 2200
    nice -n 19 python3 benchmarks/hard_vs.py tlatelolco-market --rival hard --games 20 \\
        --seed 910000 --iterations 100 --option reuse=true --out reuse-market.jsonl

One Hard (``--iterations`` per decision; ``--option NAME=VALUE`` changes one of its
options, e.g. ``reuse=true``) against ``--players - 1`` rivals: ``--rival LEVEL`` (Normal
by default), or Hard: ``--rival hard`` searches the same ``--iterations`` (so a lever's
result is the lever's, not more thinking), ``--rival-iterations N`` searches N. Both Hards
take the variant file's settings for Hard. Seats rotate between games; game i uses seed
SEED+i, through :func:`game.ai.arena.play_match` as in the balance lab, so a game depends
on its seed alone. Pick seeds never used for tuning (the variant files' comments name those
they were tuned on). Prints each game as it ends, then each side's wins (a shared win
counts its share) with a 95 % interval and its mean CPU per searched decision; ``--out``
appends one JSON line per game as it ends.

An iteration budget stands for a wall-clock one: the client's Hard searches for
``game.ai.CLIENT_SECONDS``, and ``benchmarks/ai.py --client`` says how many iterations
that buys here. Since a search is the same for a seed and an iteration count, Hard of an
older commit at its budget is this Hard at that many iterations wherever the search did
not change its moves (the golden plays say so).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from game.ai import make_bot  # noqa: E402
from game.ai.arena import BotMaker, play_match, wilson  # noqa: E402
from game.ai.base import Bot  # noqa: E402
from game.lab.plan import read_value  # noqa: E402

#: the measured Hard's seat when it has options of its own, and the rival Hard's
MEASURED, RIVAL = "hard-new", "hard-rival"


def hard_with(options: dict[str, Any], budget: int | None = None, **kwargs: Any) -> Bot:
    """A Hard bot with ``options`` over the defaults (and ``budget`` iterations, if given,
    instead of the table's): the variant file's weights and settings for Hard apply to it,
    and its searches are seeded as Hard's."""
    if budget is not None:
        kwargs["iterations"] = budget
    bot = make_bot("hard", **kwargs, **options)
    bot.level = "hard"
    return bot


def _options(texts: list[str]) -> dict[str, Any]:
    options = {}
    for text in texts:
        name, _eq, value = text.partition("=")
        options[name.strip()] = read_value(value, f"--option {text}")
    return options


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("variant", nargs="?", help="the variant (or --variant)")
    ap.add_argument("--variant", dest="variant_option", default=None)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--rival", default=None,
                    help="the rivals' level: normal (the default), easy, hard...")
    ap.add_argument("--rival-iterations", type=int, default=None,
                    help="the rivals are Hard at this many iterations")
    ap.add_argument("--option", action="append", default=[],
                    help="NAME=VALUE for the measured Hard (repeatable), e.g. reuse=true")
    ap.add_argument("--out", type=Path, help="append one JSON line per game here")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    variant = args.variant or args.variant_option or "tlatelolco-market"
    options = _options(args.option)
    rival = args.rival or ("hard" if args.rival_iterations else "normal")
    guests: dict[str, BotMaker] = {}
    measured = "hard"
    if options:
        measured = MEASURED
        guests[MEASURED] = partial(hard_with, options)
    rival_level = rival
    if rival == "hard":
        rival_level = RIVAL
        guests[RIVAL] = partial(hard_with, {}, args.rival_iterations or args.iterations)
    levels = [measured] + [rival_level] * (args.players - 1)
    against = (f"Hard at {args.rival_iterations or args.iterations} iterations"
               if rival == "hard" else rival.capitalize())
    last = args.seed + args.games - 1
    print(f"{variant}, {args.players} players, seeds {args.seed}-{last}: Hard at "
          f"{args.iterations} iterations ({', '.join(args.option) or 'as it is'}) "
          f"against {against}", flush=True)
    won = {level: 0.0 for level in dict.fromkeys(levels)}
    cpu: dict[str, list[float]] = {level: [] for level in won}
    out = args.out.open("a", encoding="utf-8") if args.out else None
    start = time.perf_counter()
    for i in range(args.games):
        match = play_match(variant, levels, i, args.seed, iterations=args.iterations,
                           guests=guests)
        winners = match.game.winners
        for s in winners:
            won[match.seats[s]] += 1 / len(winners)
        if match.table is not None:
            for seat, level in enumerate(match.seats):
                cpu[level].extend(match.table.cpu[seat])
        share = sum(1 / len(winners) for s in winners if match.seats[s] == measured)
        record = {"variant": variant, "seed": args.seed + i, "seats": list(match.seats),
                  "scores": match.game.scores, "winners": winners, "new_won": share,
                  "options": options, "iterations": args.iterations, "rival": rival,
                  "rival_iterations": args.rival_iterations}
        if out:
            out.write(json.dumps(record, sort_keys=True) + "\n")
            out.flush()
        print(f"game {i + 1}/{args.games} seed {args.seed + i}: seats {match.seats} "
              f"scores {match.game.scores} measured Hard won {share:g}", flush=True)
    if out:
        out.close()
    for level, wins in won.items():
        # a side's wins, as the lab counts them: the rivals of one level are one side
        low, high = wilson(wins, args.games)
        spent = statistics.mean(cpu[level]) * 1000 if cpu[level] else 0.0
        print(f"  {level}: won {wins:g} of {args.games} ({100 * wins / args.games:.0f}%, 95% "
              f"interval {100 * low:.0f}-{100 * high:.0f}%); CPU per searched decision "
              f"{spent:.1f} ms")
    print(f"Time: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
