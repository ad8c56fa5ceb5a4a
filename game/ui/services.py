"""The client's side of :class:`game.kit.client.services.ViewServices`: what a board view
may use of the App, read from it each time it is asked.

Why a separate adapter rather than the App itself: a view then sees four answers, not
the client, and the App stays free to change behind them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.kit.client.services import DEFAULT_PALETTE

if TYPE_CHECKING:
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell


class AppServices:
    """The App's screen and settings, and whether its scene on top covers the board."""

    def __init__(self, app: Shell) -> None:
        self._app = app

    @property
    def screen(self) -> Screen:
        return self._app.screen

    @property
    def palette(self) -> str:
        return str(self._app.settings.get("palette", DEFAULT_PALETTE))

    @property
    def reduce_motion(self) -> bool:
        return bool(self._app.settings.get("reduce_motion", False))

    @property
    def board_covered(self) -> bool:
        """The scene on top says a "Pass to" screen waits over its game (a play scene's
        ``privacy`` names the seat it waits for)."""
        return getattr(self._app.stack.top, "privacy", None) is not None
