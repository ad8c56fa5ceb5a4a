"""Mexica's island with depth: raised land over the lake, canals sunk into it, and the
founded districts paved.

The island stands out of the water as one mass: a soft shadow on the lake down and to the
right, an earthen bank under every stretch of coast that faces the viewer, a lit rim
where the light from the top left meets the coast and a dark one where the land turns
away. Its ground is sand, each space a slab of its own tone with an engraved joint, so
the grid reads without a line drawn over the land. A founded district is paved in
dressed limestone with a gold kerb around it, so which land is a city district shows at
a glance from across the room. Everything here is painted into the view's kept layers
(the map once per size, the paving with the pieces after an action), never per frame.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import partial

import pygame

from game.kit.client import ART, Screen, palette, stamp_in_place, texture
from variants.mexica.board import Board
from variants.mexica.view.layout import Layout, boundary

#: the bank under the coast (seen from the south) and its waterline
BANK = (150, 110, 60)
BANK_DARK = (92, 64, 34)
FOAM = (190, 226, 244, 150)
#: the light and shade on the rim of the land's top
RIM_LIT = (255, 248, 220, 120)
RIM_DARK = (70, 46, 16, 120)
#: the joints between the sand's slabs
JOINT = (120, 94, 52, 110)
JOINT_LIT = (255, 246, 214, 60)
#: a founded district's paving and its kerb
PAVING = (240, 232, 212)
KERB = palette.GOLD_DARK
KERB_LIT = palette.GOLD
#: the bank's depth and the shadow's offset, in cell sizes
BANK_K = 0.22
SHADOW_K = (0.16, 0.3)


def paint_island(scr: Screen, lay: Layout, board: Board) -> None:
    """The island's shadow, banks and ground, over the lake already painted."""
    island = set(board.island)
    _shadow(scr, lay, island)
    _banks(scr, lay, board, island)
    _ground(scr, lay, board)
    _rims(scr, lay, board, island)


def _frame(scr: Screen, lay: Layout) -> pygame.Rect:
    return scr.rect(*lay.outer)


