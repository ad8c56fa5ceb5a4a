"""Painting the market: tiles with their silhouettes, buyers, tokens, coins, side bands
and the margin cards (bag, supply, the king's whims, the score).

Only drawing lives here; nothing in this module changes game or view state. Sizes are in
the screen's logical units and follow the layout's cell size. Commodity tokens carry a
glyph as well as a colour (pot, cloth, gem, leaf) and every seat its shape mark, so no
one depends on colour alone.
"""

from __future__ import annotations

import math
from typing import Any

from game.ui import theme
from game.ui.art import frames, pieces, texture
from game.ui.screen import Screen, draw_mark
from game.ui.widgets import fit_lines, fit_size
from variants.market.params import COLOURS
from variants.market.view_layout import Layout, Rect

INK = (20, 16, 12)
GLYPH = (250, 246, 236)
COMMODITY = {"black": (34, 34, 40), "blue": (40, 116, 236), "red": (228, 52, 52),
             "green": (36, 170, 78)}
VENDOR_FILL = {"black": (70, 70, 80), "blue": (42, 98, 196), "red": (190, 44, 44),
               "green": (30, 134, 62)}
GOODS = {"black": "pottery", "blue": "fabric", "red": "jewels", "green": "herbs"}
STONE = (214, 206, 188)
STONE_EDGE = (108, 98, 82)
SILHOUETTE = (58, 50, 44)
KING_FILL = (246, 204, 86)
HOLE = (12, 14, 22)
PLAZA = (104, 86, 62)
PLAZA_EDGE = (150, 126, 88)
BUYER = (116, 78, 46)
COIN = (242, 198, 58)
COIN_EDGE = (140, 100, 16)
TEAM_COLOURS = ((255, 128, 200), (168, 140, 255), (150, 230, 200), (230, 230, 230))
TEAM_LETTERS = "ABCD"


def shadow_text(scr: Screen, text: str, x: float, y: float, size: float,
                colour: Any = GLYPH, anchor: str = "center") -> None:
    off = max(1.5, size * 0.06)
    scr.text(text, x + off, y + off, theme.readable(size), INK, anchor)
    scr.text(text, x, y, theme.readable(size), colour, anchor)


def darker(colour: Any, k: float = 0.6) -> tuple[int, int, int]:
    r, g, b = (min(255, round(c * k)) for c in colour[:3])
    return r, g, b


# ---------------------------------------------------------------------------------------
# tokens, coins and glyphs
# ---------------------------------------------------------------------------------------
def glyph(scr: Screen, colour: str, cx: float, cy: float, s: float, ink: Any = GLYPH) -> None:
    """The commodity's shape: pot (black), folded cloth (blue), gem (red), leaf (green)."""
    if colour == "black":
        scr.circle(cx, cy + s * 0.2, s * 0.55, ink)
        scr.box(cx - s * 0.28, cy - s * 0.7, s * 0.56, s * 0.5, ink)
        scr.box(cx - s * 0.42, cy - s * 0.78, s * 0.84, s * 0.18, ink)
    elif colour == "blue":
        for i in range(3):
            scr.box(cx - s * 0.7, cy - s * 0.66 + i * s * 0.48, s * 1.4, s * 0.32, ink,
                    radius=s * 0.12)
    elif colour == "red":
        scr.polygon([(cx - s * 0.4, cy - s * 0.6), (cx + s * 0.4, cy - s * 0.6),
                     (cx + s * 0.78, cy - s * 0.15), (cx, cy + s * 0.78),
                     (cx - s * 0.78, cy - s * 0.15)], ink)
    else:
        pts = []
        for i in range(12):
            a = math.pi * 2 * i / 12
            pts.append((cx + math.cos(a) * s * 0.42, cy + math.sin(a) * s * 0.78))
        pts = [(x + (y - cy) * 0.35, y) for x, y in pts]  # lean it
        scr.polygon(pts, ink)


