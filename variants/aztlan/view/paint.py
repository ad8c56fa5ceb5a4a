"""Painting Aztlán's board: the island, type patterns and icons, pawn stacks, score track.

Pure drawing in the screen's logical units through :class:`game.kit.client.screen.Screen`:
nothing here changes game or view state. Every territory type has its own fill, its own
pattern (dots, terraces, tufts, peaks, blocks) and its own icon, so types are told apart
without colour; pawns carry their tribe's colour *and* shape mark, and their count.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.i18n import say
from game.kit.client import Screen, draw_mark, frames, offscreen, pieces, sprites, texture, theme
from variants.aztlan.text import _, named
from variants.aztlan.view.layout import Layout, MapGeometry, Point

INK = (22, 18, 14)
SEA = (20, 52, 88)
SEA_WAVE = (34, 76, 118)
LAKE_EDGE = (12, 44, 80)
BORDER = (48, 38, 26)
COAST = (236, 220, 170)
LABEL = (250, 246, 232)
TYPE_FILL = {
    "desert": (224, 196, 134),
    "fields": (166, 190, 96),
    "jungle": (64, 136, 80),
    "mountains": (148, 136, 126),
    "city": (204, 140, 104),
}
TYPE_LETTER = {"desert": "D", "fields": "F", "jungle": "J", "mountains": "M", "city": "C"}


def shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(v * k))) for v in c)  # type: ignore[return-value]


def halo_text(scr: Screen, text: str, x: float, y: float, size: float,
              colour: Any = LABEL, anchor: str = "center", edge: Any = INK) -> None:
    """Text with a dark outline, readable on any fill."""
    sprites.halo_text(scr, text, x, y, size, colour, anchor, edge)


# ---------------------------------------------------------------------------------------
# type icons and patterns
# ---------------------------------------------------------------------------------------
def type_icon(scr: Screen, kind: str, cx: float, cy: float, r: float,
              plate: bool = True) -> None:
    """A pictogram for a territory type on a light roundel (readable without colour)."""
    if plate:
        scr.circle(cx, cy, r, (246, 238, 214))
        scr.circle(cx, cy, r, INK, max(1.5, r * 0.1))
    s = r * 0.62
    w = max(1.5, r * 0.13)
    if kind == "desert":  # a sun over two dunes
        scr.circle(cx + s * 0.35, cy - s * 0.35, s * 0.32, INK)
        for dy in (0.25, 0.7):
            pts = [(cx - s + 2 * s * i / 8, cy + s * dy - math.sin(math.pi * i / 8) * s * 0.3)
                   for i in range(9)]
            for a, b in zip(pts, pts[1:], strict=False):
                scr.line(a, b, INK, w)
    elif kind == "fields":  # terraces: three steps
        for i in range(3):
            y = cy - s * 0.7 + i * s * 0.65
            x = cx - s + i * s * 0.35
            scr.line((x, y), (cx + s, y), INK, w)
            scr.line((x, y), (x, y + s * 0.65), INK, w)
    elif kind == "jungle":  # a tree: round crown on a trunk
        scr.line((cx, cy + s), (cx, cy - s * 0.1), INK, w * 1.3)
        scr.circle(cx, cy - s * 0.35, s * 0.55, INK)
        scr.circle(cx - s * 0.45, cy - s * 0.05, s * 0.35, INK)
        scr.circle(cx + s * 0.45, cy - s * 0.05, s * 0.35, INK)
    elif kind == "mountains":  # two peaks
        scr.polygon([(cx - s, cy + s * 0.75), (cx - s * 0.3, cy - s * 0.55),
                     (cx + s * 0.4, cy + s * 0.75)], INK)
        scr.polygon([(cx - s * 0.1, cy + s * 0.75), (cx + s * 0.45, cy - s * 0.85),
                     (cx + s, cy + s * 0.75)], INK)
        scr.polygon([(cx + s * 0.3, cy - s * 0.45), (cx + s * 0.45, cy - s * 0.85),
                     (cx + s * 0.6, cy - s * 0.45)], (246, 238, 214))
    elif kind == "city":  # a stepped pyramid with its temple
        for i in range(3):
            bw = s * (1.9 - i * 0.55)
            scr.box(cx - bw / 2, cy + s * 0.75 - (i + 1) * s * 0.42, bw, s * 0.42, INK)
        scr.box(cx - s * 0.18, cy + s * 0.75 - 3 * s * 0.42 - s * 0.32, s * 0.36, s * 0.32,
                INK)
    else:  # wild: a star (the seats' star mark)
        draw_mark(scr, "star", cx, cy, s, INK)


def paint_pattern(scr: Screen, kind: str, x: float, y: float, w: float, h: float,
                  unit: float) -> None:
    """The type's texture over a box (clipped to the territory by the caller)."""
    ink = shade(TYPE_FILL.get(kind, (160, 160, 160)), 0.8)
    lw = max(1.0, unit * 0.09)
    step = unit * 1.5
    rows = int(h / step) + 2
    cols = int(w / step) + 2
    for j in range(rows):
        yy = y + j * step
        off = step / 2 if j % 2 else 0.0
        if kind == "fields":
            scr.line((x, yy), (x + w, yy), ink, lw * 1.2)
            continue
        for i in range(cols):
            xx = x + i * step + off
            if kind == "desert":
                scr.circle(xx, yy, unit * 0.12, ink)
            elif kind == "jungle":
                scr.line((xx - unit * 0.25, yy - unit * 0.2), (xx, yy + unit * 0.15), ink, lw)
                scr.line((xx + unit * 0.25, yy - unit * 0.2), (xx, yy + unit * 0.15), ink, lw)
            elif kind == "mountains":
                scr.line((xx - unit * 0.3, yy + unit * 0.2), (xx, yy - unit * 0.2), ink, lw)
                scr.line((xx, yy - unit * 0.2), (xx + unit * 0.3, yy + unit * 0.2), ink, lw)
            elif kind == "city":
                scr.box(xx - unit * 0.2, yy - unit * 0.2, unit * 0.4, unit * 0.4, ink,
                        width=lw)


