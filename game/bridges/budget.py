"""How many simulations a guest player held to a multiple of another level's CPU gets for
its next decision (OpenSpiel's MCTS at ten times Hard's thinking): the arithmetic alone,
free of OpenSpiel, so it is tested on recorded numbers without the extra.

**Held over the whole game.** The claim a tournament makes is that, over a game, the guest's
mean CPU per searched decision was ``cpu`` times the reference level's. Giving each decision
``cpu`` times the reference's mean *so far* does not keep it: the reference's mean grows
over a game (Hard's late positions cost more), the guest's cost per simulation drifts as its
rollouts shorten, and a smoothed estimate lags both, so Aztec Gods ended near 6.8x instead of
10x. So each decision is owed what brings the guest's CPU so far to ``cpu`` times the
reference's mean times its decisions so far, this one included: a running correction of the
shortfall or the excess. One decision gets between ``1/reach`` and ``reach`` times its plain
share, so a bad estimate never makes a decision absurd, and the correction is spread over
the decisions that follow.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: the weight of the newest decision in the smoothed CPU seconds per simulation
SMOOTHING = 0.3
#: one decision gets between 1/REACH and REACH times its plain share of CPU
REACH = 4.0


@dataclass
class CpuBudget:
    """Simulations per decision, held to ``cpu`` times the reference's mean CPU per
    decision over the game; ``start`` before the first measurements, at most ``most``."""

    cpu: float
    start: int = 50
    most: int = 200_000
    #: this player's CPU seconds per simulation, smoothed (0: none measured yet)
    rate: float = 0.0

    def simulations(self, reference: float | None, spent: Sequence[float]) -> int:
        """The next decision's simulations, given the reference level's mean CPU seconds
        per searched decision so far (None before its first) and the CPU seconds of each of
        this player's searched decisions so far."""
        if reference is None or self.rate <= 0:
            return self.start
        share = self.cpu * reference
        owed = share * (len(spent) + 1) - math.fsum(spent)
        owed = min(max(owed, share / REACH), share * REACH)
        return max(2, min(self.most, round(owed / self.rate)))

    def measured(self, simulations: int, seconds: float) -> None:
        """A decision of ``simulations`` took ``seconds`` of CPU: the cost per simulation
        the next budgets divide by."""
        per = seconds / max(1, simulations)
        self.rate = per if self.rate <= 0 else (1 - SMOOTHING) * self.rate + SMOOTHING * per
