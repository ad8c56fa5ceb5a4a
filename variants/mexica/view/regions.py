"""Mexica's preview layers over parts of the board (:mod:`variants.mexica.view.frame`):
their surfaces, and where the preview's marks reach (a cell's box, a district's badge)."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import say
from game.kit.client import Area, Layer, Screen, grown, theme
from variants.mexica.text import _
from variants.mexica.view import layout as vl
from variants.mexica.view import overlay as vo
from variants.mexica.view.preview import Preview

#: how far a ghost piece, an outline or a bridge across a canal reaches past its cells
GHOST_REACH = 0.5
#: a logical rectangle (x, y, w, h)
Rect = tuple[float, float, float, float]


class Region(Layer):
    """A layer over part of the board whose pixels lie in a surface kept as large as the
    board's: bounds that change with each hover or tool allocate nothing (a new surface
    of half the board, its pages touched for the first time, took 2 ms of the frame)."""

    def __init__(self) -> None:
        super().__init__()
        self.backing: pygame.Surface | None = None
        #: the preview it shows (what a later painting in part compares with)
        self.shows: Preview | None = None

    def reserve(self, most: tuple[int, int]) -> None:
        """Make the surface ``most`` pixels (the board's) now, its pages touched: when
        the board is laid out, in a frame painted whole, not in the first hover or Tab
        that needs the layer (a new surface of the board's size cost 2-3 ms there)."""
        back = self.backing
        if back is None or back.get_width() < most[0] or back.get_height() < most[1]:
            self.backing = pygame.Surface(most)
            self.backing.fill((0, 0, 0))
            self.scr = None

    def surface(self, screen: Screen, size: tuple[int, int], most: tuple[int, int]) -> Screen:
        """The layer's Screen, ``size`` pixels (its origin set by the caller), within a
        surface of at least ``most`` (the board's pixels)."""
        back = self.backing
        if back is None or back.get_width() < size[0] or back.get_height() < size[1]:
            back = self.backing = pygame.Surface((max(size[0], most[0]),
                                                  max(size[1], most[1])))
            self.scr = None
        if self.scr is None or self.scr.surface.get_size() != size:
            self.scr = screen.derived(back.subsurface((0, 0, *size)), 0.0, 0.0)
        return self.scr


def within(screen: Screen, lay: vl.Layout, p: Preview, bounds: Area) -> Preview:
    """``p`` without the marks outside ``bounds`` (a space's box or cost, a district's
    outline and badge): they would paint nothing there, at the price of a box, a word or
    an outline each."""
    x0, y0, w, h = bounds
    cs = lay.cs

    def meets(r: Rect | None) -> bool:
        return r is not None and r[0] < x0 + w and r[0] + r[2] > x0 and r[1] < y0 + h \
            and r[1] + r[3] > y0

    def inside(c: int) -> bool:
        x, y = lay.xy(c)
        return x < x0 + w and x + cs > x0 and y < y0 + h and y + cs > y0

    def shows(d: dict[str, Any]) -> bool:
        box = cells_box(lay, d["cells"])
        return meets(None if box is None else grown(box, cs * GHOST_REACH)) or \
            any(map(meets, badges(screen, lay, [d])))
    out = Preview(**{**p.__dict__})
    out.zone = frozenset(filter(inside, p.zone))
    out.labels = {c: v for c, v in p.labels.items() if inside(c)}
    out.districts = [d for d in p.districts if shows(d)]
    return out


def cells_box(lay: vl.Layout, cells: Any) -> Rect | None:
    """The bounds of ``cells`` (None: no cells), from their columns and rows."""
    cols, rows = [], []
    for c in cells:
        cols.append(c % lay.cols)
        rows.append(c // lay.cols)
    if not cols:
        return None
    cs = lay.cs
    x0, y0 = lay.x0 + min(cols) * cs, lay.y0 + min(rows) * cs
    return (x0, y0, (max(cols) + 1) * cs + lay.x0 - x0, (max(rows) + 1) * cs + lay.y0 - y0)


def badges(screen: Screen, lay: vl.Layout, districts: list[dict[str, Any]]) -> list[Rect]:
    """Where the districts' size badges are painted (``overlay._badge``), measured."""
    cs = lay.cs
    out = []
    for d in districts:
        mid = vo.middle_cell(lay.cols, d["cells"])
        if mid is None or (d["faint"] and not d["token"]):
            continue
        text = say(_("{size} token!", context="badge", size=d["size"])
                   if d["token"] and not d["faint"] else str(d["size"]))
        size = max(16.0, cs * 0.5)
        w = max(cs * 0.8, screen.text_width(text, theme.readable(size)) + cs * 0.3)
        cx, cy = lay.centre(mid)
        out.append((cx - w / 2 - 3, cy - cs * 0.31 - 3, w + 6, cs * 0.62 + 6))
    return out
