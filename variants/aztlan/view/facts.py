"""What Aztlán shows outside the map and the decision: each seat's facts on its seat card,
and the age track with the turn order beside the score track.

A seat's facts (pawns still to place this age, this age's power card, the cards used in
earlier ages, the number of prosperity cards) stand on the shell's seat card under the
seat's name, where players look for whose turn it is and the scores, rather than in a
side panel row per seat that took the height the decision needs. The chosen card is face
down unless it is the viewer's own (ringed in gold while still secret) or the cards are
revealed: everything comes from the :class:`~variants.aztlan.view.model.Model`, built
from ``game.view(viewer)``. Nothing here changes state.
"""

from __future__ import annotations

from typing import Any

from game.i18n import say
from game.kit.client import Screen, draw_mark, frames, theme
from game.modkit import roman
from variants.aztlan.text import _
from variants.aztlan.view.model import HIDDEN, PHASE_NAMES, Model
from variants.aztlan.view.paint import INK, paint_pawn, shade
from variants.aztlan.view.panel import PARCHMENT, card_back, mini_card

Rect = tuple[float, float, float, float]
#: a power card on a seat card (this age's), and a used one beside it
CARD_W, CARD_H = 30.0, 40.0
USED_W, USED_H = 24.0, 34.0
PROSPERITY_W = 32.0


Looks = tuple[tuple[tuple[int, int, int], ...], tuple[str, ...],
              tuple[tuple[int, int, int], ...], tuple[str, ...]]


def looks(session: Any, table: Any) -> Looks:
    """The seats' colours and marks (the session's, else the palette's first), and the
    armies' (the seats' own; in Aztec Gods the factions', after the seats' in the
    palette). Worked out once per update: a frame reads them a dozen times."""
    players = session.game.players
    chosen = getattr(session, "colours", None)
    colours = tuple(chosen) if chosen else tuple(
        theme.player_colour("okabe-ito", i) for i in range(players))
    chosen = getattr(session, "marks", None)
    marks = tuple(chosen) if chosen else tuple(
        theme.MARKS[i % len(theme.MARKS)] for i in range(players))
    if not table.factions:
        return colours, marks, colours, marks
    palette = getattr(session, "palette", "okabe-ito")
    return (colours, marks, tuple(theme.player_colour(palette, 4 + a)
                                  for a in range(table.armies)),
            tuple(theme.MARKS[(4 + a) % len(theme.MARKS)] for a in range(table.armies)))


def paint_seat_facts(scr: Screen, view: Any, m: Model, seat: int, rect: Rect) -> None:
    """One line: the army's pawn and how many are left to place, this age's card, the used
    cards, and at the right a prosperity card's back with their count (public). The
    cards stand within the line's height (a wide seat card gives its second line only)."""
    x, y, w, h = rect
    cy = y + h / 2
    card_h, used_h = min(CARD_H, h), min(USED_H, h)
    army = m.army(seat)
    size = theme.FONT_SMALL
    paint_pawn(scr, x + 12, cy, 26, view.army_colours[army], view.army_marks[army])
    left = m.supply[army]
    pawns = f"×{left}"
    scr.text(pawns, x + 27, cy, size, theme.TEXT if left else theme.TEXT_DIM, "midleft")
    cx = x + 27 + scr.text_width(pawns, size) + 12
    _chosen(scr, m, seat, cx, cy - card_h / 2, card_h)
    # the prosperity cards: a card back with their count on it (public)
    back_x = x + w - PROSPERITY_W
    count = m.prosperity_count[seat]
    if count:  # a pile, told apart from this age's card face down
        card_back(scr, back_x - 5, cy - card_h / 2 - 3, PROSPERITY_W, card_h, "")
    card_back(scr, back_x, cy - card_h / 2, PROSPERITY_W, card_h, str(count))
    used = m.used[seat]
    ux = cx + CARD_W + 10
    if used:  # apart, or fanned closer where four used cards would not fit
        step = min(USED_W + 6, (back_x - 10 - ux - USED_W) / max(1, len(used) - 1))
        for i, c in enumerate(used):
            px = ux + i * step
            scr.box(px, cy - used_h / 2, USED_W, used_h, shade(PARCHMENT, 0.8), radius=4)
            scr.box(px, cy - used_h / 2, USED_W, used_h, INK, radius=4, width=1)
            scr.text(str(c), px + USED_W / 2, cy, size, INK, "center")


def facts_key(m: Model, seat: int) -> tuple[Any, ...]:
    """Everything :func:`paint_seat_facts` reads of the model for ``seat``: a seat card is
    repainted when its own facts change, not after every action (most actions change one
    seat's facts, and the others' cards keep their pixels)."""
    army = m.army(seat)
    return (army, m.supply[army], m.chosen[seat], m.revealed, m.prosperity_count[seat],
            tuple(m.used[seat]))


