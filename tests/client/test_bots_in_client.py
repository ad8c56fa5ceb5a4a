"""Computer players in the client: setup, pacing, speed-up and skip, thinking off the
render thread, saves that keep their computers, and the title's attract mode."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game.ai.base import Budget
from game.api import new_game
from game.ui.scenes.play import PlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import ATTRACT_DELAY, TitleScene
from game.ui.seats import BOT_PACE, ComputerSeat
from game.ui.sessions import make_session

from .conftest import DT, Driver, StubView, said_keys


def play_with(ui: Driver, kinds: list[str], variant: str = "mexica", seed: int = 3,
              players: int = 2) -> PlayScene:
    app = ui.app
    game = new_game(variant, players, seed=seed)
    session = make_session(app, game, [f"P{i + 1}" for i in range(players)])
    session.set_kinds(kinds)
    play = PlayScene(session)
    app.stack.push(play)
    return play


def computer_turn(play: PlayScene) -> bool:
    """The seat deciding now is played by the computer."""
    return isinstance(play.seats.deciding(), ComputerSeat)


def bots(play: PlayScene) -> dict:
    """The computer players by seat."""
    return {seat: driver.bot for seat, driver in play.seats.computers().items()}


def until(ui: Driver, condition, seconds: float = 30.0, dt: float = DT) -> int:
    """Step frames (of ``dt`` game time) until ``condition()``; the frames it took."""
    frames = 0
    deadline = time.perf_counter() + seconds
    while not condition():
        assert time.perf_counter() < deadline, "timed out waiting in the client"
        ui.app.step([], dt)
        frames += 1
    return frames


# ---------------------------------------------------------------------------------------
# setup
# ---------------------------------------------------------------------------------------
def test_setup_offers_human_or_a_computer_level_per_seat(stub_ui):
    ui = stub_ui
    setup = SetupScene()
    ui.app.stack.push(setup)
    ui.frames(2)
    assert setup.kinds == ["human", "human"]
    texts = ui.texts()
    assert "Human" in texts and not any("coming soon" in t for t in texts)
    # keyboard: the "Plays" rows come before Start, each after its seat's colour
    assert setup.current.key == "start"
    ui.key(pygame.K_UP)
    assert setup.current.key == "kind1"
    setup.focus_on("colour0")
    ui.key(pygame.K_DOWN)
    assert setup.current.key == "kind0"
    ui.key(pygame.K_RIGHT)
    assert setup.kinds[0] == "easy"
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RIGHT)
    assert setup.kinds[0] == "hard"
    ui.key(pygame.K_RIGHT)
    assert setup.kinds[0] == "human"  # and round again
    ui.key(pygame.K_LEFT)
    assert setup.kinds[0] == "hard"
    assert "Computer: Hard" in ui.texts()
    # the mouse: a click on seat 2's row changes it
    row = next(r for r in setup.rows if r.key == "kind1")
    x, y, w, h = row.rect
    ui.click(x + w - 20, y + h / 2)
    assert setup.kinds[1] == "easy"
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    play = ui.top
    assert isinstance(play, PlayScene)
    assert play.session.kinds == ["hard", "easy"]
    assert set(bots(play)) == {0, 1}
    assert play.session.meta()["seats"] == ["hard", "easy"]


# ---------------------------------------------------------------------------------------
# pace, speed-up, skip
# ---------------------------------------------------------------------------------------
def test_a_computer_plays_at_a_watchable_pace(stub_ui):
    play = play_with(stub_ui, ["easy", "easy"])
    ui = stub_ui
    until(ui, lambda: any(c.answer is not None for c in play.seats.computers().values())
          or len(play.game.log) > 0)
    frames = until(ui, lambda: len(play.game.log) >= 1)
    ui.frames(1)
    before = len(play.game.log)
    frames = until(ui, lambda: len(play.game.log) > before)
    assert frames * DT >= BOT_PACE - 2 * DT  # never faster than the pace


def test_enter_speeds_up_and_e_skips_to_the_next_human(stub_ui):
    ui = stub_ui
    play = play_with(ui, ["human", "easy"])
    ui.key(pygame.K_RETURN)  # the human starts (StubView: first legal action)
    assert computer_turn(play)
    ui.key(pygame.K_RETURN)  # during the computer's turn: faster
    assert play.seats.pace.fast
    until(ui, lambda: not computer_turn(play))
    # a whole computer turn, skipped: no pauses at all
    ui.key(pygame.K_RETURN)  # the human's start... then a few actions until its turn ends
    if play.confirming is not None:
        ui.key(pygame.K_RETURN)  # the stub view's first action ends with AP left: confirm
    until(ui, lambda: computer_turn(play) or play.game.is_over)
    ui.key(pygame.K_e)
    assert play.seats.pace.skipping
    frames = until(ui, lambda: not computer_turn(play))
    assert frames < 200
    assert not play.seats.pace.skipping  # back at a human decision
    assert play.game.current_player == 0


def test_the_board_takes_no_input_while_a_computer_decides(stub_ui):
    ui = stub_ui
    play = play_with(ui, ["easy", "human"])
    assert computer_turn(play)
    ui.key(pygame.K_u)
    assert "Wait for the computer" in play.refusal
    ui.key(pygame.K_1)  # the stub view would apply the first action
    assert play.game.log == [] or play.session.history[-1][0] == 0
    assert ("E", "Skip to the next human") in said_keys(play.shortcuts)


def test_the_thinking_indicator_shows(stub_ui):
    ui = stub_ui
    play = play_with(ui, ["hard", "human"])
    bots(play)[0].budget.iterations, bots(play)[0].budget.seconds = 100_000, 30.0
    ui.frames(1)
    assert play.seats.worker.busy
    texts = ui.texts()
    assert any("is thinking" in t and "Hard" in t for t in texts)
    play.seats.worker.cancel()


def test_no_privacy_screen_for_a_computer(stub_ui, monkeypatch):
    """In a game with secrets the screen is never passed to a computer, nor to the only
    person of the game (there is nobody to hide their secrets from)."""
    from variants.mexica.rules import MexicaRules

    monkeypatch.setattr(MexicaRules, "has_secrets", True, raising=False)
    ui = stub_ui
    play = play_with(ui, ["easy", "human"])
    assert play.secrets and computer_turn(play)
    assert play.privacy is None
    until(ui, lambda: play.game.current_player == 1)
    assert play.privacy is None and play.session.shown == 1  # the one person's secrets


# ---------------------------------------------------------------------------------------
# off the render thread
# ---------------------------------------------------------------------------------------
class PausingBudget(Budget):
    """Iterations like the client's Hard, but the search stops half-way and waits for the
    test: the test then draws frames while the search is provably in the middle of its
    work, with no clock involved."""

    def __init__(self, iterations: int, pause_at: int) -> None:
        super().__init__(iterations=iterations)
        self.pause_at = pause_at
        self.paused = threading.Event()
        self.resume = threading.Event()

    def more(self) -> bool:
        if self.done == self.pause_at and not self.resume.is_set():
            self.paused.set()
            self.resume.wait(60)  # released by the test; the timeout only guards a hang
        return super().more()


def test_frames_keep_flowing_while_hard_thinks(ui):
    """The real Mexica view and Hard's real search in the worker thread: while the search
    is half-way through its iterations, the window goes on drawing frames and shows the
    computer thinking; once it finishes, its move is played."""
    play = play_with(ui, ["hard", "human"], seed=7)
    bot = bots(play)[0]
    budget = PausingBudget(iterations=120, pause_at=60)
    bot.budget = budget
    until(ui, budget.paused.is_set)
    drawn = 0
    for _ in range(30):
        ui.app.step([], DT)
        drawn += 1
        assert play.seats.worker.busy and budget.done == 60  # still mid-search
    assert drawn == 30
    assert any("is thinking" in text for text in ui.texts())
    assert play.game.log == []
    budget.resume.set()
    until(ui, lambda: len(play.game.log) >= 1)
    assert bot.stats["iterations"] == 120
    assert play.session.history[-1][0] == 0


def test_the_thinking_spinner_repaints_the_status_only_when_it_steps(ui, monkeypatch):
    """While Hard thinks, the status line's spinner turns ten steps a second and its dots
    grow three a second: the line's stone is painted again when one of them steps, not
    every frame (a 1920-wide band at 1080p, sixty times a second, while the search wants
    the interpreter)."""
    from game.ui import playframe

    play = play_with(ui, ["hard", "human"], seed=7)
    budget = PausingBudget(iterations=120, pause_at=60)
    bots(play)[0].budget = budget
    until(ui, budget.paused.is_set)
    ui.frames(30)  # the screen's entrance is over
    painted: list[float] = []
    real = playframe.paint_status_frame

    def counting(scene, *args, **kwargs):  # type: ignore[no-untyped-def]
        painted.append(scene.t)
        return real(scene, *args, **kwargs)
    monkeypatch.setattr(playframe, "paint_status_frame", counting)
    for _ in range(60):  # a second
        ui.app.step([], DT)
        assert ui.app.present() is not None  # painted in parts
    assert play.seats.worker.busy and budget.done == 60  # still thinking, mid-search
    assert 8 <= len(painted) <= 12, f"the status's stone was painted {len(painted)} times"
    budget.resume.set()
    until(ui, lambda: len(play.game.log) >= 1)


def test_the_worker_gets_a_copy_of_the_view_not_the_state(stub_ui, monkeypatch):
    ui = stub_ui
    play = play_with(ui, ["normal", "human"])
    seen = []
    original = play.seats.worker.request

    def spy(bot, rules, view, legal, key=None):
        seen.append((view, legal, play.game.view(0), play.game.to_dict()["state"]))
        return original(bot, rules, view, legal, key)

    monkeypatch.setattr(play.seats.worker, "request", spy)
    until(ui, lambda: len(play.game.log) >= 1)
    view, legal, expected, state = seen[0]
    assert view == expected and view["seat"] == 0  # exactly what the seat may see...
    assert "rng" not in view and view != state  # ...and not the state
    assert view["hidden"] == {"hidden": len(state["hidden"])}  # face-down tokens hidden
    assert legal == new_game("mexica", 2, seed=3).legal_actions()


# ---------------------------------------------------------------------------------------
# saves keep their computers
# ---------------------------------------------------------------------------------------
def test_a_loaded_game_keeps_its_computers(make_app):
    app = make_app()
    ui = Driver(app)
    for engine in list(app.registry.rules):
        app.views[engine] = StubView
    play = play_with(ui, ["human", "normal"])
    ui.key(pygame.K_RETURN)  # the human acts: autosave with the meta
    assert app.saves.has_autosave()
    _game, meta = app.saves.read(app.saves.path("autosave"))
    assert meta["seats"] == ["human", "normal"]
    play.seats.worker.cancel()
    pygame.display.quit()
    again = make_app()
    for engine in list(again.registry.rules):
        again.views[engine] = StubView
    ui2 = Driver(again)
    title = ui2.top
    assert isinstance(title, TitleScene)
    title.continue_game()
    resumed = ui2.top
    assert isinstance(resumed, PlayScene)
    assert resumed.session.kinds == ["human", "normal"]
    assert set(bots(resumed)) == {1}


# ---------------------------------------------------------------------------------------
# the title's attract mode
# ---------------------------------------------------------------------------------------
def test_attract_mode_plays_behind_the_title(make_app):
    app = make_app(first_scene=TitleScene(attract_seed=2))
    ui = Driver(app)
    title = ui.top
    ui.frames(int(ATTRACT_DELAY / DT) - 5)
    assert title.attract is None  # a quiet title first
    ui.frames(int(4 / DT))
    attract = title.attract
    assert attract is not None and not attract.broken
    assert attract.session is not None and len(attract.session.game.log) >= 3
    assert all(k == "easy" for k in attract.session.kinds)
    assert "New game" in ui.texts()  # the menu stays on top
    before = pygame.image.tobytes(app.screen.surface, "RGB")
    app.draw()
    assert pygame.image.tobytes(app.screen.surface, "RGB") == before  # drawing is pure


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_attract_mode_survives_any_variant(make_app, seed):
    app = make_app(first_scene=TitleScene(attract_seed=seed))
    ui = Driver(app)
    ui.frames(int((ATTRACT_DELAY + 2) / DT))
    assert ui.top.attract is not None and not ui.top.attract.broken
