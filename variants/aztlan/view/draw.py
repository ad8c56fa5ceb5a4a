"""Drawing Aztlán's board, for the board view (its events' animations: ``anim``).

Functions of the board view they serve, read as a
:class:`~variants.aztlan.view.ports.Painter`. Drawing changes nothing but pixel caches:
the island, the pieces and the highlights are painted into the view's three cached
layers; a frame blits them and adds the cursor and the animations under way.
The score and age tracks under the map, the decision panel and the seats' facts are kept
as snapshots (``game.kit.client.layers.Snapshot``) while what they show holds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

import pygame

from game.i18n import language
from game.kit.client import (
    Anim,
    Area,
    Layer,
    Piece,
    PiecesLayer,
    Rect,
    Screen,
    Snapshot,
    frames,
    sprites,
    theme,
)
from variants.aztlan.view import highlights as hl
from variants.aztlan.view import paint as vp
from variants.aztlan.view.facts import facts_key, flash, paint_age, paint_seat_facts
from variants.aztlan.view.highlights import dist_to_mean
from variants.aztlan.view.keys import (
    cursor_widths,
    ghost_ring,
    highlights_key,
    panel_edge,
    panel_key,
    panel_rim,
    pulse,
    shows_cursor,
    spot_key,
)
from variants.aztlan.view.layout import Layout
from variants.aztlan.view.model import Model
from variants.aztlan.view.panel import (
    ColumnLayout,
    column_layout,
    paint_column,
    paint_spot,
    prosperity_words,
    spot_area,
)
from variants.aztlan.view.ports import Painter


def draw(v: Painter, screen: Screen, area: Area) -> None:
    """The whole board, as its parts (``frame.board_parts``) paint it in order."""
    m = v.model
    if m is None:
        return
    lay = v.layout(area)
    colours, marks = v.army_colours, v.army_marks
    paint_map(v, screen, lay, m)
    # the tracks before what moves: their kept pixels must never hold a passing spark
    draw_tracks(v, screen, lay, m)
    draw_cursor(v, screen, lay)
    draw_target(v, screen, lay, m, colours, marks)
    draw_ghost(v, screen, lay, m, colours, marks)
    draw_anims(v, screen, lay, colours, marks)
    v.fx.draw(screen, lambda t: lay.pt(v.geo.label[t]))


def map_base(screen: Screen, lay: Layout) -> tuple[Any, ...]:
    """What the island's layer is painted for: the scale and the layout."""
    return (screen.scale, screen.ox, screen.oy, lay)


def paint_map(v: Painter, screen: Screen, lay: Layout, m: Model,
              shows: tuple[Any, ...] | None = None) -> None:
    """The island, its pieces and the highlights over them: three kept layers, each
    painted again only when what it shows changed, the top one blitted. ``shows``: the
    pieces layer's key, if known (``frame.board_parts``)."""
    shows = ready_pieces(v, screen, lay, m, shows)
    shown = draw_overlay(v, screen, lay, m, shows)
    assert shown.scr is not None
    screen.surface.blit(shown.scr.surface, shown.rect.topleft)


def ready_pieces(v: Painter, screen: Screen, lay: Layout, m: Model,
                 shows: tuple[Any, ...] | None) -> tuple[Any, ...]:
    """The island's and the pieces' layers brought up to date (the pieces' change
    logged in the canvas's ``pieces_log``, for the highlights' layer over them); returns
    what the pieces layer shows. (A frame whose pieces held warms a conflict mark:
    ``frame.board_parts``, whether or not the map is painted.)"""
    base = map_base(screen, lay)
    st = v.canvas.static_layer
    if st.key != base:
        vp.paint_static(st.fresh(screen, lay.map_rect), lay, v.geo, v.rules.table.island)
        st.key = base
    colours, marks = v.army_colours, v.army_marks
    pieces = v.canvas.pieces_layer
    if shows is None:
        shows = pieces_key(base, m, colours, marks)
    if pieces.shows != shows:
        before = pieces.shows
        # the armies' colours are every pawn's: other colours (Settings, in the middle
        # of a game) repaint them all, as a new layout does
        pieces.sync(st, screen, lay.map_rect, (base, tuple(colours), tuple(marks)),
                    territory_pieces(v, lay, m, colours, marks))
        pieces.shows = shows
        v.canvas.pieces_log.note(before, shows, pieces.painted)
    return shows


