"""The scoring reveal painted in parts (issue 37) is the whole truth: every frame of every
game's reveal, played through the real client, equals a whole repaint; the overlay's own
parts, composed frame after frame on their own, equal the overlay painted whole whatever
the board beneath does; and a part keyed without what moves it is caught.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import pygame
import pytest

from game.kit.client import damage, fx, theme
from game.kit.client.damage import Compositor, Part
from game.kit.client.screen import Screen
from game.ui import showcase
from game.ui.app import App
from game.ui.sceneparts import paint_all
from game.ui.scenes import scoring as scoring_module
from game.ui.scenes.scoring import ScoringScene
from tests.client.test_damage import DT, frame, key, where_they_differ

#: a game of each board view, and the event that opens its scoring overlay (Mexica's
#: views open it for a scoring, the others for any points)
REVEALS = {"mexica": "scoring", "mexica-2p-neutral": "scoring", "aztlan": "score",
           "tlatelolco-market": "score"}


def reveal(app: App, variant: str) -> ScoringScene:
    """The first scoring overlay of a playout game of ``variant``, just opened."""
    players = 2 if "2p" in variant else 3
    kind = REVEALS[variant]
    game, rest = showcase.playout(lambda _g, events: any(e.kind == kind for e in events),
                                  players=players, before=True, variant=variant)
    play = showcase.start_play(app, game)
    showcase.frames(app, 10)
    play.apply(rest[0])
    top = app.stack.top
    assert isinstance(top, ScoringScene), f"{variant}: no scoring overlay opened"
    return top


class Alone:
    """The overlay's parts composed on a canvas of their own, over a still ground, and
    the same frame painted whole on another: the overlay's keys judged apart from the
    scene beneath (which a board view that cannot say its keys paints whole)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.composed = Screen(pygame.Surface(size))
        self.whole = Screen(pygame.Surface(size))
        self.compositor = Compositor()
        self.rects: list[pygame.Rect] = []

    def check(self, scene: ScoringScene) -> None:
        def ground(screen: Screen) -> Part:
            return Part("ground", screen.surface.get_rect(), "still",
                        lambda: screen.surface.fill((40, 90, 60)))
        painted = self.compositor.compose(
            self.composed.surface, "overlay",
            [ground(self.composed), *scene.parts(self.composed)])
        self.rects += painted or []
        paint_all([ground(self.whole), *scene.parts(self.whole)])
        a = pygame.image.tobytes(self.composed.surface, "RGB")
        b = pygame.image.tobytes(self.whole.surface, "RGB")
        if a != b:
            raise AssertionError(
                f"the overlay in parts differs from it painted whole at "
                f"{where_they_differ(a, b, self.whole.surface.get_size())}")


def play_through(app: App, scene: ScoringScene, alone: Alone | None = None,
                 counts: list[bool] | None = None) -> int:
    """Every frame of the reveal, as the players see it (each step counting up, Enter
    pressed now and then, Esc to the totals, Enter to close), each checked against a
    whole repaint; the frames shown."""
    shown = 0
    for i in range(2000):
        if app.stack.top is not scene:
            return shown
        events = []
        if i % 97 == 50 and scene.index < len(scene.steps) - 1:
            events = [key(pygame.K_RETURN)]  # the next step at once
        elif i == 400:
            events = [key(pygame.K_ESCAPE)]  # to the totals
        elif scene.finished and scene.t > 6:
            events = [key(pygame.K_RETURN)]  # closed
        frame(app, events, counts)
        if alone is not None and app.stack.top is scene:
            alone.check(scene)
        shown += 1
    raise AssertionError("the reveal never closed")


@pytest.mark.parametrize("variant", sorted(REVEALS))
def test_every_frame_of_a_scoring_reveal_is_the_whole_repaint(make_app, variant):
    app = make_app(size=(960, 540))
    scene = reveal(app, variant)
    alone = Alone(pygame.display.get_surface().get_size())
    keyed = app.stack.scenes[0].view.keyed  # the board beneath says its keys
    counts: list[bool] = []
    shown = play_through(app, scene, alone, counts)
    assert app.failures == []
    assert shown > 60
    if keyed:  # then the reveal is painted in parts
        assert sum(counts) > 0.8 * len(counts), \
            f"{sum(counts)} of {len(counts)} frames of the reveal painted in parts"


