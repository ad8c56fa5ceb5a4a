"""Seat drivers (game/ui/seats.py): each seat of a game is driven by one object, the play
screen asks the deciding seat's driver for the next action and never knows which kind
it is, and a new kind of seat (a device elsewhere) plugs in without touching a scene."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.ai.base import Budget
from game.api import new_game
from game.core.engine import GameType
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.seats import (
    ComputerSeat,
    LocalSeat,
    Reply,
    SeatDriver,
    Seats,
    SeatStatus,
    Turn,
)
from game.ui.sessions import make_session

from .conftest import Driver, said_keys

A = pygame.CONTROLLER_BUTTON_A


def start(ui: Driver, kinds: list[str] | None = None, secrets: bool = False,
          monkeypatch: pytest.MonkeyPatch | None = None, seed: int = 11) -> PlayScene:
    game = new_game("mexica", 2, seed=seed)
    if secrets:
        assert monkeypatch is not None
        monkeypatch.setattr(game.rules, "game_type",
                            GameType("imperfect", "seeded", private=True))
    session = make_session(ui.app, game, ["Ana", "Ben"])
    session.set_kinds(kinds)
    play = PlayScene(session)
    ui.app.stack.push(play)
    return play


class Phone(SeatDriver):
    """A seat played on a device elsewhere, as issue 18's will be: its actions arrive in
    an inbox; it tells the screen what it is doing; it keeps what it was told."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.inbox: list[str] = []
        self.inputs: list[str] = []
        self.changes = 0
        self.closed = False

    @property
    def label(self) -> str:
        return "Phone"

    def poll(self, turn: Turn) -> str | None:
        return self.inbox.pop(0) if self.inbox else None

    def handle(self, intent, on_board: bool) -> Reply:
        self.inputs.append(intent.kind)
        if intent.kind == "undo":
            return Reply(refusal="Ben plays on his phone")
        return Reply()

    def status(self) -> SeatStatus:
        return SeatStatus("Ben decides on his phone", True, "Esc: menu")

    def shortcuts(self) -> tuple[tuple[str, str], ...]:
        return ()

    def on_changed(self, game) -> None:
        self.changes += 1

    def close(self) -> None:
        self.closed = True


# ---------------------------------------------------------------------------------------
# what drives each seat
# ---------------------------------------------------------------------------------------
def test_each_saved_kind_has_its_driver(stub_ui):
    game = new_game("mexica", 4, seed=3)
    session = make_session(stub_ui.app, game, ["Ana", "Ben", "Cy", "Dee"])
    session.set_kinds(["human", "easy", "normal", "hard"])
    seats = Seats(session)
    assert [type(d) for d in seats.drivers] == [LocalSeat, ComputerSeat, ComputerSeat,
                                                 ComputerSeat]
    assert [d.wants_local_input for d in seats.drivers] == [True, False, False, False]
    assert seats.labels() == ["", "CPU Easy", "CPU Normal", "CPU Hard"]
    assert [c.bot.level for c in seats.computers().values()] == ["easy", "normal", "hard"]
    # the computers share one worker thread and one pace
    assert {id(c.worker) for c in seats.computers().values()} == {id(seats.worker)}
    assert session.kinds == ["human", "easy", "normal", "hard"]  # the saved form
    seats.close()


def test_a_seat_played_elsewhere_needs_no_change_to_the_screen(stub_ui, monkeypatch):
    """A driver of a new kind takes a seat: the screen asks it for the seat's actions,
    passes the screen only to people here, gives it the keys while it decides, shows its
    tag, status and keys, tells it of every change and closes it at the end."""
    ui = stub_ui
    play = start(ui, secrets=True, monkeypatch=monkeypatch)
    phone = Phone(1)
    play.seats.assign(1, phone)
    assert play.privacy == 0  # Ana is here: the screen is passed to her
    ui.key(pygame.K_RETURN)
    ui.key(pygame.K_RETURN)  # Ana's move (the stub view: the first legal action)
    assert play.game.current_player == 1 and len(play.game.log) == 1
    assert play.privacy is None  # Ben decides on his phone: no "Pass to" screen
    assert play.banner.text == "Ben's turn"
    assert phone.changes == 1
    # the board takes no input while Ben decides; his driver hears of it
    ui.key(pygame.K_RETURN)
    ui.key(pygame.K_u)
    assert len(play.game.log) == 1
    assert phone.inputs == ["confirm", "undo"] and play.refusal == "Ben plays on his phone"
    play.refusal = ""
    texts = ui.texts()
    assert "Phone" in texts and any(t.startswith("Ben decides on his phone") for t in texts)
    assert said_keys(play.shortcuts) == (("P / LT", "Hold: peek"), ("Esc", "Menu"), ("F1", "Rules"))
    # his action arrives: played at once, and the screen goes back to Ana
    phone.inbox.append(play.session.legal()[0])
    ui.frames(1)
    assert len(play.game.log) == 2 and play.session.history[-1][0] == 1
    assert phone.changes == 2 and play.privacy == 0
    assert play.session.kinds == ["human", "human"]  # what a save keeps is unchanged
    ui.app.stack.clear_to("title")
    assert phone.closed