def _chosen(scr: Screen, m: Model, seat: int, x: float, y: float,
            card_h: float = CARD_H) -> None:
    """This age's card: an empty slot, its back, or its face (the viewer's own secret one
    ringed in gold)."""
    card = m.chosen[seat]
    if card is None:
        scr.box(x, y, CARD_W, card_h, theme.PANEL, radius=4)
        scr.box(x, y, CARD_W, card_h, theme.TEXT_DIM, radius=4, width=2)
    elif card == HIDDEN or not isinstance(card, int):
        card_back(scr, x, y, CARD_W, card_h)
    else:
        if not m.revealed:
            scr.box(x - 4, y - 4, CARD_W + 8, card_h + 8, theme.ACCENT, radius=6)
        mini_card(scr, m, x, y, CARD_W, card_h, card)


#: logical px a seat's gain rises each second it shows
FLASH_RISE = 14.0


def flash_step(t: float) -> int:
    """How far a gain shown for ``t`` seconds has risen, in whole logical px: the seat
    cards' key holds it (``keys.seat_facts_key``), so the cards are painted again when the
    words move a step (about one frame in four at 1080p), not every frame of the rise."""
    return int(FLASH_RISE * t)


def flash_steps(view: Any) -> tuple[tuple[int, str, int], ...]:
    """Each gain rising over a seat's facts: its seat, its words and its step."""
    return tuple((seat, text, flash_step(t))
                 for seat, (text, t) in sorted(view.panel_flash.items()))


def flash(scr: Screen, view: Any, seat: int, rect: Rect) -> None:
    """A seat's points or card just gained ("+4", "+1 card"), rising over its facts."""
    shown = view.panel_flash.get(seat)
    if not shown:
        return
    text, t = shown
    x, y, w, h = rect
    scr.text(text, x + w - 60, y + h / 2 - flash_step(t), theme.readable(30), theme.GOOD,
             "midright", role=theme.PASSING)


def paint_age(scr: Screen, rect: Rect, view: Any, m: Model) -> None:
    """The age track (the age, its phase, the ages as steps) and the turn order as the
    seats' marks, the one deciding now in gold. The panel under it is the caller's."""
    ax, ay, aw, ah = rect
    size = theme.FONT_SMALL
    phase = say(PHASE_NAMES.get(m.phase, m.phase))
    age_word = say(_("AGE"))
    if scr.text_width(f"{age_word}  {phase}", size) <= aw - 28:
        scr.text(age_word, ax + 14, ay + 6, size, theme.ACCENT)
    scr.text(phase, ax + aw - 14, ay + 6, size, theme.TEXT, "topright")
    n = m.ages
    pw = (aw - 28 - 6 * (n - 1)) / n
    for i in range(n):
        px = ax + 14 + i * (pw + 6)
        age = i + 1
        fill = theme.ACCENT if age == m.age else (theme.PANEL_LIGHT if age > m.age
                                                  else shade(theme.PANEL_LIGHT, 0.7))
        frames.tile(scr, px, ay + 44, pw, 36, fill, radius=8, depth=3)
        scr.text(roman(age), px + pw / 2, ay + 62, size,
                 INK if age == m.age else (theme.TEXT if age > m.age else theme.TEXT_DIM),
                 "center")
    _order(scr, view, m, ax + 14, ay + ah - 44, aw - 28, 34.0)


def _order(scr: Screen, view: Any, m: Model, x: float, y: float, w: float,
           h: float) -> None:
    """ "ORDER" and the seats' colours and marks in turn order, the current seat's chip
    in gold."""
    size = theme.FONT_SMALL
    order = _("ORDER")
    scr.text(order, x, y + h / 2, size, theme.TEXT_DIM, "midleft")
    ox = x + scr.text_width(order, size) + 14
    chip = min(44.0, (x + w - ox) / max(1, len(m.order)) - 22)
    for i, seat in enumerate(m.order):
        active = seat == m.current
        scr.box(ox, y, chip, h, theme.ACCENT if active else theme.PANEL, radius=8)
        scr.circle(ox + chip / 2, y + h / 2, h * 0.4, view.seat_colours[seat])
        draw_mark(scr, view.seat_marks[seat], ox + chip / 2, y + h / 2, h * 0.22, INK)
        ox += chip
        if i < len(m.order) - 1:
            scr.text("›", ox + 11, y + h / 2, size, theme.TEXT_DIM, "center")
            ox += 22
