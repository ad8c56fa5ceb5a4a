"""Mexica board overlays: the current tool's preview, the scoring highlight, labels.

Painted into the view's cached layer whenever the preview or the highlight changes; pure
drawing, no game or view state changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import Text
from game.kit.client import Screen, theme
from variants.mexica.state import MexicaState
from variants.mexica.text import _
from variants.mexica.view.paint import (
    CANAL_EDGE,
    INK,
    Layout,
    outline,
    paint_bridge,
    paint_canal,
    paint_pilli,
    paint_temple,
    paint_token,
    seat_colour,
    seat_mark,
)

if TYPE_CHECKING:
    from variants.mexica.rules import MexicaRules


def middle_cell(width: int, cells: Iterable[int]) -> int | None:
    """The cell of ``cells`` nearest their centre, for a label or a pop-up."""
    cells = list(cells)
    if not cells:
        return None
    mx = sum(c % width for c in cells) / len(cells)
    my = sum(c // width for c in cells) / len(cells)
    return min(cells, key=lambda c: ((c % width - mx) ** 2 + (c // width - my) ** 2, c))


def paint_highlight(scr: Screen, lay: Layout, cells: frozenset[int]) -> None:
    """The district the scoring overlay is showing: warm fill, thick gold outline."""
    cs = lay.cs
    scr.boxes([(*lay.xy(c), cs, cs) for c in cells], (255, 196, 0, 70))
    outline(scr, lay, cells, theme.ACCENT, max(4.0, cs * 0.14))


def _badge(scr: Screen, lay: Layout, cell: int, text: Text, gold: bool) -> None:
    cs = lay.cs
    cx, cy = lay.centre(cell)
    size = max(16.0, cs * 0.5)
    w = max(cs * 0.8, scr.text_width(text, theme.readable(size)) + cs * 0.3)
    h = cs * 0.62
    scr.box(cx - w / 2, cy - h / 2, w, h, theme.TOKEN if gold else INK, radius=h / 3)
    scr.box(cx - w / 2, cy - h / 2, w, h, theme.ACCENT if gold else theme.TEXT, radius=h / 3,
            width=max(2.0, cs * 0.05))
    scr.text(text, cx, cy, theme.readable(size), INK if gold else theme.TEXT, "center")


#: scratch layers for ghost pieces, by pixel size and scale (pixels only, no game state);
#: reusing them keeps their fonts loaded
_SCRATCH: dict[tuple[Any, ...], Screen] = {}


def _ghost(scr: Screen, lay: Layout, c: int, paint: Any) -> None:
    """Paint one piece translucently: into a small alpha layer, then blend it in."""
    cs = lay.cs
    x, y = lay.xy(c)
    rect = scr.rect(x - cs * 0.5, y - cs * 0.5, cs * 2, cs * 2)
    key = (rect.size, scr.scale)
    sub = _SCRATCH.get(key)
    if sub is None:
        if len(_SCRATCH) > 8:
            _SCRATCH.clear()
        sub = _SCRATCH[key] = Screen(pygame.Surface(rect.size, pygame.SRCALPHA))
        sub.scale = scr.scale
    sub.surface.fill((0, 0, 0, 0))
    sub.surface.set_alpha(None)
    sub.ox, sub.oy = scr.ox - rect.x, scr.oy - rect.y
    paint(sub, x, y)
    sub.surface.set_alpha(175)
    scr.surface.blit(sub.surface, rect)


def paint_preview(scr: Screen, lay: Layout, rules: MexicaRules, state: MexicaState, p: Any,
                  colours: list[Any], marks: list[str], highlight: frozenset[int]) -> None:
    """The current tool's preview: reachable cells and costs, districts, the ghost piece."""
    cs = lay.cs
    scr.boxes([(*lay.xy(c), cs, cs) for c in p.zone], (90, 230, 120, 90))
    _paint_districts(scr, lay, p.districts)
    _paint_way(scr, lay, p)
    _paint_labels(scr, lay, p.labels)
    _paint_aim(scr, lay, rules, state, p, colours, marks)


def paint_near(scr: Screen, lay: Layout, rules: MexicaRules, state: MexicaState, p: Any,
               colours: list[Any], marks: list[str]) -> None:
    """The preview near the cursor over copies of the layers beneath it, which hold all
    :func:`paint_preview` paints before its way, and its costs too when it shows no way
    (the caller sees to it: a cost painted again over the way would blend its edges
    twice): its way, the space it selects and its ghost."""
    _paint_way(scr, lay, p)
    _paint_aim(scr, lay, rules, state, p, colours, marks)


def _paint_way(scr: Screen, lay: Layout, p: Any) -> None:
    cs = lay.cs
    if len(p.path) > 1:
        pts = [lay.centre(c) for c in p.path]
        for a, b in zip(pts, pts[1:], strict=False):
            scr.line(a, b, theme.ACCENT, max(3.0, cs * 0.1))
        for pt in pts[1:-1]:
            scr.circle(pt[0], pt[1], cs * 0.09, theme.ACCENT)


