"""Parts (:mod:`game.kit.client.damage`) that several scenes hand over alike: the
shortcut bar along the bottom, and a piece of a frame drawn from logical units.

A scene that hands its frame over as parts paints it in ``draw`` from the same list, so
a whole frame and a frame in parts are one picture by construction.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import Text, say
from game.i18n.render import language
from game.kit.client.art import scenery
from game.kit.client.damage import Part
from game.kit.client.text import ease_out
from game.ui.input import shown_pad
from game.ui.widgets import FOOTER_H, FOOTER_Y, Menu, draw_footer

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
    # its bar is opaque below its gold edge: the lake and the frieze moving above it, and
    # a play screen's own bar under an overlay's, are not painted there
    foot = screen.foot()  # (draw_footer's: the bar stands on the bottom edge)
    return Part("footer", foot.rect(0, FOOTER_Y - 4, 1920, 1084 - FOOTER_Y),
                (said, shown_pad()), partial(draw_footer, screen, shortcuts),
                opaque=foot.rect(0, FOOTER_Y + 2, 1920, FOOTER_H - 2))


def paint_all(parts: list[Part]) -> None:
    """A frame's parts painted whole, in order (a scene's ``draw``)."""
    for part in parts:
        part.paint()


def dusk(screen: Screen, t: float) -> list[Part]:
    """The menus' backdrop (:func:`~game.kit.client.art.scenery.dusk`) as parts: its
    still picture, each star (repainted as its brightness steps) and the lake and the
    friezes (as their scroll moves a pixel)."""
    out = [Part("dusk", screen.surface.get_rect(), "still", partial(scenery.still, screen))]
    reach = screen.ln(2.2) + 2  # a star's widest, and its edge
    for i, star in enumerate(scenery.stars(t)):
        cx, cy = screen.px(star[0], star[1])
        out.append(Part(("star", i), pygame.Rect(cx - reach, cy - reach, 2 * reach + 1,
                                                 2 * reach + 1), star[3],
                        partial(scenery.paint_star, screen, star)))
    out += [Part(place, rect, scroll, paint)
            for place, rect, scroll, paint in scenery.bands(screen, t)]
    return out


def menu(screen: Screen, rows: Menu, focused: bool = True) -> list[Part]:
    """A menu as parts: each row (repainted when its words, focus or motion change: the
    focused one as its ring breathes) and the marks of a scrolled list."""
    reach = 34.0  # a focused tile's lift, its ring at its widest and the ring's line
    out = []
    for i in rows.shown():
        x, y, w, h = rows.row_rect(i)
        on = focused and i == rows.focus
        slid = x - 700 * (1 - ease_out((rows.t - (i - rows.first) * 0.05) / 0.35))
        out.append(piece(screen, ("row", i), (min(x, slid), y, w + x - min(x, slid), h),
                         rows.row_key(screen, i, on),
                         partial(rows.draw_row, i=i, focused=on), reach=reach))
    if rows.first > 0 or rows.first + rows.visible < len(rows.items):
        cx = rows.x + rows.w / 2
        marks = screen.rect(cx - 20, rows.y - 32, 40, 22).union(
            screen.rect(cx - 20, rows.y + rows.height + 8, 40, 22))
        out.append(Part("scroll marks", marks, (rows.first, len(rows.items), rows.y,
                                                rows.height),
                        partial(rows.draw_scroll_marks, screen)))
    return out
