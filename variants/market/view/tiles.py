"""The market's tiles: vendors, the king, the grey people (crowd, porter, governor,
ambassador, messenger) and the hole, each in its square.

A tile is laid out in three rows so that nothing covers its picture: the square's name
("a1") in the top row, the picture in the middle, the tile's word at the bottom (the
vendor's colour, the role's name, the messenger's "FREE"). What a player counts on (a
vendor's tokens, the king's tokens of each colour) is at the reading size. A small
square (a lesson's board) shows the picture and what must be read only: its lesser words,
held at the 28 px floor, would cover the picture. Only drawing; nothing here changes
game or view state.
"""

from __future__ import annotations

import math
from typing import Any

from game.i18n import say
from game.kit.client import Screen, fit_size, theme
from variants.market.params import COLOURS
from variants.market.text import COLOURS as COLOUR_NAMES
from variants.market.text import _, tile_of
from variants.market.view.paint import (
    COMMODITY,
    GLYPH,
    HOLE,
    INK,
    KING_FILL,
    SILHOUETTE,
    SMALL_TILE,
    STONE,
    STONE_EDGE,
    VENDOR_FILL,
    coin,
    darker,
    glyph,
    shadow_text,
    stack,
    token,
)
from variants.market.view.paint import count_size as vp_count_size

#: the top row (the square's name) and the bottom row (the tile's word), at least
TOP_ROW = 30.0
WORD_ROW = 36.0
#: the square's name, dim on each kind of tile
NAME_INK = (92, 84, 72)
FREE_FILL = (90, 210, 120)


def roomy(cs: float) -> bool:
    """Whether a square of ``cs`` has room for a tile's lesser words."""
    return cs >= SMALL_TILE


def rows(cs: float) -> tuple[float, float, float]:
    """The heights of the top row, the picture and the word row of a tile's face."""
    face = cs * 0.93
    if not roomy(cs):
        return 0.0, face, 0.0
    top, word = max(TOP_ROW, cs * 0.2), max(WORD_ROW, cs * 0.24)
    return top, face - top - word, word


def count_size(cs: float, size: float) -> float:
    """A count on a tile (see :func:`paint.count_size`)."""
    return vp_count_size(roomy(cs), size, min(size, cs * 0.3))


def count_role(cs: float) -> str:
    """The counts are must-reads on a board in play (see :func:`count_size`)."""
    return "score" if roomy(cs) else ""


def word_size(cs: float) -> float:
    return theme.readable(min(cs * 0.22, 36.0))


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


# ---------------------------------------------------------------------------------------
# tiles
# ---------------------------------------------------------------------------------------
def paint_tile(scr: Screen, x: float, y: float, cs: float, tile: str, state: Any,
               name: str = "", lift: float = 0.0, counted: bool = True) -> None:
    """One market tile in its square at (x, y); ``lift`` > 0 draws it raised (moving).
    ``counted`` False: a vendor's count is left out (``vendor_count`` draws it after,
    the same pixels: see :func:`apart`)."""
    inset = cs * 0.035
    w = cs - 2 * inset
    shade = (0, 0, 0, 110) if lift else (0, 0, 0, 90)
    dx, dy = (cs * 0.05, cs * 0.07) if lift else (cs * 0.02, cs * 0.035)
    scr.box(x + inset + dx, y + inset + dy, w, w, shade, radius=cs * 0.1)
    if tile in COLOURS:
        _vendor(scr, x, y, cs, tile, state.vendors[tile] if state is not None else 0,
                counted)
    elif tile == "king":
        _king(scr, x, y, cs, state)
    else:
        _grey(scr, x, y, cs, tile)
    gloss(scr, x + inset, y + inset, w, cs)
    if name and not lift and roomy(cs):
        _name(scr, x, y, cs, name, GLYPH if tile in COLOURS else NAME_INK)


def _name(scr: Screen, x: float, y: float, cs: float, name: str, ink: Any) -> None:
    """The square's name in the tile's top row, left."""
    top = rows(cs)[0]
    scr.text(name, x + cs * 0.1, y + cs * 0.035 + top / 2, theme.FONT_SMALL, ink, "midleft")