def clip_to_polygon(scr: Screen, poly: list[Point], paint: Any) -> None:
    """``paint(sub)`` onto a scratch layer, kept only inside ``poly`` (logical points)."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    box = (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    sub, prect = offscreen(scr, box, alpha=True)
    paint(sub)
    mask = pygame.Surface(prect.size, pygame.SRCALPHA)
    pts = [(sub.px(*p)) for p in poly]
    pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
    sub.surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    scr.surface.blit(sub.surface, prect.topleft)


# ---------------------------------------------------------------------------------------
# the static island
# ---------------------------------------------------------------------------------------
def coast_edges(geo: MapGeometry) -> list[tuple[Point, Point]]:
    """Territory edges shared with no other territory and no lake: the sea shore."""
    seen: dict[tuple[Point, Point], int] = {}
    for poly in geo.polys + geo.lakes:
        for i in range(len(poly)):
            a, b = poly[i], poly[(i + 1) % len(poly)]
            key = (a, b) if a <= b else (b, a)
            seen[key] = seen.get(key, 0) + 1
    out = []
    for poly in geo.polys:
        for i in range(len(poly)):
            a, b = poly[i], poly[(i + 1) % len(poly)]
            key = (a, b) if a <= b else (b, a)
            if seen[key] == 1:
                out.append((a, b))
    return out


def name_lines(scr: Screen, name: str, size: float, width: float) -> list[str]:
    if scr.text_width(name, theme.readable(size)) <= width or " " not in name:
        return [name]
    first, _sep, rest = name.partition(" ")
    return [first, rest]


def paint_static(scr: Screen, lay: Layout, geo: MapGeometry, island: Any) -> None:
    k = lay.k
    mx, my, mw, mh = lay.map_rect
    frame = scr.rect(mx, my, mw, mh)
    sea = texture.water(frame.size, SEA, seed=29, ripple=scr.ln(26 * k))
    scr.surface.blit(texture.masked(sea, frame.size, scr.ln(18 * k)), frame.topleft)
    _island_shadow(scr, lay, geo, frame)
    for j in range(int(mh / (40 * k))):
        for i in range(int(mw / (70 * k))):
            x = mx + (i + 0.5 * (j % 2)) * 70 * k + 20 * k
            y = my + j * 40 * k + 20 * k
            scr.line((x, y), (x + 12 * k, y - 4 * k), SEA_WAVE, 2 * k)
            scr.line((x + 12 * k, y - 4 * k), (x + 24 * k, y), SEA_WAVE, 2 * k)
    unit = 14 * k
    for t, poly in enumerate(geo.polys):
        pts = lay.poly(poly)
        kind = island.types[t]
        scr.polygon(pts, TYPE_FILL.get(kind, (160, 160, 160)))
        bx, by, bw, bh = geo.bbox[t]
        x0, y0 = lay.pt((bx, by))
        clip_to_polygon(scr, pts, lambda sub, kind=kind, x0=x0, y0=y0, bw=bw, bh=bh:
                        paint_pattern(sub, kind, x0, y0, bw * k + 2, bh * k + 2, unit))
    ground = texture.stone(frame.size, (236, 236, 236), seed=31)
    scr.surface.blit(ground, frame.topleft, special_flags=pygame.BLEND_RGB_MULT)
    lake = texture.water(frame.size, theme.LAKE, seed=37, ripple=scr.ln(18 * k))
    for i, poly in enumerate(geo.lakes):
        pts = lay.poly(poly)
        clip_to_polygon(scr, pts, lambda sub: sub.surface.blit(
            lake, (frame.x + round(sub.ox - scr.ox), frame.y + round(sub.oy - scr.oy))))
        cx, cy = lay.pt(geo.lake_label[i])
        for dy in (-16, 14):
            for dx in (-30, 18):
                x, y = cx + dx * k, cy + dy * k + 18 * k
                scr.line((x, y), (x + 8 * k, y - 3 * k), theme.CANAL, 2 * k)
                scr.line((x + 8 * k, y - 3 * k), (x + 16 * k, y), theme.CANAL, 2 * k)
        scr.polygon(pts, LAKE_EDGE, max(2.0, 3 * k))
        lake_name = say(named(geo.lake_names[i]))
        words = lake_name.split(" ", 1) if " " in lake_name else [lake_name]
        if words[0].lower() == "lake" and len(words) > 1:
            words = ["Lake", words[1]]
        elif len(words) > 1 and words[1].lower() == "lake":
            words = [words[0], "Lake"]
        size = theme.readable(19 * k)  # the floor's size may exceed the scaled one:
        step = size * 0.95  # the lines step by the size drawn, never into each other
        for n, w in enumerate(words):
            scr.text(w, cx, cy + (n - (len(words) - 1) / 2) * step - 8 * k, size,
                     (190, 220, 245), "center")
    for poly in geo.polys:
        scr.polygon(lay.poly(poly), BORDER, max(1.5, 2.2 * k))
    for a, b in coast_edges(geo):
        scr.line(lay.pt(a), lay.pt(b), COAST, max(2.0, 4 * k))
    for t in range(len(geo.polys)):
        paint_label(scr, lay, geo, island, t)


def _island_shadow(scr: Screen, lay: Layout, geo: MapGeometry, frame: pygame.Rect) -> None:
    """The island's shadow on the sea, down and to the right, as one soft layer."""
    layer = pygame.Surface(frame.size, pygame.SRCALPHA)
    off = (scr.ln(6 * lay.k), scr.ln(9 * lay.k))
    for poly in geo.polys:
        pts = [(x - frame.x + off[0], y - frame.y + off[1])
               for x, y in (scr.px(*p) for p in lay.poly(poly))]
        pygame.draw.polygon(layer, (0, 16, 36, 255), pts)
    layer.set_alpha(120)
    scr.surface.blit(layer, frame.topleft)


