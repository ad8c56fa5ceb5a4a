"""Painting Mexica's board: layout, the static map, the pieces and preview overlays.

Only drawing lives here; nothing in this module changes game or view state. All sizes are
in the screen's logical units and scale with the cell size, so any custom board fits its
area. Pieces carry their owner's colour *and* shape mark.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from game.kit.client import (
    NEUTRAL,
    NEUTRAL_MARK,
    Piece,
    Screen,
    draw_mark,
    palette,
    pieces,
    stamp,
    texture,
    theme,
)
from variants.mexica.board import Board
from variants.mexica.state import MexicaState
from variants.mexica.view import land as view_land
from variants.mexica.view.layout import Layout as Layout  # re-exported: the views, tests and
from variants.mexica.view.layout import boundary as boundary  # benchmarks import them here
from variants.mexica.view.layout import make_layout as make_layout
from variants.mexica.view.layout import outline as outline

if TYPE_CHECKING:
    from variants.mexica.rules import MexicaRules

INK = (20, 16, 12)
CANAL_EDGE = (14, 52, 96)
WAVE = (56, 124, 182)
BRIDGE_LIGHT = (168, 118, 66)
WAVE_LIGHT = (150, 206, 240)
CANAL_SHADE = (14, 52, 96, 120)


def shadow_text(scr: Screen, text: str, x: float, y: float, size: float,
                colour: tuple[int, int, int], anchor: str = "center") -> None:
    off = max(1.5, size * 0.06)
    scr.text(text, x + off, y + off, theme.readable(size), INK, anchor)
    scr.text(text, x, y, theme.readable(size), colour, anchor)


# ----------------------------------------------------------------------------------------
# static map
# ----------------------------------------------------------------------------------------
def paint_static(scr: Screen, lay: Layout, board: Board) -> None:
    """The lake, the island raised out of it (see :mod:`variants.mexica.view.land`), the palace's
    start spaces and emblem, and the coordinates; painted once per size into the view's
    base layer."""
    cs = lay.cs
    ox, oy, ow, oh = lay.outer
    frame = scr.rect(ox, oy, ow, oh)
    lake = texture.water(frame.size, palette.WATER, seed=7, ripple=scr.ln(cs * 0.55))
    scr.surface.blit(texture.masked(lake, frame.size, scr.ln(cs * 0.3)), frame.topleft)
    view_land.paint_island(scr, lay, board)
    for c in board.palace:
        x, y = lay.xy(c)
        if board.kind[c] == "S":
            scr.box(x + cs * 0.3, y + cs * 0.3, cs * 0.4, cs * 0.4, palette.GOLD_DARK,
                    width=cs * 0.06)
        else:
            cx, cy = x + cs / 2, y + cs / 2
            r = cs * 0.3
            scr.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)],
                        palette.GOLD_DARK)
            scr.polygon([(cx, cy - r * 0.7), (cx + r * 0.7, cy), (cx, cy + r * 0.7),
                         (cx - r * 0.7, cy)], palette.GOLD)
            scr.circle(cx, cy, cs * 0.08, palette.GOLD_LIGHT)
    outline(scr, lay, set(board.palace), INK, max(2.0, cs * 0.06))
    size = max(14.0, cs * 0.42)
    m = lay.margin / 2
    for col in range(lay.cols):
        x = lay.x0 + (col + 0.5) * cs
        letter = chr(ord("a") + col)
        scr.text(letter, x, lay.y0 - m, theme.readable(size), theme.TEXT, "center")
        scr.text(letter, x, lay.y0 + lay.rows * cs + m, theme.readable(size), theme.TEXT, "center")
    for row in range(lay.rows):
        y = lay.y0 + (row + 0.5) * cs
        scr.text(str(row + 1), lay.x0 - m, y, theme.readable(size), theme.TEXT, "center")
        scr.text(str(row + 1), lay.x0 + lay.cols * cs + m, y, theme.readable(size), theme.TEXT,
                 "center")


# ----------------------------------------------------------------------------------------
# pieces
# ----------------------------------------------------------------------------------------
def tile_rect(lay: Layout, tile: tuple[int, ...]) -> tuple[float, float, float, float]:
    xs = [lay.xy(c) for c in tile]
    x0 = min(p[0] for p in xs)
    y0 = min(p[1] for p in xs)
    x1 = max(p[0] for p in xs) + lay.cs
    y1 = max(p[1] for p in xs) + lay.cs
    return x0, y0, x1 - x0, y1 - y0


def paint_canal(scr: Screen, lay: Layout, tile: tuple[int, ...], fill: Any = theme.CANAL,
                edge: Any = CANAL_EDGE, k: float = 1.0) -> None:
    """A canal tile sunk into the land: seen from the south, its north wall's earthen
    face, the west wall's shadow on the water, the water with its ripples. ``k`` > 1: the
    tile in the air (dropping in), raised with its shadow; a see-through ``fill``: a
    ghost (the preview)."""
    x, y, w, h = tile_rect(lay, tile)
    cs = lay.cs
    if k != 1.0:
        cx, cy = x + w / 2, y + h / 2
        w, h = w * k, h * k
        x, y = cx - w / 2, cy - h / 2
    inset = cs * 0.04
    bx, by, bw, bh = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    if len(fill) != 3:  # a ghost
        scr.box(bx, by, bw, bh, fill, radius=cs * 0.12)
        scr.box(bx, by, bw, bh, edge, radius=cs * 0.12, width=max(2.0, cs * 0.07))
        return
    if k > 1.0:
        pieces.drop_shadow(scr, bx, by, bw, bh, cs * 0.12, cs * 0.3 * (k - 1))
    radius = cs * 0.1
    scr.box(bx, by, bw, bh, texture.shade(fill, -0.3), radius=radius)  # the depth
    wall = cs * 0.16
    scr.box(bx, by + wall * 0.6, bw, bh - wall * 0.6, fill, radius=radius)
    scr.box(bx, by, bw, wall, view_land.BANK, radius=radius)  # the north wall's face
    scr.box(bx, by + wall * 0.55, bw, wall * 0.45, view_land.BANK_DARK)
    scr.box(bx, by + wall, bw, cs * 0.07, CANAL_SHADE)  # its shadow on the water
    scr.box(bx, by + wall, cs * 0.09, bh - wall, CANAL_SHADE)  # the west wall's
    scr.box(bx, by, bw, bh, view_land.BANK_DARK, radius=radius, width=max(1.5, cs * 0.04))
    if k != 1.0:
        return
    for c in tile:
        cx, cy = lay.centre(c)
        for dx, dy in ((-0.1, 0.02), (0.12, 0.24)):
            px, py = cx + dx * cs, cy + dy * cs
            scr.line((px - cs * 0.14, py), (px, py - cs * 0.05), WAVE_LIGHT, cs * 0.04)
            scr.line((px, py - cs * 0.05), (px + cs * 0.14, py), WAVE_LIGHT, cs * 0.04)


def paint_bridge(scr: Screen, lay: Layout, c: int, axis: str, colour: Any = theme.BRIDGE,
                 k: float = 1.0, edge: Any = INK) -> None:
    """A bridge of planks across a canal, casting a shadow on the water."""
    cs = lay.cs
    cx, cy = lay.centre(c)
    length, breadth = cs * 1.3 * k, cs * 0.5 * k
    w, h = (breadth, length) if axis == "ns" else (length, breadth)
    if len(colour) == 3:
        pieces.drop_shadow(scr, cx - w / 2, cy - h / 2, w, h, cs * 0.06, cs * 0.12 * k)
    scr.box(cx - w / 2, cy - h / 2, w, h, colour, radius=cs * 0.06)
    if len(colour) == 3:
        for i in (-2, -1, 0, 1, 2):
            d = i * length / 6
            if axis == "ns":
                scr.line((cx - w / 2 + 2, cy + d), (cx + w / 2 - 2, cy + d), BRIDGE_LIGHT,
                         cs * 0.03)
                scr.line((cx - w / 2 + 2, cy + d + cs * 0.03), (cx + w / 2 - 2,
                         cy + d + cs * 0.03), INK, cs * 0.015)
            else:
                scr.line((cx + d, cy - h / 2 + 2), (cx + d, cy + h / 2 - 2), BRIDGE_LIGHT,
                         cs * 0.03)
                scr.line((cx + d + cs * 0.03, cy - h / 2 + 2), (cx + d + cs * 0.03,
                         cy + h / 2 - 2), INK, cs * 0.015)
        rail = cs * 0.07 * k
        if axis == "ns":
            for side in (-1, 1):
                scr.box(cx + side * (w / 2 - rail / 2) - rail / 2, cy - h / 2, rail, h,
                        BRIDGE_LIGHT)
        else:
            for side in (-1, 1):
                scr.box(cx - w / 2, cy + side * (h / 2 - rail / 2) - rail / 2, w, rail,
                        BRIDGE_LIGHT)
    scr.box(cx - w / 2, cy - h / 2, w, h, edge, radius=cs * 0.06, width=max(2.0, cs * 0.06))


def paint_temple(scr: Screen, x: float, y: float, cs: float, level: int, colour: Any,
                 mark: str, k: float = 1.0) -> None:
    """A stepped pyramid of ``level`` tiers in the owner's colour (lit ledges, shaded
    flank, a stair, its shadow), its mark and level number."""
    cx = x + cs / 2 - cs * 0.06 * k
    base = y + cs * (0.5 + 0.4 * k)
    tier = cs * 0.64 * k / max(4, level)
    width = cs * 0.76 * k
    step = (width - cs * 0.28 * k) / max(1, max(4, level) - 1)
    edge = max(1.0, cs * 0.025)
    pieces.stepped_temple(scr, cx, base, width, width - step * (level - 1), tier, level,
                          colour, INK, edge)
    # level number on a dark disc and the owner's mark, top corners of the cell
    r = cs * 0.24 * k
    nx, ny = x + cs / 2 + cs * 0.25 * k, y + cs / 2 - cs * 0.25 * k
    scr.circle(nx + r * 0.12, ny + r * 0.16, r, pieces.SHADOW)
    scr.circle(nx, ny, r, INK)
    scr.circle(nx, ny, r, palette.GOLD_DARK, max(1.0, r * 0.12))
    scr.text(str(level), nx, ny + r * 0.08, theme.readable(cs * 0.52 * k), theme.TEXT, "center")
    mx, my = x + cs / 2 - cs * 0.26 * k, y + cs / 2 - cs * 0.26 * k
    draw_mark(scr, mark, mx, my, cs * 0.18 * k, INK)
    draw_mark(scr, mark, mx, my, cs * 0.125 * k, colour)


#: a digit's height as a share of the text size (Inter): what two lines of numbers stack by
DIGIT_H = 0.74


def paint_token(scr: Screen, x: float, y: float, cs: float, size: int,
                info: dict[str, Any] | None, k: float = 1.0) -> None:
    """A calpulli token, a raised ivory tile: its size big, founder / presence below."""
    cx, cy = x + cs / 2, y + cs / 2
    w = cs * 0.86 * k
    pieces.bevel_box(scr, cx - w / 2, cy - w / 2 - cs * 0.04, w, w, theme.TOKEN,
                     radius=cs * 0.14 * k, depth=cs * 0.08 * k, edge=INK,
                     edge_w=max(2.0, cs * 0.06), lift=cs * 0.08 * k)
    big = theme.readable(cs * 0.5 * k)
    if info is None:
        scr.text(str(size), cx, cy - cs * 0.14 * k, big, INK, "center")
        return
    token_numbers(scr, cx, cy - cs * 0.04, size, info, big, theme.readable(cs * 0.28 * k),
                  max(6.0, cs * 0.06 * k))


def token_numbers(scr: Screen, cx: float, cy: float, size: int, info: dict[str, Any],
                  big: float, small: float, gap: float) -> None:
    """A token's size over its founder and presence points, centred on (cx, cy), the
    lines stacked by the sizes they are drawn at: on a small tile the floor's size is
    larger than the tile's, and placed by the tile they ran into each other."""
    tall = DIGIT_H * (big + small) + gap
    top = cy - tall / 2
    scr.text(str(size), cx, top + DIGIT_H * big / 2, big, INK, "center")
    scr.text(f"{info['founder']}·{info['presence']}", cx,
             top + DIGIT_H * big + gap + DIGIT_H * small / 2, small, (120, 60, 20), "center")