def _paint_aim(scr: Screen, lay: Layout, rules: MexicaRules, state: MexicaState, p: Any,
               colours: list[Any], marks: list[str]) -> None:
    cs = lay.cs
    if p.select is not None:
        x, y = lay.xy(p.select)
        scr.box(x, y, cs, cs, (255, 196, 0, 90))
        scr.box(x, y, cs, cs, theme.ACCENT, width=max(3.0, cs * 0.1))
    if p.ghost and p.cells:
        seat = state.turn
        _paint_ghost(scr, lay, rules, p, seat_colour(colours, seat), seat_mark(marks, seat))


def paint_target(scr: Screen, lay: Layout, rules: MexicaRules, state: MexicaState, p: Any,
                 colours: list[Any], marks: list[str]) -> None:
    """A lesson's step where it is played: its way and its piece as a ghost, its cells
    ringed in green, wherever the cursor is."""
    cs = lay.cs
    if len(p.path) > 1:
        pts = [lay.centre(c) for c in p.path]
        for a, b in zip(pts, pts[1:], strict=False):
            scr.line(a, b, theme.GOOD, max(3.0, cs * 0.1))
    if p.ghost and p.cells:
        seat = state.turn
        _paint_ghost(scr, lay, rules, p, seat_colour(colours, seat), seat_mark(marks, seat))
    if p.cells:
        outline(scr, lay, frozenset(p.cells), theme.GOOD, max(4.0, cs * 0.12))


def _paint_districts(scr: Screen, lay: Layout, districts: list[dict[str, Any]]) -> None:
    """Outlined districts (faint ones first, under the others) and their size badges."""
    _outline_districts(scr, lay, sorted(districts, key=lambda d: not d["faint"]))
    _size_badges(scr, lay, districts)


def paint_closing(scr: Screen, lay: Layout, districts: list[dict[str, Any]]) -> None:
    """The districts a preview closes or founds (the strong ones of ``districts``) over
    a copy of its field, which holds all :func:`paint_preview` paints before them (the
    spaces it reaches, the faint outlines and their badges) and nothing after them (no
    costs, no way, no ghost): their fill and outline, then every badge again in
    :func:`paint_preview`'s order. A badge's box is opaque and holds its border and its
    words, so a badge painted again over itself is the same pixels: all of it is then
    as :func:`paint_preview` paints it, without the faint outlines again."""
    _outline_districts(scr, lay, [d for d in districts if not d["faint"]])
    _size_badges(scr, lay, districts)


def _outline_districts(scr: Screen, lay: Layout, districts: list[dict[str, Any]]) -> None:
    cs = lay.cs
    for d in districts:
        cells = d["cells"]
        if d["faint"]:
            outline(scr, lay, cells, theme.TEXT, max(2.0, cs * 0.06))
        else:
            scr.boxes([(*lay.xy(c), cs, cs) for c in cells], (255, 196, 0, 60))
            outline(scr, lay, cells, theme.ACCENT, max(3.0, cs * 0.11))


def _size_badges(scr: Screen, lay: Layout, districts: list[dict[str, Any]]) -> None:
    for d in districts:
        mid = middle_cell(lay.cols, d["cells"])
        if mid is not None and (not d["faint"] or d["token"]):
            _badge(scr, lay, mid, _("{size} token!", context="badge", size=d["size"])
                   if d["token"] and not d["faint"] else str(d["size"]), d["token"])


def _paint_labels(scr: Screen, lay: Layout, labels: dict[int, tuple[str, str]]) -> None:
    """The AP a walk or a boat trip to each cell costs, in the style of the way there."""
    cs = lay.cs
    styles = {"walk": (INK, theme.TEXT), "far": ((70, 70, 70), theme.TEXT_DIM),
              "boat": (CANAL_EDGE, theme.TEXT)}
    for c, (text, style) in labels.items():
        bg, fg = styles[style]
        cx, cy = lay.centre(c)
        scr.circle(cx, cy, cs * 0.27, bg)
        if style == "boat":
            scr.circle(cx, cy, cs * 0.27, theme.CANAL, max(2.0, cs * 0.05))
        scr.text(text, cx, cy + cs * 0.02, theme.readable(cs * 0.46), fg, "center")


def _paint_ghost(scr: Screen, lay: Layout, rules: MexicaRules, p: Any, colour: Any, mark: str
                 ) -> None:
    """The piece the action would place, framed green when possible and red when not."""
    cs = lay.cs
    frame = theme.GOOD if p.ok else theme.DANGER
    c = p.cells[0]
    if p.ghost == "canal":
        paint_canal(scr, lay, tuple(sorted(p.cells)), fill=(60, 150, 210, 170), edge=frame)
    elif p.ghost == "bridge":
        paint_bridge(scr, lay, c, p.axis, colour=(150, 98, 50, 200), edge=frame)
    elif p.ghost == "temple":
        _ghost(scr, lay, c, lambda sub, x, y: paint_temple(sub, x, y, cs, p.level, colour,
                                                          mark))
    elif p.ghost == "token" and p.ok:
        info = rules.table.token_info.get(p.level)
        _ghost(scr, lay, c, lambda sub, x, y: paint_token(sub, x, y, cs, p.level, info))
    elif p.ghost == "pilli" and p.ok:
        _ghost(scr, lay, c, lambda sub, x, y: paint_pilli(sub, x + cs / 2, y + cs / 2, cs,
                                                         colour, mark))
    if p.ghost in ("temple", "token", "pilli"):
        x, y = lay.xy(c)
        scr.box(x, y, cs, cs, frame, width=max(3.0, cs * 0.07))