def _grey(scr: Screen, x: float, y: float, cs: float, tile: str) -> None:
    """A grey tile: its person in the middle, its name (or the messenger's "FREE") in
    the word row when it fits whole."""
    inset = cs * 0.035
    w = cs - 2 * inset
    tx, ty = x + inset, y + inset
    scr.box(tx, ty, w, w, STONE, radius=cs * 0.1)
    scr.box(tx, ty, w, w, STONE_EDGE, radius=cs * 0.1, width=max(2.0, cs * 0.03))
    top, art, word = rows(cs)
    s = min(art / 1.9, w / 2.1)
    silhouette(scr, tile, x + cs * 0.5, ty + top + art / 2, s)
    if not word:
        return
    wy = ty + top + art + word / 2
    size = word_size(cs)
    if tile == "messenger":  # its rule is its word: it moves for free
        free = say(_("Free", context="messenger")).upper()
        size = fit_size(scr, free, w - 20, size, theme.FONT_SMALL)
        bw = scr.text_width(free, size) + 18
        scr.box(x + cs / 2 - bw / 2, wy - size * 0.6, bw, size * 1.2, FREE_FILL,
                radius=size * 0.3)
        scr.text(free, x + cs / 2, wy, size, INK, "center")
        return
    label = say(tile_of(tile))  # at a smaller size if need be, else left out (the picture
    label = label[:1].upper() + label[1:]
    size = fit_size(scr, label, w - 2, size, theme.FONT_SMALL)  # and the panel say it)
    if scr.text_width(label, size) <= w - 2:
        scr.text(label, x + cs / 2, wy, size, INK, "center")


def gloss(scr: Screen, x: float, y: float, w: float, cs: float) -> None:
    """Light from the top left on a tile: a lit upper rim and a shaded lower one."""
    rim = max(1.0, cs * 0.025)
    scr.box(x + cs * 0.06, y + rim * 0.8, w - cs * 0.12, rim, (255, 255, 255, 70),
            radius=rim / 2)
    scr.box(x + cs * 0.06, y + w - rim * 1.8, w - cs * 0.12, rim, (0, 0, 0, 60),
            radius=rim / 2)


def apart(cs: float) -> bool:
    """Whether a vendor's count may be drawn after the rest of its tile: on a tile with
    room for its rows the count's box and number stand in the middle row, right of the
    tokens, and nothing else drawn on the tile reaches there (the colour's name is in
    the word row below, the gloss on the rims, the square's name in the top row), so
    they come out the same drawn last. Its picture without them then serves every count
    of five and more (:class:`~variants.market.view.pieces.TileArt`)."""
    return roomy(cs)


def _vendor(scr: Screen, x: float, y: float, cs: float, tile: str, count: int,
            counted: bool = True) -> None:
    """A vendor tile: its tokens piled at the left of the middle row and their number at
    the right, at the reading size; its colour's name in the word row."""
    inset = cs * 0.035
    w = cs - 2 * inset
    tx, ty = x + inset, y + inset
    fill = VENDOR_FILL[tile]
    scr.box(tx, ty, w, w, fill, radius=cs * 0.1)
    scr.box(tx + cs * 0.05, ty + cs * 0.05, w - cs * 0.1, w - cs * 0.1,
            darker(fill, 1.25) if tile != "black" else (100, 100, 112),
            radius=cs * 0.07, width=max(1.5, cs * 0.02))
    scr.box(tx, ty, w, w, INK, radius=cs * 0.1, width=max(2.0, cs * 0.03))
    top, art, word = rows(cs)
    if not word:  # a small tile: the colour's name over the tokens where it fits
        name_size = theme.readable(cs * 0.23)
        name = say(COLOUR_NAMES.get(tile, tile)).upper()
        if scr.text_width(name, name_size) <= w - 4:
            top = w * 0.34
            shadow_text(scr, name, x + cs / 2, ty + top / 2, name_size)
            art = w - top
    mid = ty + top + art / 2
    r = min(cs * 0.12, art / 4.2)
    sx = x + cs * 0.28
    if count:
        stack(scr, tile, sx, mid + art / 2 - r * 1.15, r, count)
    else:
        scr.circle(sx, mid, r, darker(fill, 0.75))
        glyph(scr, tile, sx, mid, r * 0.6, darker(fill, 1.4) if tile != "black"
              else (120, 120, 130))
    if counted or not apart(cs):
        _count(scr, x, mid, cs, art, count)
    if word:  # the colour's name, a size smaller if need be ("SCHWARZ"), else left out
        name = say(COLOUR_NAMES.get(tile, tile)).upper()
        size = fit_size(scr, name, w - 4, word_size(cs), theme.FONT_SMALL)
        if scr.text_width(name, size) <= w - 4:
            shadow_text(scr, name, x + cs / 2, ty + top + art + word / 2, size)


