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

import pygame

from game.kit.client import Anim, Area, BoardPart, Screen, grown, theme, union
from variants.aztlan.view import draw as vdraw
from variants.aztlan.view import paint as vp
from variants.aztlan.view.highlights import dist_to_mean
from variants.aztlan.view.keys import (
    cursor_pixels,
    ghost_ring,
    highlights_key,
    panel_key,
    shows_cursor,
    spot_key,
)
from variants.aztlan.view.layout import Layout
from variants.aztlan.view.model import Model
from variants.aztlan.view.ports import Painter

#: logical units the stone panels of the tracks may paint past their rectangles
TRACK_MARGIN = 16.0
#: and the side panel's (its shadow), as the play screen gives a panel in one part
PANEL_MARGIN = 24.0


def panel_parts(v: Painter, screen: Screen, area: Area) -> list[BoardPart]:
    """The side panel as the decision (its stone, words, cards and buttons) and, placing,
    moving or waiting, the lines on the territory pointed at over it: a hover or an
    arrow over the map repaints those lines, not the panel."""
    if v.model is None:
        return []
    out = [BoardPart("decision", grown(area, PANEL_MARGIN), (area, panel_key(v, spot=False)),
                     partial(vdraw.draw_decision, v, area=area))]
    rect = vdraw.spot_rect(v, screen, area)
    if rect is not None:
        out.append(BoardPart("spot", rect, (rect, spot_key(v)),
                             partial(vdraw.draw_spot, v, area=area)))
    return out