def label_points(lay: Layout, geo: MapGeometry, t: int) -> dict[str, Point]:
    """Where a territory's id, name and pawns go (logical units)."""
    lx, ly = lay.pt(geo.label[t])
    r = geo.clear[t] * lay.k
    return {"id": (lx + r * 0.14, ly - r * 0.62), "name": (lx, ly - r * 0.2),
            "pawns": (lx, ly + r * 0.42), "r": (r, r)}


#: how far above the pawns' point a pawn's head reaches, in clearances (a stack of two
#: rows rises highest)
PAWN_REACH = 0.46


def paint_label(scr: Screen, lay: Layout, geo: MapGeometry, island: Any, t: int) -> None:
    pts = label_points(lay, geo, t)
    r = pts["r"][0]
    ix, iy = pts["id"]
    size = max(14.0, r * 0.62)
    tid = island.ids[t]
    tw = scr.text_width(tid, theme.readable(size))
    icon_r = size * 0.42
    halo_text(scr, tid, ix + icon_r * 0.6, iy, size)
    type_icon(scr, island.types[t], ix - tw / 2 - icon_r * 0.6, iy, icon_r)
    # the name where it has room at a readable size between the id and the pawns' heads
    # (else the id and icon say enough: the panel names the territory under the cursor)
    nx, _ny = pts["name"]
    nsize = theme.readable(r * 0.38)
    lines = name_lines(scr, say(named(island.names[t])), nsize, r * 2.3)
    step = nsize * 0.92
    top = iy + theme.readable(size) * 0.5  # under the id's letters
    room = pts["pawns"][1] - PAWN_REACH * r - top  # above the highest pawn's head
    if len(lines) * step <= room and all(scr.text_width(line, nsize) <= r * 2.3
                                         for line in lines):
        first = top + (room - len(lines) * step) / 2 + step / 2
        for n, line in enumerate(lines):
            halo_text(scr, line, nx, first + n * step, nsize, (255, 250, 235))