def vendor_count(scr: Screen, x: float, y: float, cs: float, count: int) -> None:
    """A vendor's count drawn on its tile after the rest (``paint_tile``'s ``counted``
    False, where :func:`apart`)."""
    top, art, _word = rows(cs)
    _count(scr, x, y + cs * 0.035 + top + art / 2, cs, art, count)


def _count(scr: Screen, x: float, mid: float, cs: float, art: float, count: int) -> None:
    """The vendor's number of tokens in its dark box, right of the tokens."""
    size = count_size(cs, min(cs * 0.34, 56.0))
    bw, bh = cs * 0.4, min(art, size * 1.05)
    scr.box(x + cs * 0.52, mid - bh / 2, bw, bh, (0, 0, 0, 120), radius=cs * 0.08)
    scr.text(str(count), x + cs * 0.52 + bw / 2, mid, size, GLYPH if count else (200, 200, 200),
             "center", role=count_role(cs))


def _king(scr: Screen, x: float, y: float, cs: float, state: Any) -> None:
    """The king's tile: a border of the four commodity colours, his crown and name in the
    top row, and his tokens of each colour (each one the colour's multiplier at the
    end) at the reading size."""
    inset = cs * 0.035
    w = cs - 2 * inset
    tx, ty = x + inset, y + inset
    scr.box(tx, ty, w, w, KING_FILL, radius=cs * 0.1)
    t = cs * 0.05
    sides = [(tx + cs * 0.1, ty, w - cs * 0.2, t), (tx + w - t, ty + cs * 0.1, t, w - cs * 0.2),
             (tx + cs * 0.1, ty + w - t, w - cs * 0.2, t), (tx, ty + cs * 0.1, t, w - cs * 0.2)]
    for colour, rect in zip(COLOURS, sides, strict=False):
        scr.box(*rect, COMMODITY[colour])
    scr.box(tx, ty, w, w, INK, radius=cs * 0.1, width=max(2.0, cs * 0.03))
    top = rows(cs)[0] or cs * 0.26  # the name row, or on a small tile room for KING
    right = tx + w - cs * 0.06
    named = tx + (scr.text_width("d4", theme.FONT_SMALL) + cs * 0.2 if roomy(cs) else 0.0)
    king = say(tile_of("king")).upper()
    size = fit_size(scr, king, right - named, theme.readable(min(cs * 0.22, 32.0)),
                    theme.FONT_SMALL)
    s = min(cs * 0.09, top * 0.3)
    kw = scr.text_width(king, size)
    if kw > right - named:  # no room for his name beside the square's: his crown says it
        big = min(cs * 0.13, top * 0.45)
        crown(scr, right - big * 1.3, ty + top / 2 + big * 0.1, big, (120, 70, 10))
    else:
        scr.text(king, right, ty + top / 2 + 1, size, INK, "midright")
        if right - kw - cs * 0.05 - 2 * s > named:  # the crown where the name leaves room
            crown(scr, right - kw - cs * 0.05 - s, ty + top / 2, s, (120, 70, 10))
    cell_h = (w - top - t) / 2
    r = min(cs * 0.085, cell_h * 0.3)
    for i, colour in enumerate(COLOURS):
        col, row = i % 2, i // 2
        px = tx + w * (0.05 + 0.48 * col) + r
        py = ty + top + cell_h * (row + 0.5)
        held = state.king[colour] if state is not None else 0
        token(scr, colour, px, py, r)
        scr.text(str(held), px + r + 5, py, count_size(cs, theme.FONT_READ),
                 INK if held else (150, 120, 60), "midleft", role=count_role(cs))


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
    scr.text(say(_("hole", context="square")), x + cs / 2, y + cs / 2 + rows(cs)[0] / 2 * 0.5,
             theme.readable(cs * 0.2), (120, 120, 140), "center")
    if roomy(cs):
        _name(scr, x, y, cs, name, (110, 110, 130))
