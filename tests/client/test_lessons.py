"""Lessons in the real client: chosen on the title screen, played to their end through
synthesised keys on the real board views, left and resumed, marked done."""

from __future__ import annotations

import json

import pygame
import pytest

from game.core.lessons.model import position
from game.core.registry import get_registry
from game.i18n import say
from game.kit.client import theme
from game.kit.client.messages import personalise
from game.ui.lessonworker import lesson_worker
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.lessons import LessonsScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.title import TitleScene
from tests.test_lessons import plural_slips

from .conftest import Driver, said_keys, unseen
from .learner import Hands, make_move

#: frames a lesson may take at most (the computers' replies are paced)
MAX_FRAMES = 8_000


def lesson_ids() -> list[str]:
    return [lesson.id for lesson in get_registry().lessons().ordered()]


def open_lesson(ui: Driver, lesson_id: str) -> LessonScene:
    """Title -> Learn to play -> the lesson, with the keyboard (once the lessons are
    checked: a person takes longer to get there than the worker thread)."""
    assert isinstance(ui.top, TitleScene)
    assert lesson_worker(ui.app.registry).join(timeout=60) is not None
    items = [str(item.label) for item in ui.top.menu.items]
    for _ in range(items.index("Learn to play")):
        ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, LessonsScene)
    ordered = [lesson.id for lesson in ui.app.registry.lessons().ordered()]
    for _ in range(ordered.index(lesson_id)):
        ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    scene = ui.top
    assert isinstance(scene, LessonScene) and scene.lesson.id == lesson_id
    return scene


def play_steps(ui: Driver, scene: LessonScene, until_step: int | None = None,
               marked: dict[int, bool] | None = None, device: str = "keyboard",
               seen: list[str] | None = None) -> Hands:
    """Make each step's move as a learner does (``learner.make_move``: the cursor taken to
    what the board marks, then the step's keys), let the computers reply and step through
    scorings, until the lesson is over (or step ``until_step`` is shown). ``marked``: filled
    with, for each step with an action, whether the board marked its move; ``seen``: every
    text on the screen as each step is shown."""
    hands = Hands(ui, device)
    with unseen(ui.app):
        _play_steps(hands, scene, until_step, marked, seen)
    return hands


def _play_steps(hands: Hands, scene: LessonScene, until_step: int | None,
                marked: dict[int, bool] | None, seen: list[str] | None) -> None:
    ui = hands.ui
    for _ in range(MAX_FRAMES):
        top = ui.top
        if scene.finished and top is not scene:
            return
        if isinstance(top, ScoringScene):
            hands.press("confirm")
            continue
        if top is not scene:
            ui.frames(1)
            continue
        step = scene.step
        if until_step is not None and step is not None and step.number == until_step \
                and not scene.acted:
            return
        learner = scene.game.current_player == scene.lesson.learner
        if step is not None and not step.accept:
            hands.press("confirm")
        elif step is not None and learner and not scene.acted and not scene.view.busy:
            if marked is not None:
                marked.setdefault(step.number, scene.marked)
            if seen is not None:
                seen += ui.texts()
            assert not scene.on_cursor  # the cursor is the learner's to move
            make_move(hands, scene)
            assert not scene.lesson_note, f"step {step.number}: {scene.lesson_note}"
            assert not scene.refusal, f"step {step.number}: {scene.refusal}"
        elif step is not None and not learner and not scene.seats.pace.fast:
            # the learner asks for the computers' faster pace, as their status line
            # offers: the same replies, a quarter of the frames waited between them
            hands.press("confirm")
            assert scene.seats.pace.fast
        else:
            ui.frames(1)
    raise AssertionError(f"the lesson did not finish: step {scene.index + 1}")


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_each_lesson_is_played_to_its_end_with_the_keys_its_steps_name(ui, lesson_id):
    scene = open_lesson(ui, lesson_id)
    lesson = scene.lesson
    marked: dict[int, bool] = {}
    seen: list[str] = []
    hands = play_steps(ui, scene, marked=marked, seen=seen)
    assert scene.finished
    assert not [t for t in seen if plural_slips(t)]  # no "1 pawns" on the screen
    # the board marks every move it can point at (no place on the board: ending a turn,
    # passing, answering a vote), and the learner made them: moving the cursor there
    unshown = {step.expect[0] for step in lesson.steps
               if step.accept and not marked.get(step.number)}
    assert unshown <= {"end", "pass", "stay", "agree", "refuse", "king skip", "score"}
    assert {"up", "down", "left", "right"} & set(hands.presses)
    # the game took the script: the learner's accepted plans and the computers' replies
    where = position(lesson, scene.game.log)
    assert where is not None and not any(step.accept for step in lesson.steps[where.step:])
    # the title marks it done
    for _ in range(200):
        if isinstance(ui.top, TitleScene):
            break
        if isinstance(ui.top, ResultsScene) and not ui.top.calm:
            ui.frames(1)  # the results take a press once they have settled
        elif isinstance(ui.top, ResultsScene | LessonsScene):
            ui.key(pygame.K_ESCAPE)
        else:
            ui.frames(1)
    assert isinstance(ui.top, TitleScene)
    assert lesson_id in json.loads((ui.app.saves.folder.parent / "lessons" /
                                    "progress.json").read_text())["done"]
    learn = next(i for i in ui.top.menu.items if str(i.label) == "Learn to play")
    assert str(learn.detail).startswith("1 of ")


