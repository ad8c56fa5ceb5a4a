"""A person who must leave in the middle of a game (issue 31, point 10): "Seats" in the
pause menu hands any seat (a person's here too) to a computer player after a question
whose Enter answer keeps it, and back to a person later; the invite screen offers the
same for a seat no phone holds. The invite screen's words never run off the screen or
under its buttons, at every size, with long names."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.api import new_game
from game.remote import missing_packages
from game.ui.dialogs import Confirm
from game.ui.scenes.invite import InviteScene
from game.ui.scenes.pause import PauseScene
from game.ui.seatchoice import ChoiceScene, SeatsScene
from game.ui.seats import ComputerSeat, LocalSeat
from game.ui.showcase import start_play
from game.ui.widgets import FOOTER_Y
from tests.client.conftest import Driver
from tests.client.drawn_texts import ink_box, overlap, recording

LONG_NAMES = ["Tlahuizcalpan", "Xochiquetzal", "Cuauhtemoc", "Itzpapalotl"]
FRIEZE_TOP = FOOTER_Y - 26


def menu_choose(ui: Driver, label: str) -> None:
    """Focus the top scene's menu item ``label`` with the arrow keys, press Enter."""
    menu = ui.top.menu
    for _ in range(len(menu.items) + 1):
        if menu.current is not None and str(menu.current.label) == label:
            ui.key(pygame.K_RETURN)
            return
        ui.key(pygame.K_DOWN)
    raise AssertionError(f"no item {label!r} in {[str(i.label) for i in menu.items]}")


def a_game(ui: Driver, variant: str = "mexica", players: int = 3):
    play = start_play(ui.app, new_game(variant, players, seed=4))
    play.session.names[:] = LONG_NAMES[:players]
    ui.frames(60)
    return play


def open_seats(ui: Driver) -> SeatsScene:
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    menu_choose(ui, "Seats")
    seats = ui.top
    assert isinstance(seats, SeatsScene)
    return seats


def test_a_person_hands_their_seat_to_the_computer_and_takes_it_back(ui):
    play = a_game(ui)
    seats = open_seats(ui)
    assert [(str(i.label), str(i.value())) for i in seats.menu.items[:3]] == [
        (name, "Here") for name in LONG_NAMES[:3]]
    menu_choose(ui, "Xochiquetzal")
    assert isinstance(ui.top, ChoiceScene) and ui.top.title == "Xochiquetzal plays here"
    assert [str(i.label) for i in ui.top.menu.items] == [
        "Computer: Easy", "Computer: Normal", "Computer: Hard", "Cancel"]
    menu_choose(ui, "Computer: Normal")
    question = ui.top
    assert isinstance(question, Confirm)
    assert question.message == "Hand Xochiquetzal's seat to the computer (Normal)?"
    ui.key(pygame.K_RETURN)  # one Enter too many keeps the seat
    assert ui.top is seats and isinstance(play.seats[1], LocalSeat)
    menu_choose(ui, "Xochiquetzal")
    menu_choose(ui, "Computer: Normal")
    menu_choose(ui, "Hand it over")
    assert ui.top is seats
    driver = play.seats[1]
    assert isinstance(driver, ComputerSeat) and driver.kind == "normal"
    assert play.session.kinds == ["human", "normal", "human"]  # a save keeps it
    assert play.session.meta()["seats"] == ["human", "normal", "human"]
    assert str(seats.menu.items[1].value()) == "Computer (Normal)"
    # back from the seat's trip: the person plays it again
    menu_choose(ui, "Xochiquetzal")
    assert ui.top.title == "Xochiquetzal: computer (Normal)"
    menu_choose(ui, "A person here plays it")
    assert isinstance(play.seats[1], LocalSeat) and play.session.kinds[1] == "human"
    assert play.seats.labels() == ["", "", ""]


def test_the_computer_plays_the_seat_it_was_handed(ui):
    play = a_game(ui, players=2)
    assert play.game.current_player == 0
    open_seats(ui)
    menu_choose(ui, "Tlahuizcalpan")  # the seat deciding now
    menu_choose(ui, "Computer: Easy")
    menu_choose(ui, "Hand it over")
    ui.key(pygame.K_ESCAPE)  # Seats
    ui.key(pygame.K_ESCAPE)  # the pause menu
    assert ui.top is play
    for _ in range(600):
        if play.game.log:
            break
        ui.frames(1, 0.25)
    assert play.game.log and play.session.history[0][0] == 0  # the computer moved for it