def paint_pilli(scr: Screen, cx: float, cy: float, cs: float, colour: Any, mark: str,
                k: float = 1.0, glow: float = 0.0) -> None:
    """A Pilli pawn: head and robe in the seat's colour, the seat's mark on the robe."""
    if glow > 0:
        scr.circle(cx, cy, cs * (0.5 + 0.12 * glow), theme.ACCENT, max(2.0, cs * 0.08))
    s = cs * k
    edge = max(2.0, cs * 0.06)
    pieces.ellipse_shadow(scr, cx + s * 0.06, cy + s * 0.4, s * 0.34, s * 0.1)
    robe = [(cx, cy - s * 0.22), (cx + s * 0.32, cy + s * 0.4), (cx - s * 0.32, cy + s * 0.4)]
    scr.polygon(robe, colour)
    scr.polygon(robe, INK, edge)
    scr.circle(cx, cy - s * 0.24, s * 0.17, colour)
    scr.circle(cx, cy - s * 0.24, s * 0.17, INK, edge)
    lit = texture.shade(pieces.rgb(colour), 0.45)
    scr.line((cx - s * 0.05, cy - s * 0.12), (cx - s * 0.2, cy + s * 0.3), lit, s * 0.04)
    scr.circle(cx - s * 0.05, cy - s * 0.29, s * 0.05, lit)
    draw_mark(scr, mark, cx, cy + s * 0.17, s * 0.12, INK)


