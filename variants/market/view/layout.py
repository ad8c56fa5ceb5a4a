"""Where everything of the market sits in the board area, and what is under a point.

Each seat's buyers stand in a row along its own side of the square market (one per line),
with the seat's colour strip and its name beyond them: on the mat under a south row and
over a north row, on a card in the margin beside a west or an east row. The market takes
all the room the seats leave: a side without a seat (two or three players) gives its
room to the market, and the bag, the money supply, the king's whims and the holdings
stand in a column of cards where the east seat would sit; with four seats they stand in
the margins above and below the west and east seats' cards. Everything is in the
screen's logical units and scales with the square's size, so any grid fits any area.

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
#: the margin cards, in the order a column of them stands
CARDS = ("bag", "supply", "whims", "holdings")
#: what a card in a column needs at least: its title, its count and words (the bag's
#: note on two lines), the four colours, the holdings' head (and a row per seat)
CARD_NEEDS = {"bag": 226.0, "supply": 130.0, "whims": 232.0, "holdings": 90.0}
HOLDING_ROW = 44.0

#: a buyer tile's depth (away from the market), its gap from the market and the seat's
#: colour strip beyond it, in squares
DEPTH_K = 0.64
GAP_K = 0.1
STRIP_K = 0.12
#: between the buyers and the strip, and between the strip and what is beyond it
STRIP_GAP = 4.0
#: the seat's name line beyond a north or south strip (a name at the reading size)
NAME_H = 48.0
#: between a north or south seat's strip and its name: clear of the turn's pulsing frame
#: round the row and strip (``overlay.paint_turn``: 9 out at its widest, 6 thick) and of a
#: team's band (7 out), which crossed the name's letters
NAME_GAP = 12.0
#: the room round the market on a side without a seat
BARE = 14.0
#: a west or east seat's card (which way its buyers count, its name; its team when
#: partners sit facing each other, with four seats)
LABEL_H = 136.0
LABEL_TEAM_H = 216.0
#: the narrowest margin beside a west or east row: its seat's card holds a long name
#: (Tlahuizcalpan) at the 28 px floor on a line of its own
MARGIN_MIN = 246.0
#: the narrowest column of cards where the east seat would sit
COLUMN_MIN = 300.0
#: the widest they grow when the market cannot
MARGIN_MAX = 330.0
COLUMN_MAX = 400.0
#: between the margins or the column and the rows
SPACE = 12.0


@dataclass(frozen=True)
class Layout:
    area: Rect
    x0: float  # the grid's top left
    y0: float
    cs: float  # one square
    n: int
    gap: float  # between the grid and the buyers
    depth: float  # a buyer tile's depth (away from the market)
    band: float  # the name line beyond the buyers (north and south)
    sides: tuple[str, ...] = SIDE_ORDER
    left: float = 0.0  # the margin's width at the left (the west seat's card)
    right: float = 0.0  # and at the right (the east seat's card, or the column of cards)

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
        t = self.cs * STRIP_K
        if side == "south":
            return (x, y + h + STRIP_GAP, w, t)
        if side == "north":
            return (x, y - STRIP_GAP - t, w, t)
        if side == "west":
            return (x - STRIP_GAP - t, y, t, h)
        return (x + w + STRIP_GAP, y, t, h)

    def label_rect(self, side: str) -> Rect:
        """Where the seat's name and team go: beyond the strip (north, south) or on a
        card in the margin beside it (west, east)."""
        bx, by, bw, bh = self.band_rect(side)
        if side == "south":
            return (bx, by + bh + NAME_GAP, bw, self.band)
        if side == "north":
            return (bx, by - NAME_GAP - self.band, bw, self.band)
        ax, _ay, aw, _ah = self.area
        h = self.label_h
        cy = by + bh / 2
        if side == "west":
            return (ax + SPACE, cy - h / 2, self.left - 2 * SPACE, h)
        return (ax + aw - self.right + SPACE, cy - h / 2, self.right - 2 * SPACE, h)

    # -- the margins -----------------------------------------------------------------
    @property
    def label_h(self) -> float:
        """A west or east seat's card's height: taller with a team (four seats)."""
        return LABEL_TEAM_H if len(self.sides) == len(SIDE_ORDER) else LABEL_H

    @property
    def column(self) -> bool:
        """Whether the cards stand in one column (no east seat) rather than in the
        margins above and below the west and east seats' cards."""
        return "east" not in self.sides

    def card(self, role: str) -> Rect:
        """Where a margin card stands: ``bag``, ``supply``, ``whims`` or ``holdings``."""
        ax, ay, aw, ah = self.area
        if self.column:
            x, w = ax + aw - self.right + SPACE, self.right - 2 * SPACE
            needs = dict(CARD_NEEDS)
            needs["holdings"] += HOLDING_ROW * len(self.sides)
            room = ah - SPACE * (len(CARDS) + 1)
            scale = room / sum(needs.values())  # the spare shared, or the lack
            y = ay + SPACE
            for other in CARDS:
                h = needs[other] * scale
                if other == role:
                    return (x, y, w, h)
                y += h + SPACE
            raise ValueError(role)
        left = role in ("bag", "whims")
        margin = self.left if left else self.right
        x = ax + SPACE if left else ax + aw - margin + SPACE
        w = margin - 2 * SPACE
        mid = self.y0 + self.n * self.cs / 2
        label = self.label_h
        if role in ("bag", "supply"):
            top = ay + SPACE
            return (x, top, w, mid - label / 2 - SPACE - top)
        top = mid + label / 2 + SPACE
        return (x, top, w, ay + ah - SPACE - top)

    def corner(self, where: str) -> Rect:
        """A card by the corner it has with four seats (``top-left``: the bag,
        ``top-right``: the supply, ``bottom-left``: the whims, ``bottom-right``: the
        holdings)."""
        return self.card({"top-left": "bag", "top-right": "supply", "bottom-left": "whims",
                          "bottom-right": "holdings"}[where])

    def bag_point(self) -> tuple[float, float]:
        x, y, w, h = self.card("bag")
        return x + w * 0.22, y + h * 0.5

    def supply_point(self) -> tuple[float, float]:
        x, y, w, h = self.card("supply")
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


