"""Animation records for board views: a clock each, advanced by the view's ``update``.

One definition of how far an animation has come keeps every game's pieces easing, waiting
out their delays and finishing the same way; drawing only reads these records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.kit.client.fx import REDUCED_SPAN


class Timed:
    """Progress of a record with a duration ``dur``, a start ``delay`` and a clock ``t``
    (seconds), so the views share one rule for "started", "how far" and "done"."""

    dur: float
    delay: float
    t: float

    @property
    def progress(self) -> float:
        if self.dur <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.t - self.delay) / self.dur))

    @property
    def started(self) -> bool:
        return self.t >= self.delay

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.dur


@dataclass
class Anim(Timed):
    """Something moving on board cells; each view names its own kinds and data."""

    kind: str
    cells: tuple[int, ...]
    dur: float
    delay: float = 0.0
    t: float = 0.0
    data: dict[str, Any] = field(default_factory=dict)


def sooner(records: list[Any], reduced: bool) -> list[Any]:
    """``records`` as they play under "reduce motion" (``reduced``): every piece gets
    there sooner, its wait and its flight cut to ``fx.REDUCED_SPAN``, in every game alike.
    Returns ``records`` (changed in place)."""
    if reduced:
        for record in records:
            record.dur *= REDUCED_SPAN
            record.delay *= REDUCED_SPAN
    return records


def finish(records: list[Any]) -> None:
    """Bring every record to its end at once: a new action never waits for the last
    one's animation (the next ``update`` drops them)."""
    for record in records:
        record.t = max(record.t, record.delay + record.dur)
