"""The highlights over Aztlán's map (a scoring step's domain, the decision's targets, a
move's source and its neighbours, the territory at stake) as marks, each a kit
:class:`Piece` with the bounds it paints inside, so that the layer holding them over a
copy of the pieces is painted again only where the pieces or the marks changed.

Why: after an action the pieces layer paints again a few territories, but the layer over
it (the highlights over a copy of the whole map, 0.4 Mpx at 1080p) was painted anew and,
under the frame's repaint budget, the bare pieces shown for a frame, then the whole map
painted and presented again. Patched where it changed, the layer says where
(:func:`patch`'s rectangles, logged in the canvas's ``over_log``), and the map's part
answers ``BoardPart.changed`` with them: the frame of an action presents a few
territories' boxes, not the map.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Any

import pygame

from game.kit.client import (
    Layer,
    Piece,
    PiecesLayer,
    Rect,
    Screen,
    grown,
    joined_rects,
    theme,
    union,
    verify_pieces,
)
from variants.aztlan.view import paint as vp
from variants.aztlan.view.layout import Layout
from variants.aztlan.view.model import Model, Option
from variants.aztlan.view.ports import Painter

#: past this share of the layer changed, it is painted whole (under the repaint budget):
#: a few rectangles each painting the marks reaching into them would cost more
PATCH_MOST = 0.3


def marks(v: Painter, lay: Layout, m: Model) -> list[Piece]:
    """The highlights in painting order (``paint_all`` paints them so): a scoring
    step's domain, a move's or a conflict's targets, the territory at stake, the
    scoring options' domains (one mark over the map: they are few frames)."""
    d = v.decision
    k = lay.k
    out: list[Piece] = []
    if v.highlight_cells:
        cells = v.highlight_cells
        out.append(Piece(("domain", cells), union([_box(v, lay, t, 6 * k) for t in cells]),
                         partial(_domain, v, lay, cells)))
    if d.kind == "move" and v.mode != "eagle":
        if v.source is None:
            out += [_outline(v, lay, t, (255, 255, 255), 3 * k) for t in d.targets]
        else:
            out.append(_tinted(v, lay, v.source, (255, 196, 0, 90), theme.ACCENT, 5 * k))
            out += [_tinted(v, lay, t, (90, 230, 120, 80), theme.GOOD, 3 * k)
                    for t in m.island.nbrs[v.source]]
    elif d.kind == "conflict":
        out += [_outline(v, lay, t, (255, 255, 255), 3 * k) for t in d.targets]
    if d.territory is not None and d.kind in ("conflict", "sacred", "tlatoani"):
        out.append(_tinted(v, lay, d.territory, (255, 196, 0, 70), theme.ACCENT, 6 * k))
    if d.kind == "score" and d.seat is not None:
        option = v.focused_option()
        key = ("score", v._key, d.seat, option, v.raft, tuple(v.army_colours))
        out.append(Piece(key, lay.map_rect, partial(_scoring, v, lay, m, d.seat)))
    return out


def paint_all(scr: Screen, found: list[Piece]) -> None:
    for mark in found:
        mark.paint(scr)


def patch(v: Painter, screen: Screen, lay: Layout, key: Hashable,
          found: list[Piece]) -> list[pygame.Rect] | None:
    """Bring the highlights' layer to ``key`` (the pieces it shows, its highlights) with
    the marks ``found``, painting again only where the pieces' layer was painted again
    since the pieces it was made from (the canvas's ``pieces_log``) and where marks came
    or went; returns those rectangles (the layer's pixels). None, having changed
    nothing: the layer must be painted whole (a new size, a change not logged, a change
    too large)."""
    over, pieces = v.canvas.over_layer, v.canvas.pieces_layer
    was = over.key
    if was is None or over.scr is None or pieces.scr is None or over.rect != pieces.rect:
        return None
    v.canvas.unpatched = (was, key)  # (until it is: tried once)
    below = v.canvas.pieces_log.since(was[0], _pieces_of(key))
    spots = [(mark.key, tuple(over.scr.rect(*mark.bounds))) for mark in found]
    came_went = _came_went(v.canvas.marks_shown, spots)
    if below is None or came_went is None:
        return None
    surface = over.scr.surface
    w, h = surface.get_size()
    areas = [a for a in (a.clip(surface.get_rect()) for a in joined_rects(below + came_went))
             if a.w and a.h]
    if sum(a.w * a.h for a in areas) > PATCH_MOST * w * h:
        return None
    rects = [pygame.Rect(s[1]) for s in spots]
    try:
        for area in areas:
            surface.set_clip(area)
            surface.blit(pieces.scr.surface, area.topleft, area)
            for mark, rect in zip(found, rects, strict=True):
                if rect.colliderect(area):
                    mark.paint(over.scr)
    finally:
        surface.set_clip(None)
    v.canvas.marks_shown, v.canvas.unpatched = spots, None
    if PiecesLayer.verify:
        verify_pieces(over, pieces, screen, lay.map_rect, found)
    return areas


def owed(v: Painter, screen: Screen, lay: Layout, found: list[Piece],
         same: bool) -> list[pygame.Rect]:
    """Where the map shown while its highlights' layer waits (the layer as it is, if
    ``same``: its pieces are those now; else the bare pieces) differs from the layer
    with the marks ``found``, on the screen: the marks that came or went, or every mark
    over the bare pieces, not the whole map (the frame after an action's, 1 Mpx at
    1080p, was painted and presented whole again). All of the map when not known."""
    over = v.canvas.over_layer
    whole = screen.rect(*lay.map_rect)
    if over.scr is None:
        return [whole]
    spots = [(mark.key, tuple(over.scr.rect(*mark.bounds))) for mark in found]
    diff = _came_went(v.canvas.marks_shown, spots) if same else \
        [pygame.Rect(s[1]) for s in spots]
    if diff is None:
        return [whole]
    x, y = over.rect.topleft
    return [r for r in (r.move(x, y).clip(whole) for r in joined_rects(diff)) if r.w and r.h]


