"""What the computer players pay for states: clone, to_dict, from_dict, view, determinize.

Not a test: run it by hand on a quiet machine::

    python3 benchmarks/states.py                    # every variant, about ten seconds
    python3 benchmarks/states.py --quick            # fewer positions
    python3 benchmarks/states.py --variant aztlan   # only this variant (repeatable)

The bots clone a state for every move they try and the tree search builds a fresh
state from the view (``determinize``, which reads it with ``from_dict``) on every
iteration, so these costs multiply into the bots' thinking time. For each variant at
its largest player count, at mid-game positions of seeded playouts (30 %, 40 %, ...
70 % of the way through), each call is timed several times; the table shows medians.
No targets: compare a run before a change with one after, on the same machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from benchmarks import common  # noqa: E402
from game.api import Game, list_variants, new_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402

#: where the positions are taken, as fractions of the game's length
MID_GAME = (0.3, 0.4, 0.5, 0.6, 0.7)
CALLS = ("clone", "to_dict", "from_dict", "view", "determinize")


def positions(variant: str, players: int, seed: int) -> list[Game]:
    length = len(common.timed_playout(variant, players, seed)[1].log)
    marks = {round(f * length) for f in MID_GAME}
    g = new_game(variant, players=players, seed=seed)
    rng = Rng(seed)
    out = []
    for done in range(length):
        if done in marks:
            out.append(g.clone())
        g.apply(g.playout_action(rng))
    return out


def time_calls(g: Game, repeat: int) -> dict[str, list[float]]:
    rules, state = g.rules, g.state
    seat = g.current_player
    data = rules.to_dict(state)
    view = g.view(seat)
    rng = Rng(7)
    calls = {
        "clone": lambda: rules.clone(state),
        "to_dict": lambda: rules.to_dict(state),
        "from_dict": lambda: rules.from_dict(data),
        "view": lambda: rules.view(state, seat),
        "determinize": lambda: rules.determinize(view, seat, rng),
    }
    out = {}
    for name, fn in calls.items():
        fn()  # warm
        out[name] = common.time_each(fn, repeat)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer seeds and repeats")
    parser.add_argument("--variant", action="append", metavar="ID",
                        help="only this variant (repeatable; default: every variant)")
    args = parser.parse_args(argv)
    specs = [v for v in list_variants() if not args.variant or v["id"] in args.variant]
    seeds = list(range(1, 3 if args.quick else 11))
    repeat = 5 if args.quick else 20
    fmt = common.fmt
    common.print_head(
        [f"States (Python {sys.version.split()[0]}, seeds {seeds[0]}-{seeds[-1]}, "
         f"{len(MID_GAME)} mid-game positions a game, each call {repeat} times; medians)"],
        f"{'variant':<20} {'players':>7} " + " ".join(f"{c:>11}" for c in CALLS))
    for spec in specs:
        players = spec["max_players"]
        samples: dict[str, list[float]] = {c: [] for c in CALLS}
        for seed in seeds:
            for g in positions(spec["id"], players, seed):
                for name, times in time_calls(g, repeat).items():
                    samples[name].extend(times)
        print(f"{spec['id']:<20} {players:>7} "
              + " ".join(fmt(statistics.median(samples[c])) for c in CALLS), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
