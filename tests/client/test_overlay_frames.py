"""The scoring reveal and the title do only the work their motion needs (issue 37): an
overlay coming in paints itself, not the screen under it again; what it hides is never
painted while it shows; the title's bobbing letters and moving lake repaint neither the
subtitle nor the shortcut bar. Each frame is also checked against a whole repaint.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.kit.client.damage import Compositor, Part
from game.ui import showcase
from game.ui.scenes.title import TitleScene
from game.ui.widgets import FOOTER_H, FOOTER_Y
from tests.client.test_damage import frame
from tests.client.test_damage_overlays import reveal
from variants.mexica.view import frame as mexica_frame


def test_the_first_frame_of_a_reveal_is_painted_in_parts(make_app):
    """The scene beneath is kept as it was: the frame paints what the action and the
    overlay changed, not the whole window."""
    app = make_app(size=(1920, 1080))
    reveal(app, "mexica")
    counts: list[bool] = []
    frame(app, [], counts)  # the overlay's first frame, equal to a whole repaint
    assert counts == [True], "the reveal's first frame was painted whole"


def test_a_reveal_never_paints_the_side_panel_it_hides(make_app, monkeypatch):
    """From the frame it opens to the frame it closes, the overlay covers Mexica's side
    panel: sliding in, counting up and stepping on paint none of it."""
    app = make_app(size=(1920, 1080))
    scene = reveal(app, "mexica")
    painted: list[int] = []
    real = mexica_frame.paint_panel

    def counted(*args: Any, **kwargs: Any) -> None:
        painted.append(1)
        real(*args, **kwargs)
    monkeypatch.setattr(mexica_frame, "paint_panel", counted)
    for _ in range(240):  # the slide, then each step counting up and stepping on
        app.step([], 1 / 60)
        app.present()
    assert app.stack.top is scene and scene.index > 0
    assert painted == [], f"the hidden side panel was painted {len(painted)} times"


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


def test_the_overlays_wall_hides_what_lies_under_it(make_app):
    """What the overlay's wall over the right column says it hides it paints with opaque
    pixels: over a black and over a white ground, the same."""
    app = make_app(size=(1280, 720))
    scene = reveal(app, "mexica")
    wall = next(p for p in scene.parts(app.screen) if p.place == "curtain")
    assert wall.opaque is not None
    seen = []
    for ground in ((0, 0, 0), (255, 255, 255)):
        app.screen.surface.fill(ground)
        wall.paint()
        seen.append(pygame.image.tobytes(app.screen.surface.subsurface(wall.opaque), "RGB"))
    assert seen[0] == seen[1]


def test_the_titles_motion_repaints_neither_its_subtitle_nor_its_shortcut_bar(make_app):
    """Over five seconds of the title (the letters dropping in and bobbing, the lake and
    the friezes moving, the game behind the menu coming in) no letter's repaint reaches
    the subtitle, and no frame repaints the shortcut bar below its gold edge."""
    app = make_app(size=(1920, 1080))
    scene = TitleScene(attract_seed=3)
    app.stack.clear_to(scene)
    showcase.frames(app, 2)
    bar = app.screen.rect(0, FOOTER_Y + 2, 1920, FOOTER_H - 2)
    for _ in range(300):
        app.step([], 1 / 60)
        assert [r for r in app.painter.painted or [bar] if r.colliderect(bar)] == []
        parts = {p.place: p.rect for p in scene.parts(app.screen)}
        letters = [r for place, r in parts.items() if place[0] == "letter"]
        assert parts["subtitle"].collidelist(letters) == -1