def test_a_market_reveal_after_its_count_repaints_only_what_moves(make_app):
    """Once a step has counted up, a frame repaints none of the overlay's panel (what
    the board beneath repaints, its highlight's glow, is the board view's to say)."""
    app = make_app(size=(1920, 1080))
    scene = reveal(app, "tlatelolco-market")
    for _ in range(600):  # until a step has counted up and its bursts are over
        frame(app)
        if scene.step_t > scoring_module.COUNT_SECONDS and not scene.fx.active:
            break
    assert scene.step_t < scoring_module.STEP_SECONDS - 10 * DT
    for _ in range(5):
        counts: list[bool] = []
        frame(app, [], counts)
        assert counts == [True]
        panel = app.screen.rect(*scoring_module.PANEL)
        painted = [r.clip(panel) for r in app.painter.painted or []]
        area = sum(r.w * r.h for r in painted)
        assert area < 0.01 * panel.w * panel.h, f"a settled step repainted {painted}"


def test_an_overlay_part_keyed_without_what_moves_it_is_caught(make_app, monkeypatch):
    """The guard itself: a seat's total keyed without its number shows a stale number,
    and the check finds it."""
    app = make_app(size=(960, 540))
    scene = reveal(app, "mexica")
    real = ScoringScene._totals

    def blind(self: ScoringScene, *args: Any) -> list[Part]:
        return [Part(p.place, p.rect, "same" if p.place[0] == "score" else p.key, p.paint,
                     p.moving, p.later, p.opaque) for p in real(self, *args)]
    monkeypatch.setattr(ScoringScene, "_totals", blind)
    alone = Alone(pygame.display.get_surface().get_size())
    with pytest.raises(AssertionError, match="differs from (it painted whole|a whole repaint)"):
        play_through(app, scene, alone)


def test_a_change_hidden_under_an_opaque_part_damages_nothing(pygame_display):
    surface = pygame.Surface((100, 100))
    painted: list[str] = []

    def parts(under: int, number: int = 1) -> list[Part]:
        return [Part("ground", pygame.Rect(0, 0, 100, 100), 1,
                     lambda: painted.append("ground")),
                Part("card", pygame.Rect(40, 10, 30, 20), under,
                     lambda: painted.append("card")),
                Part("overlay", pygame.Rect(30, 0, 70, 100), 1,
                     lambda: painted.append("overlay"), opaque=pygame.Rect(35, 5, 60, 90)),
                Part("number", pygame.Rect(50, 50, 10, 10), number,
                     lambda: painted.append("number"))]

    comp = Compositor()
    comp.compose(surface, "g", parts(1))
    painted.clear()
    assert comp.compose(surface, "g", parts(2)) == []  # the card is under the overlay
    assert painted == []
    # a rectangle inside the overlay's opaque pixels is painted from the overlay on
    assert comp.compose(surface, "g", parts(2, 2)) == [pygame.Rect(50, 50, 10, 10)]
    assert painted == ["overlay", "number"]
    # a part gone from over the overlay leaves its place damaged
    assert comp.compose(surface, "g", parts(2, 2)[:3]) == [pygame.Rect(50, 50, 10, 10)]
    # a change of the card reaching out of the overlay damages what is not hidden
    painted.clear()
    moved = parts(2, 2)[:3]
    moved[1] = Part("card", pygame.Rect(20, 10, 30, 20), 3, lambda: painted.append("card"))
    assert comp.compose(surface, "g", moved) == [pygame.Rect(20, 10, 15, 20)]


def test_the_overlays_panel_hides_what_lies_under_it(make_app):
    """What the overlay's panel says it hides it paints with opaque pixels: over a black
    and over a white ground, the same."""
    app = make_app(size=(1280, 720))
    scene = reveal(app, "mexica")
    showcase.frames(app, 40)  # slid in
    panel = next(p for p in scene.parts(app.screen) if p.place == "panel")
    assert panel.opaque is not None
    seen = []
    for ground in ((0, 0, 0), (255, 255, 255)):
        app.screen.surface.fill(ground)
        panel.paint()
        seen.append(pygame.image.tobytes(app.screen.surface.subsurface(panel.opaque), "RGB"))
    assert seen[0] == seen[1]


