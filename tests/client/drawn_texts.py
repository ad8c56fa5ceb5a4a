"""Where each text of a frame was drawn, in logical units: for tests that check that
texts never overlap one another or run under a row, at every window size."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game.i18n import say
from game.kit.client.layers import Snapshot

Rect = tuple[float, float, float, float]


@contextmanager
def recording(app) -> Iterator[list[tuple[str, Rect]]]:
    """Every (text, logical rectangle) drawn on the window while the block runs (kept
    parts are painted again, so their words are seen too)."""
    screen = app.screen
    seen: list[tuple[str, Rect]] = []
    draw_text = screen.text

    def record(text, *args, **kwargs):
        r = draw_text(text, *args, **kwargs)
        x, y = screen.to_logical(r.topleft)
        seen.append((say(text), (x, y, r.width / screen.scale, r.height / screen.scale)))
        return r

    screen.text = record
    Snapshot.paint_always = True
    try:
        yield seen
    finally:
        del screen.text
        Snapshot.paint_always = False


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