def token(scr: Screen, colour: str, cx: float, cy: float, r: float) -> None:
    """A commodity token: a disc of its colour, a light rim, its glyph."""
    scr.circle(cx, cy, r, COMMODITY[colour])
    scr.circle(cx, cy, r, GLYPH if colour == "black" else INK, max(1.5, r * 0.14))
    glyph(scr, colour, cx, cy, r * 0.55)


def coin(scr: Screen, cx: float, cy: float, r: float, present: bool = True) -> None:
    if not present:
        scr.circle(cx, cy, r, (84, 56, 34))
        scr.circle(cx, cy, r, (170, 140, 100), max(1.0, r * 0.1))
        return
    scr.circle(cx, cy, r, COIN)
    scr.circle(cx, cy, r, COIN_EDGE, max(1.5, r * 0.14))
    scr.circle(cx, cy, r * 0.5, COIN_EDGE, max(1.0, r * 0.1))


def stack(scr: Screen, colour: str, cx: float, base: float, r: float, count: int) -> None:
    """Up to five tokens piled up from ``base``."""
    for i in range(min(count, 5)):
        token(scr, colour, cx, base - i * r * 0.42, r)


# ---------------------------------------------------------------------------------------
# silhouettes of the grey tiles (centre cx, cy; half size s)
# ---------------------------------------------------------------------------------------
def figure(scr: Screen, cx: float, cy: float, s: float, colour: Any) -> None:
    scr.circle(cx, cy - s * 0.52, s * 0.24, colour)
    scr.polygon([(cx - s * 0.36, cy - s * 0.2), (cx + s * 0.36, cy - s * 0.2),
                 (cx + s * 0.5, cy + s * 0.8), (cx - s * 0.5, cy + s * 0.8)], colour)
    scr.circle(cx - s * 0.3, cy - s * 0.12, s * 0.12, colour)
    scr.circle(cx + s * 0.3, cy - s * 0.12, s * 0.12, colour)


def silhouette(scr: Screen, tile: str, cx: float, cy: float, s: float,
               ink: Any = SILHOUETTE) -> None:
    if tile == "crowd":
        figure(scr, cx - s * 0.55, cy - s * 0.08, s * 0.72, darker(ink, 1.6))
        figure(scr, cx + s * 0.55, cy - s * 0.08, s * 0.72, darker(ink, 1.6))
        figure(scr, cx, cy + s * 0.1, s * 0.85, ink)
    elif tile == "porter":
        figure(scr, cx - s * 0.22, cy + s * 0.05, s * 0.8, ink)
        scr.box(cx + s * 0.05, cy - s * 0.72, s * 0.72, s * 0.72, ink, radius=s * 0.12)
        scr.line((cx + s * 0.1, cy - s * 0.45), (cx + s * 0.7, cy - s * 0.45), STONE,
                 s * 0.08)
        # a back arrow: one token goes back
        scr.line((cx + s * 0.85, cy + s * 0.35), (cx + s * 0.35, cy + s * 0.35), ink, s * 0.12)
        scr.polygon([(cx + s * 0.3, cy + s * 0.12), (cx + s * 0.3, cy + s * 0.58),
                     (cx + s * 0.05, cy + s * 0.35)], ink)
    elif tile == "governor":
        figure(scr, cx, cy + s * 0.12, s * 0.85, ink)
        fan = [(cx, cy - s * 0.5)]
        for i in range(7):
            a = math.pi * (1.15 + 0.7 * i / 6)
            fan.append((cx + math.cos(a) * s * 0.62, cy - s * 0.45 + math.sin(a) * s * 0.62))
        scr.polygon(fan, ink)
        scr.line((cx + s * 0.62, cy - s * 0.7), (cx + s * 0.62, cy + s * 0.9), ink, s * 0.1)
        scr.circle(cx + s * 0.62, cy - s * 0.75, s * 0.12, ink)
    elif tile == "ambassador":
        figure(scr, cx - s * 0.15, cy + s * 0.05, s * 0.9, ink)
        coin(scr, cx + s * 0.45, cy + s * 0.25, s * 0.32)
    elif tile == "messenger":
        scr.circle(cx + s * 0.25, cy - s * 0.6, s * 0.2, ink)
        scr.polygon([(cx - s * 0.05, cy - s * 0.35), (cx + s * 0.35, cy - s * 0.3),
                     (cx + s * 0.15, cy + s * 0.2), (cx - s * 0.25, cy + s * 0.15)], ink)
        scr.line((cx - s * 0.05, cy + s * 0.15), (cx - s * 0.5, cy + s * 0.85), ink, s * 0.14)
        scr.line((cx + s * 0.1, cy + s * 0.15), (cx + s * 0.55, cy + s * 0.55), ink, s * 0.14)
        scr.line((cx + s * 0.55, cy + s * 0.55), (cx + s * 0.45, cy + s * 0.9), ink, s * 0.14)
        scr.line((cx + s * 0.25, cy - s * 0.25), (cx + s * 0.75, cy - s * 0.45), ink, s * 0.12)
        for i in range(3):
            y = cy - s * 0.3 + i * s * 0.3
            scr.line((cx - s * 0.95, y), (cx - s * 0.45, y), ink, s * 0.08)
    elif tile == "king":
        crown(scr, cx, cy, s, ink)


