"""What the table saw in German and with long names, measured from the drawn texts' and
boxes' rectangles: Mexica's box of the calpulli tokens to come holds its words in every
language, the turn banner never covers part of a seat card, and a status line that needs
two lines covers neither the board's words nor the log's, at 1920x1080, 1280x800 and
1280x720."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.api import new_game
from game.i18n import say
from game.kit.client import theme
from game.kit.client.layers import Snapshot
from game.kit.client.screen import Screen
from game.ui import showcase
from tests.client.conftest import Driver
from tests.client.test_language import spoken

SIZES = [(1920, 1080), (1280, 800), (1280, 720)]
LONG_NAMES = ("Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl")


@contextmanager
def drawn_boxes(monkeypatch) -> Iterator[tuple[list[tuple[str, pygame.Rect]],
                                              list[pygame.Rect]]]:
    """Every text (the ink of its letters) and every box any screen draws while the
    block runs (a kept layer's screen too), in that screen's pixels: what each covers."""
    texts: list[tuple[str, pygame.Rect]] = []
    boxes: list[pygame.Rect] = []
    draw_text, draw_box = Screen.text, Screen.box

    def text(self, words, x, y, size=theme.FONT_BODY, colour=theme.TEXT, *args, **kwargs):
        r = draw_text(self, words, x, y, size, colour, *args, **kwargs)
        ink = self.render(words, size, colour).get_bounding_rect(min_alpha=128)
        texts.append((say(words), ink.move(r.topleft)))
        return r

    def box(self, *args, **kwargs):
        r = draw_box(self, *args, **kwargs)
        boxes.append(r.copy())
        return r

    monkeypatch.setattr(Screen, "text", text)
    monkeypatch.setattr(Screen, "box", box)
    Snapshot.paint_always = True  # kept parts' words are drawn again, to be seen
    try:
        yield texts, boxes
    finally:
        Snapshot.paint_always = False


# ---------------------------------------------------------------------------------------
# Mexica's "+7 later"
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de", "qps"])
def test_mexicas_tokens_to_come_fit_their_box_in_every_language(make_app, monkeypatch, size,
                                                                lang):
    """The box of the face-down period-2 tokens says how many come later ("+7 später"):
    its words stand whole inside it, with room at both ends, for four long-named seats
    (the narrowest panel)."""
    app = make_app(size=size, fullscreen=False)
    ui = Driver(app)
    with spoken(lang):
        play = showcase.start_play(app, new_game("mexica", 4, seed=1))
        play.session.names[:] = list(LONG_NAMES)
        ui.frames(2)
        from variants.mexica.text import _

        words = say(_("+{n} later", n=len(play.game.state.hidden)))
        with drawn_boxes(monkeypatch) as (texts, boxes):
            app.draw()
    drawn = [r for t, r in texts if t == words]
    assert len(drawn) == 1, sorted(t for t, _r in texts if "7" in t)
    text = drawn[0]
    holders = [b for b in boxes if b.contains(text.clip(b)) and b.collidepoint(text.center)
               and b.w < app.screen.surface.get_width() / 3]
    assert holders, "the words are drawn in a box of their own"
    box = min(holders, key=lambda b: b.w * b.h)
    assert box.contains(text) and text.x - box.x >= 2 and box.right - text.right >= 2, \
        (words, text, box)
