"""The seat cards at the top of a game screen's right column (play and replay): each
seat's colour and mark, name, score, and who decides or holds the turn."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import language, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.layers import KeptParts
from game.kit.client.layout import SEAT_FACT_H, seat_cards
from game.kit.client.messages import default_name
from game.kit.client.screen import draw_mark
from game.kit.client.text import fit, fit_size, pulse
from game.ui.widgets import INK

#: the seat's colour at the left of its card, with its mark
TILE_W = 56.0
#: how far a card's painting reaches past it: the deciding card's breathing ring (its
#: growth, 5, and half its width)
RING = 7.0

#: the faces (tile, mark, words) of the cards of seats not deciding now, as painted, one
#: per place: they change only with a name, a score or the turn, and painting a card's
#: words every frame cost about a fifth of a 1080p frame. Urgent: a card's tag says whose
#: turn it is, which never waits for the repaint budget
_FACES = KeptParts(16)
#: the deciding card as painted at each step of its breathing ring, over the wall: the
#: ring's pixels take a few steps (5 at 1080p, 7 at 4K) and repeat, so after its first
#: breath the card is a blit of kept pixels, not a stone panel, a ring and its words
#: painted again (a fifth of a 1080p frame, every frame). A dozen: one seat's steps, and
#: the next seat's as the turn passes
_RINGS = KeptParts(12)

if TYPE_CHECKING:
    from game.api import Game
    from game.kit.client.boardview import BoardView
    from game.kit.client.screen import Screen


def turn_holder(game: Game) -> int | None:
    """Whose turn it is (the rules' ``turn_seat``), which may differ from who decides."""
    seat = game.rules.turn_seat(game.state)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players:
        return seat
    return game.current_player


def _tag(deciding: bool, holds_turn: bool) -> tuple[str, tuple[int, int, int]]:
    """The tag under a seat's name: who decides now, and whose turn it is."""
    turn = say(_("Turn", context="tag")).upper()
    if deciding:
        return (turn if holds_turn else say(_("Decides", context="tag")).upper()), theme.ACCENT
    return (turn if holds_turn else ""), theme.TEXT_DIM


def ring(screen: Screen, card: tuple[float, float, float, float],
         t: float) -> tuple[tuple[int, int, int, int], int]:
    """What decides the pixels of the deciding card's breathing ring at time ``t``: its
    pixel rectangle and corner radius (the ring grows and shrinks smoothly in logical
    units, but its pixels step: a frame whose step is the last one's paints nothing)."""
    x, y, w, h = card
    grow = 2 + 3 * pulse(t, 5)
    return tuple(screen.rect(x - grow, y - grow, w + 2 * grow, h + 2 * grow)), \
        screen.ln(12 + grow)  # type: ignore[return-value]


def _paint_ring(screen: Screen, card: tuple[float, float, float, float],
                step: tuple[tuple[int, int, int, int], int], face: tuple[Any, ...]) -> None:
    """The deciding card: its stone in gold, the ring at ``step`` (:func:`ring`) and its
    face."""
    x, y, w, h = card
    frames.panel(screen, x, y, w, h, theme.ACCENT, radius=12, fill=theme.PANEL_LIGHT,
                 width=5)
    (rx, ry, rw, rh), radius = step
    pygame.draw.rect(screen.surface, theme.ACCENT, pygame.Rect(rx, ry, rw, rh),
                     screen.ln(3), radius)
    _face(screen, *face)


def draw_players_bar(screen: Screen, game: Game, names: list[str],
                     colours: list[tuple[int, int, int]], t: float,
                     scores: list[int] | None = None, marks: list[str] | None = None,
                     labels: list[str] | None = None, icons: list[str] | None = None,
                     view: BoardView | None = None, wide: bool = False,
                     over_wall: bool = False) -> None:
    """One card per seat, one under another; the deciding seat's pulses. ``scores``
    replaces the game's (the scoring overlay counting up); ``labels`` tags a seat by what
    drives it ("CPU Hard"), ``icons`` draws a shape by the tag ("phone": a seat held by a
    phone). A ``view`` with ``seat_fact_lines`` paints its facts under each name.
    ``wide`` stands the cards one under another (:func:`wide_cards`). ``over_wall``: the
    cards lie on the screens' wall (the play screen's), so the deciding card's steps are
    kept with the wall showing round it (:data:`_RINGS`); elsewhere (a phone's picture on
    plain ground) it is painted each time."""
    scores = game.scores if scores is None else scores
    current = game.current_player
    turn = turn_holder(game) if current is not None else None
    lines = view.seat_fact_lines if view is not None else 0
    inline = wide and game.players > 2  # the facts on the second line, not under it
    clip = screen.surface.get_clip()
    for seat, (x, y, w, card_h) in enumerate(seat_cards(game.players, lines, wide)):
        if not clip.colliderect(screen.rect(x - RING, y - RING, w + 2 * RING,
                                            card_h + 2 * RING)):
            continue  # a frame painting only what changed elsewhere (the deciding card's
            # ring): a card out of it is left as it is, unworded
        h = card_h if inline else card_h - lines * SEAT_FACT_H  # the facts below
        deciding = seat == current
        mark = marks[seat] if marks and seat < len(marks) else \
            theme.MARKS[seat % len(theme.MARKS)]
        score = str(scores[seat]) if seat < len(scores) else "0"
        face = (seat, (x, y, w, h), names, colours[seat], mark, score, deciding, seat == turn,
                labels, icons, inline and bool(lines))
        # (what the face shows; the names and labels lists may change in place)
        shown = (names[seat] if seat < len(names) else "", colours[seat], mark, score,
                 seat == turn, labels[seat] if labels and seat < len(labels) else "",
                 icons[seat] if icons and seat < len(icons) else "", inline)
        if deciding:  # a gold ring breathes over the card's edge
            step = ring(screen, (x, y, w, card_h), t)
            paint = partial(_paint_ring, card=(x, y, w, card_h), step=step, face=face)
            if over_wall:
                _RINGS.at((seat, x, y, w, card_h, step), urgent=True).draw(
                    screen, (x - RING, y - RING, w + 2 * RING, card_h + 2 * RING),
                    (shown, language()), paint)
            else:
                paint(screen)
        else:  # the card's stone and its face are kept
            _FACES.at((seat, x, y, w, h), urgent=True).draw(
                screen, (x, y, w, h), shown, partial(_face_of, face),
                under=frames.beneath(screen, x, y, w, card_h, theme.PANEL_LIGHT, radius=12,
                                     fill=theme.PANEL, width=2))
        if view is not None and lines:
            tag = _tag(deciding, seat == turn)[0]
            view.draw_seat_facts(screen, seat, _facts_area(screen, (x, y, w, card_h), h,
                                                           score, inline, tag))


def _facts_area(screen: Screen, card: tuple[float, float, float, float], h: float,
                score: str, inline: bool, tag: str) -> tuple[float, float, float, float]:
    """Where a seat's facts go: the line under its name, tag and score; on a wide card,
    its second line, after its turn tag (if it has one now) and before the score."""
    x, y, w, card_h = card
    if not inline:
        return (x + 12, y + h, w - 24, card_h - h - 6)
    left = x + TILE_W + 12 + (screen.text_width(tag, theme.FONT_SMALL) + 26 if tag else 0)
    right = x + w - 30 - screen.text_width(score, theme.readable(theme.FONT_LARGE * 1.2))
    return (left, y + h / 2 + 6, right - left, h / 2 - 8)


def _face_of(face: tuple[Any, ...], screen: Screen) -> None:
    _face(screen, *face)


def _face(screen: Screen, seat: int, card: tuple[float, float, float, float],
          names: list[str], colour: tuple[int, int, int], mark: str, score: str,
          deciding: bool, holds_turn: bool, labels: list[str] | None,
          icons: list[str] | None, lined: bool = False) -> None:
    """A card's seat colour with its mark, and its words."""
    x, y, _w, h = card
    frames.tile(screen, x, y, TILE_W, h, colour, radius=12, depth=0)
    draw_mark(screen, mark, x + TILE_W / 2, y + h / 2, min(20, h * 0.3), INK)
    _seat_text(screen, seat, card, names, score, deciding, holds_turn, labels, icons, lined)


def name_room(card_w: float) -> float:
    """How wide a name may be on a card ``card_w`` wide: the card's width right of its
    colour tile (the score moves under the name when both do not fit on one line)."""
    return card_w - TILE_W - 12 - 14


def wide_cards(screen: Screen, names: list[str], players: int) -> bool:
    """Whether the seat cards stand one under another: when some name would not fit
    whole on a card two abreast. A name is read from a sofa to tell whose seat is whose,
    so the layout makes room for it rather than cutting it to "Xoch…"."""
    if players <= 2:
        return False  # one card a row already
    _x, _y, w, _h = seat_cards(players)[0]
    room = name_room(w)
    shown = tuple(names[:players])  # (asked every frame: measured once per names)
    return bool(screen.memo(("wide cards", shown, room), lambda: any(
        screen.text_width(name, theme.FONT_BODY) > room for name in shown)))


def _score_place(screen: Screen, name: str, score: str, tag: str, room: float,
                 two_lines: bool) -> str:
    """Where a card's score stands: "big" at the right across the card (beside the name
    and clear of the tag under it), "mid" there a size smaller (the deciding card's
    "TURN" and a score of two figures: the score stays where every other card shows
    it, and about as large, rather than dropping beside the name), "line1" smaller
    beside the name (the tag under it
    then has the line to itself), "line2" at the right of the second line (a long name
    keeps the first), or "big" with the name cut when nothing else fits. On a card of
    one line, "small": the name, its tag and a large score do not fit side by side."""
    big = screen.text_width(score, theme.readable(theme.FONT_LARGE * 1.2))
    read = screen.text_width(score, theme.FONT_READ)
    name_w = screen.text_width(name, theme.FONT_BODY)
    tag_w = screen.text_width(tag, theme.FONT_SMALL) + 16 if tag else 0.0
    if not two_lines:
        return "big" if name_w + 16 + tag_w + 10 + big <= room else "small"
    if name_w + 16 + big <= room and tag_w + 16 + big <= room:
        return "big"
    mid = screen.text_width(score, theme.FONT_LARGE)
    if name_w + 16 + mid <= room and tag_w + 16 + mid <= room:
        return "mid"
    if name_w + 16 + read <= room:
        return "line1"
    if tag_w + 12 + read <= room:
        return "line2"
    return "big"


def _seat_text(screen: Screen, seat: int, card: tuple[float, float, float, float],
               names: list[str], score_text: str, deciding: bool, holds_turn: bool,
               labels: list[str] | None, icons: list[str] | None,
               lined: bool = False) -> None:
    """A card's words (:func:`_seat_layout`), laid out once per card, its words and the
    language: the deciding card is painted every frame for its breathing ring, and
    measuring its words again each time was most of that frame's work."""
    label = labels[seat] if labels and seat < len(labels) else ""
    icon = icons[seat] if icons and seat < len(icons) else ""
    name = names[seat] if seat < len(names) else default_name(seat)
    drawn = screen.memo(("seat words", card, name, score_text, deciding, holds_turn, label,
                         icon, lined, language()),
                        lambda: _seat_layout(screen, card, name, score_text, deciding,
                                             holds_turn, label, icon, lined))
    for op, *args in drawn:
        if op == "text":
            text, tx, ty, size, colour, anchor, role = args
            screen.text(text, tx, ty, size, colour, anchor, role=role)
        elif op == "box":
            bx, by, bw, bh, colour, radius = args
            screen.box(bx, by, bw, bh, colour, radius=radius)
        else:
            draw_mark(screen, *args)


#: one drawing of a card's words: ("text", text, x, y, size, colour, anchor, role),
#: ("box", x, y, w, h, colour, radius) or ("mark", mark, x, y, r, colour)
Drawn = tuple[Any, ...]


def _seat_layout(screen: Screen, card: tuple[float, float, float, float], name: str,
                 score_text: str, deciding: bool, holds_turn: bool, label: str, icon: str,
                 lined: bool) -> list[Drawn]:
    """A card's words: the name over the turn tag and who plays the seat, and the score
    (:func:`_score_place`: large at the right where it fits, else smaller beside the
    name or under it, never over the tag). Without a tag or a label the name stands
    alone in the middle; a label that does not fit whole beside the tag is left out
    rather than cut. A ``lined`` card keeps its second line for the game's facts: the
    name stays on the first, and a label follows it there if it fits."""
    x, y, w, h = card
    out: list[Drawn] = []
    tag, tag_colour = _tag(deciding, holds_turn)
    left, right = x + TILE_W + 12, x + w - 14
    big = theme.readable(theme.FONT_LARGE * 1.2)
    room = right - left
    fits = screen.text_width(name, theme.FONT_BODY) + 16 + \
        screen.text_width(score_text, big) <= room
    two_lines = (bool(tag or label or icon) or not fits or lined) and h >= 64
    place = "big" if lined else _score_place(screen, name, score_text, tag, room, two_lines)
    # high enough that a descender ("Cy") stays clear of the second line (a lined card's
    # facts hold numbers a letter's tail could be read into)
    top = h * (0.23 if lined else 0.24)
    line_end = right
    if place in ("big", "mid"):
        shown = big if place == "big" else theme.FONT_LARGE
        out.append(("text", score_text, right, y + h / 2, shown, theme.TEXT, "midright",
                    "score"))
        room -= 16 + screen.text_width(score_text, shown)
        line_end = right - screen.text_width(score_text, shown) - 16
    elif place in ("line1", "small"):
        out.append(("text", score_text, right, y + (top if place == "line1" else h / 2),
                    theme.FONT_READ, theme.TEXT, "midright", "score"))
        room -= 16 + screen.text_width(score_text, theme.FONT_READ)
        if place == "small":
            line_end = right - screen.text_width(score_text, theme.FONT_READ) - 16
    else:  # under the name, at the right of the second line
        out.append(("text", score_text, right, y + h * 0.76, theme.FONT_READ, theme.TEXT,
                    "midright", "score"))
        line_end = right - screen.text_width(score_text, theme.FONT_READ) - 12
    size = fit_size(screen, name, room, theme.FONT_BODY)
    out.append(("text", fit(screen, name, size, room), left,
                y + (top if two_lines else h / 2), size, theme.TEXT, "midleft",
                "turn" if deciding else ""))
    lx, ly = left, y + h * 0.76  # the card's second line: the turn tag, who plays it
    if not two_lines:  # a shallow card: the tag and the label follow the name
        lx, ly = left + 16 + screen.text_width(name, size), y + h / 2
    tw = screen.text_width(tag, theme.FONT_SMALL) + 16
    if tag and (two_lines or lx + tw <= line_end or not deciding):
        # (on one line a tag that does not fit is left to the deciding card's ring)
        out.append(("box", lx, ly - 15, tw, 30, tag_colour, 8))
        out.append(("text", tag, lx + tw / 2, ly, theme.FONT_SMALL, INK, "center", ""))
        lx += tw + 10
    if lined:  # the second line is the facts': the icon and label go after the name
        lx, ly = left + 16 + screen.text_width(name, size), y + top
    if icon:
        out.append(("mark", icon, lx + 12, ly, 12, theme.ACCENT))
        lx += 30
    if label and screen.text_width(label, theme.FONT_SMALL) <= line_end - lx:
        out.append(("text", label, lx, ly, theme.FONT_SMALL, theme.TEXT_DIM, "midleft", ""))
    return out
