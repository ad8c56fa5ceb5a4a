"""An action's repaints spread over the next frames (issue 18: the television's frames).

An action changes the board, the side panel, the tracks, a seat's facts and the log at
once. The running client (``App.run``) lets one kept part repaint a frame
(``Screen.repaints_left``); the others show their old pixels for a frame or a few (at
most ``MAX_LATE``), so no frame pays for all of them. What a player checks: every part
catches up within a few frames (a tenth of a second), the picture it settles on is the
one a full repaint gives, what says whose turn it is never waits, and a seat's secrets
never stay on screen for a frame after the screen stops showing them.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.api import new_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.i18n import say
from game.kit.client.layers import Snapshot  # noqa: E402
from game.kit.client.layout import panel_area  # noqa: E402
from game.kit.client.screen import MAX_LATE, Screen  # noqa: E402
from game.ui import playersbar, showcase, statusline, widgets  # noqa: E402
from game.ui.dialogs import Confirm  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from tests.client.test_peek import hold, placing, release  # noqa: E402
from variants.aztlan.view import draw as view_draw  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_display")


def colour_of(screen: Screen, rect: tuple[float, float, float, float]) -> tuple[int, ...]:
    return tuple(screen.surface.get_at(screen.rect(*rect).center))[:3]


def differing(a: bytes, b: bytes, width: int = 1920) -> tuple[int, ...] | None:
    """How many pixels of two RGB frames differ, and their bounds (x0, x1, y0, y1)."""
    if a == b:
        return None
    spots = [i // 3 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    if not spots:
        return None
    xs, ys = [p % width for p in spots], [p // width for p in spots]
    return len(spots), min(xs), max(xs), min(ys), max(ys)


def test_one_kept_part_repaints_a_frame_and_none_lags_more_than_max_late():
    screen = Screen(pygame.Surface((1920, 1080)))
    parts = [Snapshot() for _ in range(MAX_LATE + 2)]
    rects = [(100.0 + 200 * i, 100.0, 150.0, 100.0) for i in range(len(parts))]
    painted: list[int] = []

    def frame(colour: tuple[int, int, int]) -> None:
        screen.repaints_left = 1
        for i, (part, rect) in enumerate(zip(parts, rects, strict=True)):
            def paint(s: Screen, i: int = i, rect=rect) -> None:
                painted.append(i)
                s.box(*rect, colour)
            part.draw(screen, rect, colour, paint)

    screen.repaints_left = None
    frame((200, 40, 40))  # first paints: nothing old to show, every part paints
    assert painted == list(range(len(parts)))
    painted.clear()
    shown = []
    for _ in range(MAX_LATE + 1):  # one change of every part
        frame((40, 200, 40))
        shown.append([colour_of(screen, r) == (40, 200, 40) for r in rects])
    # the first frame repaints one part, the others keep their old pixels
    assert shown[0] == [True] + [False] * (len(parts) - 1)
    assert shown[1] == [True, True] + [False] * (len(parts) - 2)
    # none waits more than MAX_LATE frames: the last two catch up together
    assert all(shown[MAX_LATE])
    assert sorted(painted) == list(range(len(parts)))  # each repainted once


def test_an_urgent_part_repaints_at_once_and_without_a_budget_all_do():
    screen = Screen(pygame.Surface((800, 600)))
    turn, other = Snapshot(urgent=True), Snapshot()
    rect_a, rect_b = (10.0, 10.0, 100.0, 60.0), (200.0, 10.0, 100.0, 60.0)

    def frame(budget: int | None, colour: tuple[int, int, int]) -> None:
        screen.repaints_left = budget
        other.draw(screen, rect_b, colour, lambda s: s.box(*rect_b, colour))
        turn.draw(screen, rect_a, colour, lambda s: s.box(*rect_a, colour))

    frame(None, (10, 10, 10))
    frame(1, (90, 90, 90))  # the plain part took the frame's repaint: the urgent one too
    assert colour_of(screen, rect_a) == colour_of(screen, rect_b) == (90, 90, 90)
    frame(0, (170, 170, 170))  # none left: the urgent part still repaints
    assert colour_of(screen, rect_a) == (170, 170, 170)
    assert colour_of(screen, rect_b) == (90, 90, 90)
    frame(None, (250, 250, 250))  # tests and pictures: every part, every frame
    assert colour_of(screen, rect_a) == colour_of(screen, rect_b) == (250, 250, 250)


class SteadyClock:
    """A frame clock whose every frame is a sixtieth of a second, however long the
    machine took: what ``App.run`` paints then depends on the frames alone, never on the
    machine's load (with the wall clock, a busy machine's longer steps end animations
    sooner)."""

    def tick(self, _fps: int = 0) -> float:
        return 1000 / 60


def started(make_app, variant: str, players: int, seed: int, actions: int, frames: int):
    """A 1920x1080 App showing a game ``actions`` playout actions in, after ``frames``
    frames of ``App.run`` (which lets one kept part repaint a frame), on a steady clock."""
    app = make_app(size=(1920, 1080))
    app.clock = SteadyClock()
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        game.apply(game.playout_action(rng))
    play = showcase.start_play(app, game)
    app.run(max_frames=frames)
    return app, play


def test_the_running_client_settles_on_the_picture_a_full_repaint_gives(make_app):
    """A late Aztlán game at 1920x1080 in ``App.run`` (one repaint a frame): some
    actions later, the screen is exactly what drawing everything afresh gives."""
    app, play = started(make_app, "aztlan", 4, 7, 60, 2)
    assert app.repaints_per_frame == 1  # the running client spreads its repaints
    for _ in range(2):
        if play.privacy is not None:  # "Pass to": the next person is at the screen
            showcase.key(app, pygame.K_RETURN)
        legal = play.game.legal_actions()
        assert legal
        play.apply(legal[0])
        app.run(max_frames=20)  # the move's animation, then MAX_LATE frames at most
    assert play.privacy is None and app.stack.top is play
    app.draw()
    spread = pygame.image.tobytes(app.screen.surface, "RGB")
    app.repaints_per_frame = app.screen.repaints_left = None
    view = play.view  # every kept part forgets its pixels (nothing else of the view)
    canvas = view.canvas
    canvas.static_layer.key = canvas.pieces_layer.key = canvas.over_layer.key = None
    canvas.pieces_layer.shows = None
    for snap in [*canvas.snaps.values(), *canvas.seat_snaps.values(), play.log._painted]:
        snap.forget()
    statusline._KEPT.clear()
    playersbar._FACES.clear()
    app.draw_whole()  # (a frame in parts would paint nothing: no key changed)
    assert differing(pygame.image.tobytes(app.screen.surface, "RGB"), spread) is None


def panel_pixels(app, play) -> bytes:
    rect = app.screen.rect(*play.view.panel_area)
    return pygame.image.tobytes(app.screen.surface.subsurface(rect), "RGB")


def test_a_seats_secrets_leave_the_screen_in_the_frame_the_screen_stops_showing_them(
        ui, monkeypatch):
    """Holding P shows the deciding person's power card and prosperity card in the side
    panel. In the frame after the release, with no repaint left for parts that may wait,
    the panel is bare stone (never the old pixels); in the next, the public panel."""
    g, play = placing(ui)
    seat = g.current_player
    ui.app.repaints_per_frame = 0  # every part that may wait does
    hold(ui)
    ui.frames(MAX_LATE + 2)
    assert play.session.shown == seat and play.view.model.viewer == seat
    release(ui)
    assert play.session.shown is None and play.view.model.viewer is None
    first = panel_pixels(ui.app, play)
    ui.frames(1)
    second = panel_pixels(ui.app, play)
    ui.app.repaints_per_frame = ui.app.screen.repaints_left = None
    panel = play.view.canvas.snaps["panel"]
    panel.forget()
    ui.app.draw_whole()
    public = panel_pixels(ui.app, play)
    panel.forget()
    monkeypatch.setattr(view_draw, "paint_column", lambda *args: None)
    ui.app.draw_whole()
    bare = panel_pixels(ui.app, play)
    assert public != bare  # the panel has words to show
    assert first == bare and second == public


def footer_pixels(app) -> bytes:
    rect = app.screen.rect(0, widgets.FOOTER_Y + 4, 1920, widgets.FOOTER_H - 4)
    return pygame.image.tobytes(app.screen.surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("dialog", [False, True], ids=["pause", "confirm over pause"])
def test_a_menu_over_the_board_shows_its_own_keys_in_every_frame(ui, dialog):
    """The board under a menu draws its shortcut bar too, then the menu its own, in the
    same frame: with one repaint a frame the bar must not swap between them."""
    g, play = placing(ui)
    ui.app.stack.push(PauseScene(play))
    if dialog:
        ui.app.stack.push(Confirm("Quit to the title?", lambda: None))
    ui.frames(3)
    widgets._FOOTERS.clear()  # the top menu's keys, painted afresh
    ui.app.draw()
    fresh = footer_pixels(ui.app)
    ui.app.repaints_per_frame = 1
    shown = []
    for _ in range(2 * MAX_LATE + 2):
        ui.frames(1)
        shown.append(footer_pixels(ui.app) == fresh)
    assert all(shown), shown


def test_the_status_words_wait_their_turn_but_a_refusal_shows_at_once():
    """The status line's words change with every action ("action 41"): they take their
    turn in the frame's repaints and catch up within MAX_LATE frames; a refusal is what
    the player must see now, so it never waits."""
    screen = Screen(pygame.Surface((1920, 1080)))
    words: list[str] = []
    recorder = screen.text

    def text(value, *args, **kwargs):
        words.append(say(value))
        return recorder(value, *args, **kwargs)

    screen.text = text  # type: ignore[method-assign]

    def frame(budget: int | None, line: str, count: int, refused: bool = False) -> bool:
        """Whether the frame painted the words (rather than keeping the old pixels)."""
        words.clear()
        screen.repaints_left = budget
        statusline.draw_status(screen, line, [f"action {count}"], refused=refused)
        return bool(words)

    statusline._KEPT.clear()
    assert frame(None, "Ana to play", 40)
    assert not frame(1, "Ana to play", 40)  # the same words: the kept pixels
    lag = 0
    while not frame(0, "Ben to play", 41):  # nothing left this frame: the old words
        lag += 1
    assert lag == MAX_LATE and words == ["Ben to play", "action 41"]
    assert frame(0, "that space is taken", 41, refused=True)
    assert words == ["Not allowed: that space is taken", "action 41"]


def test_mexicas_kept_panel_always_shows_what_painting_it_afresh_shows(make_app):
    """Mexica's side panel keeps its contents between frames. After each thing that
    changes them (an action, another tool, another digit, the cursor over the board, a
    score rising over a row), the panel a player sees is the one painted afresh."""
    app, play = started(make_app, "mexica", 3, 5, 14, 2)
    view = play.view
    seat = play.game.current_player
    steps = [lambda: showcase.key(app, pygame.K_TAB), lambda: showcase.key(app, pygame.K_3),
             lambda: showcase.key(app, pygame.K_4),  # the mode line's words only
             lambda: showcase.key(app, pygame.K_RIGHT),  # the cursor: the panel holds
             lambda: play.apply("take"),  # the same seat's turn goes on: its counters only
             lambda: view.panel_pops.update({0: ("+5", 0.4)}),
             lambda: showcase.key(app, pygame.K_TAB),
             lambda: play.apply(play.game.legal_actions()[-1])]
    rect = app.screen.rect(*panel_area(3, view.seat_fact_lines))

    def pixels() -> bytes:
        return pygame.image.tobytes(app.screen.surface.subsurface(rect), "RGB")

    shown = set()
    for step in steps:
        step()
        app.run(max_frames=MAX_LATE + 2)
        app.draw()
        kept = pixels()
        shown.add(kept)
        view.panel_part.forget()
        app.draw()
        assert pixels() == kept
    assert play.game.current_player == seat
    assert len(shown) == len(steps) - 1  # every other step changed what the panel shows


def test_after_an_action_the_board_shows_its_new_pieces_at_once_and_highlights_soon(
        make_app, monkeypatch):
    """The frame of an action paints the pieces it moved; the highlights over them may
    wait for a later frame (at most ``MAX_LATE``), but the board never shows the old
    pieces, nor highlights painted for other pieces or another viewer."""
    app, play = started(make_app, "aztlan", 4, 7, 60, 3)
    view = play.view
    shown: list[tuple[str, object, object]] = []
    real = view_draw.draw_overlay

    def spy(v, screen, lay, m, shows):
        layer = real(v, screen, lay, m, shows)
        bare = layer is v.canvas.pieces_layer
        shown.append(("bare" if bare else "over", shows, None if bare else layer.key[0]))
        return layer

    monkeypatch.setattr(view_draw, "draw_overlay", spy)
    waited = 0
    for _ in range(6):
        if play.privacy is not None:
            showcase.key(app, pygame.K_RETURN)
        before = view.canvas.pieces_layer.shows
        play.apply(play.game.legal_actions()[0])
        shown.clear()
        app.run(max_frames=MAX_LATE + 2)
        for kind, shows, painted in shown:
            assert kind == "bare" or painted == shows  # never highlights of other pieces
        assert shown[-1][0] == "over"  # the highlights caught up
        waited += sum(kind == "bare" for kind, _, _ in shown)
        assert sum(kind == "bare" for kind, _, _ in shown) <= MAX_LATE
        assert before is not None
    assert waited  # some action's frame did leave the highlights to the next one


def test_a_secret_left_bare_owes_its_repaint_to_the_next_frame_before_parts_that_wait():
    """A part showing a seat's secrets is left bare for the frame its seat changes when
    the budget is spent; the next frame repaints it whatever its budget, so that frame's
    budget is already used: a part that can wait waits, and no frame repaints both."""
    screen = Screen(pygame.Surface((1920, 1080)))
    painted: list[str] = []
    secret, other = Snapshot(), Snapshot()
    rect = (100.0, 100.0, 200.0, 100.0)

    def paint(name: str):
        return lambda s: painted.append(name)

    screen.start_frame(None)  # both painted once
    secret.draw(screen, rect, "cards of seat 0", paint("secret"), secret=0)
    other.draw(screen, (400.0, 100.0, 200.0, 100.0), "log 1", paint("other"))
    painted.clear()
    screen.start_frame(1)
    screen.spend_repaint()  # the board's new pieces take this frame's repaint
    secret.draw(screen, rect, "cards of seat 1", paint("secret"), secret=1)
    assert painted == []  # bare: seat 0's cards are not shown to seat 1
    screen.start_frame(1)
    assert screen.repaints_left == 0  # owed to the bare part
    other.draw(screen, (400.0, 100.0, 200.0, 100.0), "log 2", paint("other"))
    secret.draw(screen, rect, "cards of seat 1", paint("secret"), secret=1)
    assert painted == ["secret"]
    screen.start_frame(1)
    other.draw(screen, (400.0, 100.0, 200.0, 100.0), "log 2", paint("other"))
    assert painted == ["secret", "other"]