def crown(scr: Screen, cx: float, cy: float, s: float, ink: Any) -> None:
    pts = [(cx - s, cy + s * 0.6), (cx - s, cy - s * 0.5), (cx - s * 0.5, cy),
           (cx, cy - s * 0.8), (cx + s * 0.5, cy), (cx + s, cy - s * 0.5),
           (cx + s, cy + s * 0.6)]
    scr.polygon(pts, ink)
    for px in (-s, 0.0, s):
        scr.circle(cx + px, cy - (s * 0.8 if px == 0 else s * 0.5), s * 0.16, ink)


def sack(scr: Screen, cx: float, cy: float, s: float) -> None:
    """The bag: a tied cloth sack (its contents are never shown)."""
    body = (150, 112, 70)
    scr.circle(cx, cy + s * 0.25, s * 0.75, body)
    scr.polygon([(cx - s * 0.3, cy - s * 0.55), (cx + s * 0.3, cy - s * 0.55),
                 (cx + s * 0.6, cy), (cx - s * 0.6, cy)], body)
    scr.polygon([(cx - s * 0.45, cy - s * 0.95), (cx + s * 0.45, cy - s * 0.95),
                 (cx + s * 0.2, cy - s * 0.6), (cx - s * 0.2, cy - s * 0.6)], body)
    scr.line((cx - s * 0.35, cy - s * 0.58), (cx + s * 0.35, cy - s * 0.58), INK, s * 0.1)
    scr.circle(cx, cy + s * 0.25, s * 0.75, INK, max(1.5, s * 0.06))


# ---------------------------------------------------------------------------------------
# tiles
# ---------------------------------------------------------------------------------------
#: below this square size (a lesson's smaller board) a tile shows its picture and its main
#: word only: its other words, held at the 28 px floor, would cover the picture
SMALL_TILE = 112.0
#: the same for a buyer, which stands 0.72 of a square deep (view_layout.make_layout)
SMALL_BUYER = SMALL_TILE * 0.72


def roomy(cs: float) -> bool:
    """Whether a square of ``cs`` has room for a tile's lesser words."""
    return cs >= SMALL_TILE