# ---------------------------------------------------------------------------------------
# pawns
# ---------------------------------------------------------------------------------------
def paint_pawn(scr: Screen, cx: float, cy: float, s: float, colour: Any, mark: str,
               k: float = 1.0) -> None:
    """A tribe pawn: round head over a bell-shaped body, the tribe's mark on the body."""
    s *= k
    edge = max(1.5, s * 0.08)
    pieces.ellipse_shadow(scr, cx + s * 0.06, cy + s * 0.5, s * 0.46, s * 0.12)
    body = [(cx - s * 0.42, cy + s * 0.5), (cx - s * 0.26, cy - s * 0.05),
            (cx + s * 0.26, cy - s * 0.05), (cx + s * 0.42, cy + s * 0.5)]
    scr.polygon(body, colour)
    scr.polygon(body, INK, edge)
    scr.circle(cx, cy - s * 0.28, s * 0.24, colour)
    scr.circle(cx, cy - s * 0.28, s * 0.24, INK, edge)
    lit = texture.shade(pieces.rgb(colour), 0.5)
    scr.circle(cx - s * 0.08, cy - s * 0.36, s * 0.07, lit)
    scr.line((cx - s * 0.2, cy + s * 0.02), (cx - s * 0.3, cy + s * 0.4), lit, s * 0.05)
    draw_mark(scr, mark, cx, cy + s * 0.24, s * 0.16, INK)


def stamp_pawns(scr: Screen, cx: float, cy: float, s: float, colour: Any, mark: str,
                stacked: bool) -> None:
    """A pawn (with a second one peeking out behind it when ``stacked``) from a cached
    sprite: a territory's stacks are repainted after every action that touches them."""
    def paint(sub: Screen) -> None:
        if stacked:
            paint_pawn(sub, s * 0.84, s * 0.9, s, shade(colour, 0.7), mark)
        paint_pawn(sub, s, s, s, colour, mark)

    key = ("pawns", tuple(colour), mark, stacked, s)
    sprites.stamp(scr, key, cx - s, cy - s, 2 * s, 2 * s, s * 0.2, paint)


def stack_slots(n: int, cx: float, cy: float, s: float) -> list[Point]:
    """Centres for ``n`` pawn stacks around (cx, cy): a row of two, or two rows."""
    dx = s * 1.05
    if n <= 1:
        return [(cx - s * 0.2, cy)]
    if n == 2:
        return [(cx - dx, cy), (cx + dx * 0.6, cy)]
    top = [(cx - dx, cy - s * 0.55), (cx + dx * 0.6, cy - s * 0.55)]
    bottom = [(cx - dx, cy + s * 0.62), (cx + dx * 0.6, cy + s * 0.62)]
    if n == 3:
        return top + [(cx - s * 0.2, cy + s * 0.62)]
    return (top + bottom)[:n]


def stack_position(lay: Layout, geo: MapGeometry, counts: list[int], t: int,
                   army: int) -> tuple[Point, float]:
    """Where ``army``'s stack in ``t`` is drawn (its centre and size), as if present."""
    counts = list(counts)
    counts[army] = max(1, counts[army])
    present = [a for a, n in enumerate(counts) if n]
    cx, cy, s = _stacks_at(lay, geo, t, len(present))
    return stack_slots(len(present), cx, cy, s)[present.index(army)], s


