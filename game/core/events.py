"""Events: what an action caused, for the client to animate and the log to print."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.words import personalise as personalise  # the engine's texts with the names
from game.i18n.message import Text


@dataclass
class Event:
    """One consequence of an action.

    ``visible_to`` is None for public events, else the seats allowed to see it (a private
    draw). ``barrier`` marks chance or revealed secrets: undo never crosses such an event.
    """

    kind: str
    #: what happened, for people: a message (rendered per reader), or English text
    text: Text
    seat: int | None = None
    points: int = 0
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None
    barrier: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": str(self.text)}
        if not isinstance(self.text, str):
            out["message"] = self.text.to_data()
        if self.seat is not None:
            out["seat"] = self.seat
        if self.points:
            out["points"] = self.points
        if self.data:
            out["data"] = self.data
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        if self.barrier:
            out["barrier"] = True
        return out

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def __str__(self) -> str:
        return str(self.text)