def paint_tile(scr: Screen, x: float, y: float, cs: float, tile: str, state: Any,
               name: str = "", lift: float = 0.0) -> None:
    """One market tile in its square at (x, y); ``lift`` > 0 draws it raised (moving)."""
    inset = cs * 0.035
    w = cs - 2 * inset
    if lift:
        scr.box(x + inset + cs * 0.05, y + inset + cs * 0.07, w, w, (0, 0, 0, 110),
                radius=cs * 0.1)
    else:
        scr.box(x + inset + cs * 0.02, y + inset + cs * 0.035, w, w, (0, 0, 0, 90),
                radius=cs * 0.1)
    if tile in COLOURS:
        _vendor(scr, x, y, cs, tile, state.vendors[tile] if state is not None else 0)
    elif tile == "king":
        _king(scr, x, y, cs, state)
    else:
        tx, ty = x + inset, y + inset
        scr.box(tx, ty, w, w, STONE, radius=cs * 0.1)
        scr.box(tx, ty, w, w, STONE_EDGE, radius=cs * 0.1, width=max(2.0, cs * 0.03))
        silhouette(scr, tile, x + cs * 0.5, y + cs * 0.4, cs * 0.27)
        # the role's name if it fits the tile at a readable size (the long ones do not:
        # the silhouette says which it is, and the panel names the tile under the cursor)
        label = tile.capitalize()
        size = max(float(theme.FONT_SMALL), min(cs * 0.2, theme.FONT_BODY))
        if roomy(cs) and scr.text_width(label, size) <= cs * 0.94:
            scr.text(label, x + cs * 0.5, y + cs * 0.85, size, INK, "center")
        if tile == "messenger" and roomy(cs):
            scr.box(x + cs * 0.62, y + cs * 0.07, cs * 0.32, cs * 0.17, theme.GOOD,
                    radius=cs * 0.05)
            scr.text("FREE", x + cs * 0.78, y + cs * 0.155, theme.readable(cs * 0.13), INK,
                     "center")
    gloss(scr, x + inset, y + inset, w, cs)
    # the square's name ("a1") only where it has room beside the tile's own words
    if name and not lift and tile in ("crowd", "porter") and roomy(cs):
        scr.text(name, x + cs * 0.08, y + cs * 0.06, theme.readable(cs * 0.13),
                 (60, 54, 46), "topleft")


def gloss(scr: Screen, x: float, y: float, w: float, cs: float) -> None:
    """Light from the top left on a tile: a lit upper rim and a shaded lower one."""
    rim = max(1.0, cs * 0.025)
    scr.box(x + cs * 0.06, y + rim * 0.8, w - cs * 0.12, rim, (255, 255, 255, 70),
            radius=rim / 2)
    scr.box(x + cs * 0.06, y + w - rim * 1.8, w - cs * 0.12, rim, (0, 0, 0, 60),
            radius=rim / 2)


def _vendor(scr: Screen, x: float, y: float, cs: float, tile: str, count: int) -> None:
    """A vendor tile: its colour, its goods and the tokens on it."""
    inset = cs * 0.035
    w = cs - 2 * inset
    tx, ty = x + inset, y + inset
    fill = VENDOR_FILL[tile]
    scr.box(tx, ty, w, w, fill, radius=cs * 0.1)
    scr.box(tx + cs * 0.05, ty + cs * 0.05, w - cs * 0.1, w - cs * 0.1,
            darker(fill, 1.25) if tile != "black" else (100, 100, 112),
            radius=cs * 0.07, width=max(1.5, cs * 0.02))
    scr.box(tx, ty, w, w, INK, radius=cs * 0.1, width=max(2.0, cs * 0.03))
    shadow_text(scr, tile.upper(), x + cs * 0.5, y + cs * 0.19, theme.readable(cs * 0.23))
    if count:
        stack(scr, tile, x + cs * 0.3, y + cs * 0.66, cs * 0.15, count)
    else:
        scr.circle(x + cs * 0.3, y + cs * 0.62, cs * 0.15, darker(fill, 0.75))
        glyph(scr, tile, x + cs * 0.3, y + cs * 0.62, cs * 0.09, darker(fill, 1.4)
              if tile != "black" else (120, 120, 130))
    scr.box(x + cs * 0.5, y + cs * 0.4, cs * 0.42, cs * 0.36, (0, 0, 0, 120),
            radius=cs * 0.08)
    scr.text(str(count), x + cs * 0.71, y + cs * 0.59, theme.readable(cs * 0.4),
             GLYPH if count else (200, 200, 200), "center")
    if roomy(cs):
        scr.text(GOODS[tile], x + cs * 0.5, y + cs * 0.88, theme.readable(cs * 0.16), GLYPH,
                 "center")


