"""Mexica's field layer (what the tool in hand marks all over the board) after an action:
painted again only where the pieces beneath it changed or its marks did (issue 37).

The layer is a copy of the pieces with the field painted over them; an action changes a
few pieces and a few marks (a temple built closes a district, the spaces a tool reaches
move by a cell or two), so most of the layer still holds. Painted whole, the temple
tool's faint outlines of every district cost 1.5 ms of the action's frame at 1080p."""

from __future__ import annotations

from typing import Any

import pygame

from game.kit.client import Screen, grown, joined_rects
from variants.mexica.view import overlay as vo
from variants.mexica.view import paint as vp
from variants.mexica.view.preview import Preview
from variants.mexica.view.regions import GHOST_REACH, Region, badges, cells_box, within
from variants.mexica.view.table import SYNC_MOST, changed_since

#: pixels a changed mark's rectangle is grown by (a line's width rounding past its box)
SLACK = 3


def patched(view: Any, lay: vp.Layout, layer: Region, full: Any, p: Preview,
            screen: Screen) -> list[pygame.Rect] | None:
    """Paint ``layer`` (the field's, keyed ``full``: its key, bounds and the pieces'
    rectangle) anew only where it changed since its last painting: the rectangles the
    pieces' layer painted again since (``table.changed_since``) and those of the marks that came
    or went; returns them (the layer's pixels). None (the caller paints it whole) unless
    only the table and the marks changed, the pieces in part, with no costs, highlight or
    lesson's step on it, and the changes are small."""
    areas = _changes(view, lay, layer, full, p)
    if areas is None:
        return None
    scr, pieces = layer.scr, view._pieces
    assert scr is not None and pieces.scr is not None
    surface = scr.surface
    w, h = surface.get_size()
    areas = [a.clip(surface.get_rect()) for a in joined_rects(areas)]
    areas = [a for a in areas if a.w and a.h]
    if sum(a.w * a.h for a in areas) > SYNC_MOST * w * h:
        return None
    dx, dy = layer.rect.x - pieces.rect.x, layer.rect.y - pieces.rect.y
    s = view.state
    try:
        for area in areas:
            surface.set_clip(area)
            surface.blit(pieces.scr.surface, area.topleft, area.move(dx, dy))
            x0, y0 = scr.to_logical(area.topleft)
            x1, y1 = scr.to_logical(area.bottomright)
            vo.paint_preview(scr, lay, view.rules, s,
                             within(screen, lay, p, (x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2)),
                             view.colours, view.marks, view.highlight_cells)
    finally:
        surface.set_clip(None)
    return areas


def _changes(view: Any, lay: vp.Layout, layer: Region, full: Any, p: Preview
             ) -> list[pygame.Rect] | None:
    """The rectangles of ``layer`` (its pixels) that changed, or None: painted whole."""
    old, was = layer.key, layer.shows
    if old is None or was is None or layer.scr is None or old[1:] != full[1:]:
        return None
    (table, aim, highlight, words), before = full[0][0], old[0][0]
    if (aim, highlight, words) != before[1:] or aim is not None or highlight or \
            view.target is not None or p.labels or was.labels:
        return None
    painted = changed_since(view, before[0], table)
    if painted is None:
        return None
    scr, pieces = layer.scr, view._pieces
    out = [a.move(pieces.rect.x - layer.rect.x, pieces.rect.y - layer.rect.y)
           for a in painted]
    cs = lay.cs
    for c in p.zone ^ was.zone:
        x, y = lay.xy(c)
        out.append(scr.rect(x, y, cs, cs).inflate(2 * SLACK, 2 * SLACK))
    now, then = list(map(_district, p.districts)), list(map(_district, was.districts))
    if [d for d in now if d in then] != [d for d in then if d in now]:
        return None  # the same districts in another order: painted over one another
    gone = [d for d, k in zip(was.districts, then, strict=True) if k not in now]
    came = [d for d, k in zip(p.districts, now, strict=True) if k not in then]
    for d in gone + came:
        box = cells_box(lay, d["cells"])
        if box is not None:
            out.append(scr.rect(*grown(box, cs * GHOST_REACH)).inflate(2 * SLACK, 2 * SLACK))
        out += [scr.rect(*r).inflate(2 * SLACK, 2 * SLACK) for r in badges(scr, lay, [d])]
    return out


def _district(d: dict[str, Any]) -> tuple[Any, ...]:
    return (frozenset(d["cells"]), d["size"], d["token"], d["faint"])


def closing_patched(view: Any, lay: vp.Layout, layer: Region, full: Any, p: Preview,
                    below: Region, screen: Screen) -> list[pygame.Rect] | None:
    """Paint ``layer`` (the districts a preview closes or founds over the field's layer
    ``below``, keyed ``full``: its key, bounds, the pieces' rectangle, the field's key and
    rectangle) anew only where the pieces or the field beneath changed since its last
    painting; returns those rectangles (the layer's pixels). None (the caller paints it
    whole) unless only the table changed, and the changes are small. The Found tool
    outlines the district its Pilli stands in, often half the board: after every action
    it was painted whole, and its part repainted whole, for a temple built elsewhere."""
    old = layer.key  # (painted by ``frame._keep`` instead: its key, bounds and pieces')
    if old is None or len(old) != len(full) or layer.scr is None or below.scr is None or \
            old[1:3] != full[1:3] or old[4] != full[4]:
        return None
    (shown, *marks), (was, *then) = full[0], old[0]
    if marks != then or shown[1:] != was[1:]:
        return None
    pieces_moved = changed_since(view, was[0], shown[0])
    field_moved = view._field_log.since(old[3], full[3])
    if pieces_moved is None or field_moved is None:
        return None
    scr, pieces = layer.scr, view._pieces
    assert pieces.scr is not None
    surface = scr.surface
    w, h = surface.get_size()
    areas = [a.move(pieces.rect.x - layer.rect.x, pieces.rect.y - layer.rect.y)
             for a in pieces_moved]
    areas += [a.move(below.rect.x - layer.rect.x, below.rect.y - layer.rect.y)
              for a in field_moved]
    areas = [a.clip(surface.get_rect()) for a in joined_rects(areas)]
    areas = [a for a in areas if a.w and a.h]
    if sum(a.w * a.h for a in areas) > SYNC_MOST * w * h:
        return None
    try:
        for area in areas:
            surface.set_clip(area)
            surface.blit(pieces.scr.surface, area.topleft,
                         area.move(layer.rect.x - pieces.rect.x, layer.rect.y - pieces.rect.y))
            surface.blit(below.scr.surface, (below.rect.x - layer.rect.x,
                                             below.rect.y - layer.rect.y))
            x0, y0 = scr.to_logical(area.topleft)
            x1, y1 = scr.to_logical(area.bottomright)
            vo.paint_closing(scr, lay, within(screen, lay, p, (x0 - 1, y0 - 1, x1 - x0 + 2,
                                                               y1 - y0 + 2)).districts)
    finally:
        surface.set_clip(None)
    return areas
