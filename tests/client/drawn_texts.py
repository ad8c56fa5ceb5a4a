"""Where each text of a frame was drawn, in logical units: for tests that check that
texts never overlap one another or run under a row, at every window size."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game.i18n import say
from game.kit.client.layers import Snapshot
from game.ui.shell import laid_out

Rect = tuple[float, float, float, float]


def window_screens(app) -> list:
    """The window's screens a scene may draw on: its own, its 1080-unit middle (a menu's,
    ``Screen.band``) and their feet (the shortcut bar's, ``Screen.foot``): one and the
    same at 16:9, four on a 16:10 window."""
    out = []
    for screen in (app.screen, app.screen.band()):
        for one in (screen, screen.foot()):
            if all(one is not other for other in out):
                out.append(one)
    return out


@contextmanager
def text_hook(app, seen_text) -> Iterator[None]:
    """Calls ``seen_text(text, pixel_rect, scale, keywords)`` for each line drawn on the
    window while the block runs, whichever of its screens draws it (``keywords``: those
    of the ``text`` call, its role; kept parts are painted again, so their words are
    seen too)."""
    screens = window_screens(app)
    for screen in screens:
        def record(text, *args, _draw=screen.text, _scale=screen.scale, **kwargs):
            r = _draw(text, *args, **kwargs)
            seen_text(text, r, _scale, kwargs)
            return r
        screen.text = record
    Snapshot.paint_always = True
    try:
        yield
    finally:
        for screen in screens:
            del screen.text
        Snapshot.paint_always = False


@contextmanager
def recording(app) -> Iterator[list[tuple[str, Rect]]]:
    """Every (text, logical rectangle) drawn on the window while the block runs, in the
    units of the scene on top (``game.ui.shell.laid_out``)."""
    screen = laid_out(app.screen, app.stack.top)
    seen: list[tuple[str, Rect]] = []

    def record(text, r, _scale, _keywords):
        x, y = screen.to_logical(r.topleft)
        seen.append((say(text), (x, y, r.width / screen.scale, r.height / screen.scale)))

    with text_hook(app, record):
        yield seen


def texts_drawn(app) -> list[tuple[str, Rect]]:
    """Every text of one frame with its logical rectangle."""
    with recording(app) as seen:
        app.draw()
    return seen


def overlap(a: Rect, b: Rect, slack: float = 1.0) -> bool:
    """Whether two rectangles share more than ``slack`` units each way (a line's box is
    a little taller than its letters: boxes that touch do not overlap)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return (min(ax + aw, bx + bw) - max(ax, bx) > slack
            and min(ay + ah, by + bh) - max(ay, by) > slack)


def ink_box(rect: Rect, size: float) -> Rect:
    """The part of a line's box its letters fill: the box of a line of ``size`` is about
    1.2 times as tall, with the room above the capitals and below the descenders."""
    x, y, w, h = rect
    spare = max(0.0, h - size)
    return x, y + spare / 2, w, h - spare