def _king(scr: Screen, x: float, y: float, cs: float, state: Any) -> None:
    """The king's tile: a border of the four commodity colours and his tokens of each."""
    inset = cs * 0.035
    w = cs - 2 * inset
    tx, ty = x + inset, y + inset
    scr.box(tx, ty, w, w, KING_FILL, radius=cs * 0.1)
    t = cs * 0.06
    sides = [(tx + cs * 0.1, ty, w - cs * 0.2, t), (tx + w - t, ty + cs * 0.1, t, w - cs * 0.2),
             (tx + cs * 0.1, ty + w - t, w - cs * 0.2, t), (tx, ty + cs * 0.1, t, w - cs * 0.2)]
    for colour, rect in zip(COLOURS, sides, strict=False):
        scr.box(*rect, COMMODITY[colour])
    scr.box(tx, ty, w, w, INK, radius=cs * 0.1, width=max(2.0, cs * 0.03))
    crown(scr, x + cs * 0.28, y + cs * 0.24, cs * 0.13, (120, 70, 10))
    scr.text("KING", x + cs * 0.66, y + cs * 0.24, theme.readable(cs * 0.22), INK, "center")
    for i, colour in enumerate(COLOURS):
        col, row = i % 2, i // 2
        px = x + cs * (0.2 + 0.44 * col)
        py = y + cs * (0.56 + 0.25 * row)
        held = state.king[colour] if state is not None else 0
        token(scr, colour, px, py, cs * 0.095)
        scr.text(str(held), px + cs * 0.13, py, theme.readable(cs * 0.25),
                 INK if held else (150, 120, 60), "midleft")


def paint_hole(scr: Screen, x: float, y: float, cs: float, name: str) -> None:
    inset = cs * 0.06
    scr.box(x + inset, y + inset, cs - 2 * inset, cs - 2 * inset, HOLE, radius=cs * 0.08)
    dash = cs * 0.1
    x0, y0, x1, y1 = x + inset, y + inset, x + cs - inset, y + cs - inset
    k = 0.0
    while k < cs - 2 * inset:
        e = min(k + dash * 0.6, cs - 2 * inset)
        for a, b in (((x0 + k, y0), (x0 + e, y0)), ((x0 + k, y1), (x0 + e, y1)),
                     ((x0, y0 + k), (x0, y0 + e)), ((x1, y0 + k), (x1, y0 + e))):
            scr.line(a, b, (110, 110, 130), max(1.5, cs * 0.02))
        k += dash
    scr.text("hole", x + cs / 2, y + cs / 2, theme.readable(cs * 0.2), (120, 120, 140), "center")
    if roomy(cs):
        scr.text(name, x + cs * 0.1, y + cs * 0.08, theme.readable(cs * 0.13), (90, 90, 110),
                 "topleft")


# ---------------------------------------------------------------------------------------
# buyers
# ---------------------------------------------------------------------------------------
def paint_buyer(scr: Screen, rect: Rect, number: int, held: list[Any], colour: Any,
                mark: str, hide_goods: bool = False) -> None:
    """A buyer tile: its number, its coin (or the empty place of one), its goods."""
    x, y, w, h = rect
    m = min(w, h)
    inset = m * 0.04
    pieces.bevel_box(scr, x + inset, y + inset, w - 2 * inset, h - 2 * inset - m * 0.04,
                     BUYER, radius=m * 0.12, depth=m * 0.04)
    scr.box(x + inset, y + inset, w - 2 * inset, h - 2 * inset, colour, radius=m * 0.12,
            width=max(2.0, m * 0.07))
    bx, by = x + m * 0.22, y + m * 0.22
    scr.circle(bx, by, m * 0.15, colour)
    scr.text(str(number), bx, by + m * 0.01, theme.readable(m * 0.26), INK, "center")
    draw_mark(scr, mark, x + w - m * 0.2, y + h - m * 0.2, m * 0.07, colour)
    has_coin, goods, count = held
    coin(scr, x + w - m * 0.24, y + m * 0.24, m * 0.15, bool(has_coin))
    if goods and count and not hide_goods:
        tx, ty = x + w * 0.5 - m * 0.16, y + h - m * 0.36
        token(scr, goods, tx, ty, m * 0.17)
        shadow_text(scr, str(count), tx + m * 0.24, ty + m * 0.01, theme.readable(m * 0.42),
                    GLYPH, "midleft")
    elif not goods and m >= SMALL_BUYER and \
            scr.text_width("empty", theme.FONT_SMALL) <= w * 0.92:
        scr.text("empty", x + w / 2, y + h - m * 0.32, theme.FONT_SMALL, (196, 170, 140),
                 "center")


