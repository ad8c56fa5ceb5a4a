"""What a board view may use of the client around it: two narrow protocols.

Why: a view is a plugin's code. Handed the whole client (the App: its scene stack,
saves, registry, sound, phones), a view could reach anything and every change to the
client could break a mod; handed these, it reads what a board needs, and the client is
free to change behind them. :class:`ViewServices` is what the client offers (the
screen to measure text on, the seat palette, "reduce motion", whether a "Pass to"
screen covers the board); :class:`SessionView` is what a view reads of the game being
played. The client's adapter is ``game.ui.services.AppServices``; a test may hand any
object of the same shape.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.api import Game
    from game.i18n import Text
    from game.kit.client.screen import Screen

RGB = tuple[int, int, int]

#: the palette of seat colours when nothing names one
DEFAULT_PALETTE = "okabe-ito"


class ViewServices(Protocol):
    """What the client lends a board view."""

    @property
    def screen(self) -> Screen:
        """The window's screen: for measuring text and building offscreen layers outside
        ``draw`` (``draw`` gets the screen to draw on)."""
        ...

    @property
    def palette(self) -> str:
        """The seat colours' palette the settings name (``theme.PALETTES``)."""
        ...

    @property
    def reduce_motion(self) -> bool:
        """The player asked for less motion: fewer, shorter effects, no shaking."""
        ...

    @property
    def board_covered(self) -> bool:
        """A "Pass to" (privacy) screen covers the board: animations wait for it."""
        ...


class SessionView(Protocol):
    """What a board view reads of the game being played (``game.ui.session.Session``):
    the game, the names and colours chosen at setup, and whose secrets may show."""

    @property
    def game(self) -> Game: ...
    @property
    def version(self) -> int:
        """Grows with every change of the game (an action, undo, load): a view caching
        what it drew compares it."""
        ...

    @property
    def shown(self) -> int | None:
        """Whose secrets the shared screen may show now (None: nobody's)."""
        ...

    @property
    def handover(self) -> int | None:
        """A seat the screen must be passed to before its secrets show, while an overlay
        keeps the board in view."""
        ...

    @property
    def deciding_here(self) -> int | None:
        """The seat a person at this screen decides for now (None: nobody here)."""
        ...

    @property
    def colours(self) -> list[RGB]: ...
    @property
    def marks(self) -> list[str]: ...
    @property
    def names(self) -> list[str]:
        """Every seat's name, in seat order (what a message's seats are rendered with)."""
        ...

    def name(self, seat: int | None) -> str: ...
    def say(self, template: Text, *seats: int) -> str:
        """A sentence about seats for people, in the engine texts' grammar."""
        ...

    def legal(self) -> list[str]: ...
    def is_legal(self, action: str) -> bool: ...


def palette_of(services: object) -> str:
    """The palette ``services`` names; an App handed by older code names it in its
    settings (kept for one release, as the ``app`` argument of views was)."""
    palette = getattr(services, "palette", None)
    if isinstance(palette, str):
        return palette
    settings = getattr(services, "settings", None) or {}
    return str(settings.get("palette", DEFAULT_PALETTE))

