"""A tiny seeded random generator whose whole state is one JSON-safe integer.

Python's :mod:`random` state is a 625-int tuple that may change between versions; games
keep their chance inside the state and must save, load and replay bit-for-bit, so they use
SplitMix64 instead.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def mix_seed(*parts: int | str) -> int:
    """Derive a 64-bit state from a seed and labels, so sub-streams do not overlap."""
    state = 0x243F6A8885A308D3
    for part in parts:
        data = str(part).encode()
        for byte in data:
            state = ((state ^ byte) * 0x100000001B3) & _MASK
        state = Rng(state).next64()
    return state


class Rng:
    """SplitMix64; ``state`` can be stored in a save and restored exactly."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform in ``range(n)``; rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