# ---------------------------------------------------------------------------------------
# the static layer: plaza, seat bands and labels
# ---------------------------------------------------------------------------------------
def team_of(rules: Any, seat: int) -> int | None:
    """The team index of ``seat`` when teams have more than one member."""
    for i, team in enumerate(rules.teams):
        if seat in team and len(team) > 1:
            return i
    return None


def team_text(rules: Any, names: list[str], seat: int) -> str:
    i = team_of(rules, seat)
    if i is None:
        return ""
    members = " + ".join(names[m] for m in rules.teams[i])
    return f"Team {TEAM_LETTERS[i % 4]}: {members}"


def paint_static(scr: Screen, lay: Layout, rules: Any, names: list[str],
                 colours: list[Any], marks: list[str]) -> None:
    cs = lay.cs
    gx, gy, gw, gh = lay.grid
    pad = cs * 0.08
    plaza = scr.rect(gx - pad, gy - pad, gw + 2 * pad, gh + 2 * pad)
    pieces.drop_shadow(scr, gx - pad, gy - pad, gw + 2 * pad, gh + 2 * pad, cs * 0.12,
                       cs * 0.08)
    slab = texture.stone(plaza.size, PLAZA, seed=19, blocks=scr.ln(cs * 0.5))
    scr.surface.blit(texture.masked(slab, plaza.size, scr.ln(cs * 0.12)), plaza.topleft)
    scr.box(gx - pad, gy - pad, gw + 2 * pad, gh + 2 * pad, PLAZA_EDGE, radius=cs * 0.12,
            width=max(2.0, cs * 0.03))
    for sq in range(lay.n * lay.n):
        x, y, w, h = lay.square(sq)
        scr.box(x + 2, y + 2, w - 4, h - 4, (0, 0, 0, 70), radius=cs * 0.08)
    for seat, side in enumerate(rules.sides):
        colour = colours[seat] if seat < len(colours) else theme.NEUTRAL_COLOUR
        mark = marks[seat] if seat < len(marks) else "circle"
        team = team_of(rules, seat)
        if team is not None:  # partners' rows sit on bands of their team's colour
            x, y, w, h = lay.side_row(side)
            bx, by, bw, bh = lay.band_rect(side)
            x0, y0 = min(x, bx) - 7, min(y, by) - 7
            x1, y1 = max(x + w, bx + bw) + 7, max(y + h, by + bh) + 7
            scr.box(x0, y0, x1 - x0, y1 - y0, TEAM_COLOURS[team % len(TEAM_COLOURS)],
                    radius=12)
            scr.box(x0 + 4, y0 + 4, x1 - x0 - 8, y1 - y0 - 8, (18, 16, 14, 200), radius=10)
        paint_band(scr, lay, rules, side, seat, names, colour, mark)


