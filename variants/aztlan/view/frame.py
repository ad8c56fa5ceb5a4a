"""Aztlán's board as parts (``BoardView.board_parts``): the map, the score track, the age
track, the cursor, a lesson's target, the ghost and what moves, each repainted alone when
its key changes.

Why: as one part, the board (half the window) was painted again for every change of any
of it, and the cursor's pulse changes its outlines' widths in whole pixels several times
a second: a plain frame then blitted the whole map and both tracks for a few dozen
outline segments. Now the pulse repaints the cursor's territory, and the map's kept layer
is blitted only there. Painting the parts in order gives exactly ``draw``'s pixels
(``draw`` paints the same functions in the same order).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Any

from game.kit.client import Area, BoardPart, Screen, grown
from variants.aztlan.view import draw as vdraw
from variants.aztlan.view.keys import cursor_pixels, ghost_ring, highlights_key, shows_cursor
from variants.aztlan.view.layout import Layout
from variants.aztlan.view.model import Model
from variants.aztlan.view.ports import Painter

#: logical units the stone panels of the tracks may paint past their rectangles
TRACK_MARGIN = 16.0


def board_parts(v: Painter, screen: Screen, area: Area) -> list[BoardPart]:
    """The board in ``area`` as parts, in painting order (``draw``'s)."""
    m = v.model
    if m is None:
        return []
    lay = v.layout(area)
    colours, marks = v.army_colours, v.army_marks
    out = [
        BoardPart("map", lay.map_rect, (_shows(v, screen, lay, m), highlights_key(v)),
                  partial(_map, v, lay, m)),
        BoardPart("track", grown(lay.track, TRACK_MARGIN), (lay.track, vdraw.track_key(v, m)),
                  partial(_track, v, lay, m)),
        BoardPart("age", grown(lay.age, TRACK_MARGIN), (lay.age, vdraw.age_key(v, m)),
                  partial(_age, v, lay, m)),
    ]
    if shows_cursor(v):
        out.append(BoardPart("cursor", cursor_bounds(v, lay), (
            v.cursor, vdraw.cursor_colour(v), cursor_pixels(v, lay, screen)),
            partial(_cursor, v, lay)))
    if v.target_cells and v.target is not None:  # a lesson's step: it bobs
        out.append(BoardPart("target", area, None,
                             partial(_target, v, lay, m, colours, marks)))
    ring = ghost_ring(v, lay, m)
    if ring is not None:
        (x, y), s, r = ring
        army = m.army(v.decision.seat or 0)
        out.append(BoardPart("ghost", ghost_bounds(x, y, s, lay.k), (
            v.ghost, x, y, s, screen.ln(r), colours[army], marks[army], v._key),
            partial(_ghost, v, lay, m, colours, marks)))
    if v.anims or v.fx.active:
        out.append(BoardPart("moving", area, None, partial(_moving, v, lay, colours, marks)))
    return out


def _shows(v: Painter, screen: Screen, lay: Layout, m: Model) -> Hashable:
    """What the pieces layer shows (``draw.pieces_key``), worked out once per model."""
    base = vdraw.map_base(screen, lay)
    colours, marks = v.army_colours, v.army_marks
    facts = (base, v._key, tuple(colours), tuple(marks))
    kept = v.canvas.shows
    if kept is None or kept[0] != facts:
        kept = v.canvas.shows = (facts, vdraw.pieces_key(base, m, colours, marks))
    shows: Hashable = kept[1]
    return shows


def cursor_bounds(v: Painter, lay: Layout) -> Area:
    """The cursor's territory with the reach of its widest outline (``clipped_in``)."""
    x, y, w, h = v.geo.bbox[v.cursor]
    (x0, y0), (x1, y1) = lay.pt((x, y)), lay.pt((x + w, y + h))
    return grown((x0, y0, x1 - x0, y1 - y0), 12 * lay.k + 2)


def ghost_bounds(x: float, y: float, s: float, k: float) -> Area:
    """Round the ghost at ``(x, y)`` of size ``s``: its ring (radius up to ``0.7 s``, an
    outline of ``5 k``), its pawn (``0.8 s``, with its shadow) and the "+1" to its upper
    left (text of ``0.8 s`` ending ``0.45 s`` left of the centre, with its halo)."""
    left = x - 0.45 * s - 2.2 * s - 8
    top = y - 0.55 * s - 0.8 * s - 8
    right = x + 0.7 * s + 3 * k + 4
    bottom = y + 0.7 * s + 3 * k + 4
    return (left, top, right - left, bottom - top)


def _map(v: Painter, lay: Layout, m: Model, screen: Screen) -> None:
    vdraw.paint_map(v, screen, lay, m)


def _track(v: Painter, lay: Layout, m: Model, screen: Screen) -> None:
    vdraw.draw_track(v, screen, lay, m)


def _age(v: Painter, lay: Layout, m: Model, screen: Screen) -> None:
    vdraw.draw_age(v, screen, lay, m)


def _cursor(v: Painter, lay: Layout, screen: Screen) -> None:
    vdraw.draw_cursor(v, screen, lay)


def _target(v: Painter, lay: Layout, m: Model, colours: list[Any], marks: list[str],
            screen: Screen) -> None:
    vdraw.draw_target(v, screen, lay, m, colours, marks)


def _ghost(v: Painter, lay: Layout, m: Model, colours: list[Any], marks: list[str],
           screen: Screen) -> None:
    vdraw.draw_ghost(v, screen, lay, m, colours, marks)


def _moving(v: Painter, lay: Layout, colours: list[Any], marks: list[str],
            screen: Screen) -> None:
    vdraw.draw_anims(v, screen, lay, colours, marks)
    v.fx.draw(screen, lambda t: lay.pt(v.geo.label[t]))
