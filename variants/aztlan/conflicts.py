"""Who wins a territory: power = the commanding player's card x his pawns there.

``outcome`` classifies one territory; the engine's conflict phase (in ``rules``) walks
the territories in turn order and asks the winners, the defeated and the tied for their
decisions.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """The armies present, their power, and who is on top."""

    present: tuple[int, ...]   # armies with pawns there
    power: dict[int, int]      # army -> power
    top: tuple[int, ...]       # armies with the highest power
    weaker: tuple[int, ...]    # the others

    @property
    def contested(self) -> bool:
        return len(self.present) >= 2

    @property
    def winner(self) -> int | None:
        """The strictly strongest army, or None on a tie at the top."""
        return self.top[0] if len(self.top) == 1 else None


def outcome(counts: list[int], strength: list[int]) -> Outcome:
    """``counts[army]`` pawns, ``strength[army]`` the card commanding that army."""
    present = tuple(a for a, n in enumerate(counts) if n)
    power = {a: counts[a] * strength[a] for a in present}
    best = max(power.values(), default=0)
    top = tuple(a for a in present if power[a] == best)
    weaker = tuple(a for a in present if power[a] != best)
    return Outcome(present, power, top, weaker)


def wins_outright(counts: list[int], strength: list[int], army: int) -> bool:
    """Whether ``army`` is :func:`outcome`'s winner of a contested territory (another
    army there, and ``army``'s power above each of theirs), without building the outcome:
    the conflict phase's legal actions ask it of every territory after every action."""
    if not counts[army]:
        return False
    rival = max((n * strength[a] for a, n in enumerate(counts) if n and a != army),
                default=None)
    return rival is not None and counts[army] * strength[army] > rival
