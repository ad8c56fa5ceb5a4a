"""What the plugin guard costs: the client's rules behind ``game.ui.isolation`` against bare.

Not a test: run it by hand on a quiet machine::

    python3 benchmarks/isolation.py            # every engine, about a minute
    python3 benchmarks/isolation.py --quick    # fewer seeds and positions

The client puts the rules of every game it plays behind a guard that turns whatever the
plugin raises into a ``PluginFailure`` (:mod:`game.ui.isolation`); the computer players in
the client get those guarded rules and call them in tight loops. For one variant of each
engine, at its largest player count, over the same seeds and positions:

- ``is_over()``: one call of the cheapest method, bare and guarded (the guard's own
  cost per call; the median of many);
- a whole game under the playout policy (``playout_action`` and ``apply`` until over),
  each seed three times, bare and guarded in turn;
- a Hard decision of a fixed number of iterations (``--iterations``) at decision points
  of seeded games, with the same bot seed bare and guarded (the same search).

The last column is the guarded median over the bare one. Target: a Hard decision at most
10 % slower behind the guard (in the client Hard thinks for a fixed time, so that is at
most 10 % fewer iterations). On a busy machine the two medians differ by more than the
guard costs, so the table ends with an estimate that does not depend on the load: the
calls through the guard in those decisions (counted) times the guard's cost per call (the
``is_over()`` medians' difference), as a share of the bare decision. Exit code 0 even
when the target is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from benchmarks.common import fmt, print_head, time_each  # noqa: E402
from game.ai import make_bot  # noqa: E402
from game.api import Game, list_variants, new_game  # noqa: E402
from game.core.registry import get_registry  # noqa: E402
from game.core.rng import Rng, mix_seed  # noqa: E402
from game.ui.isolation import GuardedRules, guard_game, unguarded  # noqa: E402

TARGET = 1.10


def guarded(game: Game) -> Game:
    return guard_game(Game(game.spec, game.rules, game.rules.clone(game.state), game.seed,
                           game.options, game.log))


def playout(game: Game, seed: int) -> None:
    rng = Rng(seed)
    while not game.is_over:
        game.apply(game.playout_action(rng))


def positions(variant: str, players: int, seeds: list[int], every: int) -> list[Game]:
    """Decision points (more than one legal action) of playout games, one every ``every``."""
    out: list[Game] = []
    for seed in seeds:
        game = new_game(variant, players, seed=seed)
        rng = Rng(seed)
        count = 0
        while not game.is_over:
            if len(game.legal_actions()) > 1:
                count += 1
                if count % every == 0:
                    out.append(game.clone())
            game.apply(game.playout_action(rng))
    return out


def decide(game: Game, iterations: int) -> None:
    seat = game.current_player
    bot = make_bot("hard", seed=mix_seed(game.seed, "bench", len(game.log)),
                   iterations=iterations)
    bot.choose(game.rules, game.view(seat), game.legal_actions())


class Counting(GuardedRules):
    """The guard, counting the calls that go through it."""

    calls = 0

    def _guard_wrap(self, name, method):  # type: ignore[no-untyped-def]
        inner = super()._guard_wrap(name, method)

        def call(*args, **kwargs):  # type: ignore[no-untyped-def]
            Counting.calls += 1
            return inner(*args, **kwargs)

        return call


def calls_per_decision(points: list[Game], iterations: int) -> float:
    Counting.calls = 0
    for point in points:
        game = guarded(point)
        game.rules = Counting(unguarded(game.rules), "bench", "bench", "bench")
        decide(game, iterations)
    return Counting.calls / max(1, len(points))


def ratio(bare: list[float], guard: list[float]) -> float:
    return statistics.median(guard) / statistics.median(bare)


def measure(variant: str, players: int, seeds: list[int], spots: int,
            iterations: int) -> list[tuple[str, list[float], list[float]]]:
    """(measure, bare seconds, guarded seconds) for one variant."""
    mid = new_game(variant, players, seed=1)
    rng = Rng(2)
    for _ in range(10):
        if not mid.is_over:
            mid.apply(mid.playout_action(rng))
    safe = guarded(mid)
    rows = [("is_over()", time_each(lambda: mid.rules.is_over(mid.state), 20000),
             time_each(lambda: safe.rules.is_over(safe.state), 20000))]
    bare: list[float] = []
    guard: list[float] = []
    for seed in seeds * 3:  # bare and guarded in turn, so both meet the same load
        bare += time_each(lambda s=seed: playout(new_game(variant, players, s), s), 1)
        guard += time_each(
            lambda s=seed: playout(guard_game(new_game(variant, players, s)), s), 1)
    rows.append(("playout", bare, guard))
    points = positions(variant, players, seeds[:4], 7)[:spots]
    bare, guard = [], []
    for point in points:
        bare += time_each(lambda g=point: decide(g, iterations), 1)
        guard += time_each(lambda g=point: decide(guarded(g), iterations), 1)
    rows.append((f"Hard decision ({len(points)})", bare, guard))
    rows.append(("calls per decision", [1.0], [calls_per_decision(points, iterations)]))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()
    seeds = list(range(3 if args.quick else 8))
    registry = get_registry()
    by_engine: dict[str, dict] = {}
    for summary in list_variants():
        spec = registry.variants[summary["id"]]
        by_engine.setdefault(spec.engine_id, summary)
    print_head([f"The plugin guard's cost, {len(seeds)} seeds, Hard at {args.iterations} "
                f"iterations; target: a Hard decision guarded <= {TARGET:.2f} x bare."],
               f"{'variant':<22}{'measure':<22}{'bare':>12}{'guarded':>12}{'x':>7}  ")
    worst = 0.0
    estimates = []
    for _engine, summary in sorted(by_engine.items()):
        variant = summary["id"]
        rows = measure(variant, summary["max_players"], seeds, 6 if args.quick else 16,
                       args.iterations)
        (_, call_bare, call_guard), (_, _p, _g), (_, hard_bare, _h), (_, _, [calls]) = rows
        per_call = statistics.median(call_guard) - statistics.median(call_bare)
        estimates.append((variant, calls, per_call, statistics.median(hard_bare)))
        for name, bare, guard in rows[:3]:
            x = ratio(bare, guard)
            mark = ""
            if name.startswith("Hard"):
                worst = max(worst, x)
                mark = "PASS" if x <= TARGET else "MISS"
            print(f"{variant:<22}{name:<22}{fmt(statistics.median(bare)):>12}"
                  f"{fmt(statistics.median(guard)):>12}{x:>7.2f}  {mark}")
    print(f"\nworst Hard decision measured: guarded {worst:.2f} x bare "
          f"({'PASS' if worst <= TARGET else 'MISS'})")
    print("\nestimated from calls x cost per call (does not depend on the load):")
    for variant, calls, per_call, hard in estimates:
        cost = calls * per_call
        share = 1 + cost / hard
        print(f"{variant:<22}{calls:>9.0f} calls x {per_call * 1e9:5.0f} ns = {fmt(cost)}"
              f" of {fmt(hard)}: {share:.3f} x  {'PASS' if share <= TARGET else 'MISS'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
