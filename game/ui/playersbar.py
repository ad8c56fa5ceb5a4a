"""The seat cards at the top of a game screen's right column (play and replay): each
seat's colour and mark, name, score, and who decides or holds the turn."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from game.ui import theme
from game.ui.art import frames
from game.ui.layers import KeptParts
from game.ui.layout import SEAT_FACT_H, seat_cards
from game.ui.messages import default_name
from game.ui.screen import draw_mark
from game.ui.widgets import INK, fit, fit_size, pulse

#: the seat's colour at the left of its card, with its mark
TILE_W = 56.0

#: the faces (tile, mark, words) of the cards of seats not deciding now, as painted, one
#: per place: they change only with a name, a score or the turn, and painting a card's
#: words every frame cost about a fifth of a 1080p frame. Urgent: a card's tag says whose
#: turn it is, which never waits for the repaint budget
_FACES = KeptParts(16)

if TYPE_CHECKING:
    from game.api import Game
    from game.ui.boardview import BoardView
    from game.ui.screen import Screen


def turn_holder(game: Game) -> int | None:
    """Whose turn it is (the rules' ``turn_seat``), which may differ from who decides."""
    seat = game.rules.turn_seat(game.state)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players:
        return seat
    return game.current_player


def _tag(deciding: bool, holds_turn: bool) -> tuple[str, tuple[int, int, int]]:
    """The tag under a seat's name: who decides now, and whose turn it is."""
    if deciding:
        return ("TURN" if holds_turn else "DECIDES"), theme.ACCENT
    return ("TURN" if holds_turn else ""), theme.TEXT_DIM


def draw_players_bar(screen: Screen, game: Game, names: list[str],
                     colours: list[tuple[int, int, int]], t: float,
                     scores: list[int] | None = None, marks: list[str] | None = None,
                     labels: list[str] | None = None, icons: list[str] | None = None,
                     view: BoardView | None = None) -> None:
    """One card per seat, one under another; the deciding seat's pulses. ``scores``
    replaces the game's (the scoring overlay counting up); ``labels`` tags a seat by what
    drives it ("CPU Hard"), ``icons`` draws a shape by the tag ("phone": a seat held by a
    phone). A ``view`` with ``seat_fact_lines`` paints its facts under each name."""
    scores = game.scores if scores is None else scores
    current = game.current_player
    turn = turn_holder(game) if current is not None else None
    lines = view.seat_fact_lines if view is not None else 0
    for seat, (x, y, w, card_h) in enumerate(seat_cards(game.players, lines)):
        h = card_h - lines * SEAT_FACT_H  # the name, tag and score; the facts below
        deciding = seat == current
        mark = marks[seat] if marks and seat < len(marks) else \
            theme.MARKS[seat % len(theme.MARKS)]
        score = str(scores[seat]) if seat < len(scores) else "0"
        face = (seat, (x, y, w, h), names, colours[seat], mark, score, deciding, seat == turn,
                labels, icons)
        if deciding:  # a gold ring breathes over the card's edge: painted every frame
            frames.panel(screen, x, y, w, card_h, theme.ACCENT, radius=12,
                         fill=theme.PANEL_LIGHT, width=5)
            grow = 2 + 3 * pulse(t, 5)
            screen.box(x - grow, y - grow, w + 2 * grow, card_h + 2 * grow, theme.ACCENT,
                       radius=12 + grow, width=3)
            _face(screen, *face)
        else:  # the card's stone and its face are kept
            shown = (names[seat] if seat < len(names) else "", colours[seat], mark, score,
                     seat == turn, labels[seat] if labels and seat < len(labels) else "",
                     icons[seat] if icons and seat < len(icons) else "")
            _FACES.at((seat, x, y, w, h), urgent=True).draw(
                screen, (x, y, w, h), shown, partial(_face_of, face),
                under=frames.beneath(screen, x, y, w, card_h, theme.PANEL_LIGHT, radius=12,
                                     fill=theme.PANEL, width=2))
        if view is not None and lines:
            view.draw_seat_facts(screen, seat, (x + 12, y + h, w - 24, card_h - h - 6))


def _face_of(face: tuple[Any, ...], screen: Screen) -> None:
    _face(screen, *face)


def _face(screen: Screen, seat: int, card: tuple[float, float, float, float],
          names: list[str], colour: tuple[int, int, int], mark: str, score: str,
          deciding: bool, holds_turn: bool, labels: list[str] | None,
          icons: list[str] | None) -> None:
    """A card's seat colour with its mark, and its words."""
    x, y, _w, h = card
    frames.tile(screen, x, y, TILE_W, h, colour, radius=12, depth=0)
    draw_mark(screen, mark, x + TILE_W / 2, y + h / 2, min(20, h * 0.3), INK)
    _seat_text(screen, seat, card, names, score, deciding, holds_turn, labels, icons)


def _seat_text(screen: Screen, seat: int, card: tuple[float, float, float, float],
               names: list[str], score_text: str, deciding: bool, holds_turn: bool,
               labels: list[str] | None, icons: list[str] | None) -> None:
    """A card's words: the name over the turn tag and who plays the seat, the score at
    the right. Without a tag or a label the name stands alone in the middle; a label
    that does not fit whole beside the tag is left out rather than cut."""
    x, y, w, h = card
    score_size = theme.readable(theme.FONT_LARGE * 1.2)
    screen.text(score_text, x + w - 14, y + h / 2, score_size, theme.TEXT, "midright",
                role="score")
    right = x + w - 26 - screen.text_width(score_text, score_size)
    tag, tag_colour = _tag(deciding, holds_turn)
    label = labels[seat] if labels and seat < len(labels) else ""
    icon = icons[seat] if icons and seat < len(icons) else ""
    two_lines = bool(tag or label or icon) and h >= 64
    left = x + TILE_W + 12
    name = names[seat] if seat < len(names) else default_name(seat)
    size = fit_size(screen, name, right - left, theme.FONT_BODY)
    screen.text(fit(screen, name, size, right - left), left, y + (h * 0.3 if two_lines
                                                                  else h / 2),
                size, theme.TEXT, "midleft", role="turn" if deciding else "")
    lx, ly = left, y + h * 0.74  # the card's second line: the turn tag, who plays it
    if not two_lines:  # a shallow card: the tag and the label follow the name
        lx, ly = left + 16 + screen.text_width(name, size), y + h / 2
    if tag:
        tw = screen.text_width(tag, theme.FONT_SMALL) + 16
        screen.box(lx, ly - 15, tw, 30, tag_colour, radius=8)
        screen.text(tag, lx + tw / 2, ly, theme.FONT_SMALL, INK, "center")
        lx += tw + 10
    if icon:
        draw_mark(screen, icon, lx + 12, ly, 12, theme.ACCENT)
        lx += 30
    if label and screen.text_width(label, theme.FONT_SMALL) <= right - lx:
        screen.text(label, lx, ly, theme.FONT_SMALL, theme.TEXT_DIM, "midleft")