def map_changed(v: Painter, screen: Screen, lay: Layout, m: Model, shows: tuple[Any, ...],
                shown: Any) -> list[pygame.Rect] | None:
    """Where the map's part (keyed ``(shows, highlights)``) differs from the map the
    window shows (keyed ``shown``), on the screen; None when not known
    (``BoardPart.changed``). The layers are brought up to date first, as painting would,
    but for a highlights' layer to be painted whole: that is left to the painting (and
    its repaint budget)."""
    ready_pieces(v, screen, lay, m, shows)
    over = v.canvas.over_layer
    key = (shows, highlights_key(v))
    if over.key != key and not _patched(v, screen, lay, m, key):
        return None
    return hl.where(over, v.canvas.over_log, shown, key)


def draw_overlay(v: Painter, screen: Screen, lay: Layout, m: Model,
                 shows: tuple[Any, ...]) -> Layer:
    """The layer to show: the pieces with the highlights over them, painted again where
    either changed (:func:`highlights.patch`), else whole under the frame's repaint
    budget like a kept part. While it waits, the highlights of the same pieces and
    viewer show a frame longer; after an action (new pieces) or for another viewer, the
    pieces show bare: never an old board, nor one viewer's highlights to another."""
    over, pieces = v.canvas.over_layer, v.canvas.pieces_layer
    key = (shows, highlights_key(v))
    if over.key == key or _patched(v, screen, lay, m, key):
        return over
    same = over.key is not None and over.key[0] == shows and over.viewer == m.viewer
    if over.scr is not None and not screen.may_repaint(over.late):
        over.late += 1
        # a frame painting only what changed must come back here next frame, where the
        # highlights differ
        kept = v.canvas.owed
        if kept is None or kept[0] != (over.key, key, same):  # (a frame painting the
            # map in several rectangles asks in each)
            kept = v.canvas.owed = ((over.key, key, same),
                                    hl.owed(v, screen, lay, _marks(v, lay, m, key), same))
        for rect in kept[1]:
            screen.redraw_next(rect)
        return over if same else pieces
    marks = _marks(v, lay, m, key)
    hl.paint_all(over.copy_of(pieces, screen, lay.map_rect), marks)
    hl.painted_whole(v, marks)
    v.canvas.over_log.note(over.key, key, None)
    over.key, over.viewer, over.late = key, m.viewer, 0
    return over


def _marks(v: Painter, lay: Layout, m: Model, key: Hashable) -> list[Piece]:
    """The highlights' marks for the layer keyed ``key``, listed once."""
    kept = v.canvas.marks
    if kept is None or kept[0] != (key, lay):
        kept = v.canvas.marks = ((key, lay), hl.marks(v, lay, m))
    found: list[Piece] = kept[1]
    return found


def _patched(v: Painter, screen: Screen, lay: Layout, m: Model, key: Hashable) -> bool:
    """Whether the highlights' layer was brought to ``key`` painting again only where
    it changed (logged in the canvas's ``over_log``)."""
    over = v.canvas.over_layer
    if v.canvas.unpatched == (over.key, key):
        return False  # (tried once this frame: its map is painted in several rectangles)
    areas = hl.patch(v, screen, lay, key, _marks(v, lay, m, key))
    if areas is None:
        return False
    v.canvas.over_log.note(over.key, key, areas)
    over.key, over.viewer, over.late = key, m.viewer, 0
    return True


def draw_tracks(v: Painter, screen: Screen, lay: Layout, m: Model) -> None:
    """The score track and the age track under the map: their stone panels (cached art)
    and, inside, what they show, kept while the scores, the age and the turn order hold
    (and the language their words are in)."""
    draw_track(v, screen, lay, m)
    draw_age(v, screen, lay, m)


def track_key(v: Painter, m: Model) -> tuple[Any, ...]:
    """What the score track shows."""
    return (tuple(m.scores), tuple(m.ranking), tuple(v.seat_colours), tuple(v.seat_marks),
            language())


def age_key(v: Painter, m: Model) -> tuple[Any, ...]:
    """What the age track shows."""
    return (m.age, m.phase, tuple(m.order), m.current, tuple(v.seat_colours),
            tuple(v.seat_marks), language())


