"""Text and shape helpers every screen uses, the shell's and a game's board view alike:
fitting text to a width (``fit``, ``fit_size``, ``fit_lines``, ``wrap`` without orphans),
easing and pulsing clocks, colour mixing, hit-testing and the titled panel.

Part of the client kit (:mod:`game.kit.client`): a view needs these and nothing of the
shell's widgets (menus, text fields, banners: :mod:`game.ui.widgets`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import Text, say
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.screen import MAX_LINE

if TYPE_CHECKING:
    from game.kit.client.screen import Colour, Screen


def ease_out(x: float) -> float:
    x = max(0.0, min(1.0, x))
    return 1 - (1 - x) ** 3


def pulse(t: float, speed: float = 4.0, steps: int | None = None) -> float:
    """0..1..0 once per 2*pi/speed seconds; in ``steps`` steps when given, so that what
    pulses is painted again only when its step changes (a part keyed by the step)."""
    k = 0.5 + 0.5 * math.sin(t * speed)
    return k if steps is None else round(k * steps) / steps


def mix(a: Colour, b: Colour, k: float) -> tuple[int, int, int]:
    """The colour ``k`` (0-1) of the way from ``a`` to ``b``."""
    k = max(0.0, min(1.0, k))
    return tuple(round(a[i] + (b[i] - a[i]) * k) for i in range(3))  # type: ignore[return-value]


def inside(pos: tuple[float, float] | None, rect: tuple[float, float, float, float]) -> bool:
    """Whether a pointer at ``pos`` (None: no pointer) is in the logical ``rect``."""
    if pos is None:
        return False
    x, y, w, h = rect
    return x <= pos[0] < x + w and y <= pos[1] < y + h


def fit(screen: Screen, text: Text, size: float, width: float, ellipsis: str = "…") -> str:
    """``text`` shortened with an ellipsis so it fits ``width`` logical units (in log
    time: see :meth:`Screen.fit`)."""
    return screen.fit(text, theme.readable(size), width, ellipsis)


def fit_size(screen: Screen, text: Text, width: float, size: float,
             smallest: float = theme.FONT_READ) -> float:
    """``size``, or a smaller one down to ``smallest`` at which ``text`` fits ``width``:
    a long name steps down a size rather than losing its end."""
    while size > smallest and screen.text_width(text, size) > width:
        size = max(smallest, size - 6)
    return size


def fit_lines(screen: Screen, text: Text, size: float, width: float,
              lines: int = 2) -> list[str]:
    """``text`` wrapped into at most ``lines`` lines of ``width``, the last one cut with
    an ellipsis only if the whole would not fit: a cut that two lines would avoid hides
    words a player needs."""
    text = say(text)
    out = wrap(screen, text, size, width)
    if len(out) <= lines and all(screen.text_width(ln, size) <= width for ln in out):
        return out
    head = out[:lines - 1]
    tail = " ".join(out[lines - 1:])
    return head + [screen.fit(tail, size, width, whole=text)]


def wrap(screen: Screen, text: Text, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` logical units; a word
    wider than that keeps a line of its own rather than being cut."""
    text = say(text)
    if len(text) > MAX_LINE:  # a runaway text is not kept
        return _wrap(screen, text, size, width)
    lines: tuple[str, ...] = screen.memo(
        (text, size, width, "wrap"), lambda: tuple(_wrap(screen, text, size, width)))
    return list(lines)


def _wrap(screen: Screen, text: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and screen.text_width(candidate, theme.readable(size)) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    _no_orphan(lines, lambda t: screen.text_width(t, theme.readable(size)) <= width)
    return lines


#: a last line of one word this short ("AP", "2") takes the word before it along: "2 AP"
#: reads as one, and "AP" alone on a line reads as nothing
ORPHAN_CHARS = 3


def _no_orphan(lines: list[str], fits: Callable[[str], bool]) -> None:
    if len(lines) < 2 or " " in lines[-1] or len(lines[-1]) > ORPHAN_CHARS:
        return
    head, _sep, word = lines[-2].rpartition(" ")
    if head and fits(f"{word} {lines[-1]}"):
        lines[-2:] = [head, f"{word} {lines[-1]}"]
# ---------------------------------------------------------------------------------------


def draw_panel(screen: Screen, x: float, y: float, w: float, h: float, title: Text = "",
               border: Colour = theme.PANEL_LIGHT) -> float:
    """A rounded panel with an optional title strip; returns the y where content starts."""
    frames.panel(screen, x, y, w, h, border, radius=16)
    if not title:
        return y + 16
    screen.text(say(title).upper(), x + 20, y + 14, theme.FONT_SMALL, theme.ACCENT)
    return y + 52
