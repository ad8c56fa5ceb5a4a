"""The market's board as parts (``BoardView.board_parts``): the table (mat, plaza, tiles,
buyers, cards), the seat to move's pulsing frame, the scoring's highlight, a lesson's
ghost, the hover's preview, the cursor, and what is in flight, each with the rectangle
its painting stays inside and what decides its pixels.

The cursor and the seat's frame pulse (a step every few frames) and a pointer's hover
changes the preview: as parts of their own, each such frame paints their few squares
again instead of the whole table. The view's ``draw`` paints the same parts in order, so
a whole frame and a frame in parts are one picture. Bounds are generous where words
are drawn (a badge's width is measured); too small a bound is a bug the pixel guard
(tests/client/test_damage.py) finds.
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple

from game.i18n import language, say
from game.kit.client import Area, BoardPart, Screen, grown, texture, theme, union
from variants.market.text import _
from variants.market.view import anim as va
from variants.market.view import overlay as vo
from variants.market.view import paint as vp
from variants.market.view.layout import Layout, Rect, make_layout
from variants.market.view.pieces import pieces
from variants.market.view.reveal import paint_step

#: the reed mat the market is laid out on (dark, so the tiles and cards stand out)
MAT = (74, 58, 36)


def board_parts(view: Any, screen: Screen, area: Area) -> list[BoardPart]:
    """The board in ``area`` as parts, in painting order. Asked every frame: while the
    facts they follow hold (the game's version, the cursor, the preview, the pulse's
    step, the seats' looks, the language, which pieces are in flight), the last frame's
    are given again, without working out a rectangle or a word; what moves is added
    anew, each motion a part of its own where it is now. What the table's parts follow
    is kept apart (:class:`_Table`): a step of the pulse or a cursor moved lays out
    the cursor's, the preview's and the turn's parts again, not the table's."""
    session = view.session
    hidden = va.hidden(view.anims)
    table = (tuple(area), screen.scale, screen.ox, screen.oy, session.version,
             id(session.game), tuple(session.names), tuple(view.colours), tuple(view.marks),
             language(), hidden)
    facts = (table, view.cursor, view.preview, view.target, view.highlighted, view._glow(),
             bool(view.anims))
    kept = getattr(view, "_kept_parts", None)
    if kept is None or kept[0] != facts:
        board = getattr(view, "_kept_table", None)
        if board is None or board[0] != table:
            board = view._kept_table = (table, _table(view, screen, area, hidden))
        kept = view._kept_parts = (facts, tuple(_board_parts(view, screen, area, board[1])))
    out = list(kept[1])
    if view.anims or view.fx.active:
        out += moving_parts(view, screen, area)
    return out


class _Table(NamedTuple):
    """What the board's parts draw on while the game's position holds: its layout, the
    table and its changed pieces' parts, the seat to move and where its frame pulses
    (worked out again when the position, the seats or the area change, not when the
    cursor moves or the pulse steps)."""

    lay: Layout
    parts: tuple[BoardPart, ...]
    side: str | None
    turn: Rect | None


def _table(view: Any, screen: Screen, area: Area,
           hidden: tuple[frozenset[int], frozenset[tuple[str, int]]]) -> _Table:
    game = view.session.game
    rules, s = view.rules, game.state
    lay = make_layout(area, rules.table.n, rules.table.sides)
    names = tuple(view.session.name(seat) for seat in range(game.players))
    base = (tuple(area), screen.scale, screen.ox, screen.oy, names,
            tuple(view.colours), tuple(view.marks), rules.table.sides)
    shows = (base, view.session.version, id(game), hidden)
    table = view._table
    if table.shows != shows:
        squares, buyers = hidden
        table.follow(shows, base, pieces(
            screen, lay, rules, s, list(names), list(view.colours), list(view.marks),
            list(game.scores), squares, buyers, (view._tile_art, view._static)))
    side = view._my_side() if s.phase != "over" else None
    return _Table(lay, (BoardPart("table", area, table.key(base),
                                  partial(paint_table, view, lay, area, base, shows,
                                          table.pieces)), *table.changed),
                  side, turn_bounds(lay, side) if side is not None else None)


def _board_parts(view: Any, screen: Screen, area: Area, table: _Table) -> list[BoardPart]:
    game = view.session.game
    s = game.state
    lay = table.lay
    glow = view._glow()
    out = list(table.parts)
    still = s.phase != "over"
    side = table.side
    if side is not None and table.turn is not None:
        out.append(BoardPart("turn", table.turn, (side, glow),
                             partial(_turn, lay, side, glow)))
    version = (view.session.version, id(game))
    if view.highlighted is not None:
        out.append(BoardPart("step", area, (version, view.highlighted, glow),
                             partial(_step, view, lay, s, glow)))
    if view.target is not None and still and not view.anims:
        out.append(BoardPart("target", area, (version, view.target, glow),
                             partial(_target, lay, s, view.target, glow)))
    if still and not view.anims:
        p = view.preview
        pulse = glow if p.sources or p.slide is not None else None
        out.append(BoardPart("preview", preview_bounds(screen, lay, s, p),
                             (version, p, pulse), partial(_preview, lay, s, p, glow)))
    if still:
        rect = lay.target_rect(view.cursor)
        out.append(BoardPart("cursor", grown(rect, max(4.0, lay.cs * 0.04) + 3),
                             (rect, view.preview.ok, glow),
                             partial(_cursor, rect, view.preview.ok, glow, lay.cs)))
    return out


def moving_parts(view: Any, screen: Screen, area: Area) -> list[BoardPart]:
    """Each motion started (a sliding tile, a token or coin in flight, a rising "+N")
    where it paints now, and the bursts where they paint now: a frame repaints where
    each was and where it is, not the ways they travel."""
    rules, s = view.rules, view.session.game.state
    lay = make_layout(area, rules.table.n, rules.table.sides)
    out = []
    for i, a in enumerate(va.in_order(view.anims)):
        at = va.now_at(lay, a, s)
        out.append(BoardPart(f"moving {i}", va.anim_rect(screen, lay, a, s, at), None,
                             partial(_anim, lay, a, s, at)))
    if view.fx.active:
        def where(anchor: Any) -> tuple[float, float]:
            return va.resolve(lay, s, anchor)
        box = view.fx.bounds(screen, where)
        if box is not None:
            k = screen.scale
            bounds = ((box.x - screen.ox) / k, (box.y - screen.oy) / k, box.w / k, box.h / k)
            out.append(BoardPart("bursts", grown(bounds, 2.0), None,
                                 partial(_bursts, view, where)))
    return out


def paint_table(view: Any, lay: Layout, area: Area, base: tuple[Any, ...],
                shows: tuple[Any, ...], listed: list[Any], screen: Screen) -> None:
    """The mat, the plaza and the seats' bands (a layer kept per ``base``), the tiles,
    buyers and cards over them (kept per ``shows``, repainted piece by piece)."""
    rules = view.rules
    names, colours, marks = list(base[4]), list(base[5]), list(base[6])
    st = view._static
    if st.key != base:
        scr = st.fresh(screen, area)
        scr.surface.blit(texture.reed(scr.surface.get_size(), MAT, weave=scr.ln(30)),
                         (0, 0))
        vp.paint_static(scr, lay, rules, names, colours, marks)
        st.key = base
    layer = view._pieces
    if shows != layer.shows:  # else not even the list of pieces is looked at
        layer.sync(st, screen, area, base, listed)
        layer.shows = shows
    assert layer.scr is not None
    screen.surface.blit(layer.scr.surface, layer.rect.topleft)


def turn_bounds(lay: Layout, side: str) -> Rect:
    """Where the seat to move's frame pulses (:func:`vo.paint_turn` at its widest)."""
    x, y, w, h = lay.side_row(side)
    bx, by, bw, bh = lay.band_rect(side)
    x0, y0 = min(x, bx), min(y, by)
    x1, y1 = max(x + w, bx + bw), max(y + h, by + bh)
    return grown((x0, y0, x1 - x0, y1 - y0), 9 + 3 + 3)


def preview_bounds(screen: Screen, lay: Layout, s: Any, p: Any) -> Rect:
    """The bounds of everything :func:`vo.paint_preview` draws for ``p``: the squares
    and the buyer it outlines (and the arrows between their centres), and the badges
    it sets on them, measured."""
    cs = lay.cs
    rects: list[Rect] = [lay.square(sq) for sq in (*p.sources, *p.path, *p.blockers)]
    if p.sources and "king" in s.market:
        rects.append(lay.square(s.market.index("king")))
    if p.buyer is not None:
        rects.append(lay.buyer(*p.buyer))
    if p.buyer is not None and p.vendor is not None:
        rects.append(lay.square(p.vendor))
        badges = [(sq, say(_("blocks", context="crowd")).upper(), cs * 0.2, cs * 0.34)
                  for sq in p.blockers]
        badges += [(sq, say(_("1 back") if tile == "porter" else _("1 to king")),
                    cs * 0.22, -cs * 0.05) for sq, tile in p.acts]
        badges += [(sq, say(_("coin kept", context="badge")), cs * 0.22, -cs * 0.05)
                   for sq in p.ambassador]
        for sq, text, size, dy in badges:
            cx, cy = lay.centre(sq)
            w = screen.text_width(text, theme.readable(size)) + size * 0.6
            h = size * 1.15
            rects.append((cx - w / 2, cy + dy - h / 2, w, h))
    if p.slide is not None:
        rects += [lay.square(sq) for sq in p.slide]
    if not rects:
        return (lay.x0, lay.y0, 0.0, 0.0)
    return grown(union(rects), max(8.0, cs * 0.09) + 3)


def _turn(lay: Layout, side: str, glow: float, screen: Screen) -> None:
    vo.paint_turn(screen, lay, side, glow)


def _step(view: Any, lay: Layout, s: Any, glow: float, screen: Screen) -> None:
    paint_step(screen, lay, view.rules, s, view.highlighted, glow)


def _target(lay: Layout, s: Any, target: tuple[Any, Any], glow: float, screen: Screen) -> None:
    where, ghost = target  # a lesson's step: its ghost, ringed in green
    vo.paint_preview(screen, lay, s, ghost, glow)
    vo.outline(screen, lay.target_rect(where), theme.GOOD, 6 + 3 * glow, lay.cs * 0.12)


def _preview(lay: Layout, s: Any, p: Any, glow: float, screen: Screen) -> None:
    vo.paint_preview(screen, lay, s, p, glow)


def _cursor(rect: Rect, ok: bool, glow: float, cs: float, screen: Screen) -> None:
    vo.paint_cursor(screen, rect, ok, glow, cs)


def _anim(lay: Layout, a: va.Anim, s: Any, at: tuple[float, ...], screen: Screen) -> None:
    va.paint_anim(screen, lay, a, s, at)


def _bursts(view: Any, where: Any, screen: Screen) -> None:
    view.fx.draw(screen, where)