def draw_track(v: Painter, screen: Screen, lay: Layout, m: Model) -> None:
    kept(v, screen, "track", lay.track).draw(
        screen, lay.track, track_key(v, m),
        lambda s: vp.paint_track(s, lay.track, m.scores, m.ranking, v.seat_colours,
                                 v.seat_marks),
        under=beneath(screen, lay.track, theme.PANEL_LIGHT, radius=12, width=2))


def draw_age(v: Painter, screen: Screen, lay: Layout, m: Model) -> None:
    kept(v, screen, "age", lay.age).draw(
        screen, lay.age, age_key(v, m), lambda s: paint_age(s, lay.age, v, m),
        under=beneath(screen, lay.age, theme.PANEL_LIGHT, radius=12, width=2))


def kept(v: Painter, screen: Screen, name: str, rect: Area) -> Snapshot:
    """The kept part ``name`` for a frame painting all of ``rect``, or another one for a
    frame painting only a strip of it (where it meets a part that changed: the seat
    cards, repainted every frame, over the side panel's top; the status line over the
    tracks). A kept part's pixels are those of the rectangle it was last painted in, so
    one part drawn both ways painted itself afresh at every change of way: twice for
    each frame painting the whole screen, though nothing in it had changed."""
    clip = screen.surface.get_clip()
    whole = v.canvas.snaps[name]
    if clip.contains(screen.rect(*rect)) or whole.at is not None and whole.at.contains(
            clip.clip(screen.rect(*rect))):  # (kept whole: any strip of it is blitted)
        return whole
    return v.canvas.snaps.setdefault(f"{name} strip", Snapshot())


def beneath(screen: Screen, rect: Area, border: tuple[int, int, int],
            **look: Any) -> Callable[[pygame.Rect | None], None]:
    """The stone panel under a kept part at ``rect`` (``frames.beneath``, kept as pieces
    around it), drawn whole, clipped, where a frame paints only a strip of the part
    (where it meets a part that changed: the seat cards over the side panel, the status
    line over the tracks): the panel's art cut around each new strip was new art for the
    cache, 1 MB and 3 ms a piece at 1080p."""
    return frames.beneath(screen, *rect, border, kept=rect, **look)


def draw_panel(v: Painter, screen: Screen, area: Area) -> None:
    """The decision at hand in the side panel, and the territory pointed at in it."""
    draw_decision(v, screen, area)
    draw_spot(v, screen, area)


def column(v: Painter, screen: Screen, area: Area) -> ColumnLayout:
    """Where the decision's words, cards and buttons go in the panel at ``area``, laid
    out once per decision (a frame asks where the territory pointed at is told about)."""
    m, d = v.model, v.decision
    assert m is not None
    facts = (area, v._key, screen.scale, id(d))
    kept = v.canvas.column
    if kept is None or kept[0] != facts or kept[1] is not d:
        kept = v.canvas.column = (facts, d, column_layout(screen, area, d,
                                                          prosperity_words(m)))
    layout: ColumnLayout = kept[2]
    return layout


def spot_rect(v: Painter, screen: Screen, area: Area) -> Area | None:
    """Where the panel tells about the territory pointed at (placing, moving, waiting);
    None in another decision."""
    m, d = v.model, v.decision
    if m is None or d.kind not in ("place", "move", "wait"):
        return None
    return spot_area(m, d, column(v, screen, area).body)


def draw_spot(v: Painter, screen: Screen, area: Area) -> None:
    """The territory pointed at, in the panel: kept apart from the decision's words, so
    that pointing at another repaints its few lines, not the panel."""
    m, rect = v.model, spot_rect(v, screen, area)
    if m is None or rect is None:
        return
    kept(v, screen, "spot", rect).draw(screen, rect, spot_key(v),
                                        lambda s: paint_spot(s, v, m, rect), secret=m.viewer)


