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


def runs(lay: Layout, cells: set[int] | frozenset[int]) -> list[tuple[int, int, int, int]]:
    """The outer edges of ``cells`` joined into straight runs along the grid's lines, as
    (horizontal?, line, first, last) in grid units: a district's side along a row is one
    run, not one edge per space (an outline of a hundred spaces has some forty edges and
    a dozen runs)."""
    w = lay.cols
    across: dict[int, list[int]] = {}  # a horizontal grid line: the columns it borders
    down: dict[int, list[int]] = {}  # a vertical grid line: the rows it borders
    for c in cells:
        row, col = divmod(c, w)
        if c - w not in cells:
            across.setdefault(row, []).append(col)
        if c + w not in cells:
            across.setdefault(row + 1, []).append(col)
        if col == 0 or c - 1 not in cells:
            down.setdefault(col, []).append(row)
        if col == w - 1 or c + 1 not in cells:
            down.setdefault(col + 1, []).append(row)
    out: list[tuple[int, int, int, int]] = []
    for flat, lines in ((1, across), (0, down)):
        for line, steps in lines.items():
            steps.sort()
            first = prev = steps[0]
            for s in steps[1:]:
                if s != prev + 1:
                    out.append((flat, line, first, prev + 1))
                    first = s
                prev = s
            out.append((flat, line, first, prev + 1))
    return out


def outline(scr: Screen, lay: Layout, cells: set[int] | frozenset[int], colour: Any,
            width: float) -> None:
    """The outer edges of ``cells``, ``width`` wide with square corners: each straight run
    one box reaching half the width past its ends, so the runs meet squarely. Those the
    surface's clip leaves alone are skipped: a layer painted again in part (the field
    after an action, issue 37) would otherwise draw every run of a district of a hundred
    spaces to change a few pixels."""
    r, cs, x0, y0 = width / 2, lay.cs, lay.x0, lay.y0
    boxes = [(x0 + a * cs - r, y0 + line * cs - r, (b - a) * cs + width, width) if flat
             else (x0 + line * cs - r, y0 + a * cs - r, width, (b - a) * cs + width)
             for flat, line, a, b in runs(lay, cells)]
    surface = scr.surface
    clip = surface.get_clip()
    if clip != surface.get_rect():
        cx0, cy0 = scr.to_logical(clip.topleft)
        cx1, cy1 = scr.to_logical(clip.bottomright)
        m = 2 / scr.scale  # rounding, generously
        boxes = [b for b in boxes if b[0] - m < cx1 and b[0] + b[2] + m > cx0
                 and b[1] - m < cy1 and b[1] + b[3] + m > cy0]
    for box in boxes:
        scr.box(*box, colour)