def _local_tile(tile: tuple[int, ...], width: int, cs: float
                ) -> tuple[Layout, tuple[int, ...]]:
    """A tiny grid just big enough for ``tile``, its top left cell at logical (0, 0), and
    the tile's cells numbered on it (a canal's sprite is the same wherever it lies)."""
    cols = [c % width for c in tile]
    rows = [c // width for c in tile]
    c0, r0 = min(cols), min(rows)
    w = max(cols) - c0 + 1
    local = tuple((r - r0) * w + (c - c0) for c, r in zip(cols, rows, strict=True))
    return Layout(0.0, 0.0, cs, w, max(rows) - r0 + 1), local


def state_key(state: MexicaState) -> tuple[Any, ...]:
    """What :func:`paint_state` shows of ``state``, and nothing else: a Pilli's step,
    AP spent or a turn passed leave it as it was, so the frames of a walk blit the
    pieces layer instead of painting the board again."""
    founded = sorted({state.label[c] for c in state.tokens})
    return (tuple(state.tiles), tuple(sorted(state.bridges.items())),
            tuple(sorted(state.temples.items())), tuple(sorted(state.tokens.items())),
            tuple(tuple(sorted(state.dcells.get(label, ()))) for label in founded))


def paint_state(scr: Screen, lay: Layout, rules: MexicaRules, state: MexicaState,
                colours: list[Any], marks: list[str], hidden: frozenset[int]) -> None:
    """Everything on the board except the Pilli (drawn per frame) and hidden cells."""
    for piece in state_pieces(lay, rules, state, colours, marks, hidden):
        piece.paint(scr)


#: logical units a piece's bounds reach past its sprite's box: a sprite is padded by up
#: to 2 pixels more than its margin (``stamp``), 3 logical units at 720p
REACH = 4.0


def state_pieces(lay: Layout, rules: MexicaRules, state: MexicaState, colours: list[Any],
                 marks: list[str], hidden: frozenset[int]) -> list[Piece]:
    """What :func:`paint_state` paints, piece by piece in its order, each with what it
    shows (its place among it) and its bounds: after an action the pieces layer paints
    again only where pieces came, went or changed (``view.frame``)."""
    cs = lay.cs
    board = rules.table.board
    out = []
    for label in sorted({state.label[c] for c in state.tokens}):
        cells = sorted(state.dcells.get(label, ()))
        out.append(Piece(("founded", tuple(cells)), _box(lay, cells, REACH),
                         partial(view_land.paint_founded, lay=lay, board=board,
                                 districts=[cells])))
    for tile in state.tiles:
        if not hidden.intersection(tile):
            small, local = _local_tile(tile, lay.cols, cs)
            x, y, w, h = tile_rect(lay, tile)
            out.append(Piece(("canal", tile), (x - REACH, y - REACH, w + 2 * REACH,
                                               h + 2 * REACH),
                             partial(_stamped, ("canal", small.cols, small.rows, local),
                                     (x, y, w, h, 0.0), partial(_canal, small, local))))
    for c, axis in state.bridges.items():
        for r in board.ramps(c, axis):
            if r >= 0:
                out.append(Piece(("ramp", c, r), _box(lay, [c, r], REACH),
                                 partial(_ramp, lay, c, r)))
    one = Layout(0.0, 0.0, cs, 1, 1)
    for c, axis in state.bridges.items():
        if c not in hidden:
            out.append(_on_cell(lay, c, ("bridge", axis), cs * 0.3,
                                partial(_bridge, one, axis)))
    for c, (owner, level) in state.temples.items():
        if c not in hidden:
            colour, mark = seat_colour(colours, owner), seat_mark(marks, owner)
            out.append(_on_cell(lay, c, ("temple", level, tuple(colour), mark), cs * 0.1,
                                partial(_temple, cs, level, colour, mark)))
    for c, size in state.tokens.items():
        if c not in hidden:
            info = rules.table.token_info.get(size)
            look = (info["founder"], info["presence"]) if info else None
            out.append(_on_cell(lay, c, ("token", size, look), cs * 0.1,
                                partial(_token, cs, size, info)))
    return out


def _on_cell(lay: Layout, c: int, key: tuple[Any, ...], margin: float,
             paint: Callable[[Screen], None]) -> Piece:
    """A piece stamped on cell ``c`` (its sprite ``key``, ``margin`` round the cell)."""
    x, y = lay.xy(c)
    cs = lay.cs
    reach = margin + REACH
    return Piece((key, c), (x - reach, y - reach, cs + 2 * reach, cs + 2 * reach),
                 partial(_stamped, key, (x, y, cs, cs, margin), paint))


def _stamped(key: tuple[Any, ...], box: tuple[float, float, float, float, float],
             paint: Callable[[Screen], None], scr: Screen) -> None:
    stamp(scr, key, *box, paint)


def _box(lay: Layout, cells: list[int], reach: float) -> tuple[float, float, float, float]:
    xs = [lay.xy(c) for c in cells]
    x0, y0 = min(x for x, _y in xs), min(y for _x, y in xs)
    return (x0 - reach, y0 - reach, max(x for x, _y in xs) + lay.cs - x0 + 2 * reach,
            max(y for _x, y in xs) + lay.cs - y0 + 2 * reach)


def _canal(small: Layout, local: tuple[int, ...], sub: Screen) -> None:
    paint_canal(sub, small, local)


def _ramp(lay: Layout, c: int, r: int, scr: Screen) -> None:
    paint_ramp(scr, lay, c, r)


def _bridge(one: Layout, axis: str, sub: Screen) -> None:
    paint_bridge(sub, one, 0, axis)


def _temple(cs: float, level: int, colour: Any, mark: str, sub: Screen) -> None:
    paint_temple(sub, 0.0, 0.0, cs, level, colour, mark)


def _token(cs: float, size: int, info: dict[str, Any] | None, sub: Screen) -> None:
    paint_token(sub, 0.0, 0.0, cs, size, info)


def paint_ramp(scr: Screen, lay: Layout, bridge: int, ramp: int) -> None:
    """A small wooden wedge on the land side where a bridge lands."""
    cs = lay.cs
    bx, by = lay.centre(bridge)
    rx, ry = lay.centre(ramp)
    dx, dy = (rx - bx) / cs, (ry - by) / cs
    ex, ey = bx + dx * cs * 0.5, by + dy * cs * 0.5  # shared edge midpoint
    px, py = -dy, dx
    tip = (ex + dx * cs * 0.4, ey + dy * cs * 0.4)
    a = (ex + px * cs * 0.22, ey + py * cs * 0.22)
    b = (ex - px * cs * 0.22, ey - py * cs * 0.22)
    scr.polygon([a, b, tip], BRIDGE_LIGHT)
    scr.polygon([a, b, tip], INK, max(1.5, cs * 0.035))


def seat_colour(colours: list[Any], owner: int) -> Any:
    """A temple owner's colour; the neutral colour's (owner -1) is no seat's."""
    if 0 <= owner < len(colours):
        return colours[owner]
    return NEUTRAL


def seat_mark(seat_marks: list[str], owner: int) -> str:
    """A temple owner's mark; the neutral colour's is a shape no seat uses."""
    if 0 <= owner < len(seat_marks):
        return seat_marks[owner]
    return NEUTRAL_MARK

