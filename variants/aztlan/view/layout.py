"""Aztlán's board geometry for the client: the YAML polygons scaled into the board area.

``MapGeometry`` is built once per map from the rules' parameters (map units, the
1000 x 700 space of the YAML): the polygons, a label point well inside every territory
(the pole of inaccessibility, found on a grid), its clearance, and the territory an arrow
key leads to. ``Layout`` places the map, the score track and the age track (with the turn
order) inside the play screen's board area, in logical units; the decision at hand stands
in the side panel. Nothing here draws or changes state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

Point = tuple[float, float]
Rect = tuple[float, float, float, float]

AGE_W = 360.0  # the age track and the turn order, right of the score track
GAP = 12.0
TRACK_H = 136.0  # the score track and the age track under the map
STRETCH = 1.25  # how much wider (or taller) than its YAML shape the map may be drawn
DIRECTIONS = {"up": (0.0, -1.0), "down": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}


# ---------------------------------------------------------------------------------------
# plane geometry (map units)
# ---------------------------------------------------------------------------------------
def inside(poly: Sequence[Point], x: float, y: float) -> bool:
    """Even-odd rule point-in-polygon test."""
    hit = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross:
                hit = not hit
    return hit


def edge_distance(poly: Sequence[Point], x: float, y: float) -> float:
    """Distance from (x, y) to the polygon's outline."""
    best = math.inf
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy)
                                              / length))
        px, py = ax + t * dx - x, ay + t * dy - y
        best = min(best, px * px + py * py)
    return math.sqrt(best)


def pole(poly: list[Point]) -> tuple[Point, float]:
    """A point far from the outline (grid search, then two refinements) and its clearance.

    Worked out once per outline in a process: the search takes a tenth of a second for a
    map, and every Aztlán board view (each game started, the title's background game, a
    replay) needs the same map's."""
    return _pole(tuple(poly))


