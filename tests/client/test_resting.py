"""A still screen costs nothing (issue 37): once nothing moves and nobody touches
anything, the real loop (``App.run``) sleeps until an input or a timer instead of drawing
60 frames a second, and an input wakes it for the very next frame.

No wall clock and no race: a key is posted at the moment the loop goes to sleep (as if
pressed while it slept), and the tests count the frames the App drew and the sleeps it
took, and look at what the frame after the wake shows.
"""

from __future__ import annotations

import pygame
import yaml

from game.api import new_game
from game.core.settings import user_settings_path
from game.ui import showcase
from game.ui.scenes.play import PlayScene
from game.ui.sessions import make_session
from game.ui.shell import SETTLE

DT = 1 / 60
#: more frames than any screen needs to settle (SETTLE seconds of them, and its motion)
SETTLE_FRAMES = int(SETTLE * 60) + 600


def settle(app) -> int:
    """Frames until the app would sleep (nothing due); how many that took."""
    for n in range(SETTLE_FRAMES):
        if app.wakes_in() is None:
            return n
        app.step([], DT)
    raise AssertionError(f"the screen never settled ({type(app.stack.top).__name__})")


def later(monkeypatch, key: int) -> None:
    """A key press that comes while the loop sleeps: posted when the loop starts to wait
    for an input (a timer could fire before the loop slept, on a loaded machine)."""
    pygame.event.clear()
    wait = pygame.event.wait

    def press_then_wait(*args: object) -> pygame.event.Event:
        monkeypatch.setattr(pygame.event, "wait", wait)  # once
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        return wait(*args)
    monkeypatch.setattr(pygame.event, "wait", press_then_wait)


def test_a_still_board_draws_nothing_until_a_key_and_the_key_wakes_it(app, monkeypatch):
    play = showcase.start_play(app, new_game("mexica", 2, seed=3))
    settle(app)
    view = play.view
    cursor = view.cursor
    drawn, slept = app.frames_drawn, app.sleeps
    later(monkeypatch, pygame.K_RIGHT)
    app.run(max_frames=2)
    # the first frame at once, then one sleep, ended by the key: nothing drawn meanwhile
    assert app.frames_drawn - drawn == 2
    assert app.sleeps - slept == 1
    # the frame after the sleep is the key's: the cursor has moved on the board
    assert view.cursor != cursor
    # and the board moves again (its pulsing cursor) until it settles once more
    assert app.wakes_in() == 0.0


def test_a_board_keeps_drawing_while_its_pieces_move(app):
    play = showcase.start_play(app, new_game("mexica", 2, seed=3))
    settle(app)
    play.apply(play.session.legal()[0])  # a leader placed: it drops onto its cell
    app.step([], DT)
    app.quiet = SETTLE  # as if the key had come long ago: only the pieces' motion counts
    assert play.view.moving
    assert app.wakes_in() == 0.0


def test_a_computer_deciding_keeps_the_loop_drawing(app):
    game = new_game("mexica", 2, seed=3)
    session = make_session(app, game, ["Ana", "Cy"])
    session.set_kinds(["easy", "human"])
    app.stack.clear_to(PlayScene(session))
    app.quiet = SETTLE  # nobody at the controls: only the computer's clock counts
    for _ in range(SETTLE_FRAMES):
        if game.current_player != 0:
            break
        assert app.wakes_in() == 0.0
        app.step([], DT)
        app.quiet = SETTLE
    assert len(game.log) >= 1, "the computer played while the loop kept drawing"


def test_a_toast_going_is_a_timer_the_sleep_wakes_for(app):
    showcase.start_play(app, new_game("mexica", 2, seed=3))
    settle(app)
    app.toast("Autosaved somewhere", 0.3)
    app.step([], DT)  # shown
    wait = app.wakes_in()
    assert wait is not None and 0 < wait <= 0.3
    pygame.event.clear()
    slept = app.sleeps
    app.run(max_frames=2)  # a frame, a sleep to the toast's end (no input), a frame
    assert app.sleeps - slept == 1
    assert app.toasts == []
    assert app.wakes_in() is None  # and back to rest


def test_the_title_moves_on_under_full_ambient_motion_and_rests_under_still(app, monkeypatch):
    showcase.title(app)
    for _ in range(int(SETTLE * 60) + 60):
        app.step([], DT)
    assert app.wakes_in() == 0.0  # full (the default): the water and the game behind go on
    # Settings: Ambient motion, one step right: calm, another: still
    app.stack.push("settings")
    settings = app.stack.top
    row = next(i for i, item in enumerate(settings.menu.items)
               if str(item.label) == "Ambient motion")
    settings.menu.focus = row
    showcase.key(app, pygame.K_RIGHT)
    assert app.settings["ambient_motion"] == "calm"
    showcase.key(app, pygame.K_RIGHT)
    assert app.settings["ambient_motion"] == "still"
    saved = yaml.safe_load(user_settings_path().read_text())
    assert saved["ambient_motion"] == "still"
    showcase.key(app, pygame.K_ESCAPE)  # back to the title
    assert app.stack.top.__class__.__name__ == "TitleScene"
    settle(app)  # at rest: the loop sleeps on the title now
    drawn, slept = app.frames_drawn, app.sleeps
    later(monkeypatch, pygame.K_DOWN)
    app.run(max_frames=2)
    assert (app.frames_drawn - drawn, app.sleeps - slept) == (2, 1)


def test_calm_ambient_motion_draws_the_title_a_few_times_a_second(app):
    app.settings["ambient_motion"] = "calm"
    showcase.title(app)
    for _ in range(int(SETTLE * 60) + 60):
        app.step([], DT)
    wait = app.wakes_in()
    assert wait is not None and 1 / 30 < wait < 1 / 5