def board_parts(v: Painter, screen: Screen, area: Area) -> list[BoardPart]:
    """The board in ``area`` as parts, in painting order (``draw``'s)."""
    m = v.model
    if m is None:
        return []
    lay = v.layout(area)
    colours, marks = v.army_colours, v.army_marks
    shows, lit = _shows(v, screen, lay, m), highlights_key(v)
    if v.canvas.pieces_layer.shows == shows:
        # a frame whose pieces stand still paints one conflict mark ahead (whether or not
        # the map is painted again: a still map is not, and its marks were left cold)
        vdraw.warm_fight(v, lay, v.canvas.pieces_layer)
    out = [
        BoardPart("map", lay.map_rect, (shows, lit), partial(_map, v, lay, m, shows),
                  partial(_map_changed, v, lay, m, shows)),
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
    out += moving_parts(v, screen, lay, area)
    return out


def moving_parts(v: Painter, screen: Screen, lay: Layout, area: Area) -> list[BoardPart]:
    """The animations under way, each a part over the bounds of its whole flight (a pawn
    dropping, sliding, words rising), then the bursts over their bounds now: a frame
    repaints round them, not the board."""
    out = []
    for i, a in enumerate(v.anims):
        if a.started and not a.done:
            out.append(BoardPart(f"anim {i}", anim_bounds(v, screen, lay, a),
                                 anim_key(a), partial(_anim, v, lay, a)))
    if v.fx.active:
        out.append(BoardPart("fx", fx_bounds(v, screen, lay, area), None,
                             partial(_fx, v, lay)))
    return out


def anim_key(a: Anim) -> Hashable:
    """None for what moves; a banner stands still (its words, shown or not yet gone)."""
    if a.kind != "banner":
        return None
    return ("banner", a.data["text"], vdraw.banner_shown(a.progress))


def anim_bounds(v: Painter, screen: Screen, lay: Layout, a: Anim) -> Area:
    """Where animation ``a`` paints in any frame of its life (``draw.draw_anims``)."""
    k, geo = lay.k, v.geo
    if a.kind == "drop":  # its ring grows to 60 k; the pawn falls from 40 k above
        x, y = vp.label_points(lay, geo, a.cells[0])["pawns"]
        return grown((x - 60 * k, y - 70 * k, 120 * k, 130 * k), 8 * k + 4)
    if a.kind == "slide":  # a line between the two, the pawn on an arc 40 k high over it
        (fx, fy), (tx, ty) = (vp.label_points(lay, geo, c)["pawns"] for c in a.cells[:2])
        x0, y0 = min(fx, tx), min(fy, ty)
        return grown((x0, y0 - 60 * k, abs(tx - fx), abs(ty - fy) + 60 * k), 24 * k + 4)
    if a.kind == "pop":
        x, y = vp.label_points(lay, geo, a.cells[0])["pawns"]
        size = theme.readable(34 * k)
        w = screen.text_width(a.data["text"], size) + size
        above = a.data.get("row", 0) * (34 * k + 8 * k)
        top = y - 20 * k - 50 * k - above - size
        return (x - w / 2, top, w, 50 * k + 2 * size)
    if a.kind == "domain":
        return domain_bounds(v, screen, lay, a)
    mx, my, mw, mh = lay.map_rect  # the banner, over the map's middle
    size = 56 * k
    w = screen.text_width(a.data["text"], theme.readable(size)) + size * 0.7
    h = max(size * 1.15, theme.readable(size) * 1.5)
    return grown((mx + mw / 2 - w / 2, my + mh / 2 - h / 2, w, h), 6)


def domain_bounds(v: Painter, screen: Screen, lay: Layout, a: Anim) -> Area:
    """A scoring domain's outlines and its badge rising over its middle territory."""
    k, geo = lay.k, v.geo
    boxes = []
    for t in a.cells:
        x, y, w, h = geo.bbox[t]
        (x0, y0), (x1, y1) = lay.pt((x, y)), lay.pt((x + w, y + h))
        boxes.append(grown((x0, y0, x1 - x0, y1 - y0), 6 * k + 2))
    mid = min(a.cells, key=lambda c: dist_to_mean(v, c, a.cells))
    x, y = vp.label_points(lay, geo, mid)["name"]
    size = 30 * k
    w = screen.text_width(f"{a.data['text']}  ({a.data['detail']})", theme.readable(size)) \
        + size * 0.7
    h = max(size * 1.15, theme.readable(size) * 1.5)
    boxes.append(grown((x - w / 2, y - 30 * k - h / 2, w, h + 30 * k), 4))
    return union(boxes)


def fx_bounds(v: Painter, screen: Screen, lay: Layout, area: Area) -> Area:
    """Where the bursts paint now (``Effects.bounds``), in logical units; the board while
    none is placed yet."""
    rect = v.fx.bounds(screen, lambda t: lay.pt(v.geo.label[t]))
    if rect is None:
        return area
    scale = screen.scale
    return grown(((rect.x - screen.ox) / scale, (rect.y - screen.oy) / scale,
                  rect.w / scale, rect.h / scale), 2)


def _shows(v: Painter, screen: Screen, lay: Layout, m: Model) -> Any:
    """What the pieces layer shows (``draw.pieces_key``), worked out once per model."""
    base = vdraw.map_base(screen, lay)
    colours, marks = v.army_colours, v.army_marks
    facts = (base, v._key, tuple(colours), tuple(marks))
    kept = v.canvas.shows
    if kept is None or kept[0] != facts:
        kept = v.canvas.shows = (facts, vdraw.pieces_key(base, m, colours, marks))
    return kept[1]


def cursor_bounds(v: Painter, lay: Layout) -> Area:
    """The cursor's territory with the reach of its widest outline (``clipped_in``)."""
    x, y, w, h = v.geo.bbox[v.cursor]
    (x0, y0), (x1, y1) = lay.pt((x, y)), lay.pt((x + w, y + h))
    return grown((x0, y0, x1 - x0, y1 - y0), 12 * lay.k + 2)


def ghost_bounds(x: float, y: float, s: float, k: float) -> Area:
    """Round the ghost at ``(x, y)`` of size ``s``: its ring (radius up to ``0.7 s``, an
    outline of ``5 k``), its pawn (``0.8 s``, with its shadow) and the "+1" to its upper
    left (text of ``0.8 s`` ending ``0.45 s`` left of the centre, with its halo)."""
    text = theme.readable(0.8 * s)  # ("+1": about a size wide, with its halo)
    left = x - 0.45 * s - 1.6 * text - 8
    top = y - 0.55 * s - 0.8 * text - 8
    right = x + 0.7 * s + 3 * k + 4
    bottom = y + 0.7 * s + 3 * k + 4
    return (left, top, right - left, bottom - top)


def _map(v: Painter, lay: Layout, m: Model, shows: Any, screen: Screen) -> None:
    vdraw.paint_map(v, screen, lay, m, shows)


def _map_changed(v: Painter, lay: Layout, m: Model, shows: Any, screen: Screen,
                 shown: Hashable) -> list[pygame.Rect] | None:
    return vdraw.map_changed(v, screen, lay, m, shows, shown)


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


def _anim(v: Painter, lay: Layout, a: Anim, screen: Screen) -> None:
    vdraw.draw_anims(v, screen, lay, v.army_colours, v.army_marks, [a])


def _fx(v: Painter, lay: Layout, screen: Screen) -> None:
    v.fx.draw(screen, lambda t: lay.pt(v.geo.label[t]))
