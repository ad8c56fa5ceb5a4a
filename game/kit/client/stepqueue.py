"""The rest of a multi-step action that a board view hands to the shell step by step.

One click can mean several engine actions (a walk of many steps, a payment and then the
shift it paid for). The view returns the first and queues the rest; the shell asks for the
next one every frame. A step is due only once the previous one was applied by us: the
session's version moved on by exactly one with the same seat to act. Anything else in
between (undo, a refusal, someone else's action, a new click) drops what is left, so a
queued step never lands on a position the player did not see.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


class StepQueue:
    """The steps of one multi-step action still to play, and the session's version and
    seat they were queued for."""

    def __init__(self) -> None:
        self.steps: list[str] = []
        self.version = -1
        self.seat: int | None = None
        self.expect: str | None = None

    def __bool__(self) -> bool:
        return bool(self.steps)

    def __iter__(self) -> Iterator[str]:
        return iter(self.steps)

    def clear(self) -> None:
        self.steps = []

    def start(self, session: Any, action: str, rest: Iterable[str]) -> str:
        """Queue ``rest`` behind ``action``, which the view is about to return."""
        self.steps = list(rest)
        self.version = session.version
        self.seat = session.game.current_player
        self.expect = action
        return action

    def due(self, session: Any) -> str | None:
        """The next step once the previous one was applied as expected (still queued:
        :meth:`take` it when it may go), or None; drops the rest if anything else came
        between."""
        if not self.steps:
            return None
        version = session.version
        if version == self.version:
            return None  # the last step has not been applied yet
        if version != self.version + 1 or session.game.current_player != self.seat:
            self.clear()
            return None
        return self.steps[0]

    def take(self, session: Any) -> str:
        """Hand out the step :meth:`due` returned."""
        action = self.steps.pop(0)
        self.version = session.version
        self.expect = action
        return action

    def applied(self, action: str) -> None:
        """An action was applied; one we did not hand out drops the rest."""
        if self.steps and action != self.expect:
            self.clear()