def _stacks_at(lay: Layout, geo: MapGeometry, t: int, armies: int) -> tuple[float, float,
                                                                              float]:
    """The centre of ``t``'s stacks and each stack's size, for ``armies`` present."""
    pts = label_points(lay, geo, t)
    r = pts["r"][0]
    cx, cy = pts["pawns"]
    s = max(12.0, r * (0.55 if armies <= 2 else 0.46))
    return cx, cy + (r * 0.08 if armies > 2 else 0.0), s


def paint_stacks(scr: Screen, lay: Layout, geo: MapGeometry, counts: list[int],
                 t: int, colours: list[Any], marks: list[str], hide: int | None = None
                 ) -> None:
    """The pawn stacks of one territory, one per army present, with their counts."""
    present = [(a, n) for a, n in enumerate(counts) if n]
    if not present:
        return
    cx, cy, s = _stacks_at(lay, geo, t, len(present))
    for (army, n), (px, py) in zip(present, stack_slots(len(present), cx, cy, s),
                                   strict=False):
        colour = colours[army] if army < len(colours) else theme.NEUTRAL_COLOUR
        mark = marks[army] if army < len(marks) else "ring"
        stamp_pawns(scr, px, py, s, colour, mark, n > 1)
        halo_text(scr, str(n), px + s * 0.48, py + s * 0.12, s * 0.95, LABEL, "midleft")


# ---------------------------------------------------------------------------------------
# overlays
# ---------------------------------------------------------------------------------------
def tint(scr: Screen, lay: Layout, geo: MapGeometry, t: int, colour: Any) -> None:
    """A translucent fill over a territory."""
    pts = lay.poly(geo.polys[t])
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = (min(xs), min(ys), max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)
    sub, prect = offscreen(scr, box, alpha=True)
    sub.polygon(pts, colour)
    scr.surface.blit(sub.surface, prect.topleft)


def outline(scr: Screen, lay: Layout, geo: MapGeometry, t: int, colour: Any,
            width: float) -> None:
    pts = lay.poly(geo.polys[t])
    scr.joined([(pts[i - 1], pts[i]) for i in range(len(pts))], colour, max(2.0, width))


def group_outline(scr: Screen, lay: Layout, geo: MapGeometry, cells: Any, colour: Any,
                  width: float) -> None:
    """The outer border of a group of territories (shared inner edges left out)."""
    cells = set(cells)
    count: dict[tuple[Point, Point], int] = {}
    for t in cells:
        poly = geo.polys[t]
        for i in range(len(poly)):
            a, b = poly[i], poly[(i + 1) % len(poly)]
            key = (a, b) if a <= b else (b, a)
            count[key] = count.get(key, 0) + 1
    scr.joined([(lay.pt(a), lay.pt(b)) for (a, b), n in count.items() if n == 1], colour,
               max(2.0, width))


def badge(scr: Screen, text: str, x: float, y: float, size: float, fill: Any = INK,
          fg: Any = theme.ACCENT, edge: Any = theme.ACCENT, role: str = "") -> None:
    """Words on a rounded plate; ``role`` ``theme.PASSING`` for a moment's effect."""
    w = scr.text_width(text, theme.readable(size)) + size * 0.7
    h = size * 1.15
    scr.box(x - w / 2, y - h / 2, w, h, fill, radius=h / 2.6)
    scr.box(x - w / 2, y - h / 2, w, h, edge, radius=h / 2.6, width=max(2.0, size * 0.08))
    scr.text(text, x, y + size * 0.03, theme.readable(size), fg, "center", role=role)


def swords(scr: Screen, x: float, y: float, r: float, colour: Any = LABEL) -> None:
    """Two crossed blades: an unresolved conflict."""
    scr.circle(x, y, r, INK)
    for sgn in (-1, 1):
        scr.line((x - r * 0.55 * sgn, y - r * 0.55), (x + r * 0.55 * sgn, y + r * 0.55),
                 colour, max(2.0, r * 0.2))
        scr.line((x + r * 0.25 * sgn, y + r * 0.6), (x + r * 0.6 * sgn, y + r * 0.25),
                 colour, max(2.0, r * 0.16))


# ---------------------------------------------------------------------------------------
# the score track
# ---------------------------------------------------------------------------------------
def counter(scr: Screen, cx: float, base: float, w: float, h: float, colour: Any,
            mark: str) -> None:
    """A score counter seen from the side: a flat pyramid base in the seat's colour."""
    pts = [(cx - w / 2, base), (cx - w * 0.36, base - h), (cx + w * 0.36, base - h),
           (cx + w / 2, base)]
    scr.polygon(pts, colour)
    scr.polygon(pts, INK, max(1.5, h * 0.1))
    draw_mark(scr, mark, cx, base - h / 2, h * 0.3, INK)


