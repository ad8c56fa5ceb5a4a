"""The Market's catalogue (``variants/market/locale``) and its terms: the tiles and the
commodities' colours as messages, so every text that names one says it in the reader's
language. Engine and view modules say ``from variants.market.text import _``."""

from __future__ import annotations

from pathlib import Path

from game.i18n import Domain, Msg, Seat

_ = Domain("market", Path(__file__).resolve().parent / "locale")

#: a tile's name (a vendor's is its colour)
TILES: dict[str, Msg] = {
    "black": _("black", context="tile"), "blue": _("blue", context="tile"),
    "red": _("red", context="tile"), "green": _("green", context="tile"),
    "crowd": _("crowd", context="tile"), "porter": _("porter", context="tile"),
    "governor": _("governor", context="tile"), "ambassador": _("ambassador", context="tile"),
    "messenger": _("messenger", context="tile"), "king": _("king", context="tile"),
}
#: a commodity's colour, as goods are counted ("2 black")
COLOURS: dict[str, Msg] = {
    "black": _("black", context="colour"), "blue": _("blue", context="colour"),
    "red": _("red", context="colour"), "green": _("green", context="colour"),
}


def tile_of(name: str | None) -> Msg | str:
    """A tile's name as a message (an unknown one, from a mod's YAML, as it is)."""
    return TILES.get(name or "", name or "")


def colour_of(name: str) -> Msg | str:
    return COLOURS.get(name, name)


def seat(index: int) -> Seat:
    return Seat(index)


def player_name(seat: int) -> str:
    """A seat's default name, for texts that are not messages."""
    return f"Player {seat + 1}"