def paint_band(scr: Screen, lay: Layout, rules: Any, side: str, seat: int,
               names: list[str], colour: Any, mark: str) -> None:
    bx, by, bw, bh = lay.band_rect(side)
    scr.box(bx, by, bw, bh, colour, radius=bh * 0.4 if side in ("south", "north")
            else bw * 0.4)
    # the seat's mark along the strip
    for b in range(lay.n):
        cx, cy = lay.buyer_centre(side, b)
        if side in ("south", "north"):
            cy = by + bh / 2
        else:
            cx = bx + bw / 2
        draw_mark(scr, mark, cx, cy, min(bw, bh) * 0.32, INK)
    team = team_of(rules, seat)
    name = names[seat] if seat < len(names) else f"Player {seat + 1}"
    lx, ly, lw, lh = lay.label_rect(side)
    if side in ("south", "north"):
        size = min(lh * 0.9, theme.FONT_BODY * 1.1)
        cy = ly + lh / 2
        text = name
        mates = ""
        if team is not None:
            others = [names[m] for m in rules.teams[team] if m != seat and m < len(names)]
            mates = f"  ·  Team {TEAM_LETTERS[team % 4]} with {' + '.join(others)}"
            text += mates
        width = scr.text_width(text, theme.readable(size)) + size * 1.2
        sx = lx + lw / 2 - width / 2
        draw_mark(scr, mark, sx + size * 0.4, cy, size * 0.32, colour)
        scr.text(name, sx + size * 1.0, cy, theme.readable(size), colour, "midleft")
        if team is not None:
            tw = scr.text_width(name, theme.readable(size))
            tcolour = TEAM_COLOURS[team % len(TEAM_COLOURS)]
            scr.text(mates, sx + size * 1.0 + tw, cy, theme.readable(size), tcolour, "midleft")
        return
    # west / east: a card in the margin
    frames.panel(scr, lx, ly, lw, lh, colour, radius=12, fill=theme.PANEL_LIGHT, width=4)
    # a long name steps down a size (never under the reading size) before it is cut: the
    # card is narrower when the board plays small behind the title menu
    size = fit_size(scr, name, lw - 60, theme.readable(theme.FONT_BODY * 1.1))
    draw_mark(scr, mark, lx + 26, ly + 34, 14, colour)
    scr.text(_fit(scr, name, size, lw - 60), lx + 48, ly + 34, size, colour, "midleft")
    arrow = f"buyers 1-{lay.n} " + ("top to bottom" if side == "west" else "bottom to top")
    for i, line in enumerate(fit_lines(scr, arrow, theme.FONT_SMALL, lw - 28)[::-1]):
        scr.text(line, lx + 14, ly + lh - 24 - 32 * i, theme.FONT_SMALL, theme.TEXT_DIM,
                 "midleft")
    if team is not None:
        tcolour = TEAM_COLOURS[team % len(TEAM_COLOURS)]
        lines = fit_lines(scr, team_text(rules, names, seat), theme.FONT_SMALL, lw - 40)
        scr.box(lx + 14, ly + 62, lw - 28, 8 + 32 * len(lines), tcolour, radius=8)
        for i, line in enumerate(lines):
            scr.text(line, lx + lw / 2, ly + 82 + 32 * i, theme.FONT_SMALL, INK, "center")


def _fit(scr: Screen, text: str, size: float, width: float) -> str:
    return scr.fit(text, theme.readable(size), width)


# ---------------------------------------------------------------------------------------
# the margin cards (the pieces layer, piece by piece: view_pieces)
# ---------------------------------------------------------------------------------------
def card(scr: Screen, rect: Rect, title: str) -> float:
    x, y, w, h = rect
    frames.panel(scr, x, y, w, h, theme.PANEL_LIGHT, radius=14)
    scr.text(title, x + 16, y + 12, theme.readable(theme.FONT_SMALL * 0.85), theme.TEXT_DIM)
    return y + 44


def _count_x(x: float, w: float) -> float:
    """Where a corner card's count and its words start: right of the picture, early
    enough on a narrow card for "tokens left" to end inside it."""
    return x + min(w * 0.45, w - 160)


def paint_bag(scr: Screen, rect: Rect, count: int, removed: int) -> None:
    """The bag: only how many tokens it holds, never which."""
    x, y, w, h = rect
    top = card(scr, rect, "THE BAG")
    s = min(h * 0.28, 44.0)
    tx = _count_x(x, w)
    cx, cy = (x + tx) / 2, top + (y + h - top) / 2 - 6
    sack(scr, cx, cy, s)
    colour = theme.TEXT if count else theme.DANGER
    scr.text(str(count), tx, cy - 14, theme.readable(theme.FONT_LARGE * 1.15), colour,
             "midleft")
    words = ["tokens left"] if count else ["empty:", "last round"]  # two lines fit the card
    for i, line in enumerate(words):
        scr.text(line, tx, cy + 26 + 30 * i, theme.FONT_SMALL, theme.TEXT_DIM, "midleft")
    if removed:
        lines = fit_lines(scr, f"{removed} set aside unseen", theme.FONT_SMALL, w - 28)
        for i, line in enumerate(lines[::-1]):
            scr.text(line, x + 14, y + h - 12 - 32 * i, theme.FONT_SMALL, theme.TEXT_DIM,
                     "bottomleft")


