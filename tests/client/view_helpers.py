"""Helpers for testing a board view on its own, without the App or the play scene.

The view tests drive a view exactly as the shell does; keeping that one way here means a
change in how the shell feeds views is made once for every game's tests.
"""

from __future__ import annotations

from typing import Any

from game.core.events import Event


class AppStub:
    """The little of the App a board view reads: the settings and a sound player that
    records what it was asked to play."""

    def __init__(self) -> None:
        self.settings = {"palette": "okabe-ito"}
        self.sounds: list[str] = []

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)


def play(session: Any, view: Any, action: str) -> list[Event]:
    """Apply ``action`` and tell the view, as the shell does after every action."""
    events = session.apply(action)
    view.on_events(action, events)
    return events
