"""Lessons in the real client: chosen on the title screen, played to their end through
synthesised keys on the real board views, left and resumed, marked done."""

from __future__ import annotations

import json

import pygame
import pytest

from game.plugins import get_registry
from game.ui.messages import personalise
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.lessons import LessonsScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.title import TitleScene

from .conftest import Driver, unseen

KEYS = {"Enter": pygame.K_RETURN, "E": pygame.K_e, "T": pygame.K_t, "R": pygame.K_r,
        "Tab": pygame.K_TAB}
#: frames a lesson may take at most (the computers' replies are paced)
MAX_FRAMES = 8_000


def lesson_ids() -> list[str]:
    return [lesson.id for lesson in get_registry().lessons().ordered()]


def open_lesson(ui: Driver, lesson_id: str) -> LessonScene:
    """Title -> Learn to play -> the lesson, with the keyboard."""
    assert isinstance(ui.top, TitleScene)
    items = [item.label for item in ui.top.menu.items]
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
               on_board: dict[int, bool] | None = None) -> None:
    """Do what each step asks with the key its card names, let the computers reply and
    step through scorings, until the lesson is over (or step ``until_step`` is shown).
    ``on_board``: filled with, for each step with an action, whether the board view had
    its cursor on the step's move (its ghost shown, Enter playing it there)."""
    with unseen(ui.app):
        _play_steps(ui, scene, until_step, on_board)


def _play_steps(ui: Driver, scene: LessonScene, until_step: int | None,
                on_board: dict[int, bool] | None) -> None:
    for _ in range(MAX_FRAMES):
        top = ui.top
        if scene.finished and top is not scene:
            return
        if isinstance(top, ScoringScene):
            ui.key(pygame.K_RETURN)
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
            ui.key(pygame.K_RETURN)
        elif step is not None and learner and not scene.acted and not scene.walk \
                and not scene.view.busy:
            if on_board is not None:
                on_board[step.number] = scene.on_cursor
            ui.key(KEYS[step.keys[0]])
            assert not scene.lesson_note, f"step {step.number}: {scene.lesson_note}"
        elif step is not None and not learner and not scene.seats.pace.fast:
            # the learner asks for the computers' faster pace, as their status line
            # offers: the same replies, a quarter of the frames waited between them
            ui.key(pygame.K_RETURN)
            assert scene.seats.pace.fast
        else:
            ui.frames(1)
    raise AssertionError(f"the lesson did not finish: step {scene.index + 1}")


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_each_lesson_is_played_to_its_end_with_the_keys_its_steps_name(ui, lesson_id):
    scene = open_lesson(ui, lesson_id)
    lesson = scene.lesson
    on_board: dict[int, bool] = {}
    play_steps(ui, scene, on_board=on_board)
    assert scene.finished
    # the board view shows every move it can point at: the built-in views put their
    # cursor on it (no place on the board: ending a turn, passing, answering a vote)
    unshown = {step.expect[0] for step in lesson.steps
               if step.accept and not on_board.get(step.number)}
    assert unshown <= {"end", "pass", "stay", "agree", "refuse", "king skip"}
    # the game took exactly the script: the learner's plans and the computers' replies
    expected = list(lesson.prelude)
    for step in lesson.steps:
        expected += [*(step.expect or ()), *step.replies]
    assert scene.game.log == expected
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
    learn = next(i for i in ui.top.menu.items if i.label == "Learn to play")
    assert learn.detail.startswith("1 of ")


def test_another_legal_move_is_explained_and_taken_back(ui):
    scene = open_lesson(ui, "mexica")
    play_steps(ui, scene, until_step=3)  # "build your 1-level temple on k3"
    log = list(scene.game.log)
    assert scene.view.preview.action == "temple k3 1"  # the board shows the step's move
    ui.key(pygame.K_LEFT)  # the cursor onto j3: a temple there is legal too
    ui.key(pygame.K_RETURN)
    assert scene.game.log == log  # taken back: it never reached the game
    assert scene.lesson_note.startswith("That works too, but build the 1-level temple on k3")
    assert "That works too" in " ".join(ui.texts())
    ui.key(pygame.K_h)  # H shows the step's move again, and Enter plays it
    ui.key(pygame.K_RETURN)
    assert scene.game.log == [*log, "temple k3 1"]
    assert scene.step.number == 4


def test_an_illegal_move_gets_the_engines_reason(ui):
    scene = open_lesson(ui, "mexica")
    play_steps(ui, scene, until_step=3)
    log = list(scene.game.log)
    for _ in range(9):  # k3 -> b3, beside Ben's Pilli on b2: it would pen him in
        ui.key(pygame.K_LEFT)
    ui.key(pygame.K_RETURN)
    assert scene.game.log == log
    reason = scene.game.why_not("temple b3 1")
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
    items = [item.label for item in ui.top.menu.items]
    for _ in range(len(items)):
        if ui.top.menu.current.label.startswith(("Quit", "Exit", "Title", "Main")):
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
    assert "step 11 of" in lessons.menu.items[0].value()
    ui.key(pygame.K_RETURN)  # Resume (the confirmation's first choice)
    ui.key(pygame.K_RETURN)
    scene = ui.top
    assert isinstance(scene, LessonScene) and scene.step.number == 11
    assert scene.game.log == log
    play_steps(ui, scene)
    assert scene.finished