def painted_whole(v: Painter, found: list[Piece]) -> None:
    """The highlights' layer was painted whole with ``found``: what :func:`patch` next
    compares the marks with."""
    over = v.canvas.over_layer
    assert over.scr is not None
    v.canvas.marks_shown = [(mark.key, tuple(over.scr.rect(*mark.bounds)))
                            for mark in found]


def where(layer: Layer, log: Any, shown: Hashable, now: Hashable) -> list[pygame.Rect] | None:
    """The screen's rectangles where ``layer`` (now showing ``now``) was painted again
    since it showed ``shown``, from its change ``log``; None when not known."""
    found: list[pygame.Rect] | None = log.since(shown, now)
    if found is None:
        return None
    x, y = layer.rect.topleft
    return [r.move(x, y) for r in found]


Spot = tuple[Hashable, tuple[int, ...]]


def _came_went(shown: list[Spot], now: list[Spot]) -> list[pygame.Rect] | None:
    """The pixel rectangles of the marks gone from ``shown`` and come in ``now`` (by key
    and place); None when the marks in both changed their order (one painted again
    would lie over another it lay under)."""
    old, new = set(shown), set(now)
    if [s for s in shown if s in new] != [s for s in now if s in old]:
        return None
    return [pygame.Rect(s[1]) for s in shown if s not in new] + \
        [pygame.Rect(s[1]) for s in now if s not in old]


def _pieces_of(key: Hashable) -> Hashable:
    assert isinstance(key, tuple)
    pieces: Hashable = key[0]
    return pieces


def _box(v: Painter, lay: Layout, t: int, width: float) -> Rect:
    """Territory ``t``'s bounds with the reach of an outline of ``width`` (and of its
    tint's extra pixel)."""
    x, y, w, h = v.geo.bbox[t]
    (x0, y0), (x1, y1) = lay.pt((x, y)), lay.pt((x + w, y + h))
    return grown((x0, y0, x1 - x0, y1 - y0), width + 4)


def _outline(v: Painter, lay: Layout, t: int, colour: Any, width: float) -> Piece:
    return Piece(("outline", t, colour, width), _box(v, lay, t, width),
                 partial(_paint_outline, v, lay, t, colour, width))


def _tinted(v: Painter, lay: Layout, t: int, fill: Any, colour: Any, width: float) -> Piece:
    return Piece(("tinted", t, fill, colour, width), _box(v, lay, t, width),
                 partial(_paint_tinted, v, lay, t, fill, colour, width))


def _paint_outline(v: Painter, lay: Layout, t: int, colour: Any, width: float,
                   scr: Screen) -> None:
    vp.outline(scr, lay, v.geo, t, colour, width)


def _paint_tinted(v: Painter, lay: Layout, t: int, fill: Any, colour: Any, width: float,
                  scr: Screen) -> None:
    vp.tint(scr, lay, v.geo, t, fill)
    vp.outline(scr, lay, v.geo, t, colour, width)


def _domain(v: Painter, lay: Layout, cells: frozenset[int], scr: Screen) -> None:
    for t in cells:
        vp.tint(scr, lay, v.geo, t, (255, 196, 0, 80))
    vp.group_outline(scr, lay, v.geo, cells, theme.ACCENT, 6 * lay.k)


def _scoring(v: Painter, lay: Layout, m: Model, seat: int, scr: Screen) -> None:
    paint_scoring(v, scr, lay, m, seat)


def paint_scoring(v: Painter, scr: Screen, lay: Layout, m: Model, seat: int) -> None:
    """The focused scoring option's domains or blessed territories, the Rafts pick."""
    geo, k = v.geo, lay.k
    opt = v.focused_option()
    if opt is not None and opt.kind:
        paint_domains(v, scr, lay, m, seat, opt)
    if opt is not None and opt.action and opt.action.startswith("bless "):
        for t in opt.cells:
            vp.outline(scr, lay, geo, t, theme.GOOD, 4 * k)
    if v.raft is not None:
        vp.outline(scr, lay, geo, v.raft, theme.ACCENT, 6 * k)


def paint_domains(v: Painter, scr: Screen, lay: Layout, m: Model, seat: int,
                   opt: Option) -> None:
    geo = v.geo
    colour = v.army_colours[m.army(seat)]
    for dm in m.domains(seat, opt.kind or "", opt.links):
        cells = set(dm.cells)
        fill = (*colour, 70) if dm.points else (40, 40, 40, 70)
        for t in cells:
            vp.tint(scr, lay, geo, t, fill)
        vp.group_outline(scr, lay, geo, cells, colour if dm.points else theme.TEXT_DIM,
                         5 * lay.k)
        mid = min(dm.cells, key=lambda c: dist_to_mean(v, c, dm.cells))
        x, y = vp.label_points(lay, geo, mid)["name"]
        text = f"+{dm.points}" if dm.points else "0"
        vp.badge(scr, text, x, y, 30 * lay.k,
                 fg=theme.ACCENT if dm.points else theme.TEXT_DIM)
    for a, b in opt.links:
        scr.line(lay.pt(geo.label[a]), lay.pt(geo.label[b]), theme.ACCENT, 5 * lay.k)


def dist_to_mean(v: Painter, c: int, cells: tuple[int, ...]) -> float:
    mx = sum(v.geo.label[x][0] for x in cells) / len(cells)
    my = sum(v.geo.label[x][1] for x in cells) / len(cells)
    x, y = v.geo.label[c]
    return (x - mx) ** 2 + (y - my) ** 2
