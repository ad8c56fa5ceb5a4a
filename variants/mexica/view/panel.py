"""Mexica's side panel: AP and round, tools, calpulli display, supplies, every player's hand.

Designed for the play screen's side panel, about 560 x 552 (the seat cards above it already
show names and scores, so a seat's row shows its colour and mark, not its name), and
scaled uniformly to fit any other area; text never goes below the floor, so chips wrap
into rows rather than shrink. Drawn from the game state and the view's current preview;
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import Text, language
from game.kit.client import Area, Screen, Snapshot, draw_mark, fit_lines, frames, theme
from variants.mexica.state import MexicaState
from variants.mexica.text import _, ap
from variants.mexica.view import keys
from variants.mexica.view.paint import INK, seat_colour, seat_mark, token_numbers

if TYPE_CHECKING:
    from variants.mexica.rules import MexicaRules

TOOL_LABELS: dict[str, Text] = {
    "walk": _("Walk", context="tool"), "canal": _("Canal", context="tool"),
    "bridge": _("Bridge", context="tool"), "temple": _("Temple", context="tool"),
    "found": _("Found", context="tool"), "relocate": _("Relocate", context="tool"),
    "tokens": _("Tokens", context="tool")}
#: the token menu's chips: their verbs
SHORT: dict[str, Text] = {"take": _("Take", context="chip"), "spend": _("Spend", context="chip")}
#: after the AP in the header: "6 AP left"
LEFT = _("left", context="ap")
BASE_W = 528
GAP = 6
HEAD_H = 58
PERIOD_H = 40  # the period line's own row, when it does not fit beside the header
TOOLS_H = 42
MODE_H = 40
TOKENS_H = 72
SUPPLY_H = 44
ROW_H = 44
CHIP = 28  # chip font size
LATER_PAD = 4  # room either side of the words in the face-down tokens' box


def _need(scr: Screen, view: Any, s: MexicaState, aw: float,
          k: float) -> tuple[float, float]:
    """The panel's height at scale ``k``, and how far the header and the rows
    :func:`_tools` draws reach down (the calpulli display sits under them): measured once
    for both."""
    rows = _token_slots(s, aw - 12 * k, k, _later_width(scr, s, aw - 12 * k, k))[1]
    tools, menu = _tool_rows(scr, view, aw - 12 * k, k)
    head = _head_h(scr, s, aw - 12 * k, k)
    seats = len(s.scores) + (1 if neutral_temples(s) else 0)
    height = (12 + TOOLS_H * tools + MODE_H * max(1, menu) + TOKENS_H * rows
              + SUPPLY_H + seats * (ROW_H + GAP) + 4 * GAP) * k + head
    return height, (tools * TOOLS_H + menu * MODE_H) * k + head


@dataclass(frozen=True)
class Shelf:
    """Where the calpulli tokens on display were painted this frame (logical units): a
    founded token flies from its place here to its district."""

    x: float
    y: float
    size: float  # a token's side
    step: float  # from one token to the next in a row
    row_h: float
    per_row: int

    def slot(self, i: int) -> tuple[float, float, float]:
        """(x, y, side) of the ``i``-th token on display (the first is 0)."""
        row, col = divmod(max(0, i), self.per_row)
        return self.x + col * self.step, self.y + row * self.row_h, self.size


def _per_row(w: float, k: float) -> int:
    return max(2, int((w + 6 * k) // ((TOKENS_H - 4) * k)))


def shelf_of(scr: Screen, area: tuple[float, float, float, float], view: Any) -> Shelf:
    """Where :func:`paint_panel` paints the calpulli display in ``area`` now (a founded
    token flies from it), without painting."""
    return _placed(scr, area, view)[0]


#: the display's place; the contents' origin, width and scale; the height; where the
#: contents' bands meet (whole pixels) and where the header, the tools and the display end
Placed = tuple[Shelf, tuple[float, float, float, float], float, tuple[float, ...],
               tuple[float, ...]]
#: the supply's band ends this far into its row (its icons and numbers end above it): a
#: "+N" rising over the first seat's row reaches into the gap above that row and a little
#: past it, into the seats' band
SUPPLY_CUT = 39


def _placed(scr: Screen, area: tuple[float, float, float, float], view: Any) -> Placed:
    """The display's place, the contents' origin, width and scale, the height and where
    the bands of the contents meet; kept while what the panel shows but for its "+N"
    rising, its area and the language hold (measuring the panel's words to find them
    costs more than painting it when a frame paints a sliver of it)."""
    facts = (tuple(area), scr.scale, scr.oy, keys.panel_layout_key(view), language())
    kept = view.panel_place
    if kept is not None and kept[0] == facts:
        placed: Placed = kept[1]
        return placed
    placed = _place(scr, area, view)
    view.panel_place = (facts, placed)
    return placed


def _place(scr: Screen, area: tuple[float, float, float, float], view: Any) -> Placed:
    ax, ay, aw, ah = area
    s = view.session.game.state
    k = min(aw / BASE_W, 1.6)
    need, tools_h = _need(scr, view, s, aw, k)
    if need > ah:
        k *= ah / need
        need, tools_h = _need(scr, view, s, aw, k)
    x, w = ax + 6 * k, aw - 12 * k
    y = ay + 6 * k
    top = y + tools_h + GAP * k
    shelf = Shelf(x, top + GAP * k, (TOKENS_H - 10) * k, (TOKENS_H - 4) * k, TOKENS_H * k,
                  _per_row(w, k))
    h = min(ah, need)
    shown = shelf.y + _token_slots(s, w, k, _later_width(scr, s, w, k))[1] * TOKENS_H * k
    ends = (y + _head_h(scr, s, w, k), top, shown)
    # each band ends on a whole pixel, where the next begins: they tile the panel
    rows = [round(scr.oy + e * scr.scale)
            for e in (ay, *ends, shown + (GAP + SUPPLY_CUT) * k, ay + h)]
    return shelf, (x, y, w, k), h, tuple((r - scr.oy) / scr.scale for r in rows), ends


def seat_rows(scr: Screen, area: tuple[float, float, float, float], view: Any) -> list[Area]:
    """Where :func:`paint_panel` paints each seat's row in ``area`` now (the neutral
    colour's row last, in Mexica for two), logical units: what the district's standing
    beside the panel must never cover (a seat's colour, hand and score)."""
    _shelf, (x, _y, w, k), _h, _rows, ends = _placed(scr, area, view)
    s = view.session.game.state
    top = ends[2] + GAP * k + (SUPPLY_H + GAP) * k
    count = len(s.scores) + (1 if neutral_temples(s) else 0)
    return [(x, top + i * (ROW_H + GAP) * k, w, ROW_H * k) for i in range(count)]


class Bands:
    """The panel's contents as kept parts, one band each, top to bottom: the header, the
    tools, the calpulli display, the supply and the seats' rows. Each is painted again
    only when what it shows changes: a step of a walk changes the AP in the header, the
    token menu's choice a row of the tools, a "+N" rising the seats' rows; painted whole
    for any of them, the panel took 2-3 ms at 1080p (its stone, every word, the copy)."""

    def __init__(self) -> None:
        self.parts = [Snapshot() for _ in range(5)]

    def forget(self) -> None:
        for part in self.parts:
            part.forget()


def paint_panel(scr: Screen, area: tuple[float, float, float, float], view: Any) -> Shelf:
    """Paint the panel; return where its calpulli display sits (a token flies from it).

    Its stone's rim each frame, its contents in bands (``view.panel_part``), each kept
    while what it shows holds, and the stone beneath a band painted only with it. The
    stone's pieces are kept round all the contents and within them (``kept``), whatever
    part of it a frame's clip leaves: cut round each strip a frame repainted, the stone
    was cut anew each time (45-50 ms at 1080p, after an action)."""
    ax, ay, aw, _ah = area
    s = view.session.game.state
    shelf, at, h, rows, ends = _placed(scr, area, view)
    kept = (ax, ay, aw, h)
    look: dict[str, Any] = {"radius": 14 * at[3], "width": 2, "kept": kept}
    frames.panel(scr, *kept, theme.PANEL_LIGHT, hole=scr.rect(*kept), **look)  # the rim
    paints = _painters(view, s, at, ends)
    for i, (part, key) in enumerate(zip(view.panel_part.parts, _keys(view, s, at),
                                        strict=True)):
        band = (ax, rows[i], aw, rows[i + 1] - rows[i])
        part.draw(scr, band, key, paints[i], under=partial(_stone, scr, band, look))
    return shelf


def _stone(scr: Screen, band: Area, look: dict[str, Any], hole: pygame.Rect | None) -> None:
    """The panel's stone under ``band`` when the band is painted anew (``hole`` None);
    under its kept pixels, nothing (they are opaque)."""
    if hole is not None:
        return
    surface = scr.surface
    clip = surface.get_clip()
    r = scr.rect(*band).clip(clip)
    if not r.w or not r.h:
        return
    x, y, w, h = look["kept"]
    surface.set_clip(r)
    try:
        frames.panel(scr, x, y, w, h, theme.PANEL_LIGHT, **look)
    finally:
        surface.set_clip(clip)


def _keys(view: Any, s: MexicaState, at: tuple[float, float, float, float]
          ) -> tuple[Any, ...]:
    """What each band shows (and where the contents lie, in which language)."""
    where = (at, language())
    preview = view.preview
    return ((where, s.phase, s.ap, s.period, s.round),
            (where, tuple(view.tools), view.tool, tuple(preview.menu), preview.menu_index,
             view.mode_text()),
            (where, tuple(s.display), len(s.hidden)),
            (where, tuple(sorted(s.supply.items()))),
            (where, view.session.game.current_player, tuple(tuple(h) for h in s.hands),
             tuple(s.ap_tokens), tuple(s.scores), tuple(view.colours), tuple(view.marks),
             tuple(sorted(view.panel_pops.items())), tuple(neutral_temples(s))))


def _painters(view: Any, s: MexicaState, at: tuple[float, float, float, float],
              ends: tuple[float, ...]) -> tuple[Callable[[Screen], Any], ...]:
    """What paints each band: its part of the contents, where it lies in the whole."""
    x, y, w, k = at
    rules = view.session.game.rules
    supply = ends[2] + GAP * k
    return (lambda sc: _head(sc, view, s, x, y, w, k),
            lambda sc: _tools(sc, view, x, ends[0] + GAP * k, w, k),
            lambda sc: _display(sc, rules, s, x, ends[1] + GAP * k, w, k),
            lambda sc: _supply(sc, s, x, supply, w, k),
            lambda sc: _players(sc, view, s, x, supply + (SUPPLY_H + GAP) * k, w, k))


def _head_texts(s: MexicaState) -> tuple[Text, Text]:
    """The header's words: what the phase asks (or the AP left), and the period line."""
    if s.phase == "over":
        return _("Game over"), ""
    period = _("Period {period} · Round {round}", period=s.period, round=s.round)
    if s.phase == "play":
        return ap(s.ap), period
    return (_("Place your Pilli") if s.phase == "start" else _("Vote")), period


def _head_sizes(s: MexicaState, k: float) -> tuple[float, float]:
    big = theme.FONT_LARGE if s.phase in ("over", "play") else theme.FONT_BODY
    return theme.readable(big * k), theme.readable(theme.FONT_SMALL * k)


def _head_width(scr: Screen, s: MexicaState, k: float) -> float:
    """How wide the header's first words are ("6 AP left" counts its "left")."""
    text, _period = _head_texts(s)
    width = scr.text_width(text, _head_sizes(s, k)[0])
    if s.phase == "play":
        width += 8 * k + scr.text_width(LEFT, theme.readable(theme.FONT_SMALL * 0.8 * k))
    return width


def _head_h(scr: Screen, s: MexicaState, w: float, k: float) -> float:
    """The header's height: one row when the period line fits beside the header's words
    ("Place your Pilli" at the reading size on a narrow panel), else a row under them,
    so the two never run into each other. Measured once per words (each of the panel's
    measures is kept by what it follows: after an action or a change of tool the panel
    is laid out again, and measuring all its words took 0.17 ms each time)."""
    key = ("mexica head", s.phase, s.ap, s.period, s.round, w, k, language())
    return float(scr.memo(key, lambda: _measure_head_h(scr, s, w, k)))


def _measure_head_h(scr: Screen, s: MexicaState, w: float, k: float) -> float:
    _text, period = _head_texts(s)
    if not period:
        return HEAD_H * k
    room = w - 20 * k - 24 * k - _head_width(scr, s, k)
    if scr.text_width(period, _head_sizes(s, k)[1]) <= room:
        return HEAD_H * k
    return (HEAD_H + PERIOD_H) * k


def _head(scr: Screen, view: Any, s: MexicaState, x: float, y: float, w: float, k: float) -> float:
    text, period = _head_texts(s)
    size, small = _head_sizes(s, k)
    cy = y + HEAD_H * k / 2
    role = "cost" if s.phase == "play" else ""
    r = scr.text(text, x + 10 * k, cy, size, theme.ACCENT, "midleft", role=role)
    if s.phase == "play":
        left = (r.right - scr.ox) / scr.scale
        scr.text(LEFT, left + 8 * k, cy + 6 * k, theme.readable(theme.FONT_SMALL * 0.8 * k),
                 theme.TEXT_DIM, "midleft")
    height = _head_h(scr, s, w, k)
    if period and height > HEAD_H * k:  # its own row, under the header's words
        scr.text(period, x + 10 * k, y + HEAD_H * k + PERIOD_H * k / 2 - 4 * k, small,
                 theme.TEXT, "midleft")
    elif period:
        scr.text(period, x + w - 10 * k, cy, small, theme.TEXT, "midright")
    return y + height


def _tool_labels(view: Any) -> list[Text]:
    return [TOOL_LABELS.get(t, t.title()) for t in view.tools]


def _chip_rows(scr: Screen, labels: list[Text], w: float, k: float) -> list[list[int]]:
    """The chips' indices row by row, as many to a row as fit ``w`` at a readable size."""
    size = theme.readable(CHIP * k)
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, text in enumerate(labels):
        cw = scr.text_width(text, size) + 14 * k + 5 * k
        if rows[-1] and used + cw > w + 5 * k:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += cw
    return rows


def _chips(scr: Screen, labels: list[Text], active: int, x: float, y: float, w: float,
           h: float, k: float) -> None:
    """A row of labelled chips sharing ``w`` in proportion to their text."""
    size = CHIP * k
    widths = [scr.text_width(t, theme.readable(size)) + 14 * k for t in labels]
    gap = 5 * k
    spare = max(0.0, w - sum(widths) - gap * (len(labels) - 1)) / max(1, len(labels))
    cx = x
    for i, text in enumerate(labels):
        cw = widths[i] + spare
        on = i == active
        frames.tile(scr, cx, y, cw, h, theme.ACCENT if on else theme.PANEL_LIGHT,
                    radius=8 * k, depth=3 * k)
        scr.text(text, cx + cw / 2, y + h / 2, theme.readable(size), INK if on else theme.TEXT,
                 "center")
        cx += cw + gap


def _mode_lines(scr: Screen, view: Any, w: float, k: float) -> list[str]:
    """What the tool in hand does, on two lines when one would run past the panel."""
    return fit_lines(scr, view.mode_text(), theme.readable(theme.FONT_SMALL * 0.9 * k),
                     w - 16 * k)


def _menu_rows(view: Any, aw: float, k: float) -> int:
    if view.tool != "tokens":
        return 1
    return max(1, (len(view.preview.menu) + 2) // 3)


def _tool_rows(scr: Screen, view: Any, w: float, k: float) -> tuple[int, int]:
    """The rows :func:`_tools` draws: of tool chips, and of the mode line's words (or of
    the token menu's chips); measured once per tools, tool, words and menu."""
    key = ("mexica tool rows", tuple(view.tools), view.tool, view.mode_text(),
           len(view.preview.menu), w, k, language())
    rows: tuple[int, int] = scr.memo(key, lambda: _measure_tool_rows(scr, view, w, k))
    return rows


def _measure_tool_rows(scr: Screen, view: Any, w: float, k: float) -> tuple[int, int]:
    tools = len(_chip_rows(scr, _tool_labels(view), w, k))
    if view.tool != "tokens" or not view.preview.menu:
        return tools, len(_mode_lines(scr, view, w, k))
    return tools, _menu_rows(view, w, k)


def _tools(scr: Screen, view: Any, x: float, y: float, w: float, k: float) -> float:
    labels = _tool_labels(view)
    active = view.tools.index(view.tool) if view.tool in view.tools else -1
    for row in _chip_rows(scr, labels, w, k):
        _chips(scr, [labels[i] for i in row], active - row[0] if active in row else -1,
               x, y, w, (TOOLS_H - 6) * k, k)
        y += TOOLS_H * k
    if view.tool != "tokens" or not view.preview.menu:
        for text in _mode_lines(scr, view, w, k):
            scr.text(text, x + 8 * k, y + MODE_H * k / 2 - 4 * k,
                     theme.readable(theme.FONT_SMALL * 0.9 * k), theme.TEXT, "midleft")
            y += MODE_H * k
        return y
    menu = view.preview.menu
    for line in range(_menu_rows(view, w, k)):
        items = menu[line * 3:line * 3 + 3]
        short = [_short(action, label) for action, label in items]
        sel = view.preview.menu_index - line * 3
        _chips(scr, short, sel if 0 <= sel < len(items) else -1, x, y, w,
               (MODE_H - 8) * k, k)
        y += MODE_H * k
    return y


def _short(action: str, label: Text) -> Text:
    """A token menu's chip: its verb alone (the status line says the whole)."""
    verb, _sep, size = action.partition(" ")
    if verb == "remove":
        return _("Remove {size}", context="chip", size=size)
    return SHORT.get(verb, label)


def _later(s: MexicaState) -> Text:
    """The face-down period-2 tokens' box: how many come later."""
    return _("+{n} later", n=len(s.hidden))


def _later_width(scr: Screen, s: MexicaState, w: float, k: float) -> float:
    """How wide the face-down tokens' box is: two token places, or as wide as its words
    need in the reader's language ("+7 später"; the pseudo-language's are 40 % longer),
    up to the display's width."""
    return float(scr.memo(("mexica later", len(s.hidden), w, k, language()),
                          lambda: _measure_later_width(scr, s, w, k)))


def _measure_later_width(scr: Screen, s: MexicaState, w: float, k: float) -> float:
    size, step = (TOKENS_H - 10) * k, (TOKENS_H - 4) * k
    need = scr.text_width(_later(s), theme.FONT_SMALL) + 2 * LATER_PAD * k
    return min(w, max(size + step, need))


def _token_slots(s: MexicaState, w: float, k: float,
                 later_w: float) -> tuple[list[tuple[int, int, int | None]], int]:
    """(column, row, token) of each tile of the display, and the number of rows; the
    face-down period-2 tokens (token None) come last, in a box ``later_w`` wide
    (:func:`_later_width`), "+7 later" on one line: on the row if it fits there."""
    per_row = _per_row(w, k)
    step = (TOKENS_H - 4) * k
    slots: list[tuple[int, int, int | None]] = []
    col = row = 0
    for t in s.display:
        if col + 1 > per_row:
            col, row = 0, row + 1
        slots.append((col, row, t))
        col += 1
    if s.hidden:
        if col and col * step + later_w > w:
            col, row = 0, row + 1
        slots.append((col, row, None))
    return slots, row + 1


def _display(scr: Screen, rules: MexicaRules, s: MexicaState, x: float, y: float, w: float,
             k: float) -> float:
    size = (TOKENS_H - 10) * k
    step = (TOKENS_H - 4) * k
    later = _later_width(scr, s, w, k)
    slots, rows = _token_slots(s, w, k, later)
    items = [t for _c, _r, t in slots]
    for col, row, t in slots:
        tx = x + col * step
        ty = y + row * TOKENS_H * k
        if t is None:
            bw = later
            scr.box(tx, ty, bw, size, theme.PANEL_LIGHT, radius=8 * k)
            scr.box(tx, ty, bw, size, theme.TEXT_DIM, radius=8 * k, width=2 * k)
            scr.text(_fit(scr, _later(s), theme.FONT_SMALL, bw - 2 * LATER_PAD * k),
                     tx + bw / 2, ty + size / 2, theme.FONT_SMALL, theme.TEXT, "center")
            continue
        scr.box(tx, ty, size, size, theme.TOKEN, radius=8 * k)
        scr.box(tx, ty, size, size, INK, radius=8 * k, width=3 * k)
        info = rules.table.token_info.get(t)
        if info:
            token_numbers(scr, tx + size / 2, ty + size / 2, t, info,
                             theme.readable(size * 0.5), theme.readable(size * 0.34),
                             max(6.0, size * 0.08))
        else:
            scr.text(str(t), tx + size / 2, ty + size / 2, theme.readable(size * 0.5), INK,
                     "center")
    if not items:
        scr.text(_("No calpulli tokens left"), x + 8 * k, y + size / 2,
                 theme.readable(theme.FONT_SMALL * k),
                 theme.TEXT_DIM, "midleft")
    return y + rows * TOKENS_H * k


def _supply(scr: Screen, s: MexicaState, x: float, y: float, w: float, k: float) -> float:
    sup = s.supply
    items = [("single", sup["single"]), ("double", sup["double"]),
             ("bridge", sup["bridges"]), ("ap", sup["ap_tokens"])]
    cw = w / len(items)
    cy = y + SUPPLY_H * k / 2
    for i, (kind, n) in enumerate(items):
        ix = x + i * cw
        icon(scr, kind, ix + 24 * k, cy, k)
        scr.text(str(n), ix + 52 * k, cy, theme.readable(theme.FONT_BODY * k),
                 theme.TEXT if n else theme.DANGER, "midleft")
    return y + SUPPLY_H * k


def icon(scr: Screen, kind: str, cx: float, cy: float, k: float) -> None:
    if kind == "single":
        scr.box(cx - 14 * k, cy - 14 * k, 28 * k, 28 * k, theme.CANAL, radius=4 * k)
        scr.box(cx - 14 * k, cy - 14 * k, 28 * k, 28 * k, INK, radius=4 * k, width=2 * k)
    elif kind == "double":
        scr.box(cx - 22 * k, cy - 11 * k, 44 * k, 22 * k, theme.CANAL, radius=4 * k)
        scr.box(cx - 22 * k, cy - 11 * k, 44 * k, 22 * k, INK, radius=4 * k, width=2 * k)
        scr.line((cx, cy - 11 * k), (cx, cy + 11 * k), INK, 2 * k)
    elif kind == "bridge":
        scr.box(cx - 22 * k, cy - 8 * k, 44 * k, 16 * k, theme.BRIDGE, radius=3 * k)
        scr.box(cx - 22 * k, cy - 8 * k, 44 * k, 16 * k, INK, radius=3 * k, width=2 * k)
    else:
        scr.circle(cx, cy, 15 * k, theme.ACCENT)
        scr.circle(cx, cy, 15 * k, INK, 2 * k)


def _players(scr: Screen, view: Any, s: MexicaState, x: float, y: float, w: float,
             k: float) -> None:
    current = view.session.game.current_player
    h = ROW_H * k
    small = CHIP * k
    for seat in range(len(s.scores)):
        ry = y + seat * (ROW_H + GAP) * k
        cy = ry + h / 2
        colour = seat_colour(view.colours, seat)
        scr.box(x, ry, w, h, theme.PANEL_LIGHT, radius=8 * k)
        if seat == current:
            scr.box(x, ry, w, h, theme.ACCENT, radius=8 * k, width=3 * k)
        scr.box(x, ry, 44 * k, h, colour, radius=8 * k)
        draw_mark(scr, seat_mark(view.marks, seat), x + 22 * k, cy, 12 * k, INK)
        # temples in hand: a tile per level in the seat's colour, with the count
        hand = s.hands[seat]
        levels = sorted(set(hand) | {1, 2, 3, 4})
        if len(levels) > 4:  # a custom set of levels: show those in hand
            levels = sorted(set(hand))[:4]
        ix = x + 58 * k
        tile = 30 * k
        ax = x + w - 124 * k  # the AP tokens in hand
        pitch = (ax - 22 * k - ix) / max(1, len(levels))
        for level in levels:
            count = hand.count(level)
            fill = colour if count else theme.PANEL
            scr.box(ix, cy - tile / 2, tile, tile, fill, radius=5 * k)
            scr.box(ix, cy - tile / 2, tile, tile, INK, radius=5 * k, width=2 * k)
            scr.text(str(level), ix + tile / 2, cy + 1 * k, theme.readable(small), INK if count else
                     theme.TEXT_DIM, "center")
            scr.text(f"×{count}", ix + tile + 3 * k, cy, theme.readable(small),
                     theme.TEXT if count else theme.TEXT_DIM, "midleft")
            ix += pitch
        scr.circle(ax, cy, 13 * k, theme.ACCENT)
        scr.circle(ax, cy, 13 * k, INK, 2 * k)
        scr.text(f"×{s.ap_tokens[seat]}", ax + 16 * k, cy, theme.readable(small), theme.TEXT,
                 "midleft")
        scr.text(str(s.scores[seat]), x + w - 10 * k, cy, theme.readable(theme.FONT_BODY * k),
                 theme.ACCENT,
                 "midright")
        flash = view.panel_pops.get(seat)
        if flash:
            text, t = flash
            scr.text(text, x + w - 60 * k, cy - 14 * t * k, theme.readable(theme.FONT_SMALL * k),
                     theme.GOOD, "midright", role=theme.PASSING)
    neutral = neutral_temples(s)
    if neutral:
        _neutral_row(scr, neutral, x, y + len(s.scores) * (ROW_H + GAP) * k, w, k)


def neutral_temples(s: MexicaState) -> list[int]:
    """The levels of the temples no seat owns (Mexica for two), largest first."""
    return sorted((level for owner, level in s.temples.values() if owner < 0), reverse=True)


def _neutral_row(scr: Screen, levels: list[int], x: float, y: float, w: float,
                 k: float) -> None:
    """The neutral colour's row, its legend: its colour and mark as on its temples, and
    what stands on the board for it (it has no hand, no AP tokens, no score)."""
    h = ROW_H * k
    cy = y + h / 2
    scr.box(x, y, w, h, theme.PANEL, radius=8 * k)
    scr.box(x, y, 44 * k, h, seat_colour([], -1), radius=8 * k)
    draw_mark(scr, seat_mark([], -1), x + 22 * k, cy, 12 * k, INK)
    size, room = theme.readable(CHIP * k), w - 70 * k
    # the fullest wording that fits the row ("Neutral: 10 Gebäude, Wert 20" in German at
    # 1280x720 was cut to "…, Summe der ."): the levels are in each district's standing
    wordings = (_.n("Neutral: {n} temple, {levels} levels",
                    "Neutral: {n} temples, {levels} levels", n=len(levels), levels=sum(levels)),
                _.n("Neutral: {n} temple", "Neutral: {n} temples", n=len(levels)))
    words = next((wd for wd in wordings if scr.text_width(wd, size) <= room), wordings[-1])
    scr.text(_fit(scr, words, CHIP * k, room), x + 58 * k, cy, size, theme.TEXT_DIM,
             "midleft")


def _fit(scr: Screen, text: Text, size: float, width: float) -> str:
    return scr.fit(text, theme.readable(size), width, ".")
