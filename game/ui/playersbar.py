"""The players bar across the top of a game screen (play and replay): each seat's colour
and mark, name, score, and who decides or holds the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui import theme
from game.ui.art import frames
from game.ui.layout import BAR_H, BAR_Y, bar_cards
from game.ui.screen import draw_mark
from game.ui.widgets import INK, fit, pulse

if TYPE_CHECKING:
    from game.api import Game
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
                     labels: list[str] | None = None, icons: list[str] | None = None) -> None:
    """One card per seat; the deciding seat's pulses. ``scores`` replaces the game's (the
    scoring overlay counting up); ``labels`` tags a seat by what drives it ("CPU Hard"),
    ``icons`` draws a shape by the tag ("phone": a seat held by a phone)."""
    scores = game.scores if scores is None else scores
    current = game.current_player
    turn = turn_holder(game) if current is not None else None
    cards = bar_cards(game.players)
    for seat, (x, w) in enumerate(cards):
        deciding = seat == current
        # the card is painted once; around the deciding seat's a gold ring breathes
        frames.panel(screen, x, BAR_Y, w, BAR_H,
                     theme.ACCENT if deciding else theme.PANEL_LIGHT, radius=14,
                     fill=theme.PANEL_LIGHT if deciding else theme.PANEL,
                     width=5 if deciding else 2)
        if deciding:
            grow = 2 + 4 * pulse(t, 5)
            screen.box(x - grow, BAR_Y - grow, w + 2 * grow, BAR_H + 2 * grow, theme.ACCENT,
                       radius=14 + grow, width=3)
        frames.tile(screen, x, BAR_Y, 84, BAR_H, colours[seat], radius=14, depth=0)
        mark = marks[seat] if marks and seat < len(marks) else \
            theme.MARKS[seat % len(theme.MARKS)]
        draw_mark(screen, mark, x + 42, 58, 24, INK)
        name = fit(screen, names[seat] if seat < len(names) else f"Player {seat + 1}",
                   theme.FONT_BODY, w - 210)
        screen.text(name, x + 100, 20, theme.FONT_BODY, theme.TEXT,
                    role="turn" if deciding else "")
        tag, tag_colour = _tag(deciding, seat == turn)
        lx = x + 100  # the card's second line: the turn tag, then who plays the seat
        if tag:
            tw = screen.text_width(tag, theme.FONT_SMALL) + 18
            screen.box(x + 100, 64, tw, 32, tag_colour, radius=8)
            screen.text(tag, x + 100 + tw / 2, 80, theme.FONT_SMALL, INK, "center")
            lx += tw + 12
        score = scores[seat] if seat < len(scores) else 0
        score_text = str(score)
        score_size = theme.readable(theme.FONT_LARGE * 1.2)
        screen.text(score_text, x + w - 18, 58, score_size, theme.TEXT, "midright",
                    role="score")
        label = labels[seat] if labels and seat < len(labels) else ""
        icon = icons[seat] if icons and seat < len(icons) else ""
        if label or icon:
            # beside the name or beside the tag, whichever leaves more room before the score
            right = x + w - 34 - screen.text_width(score_text, score_size)
            beside_name = x + 116 + screen.text_width(name, theme.FONT_BODY)
            lx, ly = (beside_name, 40.0) if right - beside_name > right - lx else (lx, 80.0)
            if icon:
                draw_mark(screen, icon, lx + 12, ly, 12, theme.ACCENT)
                lx += 32
            if label:
                screen.text(fit(screen, label, theme.FONT_SMALL, right - lx), lx, ly,
                            theme.FONT_SMALL, theme.TEXT_DIM, "midleft")