@pytest.mark.parametrize("lesson_id, device", [
    *((lesson, "pad") for lesson in lesson_ids()),
    *((lesson, "mouse") for lesson in lesson_ids() if not lesson.startswith("market")),
])
def test_each_lesson_is_played_with_a_controller_or_the_mouse(ui, lesson_id, device):
    """The same lessons with the D-pad, A, X and the shoulder buttons of a controller, or
    by clicks on the board and the panel (the keyboard only to end a turn)."""
    scene = open_lesson(ui, lesson_id)
    hands = play_steps(ui, scene, device=device)
    assert scene.finished
    where = position(scene.lesson, scene.game.log)
    assert where is not None and not any(s.accept for s in scene.lesson.steps[where.step:])
    assert ("click" if device == "mouse" else "up") in hands.presses or \
        {"down", "left", "right"} & set(hands.presses)


def go_to(ui: Driver, scene: LessonScene, cell: str) -> None:
    """The Mexica cursor to ``cell`` with the arrow keys."""
    view = scene.view
    width = view.board.width
    goal = view.board.index[cell]
    while view.cursor != goal:
        col, row = view.cursor % width, view.cursor // width
        key = pygame.K_LEFT if goal % width < col else pygame.K_RIGHT \
            if goal % width > col else pygame.K_UP if goal // width < row else pygame.K_DOWN
        ui.key(key)


def test_enter_alone_does_not_make_the_step_the_learner_does(ui):
    """The board marks the step's temple on k3 and readies the temple tool; the cursor
    stays where the learner left it. Enter there builds nothing of the step; another
    legal place is explained and taken back; H ("show me") puts the cursor on k3."""
    scene = open_lesson(ui, "mexica")
    play_steps(ui, scene, until_step=3)  # "build your 1-level temple on k3"
    log = list(scene.game.log)
    view = scene.view
    assert scene.marked and view.target is not None and view.target.action == "temple k3 1"
    assert view.tool == "temple" and view.cursor != view.board.index["k3"]
    assert ("Arrows", "Move the cursor") in said_keys(scene.shortcuts)  # the card says: go there
    ui.key(pygame.K_RETURN)  # Enter alone, on the cursor where the learner left it
    assert scene.game.log == log and scene.step.number == 3
    go_to(ui, scene, "j3")  # beside k3: a temple there is legal too
    ui.key(pygame.K_RETURN)
    assert scene.game.log == log  # taken back: it never reached the game
    assert scene.lesson_note.startswith("That works too, but build the 1-level temple on k3")
    assert "That works too" in " ".join(ui.texts())
    ui.key(pygame.K_h)  # H: show me, the cursor on the step's move; Enter plays it
    assert view.cursor == view.board.index["k3"] and scene.on_cursor
    ui.key(pygame.K_RETURN)
    assert scene.game.log == [*log, "temple k3 1"]
    assert scene.step.number == 4