def test_a_seat_taken_back_here_while_it_decides_is_passed_the_screen(stub_ui,
                                                                        monkeypatch):
    ui = stub_ui
    play = start(ui, secrets=True, monkeypatch=monkeypatch)
    play.assign_seat(1, Phone(1))
    ui.key(pygame.K_RETURN)  # the screen is Ana's
    ui.key(pygame.K_RETURN)  # her move: Ben decides on his phone
    assert play.game.current_player == 1 and play.privacy is None
    play.assign_seat(1, LocalSeat(1))  # the phone is gone: Ben plays here
    assert play.privacy == 1


def test_a_refused_action_from_a_driver_is_shown_and_changes_nothing(stub_ui):
    ui = stub_ui
    play = start(ui)
    phone = Phone(0)
    play.seats.assign(0, phone)
    phone.inbox.append("teleport z99")
    ui.frames(1)
    assert play.game.log == [] and play.refusal
    assert play.view.refusals[0][0] == "teleport z99"


# ---------------------------------------------------------------------------------------
# computers: cancelled when the position changes under them
# ---------------------------------------------------------------------------------------
class PausingBudget(Budget):
    """Stops the search half-way until the test lets it go (no clock involved)."""

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


def test_a_computer_thinking_about_a_position_that_is_gone_is_cancelled(stub_ui):
    ui = stub_ui
    play = start(ui, kinds=["hard", "human"], seed=7)
    computer = play.seats.computers()[0]
    budget = PausingBudget(iterations=200, pause_at=20)
    computer.bot.budget = budget
    ui.frames(1)  # the seat asks its computer, which starts thinking on the worker
    assert budget.paused.wait(60) and play.seats.worker.busy
    # the game moves on without it (a seat driven from elsewhere answered first)
    assert play.apply(play.session.legal()[0])
    assert computer.bot.cancelled and computer.answer is None  # it stops at its next step
    assert not play.seats.worker.busy
    budget.resume.set()
    ui.frames(5)
    assert len(play.game.log) == 1  # the abandoned search played nothing


# ---------------------------------------------------------------------------------------
# the "Pass to" screen, a scene of its own
# ---------------------------------------------------------------------------------------
def test_the_pass_to_screen_is_a_scene_over_the_board(stub_ui, monkeypatch):
    ui = stub_ui
    play = start(ui, secrets=True, monkeypatch=monkeypatch)
    handoff = ui.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == 0
    assert ui.app.stack.visible() == [handoff]  # nothing of the board shows
    assert "Pass to Ana" in ui.texts()
    # Esc opens the pause menu over it, still hiding the board
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene) and ui.app.stack.visible() == [handoff, ui.top]
    ui.key(pygame.K_ESCAPE)
    assert ui.top is handoff
    ui.key(pygame.K_RETURN)
    assert ui.top is play and play.game.log == []


def test_a_pad_claimed_by_another_seat_cannot_dismiss_the_pass_to_screen(stub_ui,
                                                                        monkeypatch):
    ui = stub_ui
    play = start(ui, secrets=True, monkeypatch=monkeypatch)
    play.session.controllers = {5: 1}  # Ben's pad
    ui.pad(A, 5)
    assert isinstance(ui.top, HandoffScene)
    ui.key(pygame.K_RETURN)  # Ana has the screen: the board shows why Ben's pad did nothing
    assert ui.top is play
    assert play.refusal == "Pad 6 is Ben's controller; Ana decides now"


# ---------------------------------------------------------------------------------------
# scenes by name
# ---------------------------------------------------------------------------------------
def test_scenes_are_pushed_by_name(stub_ui):
    ui = stub_ui
    game = new_game("mexica", 2, seed=1)
    play = ui.app.stack.push("play", make_session(ui.app, game, ["Ana", "Ben"]))
    assert isinstance(play, PlayScene) and ui.top is play
    pause = ui.app.stack.push("pause", play)
    assert isinstance(pause, PauseScene) and pause.host is play
    with pytest.raises(KeyError, match="no scene is called 'nowhere'; the scenes are: title"):
        ui.app.stack.push("nowhere")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="arguments are for a scene given by name"):
        ui.app.stack.push(PauseScene(play), play)  # type: ignore[call-arg]
