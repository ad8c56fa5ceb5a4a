"""Where Mexica's grid sits in a board area, and the outlines of sets of its cells.

Pure geometry in the screen's logical units, shared by the painting modules and the
view's hit testing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.kit.client import Screen


@dataclass(frozen=True)
class Layout:
    """Where the grid sits in logical units: origin (x0, y0), cell size ``cs``."""

    x0: float
    y0: float
    cs: float
    cols: int
    rows: int

    @property
    def outer(self) -> tuple[float, float, float, float]:
        """The board plus the margin holding the coordinate labels."""
        m = self.margin
        return (self.x0 - m, self.y0 - m, self.cols * self.cs + 2 * m,
                self.rows * self.cs + 2 * m)

    @property
    def margin(self) -> float:
        return self.cs * 0.6

    def xy(self, c: int) -> tuple[float, float]:
        return self.x0 + (c % self.cols) * self.cs, self.y0 + (c // self.cols) * self.cs

    def centre(self, c: int) -> tuple[float, float]:
        x, y = self.xy(c)
        return x + self.cs / 2, y + self.cs / 2

    def cell_at(self, pos: tuple[float, float]) -> int | None:
        col = math.floor((pos[0] - self.x0) / self.cs)
        row = math.floor((pos[1] - self.y0) / self.cs)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return row * self.cols + col
        return None


def make_layout(area: tuple[float, float, float, float], cols: int, rows: int) -> Layout:
    ax, ay, aw, ah = area
    cs = max(4.0, min(aw / (cols + 1.2), ah / (rows + 1.2)))
    x0 = ax + (aw - cols * cs) / 2
    y0 = ay + (ah - rows * cs) / 2
    return Layout(x0, y0, cs, cols, rows)


def boundary(lay: Layout, cells: set[int] | frozenset[int]) -> list[tuple[tuple[float, float],
                                                                          tuple[float, float]]]:
    """Line segments around a set of cells (their outer edges)."""
    segs = []
    cs, w = lay.cs, lay.cols
    for c in cells:
        x, y = lay.xy(c)
        col = c % w
        if c - w not in cells:
            segs.append(((x, y), (x + cs, y)))
        if c + w not in cells:
            segs.append(((x, y + cs), (x + cs, y + cs)))
        if col == 0 or c - 1 not in cells:
            segs.append(((x, y), (x, y + cs)))
        if col == w - 1 or c + 1 not in cells:
            segs.append(((x + cs, y), (x + cs, y + cs)))
    return segs


def outline(scr: Screen, lay: Layout, cells: set[int] | frozenset[int], colour: Any,
            width: float) -> None:
    """The outer edges of ``cells``, those the surface's clip leaves alone skipped: a
    layer painted again in part (the field after an action, issue 37) would otherwise
    draw every edge of a district of a hundred spaces to change a few pixels."""
    segs = boundary(lay, cells)
    surface = scr.surface
    clip = surface.get_clip()
    if clip != surface.get_rect():
        x0, y0 = scr.to_logical(clip.topleft)
        x1, y1 = scr.to_logical(clip.bottomright)
        m = width + 2 / scr.scale  # a line's width and its rounding, generously
        segs = [(a, b) for a, b in segs
                if min(a[0], b[0]) - m < x1 and max(a[0], b[0]) + m > x0
                and min(a[1], b[1]) - m < y1 and max(a[1], b[1]) + m > y0]
    for a, b in segs:
        scr.line(a, b, colour, width)
    # square the corners so thick outlines join cleanly
    r = width / 2
    for p in {p for seg in segs for p in seg}:
        scr.box(p[0] - r, p[1] - r, width, width, colour)
