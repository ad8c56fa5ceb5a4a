"""Helpers for testing a board view on its own, without the App or the play scene.

The view tests drive a view exactly as the shell does; keeping that one way here means a
change in how the shell feeds views is made once for every game's tests.
"""

from __future__ import annotations

from typing import Any

from game.core.events import Event


class ServicesStub:
    """What the client lends a board view (``game.kit.client.services.ViewServices``),
    with the settings a test chooses: no screen (a view measures on the one ``draw``
    gets), no "Pass to" screen over the board."""

    def __init__(self, palette: str = "okabe-ito", reduce_motion: bool = False,
                 screen: Any = None) -> None:
        self.palette = palette
        self.reduce_motion = reduce_motion
        self.board_covered = False
        self.screen = screen


def play(session: Any, view: Any, action: str) -> list[Event]:
    """Apply ``action`` and tell the view, as the shell does after every action."""
    events = session.apply(action)
    view.on_events(action, events)
    return events