def test_the_bounds_of_bursts_hold_every_pixel_they_paint(pygame_display):
    screen = Screen(pygame.Surface((960, 540)))
    effects = fx.Effects(seed=5)
    effects.burst((400.0, 300.0), theme.ACCENT, count=30, speed=300, ring=90)
    effects.burst((1500.0, 800.0), (40, 200, 90), delay=0.2)
    for _ in range(80):
        screen.surface.fill((0, 0, 0))
        effects.draw(screen)
        bounds = effects.bounds(screen)
        lit = pygame.mask.from_threshold(screen.surface, (0, 0, 0), (1, 1, 1, 255))
        lit.invert()
        if lit.count():
            assert bounds is not None
            outside = lit.copy()
            inside = pygame.mask.Mask(screen.surface.get_size())
            inside.draw(pygame.mask.Mask(bounds.size, fill=True), bounds.topleft)
            outside.erase(inside, (0, 0))
            assert outside.count() == 0, f"{outside.count()} pixels outside {bounds}"
        effects.update(DT)
    assert not effects.active and effects.bounds(screen) is None


def test_what_the_overlay_hides_is_not_painted_under_its_numbers(make_app):
    """The window's frame keeps where the overlay hides the play screen: a rectangle
    inside its panel (a total counting up, a "+N" popping) paints nothing beneath it,
    not the side panel the overlay covers."""
    app = make_app(size=(1280, 720))
    scene = reveal(app, "tlatelolco-market")
    showcase.frames(app, 30)  # slid in
    parts = app.painter._parts(app.stack.visible())
    assert parts is not None
    overlay = next(p for p in parts if p.place == (1, "panel"))
    assert overlay.opaque is not None
    total = next(p for p in parts if p.place == (1, ("total", 0)))
    painted: list[Any] = []
    told = [replace(p, paint=partial(painted.append, p.place)) for p in parts]
    damage._paint(app.screen.surface, told, total.rect.clip(overlay.opaque))
    assert painted[0] == (1, "panel") and (0, "panel") not in painted
    assert scene.app is app


# ---------------------------------------------------------------------------------------
# the title
# ---------------------------------------------------------------------------------------
def title_frames(app: App, frames: int, areas: list[float] | None = None) -> None:
    """The title's frames as a player sees them (the logo dropping in, the game behind
    the menu starting and playing, the focus moved now and then), each checked against a
    whole repaint; with ``areas``, the share of the window each frame repainted."""
    w, h = pygame.display.get_surface().get_size()
    for i in range(frames):
        events = [key(pygame.K_DOWN if i % 80 < 40 else pygame.K_UP)] if i % 20 == 7 else []
        counts: list[bool] = []
        frame(app, events, counts)
        if areas is not None:
            assert counts == [True], f"frame {i} of the title was painted whole"
            areas.append(sum(r.w * r.h for r in app.painter.painted or []) / (w * h))


def test_every_frame_of_the_title_is_the_whole_repaint(make_app):
    from game.ui.scenes.title import ATTRACT_DELAY, TitleScene

    app = make_app(size=(960, 540))
    app.stack.clear_to(TitleScene(attract_seed=3))
    title_frames(app, int(ATTRACT_DELAY * 60) + 200)
    assert app.stack.top.attract is not None and not app.stack.top.attract.broken
    assert app.failures == []


