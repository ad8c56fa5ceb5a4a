"""Parts (:mod:`game.kit.client.damage`) that several scenes hand over alike: the
shortcut bar along the bottom, and a piece of a frame drawn from logical units.

A scene that hands its frame over as parts paints it in ``draw`` from the same list, so
a whole frame and a frame in parts are one picture by construction.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING

from game.i18n import Text, say
from game.i18n.render import language
from game.kit.client.damage import Part
from game.ui.input import shown_pad
from game.ui.widgets import FOOTER_Y, draw_footer

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

Area = tuple[float, float, float, float]
#: logical units a piece's painting may reach past its area: a tile's shadow, a panel's
#: soft edge, a text's descenders
REACH = 12.0


def piece(screen: Screen, place: Hashable, area: Area, key: Hashable,
          paint: Callable[[Screen], None], reach: float = REACH,
          opaque: Area | None = None) -> Part:
    """A part painting ``paint`` within ``area`` (logical units) and ``reach`` around
    it; ``opaque``: where it hides what lies under it (logical units)."""
    x, y, w, h = area
    return Part(place, screen.rect(x - reach, y - reach, w + 2 * reach, h + 2 * reach), key,
                partial(paint, screen),
                opaque=None if opaque is None else screen.rect(*opaque))


#: the shortcuts' words by shortcuts and language (a frame's key says no word anew)
_SAID: dict[tuple[object, str], tuple[tuple[str, str], ...]] = {}


def footer(screen: Screen, shortcuts: tuple[tuple[Text, Text], ...]) -> Part:
    """The shortcut bar as a part: its pixels follow the shortcuts' words and the pad
    whose buttons it names (:func:`~game.ui.widgets.draw_footer`)."""
    known = (shortcuts, language())
    said = _SAID.get(known)
    if said is None:
        if len(_SAID) > 64:
            _SAID.clear()
        said = _SAID[known] = tuple((say(k), say(v)) for k, v in shortcuts)
    return Part("footer", screen.rect(0, FOOTER_Y - 4, 1920, 1084 - FOOTER_Y),
                (said, shown_pad()), partial(draw_footer, screen, shortcuts))


def paint_all(parts: list[Part]) -> None:
    """A frame's parts painted whole, in order (a scene's ``draw``)."""
    for part in parts:
        part.paint()
