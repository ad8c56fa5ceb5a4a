"""Mexica's table: the map (a layer kept per size) and the pieces over it, a layer
painted again after an action only where pieces came, went or changed (issue 37, the
kit's :class:`PiecesLayer`)."""

from __future__ import annotations

from typing import Any

import pygame

from game.kit.client import Layer, PiecesLayer, Screen
from variants.mexica.view import paint as vp

Rect = tuple[float, float, float, float]


def paint_table(view: Any, lay: vp.Layout, base: tuple[Any, ...], key: tuple[Any, ...],
                field: Rect | None, screen: Screen) -> None:
    """The map (a layer kept per size) and the pieces over it (kept per ``key``), but for
    the rectangle of the preview's ``field``, whose layer holds the pieces too and covers
    them next (a frame painting the whole board copies its pixels once, not twice)."""
    pieces = ready(view, lay, base, key, screen)
    assert pieces.scr is not None
    surface = screen.surface
    if field is None:
        surface.blit(pieces.scr.surface, pieces.rect.topleft)
        return
    clip = surface.get_clip()
    try:
        for rect in _outside(clip, screen.rect(*field).clip(pieces.rect)):
            surface.set_clip(rect)
            surface.blit(pieces.scr.surface, pieces.rect.topleft)
    finally:
        surface.set_clip(clip)


def ready(view: Any, lay: vp.Layout, base: tuple[Any, ...], key: tuple[Any, ...],
          screen: Screen) -> PiecesLayer:
    """The pieces' layer, over the map, showing ``key``."""
    st = view._static
    if st.key != base:
        vp.paint_static(st.fresh(screen, lay.outer), lay, view.board)
        st.key = base
    pieces: PiecesLayer = view._pieces
    if pieces.shows != key:
        _sync(view, pieces, st, screen, lay, key)
    return pieces


def table_changed(view: Any, lay: vp.Layout, base: tuple[Any, ...], key: tuple[Any, ...],
                  screen: Screen, shown: Any) -> list[pygame.Rect] | None:
    """Where the table's part (``key``) differs from the table the window shows
    (``shown``): where the pieces' layer was painted again since, on the screen; None
    when not known (``BoardPart.changed``). After an action that is a few pieces' boxes,
    not the board's 1.2 Mpx at 1080p."""
    pieces = ready(view, lay, base, key, screen)
    painted = view._pieces_log.since(shown, key)
    if painted is None:
        return None
    x, y = pieces.rect.topleft
    return [r.move(x, y) for r in painted]


#: past this share of the field's layer changed after an action, it is painted whole
#: (a few rectangles each painting the marks reaching into them again would cost more)
SYNC_MOST = 0.3
#: the changes kept of the pieces' layer for the field's layer (``view.field``) and of
#: both for their parts to say where they changed: a layer may miss some, when no field
#: shows for a while (pieces dropping in) or its part is not painted, and is painted whole
LOGGED = 4


def _sync(view: Any, layer: PiecesLayer, below: Layer, screen: Screen, lay: vp.Layout,
          key: tuple[Any, ...]) -> None:
    """The pieces layer over the map ``below`` shows the pieces now: painted again only
    where pieces came, went or changed (the kit's :class:`PiecesLayer`), unless the map
    or the layout changed. After an action that built one temple, painting every piece
    took 1.5-2 ms at 1080p. Its change (the keys before and after, the rectangles painted
    again) is logged for the field's layer over it and the table's part."""
    listed = vp.state_pieces(lay, view.rules, view.state, view.colours, view.marks, key[2])
    before = layer.shows
    layer.sync(below, screen, lay.outer, key[0], listed)
    layer.shows = key
    view._pieces_log.note(before, key, layer.painted)


def changed_since(view: Any, shown: Any, now: Any) -> list[pygame.Rect] | None:
    """The rectangles of the pieces' layer painted again since it showed ``shown`` until
    it showed ``now`` (its pixels), or None: painted whole, or not known."""
    found: list[pygame.Rect] | None = view._pieces_log.since(shown, now)
    return found


def _outside(rect: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """``rect`` but for ``hole``, as up to four rectangles (above, below, left, right)."""
    inner = rect.clip(hole)
    if not inner.w or not inner.h:
        return [rect]
    out = [pygame.Rect(rect.x, rect.y, rect.w, inner.y - rect.y),
           pygame.Rect(rect.x, inner.bottom, rect.w, rect.bottom - inner.bottom),
           pygame.Rect(rect.x, inner.y, inner.x - rect.x, inner.h),
           pygame.Rect(inner.right, inner.y, rect.right - inner.right, inner.h)]
    return [r for r in out if r.w > 0 and r.h > 0]
