"""Helpers the benchmark scripts share, so that every table computes a p95 and writes a
time the same way and a "whole game under the playout policy" means one thing.

Import it as ``benchmarks.common`` once the script has put the checkout on ``sys.path``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from game.api import Game, new_game
from game.core.rng import Rng


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank quantile: a sample that was really measured, not an interpolation
    between two (with few samples an interpolated p95 would be a time nobody saw)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def time_each(fn: Callable[[], object], repeat: int) -> list[float]:
    """Seconds per call, each call timed on its own so that the median ignores the odd
    call a busy machine slowed down."""
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        fn()
        samples.append((time.perf_counter_ns() - t0) / 1e9)
    return samples


def timed_playout(variant: str, players: int, seed: int) -> tuple[float, Game]:
    """Seconds for a whole game under the playout policy, set-up included (what a search
    that plays random games to the end pays for each), and the finished game."""
    t0 = time.perf_counter()
    g = new_game(variant, players=players, seed=seed)
    rng = Rng(seed)
    while not g.is_over:
        g.apply(g.playout_action(rng))
    return time.perf_counter() - t0, g


def fmt(seconds: float) -> str:
    """Eleven characters in the unit that keeps three or four significant digits, so
    columns of times from microseconds to seconds line up."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds:8.3f} s "


#: additions in the reference loop (see :func:`reference_loop`)
REFERENCE_ADDITIONS = 1_000_000


def reference_loop(runs: int = 5) -> float:
    """Seconds a fixed piece of pure Python takes here now (the median of ``runs``).

    Why: a shared or virtual machine's speed can change by half or more from one minute
    to the next, with nothing else running on it. A table printed beside this figure can
    be compared with another one only when the two figures are close."""
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        total = 0
        for i in range(REFERENCE_ADDITIONS):
            total += i
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def print_head(intro: list[str], header: str) -> None:
    """Open a table the same way in every script: what was measured and against what,
    the machine's speed just now, then the column names ruled off, so the tables read
    alike side by side."""
    for line in intro:
        print(line)
    print(f"Reference loop ({REFERENCE_ADDITIONS:,} additions in pure Python): "
          f"{fmt(reference_loop()).strip()} just now; compare runs only when this is close")
    print()
    print(header)
    print("-" * len(header))
