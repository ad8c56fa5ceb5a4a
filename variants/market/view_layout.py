"""Where everything of the market sits in the board area, and what is under a point.

The square market is centred; each seat's buyers stand in a row along its own side (one
per line of the market), with the seat's name band beyond them. The margins left and
right hold the bag, the money supply, the king's whims and the score. Everything is in
the screen's logical units and scales with the cell size, so any grid fits any area.

Pure geometry: no drawing, no game state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

Rect = tuple[float, float, float, float]
#: a cursor / hit target: ("sq", square) or ("buyer", side, buyer index 0-based)
Target = tuple[Any, ...]

SIDE_ORDER = ("south", "west", "north", "east")
#: unit vector pointing away from the market, per side
OUTWARD = {"south": (0, 1), "north": (0, -1), "west": (-1, 0), "east": (1, 0)}


@dataclass(frozen=True)
class Layout:
    area: Rect
    x0: float  # the grid's top left
    y0: float
    cs: float  # one square
    n: int
    gap: float  # between the grid and the buyers
    depth: float  # a buyer tile's depth (away from the market)
    band: float  # the name band beyond the buyers (north and south)

    # -- the market ------------------------------------------------------------------
    @property
    def grid(self) -> Rect:
        return (self.x0, self.y0, self.n * self.cs, self.n * self.cs)

    def square(self, sq: int) -> Rect:
        r, c = divmod(sq, self.n)
        return (self.x0 + c * self.cs, self.y0 + r * self.cs, self.cs, self.cs)

    def centre(self, sq: int) -> tuple[float, float]:
        x, y, w, h = self.square(sq)
        return x + w / 2, y + h / 2

    # -- the buyers ------------------------------------------------------------------
    def buyer(self, side: str, b: int) -> Rect:
        """Buyer ``b`` (0-based, numbered from the player's own left) of ``side``."""
        n, cs, g, d = self.n, self.cs, self.gap, self.depth
        if side == "south":
            return (self.x0 + b * cs, self.y0 + n * cs + g, cs, d)
        if side == "north":
            return (self.x0 + (n - 1 - b) * cs, self.y0 - g - d, cs, d)
        if side == "west":
            return (self.x0 - g - d, self.y0 + b * cs, d, cs)
        return (self.x0 + n * cs + g, self.y0 + (n - 1 - b) * cs, d, cs)

    def buyer_centre(self, side: str, b: int) -> tuple[float, float]:
        x, y, w, h = self.buyer(side, b)
        return x + w / 2, y + h / 2

    def side_row(self, side: str) -> Rect:
        """The whole row of a side's buyers."""
        rects = [self.buyer(side, b) for b in range(self.n)]
        x = min(r[0] for r in rects)
        y = min(r[1] for r in rects)
        return (x, y, max(r[0] + r[2] for r in rects) - x, max(r[1] + r[3] for r in rects) - y)

    def band_rect(self, side: str) -> Rect:
        """The seat's colour strip, right behind its buyers (the player's edge)."""
        x, y, w, h = self.side_row(side)
        t = self.cs * 0.16
        if side == "south":
            return (x, y + h + 4, w, t)
        if side == "north":
            return (x, y - 4 - t, w, t)
        if side == "west":
            return (x - 4 - t, y, t, h)
        return (x + w + 4, y, t, h)

    def label_rect(self, side: str) -> Rect:
        """Where the seat's name and team go: beyond the strip (north, south) or in the
        margin beside it (west, east)."""
        bx, by, bw, bh = self.band_rect(side)
        if side == "south":
            return (bx, by + bh + 2, bw, self.band - bh - 6)
        if side == "north":
            h = self.band - bh - 6
            return (bx, by - 2 - h, bw, h)
        w = self.margin_w - 24
        h = self.cs * LABEL_K
        cy = by + bh / 2
        if side == "west":
            return (bx - 12 - w, cy - h / 2, w, h)
        return (bx + bw + 12, cy - h / 2, w, h)

    # -- the margins -----------------------------------------------------------------
    @property
    def margin_w(self) -> float:
        ax, _ay, _aw, _ah = self.area
        return self.x0 - self.gap - self.depth - self.cs * 0.16 - 8 - ax

    def corner(self, where: str) -> Rect:
        """A card in a margin corner: ``top-left``, ``top-right``, ``bottom-left``,
        ``bottom-right``."""
        ax, ay, aw, ah = self.area
        w = self.margin_w - 24
        top, bottom = self.y0 + self.n * self.cs / 2 - self.cs * LABEL_K / 2, \
            self.y0 + self.n * self.cs / 2 + self.cs * LABEL_K / 2
        pad = 10.0
        h_top = top - ay - 2 * pad
        h_bottom = ay + ah - bottom - 2 * pad
        x = ax + 12 if where.endswith("left") else ax + aw - 12 - w
        if where.startswith("top"):
            return (x, ay + pad, w, h_top)
        return (x, bottom + pad, w, h_bottom)

    def bag_point(self) -> tuple[float, float]:
        x, y, w, h = self.corner("top-left")
        return x + w * 0.22, y + h * 0.5

    def supply_point(self) -> tuple[float, float]:
        x, y, w, h = self.corner("top-right")
        return x + w * 0.22, y + h * 0.5

    # -- hit testing -----------------------------------------------------------------
    def hit(self, pos: tuple[float, float] | None, sides: tuple[str, ...]) -> Target | None:
        if pos is None:
            return None
        px, py = pos
        c = math.floor((px - self.x0) / self.cs)
        r = math.floor((py - self.y0) / self.cs)
        if 0 <= c < self.n and 0 <= r < self.n:
            return ("sq", r * self.n + c)
        for side in sides:
            for b in range(self.n):
                x, y, w, h = self.buyer(side, b)
                if x <= px < x + w and y <= py < y + h:
                    return ("buyer", side, b)
        return None

    def target_rect(self, target: Target) -> Rect:
        if target[0] == "sq":
            return self.square(target[1])
        return self.buyer(target[1], target[2])


#: a west or east seat's card (name, team, which way its buyers count), in cell sizes
LABEL_K = 1.9


def make_layout(area: Rect, n: int) -> Layout:
    ax, ay, aw, ah = area
    # the market as large as the height allows: buyers a little shallower than a square,
    # one line of names above and below
    depth_k, gap_k = 0.72, 0.1
    band = 62.0
    cs = min((ah - 2 * band - 12) / (n + 2 * (depth_k + gap_k)),
             (aw * 0.56) / (n + 2 * (depth_k + gap_k)))
    cs = max(8.0, cs)
    x0 = ax + (aw - n * cs) / 2
    y0 = ay + (ah - n * cs) / 2
    return Layout(area, x0, y0, cs, n, cs * gap_k, cs * depth_k, band)


# ---------------------------------------------------------------------------------------
# the keyboard cursor walks a (n + 2) x (n + 2) grid: the market and the buyer rows
# ---------------------------------------------------------------------------------------
def target_cell(target: Target, n: int) -> tuple[int, int]:
    """(column, row) of a target, the buyer rows at -1 and n."""
    if target[0] == "sq":
        r, c = divmod(target[1], n)
        return c, r
    side, b = target[1], target[2]
    if side == "south":
        return b, n
    if side == "north":
        return n - 1 - b, -1
    if side == "west":
        return -1, b
    return n, n - 1 - b


def cell_target(c: int, r: int, n: int, sides: tuple[str, ...]) -> Target | None:
    inside_c, inside_r = 0 <= c < n, 0 <= r < n
    if inside_c and inside_r:
        return ("sq", r * n + c)
    if inside_c and r == n and "south" in sides:
        return ("buyer", "south", c)
    if inside_c and r == -1 and "north" in sides:
        return ("buyer", "north", n - 1 - c)
    if inside_r and c == -1 and "west" in sides:
        return ("buyer", "west", r)
    if inside_r and c == n and "east" in sides:
        return ("buyer", "east", n - 1 - r)
    return None


def step_target(target: Target, direction: str, n: int,
                sides: tuple[str, ...]) -> Target:
    dc, dr = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
    c, r = target_cell(target, n)
    c, r = c + dc, r + dr
    nxt = cell_target(c, r, n, sides)
    return target if nxt is None else nxt
