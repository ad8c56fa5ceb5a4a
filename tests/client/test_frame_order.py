"""The window's loop shows a frame before it starts other threads' work on it: the
phones' messages of an action are handed to the hub's worker after the flip, so the
worker cannot take the interpreter while the flip lets go of it and hold the frame back
from the screen (``App.draw_frame``, ``App.after_frame``)."""

from __future__ import annotations

import pygame


def test_the_loop_flips_each_frame_before_its_after_frame_work(app, monkeypatch):
    order: list[str] = []
    flip = pygame.display.flip
    after = app.remote.after_draw

    def flipped() -> None:
        order.append("flip")
        flip()

    update = pygame.display.update

    def updated(*rects: object) -> None:  # a frame painted in parts (the title's)
        order.append("flip")
        update(*rects)

    monkeypatch.setattr(pygame.display, "flip", flipped)
    monkeypatch.setattr(pygame.display, "update", updated)
    monkeypatch.setattr(app.remote, "after_draw", lambda: (order.append("after"), after()))
    app.run(max_frames=3)
    assert order == ["flip", "after"] * 3


def test_a_step_still_does_the_after_frame_work(app, monkeypatch):
    """Tests and tools drive frames with ``step``: it draws and then hands work on."""
    order: list[str] = []
    after = app.remote.after_draw
    monkeypatch.setattr(app.remote, "after_draw", lambda: (order.append("after"), after()))
    app.step([], 1 / 60)
    assert order == ["after"]