def test_an_illegal_move_gets_the_engines_reason(ui):
    scene = open_lesson(ui, "mexica")
    play_steps(ui, scene, until_step=3)
    log = list(scene.game.log)
    go_to(ui, scene, "b3")  # beside Ben's Pilli on b2: a temple there would pen him in
    ui.key(pygame.K_RETURN)
    assert scene.game.log == log
    reason = say(scene.game.why_not("temple b3 1") or "", scene.session.names)
    assert reason and "first round" in reason.lower()
    assert scene.view.status.lower() == reason.lower()
    # the status line names the seat as chosen: "... leave Ben's Pilli", not "Player 2's"
    shown = personalise(reason, scene.session.names)
    assert "Ben's Pilli" in shown and shown.lower() in " ".join(ui.texts()).lower()
    scene.apply("temple b3 1")  # straight to the engine: the same refusal, nothing lost
    assert scene.game.log == log and scene.step.number == 3


def test_a_lesson_left_half_way_is_resumed_where_it_was(ui):
    scene = open_lesson(ui, "mexica")
    play_steps(ui, scene, until_step=11)  # after the computers' first turns
    log = list(scene.game.log)
    ui.key(pygame.K_ESCAPE)  # the pause menu: back to the title
    items = [str(item.label) for item in ui.top.menu.items]
    for _ in range(len(items)):
        if str(ui.top.menu.current.label).startswith(("Quit", "Exit", "Title", "Main")):
            break
        ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    for _ in range(5):
        if isinstance(ui.top, TitleScene):
            break
        ui.key(pygame.K_RETURN)  # a confirmation, if any
    assert isinstance(ui.top, TitleScene)
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    lessons = ui.top
    assert isinstance(lessons, LessonsScene)
    assert "step 11 of" in str(lessons.menu.items[0].value())
    ui.key(pygame.K_RETURN)  # Resume (the confirmation's first choice)
    ui.key(pygame.K_RETURN)
    scene = ui.top
    assert isinstance(scene, LessonScene) and scene.step.number == 11
    assert scene.game.log == log
    play_steps(ui, scene)
    assert scene.finished


@pytest.mark.parametrize("palette, colour", [("okabe-ito", "orange"),
                                             ("high-contrast", "white")])
def test_the_aztlan_lesson_names_your_colour_as_the_screen_shows_it(ui, palette, colour):
    ui.app.settings["palette"] = palette
    scene = open_lesson(ui, "aztlan")
    ui.frames(2)
    texts = " ".join(ui.texts())
    assert f"You lead the People of the Quetzal, the {colour} pawns." in texts
    assert scene.colours[scene.lesson.learner] == theme.player_colour(palette, 0)
    assert scene.colour_names()[scene.lesson.learner] == colour


def test_a_card_to_read_while_a_computer_holds_the_turn_says_to_read_it(ui):
    # the Mexica lesson ends on a card to read while Ben (a computer) holds the turn; the
    # status line once said "Ben plays · Enter: faster" there, and nothing played
    scene = open_lesson(ui, "mexica")
    last = scene.lesson.steps[-1]
    play_steps(ui, scene, until_step=last.number)
    assert not last.accept and scene.game.current_player != scene.lesson.learner
    driver = scene.seats.deciding()
    assert driver is not None
    status = driver.status()
    assert status is not None
    assert (status.text, status.hint) == ("Read the lesson card", "Enter: continue")
    ui.key(pygame.K_RETURN)  # and Enter, as it says, finishes the lesson
    assert scene.finished