def draw_decision(v: Painter, screen: Screen, area: Area) -> None:
    """The decision at hand in the side panel: its stone panel each frame, its contents
    repainted only when the decision, the focus or the hover over it changes."""
    m = v.model
    if m is None:
        return
    d = v.decision
    x, y, w, h = area
    edge = panel_edge(v)
    warm = (area, screen.scale, tuple(v.seat_colours))
    if v.canvas.warmed != warm:  # framed in each seat's colour: deciding here (4), elsewhere (2)
        # (each kept as its rim, its stone shared: all of them fit the art cache with the
        # rest of the play screen; test_aztlan_frame_cost, test_art_budget)
        for rim in (4, 2):
            frames.warm_panels(screen, x, y, w, h, list(v.seat_colours), radius=14,
                               width=rim, hole=area)
        v.canvas.warmed = warm
    under = beneath(screen, area, edge, radius=14, width=panel_rim(d))
    inside = screen.rect(*area)
    if not screen.surface.get_clip().colliderect(inside) and Screen.recorder is None:
        # a frame painting beside the panel (the deciding seat's card breathing over its
        # shadow): its rim and shadow, not the stone inside, which is not seen
        under(inside)
        return
    # the viewer's cards may show: another viewer's panel repaints at once
    # (its layout, text laid out, only when it is painted)
    kept(v, screen, "panel", area).draw(
        screen, area, panel_key(v, spot=False),
        lambda s: paint_column(s, v, m, d, column(v, s, area)), secret=m.viewer, under=under)


def draw_seat_facts(v: Painter, screen: Screen, seat: int, rect: Area) -> None:
    """A seat's facts on its seat card (repainted when the game or the viewer changes),
    and a gain rising over them for a moment."""
    m = v.model
    if m is None:
        return
    # urgent: the card under the facts changes with the turn, drawn afresh each frame
    snap = v.canvas.seat_snaps.setdefault(seat, Snapshot(urgent=True))
    deciding = seat == m.current  # the card under the facts is lighter then
    key = (facts_key(m, seat), deciding, tuple(v.army_colours), tuple(v.army_marks))
    snap.draw(screen, rect, key, lambda s: paint_seat_facts(s, v, m, seat, rect))
    flash(screen, v, seat, rect)


def pieces_key(base: tuple[Any, ...], m: Model, colours: list[Any],
               marks: list[str]) -> tuple[Any, ...]:
    """What the pieces layer shows, and nothing else: the stacks and the unresolved
    conflicts. Most actions (a card chosen, a scoring pick, a pass) leave the board as it
    was, so the frame after them blits the layer instead of painting every pawn again."""
    conflicts = frozenset(m.resolved) if m.phase == "conflict" else None
    return (base, tuple(map(tuple, m.board)), conflicts, tuple(colours), tuple(marks))


def territory_pieces(v: Painter, lay: Layout, m: Model, colours: list[Any],
                     marks: list[str]) -> list[Piece]:
    """Each territory's pawn stacks, and its mark of an unresolved conflict, as a piece
    of the pieces layer: an action repaints the territories it changed."""
    conflict = m.phase == "conflict"
    out = []
    for t, counts in enumerate(m.board):
        fight = conflict and t not in m.resolved and sum(1 for n in counts if n) >= 2
        out.append(Piece((tuple(counts), fight), territory_bounds(v, lay, t, counts, fight),
                         partial(paint_territory, v, lay, t, list(counts), colours, marks,
                                 fight)))
    return out


def paint_territory(v: Painter, lay: Layout, t: int, counts: list[int],
                    colours: list[Any], marks: list[str], fight: bool, scr: Screen) -> None:
    vp.paint_stacks(scr, lay, v.geo, counts, t, colours, marks)
    if fight:
        # an unresolved conflict: a dashed red inner border and crossed blades
        # pinned on the territory's highest corner (dozens of dashes: one sprite)
        x0, y0, w, h = territory_bounds(v, lay, t, [], True)
        sprites.stamp_in_place(scr, ("fight", t, lay), x0, y0, w, h, 0.0,
                               partial(paint_fight, v, lay, t))


def warm_fight(v: Painter, lay: Layout, pieces: PiecesLayer) -> None:
    """In a frame whose pieces stand still, paint one territory's conflict mark (its
    dashed border and blades, about half a millisecond each) into the sprite cache: the
    conflicts of an age begin all at once, and painting a dozen marks in that frame made
    it the slowest of the game (14 ms at 1080p)."""
    scr = pieces.scr
    if scr is None:
        return
    key = (lay, scr.scale, scr.ox, scr.oy)
    done = v.canvas.fights_warmed[1] if v.canvas.fights_warmed[0] == key else 0
    if done < len(v.geo.polys):
        x0, y0, w, h = territory_bounds(v, lay, done, [], True)
        sprites.warm_in_place(scr, ("fight", done, lay), x0, y0, w, h, 0.0,
                              partial(paint_fight, v, lay, done))
        v.canvas.fights_warmed = (key, done + 1)