def _reach(seated: bool) -> tuple[float, float]:
    """How far a side reaches past the grid: (in squares, in logical units)."""
    if not seated:
        return 0.0, BARE
    return GAP_K + DEPTH_K + STRIP_K, STRIP_GAP


def make_layout(area: Rect, n: int, sides: tuple[str, ...] = SIDE_ORDER) -> Layout:
    """The market as large as the area allows once every seat's row, strip and name
    and the cards have their room; what is left over widens the cards, then centres."""
    ax, ay, aw, ah = area
    has = set(sides)
    column = "east" not in has
    # vertical: the grid and, per side, its reach (plus the name line when seated)
    vk, vu = 0.0, 0.0
    for side in ("north", "south"):
        k, u = _reach(side in has)
        vk, vu = vk + k, vu + u + (NAME_GAP + NAME_H if side in has else 0.0)
    cs_v = (ah - vu) / (n + vk)
    # horizontal: the grid, each side's reach, the margins
    hk, hu = 0.0, 0.0
    for side in ("west", "east"):
        k, u = _reach(side in has)
        hk, hu = hk + k, hu + u
    left_min = MARGIN_MIN if "west" in has else 0.0
    right_min = COLUMN_MIN if column else MARGIN_MIN
    cs_h = (aw - hu - left_min - right_min) / (n + hk)
    cs = max(8.0, min(cs_v, cs_h))
    spare = max(0.0, aw - hu - left_min - right_min - cs * (n + hk))
    right = min(COLUMN_MAX if column else MARGIN_MAX, right_min + spare / 2)
    left = min(MARGIN_MAX, left_min + spare / 2) if "west" in has else 0.0
    if not column:
        left = right = min(left, right)
    # the market and its rows centred in what the margins leave
    wk, wu = _reach("west" in has)
    ek, eu = _reach("east" in has)
    free = aw - left - right
    block = cs * (n + wk + ek) + wu + eu
    x0 = ax + left + (free - block) / 2 + cs * wk + wu
    nk, nu = _reach("north" in has)
    sk, su = _reach("south" in has)
    top = nu + (NAME_GAP + NAME_H if "north" in has else 0.0)
    bottom = su + (NAME_GAP + NAME_H if "south" in has else 0.0)
    height = cs * (n + nk + sk) + top + bottom
    y0 = ay + (ah - height) / 2 + cs * nk + top
    return Layout(area, x0, y0, cs, n, cs * GAP_K, cs * DEPTH_K, NAME_H, tuple(sides),
                  left, right)


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