def track_range(scores: list[int]) -> int:
    top = max(scores, default=0)
    step = 25 if top < 100 else 50
    return max(50, (top // step + 1) * step)


def paint_track(scr: Screen, rect: tuple[float, float, float, float], scores: list[int],
                ranking: list[int], colours: list[Any], marks: list[str]) -> None:
    """A horizontal track 0..N; counters on one score form a pile in stack order (the top
    counter, first in turn order, drawn on top)."""
    x, y, w, h = rect
    frames.panel(scr, x, y, w, h, theme.PANEL_LIGHT, radius=12, width=2)
    size = theme.FONT_SMALL
    title = _("SCORE TRACK")
    scr.text(title, x + 14, y + 8, size, theme.ACCENT)
    line_y = y + h - 36  # the numbers under it stay inside the panel
    note = _("on one score, the top counter plays first")  # where it fits beside the title
    if scr.text_width(title, size) + scr.text_width(note, size) + 48 <= w:
        scr.text(note, x + w - 14, y + 8, size, theme.TEXT_DIM, "topright")
    top = track_range(scores)
    x0, x1 = x + 30, x + w - 30
    scr.line((x0, line_y), (x1, line_y), theme.TEXT_DIM, 3)
    tick = 5 if top <= 50 else 10
    for v in range(0, top + 1, tick):
        tx = x0 + (x1 - x0) * v / top
        big = v % (tick * 2) == 0
        scr.line((tx, line_y - (7 if big else 4)), (tx, line_y + (7 if big else 4)),
                 theme.TEXT_DIM, 2)
        if big:
            scr.text(str(v), tx, line_y + 4, theme.readable(20), theme.TEXT_DIM, "midtop")
    piles: dict[int, list[int]] = {}
    for seat in ranking:  # top of the stack first
        piles.setdefault(scores[seat], []).append(seat)
    cw = 46.0
    most = max((len(v) for v in piles.values()), default=1)
    # the highest pile's number stays below the title and its note
    ch = min(20.0, (line_y - 6 - (y + 46) - 30) / max(1, most))
    placed: list[tuple[float, float, int, list[int]]] = []
    last, last_w = -math.inf, 0.0
    label = theme.readable(26)
    for score in sorted(piles):
        true_x = x0 + (x1 - x0) * min(score, top) / top
        # apart by a counter, and by their numbers: "103" and "106" never read "103106"
        lw = scr.text_width(str(score), label)
        px = max(true_x, last + max(cw, (last_w + lw) / 2) + 12, x + 8 + cw / 2)
        last, last_w = px, lw
        placed.append((px, true_x, score, piles[score]))
    # piles pushed right past the end come back left
    over = max((p[0] for p in placed), default=0) - (x + w - 8 - cw / 2)
    if over > 0:
        placed = [(px - over, tx, sc, seats) for px, tx, sc, seats in placed]
    for px, true_x, score, seats in placed:
        base = line_y - 6
        if abs(px - true_x) > 1:
            scr.line((true_x, line_y), (px, base), theme.TEXT_DIM, 2)
        for i, seat in enumerate(reversed(seats)):  # bottom counter first
            counter(scr, px, base - i * ch, cw, ch, colours[seat], marks[seat])
        scr.text(str(score), px, base - len(seats) * ch - 2, label, theme.TEXT, "midbottom")


def dashed(scr: Screen, lay: Layout, geo: MapGeometry, t: int, colour: Any,
           width: float) -> None:
    """A dashed border just inside a territory (pulled a little towards its label)."""
    lx, ly = geo.label[t]
    pts = [lay.pt((x + (lx - x) * 0.06, y + (ly - y) * 0.06)) for x, y in geo.polys[t]]
    dash = 10 * lay.k
    for i in range(len(pts)):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % len(pts)]
        length = math.hypot(bx - ax, by - ay)
        n = max(1, int(length / dash))
        for j in range(0, n, 2):
            f0, f1 = j / n, min(1.0, (j + 1) / n)
            scr.line((ax + (bx - ax) * f0, ay + (by - ay) * f0),
                     (ax + (bx - ax) * f1, ay + (by - ay) * f1), colour, max(2.0, width))
