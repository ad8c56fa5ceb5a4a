"""The scoring reveal and the title do only the work their motion needs (issue 37): an
overlay coming in paints itself, not the screen under it again; what it hides is never
painted while it shows; the title's bobbing letters and moving lake repaint neither the
subtitle nor the shortcut bar. Each frame is also checked against a whole repaint.
"""

from __future__ import annotations

import pygame

from game.kit.client.damage import Compositor, Part
from tests.client.test_damage import frame
from tests.client.test_damage_overlays import reveal


def test_the_first_frame_of_a_reveal_is_painted_in_parts(make_app):
    """The scene beneath is kept as it was: the frame paints what the action and the
    overlay changed, not the whole window."""
    app = make_app(size=(1920, 1080))
    reveal(app, "mexica")
    counts: list[bool] = []
    frame(app, [], counts)  # the overlay's first frame, equal to a whole repaint
    assert counts == [True], "the reveal's first frame was painted whole"


def test_an_opaque_part_coming_over_a_gone_one_leaves_what_it_hides_unpainted(
        pygame_display):
    """A part gone where a new opaque part now lies (the play screen's banner where the
    overlay comes in) damages only what the new part leaves uncovered; the frame still
    equals a whole repaint."""
    surface = pygame.Surface((100, 100))
    cover = pygame.Rect(0, 0, 100, 50)
    clips: list[pygame.Rect] = []

    def ground() -> None:
        clips.append(surface.get_clip())
        surface.fill((20, 60, 20))
    parts = [Part("ground", surface.get_rect(), 1, ground),
             Part("banner", pygame.Rect(10, 40, 80, 20), 1,
                  lambda: surface.fill((200, 0, 0), (10, 40, 80, 20)))]
    comp = Compositor()
    comp.compose(surface, "g", parts)
    clips.clear()
    now = [parts[0], Part("cover", cover, 1, lambda: surface.fill((0, 0, 200), cover),
                          opaque=cover)]
    comp.compose(surface, "g", now)
    assert clips == [pygame.Rect(10, 50, 80, 10)], "the ground was painted under the cover"
    whole = pygame.Surface((100, 100))
    whole.fill((20, 60, 20))
    whole.fill((0, 0, 200), cover)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_part_gone_from_over_a_kept_opaque_part_is_painted_over(pygame_display):
    """The other way round: an opaque part that stays as it was is painted again where a
    part gone from over it lay."""
    surface = pygame.Surface((100, 100))
    cover = pygame.Rect(0, 0, 100, 50)
    parts = [Part("cover", cover, 1, lambda: surface.fill((0, 0, 200), cover), opaque=cover),
             Part("badge", pygame.Rect(10, 10, 20, 20), 1,
                  lambda: surface.fill((200, 0, 0), (10, 10, 20, 20)))]
    comp = Compositor()
    comp.compose(surface, "g", parts)
    comp.compose(surface, "g", parts[:1])
    assert surface.get_at((15, 15))[:3] == (0, 0, 200)