def test_the_title_repaints_what_moves_not_the_window(make_app):
    """Once the logo has dropped in and the game behind the menu has faded in, a frame
    of the title repaints its stars, letters, bands and the focus ring: a fraction of
    the window in most frames (the logo's bobbing letters are most of it), never the
    whole of it."""
    from game.ui.scenes.title import ATTRACT_DELAY, TitleScene

    app = make_app(size=(1920, 1080))
    app.stack.clear_to(TitleScene(attract_seed=3))
    showcase.frames(app, int(ATTRACT_DELAY * 60) + 90)
    areas: list[float] = []
    title_frames(app, 120, areas)
    areas.sort()
    assert areas[len(areas) // 2] < 0.25, f"the median frame repainted {areas[60]:.0%}"
    assert max(areas) < 0.6


def test_a_title_part_keyed_without_what_moves_it_is_caught(make_app, monkeypatch):
    """The guard itself: a logo letter keyed without where it stands leaves stale pixels
    as it bobs, and comparing with a whole repaint finds them."""
    from game.ui.scenes.title import TitleScene

    real = TitleScene._logo

    def blind(self: TitleScene, screen: Screen) -> list[Part]:
        return [replace(p, key="same") for p in real(self, screen)]
    monkeypatch.setattr(TitleScene, "_logo", blind)
    app = make_app(size=(960, 540))
    app.stack.clear_to(TitleScene(attract=False))
    with pytest.raises(AssertionError, match="differs from a whole repaint"):
        title_frames(app, 120)


def test_a_change_inside_an_overlay_is_not_joined_with_a_sliver_beside_it(pygame_display):
    """A step's title changing inside the overlay and a card's ring breathing beside its
    edge are painted apart, even when a frame has more changes than are painted apart
    (glints on the board): joined, their bounds would reach down the side panel's margin
    beside the overlay and paint the side panel for it."""
    surface = pygame.Surface((400, 400))
    painted: list[str] = []

    def parts(step: int) -> list[Part]:
        spread = (0, 350, 100, 300, 50, 250, 150, 200)  # far apart: joining them costs
        glints = [Part(("glint", i), pygame.Rect(35 * i, y, 4, 4), step,
                       lambda: painted.append("glint")) for i, y in enumerate(spread)]
        return [Part("ground", pygame.Rect(0, 0, 400, 400), 1,
                     lambda: painted.append("ground")), *glints,
                Part("ring", pygame.Rect(295, 0, 100, 18), 1, lambda: painted.append("ring"),
                     moving=pygame.Rect(295, 0, 100, 18)),
                Part("side panel", pygame.Rect(295, 20, 100, 100), 1,
                     lambda: painted.append("side panel")),
                Part("overlay", pygame.Rect(300, 5, 95, 390), 1,
                     lambda: painted.append("overlay"), opaque=pygame.Rect(300, 5, 95, 390)),
                Part("title", pygame.Rect(305, 8, 80, 20), step,
                     lambda: painted.append("title"))]

    comp = Compositor()
    comp.compose(surface, "g", parts(1))
    painted.clear()
    rects = comp.compose(surface, "g", parts(2))
    assert rects is not None and "title" in painted
    assert "side panel" not in painted, rects


class _Cuts:
    """A text recorder that keeps the lines cut to fit."""

    def __init__(self) -> None:
        self.cuts: list[str] = []

    def drawn(self, text: str, size: float, role: str) -> None:
        pass

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        self.cuts.append(text)

    def placed(self, *args: Any) -> None:
        pass


def test_a_long_step_title_is_read_whole(make_app, monkeypatch):
    """Issue 36: a step's title in a longer language ("Cuauhtemoc: 8 territories,
    5 matching" in the pseudo-language at 1280x720) was cut on its second line while the
    panel had room below: it takes three lines before anything is cut."""
    app = make_app(size=(1280, 720))
    scene = reveal(app, "aztlan")
    x, y, w, h = scoring_module.PANEL
    title = "Tlahuizcalpan: 8 territories, 5 matching their card, 3 by a lake"
    lines = scoring_module.fit_lines(app.screen, title, theme.FONT_BODY, w - 40, lines=3)
    assert len(lines) == 3 and not any("…" in line for line in lines)  # three lines' worth
    scene.steps[scene.index] = {**scene.steps[scene.index], "title": title}
    cuts = _Cuts()
    monkeypatch.setattr(Screen, "recorder", cuts)
    scene.draw(app.screen)
    assert not [c for c in cuts.cuts if c.startswith("Tlahuizcalpan")], cuts.cuts


def test_an_overlay_over_a_waiting_part_is_painted(pygame_display):
    """Played in the real window (which spreads an action's repaints), Mexica for two's
    last scoring slid in over the side panel while the panel, changed by the action,
    waited its turn: nothing was painted where the panel was, the overlay over it too,
    and the overlay's lower part stood where it had been a frame before, its title
    twice. A waiting part hidden under an opaque part holds back nothing there."""
    surface = pygame.Surface((200, 100))

    def parts(key: int) -> list[Part]:
        return [Part("board", pygame.Rect(0, 0, 60, 100), key,
                     lambda: surface.fill((key, 0, 0), surface.get_clip())),
                Part("panel", pygame.Rect(150, 0, 50, 100), key,
                     lambda: surface.fill((0, 0, key), surface.get_clip()), later=1),
                Part("overlay", pygame.Rect(140, 0, 60, 100), key,
                     lambda: surface.fill((10 * key, 200, 30), surface.get_clip()),
                     opaque=pygame.Rect(140, 0, 60, 100))]

    comp = Compositor()
    assert comp.compose(surface, "g", parts(1), spread=True) is None  # the first: whole
    # the board changes a third of the window (busy: the panel waits), the overlay too
    assert comp.compose(surface, "g", parts(2), spread=True) is not None
    assert surface.get_at((175, 50))[:3] == (20, 200, 30)  # the overlay, as it is now
    assert surface.get_at((20, 50))[:3] == (2, 0, 0)
    assert comp.owed == []  # nothing of the panel is seen while it waits