@lru_cache(maxsize=256)
def _pole(poly: tuple[Point, ...]) -> tuple[Point, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    cx = sum(xs) / len(xs)
    cy = sum(ys) / len(ys)
    best, best_d, best_score = (cx, cy), 1.0, -math.inf
    lo_x, lo_y, span_x, span_y = x0, y0, x1 - x0, y1 - y0
    for _round in range(3):
        for i in range(17):
            for j in range(17):
                x = lo_x + span_x * i / 16
                y = lo_y + span_y * j / 16
                if not inside(poly, x, y):
                    continue
                d = edge_distance(poly, x, y)
                # a slight pull towards the centre keeps labels from drifting to a lobe
                score = d - 0.04 * math.hypot(x - cx, y - cy)
                if score > best_score:
                    best, best_d, best_score = (x, y), d, score
        step_x, step_y = span_x / 16, span_y / 16
        lo_x, lo_y = best[0] - step_x, best[1] - step_y
        span_x, span_y = step_x * 2, step_y * 2
    return best, max(best_d, 1.0)


# ---------------------------------------------------------------------------------------
# the map, once
# ---------------------------------------------------------------------------------------
class MapGeometry:
    """Polygons, label points and keyboard neighbours of one map (map units)."""

    def __init__(self, m: dict[str, Any]) -> None:
        self.width: float = float(m["width"])
        self.height: float = float(m["height"])
        terr = m["territories"]
        self.ids: list[str] = list(terr)
        self.polys: list[list[Point]] = [[(float(x), float(y)) for x, y in terr[t]["polygon"]]
                                         for t in self.ids]
        self.lake_ids: list[str] = list(m["lakes"])
        self.lake_names: list[str] = [m["lakes"][k]["name"] for k in self.lake_ids]
        self.lakes: list[list[Point]] = [[(float(x), float(y)) for x, y in
                                          m["lakes"][k]["polygon"]] for k in self.lake_ids]
        poles = [pole(p) for p in self.polys]
        self.label: list[Point] = [p for p, _d in poles]
        self.clear: list[float] = [d for _p, d in poles]
        self.lake_label: list[Point] = [pole(p)[0] for p in self.lakes]
        #: the highest corner of every territory: where a conflict marker is pinned
        self.top: list[Point] = [min(p, key=lambda q: (q[1], q[0])) for p in self.polys]
        self.bbox: list[Rect] = []
        for p in self.polys:
            xs = [q[0] for q in p]
            ys = [q[1] for q in p]
            self.bbox.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        self.nav: list[dict[str, int]] = [self._nav(i) for i in range(len(self.ids))]
        # the part of the map space the island uses, with a margin of sea: what is drawn
        xs = [p[0] for poly in self.polys + self.lakes for p in poly]
        ys = [p[1] for poly in self.polys + self.lakes for p in poly]
        margin = 0.03 * max(self.width, self.height)
        vx0, vy0 = max(0.0, min(xs) - margin), max(0.0, min(ys) - margin)
        vx1 = min(self.width, max(xs) + margin)
        vy1 = min(self.height, max(ys) + margin)
        self.view_box: Rect = (vx0, vy0, vx1 - vx0, vy1 - vy0)

    def _nav(self, i: int) -> dict[str, int]:
        """The territory each arrow key leads to from ``i`` (missing: none that way)."""
        out: dict[str, int] = {}
        ax, ay = self.label[i]
        for name, (dx, dy) in DIRECTIONS.items():
            best, best_score = None, math.inf
            for j, (bx, by) in enumerate(self.label):
                if j == i:
                    continue
                vx, vy = bx - ax, by - ay
                dist = math.hypot(vx, vy)
                cos = (vx * dx + vy * dy) / dist if dist else 0.0
                if cos < 0.35:  # more than about 70 degrees off the arrow
                    continue
                score = dist * (1.0 + 2.5 * (1.0 - cos))
                if score < best_score:
                    best, best_score = j, score
            if best is not None:
                out[name] = best
        return out

    def territory_at(self, mx: float, my: float) -> int | None:
        for i, poly in enumerate(self.polys):
            x, y, w, h = self.bbox[i]
            if x <= mx <= x + w and y <= my <= y + h and inside(poly, mx, my):
                return i
        return None


# ---------------------------------------------------------------------------------------
# where things go in the board area (logical units)
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    area: Rect
    x0: float  # where the map's (0, 0) lands (maybe outside the drawn part)
    y0: float
    kx: float  # logical units per map unit, across and down
    ky: float
    map_rect: Rect  # the drawn part of the map: the island and a margin of sea
    track: Rect
    age: Rect

    @property
    def k(self) -> float:
        """The scale of what has a size of its own on the map (pawns, lines, labels)."""
        return min(self.kx, self.ky)

    def pt(self, p: Point) -> Point:
        return self.x0 + p[0] * self.kx, self.y0 + p[1] * self.ky

    def poly(self, points: list[Point]) -> list[Point]:
        return [(self.x0 + x * self.kx, self.y0 + y * self.ky) for x, y in points]

    def to_map(self, pos: Point) -> Point:
        return (pos[0] - self.x0) / self.kx, (pos[1] - self.y0) / self.ky


def make_layout(area: Rect, geo: MapGeometry) -> Layout:
    """The map fills the board area above the score and age tracks: our map is original
    and its geometry abstract (RULINGS.md), so it may be drawn up to STRETCH times wider
    or taller than its YAML shape rather than leave the board's room empty."""
    ax, ay, aw, ah = area
    map_w = aw
    map_h = ah - TRACK_H - GAP
    vx, vy, vw, vh = geo.view_box
    k = max(0.05, min(map_w / vw, map_h / vh))
    kx, ky = min(map_w / vw, k * STRETCH), min(map_h / vh, k * STRETCH)
    w, h = vw * kx, vh * ky
    left = ax + (map_w - w) / 2
    top = ay + (map_h - h) / 2
    row_y = top + h + GAP
    row_h = ay + ah - row_y
    age_w = min(AGE_W, aw * 0.3)
    track = (ax, row_y, aw - age_w - GAP, row_h)
    age = (ax + aw - age_w, row_y, age_w, row_h)
    return Layout(area, left - vx * kx, top - vy * ky, kx, ky, (left, top, w, h), track,
                  age)


def territory_places(lay: Layout, geo: MapGeometry, names: list[str]) -> list[dict[str, Any]]:
    """The picture's places (``BoardView.picture_places``): each territory's polygon as
    drawn, named by its id as the notation writes it, titled with its name."""
    return [{"name": t, "title": f"{names[i]} ({t})",
             "polygon": [list(p) for p in lay.poly(geo.polys[i])]}
            for i, t in enumerate(geo.ids)]
