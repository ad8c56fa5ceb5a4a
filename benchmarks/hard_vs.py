"""Hard against Normal, or against Hard at another budget, through the balance lab: small
seeded runs with 95 % Wilson intervals (issue 38's measurements).

Not a test: minutes per game at the client's budgets; run it at low priority::

    nice -n 19 python3 benchmarks/hard_vs.py --variant aztlan --players 3 --iterations 1000
    nice -n 19 python3 benchmarks/hard_vs.py --variant tlatelolco-market --iterations 1000 \\
        --rival-iterations 2200        # Hard at 1000 iterations against Hard at 2200

One Hard (the lab's ``hard``, ``--iterations`` per decision) against ``--players - 1``
rivals: Normal, or with ``--rival-iterations`` Hard at that budget (a guest level of the
lab, ``hard-rival``). Seats rotate between games; game i uses seed SEED+i. Pick seeds
never used for tuning (the variant files' comments name those they were tuned on).

An iteration budget stands for a wall-clock one: the client's Hard searches for
``game.ai.CLIENT_SECONDS``, and ``benchmarks/ai.py --client`` says how many iterations
that buys here. Since a search is the same for a seed and an iteration count, Hard of an
older commit at its budget is this Hard at that many iterations wherever the search did
not change its moves (the golden plays say so).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from game.ai import make_bot  # noqa: E402
from game.ai.base import Bot  # noqa: E402
from game.lab.plan import make_plan  # noqa: E402
from game.lab.run import run_tasks  # noqa: E402
from game.lab.stats import summarise  # noqa: E402


def rival_hard(seed: int = 0, iterations: int | None = None, seconds: float | None = None,
               budget: int = 300) -> Bot:
    """The rival Hard: its own iteration budget (``budget``), not the lab's."""
    return make_bot("hard", seed=seed, iterations=budget)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="tlatelolco-market")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--rival-iterations", type=int, default=None)
    args = parser.parse_args(argv)
    rival = "hard-rival" if args.rival_iterations else "normal"
    levels = ["hard"] + [rival] * (args.players - 1)
    options = [f"hard-rival:budget={args.rival_iterations}"] if args.rival_iterations else []
    plan = make_plan([args.variant], levels, args.players, args.games, args.seed,
                     args.iterations, None, [], options, {"hard-rival": rival_hard})
    start = time.perf_counter()
    records = run_tasks(plan.tasks(), jobs=1, progress=False)
    (arm,) = summarise(records, [a.label for a in plan.arms])
    last = args.seed + args.games - 1
    against = (f"Hard at {args.rival_iterations}" if args.rival_iterations else "Normal")
    print(f"{args.variant}, {args.players} players, seeds {args.seed}-{last}: Hard at "
          f"{args.iterations} iterations against {against}")
    for level, rate in arm.levels.items():
        lo, hi = rate.interval()
        print(f"  {level}: won {rate.wins:g} of {rate.games} ({100 * rate.rate:.0f}%, 95% "
              f"interval {100 * lo:.0f}-{100 * hi:.0f}%)")
    print(f"Time: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
