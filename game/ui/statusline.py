"""The status line under the board: what a click or Enter would do, why an input was
refused, or what a seat deciding elsewhere is doing (a computer thinking)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.ui import theme
from game.ui.art import frames
from game.ui.layout import STATUS_AREA
from game.ui.screen import draw_mark
from game.ui.widgets import fit

if TYPE_CHECKING:
    from game.ui.screen import Screen
    from game.ui.seats import SeatStatus

REFUSED_FILL = (90, 24, 24)
REFUSED_TEXT = (255, 190, 180)


def draw_status(screen: Screen, text: str, hints: list[str], refused: bool = False) -> None:
    """``text`` on the left (a refusal in red), ``hints`` on the right."""
    x, y, w, h = STATUS_AREA
    if refused:
        frames.panel(screen, x, y, w, h, theme.DANGER, radius=12, fill=REFUSED_FILL)
        text, colour = f"Not allowed: {text}", REFUSED_TEXT
    else:
        frames.panel(screen, x, y, w, h, theme.PANEL_LIGHT, radius=12, fill=theme.PANEL,
                     width=2)
        colour = theme.TEXT
    screen.text(fit(screen, text, theme.FONT_BODY, 1500), x + 20, y + h / 2, theme.FONT_BODY,
                colour, "midleft")
    screen.text("  ·  ".join(hints), x + w - 20, y + h / 2, theme.FONT_SMALL, theme.TEXT_DIM,
                "midright")


def draw_seat_status(screen: Screen, status: SeatStatus, colour: tuple[int, int, int],
                     mark: str, t: float, tail: str) -> None:
    """A seat deciding elsewhere, framed in its colour: its mark, or a spinner and
    growing dots while it is busy; its hint and ``tail`` on the right."""
    x, y, w, h = STATUS_AREA
    frames.panel(screen, x, y, w, h, colour, radius=12, fill=theme.PANEL)
    cx, cy = x + 30, y + h / 2
    text = status.text
    if status.busy:  # a ring of dots, the bright one going round
        for i in range(8):
            angle = i * math.pi / 4
            lit = (int(t * 10) - i) % 8
            shade = colour if lit == 0 else theme.TEXT_DIM
            screen.circle(cx + 13 * math.cos(angle), cy + 13 * math.sin(angle),
                          3.5 if lit else 5, shade)
        text += "." * (int(t * 3) % 4)
    else:
        draw_mark(screen, mark, cx, cy, 12, colour)
    screen.text(fit(screen, text, theme.FONT_BODY, 1100), x + 60, cy, theme.FONT_BODY,
                theme.TEXT, "midleft")
    screen.text(f"{status.hint}  ·  {tail}", x + w - 20, cy, theme.FONT_SMALL,
                theme.TEXT_DIM, "midright")
