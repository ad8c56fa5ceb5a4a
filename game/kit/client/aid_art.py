"""Small drawings every game's player aid uses around its own pieces: a points badge, a
numbered step, a seat's mark and name, an arrow, a caption table. A mod's
``draw_aid_figure`` may use them too, so the aids of all games read alike."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.kit.client import theme
from game.kit.client.messages import default_name
from game.kit.client.screen import draw_mark

if TYPE_CHECKING:
    from game.kit.client.aid import AidContext, Area
    from game.kit.client.screen import Screen

INK = (20, 16, 12)
#: the size of words in a picture (a caption, a badge): smaller than the page's words
#: beside it, well above the floor
CAPTION = 34.0
WELL = (14, 18, 30, 150)


def seat_name(seat: int) -> str:
    """The name an example gives a seat: the seat's default name (Ana, Ben, ...)."""
    return default_name(seat)


def seat_look(ctx: AidContext, seat: int) -> tuple[tuple[int, int, int], str]:
    """A seat's colour and mark in the aid's palette (seats beyond it: grey)."""
    if 0 <= seat < len(ctx.colours):
        mark = ctx.marks[seat] if seat < len(ctx.marks) else "circle"
        return ctx.colours[seat], mark
    return theme.NEUTRAL_COLOUR, "ring"


def well(screen: Screen, area: Area) -> None:
    """A dark rounded ground a picture stands on."""
    x, y, w, h = area
    screen.box(x, y, w, h, WELL, radius=18)


def badge(screen: Screen, text: str, cx: float, cy: float, size: float = CAPTION,
          fill: Any = theme.ACCENT, ink: Any = INK) -> tuple[float, float, float, float]:
    """A pill with ``text`` (points won: "+7") centred on (cx, cy); returns its rect."""
    size = theme.readable(size)
    w = screen.text_width(text, size) + size * 0.8
    h = size * 1.3
    x, y = cx - w / 2, cy - h / 2
    screen.box(x + 3, y + 4, w, h, (0, 0, 0, 110), radius=h / 2)
    screen.box(x, y, w, h, fill, radius=h / 2)
    screen.box(x, y, w, h, INK, radius=h / 2, width=2)
    screen.text(text, cx, cy + size * 0.03, size, ink, "center")
    return x, y, w, h


def step_disc(screen: Screen, n: int | str, cx: float, cy: float, r: float) -> None:
    """A numbered gold disc: the n-th step of an example."""
    screen.circle(cx + r * 0.12, cy + r * 0.16, r, (0, 0, 0, 110))
    screen.circle(cx, cy, r, theme.ACCENT)
    screen.circle(cx, cy, r, INK, max(2.0, r * 0.12))
    screen.text(str(n), cx, cy + r * 0.04, theme.readable(r * 1.2), INK, "center")


def seat_tag(screen: Screen, ctx: AidContext, seat: int, x: float, y: float,
             size: float = CAPTION, name: str = "") -> float:
    """A seat's mark in its colour and its name, from (x, y) at mid height; returns the
    x after the name."""
    colour, mark = seat_look(ctx, seat)
    r = size * 0.42
    screen.circle(x + r, y, r * 1.25, INK)
    draw_mark(screen, mark, x + r, y, r * 0.95, colour)
    label = name or seat_name(seat)
    screen.text(label, x + r * 2 + size * 0.35, y, theme.readable(size), colour, "midleft")
    return x + r * 2 + size * 0.35 + screen.text_width(label, theme.readable(size))


def arrow(screen: Screen, a: tuple[float, float], b: tuple[float, float], colour: Any,
          width: float) -> None:
    """A line from ``a`` to ``b`` with a head at ``b``."""
    screen.line(a, b, colour, width)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = width * 3.2
    left = (b[0] - head * math.cos(ang - 0.5), b[1] - head * math.sin(ang - 0.5))
    right = (b[0] - head * math.cos(ang + 0.5), b[1] - head * math.sin(ang + 0.5))
    screen.polygon([b, left, right], colour)


def columns(screen: Screen, rows: Sequence[Sequence[str]], x: float, y: float,
            widths: Sequence[float], size: float = CAPTION,
            colours: Sequence[Any] | None = None, gap: float = 10.0) -> float:
    """A small table of words: each cell left-aligned in its column (a width below 0:
    right-aligned in its absolute width); returns the y under it."""
    size = theme.readable(size)
    for n, row in enumerate(rows):
        cx = x
        colour = colours[n] if colours is not None and n < len(colours) else theme.TEXT
        for cell, w in zip(row, widths, strict=False):
            if w < 0:
                screen.text(cell, cx - w, y, size, colour, "topright")
                cx -= w
            else:
                screen.text(cell, cx, y, size, colour)
                cx += w
        y += size * 1.24 + gap
    return y
