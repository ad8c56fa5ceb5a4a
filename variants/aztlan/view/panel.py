"""Aztlán's decision panel (the play screen's side panel, right of the board).

The panel shows the decision at hand: the power cards to choose from, the powers of a
conflict side by side, the scoring options with their points, or whom we wait for, with
the viewer's own card, pawns and prosperity cards while they place or move.
``column_layout`` gives the rectangles of cards and buttons, shared by drawing and by the
view's hit tests. What every seat has (pawns, cards) stands on its seat card
(``facts``), so the panel repeats no row per player and the map gets the board area.

Everything is drawn from the :class:`~variants.aztlan.view.model.Model` (built from
``game.view``), never from the live state, and nothing here changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import Seat, say
from game.kit.client import Screen, draw_mark, fit, fit_lines, theme
from game.modkit import plural
from variants.aztlan.text import _, short_card
from variants.aztlan.view.model import Decision, Model, Option, plays_target
from variants.aztlan.view.paint import INK, paint_pawn, shade, type_icon

Rect = tuple[float, float, float, float]
PARCHMENT = (242, 230, 200)
CARD_BACK = (92, 52, 40)
BUTTON_H = 60.0
MAX_BUTTONS = 9
#: the height an army's card needs for pawn, name, card × pawns, the sum and its tag, each
#: on a line of its own; shorter cards put the sum beside the product
POWERS_FULL_H = 200.0
#: the height of a wide army's card with the pawn beside the name and the sum beside the
#: product; shorter cards put it all in three small lines
POWERS_WIDE_H = 136.0
#: one army's row when three or four armies' names need rows rather than columns
POWER_ROW_H = 36.0
#: the least: a row of the floor's text, its box just round the letters (three armies
#: under a German prompt of three lines have 90 units, and columns there cut every name)
POWER_ROW_MIN = 30.0
#: line steps of the decision box's title and prompt (text at the floor's size or more)
TITLE_STEP, PROMPT_STEP = 40.0, 34.0


def hit(rect: Rect, pos: tuple[float, float] | None) -> bool:
    if pos is None:
        return False
    x, y, w, h = rect
    return x <= pos[0] < x + w and y <= pos[1] < y + h


#: an army's place in a conflict, under its power
STRONGEST = _("strongest", context="power")
TIED = _("tied", context="power")
WEAKER = _("weaker", context="power")

# ---------------------------------------------------------------------------------------
# cards
# ---------------------------------------------------------------------------------------
def power_card(scr: Screen, x: float, y: float, w: float, h: float, strength: int,
               kind: str, value: int, type_name: str, focus: bool = False,
               dim: bool = False) -> None:
    """A power card face up: the power, the territory type (icon and name), its end value."""
    fill = shade(PARCHMENT, 0.6) if dim else PARCHMENT
    if focus:
        scr.box(x - 6, y - 6, w + 12, h + 12, theme.ACCENT, radius=14)
    scr.box(x, y, w, h, fill, radius=10)
    scr.box(x, y, w, h, INK, radius=10, width=3)
    size = h * 0.46
    scr.text(str(strength), x + w * 0.08, y + h * 0.04, theme.readable(size), INK)
    type_icon(scr, kind, x + w * 0.72, y + h * 0.28, min(w, h) * 0.2)
    # the words only where they fit at a readable size (a small card keeps its icon and
    # its value's number)
    size = theme.readable(min(h * 0.16, theme.FONT_BODY))
    # (and only where its line clears the value's plate under it: the floor's size can
    # be larger than the card's share for it)
    if scr.text_width(type_name, size) <= w - 10 and h * 0.11 >= size * 0.5 + 5:
        scr.text(type_name, x + w / 2, y + h * 0.66, size, INK, "center")
    scr.box(x + 6, y + h * 0.77, w - 12, h * 0.19, shade(fill, 0.85), radius=6)
    worth = say(_.n("{n} pt if unused", "{n} pts if unused", n=value))
    if scr.text_width(worth, theme.FONT_SMALL) > w - 16:
        worth = say(_.n("{n} pt", "{n} pts", n=value))
    scr.text(worth, x + w / 2, y + h * 0.865, theme.FONT_SMALL, INK, "center")


def card_back(scr: Screen, x: float, y: float, w: float, h: float, text: str = "?") -> None:
    scr.box(x, y, w, h, CARD_BACK, radius=max(3.0, w * 0.12))
    scr.box(x, y, w, h, INK, radius=max(3.0, w * 0.12), width=2)
    scr.box(x + w * 0.15, y + h * 0.12, w * 0.7, h * 0.76, shade(CARD_BACK, 1.3),
            radius=max(2.0, w * 0.08), width=2)
    scr.text(text, x + w / 2, y + h / 2, theme.readable(h * 0.55), PARCHMENT, "center")


def mini_card(scr: Screen, model: Model, x: float, y: float, w: float, h: float,
              card: int) -> None:
    """A small face-up power card: number and type icon."""
    scr.box(x, y, w, h, PARCHMENT, radius=max(3.0, w * 0.12))
    scr.box(x, y, w, h, INK, radius=max(3.0, w * 0.12), width=2)
    scr.text(str(card), x + w / 2, y + h * 0.3, theme.readable(h * 0.5), INK, "center")
    type_icon(scr, model.card_type(card), x + w / 2, y + h * 0.74, w * 0.27, plate=False)


# ---------------------------------------------------------------------------------------
# the decision panel
# ---------------------------------------------------------------------------------------
@dataclass
class ColumnLayout:
    box: Rect
    body: Rect
    head: list[str] = field(default_factory=list)  # the title's lines
    prompt: list[str] = field(default_factory=list)  # the prompt's lines
    private: list[str] = field(default_factory=list)  # the viewer's prosperity cards
    cards: list[tuple[Rect, Option]] = field(default_factory=list)
    buttons: list[tuple[Rect, Option]] = field(default_factory=list)


def column_layout(scr: Screen, area: Rect, d: Decision, private: str = "") -> ColumnLayout:
    """Where the decision's title, prompt, the viewer's ``private`` cards (a line, or
    none), cards, buttons and body go in the side panel (``area``): the words take the
    lines they need (wrapped once per text and width, in the screen's memo), the cards
    stand three abreast where the panel is wide, the buttons at the bottom. Shared by
    drawing and the view's hit tests."""
    bx, by, bw, bh = area

    def lines(text: str, size: float, width: float, most: int) -> list[str]:
        return scr.memo(("aztlan-lines", text, size, width, most),
                        lambda: fit_lines(scr, text, size, width, most)) if text else []

    head = lines(d.title, 32, bw - 70, 2)
    prompt = lines(d.prompt, theme.FONT_SMALL, bw - 24, 3)
    mine = lines(private, theme.FONT_SMALL, bw - 24, 3)
    top = by + 16 + TITLE_STEP * len(head) + 6 + PROMPT_STEP * (len(prompt) + len(mine)) + 6
    out = ColumnLayout(area, (bx + 12, top, bw - 24, 0), head, prompt, mine)
    if d.kind == "choose":
        n = len(d.options)
        cols = 3 if bw >= 480 else 2
        cw = (bw - 24 - 16 * (cols - 1)) / cols
        ch = min(cw * 1.15, (by + bh - top - 16) / max(1, (n + cols - 1) // cols) - 16)
        for i, opt in enumerate(d.options):
            cx = bx + 12 + (i % cols) * (cw + 16)
            cy = top + 8 + (i // cols) * (ch + 16)
            out.cards.append(((cx, cy, cw, ch), opt))
        return out
    opts = d.options[:MAX_BUTTONS]
    if opts:
        space = by + bh - 12 - top - 90
        step = min(BUTTON_H + 8, max(46.0, space / len(opts)))
        y0 = by + bh - 12 - step * len(opts)
        for i, opt in enumerate(opts):
            out.buttons.append(((bx + 12, y0 + i * step, bw - 24, step - 8), opt))
        out.body = (bx + 12, top, bw - 24, y0 - top - 8)
    else:
        out.body = (bx + 12, top, bw - 24, by + bh - 12 - top)
    return out


def paint_column(scr: Screen, view: Any, m: Model, d: Decision, lay: ColumnLayout) -> None:
    """The decision box's contents (its panel, rimmed in the deciding seat's colour, is
    the caller's): whose decision (their mark), what it is, and its cards, powers,
    scoring or buttons; not the territory pointed at (:func:`paint_spot`)."""
    colours, marks = view.seat_colours, view.seat_marks
    bx, by, bw, bh = lay.box
    seat = d.seat
    ty = by + 16
    if seat is not None:
        draw_mark(scr, marks[seat], bx + 30, ty + 16, 14, colours[seat])
    for line in lay.head:
        scr.text(line, bx + 54, ty, 32, colours[seat] if seat is not None else theme.TEXT)
        ty += TITLE_STEP
    ty += 6
    for line in lay.prompt:
        scr.text(line, bx + 14, ty, theme.FONT_SMALL, theme.TEXT_DIM)
        ty += PROMPT_STEP
    for line in lay.private:
        scr.text(line, bx + 14, ty, theme.FONT_SMALL, theme.ACCENT)
        ty += PROMPT_STEP
    if d.kind == "choose":
        _paint_cards(scr, view, m, lay)
    elif d.kind in ("conflict", "sacred", "tlatoani") and d.territory is not None:
        paint_powers(scr, view, m, d.territory, lay.body)
    elif d.kind == "score":
        _paint_score_info(scr, view, m, d, lay.body)
    elif d.kind in ("place", "move", "wait"):
        _paint_info(scr, view, m, d, lay.body)
    elif d.kind == "over":
        _paint_final(scr, view, m, lay.body)
    for i, (rect, opt) in enumerate(lay.buttons):
        _button(scr, rect, opt, i, view.focus == i and view.kb_focus, view.hover_button == i,
                opt.mode is not None and opt.mode == view.mode)
        # a lesson's step (the hint's target, passed in with the view): press this one
        if plays_target(view.target, view.mode, opt.action, opt.mode):
            x, y, w, h = rect
            scr.box(x - 5, y - 5, w + 10, h + 10, theme.GOOD, radius=13, width=5)


def _button(scr: Screen, rect: Rect, opt: Option, i: int, focus: bool, hover: bool,
            active: bool) -> None:
    x, y, w, h = rect
    fill = theme.ACCENT if (focus or active) else (theme.PANEL_LIGHT if not hover else
                                                   shade(theme.PANEL_LIGHT, 1.35))
    fg = INK if (focus or active) else theme.TEXT
    scr.box(x, y, w, h, fill, radius=10)
    if hover and not focus:
        scr.box(x, y, w, h, theme.ACCENT, radius=10, width=3)
    cap = h * 0.62
    scr.box(x + 8, y + (h - cap) / 2, cap, cap, INK if (focus or active) else theme.ACCENT,
            radius=6)
    scr.text(str(i + 1), x + 8 + cap / 2, y + h / 2, theme.readable(cap * 0.8),
             theme.ACCENT if (focus or active) else INK, "center")
    label = say(_("Cancel: {what}", what=opt.label)) if active else opt.label
    tx = x + 16 + cap
    room = w - tx + x - 8
    size = theme.FONT_SMALL
    detail_ink = INK if (focus or active) else theme.TEXT_DIM
    step = min(32.0, (h - 2) / 2)  # two lines of the floor's size in one button
    if opt.detail and h >= 58 and scr.text_width(label, size) <= room and \
            scr.text_width(opt.detail, size) <= room:
        scr.text(label, tx, y + h / 2 - step / 2, size, fg, "midleft")
        scr.text(opt.detail, tx, y + h / 2 + step / 2, size, detail_ink, "midleft")
        return
    text = f"{label}  {opt.detail}" if opt.detail else label
    if h >= 58:
        lines = fit_lines(scr, text, size, room)
    elif scr.text_width(text, size) <= room:
        lines = [text]
    else:  # one short line: the words that fit (the status line gives the rest)
        first = opt.detail.split()[0] if opt.detail else ""
        points = first if first[:1] in "+-0123456789" and first else ""  # "+12", not "an"
        shorter = [f"{label}  {points}"] if points else []
        line = next((t for t in shorter + [label] if scr.text_width(t, size) <= room), None)
        lines = [line if line is not None else fit(scr, label, size, room)]
    top = y + h / 2 - step / 2 * (len(lines) - 1)
    for j, line in enumerate(lines):
        scr.text(line, tx, top + step * j, size, fg, "midleft")


def _paint_cards(scr: Screen, view: Any, m: Model, lay: ColumnLayout) -> None:
    cards = m.cards
    for i, (rect, opt) in enumerate(lay.cards):
        strength = int(opt.action.split()[1]) if opt.action else 0
        kind = cards.power_type[strength]
        x, y, w, h = rect
        focus = view.focus == i
        lift = 6 if focus else 0
        power_card(scr, x, y - lift, w, h, strength, kind, cards.power_value[strength],
                   m.type_name(kind) if kind != "wild" else say(_("Wild: any type")), focus,
                   dim=not focus and view.hover_card not in (None, i))
        if view.hover_card == i and not focus:
            scr.box(x - 3, y - 3, w + 6, h + 6, theme.TEXT, radius=12, width=3)
        if plays_target(view.target, view.mode, opt.action):  # a lesson's step: choose this one
            scr.box(x - 9, y - 9 - lift, w + 18, h + 18, theme.GOOD, radius=16, width=6)


def paint_powers(scr: Screen, view: Any, m: Model, t: int, body: Rect) -> None:
    """The armies in ``t`` side by side: pawn, card × pawns, = power; the strongest
    framed (a tie frames every tied army). The territory is named by the prompt above."""
    x, y, w, h = body
    counts = m.board[t]
    present = [a for a, n in enumerate(counts) if n]
    if not present:
        return
    o = m.outcome(t)
    cw = w / len(present)
    ch = min(POWERS_FULL_H, h - 6)
    names = [view.session.name(m.commander(a)) for a in present]
    if len(present) > 2 and h >= len(present) * POWER_ROW_MIN and \
            max(scr.text_width(n, theme.FONT_SMALL) for n in names) > cw - 52:
        _power_rows(scr, view, m, t, present, body)  # names too long for columns
        return
    for i, army in enumerate(present):
        seat = m.commander(army)
        cx = x + i * cw + cw / 2
        strongest = o is not None and army in o.top
        fill = shade(theme.PANEL_LIGHT, 1.25) if strongest else theme.PANEL_LIGHT
        scr.box(x + i * cw + 3, y, cw - 6, ch, fill, radius=10)
        if strongest:
            scr.box(x + i * cw + 3, y, cw - 6, ch, theme.ACCENT, radius=10, width=3)
        card = m.chosen[seat]
        power = o.power[army] if o is not None else None
        words = _Power(view.session.name(seat), f"{card if isinstance(card, int) else '?'}"
                       f" × {counts[army]}", f"= {power if power is not None else '?'}",
                       theme.ACCENT if strongest else theme.TEXT,
                       say(STRONGEST if strongest and len(o.top) == 1 else
                           TIED if strongest else WEAKER)
                       if o is not None and len(present) > 1 else "")
        box = (x + i * cw + 3, y, cw - 6, ch)
        if ch >= POWERS_FULL_H:
            _power_tall(scr, view, army, box, words)
        elif ch >= POWERS_WIDE_H:
            _power_wide(scr, view, army, box, words)
        elif ch >= 100:  # a short panel: the sum on one line
            paint_pawn(scr, cx, y + 24, 28, view.army_colours[army], view.army_marks[army])
            scr.text(fit(scr, words.name, theme.FONT_SMALL, cw - 10), cx, y + 42,
                     theme.FONT_SMALL, theme.TEXT, "midtop")
            scr.text(f"{words.product} {words.total}", cx, y + 72, theme.FONT_SMALL,
                     words.colour, "midtop")
        else:  # shorter still (a long prompt above): the name and the sum, two lines
            name = fit(scr, words.name, theme.FONT_SMALL, cw - 44)
            left = cx - (30 + scr.text_width(name, theme.FONT_SMALL)) / 2
            paint_pawn(scr, left + 11, y + 18, 22, view.army_colours[army],
                       view.army_marks[army])
            scr.text(name, left + 30, y + 18, theme.FONT_SMALL, theme.TEXT, "midleft")
            scr.text(fit(scr, f"{words.product} {words.total}", theme.FONT_SMALL, cw - 10),
                     cx, y + 34, theme.FONT_SMALL, words.colour, "midtop")


def _power_rows(scr: Screen, view: Any, m: Model, t: int, present: list[int],
                body: Rect) -> None:
    """The armies one under another, each on a row: pawn, the whole name, card × pawns =
    power, and its tag; for three or four armies whose names would be cut in columns.
    Where a name would be cut even so ("Xochiquetzal" beside "9 × 12 = 108"), the rows
    leave out their tags: the gold frame says which army is the strongest (every tied
    one framed), and a seat's name is what the table reads."""
    x, y, w, h = body
    o = m.outcome(t)
    size = theme.FONT_SMALL
    row_h = min(POWER_ROW_H, h / len(present))
    rows = []
    for army in present:
        seat = m.commander(army)
        card = m.chosen[seat]
        power = o.power[army] if o is not None else None
        strongest = o is not None and army in o.top
        tag = say(STRONGEST if strongest and o is not None and len(o.top) == 1 else
                  TIED if strongest else WEAKER) if o is not None else ""
        sums = f"{card if isinstance(card, int) else '?'} × {m.board[t][army]} = " \
               f"{power if power is not None else '?'}"
        rows.append((army, view.session.name(seat), strongest, tag, sums))
    tag_w = scr.text_width(STRONGEST, size) + 16
    tagged = all(scr.text_width(name, size)
                 <= x + w - 14 - (tag_w if tag else 0) - scr.text_width(sums, size) - 12
                 - (x + 44) for _army, name, _strongest, tag, sums in rows)
    for i, (army, name, strongest, tag, sums) in enumerate(rows):
        top = y + i * row_h
        cy = top + (row_h - 4) / 2
        scr.box(x + 3, top, w - 6, row_h - 4,
                shade(theme.PANEL_LIGHT, 1.25) if strongest else theme.PANEL_LIGHT, radius=8)
        if strongest:
            scr.box(x + 3, top, w - 6, row_h - 4, theme.ACCENT, radius=8, width=3)
        paint_pawn(scr, x + 24, cy, 24, view.army_colours[army], view.army_marks[army])
        right = x + w - 14
        if tag and tagged:
            scr.text(tag, right, cy, size, theme.GOOD if strongest else theme.TEXT_DIM,
                     "midright")
            right -= tag_w
        scr.text(sums, right, cy, size, theme.ACCENT if strongest else theme.TEXT,
                 "midright")
        room = right - scr.text_width(sums, size) - 12 - (x + 44)
        scr.text(fit(scr, name, size, room), x + 44, cy, size, theme.TEXT, "midleft")


@dataclass(frozen=True)
class _Power:
    """The words of one army's power: its commander, card × pawns, the sum, its tag."""

    name: str
    product: str
    total: str
    colour: tuple[int, int, int]
    tag: str


def _power_tall(scr: Screen, view: Any, army: int, box: Rect, p: _Power) -> None:
    """Pawn, name, card × pawns, the sum and its tag, each on a line of its own."""
    x, y, w, _h = box
    cx = x + w / 2
    paint_pawn(scr, cx, y + 34, 36, view.army_colours[army], view.army_marks[army])
    scr.text(fit(scr, p.name, theme.FONT_SMALL, w - 4), cx, y + 62, theme.FONT_SMALL,
             theme.TEXT, "midtop")
    scr.text(p.product, cx, y + 90, theme.FONT_SMALL, theme.TEXT, "midtop")
    scr.text(p.total, cx, y + 122, theme.FONT_READ, p.colour, "midtop")
    if p.tag:
        scr.text(p.tag, cx, y + 166, theme.FONT_SMALL,
                 theme.GOOD if p.colour == theme.ACCENT else theme.TEXT_DIM, "midtop")


def _power_wide(scr: Screen, view: Any, army: int, box: Rect, p: _Power) -> None:
    """A wide, shorter card: pawn beside the name, card × pawns beside the sum, the tag."""
    x, y, w, _h = box
    cx = x + w / 2
    size = theme.FONT_SMALL
    name = fit(scr, p.name, size, w - 52)
    left = cx - (34 + scr.text_width(name, size)) / 2
    paint_pawn(scr, left + 12, y + 26, 30, view.army_colours[army], view.army_marks[army])
    scr.text(name, left + 34, y + 26, size, theme.TEXT, "midleft")
    pw = scr.text_width(p.product, size)
    left = cx - (pw + 10 + scr.text_width(p.total, theme.FONT_READ)) / 2
    scr.text(p.product, left, y + 74, size, theme.TEXT, "midleft")
    scr.text(p.total, left + pw + 10, y + 74, theme.FONT_READ, p.colour, "midleft")
    if p.tag:
        scr.text(p.tag, cx, y + 100, size,
                 theme.GOOD if p.colour == theme.ACCENT else theme.TEXT_DIM, "midtop")


def _paint_info(scr: Screen, view: Any, m: Model, d: Decision, body: Rect) -> None:
    """The deciding player's own card and pawns (the hovered territory's are
    :func:`paint_spot`'s)."""
    x, y, w, h = body
    seat = _own_seat(m, d)
    if seat is not None and m.phase == "develop":
        _paint_own(scr, view, m, d, seat, (x, y, w, h))


def _own_seat(m: Model, d: Decision) -> int | None:
    """Whose card and pawns the panel shows: the seat whose secrets show (the decider
    passed the screen, a peek, the only person), else the person placing or moving,
    without the card."""
    return m.viewer if m.viewer is not None else (
        d.seat if d.kind in ("place", "move") else None)


def spot_area(m: Model, d: Decision, body: Rect) -> Rect:
    """Where the territory pointed at is told about in the panel's ``body`` (a decision
    to place, move or wait): under the player's own card and pawns (as
    :func:`_paint_own` lays them out), to the body's bottom."""
    x, y, w, h = body
    if _own_seat(m, d) is not None and m.phase == "develop":
        y += max(40.0, min(58.0, h - 6)) + 12 if h < 150 else 184
    return (x, y, w, body[1] + h - y)


def paint_spot(scr: Screen, view: Any, m: Model, area: Rect) -> None:
    """The territory pointed at (hovered, else the cursor's) in the panel's ``area``
    (:func:`spot_area`): its type, its name and the pawns on it."""
    x, y, w, h = area
    bottom = y + h
    t = view.hover_t if view.hover_t is not None else view.cursor
    if t is None or y + 70 > bottom:
        return
    type_icon(scr, m.island.types[t], x + 14, y + 16, 13)
    lines = fit_lines(scr, m.label(t), theme.FONT_SMALL, w - 36)
    for line in lines:
        scr.text(line, x + 34, y + 16, theme.FONT_SMALL, theme.TEXT, "midleft")
        y += 34
    scr.text(fit(scr, m.type_name(m.island.types[t]), theme.FONT_SMALL, w), x, y,
             theme.FONT_SMALL, theme.TEXT_DIM)
    y += 36
    for army, n in enumerate(m.board[t]):
        if not n or y + 34 > bottom:
            continue
        paint_pawn(scr, x + 12, y + 16, 24, view.army_colours[army], view.army_marks[army])
        for line in fit_lines(scr, f"{n} · {view.army_name(army)}", theme.FONT_SMALL, w - 34):
            scr.text(line, x + 32, y + 16, theme.FONT_SMALL, theme.TEXT, "midleft")
            y += 34


def _paint_own(scr: Screen, view: Any, m: Model, d: Decision, seat: int, box: Rect) -> float:
    """The seat's power card (only where its secrets show) and its pawns left to place:
    at full size where the box has room, else on one row above the buttons. Where the
    next part may start."""
    x, y, w, room = box
    card = m.chosen[seat] if seat == m.viewer else None
    army = m.army(seat)
    left = m.supply[army]
    if room < 150:  # a short box (a long prompt, the cards while P is held)
        ch = max(40.0, min(58.0, room - 6))
        tx = x
        if isinstance(card, int):
            mini_card(scr, m, x, y + 2, ch * 0.76, ch, card)
            tx = x + ch * 0.76 + 12
        scr.text(fit(scr, _.n("{n} pawn to place", "{n} pawns to place", n=left),
                     theme.FONT_SMALL, x + w - tx),
                 tx, y + 2 + ch / 2, theme.FONT_SMALL, theme.TEXT_DIM, "midleft")
        return y + ch + 12
    # the card as tall as the box lets it be (the buttons below never cover it)
    ch = max(64.0, min(128.0, room - 44))
    cw = ch * 110 / 128
    if isinstance(card, int):
        label = say(_("Your card")) if seat == d.seat else \
            fit(scr, say(_("{player}'s card", you="Your card", player=Seat(seat)),
                         view.session.names), theme.FONT_SMALL, w)
        scr.text(label, x, y + 4, theme.FONT_SMALL, theme.TEXT_DIM)
        if ch >= 120:
            power_card(scr, x, y + 40, cw, ch, card, m.card_type(card),
                       m.cards.power_value[card], m.type_name(m.card_type(card)))
        else:  # too short for its words: the number and the type's icon
            mini_card(scr, m, x, y + 40, ch * 0.76, ch, card)
    px = x + cw + 20 + (w - cw - 20) / 2
    scr.text(f"{left}", px, y + 70, theme.FONT_LARGE, theme.ACCENT, "center")
    scr.text(_.n("pawn", "pawns", n=left, context="count"), px, y + 102, theme.FONT_SMALL,
             theme.TEXT_DIM, "midtop")
    if room >= 170:
        scr.text(_("+{n} later", n=m.reserve[army]), px, y + 136, theme.FONT_SMALL,
                 theme.TEXT_DIM,
                 "midtop")
    return y + 184


def prosperity_words(m: Model) -> str:
    """The viewer's prosperity cards in a line ("Prosperity: Offering ×2, Rafts &
    Canoes"); "" when the model holds nobody's secrets or the viewer no card (the seat
    card counts them)."""
    if m.viewer is None or not m.prosperity:
        return ""
    counts: dict[str, int] = {}
    for c in m.prosperity:
        counts[c] = counts.get(c, 0) + 1
    names = []
    for card, n in counts.items():
        label = say(short_card(m.cards.card_name.get(card, card)))
        names.append(f"{label}{f' ×{n}' if n > 1 else ''}")
    return say(_("Prosperity: {cards}", cards=", ".join(names)))


def _paint_score_info(scr: Screen, view: Any, m: Model, d: Decision, body: Rect) -> None:
    x, y, w, h = body
    seat = d.seat
    if seat is None:
        return
    opt = view.focused_option()
    kind = opt.kind if opt is not None and opt.kind else None
    if kind is None:
        return
    links = opt.links if opt is not None else ()
    domains = [dm for dm in m.domains(seat, kind, links) if dm.points]
    card = m.chosen[seat]
    if isinstance(card, int):
        mini_card(scr, m, x, y + 2, 44, 58, card)
    head = fit_lines(scr, _("Domains: {type}", type=m.type_name(kind)), theme.FONT_SMALL,
                     w - 56)
    for i, line in enumerate(head):
        scr.text(line, x + 54, y + 4 + 32 * i, theme.FONT_SMALL, theme.TEXT)
    bonus = m.scoring["bonus"] if m.scoring else 0
    total = sum(dm.points for dm in domains) + bonus
    ty = y + 4 + 32 * len(head)
    scr.text(_("total +{points}", points=total), x + 54, ty, theme.FONT_SMALL, theme.ACCENT)
    y = max(y + 70, ty + 40)
    rows = domains[:max(0, int((body[1] + h - y) // 34))]
    for dm in rows:
        # a long domain is named by its size (the map shows where it lies)
        ids = " ".join(m.island.ids[c] for c in dm.cells)
        if scr.text_width(ids, theme.FONT_SMALL) > w - 130:
            ids = plural(len(dm.cells), "territory", "territories")
        scr.text(ids, x, y, theme.FONT_SMALL, theme.TEXT_DIM)
        scr.text(f"{len(dm.cells)}+{dm.matching}²={dm.points}", x + w, y, theme.FONT_SMALL,
                 theme.GOOD, "topright")
        y += 34
    if bonus and y + 30 < body[1] + h:
        scr.text(_("blessings +{points}", points=bonus), x, y, theme.FONT_SMALL, theme.GOOD)


def _paint_final(scr: Screen, view: Any, m: Model, body: Rect) -> None:
    x, y, w, h = body
    if not m.final:
        return
    for seat in sorted(range(m.players), key=lambda s: -m.scores[s]):
        f = m.final[seat]
        scr.box(x, y, w, 84, theme.PANEL_LIGHT, radius=10)
        draw_mark(scr, view.seat_marks[seat], x + 18, y + 22, 11, view.seat_colours[seat])
        scr.text(fit(scr, view.session.name(seat), theme.readable(24), w - 110), x + 36, y + 22,
                 theme.readable(24),
                 theme.TEXT, "midleft")
        scr.text(str(m.scores[seat]), x + w - 12, y + 22, theme.readable(32), theme.ACCENT,
                 "midright")
        scr.text(_("card {card} · cards {cards} · offerings {offerings}",
                   card=f.get("power_card", 0), cards=f.get("prosperity", 0),
                   offerings=f.get("offerings", 0)), x + 12, y + 60, theme.FONT_SMALL,
                 theme.TEXT_DIM, "midleft")
        y += 94
        if y + 84 > body[1] + h:
            break