def test_a_lesson_has_no_seats_to_hand(ui):
    from game.core.lessons.model import Position
    from game.ui.lessonstore import lesson_session, lesson_store
    from game.ui.scenes.lesson import LessonScene

    chosen = ui.app.registry.lessons().lessons["mexica"]
    scene = LessonScene(lesson_session(ui.app, chosen, chosen.start()), chosen,
                        lesson_store(ui.app), Position(0))
    ui.app.stack.clear_to(scene)
    ui.frames(30)
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    assert "Seats" not in [str(item.label) for item in ui.top.menu.items]


# ---------------------------------------------------------------------------------------
# the invite screen
# ---------------------------------------------------------------------------------------
needs_remote = pytest.mark.skipif(bool(missing_packages()), reason="remote play extra")


@pytest.fixture
def inviting(make_app, request) -> Iterator[Driver]:
    app = make_app(size=request.param, fullscreen=False)
    app.settings["remote_bind"] = "127.0.0.1"
    app.settings["remote_port"] = 0
    app.remote.pictures = False
    yield Driver(app)
    app.remote.shutdown()


def words_of(ui: Driver) -> list[tuple[str, tuple]]:
    with recording(ui.app) as seen:
        ui.app.draw()
    return seen


def check_layout(ui: Driver) -> list[str]:
    """No text over another, off the screen's right edge, or into the frieze; returns
    the texts."""
    seen = words_of(ui)
    boxes = [(text, ink_box(rect, 28)) for text, rect in seen]
    for i, (text, box) in enumerate(boxes):
        assert box[0] + box[2] <= 1920 + 1, text
        if box[1] < FOOTER_Y:
            assert box[1] + box[3] <= FRIEZE_TOP, text
        for other, box2 in boxes[i + 1:]:
            assert not overlap(box, box2, slack=2), (text, other)
    return [text for text, _rect in seen]


@needs_remote
@pytest.mark.parametrize("inviting", [(1920, 1080), (1280, 720), (1280, 800)],
                         indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_invite_screen_keeps_its_words_on_the_screen_and_clear_of_its_buttons(
        inviting):
    ui = inviting
    ui.app.stack.push("setup")
    setup = ui.top
    setup.focus_on("players")
    while setup.players < 4:
        ui.key(pygame.K_RIGHT)
    for seat, name in enumerate(LONG_NAMES):
        setup.names[seat].value = name
    setup.kinds[3] = "easy"
    setup.focus_on("invite")
    ui.key(pygame.K_RETURN)
    invite = ui.top
    assert isinstance(invite, InviteScene)
    ui.frames(40)
    texts = check_layout(ui)
    assert not any(text.endswith("…") for text in texts)  # nothing cut
    assert "Choose a seat on the phone; choose it here to free it again." in " ".join(texts)
    menu_choose(ui, LONG_NAMES[0])  # a seat no phone holds: the answer, in its place
    ui.frames(10)
    texts = check_layout(ui)
    assert "Tlahuizcalpan's seat is free: a phone takes it by choosing it there" in \
        " ".join(texts)
    ui.key(pygame.K_DOWN)  # the answer goes when the focus moves on
    assert invite.note == ""
    menu_choose(ui, LONG_NAMES[3])  # the computer's seat: where to change that
    ui.frames(10)
    texts = check_layout(ui)
    assert "Itzpapalotl's seat is the computer's: make it Human in New game to let a " \
           "phone take it" in " ".join(texts)


@needs_remote
@pytest.mark.parametrize("inviting", [(1280, 720)], indirect=True)
def test_in_a_game_the_invite_screen_hands_a_persons_seat_too(inviting):
    ui = inviting
    play = a_game(ui, players=4)
    ui.key(pygame.K_ESCAPE)
    menu_choose(ui, "Invite phones")
    assert isinstance(ui.top, InviteScene)
    ui.frames(40)
    texts = check_layout(ui)
    assert not any(text.endswith("…") for text in texts)
    menu_choose(ui, "Cuauhtemoc")
    assert isinstance(ui.top, ChoiceScene) and ui.top.title == "Cuauhtemoc plays here"
    menu_choose(ui, "Computer: Hard")
    menu_choose(ui, "Hand it over")
    assert isinstance(play.seats[2], ComputerSeat) and play.session.kinds[2] == "hard"
    ui.frames(5)
    assert [row.status for row in ui.top.rows][2] == "Computer (Hard)"
