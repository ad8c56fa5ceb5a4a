"""The status line under the board: what a click or Enter would do, why an input was
refused, or what a seat deciding elsewhere is doing (a computer thinking)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.i18n import Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.layers import KeptParts
from game.kit.client.layout import STATUS_AREA
from game.kit.client.screen import draw_mark
from game.kit.client.text import wrap
from game.ui.widgets import FOOTER_H, FOOTER_Y

if TYPE_CHECKING:
    from game.kit.client.screen import Colour, Screen
    from game.ui.seats import SeatStatus

REFUSED_FILL = (90, 24, 24)
REFUSED_TEXT = (255, 190, 180)


#: the lines a status takes before it grows over the board: its own and the shortcut bar's
LINES = 2
#: the least room between the status's words and the hints at its right
HINTS_GAP = 48.0
#: the height a second line adds: a long status grows rather than losing words
LINE_STEP = 46.0
#: where a long status may reach down to: the shortcut bar's room, which it takes while
#: it needs two lines (the bar's keys are in help, F1, too), never the board's or the
#: log's words above it (a score track, a seat's label), which only the game shows
BELOW = FOOTER_Y + FOOTER_H - 8.0

#: the status line's words as painted, one kept part per place and kind of line: they
#: change with every action ("action 41"), and fresh words cost the frame after an action
#: a millisecond or two of type, so they take their turn in the repaint budget
#: (``Screen.may_repaint``) like the panels; a refusal repaints at once
_KEPT = KeptParts(8)


class Wordings(str):
    """A status text (its fullest wording) with ``shorter`` wordings of itself, each
    whole, the shortest last: a hint and its reason in fewer clauses. The status line
    shows the fullest that fits its :data:`LINES`, measured as drawn."""

    shorter: tuple[str, ...]

    def __new__(cls, text: str, shorter: Sequence[str] = ()) -> Wordings:
        made = super().__new__(cls, text)
        made.shorter = tuple(shorter)
        return made


def _lines(screen: Screen, text: str, width: float, full: float) -> tuple[list[str], bool]:
    """The status text as drawn: one line beside the hints, else one line without them,
    else wrapped, whole, on as many lines as it takes (the box grows: wrap, never cut).
    Also whether the hints still show."""
    size = theme.FONT_BODY
    if screen.text_width(text, size) <= width:
        return [text], True
    if screen.text_width(text, size) <= full:
        return [text], False
    return wrap(screen, text, size, full), False


def _fitting(screen: Screen, texts: Sequence[str], width: float,
             full: float) -> tuple[list[str], bool]:
    """:func:`_lines` of the first of ``texts`` (a text, then its shorter wordings) that
    fits :data:`LINES`, else of the last, however many lines it takes."""
    for text in texts:
        lines, with_hints = _lines(screen, text, width, full)
        if len(lines) <= LINES:
            break
    return lines, with_hints


def _wordings(said: Text) -> list[Text]:
    return [said, *said.shorter] if isinstance(said, Wordings) else [said]


def _frame(lines: list[str], below: bool = True) -> tuple[float, float, float, float]:
    """The status's box for ``lines``: a second line takes the shortcut bar's room under
    it (``below``), a third grows upward."""
    x, y, w, h = STATUS_AREA
    grow = LINE_STEP * (len(lines) - 1)
    if not grow:
        return x, y, w, h
    down = BELOW - (y + h) if below else 0.0
    up = max(0.0, grow - down)
    return x, y - up, w, h + up + down


def warm(screen: Screen, colours: list[tuple[int, int, int]]) -> None:
    """Paint the frame of a seat deciding elsewhere, in each seat's colour, and the plain
    line's frame, one and two lines high, into the art cache now, without drawing it.
    Why: painted the first time each seat's phone or computer decides, it made that frame
    1.5 ms longer."""
    borders: list[Colour] = list(colours)
    for lines, below in ((1, True), (2, True), (2, False)):
        box = x, y, w, h = _frame([""] * lines, below)
        frames.warm_panels(screen, x, y, w, h, borders, radius=12, fill=theme.PANEL,
                           hole=_seat_inner(box))
        # and the plain line's frame round its words: cut around them the first time a
        # hover's words take two lines, it made that frame 5-9 ms longer at 1080p
        frames.warm_panels(screen, x, y, w, h, [theme.PANEL_LIGHT], radius=12,
                           fill=theme.PANEL, width=2, hole=_inner(box))


def _inner(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """What the plain status keeps of its frame: inside its rim."""
    x, y, w, h = box
    return x + 8, y + 4, w - 16, h - 8


def _seat_inner(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """What a seat's status keeps of its frame: right of its spinner, which turns every
    frame, and inside its rim."""
    x, y, w, h = box
    return x + 50, y + 4, w - 58, h - 8


def _draw_lines(screen: Screen, lines: list[str], x: float, box: tuple[float, float, float,
                                                                        float],
                colour: tuple[int, int, int]) -> None:
    _bx, by, _bw, bh = box
    top = by + bh / 2 - LINE_STEP * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        screen.text(line, x, top + LINE_STEP * i, theme.FONT_BODY, colour, "midleft",
                    role="status")


class Look(NamedTuple):
    """A status line as it is painted: its stone box (logical), where its words are kept
    (``inner``), what decides the words' pixels, and its two layers. Apart so that a
    frame in parts repaints only the words when only they change (a hover's "Click:
    buy the cacao"), not the band of board and log the status's box reaches up into:
    ``frame`` paints the stone round the words (and a seat's mark or spinner), ``words``
    the words over their piece of stone; ``frame`` then ``words`` is the whole line."""

    box: tuple[float, float, float, float]
    inner: tuple[float, float, float, float]
    words_key: Hashable
    #: what decides the stone's pixels (its box, its look, a busy seat's spinner step)
    frame_key: Hashable
    frame: Callable[[Screen], None]
    words: Callable[[Screen], None]
    #: whether it takes the shortcut bar's room (a status of two lines)
    takes_footer: bool


def status_look(screen: Screen, said: Text, hints: list[str], refused: bool = False,
                below: bool = True) -> Look:
    """``said`` on the left (a refusal in red), ``hints`` on the right. A long one takes
    two lines in the shortcut bar's room (``below``; else upward, as under an overlay that
    draws its own bar). Of :class:`Wordings`, the fullest that fits two lines; none is
    ever cut."""
    if refused:
        texts = [say(_("Not allowed: {reason}", reason=w)) for w in _wordings(said)]
        colour = REFUSED_TEXT
    else:
        texts, colour = [say(w) for w in _wordings(said)], theme.TEXT
    shown = "  ·  ".join(hints)
    # the words beside the hints take the room the hints leave (German's "U rückgängig ·
    # Aktion 168" is longer than "U undo · action 168"), with a gap between them
    full = STATUS_AREA[2] - 40
    beside = full - (screen.text_width(shown, theme.FONT_SMALL) + HINTS_GAP if shown else 0)
    lines, with_hints = _fitting(screen, texts, beside, full)
    x, y, w, h = box = _frame(lines, below)
    inner = _inner(box)
    under = frames.beneath(screen, x, y, w, h, theme.DANGER, radius=12, fill=REFUSED_FILL,
                           kept=inner) \
        if refused else frames.beneath(screen, x, y, w, h, theme.PANEL_LIGHT, radius=12,
                                       fill=theme.PANEL, width=2, kept=inner)
    shown = shown if with_hints else ""

    def paint(s: Screen) -> None:
        _draw_lines(s, lines, x + 20, box, colour)
        if shown:
            s.text(shown, x + w - 20, y + h / 2, theme.FONT_SMALL, theme.TEXT_DIM,
                   "midright")

    key = (tuple(lines), shown, colour)

    def words(s: Screen) -> None:
        _KEPT.at(("status", inner), refused).draw(s, inner, key, paint,
                                                  under=partial(_stone, under, inner, s))

    return Look(box, inner, key, ("plain", refused, box), partial(_rim, under, inner), words,
                y + h > FOOTER_Y)


def _rim(under: Callable[[pygame.Rect | None], None], inner: tuple[float, float, float, float],
         screen: Screen) -> None:
    """The stone round a status's words: all of its panel but where the words lie."""
    under(screen.rect(*inner))


def _stone(under: Callable[[pygame.Rect | None], None],
           inner: tuple[float, float, float, float], screen: Screen,
           hole: pygame.Rect | None) -> None:
    """What lies under a status's words, as their kept part asks for it
    (:class:`~game.kit.client.layers.Snapshot`'s ``under``): the frame painted the stone
    round them already (and a seat's mark over it), so nothing when the kept words are
    blitted (``hole``); the stone within ``inner`` only when they are painted anew."""
    if hole is not None:
        return
    surface = screen.surface
    clip = surface.get_clip()
    surface.set_clip(screen.rect(*inner).clip(clip))
    try:
        under(None)
    finally:
        surface.set_clip(clip)


def draw_status(screen: Screen, said: Text, hints: list[str], refused: bool = False,
                below: bool = True) -> bool:
    """The status line of :func:`status_look`: whether it took the shortcut bar's room,
    so the bar is not drawn over it."""
    look = status_look(screen, said, hints, refused, below)
    look.frame(screen)
    look.words(screen)
    return look.takes_footer


def seat_look(screen: Screen, status: SeatStatus, colour: tuple[int, int, int],
              mark: str, t: float, tail: str) -> Look:
    """A seat deciding elsewhere, framed in its colour: its mark, or a spinner and
    growing dots while it is busy; its hint and ``tail`` on the right."""
    spin, dots = busy_steps(t) if status.busy else (0, 0)
    text = status.text + "." * dots
    lines, with_hints = _lines(screen, text, 1100, STATUS_AREA[2] - 80)
    x, y, w, h = box = _frame(lines)
    cx, cy = x + 30, y + h / 2
    shown = f"{status.hint}  ·  {tail}" if with_hints else ""

    def paint(s: Screen) -> None:
        _draw_lines(s, lines, x + 60, box, theme.TEXT)
        if shown:
            s.text(shown, x + w - 20, cy, theme.FONT_SMALL, theme.TEXT_DIM, "midright")

    inner = _seat_inner(box)
    under = frames.beneath(screen, x, y, w, h, colour, radius=12, fill=theme.PANEL,
                           kept=inner)
    key = (tuple(lines), shown)

    def frame(s: Screen) -> None:
        _rim(under, inner, s)
        if status.busy:  # a ring of dots, the bright one going round
            for i in range(8):
                angle = i * math.pi / 4
                lit = (spin - i) % 8
                shade = colour if lit == 0 else theme.TEXT_DIM
                s.circle(cx + 13 * math.cos(angle), cy + 13 * math.sin(angle),
                         3.5 if lit else 5, shade)
        else:
            draw_mark(s, mark, cx, cy, 12, colour)

    def words(s: Screen) -> None:
        _KEPT.at(("seat", inner)).draw(s, inner, key, paint,
                                       under=partial(_stone, under, inner, s))

    return Look(box, inner, key, ("seat", colour, mark, box, status.busy and spin), frame,
                words, y + h > FOOTER_Y)


def busy_steps(t: float) -> tuple[int, int]:
    """What a busy seat's status shows at time ``t``: the spinner's lit dot (ten steps a
    second, round eight) and the dots after its words (three a second, up to three).
    Its pixels change only with these: keyed by them, the status line is painted ten
    times a second while a computer thinks, not sixty (each a 1920-wide band of stone
    and its words, a fifth of a frame at 1080p)."""
    return int(t * 10) % 8, int(t * 3) % 4


def draw_seat_status(screen: Screen, status: SeatStatus, colour: tuple[int, int, int],
                     mark: str, t: float, tail: str) -> bool:
    """The seat's status line of :func:`seat_look`. Whether it took the shortcut bar's
    room (as :func:`draw_status`)."""
    look = seat_look(screen, status, colour, mark, t, tail)
    look.frame(screen)
    look.words(screen)
    return look.takes_footer