def paint_fight(v: Painter, lay: Layout, t: int, scr: Screen) -> None:
    vp.dashed(scr, lay, v.geo, t, theme.DANGER, 4 * lay.k)
    x, y = lay.pt(v.geo.top[t])
    vp.swords(scr, x, y + 4 * lay.k, 15 * lay.k)


def territory_bounds(v: Painter, lay: Layout, t: int, counts: list[int],
                     fight: bool) -> Rect:
    """Where a territory's piece may paint: around its pawns (stacks of two rows, the
    counts to their right, at least the smallest readable text) and, in a conflict, its
    outline (the dashed border, the blades on its top corner)."""
    k = lay.k
    at = vp.label_points(lay, v.geo, t)
    cx, cy = at["pawns"]
    x0 = x1 = cx
    y0 = y1 = cy
    if any(counts):
        r = at["r"][0]
        s = max(12.0, r * 0.55)
        digits = theme.readable(s * 0.95) * 1.4  # a two-digit count, its outline too
        x0, x1 = cx - 1.85 * s - 6, cx + 1.2 * s + digits + 6
        y0, y1 = cy - 1.1 * s - 6, cy + 0.1 * r + 1.3 * s + 6
    if fight:
        pts = lay.poly(v.geo.polys[t])
        x0 = min(x0, min(p[0] for p in pts) - 20 * k)
        y0 = min(y0, min(p[1] for p in pts) - 20 * k)
        x1 = max(x1, max(p[0] for p in pts) + 20 * k)
        y1 = max(y1, max(p[1] for p in pts) + 20 * k)
    return (x0, y0, x1 - x0, y1 - y0)


def draw_cursor(v: Painter, screen: Screen, lay: Layout) -> None:
    """The map's cursor: two outlines of its territory, pulsing."""
    if shows_cursor(v) and clipped_in(screen, lay, v.geo, v.cursor):
        under, over = cursor_widths(lay, pulse(v))
        vp.outline(screen, lay, v.geo, v.cursor, vp.INK, under)
        vp.outline(screen, lay, v.geo, v.cursor, cursor_colour(v), over)


def cursor_colour(v: Painter) -> tuple[int, int, int]:
    """The cursor's outline: bright where a person decides, dim while others do."""
    return theme.TEXT if v.decision.kind != "wait" else theme.TEXT_DIM


def draw_anims(v: Painter, screen: Screen, lay: Layout, colours: list[Any],
               marks: list[str], anims: list[Anim] | None = None) -> None:
    """The pawns dropping and sliding in, the points and domains rising, the banner:
    ``anims``, or all under way."""
    k = lay.k
    geo = v.geo
    for a in v.anims if anims is None else anims:
        if not a.started or a.done:  # (a done one waits for the next update to go)
            continue
        e = a.progress
        if a.kind == "drop":
            x, y = vp.label_points(lay, geo, a.cells[0])["pawns"]
            s = 40 * k * (1 + 0.8 * (1 - e) ** 2)
            army = a.data["army"]
            ring = 20 * k + 40 * k * e
            screen.circle(x, y, ring, theme.ACCENT, max(2.0, 4 * k * (1 - e)))
            if e < 1:
                vp.paint_pawn(screen, x, y - 40 * k * (1 - e), s * 0.7,
                              colours[army], marks[army])
        elif a.kind == "slide":
            fx, fy = vp.label_points(lay, geo, a.cells[0])["pawns"]
            tx, ty = vp.label_points(lay, geo, a.cells[1])["pawns"]
            e = e * e * (3 - 2 * e)
            x = fx + (tx - fx) * e
            y = fy + (ty - fy) * e - math.sin(e * math.pi) * 40 * k
            screen.line((fx, fy), (tx, ty), theme.ACCENT, 3 * k)
            army = a.data["army"]
            vp.paint_pawn(screen, x, y, 30 * k, colours[army], marks[army])
        elif a.kind == "pop":
            x, y = vp.label_points(lay, geo, a.cells[0])["pawns"]
            size = 34 * k
            above = a.data.get("row", 0) * (size + 8 * k)  # pops of one cell stack up
            vp.halo_text(screen, a.data["text"], x, y - 20 * k - 50 * k * e - above, size,
                         a.data["colour"])
        elif a.kind == "domain":
            army = a.data["army"]
            colour = v.army_colours[army] if army < len(colours) else theme.ACCENT
            vp.group_outline(screen, lay, geo, a.cells, theme.ACCENT, 7 * k)
            vp.group_outline(screen, lay, geo, a.cells, colour, 3 * k)
            mid = min(a.cells, key=lambda c: dist_to_mean(v, c, a.cells))
            x, y = vp.label_points(lay, geo, mid)["name"]
            grow = 0.8 + 0.2 * min(1.0, e * 4)
            vp.badge(screen, f"{a.data['text']}  ({a.data['detail']})", x,
                     y - 30 * k * e, 30 * k * grow, fill=colour, fg=vp.INK,
                     edge=vp.INK, role=theme.PASSING)
        elif a.kind == "banner":
            mx, my, mw, mh = lay.map_rect
            if banner_shown(e):
                vp.badge(screen, a.data["text"], mx + mw / 2, my + mh / 2, 56 * k,
                         role=theme.PASSING)