def _shadow(scr: Screen, lay: Layout, island: set[int]) -> None:
    """A soft shadow of the island (and its banks) on the water: the cells' shapes
    blurred by scaling down and up, so its edge fades as a real shadow's does."""
    cs = lay.cs
    frame = _frame(scr, lay)

    def make() -> pygame.Surface:
        layer = pygame.Surface(frame.size, pygame.SRCALPHA)
        dx, dy = SHADOW_K
        for c in island:
            x, y = lay.xy(c)
            r = scr.rect(x + cs * dx, y + cs * dy, cs, cs * (1 + BANK_K))
            layer.fill((4, 22, 44, 255), r.move(-frame.x, -frame.y))
        small = (max(1, frame.w // 10), max(1, frame.h // 10))
        soft = pygame.transform.smoothscale(pygame.transform.smoothscale(layer, small),
                                            frame.size)
        soft.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
        return soft

    key = ("mexica-shadow", frame.size, tuple(sorted(island)), round(cs * scr.scale, 2))
    scr.surface.blit(ART.get(key, make), frame.topleft)


def _banks(scr: Screen, lay: Layout, board: Board, island: set[int]) -> None:
    """The earthen bank under every land space whose south side is water: the island's
    face towards the viewer, lit at its top, dark at the waterline, with foam."""
    cs = lay.cs
    depth = cs * BANK_K
    for c in island:
        south = board.south[c]
        if south >= 0 and south in island:
            continue
        x, y = lay.xy(c)
        top = y + cs
        scr.box(x, top, cs, depth, BANK)
        scr.box(x, top, cs, depth * 0.3, texture.shade(BANK, 0.18))
        scr.box(x, top + depth * 0.7, cs, depth * 0.3, BANK_DARK)
        scr.box(x, top + depth - max(1.0, cs * 0.02), cs, max(1.5, cs * 0.035), FOAM)
        # where the coast turns north, the bank's end is in the shade
        east = board.east[c]
        if east < 0 or east not in island:
            scr.box(x + cs - cs * 0.05, top, cs * 0.05, depth, BANK_DARK)


def _ground(scr: Screen, lay: Layout, board: Board) -> None:
    """Each space a slab of sand (the palace terracotta) of its own tone, with an
    engraved joint on its top and left sides where land meets land."""
    cs = lay.cs
    frame = _frame(scr, lay)
    sand = texture.stone(frame.size, palette.SAND, seed=11)
    tiles = texture.stone(frame.size, palette.TERRACOTTA, seed=13)
    rng = random.Random(31)
    joint = max(1.0, cs * 0.025)
    for c in board.island:
        x, y = lay.xy(c)
        kind = board.kind[c]
        cell = scr.rect(x, y, cs, cs)
        scr.surface.blit(tiles if kind in "SP" else sand, cell, cell.move(-frame.x, -frame.y))
        tone = rng.randint(-9, 9)
        if tone > 0:
            scr.box(x, y, cs, cs, (255, 250, 230, tone * 3))
        elif tone < 0:
            scr.box(x, y, cs, cs, (60, 40, 10, -tone * 3))
        north, west = board.north[c], board.west[c]
        if north >= 0 and board.kind[north] != "~":
            scr.box(x, y, cs, joint, JOINT)
            scr.box(x, y + joint, cs, joint * 0.8, JOINT_LIT)
        if west >= 0 and board.kind[west] != "~":
            scr.box(x, y, joint, cs, JOINT)
            scr.box(x + joint, y, joint * 0.8, cs, JOINT_LIT)


def _rims(scr: Screen, lay: Layout, board: Board, island: set[int]) -> None:
    """Light on the coast that faces the light (north, west), shade where the land
    turns away (south, east), and a crisp dark line around it all."""
    cs = lay.cs
    rim = max(1.5, cs * 0.06)
    for c in island:
        x, y = lay.xy(c)
        if board.north[c] not in island:
            scr.box(x, y, cs, rim, RIM_LIT)
        if board.west[c] not in island:
            scr.box(x, y, rim, cs, RIM_LIT)
        if board.south[c] not in island:
            scr.box(x, y + cs - rim, cs, rim, RIM_DARK)
        if board.east[c] not in island:
            scr.box(x + cs - rim, y, rim, cs, RIM_DARK)
    line(scr, boundary(lay, island), BANK_DARK, max(1.5, cs * 0.035))


def line(scr: Screen, segs: Iterable[tuple[tuple[float, float], tuple[float, float]]],
         colour: tuple[int, int, int], width: float) -> None:
    """Segments joined with square corners."""
    segs = list(segs)
    for a, b in segs:
        scr.line(a, b, colour, width)
    r = width / 2
    for p in {p for seg in segs for p in seg}:
        scr.box(p[0] - r, p[1] - r, width, width, colour)


# ----------------------------------------------------------------------------------------
# founded districts (painted with the pieces)
# ----------------------------------------------------------------------------------------
def paint_founded(scr: Screen, lay: Layout, board: Board, districts: list[list[int]]) -> None:
    """Each founded district paved in dressed limestone (the palace keeps its own
    tiles), with a gold kerb around it: one kept sprite per district and place, so the
    board's repaint after an action stamps it rather than paving it again."""
    cs = lay.cs
    for cells in districts:
        xs = [lay.xy(c) for c in cells]
        x0, y0 = min(x for x, _y in xs), min(y for _x, y in xs)
        w = max(x for x, _y in xs) + cs - x0
        h = max(y for _x, y in xs) + cs - y0
        stamp_in_place(scr, ("mexica-founded", tuple(cells), lay), x0, y0, w, h, 0.0,
                       partial(_pave, lay=lay, board=board, cells=cells))


def _pave(scr: Screen, lay: Layout, board: Board, cells: list[int]) -> None:
    cs = lay.cs
    frame = _frame(scr, lay)
    paving = texture.stone(frame.size, PAVING, seed=17, blocks=scr.ln(cs * 0.5))
    for c in cells:
        if board.kind[c] in "SP":
            continue
        x, y = lay.xy(c)
        cell = scr.rect(x, y, cs, cs)
        scr.surface.blit(paving, cell, cell.move(-frame.x, -frame.y))
    segs = _inset(lay, set(cells), cs * 0.08)
    line(scr, segs, BANK_DARK, max(3.0, cs * 0.12))
    line(scr, segs, KERB_LIT, max(2.0, cs * 0.07))
    line(scr, _inset(lay, set(cells), cs * 0.06), KERB, max(1.0, cs * 0.025))


def _inset(lay: Layout, cells: set[int], by: float
           ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The outline of ``cells`` moved ``by`` inwards, each segment towards the inside of
    the cell it bounds (corners meet closely enough at these widths)."""
    out = []
    cs, w = lay.cs, lay.cols
    for c in cells:
        x, y = lay.xy(c)
        col = c % w
        top = c - w not in cells
        bottom = c + w not in cells
        left = col == 0 or c - 1 not in cells
        right = col == w - 1 or c + 1 not in cells
        x0 = x + (by if left else 0.0)
        x1 = x + cs - (by if right else 0.0)
        y0 = y + (by if top else 0.0)
        y1 = y + cs - (by if bottom else 0.0)
        if top:
            out.append(((x0, y + by), (x1, y + by)))
        if bottom:
            out.append(((x0, y + cs - by), (x1, y + cs - by)))
        if left:
            out.append(((x + by, y0), (x + by, y1)))
        if right:
            out.append(((x + cs - by, y0), (x + cs - by, y1)))
    return out