def paint_supply(scr: Screen, rect: Rect, supply: int) -> None:
    x, y, w, h = rect
    top = card(scr, rect, "MONEY SUPPLY")
    tx = _count_x(x, w)
    cx, cy = (x + tx) / 2, top + (y + h - top) / 2 - 6
    r = min(h * 0.16, 26.0)
    for i in range(3):
        coin(scr, cx, cy + r * 0.9 - i * r * 0.45, r)
    colour = theme.TEXT if supply else theme.DANGER
    scr.text(str(supply), tx, cy - 14, theme.readable(theme.FONT_LARGE * 1.15), colour,
             "midleft")
    scr.text("coins", tx, cy + 26, theme.readable(theme.FONT_SMALL * 0.8), theme.TEXT_DIM,
             "midleft")


def paint_whims(scr: Screen, rect: Rect, s: Any) -> None:
    """The king's tokens: each colour's multiplier."""
    x, y, w, h = rect
    top = card(scr, rect, "KING'S WHIMS (×)")
    row = min(52.0, (y + h - top - 8) / len(COLOURS))
    for i, colour in enumerate(COLOURS):
        cy = top + row * (i + 0.5)
        token(scr, colour, x + 34, cy, min(18.0, row * 0.38))
        held = s.king[colour]
        scr.text(f"× {held}", x + 64, cy, theme.FONT_BODY, theme.TEXT if held else
                 theme.TEXT_DIM, "midleft")
        scr.text(colour, x + w - 16, cy, theme.readable(theme.FONT_SMALL * 0.8), theme.TEXT_DIM,
                 "midright")


def paint_score(scr: Screen, rect: Rect, rules: Any, s: Any, names: list[str],
                colours: list[Any], marks: list[str], scores: list[int]) -> None:
    """Who holds what (each colour scores for the team member holding most)."""
    from variants.market.scoring import holdings

    x, y, w, h = rect
    top = card(scr, rect, "HOLDINGS")
    held = holdings(s.buyers)
    rows: list[tuple[str, Any]] = []
    for i, team in enumerate(rules.teams):
        if len(team) > 1:
            rows.append(("team", i))
        rows.extend(("seat", m) for m in team)
    step = min(40.0, (y + h - top - 6) / max(1, len(rows)))
    size = min(theme.FONT_SMALL * 0.85, step * 0.75)
    cw = 42.0
    cols = x + w - 4 * cw - 8
    for j, (kind, who) in enumerate(rows):
        cy = top + step * (j + 0.5)
        if kind == "team":
            team = rules.teams[who]
            tcolour = TEAM_COLOURS[who % len(TEAM_COLOURS)]
            scr.text(f"Team {TEAM_LETTERS[who % 4]}", x + 14, cy, theme.readable(size), tcolour,
                     "midleft")
            scr.text(f"{scores[team[0]]} pts", x + w - 14, cy, theme.readable(size), tcolour,
                     "midright")
            continue
        seat = who
        colour = colours[seat] if seat < len(colours) else theme.NEUTRAL_COLOUR
        draw_mark(scr, marks[seat] if seat < len(marks) else "circle", x + 18, cy, 9, colour)
        label = names[seat] if seat < len(names) else f"Player {seat + 1}"
        # the name when it fits whole; else the seat's colour and mark say who it is
        if scr.text_width(label, theme.readable(size)) <= cols - x - 34:
            scr.text(label, x + 30, cy, theme.readable(size), colour, "midleft")
        for i, c in enumerate(COLOURS):
            tx = cols + i * cw
            n = held[seat][c]
            if n:
                token(scr, c, tx + 7, cy, 7)
                scr.text(str(n), tx + 16, cy, theme.readable(size * 0.95), theme.TEXT, "midleft")
            else:
                scr.text("·", tx + 12, cy, theme.readable(size), theme.TEXT_DIM, "center")
