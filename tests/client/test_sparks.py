"""Sparks are drawn with the screen's scaling written out (hundreds a frame): the pixels
are the ones ``Screen.circle`` gives for each spark, at any window size."""

from __future__ import annotations

import pygame
import pytest

from game.kit.client import fx
from game.kit.client.screen import Screen


def reference(screen: Screen, effects: fx.Effects, where) -> None:
    """The sparks one ``Screen.circle`` at a time, as drawn before."""
    for s in effects.sparks:
        at = where(s.anchor) if s.t >= s.delay else None
        if at is not None:
            e = (s.t - s.delay) / s.life
            k = max(0.0, 1 - max(0.0, e - 0.5) * 1.6)
            screen.circle(at[0] + s.x, at[1] + s.y, max(1.0, s.size * (1 - e * 0.7)),
                          tuple(round(c * k) for c in s.colour))


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (1000, 700)])
def test_the_sparks_are_the_pixels_screen_circle_draws(pygame_display, size):
    effects = fx.Effects(seed=7)
    places = {"a": (400.0, 300.0), "b": (1500.0, 800.0)}
    effects.burst("a", (200, 60, 40), count=40, delay=0.1)
    effects.burst("b", (40, 160, 220), count=30)
    effects.burst("nowhere", (255, 255, 255), count=10)
    where = places.get
    for _ in range(50):  # through the fade, past the delay, some sparks gone
        effects.update(1 / 60)
        fast, slow = (Screen(pygame.Surface(size)) for _ in range(2))
        effects._draw_sparks(fast, where)  # noqa: SLF001
        reference(slow, effects, where)
        assert pygame.image.tobytes(fast.surface, "RGB") == \
            pygame.image.tobytes(slow.surface, "RGB")
    assert effects.sparks  # sparks were still flying at the end


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (1000, 700)])
@pytest.mark.parametrize("width", [2.0, 3.5, 7.0])
def test_joined_lines_are_the_pixels_of_a_line_and_two_dots_per_segment(pygame_display, size,
                                                                        width):
    """Territory borders (a closed ring and loose edges of a group) drawn by
    ``Screen.joined`` are the pixels ``Screen.line`` and ``Screen.circle`` give, drawn
    segment by segment as the borders were drawn before."""
    ring = [(300.0 + 90 * i % 7, 200.0 + 55 * (i * i % 5)) for i in range(9)]
    loose = [((1200.5, 640.25), (1333.0, 701.5)), ((1333.0, 701.5), (1290.0, 812.75)),
             ((100.0, 900.0), (180.4, 905.6))]
    for segments in ([(ring[i - 1], ring[i]) for i in range(len(ring))], loose):
        fast, slow = (Screen(pygame.Surface(size)) for _ in range(2))
        fast.joined(segments, (200, 180, 40), width)
        for a, b in segments:
            slow.line(a, b, (200, 180, 40), width)
            slow.circle(a[0], a[1], width / 2, (200, 180, 40))
            slow.circle(b[0], b[1], width / 2, (200, 180, 40))
        assert pygame.image.tobytes(fast.surface, "RGB") == \
            pygame.image.tobytes(slow.surface, "RGB")
        assert pygame.image.tobytes(fast.surface, "RGB").count(b"\xc8\xb4\x28") > 100
