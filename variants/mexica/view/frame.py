"""Mexica's board and side panel as parts (``BoardView.board_parts`` and ``panel_parts``),
so that a frame paints again only what changed (issue 37, :mod:`game.kit.client.damage`).

The board, in painting order: the table (the map and the pieces, a kept layer), the
preview's field (what the tool in hand marks all over the board: the spaces it reaches,
the walking costs, the faint districts), the districts the preview closes or founds, the
preview near the cursor (its way, the space it selects, its ghost), the ripples of light
on the lake (one part that says which of them changed: :mod:`view.lights`), the pieces
dropping in, each Pilli, the cursor, the points rising and the bursts. The lake's light,
the breathing Pilli of the seat to play and the cursor's pulse change every frame: as
parts of their own, those few small rectangles are painted again, not the board (1.2 Mpx
at 1080p). A hover changes only the preview near the cursor (and the districts, when they
change with it); what the tool marks elsewhere is kept.

The panel: its stone and contents, the standing of the district under the cursor (beside
the board, over the action log, or over the panel above its seat rows) and a founded
token flying from the panel's display to its district: painted after the log, each in
its own bounds, so neither makes a frame whole.

The view's ``draw`` and ``draw_panel`` paint the same parts in order, so a whole frame and
a frame in parts are one picture; too small a bound is a bug the pixel guard
(tests/client/test_mexica_damage.py) finds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.i18n import language
from game.kit.client import (
    LOG_BOTTOM,
    Area,
    BoardPart,
    Layer,
    Screen,
    Snapshot,
    grown,
    theme,
    union,
)
from variants.mexica.view import anim as va
from variants.mexica.view import field as vf
from variants.mexica.view import overlay as vo
from variants.mexica.view import paint as vp
from variants.mexica.view import table as vt
from variants.mexica.view.lights import RIPPLE_FPS, Lights
from variants.mexica.view.panel import paint_panel, seat_rows, shelf_of
from variants.mexica.view.preview import Preview
from variants.mexica.view.regions import GHOST_REACH, Rect, Region
from variants.mexica.view.regions import badges as _badges
from variants.mexica.view.regions import cells_box as _cells
from variants.mexica.view.regions import within as _within
from variants.mexica.view.standing import ROOMY, STANDING_SPACINGS, standing_height

#: logical units the panel's part reaches past its area: its shadow, generously (a
#: frame repainting the panel repaints the seat cards' shadows over it too)
REACH = 24.0
#: how far the panel's stone casts its shadow past it (``frames.panel``: a pad of 10
#: units around it, the shadow moved a third of that right and half of it down)
SHADOW = 10.0


def board_parts(view: Any, screen: Screen, area: Area) -> list[BoardPart]:
    """The board in ``area`` as parts, in painting order. Asked every frame: while nothing
    moves and the facts they follow hold (the game's version, the preview's serial, the
    highlight, the seats' looks, the language), the last frame's are given again and only
    the lake's ripples are worked out anew."""
    session = view.session
    b = view.board
    lay = view._board_lay = vp.make_layout(area, b.width, b.height)
    if (lay, screen.scale) != view._reserved:  # (a new size: a frame painted whole)
        board = screen.rect(*lay.outer).size
        for region in (view._field, view._districts, view._near):
            region.reserve(board)
        view._reserved = (lay, screen.scale)
    facts = (tuple(area), screen.scale, screen.ox, screen.oy, session.version,
             id(session.game), view._serial, view._hl_serial, view.cursor, view.tool,
             tuple(view.colours), tuple(view.marks), language())
    still = not (view.anims or view.pops or view.fx.active)
    kept = view._kept_parts
    if still and kept is not None and kept[0] == facts:
        lower, upper = kept[1], kept[2]
    else:
        lower, upper = _lower(view, screen, lay), _upper(view, screen, lay, area)
        view._kept_parts = (facts, lower, upper) if still else None
    return [*lower, *_glints(view, screen, lay), *_pulses(view, screen, lay, upper)]


def _lower(view: Any, screen: Screen, lay: vp.Layout) -> tuple[BoardPart, ...]:
    """The table and the preview over it, each a kept layer."""
    game = view.session.game
    s, b = game.state, view.board
    base = (tuple(b.rows), screen.scale, screen.ox, screen.oy, lay)
    table = (base, vp.state_key(s), view._hidden(), tuple(view.colours), tuple(view.marks))
    p, target = view.preview, view.target
    field = Preview(zone=p.zone, labels=p.labels,
                    districts=[d for d in p.districts if d["faint"]])
    wide = _field_bounds(screen, lay, field, view.highlight_cells, target)
    out = [BoardPart("table", lay.outer, table, partial(vt.paint_table, view, lay, base,
                                                        table, wide),
                     partial(vt.table_changed, view, lay, base, table))]
    aim = None if target is None else (tuple(target.cells), tuple(target.path),
                                       target.ghost, target.ok, target.axis, target.level)
    shown = (table, aim, view.highlight_cells, language())
    key: Any
    kept: Kept | None = None  # the field's layer, how it is kept
    below: list[Keeper] = []  # the layers under the preview near the cursor
    if wide is not None:
        key = (shown, field.zone, tuple(field.labels.items()),
               tuple((d["cells"], d["size"], d["token"]) for d in field.districts))
        kept = (view._field, key, wide, field)
        below.append(partial(_keep, view, lay, *kept))
        out.append(BoardPart("field", wide, key, partial(_shown, below[-1]), partial(
            _field_changed, view, partial(vt.ready, view, lay, base, table), below[-1],
            key, wide), _covers(view, screen, lay, wide)))
    strong = [d for d in p.districts if not d["faint"]]
    closes = _bounds(screen, lay, [c for d in strong for c in d["cells"]], strong)
    if closes is not None:  # all of the preview there but the way and the ghost
        still = Preview(zone=p.zone, labels=p.labels, districts=p.districts)
        key = (shown, p.zone, tuple(p.labels.items()),
               tuple((d["cells"], d["size"], d["token"], d["faint"]) for d in p.districts))
        below.append(partial(_keep, view, lay, view._districts, key, closes, still)
                     if kept is None or p.labels else
                     partial(_on_field, view, lay, key, closes, still, kept))
        out.append(BoardPart("districts", closes, key, partial(_shown, below[-1]), partial(
            _districts_changed, view, partial(vt.ready, view, lay, base, table), below[-1],
            key), _covers(view, screen, lay, closes)))
    near = _near_bounds(screen, lay, p)
    if near is not None:
        key = (shown, view._serial, view._hl_serial)
        out.append(BoardPart("near", near, key, partial(
            _overlay, view, lay, view._near, key, near, p) if p.labels and len(p.path) > 1
            else partial(_over, view, lay, key, near, p, tuple(below)),
            opaque=_covers(view, screen, lay, near)))
    return tuple(out)


def _covers(view: Any, screen: Screen, lay: vp.Layout, bounds: Area) -> pygame.Rect | None:
    """The pixels a layer over ``bounds`` covers whatever lies under them
    (``BoardPart.opaque``): the field, the districts and the preview near the cursor each
    start as a copy of the pieces' layer there (:func:`_region`), so the table and the
    layers under them need not be painted there first (a hover painted both under its
    preview). None until the pieces' layer is laid out for this layout. (Not the table:
    the wall under it is cheap, and the rectangles cut round it cost more.)"""
    pieces = view._pieces.rect
    if pieces is None or pieces != screen.rect(*lay.outer):
        return None
    found: pygame.Rect = screen.rect(*bounds).clip(pieces)
    return found


def _upper(view: Any, screen: Screen, lay: vp.Layout, area: Area) -> tuple[BoardPart, ...]:
    """What is painted over the lake's ripples: pieces dropping in, each Pilli, the cursor,
    the points rising and the bursts."""
    s = view.state
    cs = lay.cs
    out: list[BoardPart] = []
    drops = [a for a in view.anims if a.kind not in ("pilli", "token")]
    if drops:
        out.append(BoardPart("drops", union([_drop_bounds(lay, a) for a in drops]), None,
                             partial(_drops, view, lay)))
    moving = {a.data["seat"]: a for a in view.anims if a.kind == "pilli"}
    current = va.current_seat(s)
    for seat, c in enumerate(s.pilli):
        if c is None:
            continue
        a = moving.get(seat)
        cells = [c] if a is None else [c, *([] if a.data["from"] is None else
                                            [a.data["from"]]), *a.data.get("path", ())]
        bounds = grown(union([_cell(lay, x) for x in cells]),
                        cs * (0.25 if a is None else 0.45) + 3)
        key = None if a is not None else \
            (c, vp.seat_colour(view.colours, seat), vp.seat_mark(view.marks, seat),
             seat == current)  # (and the breath of the one to play: :func:`_pulses`)
        out.append(BoardPart(f"pilli {seat}", bounds, key,
                             partial(_pilli, view, lay, seat, a)))
    if 0 <= view.cursor < view.board.size and s.phase != "over" and view.tool != "tokens":
        w = max(3.0, cs * 0.11)
        out.append(BoardPart("cursor", grown(_cell(lay, view.cursor), w / 2 + 3), None,
                             partial(_cursor, ())))  # (its key: :func:`_pulses`)
    if view.pops:
        out.append(BoardPart("pops", union([_pop_bounds(screen, lay, p) for p in view.pops]),
                             None, partial(_pops, view, lay)))
    if view.fx.active:
        out.append(BoardPart("fx", _fx_bounds(view, lay, area), None,
                             partial(_fx, view, lay)))
    return tuple(out)


def _pulses(view: Any, screen: Screen, lay: vp.Layout,
            upper: tuple[BoardPart, ...]) -> list[BoardPart]:
    """``upper`` with the cursor's key: the pixels of its pulse now (its boxes as the
    screen rounds them), so that it is painted again only when they change; and the
    Pilli to play's with the step of its breath."""
    out = list(upper)
    glow = va.pilli_glow(view.time)
    for i, part in enumerate(out):
        if part.place.startswith("pilli") and isinstance(part.key, tuple) and part.key[-1]:
            out[i] = BoardPart(part.place, part.area, (*part.key, glow), part.paint)
        if part.place == "cursor":
            boxes = va.cursor_boxes(lay, view)
            key = tuple((screen.rect(x, y, w, h), colour, screen.ln(radius), screen.ln(width))
                        for x, y, w, h, colour, radius, width in boxes)
            out[i] = BoardPart("cursor", part.area, key, partial(_cursor, boxes))
    return out


def _glints(view: Any, screen: Screen, lay: vp.Layout) -> list[BoardPart]:
    """The ripples of light on the lake, one part (:mod:`view.lights`): painted again
    where the pixels of a group of ripples change (the screen's rounding of their points,
    their colour), at most :data:`~variants.mexica.view.lights.RIPPLE_FPS` times a
    second."""
    facts = (lay, id(view.board), screen.scale, screen.ox, screen.oy)
    kept = view._glint_groups
    if kept is None or kept[0] != facts:
        kept = view._glint_groups = (facts, Lights(view.board, lay, screen))
    lights: Lights = kept[1]
    if lights.area is None:
        return []
    key, strokes = lights.now(int(view.time * RIPPLE_FPS) / RIPPLE_FPS)
    return [BoardPart("glints", lights.area, key, partial(lights.paint, strokes),
                      partial(lights.changed, key))]


def panel_parts(view: Any, screen: Screen, area: Area) -> list[BoardPart]:
    """The side panel in ``area`` as parts: its stone and contents (``panel_key``), the
    standing of the district under the cursor beside it, over the log, and a founded
    token on its way from the display to its district (which moves every frame)."""
    out = [BoardPart("panel", grown(area, REACH), (view.panel_key(), tuple(area)),
                     partial(_panel, view, area))]
    box = standing_box(view, screen, area)
    if box is not None:
        key = standing_key(view)
        x, y, w, h = box  # with its shadow (``frames.panel``), clear of the panel's stone
        out.append(BoardPart("standing", (x - SHADOW - 2, y - SHADOW / 2 - 1,
                                          w + 2 * SHADOW + 4, h + 1.5 * SHADOW + 3), key,
                             partial(_standing, view, area)))
    if any(a.kind == "token" for a in view.anims) and view._board_lay is not None:
        out.append(BoardPart("flight", _flight_bounds(view, screen, area), None,
                             partial(_flights, view, area)))
    return out


def standing_key(view: Any) -> tuple[Any, ...]:
    """What the standing of the district under the cursor shows."""
    standing = view.preview.standing
    rows = tuple((r["owner"], r["place"], r["levels"], r["points"])
                 for r in standing["rows"][:4])
    return (standing["size"], standing["token"], standing["founded"], rows,
            tuple(view.session.name(r[0]) for r in rows), tuple(view.colours),
            tuple(view.marks), language())


def standing_box(view: Any, screen: Screen, panel: Area) -> Area | None:
    """Where the standing of the district under the cursor shows beside ``panel``, or
    None: no district, or the scoring's own highlight shows. Under the panel, over the
    top of the action log; where that runs under the status line, over the log to its
    foot; where that would cover the panel's seat rows (four long names' cards, one a
    row, push the panel down: at 1920x1080 the box hid the fourth seat's row), just above
    them, over the calpulli display and the supply. Its shadow reaches none of the rows:
    a seat's colour, hand and score stay in sight while a district is hovered."""
    standing = view.preview.standing if view.preview else None
    if not standing or not standing["rows"] or view.highlight_cells:
        return None
    x, y, w, h = panel
    n = len(standing["rows"][:4])
    bh = standing_height(n, ROOMY)
    under = y + h + 12
    if under + bh <= LOG_BOTTOM:  # (the status line is under the log)
        return (x, under, w, bh)
    rows = seat_rows(screen, panel, view)
    for spacing in STANDING_SPACINGS:  # its rows closer together before it leaves the log
        bh = standing_height(n, spacing)
        if LOG_BOTTOM - bh - SHADOW / 2 - 1 >= rows[-1][1] + rows[-1][3]:
            return (x, LOG_BOTTOM - bh, w, bh)
    bh = standing_height(n, ROOMY)
    return (x, rows[0][1] - 1.5 * SHADOW - 3 - bh, w, bh)



# -- painting ---------------------------------------------------------------------------
def _overlay(view: Any, lay: vp.Layout, layer: Region, key: Any, bounds: Area, p: Preview,
             screen: Screen) -> None:
    """The pieces under ``bounds`` with the scoring's highlight, a lesson's step and the
    preview ``p`` over them: a layer of its own, kept per ``key``."""
    _shown(partial(_keep, view, lay, layer, key, bounds, p), screen)


def _shown(keep: Keeper, screen: Screen) -> None:
    """The layer ``keep`` keeps, painted again if its key changed, on the screen."""
    layer = keep(screen)
    assert layer.scr is not None
    screen.surface.blit(layer.scr.surface, layer.rect.topleft)


def _keep(view: Any, lay: vp.Layout, layer: Region, key: Any, bounds: Area, p: Preview,
          screen: Screen) -> Region:
    """``layer`` as :func:`_overlay` shows it, painted again if ``key`` changed."""
    pieces = view._pieces
    assert pieces.scr is not None
    full = (key, bounds, pieces.rect)
    if layer.key == full:
        return layer
    field, was = layer is view._field, layer.key
    areas = vf.patched(view, lay, layer, full, p, screen) if field else None
    if areas is not None:
        layer.key, layer.shows = full, p
        _verify(view, lay, layer, key, bounds, p, screen)
    else:
        scr = _region(layer, pieces, screen, bounds)
        s = view.state
        if view.highlight_cells:
            vo.paint_highlight(scr, lay, view.highlight_cells)
        if view.target is not None:
            vo.paint_target(scr, lay, view.rules, s, view.target, view.colours, view.marks)
        vo.paint_preview(scr, lay, view.rules, s, _within(screen, lay, p, bounds), view.colours,
                         view.marks, view.highlight_cells)
        layer.key, layer.shows = full, p
    if field:
        view._field_log.note(was, full, areas)
    elif layer is view._districts:
        view._districts_log.note(was and was[0], key, None)
    return layer


def _field_changed(view: Any, table: Callable[[Screen], Any], keep: Keeper, key: Any,
                   bounds: Area, screen: Screen, shown: Any) -> list[pygame.Rect] | None:
    """Where the field's part (``key``) differs from the field the window shows
    (``shown``): where its layer was painted again since, on the screen; None when not
    known (``BoardPart.changed``). The layers beneath are brought up to date first, as
    painting the table and the field in order would."""
    table(screen)
    layer = keep(screen)
    rect = view._pieces.rect
    areas = view._field_log.since((shown, bounds, rect), (key, bounds, rect))
    if areas is None:
        return None
    x, y = layer.rect.topleft
    return [a.move(x, y) for a in areas]


#: a layer over part of the board, how it is kept: its key, bounds and preview
Kept = tuple["Region", Any, Area, Preview]
#: the layer a part shows, painted again if its key changed
Keeper = Callable[[Screen], "Region"]


def _on_field(view: Any, lay: vp.Layout, key: Any, bounds: Area, p: Preview, field: Kept,
              screen: Screen) -> Region:
    """The districts a preview closes or founds, over the field's layer where it reaches
    (the pieces elsewhere): the field marks no costs, so it holds all of the preview
    painted under those districts, and only they and the badges are painted again
    (:func:`overlay.paint_closing`). The Found tool's faint outlines of every district
    that may be founded were painted twice, once per layer (over 2 ms at 1080p)."""
    below = _keep(view, lay, *field, screen)
    layer: Region = view._districts
    full = (key, bounds, view._pieces.rect, below.key, below.rect)
    if layer.key != full:
        was = layer.key
        areas = vf.closing_patched(view, lay, layer, full, p, below, screen)
        if areas is None:
            scr = _over_layers(layer, view, screen, bounds, [below])
            vo.paint_closing(scr, lay, _within(screen, lay, p, bounds).districts)
        layer.key = full
        view._districts_log.note(was and was[0], key, areas)
        _verify(view, lay, layer, key, bounds, p, screen)
    return layer


def _districts_changed(view: Any, table: Callable[[Screen], Any], keep: Keeper, key: Any,
                       screen: Screen, shown: Any) -> list[pygame.Rect] | None:
    """Where the districts' part (``key``) differs from the one the window shows
    (``shown``): where their layer was painted again since, on the screen; None when not
    known (``BoardPart.changed``). The layers beneath are brought up to date first."""
    table(screen)
    layer = keep(screen)
    areas = view._districts_log.since(shown, key)
    if areas is None:
        return None
    x, y = layer.rect.topleft
    return [a.move(x, y) for a in areas]


def _over(view: Any, lay: vp.Layout, key: Any, bounds: Area, p: Preview,
          below: tuple[Keeper, ...], screen: Screen) -> None:
    """The preview near the cursor over copies of the field's and the districts' layers
    where they reach (the pieces elsewhere): they hold all of the preview painted under
    its way and its ghost, so only those are painted again (:func:`overlay.paint_near`),
    not a long walk's costs or a district's outline reaching under the cursor (a hover
    with the temple tool outlined a district of a hundred spaces: 1-1.5 ms a hover)."""
    layers = [keep(screen) for keep in below]
    layer: Region = view._near
    full = (key, bounds, view._pieces.rect, tuple((r.key, r.rect) for r in layers))
    if layer.key != full:
        scr = _over_layers(layer, view, screen, bounds, layers)
        vo.paint_near(scr, lay, view.rules, view.state, p, view.colours, view.marks)
        layer.key = full
        _verify(view, lay, layer, key, bounds, p, screen)
    _shown(lambda _screen: layer, screen)


def _over_layers(layer: Region, view: Any, screen: Screen, bounds: Area,
                 below: list[Region]) -> Screen:
    """``layer`` over ``bounds``, a copy of the pieces there and of each of ``below``
    (layers over the pieces) where it reaches."""
    scr = _region(layer, view._pieces, screen, bounds)
    for low in below:
        assert low.scr is not None
        both = layer.rect.clip(low.rect)
        if both.w and both.h:
            scr.surface.blit(low.scr.surface, both.move(-layer.rect.x, -layer.rect.y),
                             both.move(-low.rect.x, -low.rect.y))
    return scr


#: tests set it: every layer painted over the layers beneath it is compared with
#: painting all of the preview there anew
VERIFY = False


def _verify(view: Any, lay: vp.Layout, layer: Region, key: Any, bounds: Area, p: Preview,
            screen: Screen) -> None:
    if VERIFY:
        anew = _keep(view, lay, Region(), key, bounds, p, screen)
        assert layer.scr is not None and anew.scr is not None and anew.rect == layer.rect
        assert pygame.image.tobytes(anew.scr.surface, "RGB") == \
            pygame.image.tobytes(layer.scr.surface, "RGB"), \
            "a layer painted over the layers beneath it differs from painting it anew"


def _region(layer: Region, below: Layer, screen: Screen, bounds: Area) -> Screen:
    """``layer`` over ``bounds`` (within ``below``), starting as a copy of ``below``
    there. Its pixels sit an even number of pixels from ``below``'s, so every logical
    point rounds to the same pixel on either (Python rounds halves to even)."""
    assert below.scr is not None
    rect = screen.rect(*bounds).clip(below.rect)
    dx, dy = (rect.x - below.rect.x) % 2, (rect.y - below.rect.y) % 2
    rect = pygame.Rect(rect.x - dx, rect.y - dy, max(1, rect.w + dx), max(1, rect.h + dy))
    scr = layer.surface(screen, rect.size, below.rect.size)
    scr.ox = below.scr.ox - (rect.x - below.rect.x)
    scr.oy = below.scr.oy - (rect.y - below.rect.y)
    layer.rect = rect
    scr.surface.blit(below.scr.surface, (0, 0), rect.move(-below.rect.x, -below.rect.y))
    return scr


def _drops(view: Any, lay: vp.Layout, screen: Screen) -> None:
    va.draw_drops(screen, lay, view, view.state)


def _pilli(view: Any, lay: vp.Layout, seat: int, a: Any, screen: Screen) -> None:
    va.draw_pilli(screen, lay, view, view.state, seat, a)


def _cursor(boxes: tuple[va.BoxSpec, ...], screen: Screen) -> None:
    va.draw_cursor(screen, boxes)


def _pops(view: Any, lay: vp.Layout, screen: Screen) -> None:
    va.draw_pops(screen, lay, view)


def _fx(view: Any, lay: vp.Layout, screen: Screen) -> None:
    view.fx.draw(screen, lay.centre)


def _panel(view: Any, area: Area, screen: Screen) -> None:
    # (outside its stone it paints nothing: not even measured, unless every text drawn
    # is read, as a panel's kept part does)
    if screen.surface.get_clip().colliderect(_stone(screen, area)) or \
            Screen.recorder is not None or Snapshot.paint_always:
        paint_panel(screen, area, view)


def _stone(screen: Screen, area: Area) -> pygame.Rect:
    """The pixels the panel's stone and its shadow may paint, exactly above it: the
    deciding seat's card breathes every frame just over the panel, and a frame painting
    only that ring need not paint the panel."""
    r = screen.rect(*area)
    pad = screen.ln(SHADOW)
    return pygame.Rect(r.x - pad, r.y - pad + pad // 2, r.w + 2 * pad, r.h + 2 * pad)


def _standing(view: Any, panel: Area, screen: Screen) -> None:
    view._draw_standing(screen, panel)


def _flights(view: Any, panel: Area, screen: Screen) -> None:
    va.draw_flights(screen, view, shelf_of(screen, panel, view), view._board_lay, view.rules)


# -- bounds -----------------------------------------------------------------------------


def _cell(lay: vp.Layout, c: int) -> Rect:
    x, y = lay.xy(c)
    return (x, y, lay.cs, lay.cs)


def _field_bounds(screen: Screen, lay: vp.Layout, field: Preview, highlight: frozenset[int],
                  target: Preview | None) -> Rect | None:
    """Where the preview's field, the scoring's highlight and a lesson's step paint."""
    cells = [*field.zone, *field.labels, *highlight,
             *(c for d in field.districts for c in d["cells"])]
    if target is not None:
        cells += [*target.cells, *target.path]
    return _bounds(screen, lay, cells, field.districts)


def _near_bounds(screen: Screen, lay: vp.Layout, p: Preview) -> Rect | None:
    """Where the preview near the cursor paints: its way, the space it selects and its
    ghost (the districts it closes or founds are a part of their own, under it: the one
    a token founds stays while the cursor moves, and may reach across the board)."""
    cells = list(p.path)
    if p.select is not None:
        cells.append(p.select)
    if p.ghost:
        cells += p.cells
    return _bounds(screen, lay, cells, [])


def _bounds(screen: Screen, lay: vp.Layout, cells: list[int],
            districts: list[dict[str, Any]]) -> Rect | None:
    box = _cells(lay, cells)
    if box is None:
        return None
    rect = union([grown(box, lay.cs * GHOST_REACH + 3), *_badges(screen, lay, districts)])
    return _clip(rect, lay.outer)


def _drop_bounds(lay: vp.Layout, a: Any) -> Rect:
    """Where a piece dropping in (up to 1.7 times its size, with its shadow) or a temple
    rising paints."""
    box = _cells(lay, a.cells)
    assert box is not None
    return grown(box, max(box[2], box[3]) * 0.4 + lay.cs * 0.5)


def _pop_bounds(screen: Screen, lay: vp.Layout, pop: va.Pop) -> Rect:
    """Where a "+N" rising from its space paints, from start to end."""
    cs = lay.cs
    cx, cy = lay.centre(pop.cell)
    size = max(30.0, cs * 0.8)
    w = screen.text_width(pop.text, theme.readable(size)) + 8
    top = cy - cs * 1.6 - size
    return (cx - w / 2 - 4, top - 4, w + 12, cy - cs * 0.4 + size - top + 12)


def _fx_bounds(view: Any, lay: vp.Layout, area: Area) -> Rect:
    """Where the bursts paint this frame (``Effects.draw``): each started spark, ring and
    glow around the cell it flies from; the whole board if one is anchored elsewhere."""
    fx = view.fx
    rects: list[Rect] = []
    for s in fx.sparks:
        if s.t >= s.delay:
            if not isinstance(s.anchor, int):
                return area
            cx, cy = lay.centre(s.anchor)
            r = s.size + 3
            rects.append((cx + s.x - r, cy + s.y - r, 2 * r, 2 * r))
    for g in (*fx.rings, *fx.glows):
        if g.t >= g.delay:
            if not isinstance(g.anchor, int):
                return area
            cx, cy = lay.centre(g.anchor)
            r = g.radius * 1.1 + 20  # a glow's sprite is rounded up to 8 pixels
            rects.append((cx - r, cy - r, 2 * r, 2 * r))
    box = _clip(union(rects), area) if rects else None
    return box if box is not None else (lay.x0, lay.y0, 0.0, 0.0)


def _flight_bounds(view: Any, screen: Screen, panel: Area) -> Rect:
    """Where the tokens in flight paint, from the display to their districts, arc and
    all."""
    lay = view._board_lay
    shelf = shelf_of(screen, panel, view)
    rects = []
    for a in view.anims:
        if a.kind != "token":
            continue
        x, y, side = shelf.slot(a.data.get("slot", 0))
        cell = side / 0.86
        start = (x - (cell - side) / 2, y - (cell - side) / 2, cell, cell)
        ex, ey = lay.xy(a.cells[0])
        box = union([start, (ex, ey, lay.cs, lay.cs)])
        bx, by, bw, bh = grown(box, max(cell, lay.cs) * 0.2 + 4)
        rects.append((bx, by - va.FLY_ARC_MAX, bw, bh + va.FLY_ARC_MAX))
    return union(rects)



def _clip(rect: Rect, to: Rect) -> Rect | None:
    x0, y0 = max(rect[0], to[0]), max(rect[1], to[1])
    x1 = min(rect[0] + rect[2], to[0] + to[2])
    y1 = min(rect[1] + rect[3], to[1] + to[3])
    return None if x1 <= x0 or y1 <= y0 else (x0, y0, x1 - x0, y1 - y0)