def banner_shown(e: float) -> bool:
    """Whether a banner at ``e`` of its life shows (it goes as its time fades out)."""
    alpha = 1.0 if e < 0.7 else (1 - e) / 0.3
    return alpha > 0.05


def clipped_in(screen: Screen, lay: Layout, geo: Any, t: int) -> bool:
    """Whether territory ``t``'s outline reaches into the part of the screen being
    painted: a frame painting only a strip of the board (where it meets the seat cards,
    every frame) skips the cursor's outlines, dozens of segments each."""
    x, y, w, h = geo.bbox[t]
    (x0, y0), (x1, y1) = lay.pt((x, y)), lay.pt((x + w, y + h))
    reach = 12 * lay.k  # the widest outline's half and its round ends
    return screen.rect(x0 - reach, y0 - reach, x1 - x0 + 2 * reach,
                       y1 - y0 + 2 * reach).colliderect(screen.surface.get_clip())


def draw_ghost(v: Painter, screen: Screen, lay: Layout, m: Model, colours: list[Any],
                marks: list[str]) -> None:
    """Where the pawn a click would add lands: a pulsing ring and "+1"."""
    ring = ghost_ring(v, lay, m)
    if ring is None:
        return
    (x, y), s, r = ring
    t, seat = v.ghost, v.decision.seat
    assert t is not None and seat is not None  # (a ring shows only then)
    army = m.army(seat)
    screen.circle(x, y, r, vp.INK, 5 * lay.k)
    screen.circle(x, y, r, theme.ACCENT, 3 * lay.k)
    if not m.board[t][army]:
        vp.paint_pawn(screen, x, y, s * 0.8, colours[army], marks[army])
    vp.halo_text(screen, "+1", x - s * 0.45, y - s * 0.55, s * 0.8, theme.ACCENT,
                 "midright")


def draw_target(v: Painter, screen: Screen, lay: Layout, m: Model, colours: list[Any],
                marks: list[str]) -> None:
    """A lesson's step on the map: its territories ringed in green, a move's way as an
    arrow, and the pawn that lands there as a ghost, wherever the cursor is."""
    cells, target = v.target_cells, v.target
    if not cells or target is None:
        return
    k = lay.k
    geo = v.geo
    beat = 0.5 + 0.5 * math.sin(v.time * 4.0)
    for t in cells:
        vp.outline(screen, lay, geo, t, vp.INK, (8 + 2 * beat) * k)
        vp.outline(screen, lay, geo, t, theme.GOOD, (5 + 2 * beat) * k)
    verb = target.split()[0]
    d = v.decision
    if verb not in ("place", "eagle", "move") or d.seat is None:
        return
    army = m.army(d.seat)
    t = cells[-1]
    (x, y), s = vp.stack_position(lay, geo, m.board[t], t, army)
    if verb == "move" and len(cells) == 2:
        fx, fy = vp.label_points(lay, geo, cells[0])["pawns"]
        screen.line((fx, fy), (x, y), vp.INK, 9 * k)
        screen.line((fx, fy), (x, y), theme.GOOD, 5 * k)
    lift = 10 * k * beat  # it bobs: a pawn waiting to be put down
    screen.circle(x, y, s * 0.7, vp.INK, 5 * k)
    screen.circle(x, y, s * 0.7, theme.GOOD, 3 * k)
    vp.paint_pawn(screen, x, y - lift, s * 0.8, colours[army], marks[army])
