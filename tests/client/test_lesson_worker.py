"""A mod's lessons are checked off the window's frame: the title is there at once, and a
lesson that does not replay shows up in "Learn to play" greyed, with its reason, once the
check has finished. The check is held back on purpose (it waits for the test), so
nothing depends on how fast it is."""

from __future__ import annotations

import threading

import pygame

from game.core.lessons import book as lessoncheck
from game.core.registry import Registry, reset_registry
from game.ui.lessonworker import lesson_worker
from game.ui.scenes.lessons import LessonsScene
from game.ui.scenes.title import TitleScene
from tests.test_lessons import TWO_STEPS

from .conftest import Driver


def item(scene, label):
    return next(i for i in scene.menu.items if str(i.label) == label)


def test_the_title_comes_before_the_lesson_check_and_a_broken_lesson_is_listed(
        make_app, tmp_path, monkeypatch):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "tiny.yaml").write_text(TWO_STEPS.format(cell="i8"), encoding="utf-8")
    reset_registry(Registry(plugin_folder=str(folder), entry_points=False))
    release = threading.Event()
    on_frame_thread: list[bool] = []
    real = lessoncheck.check_replay

    def held_check(lesson, registry, ctx):
        on_frame_thread.append(threading.current_thread() is threading.main_thread())
        assert release.wait(60), "the test never let the check go on"
        return real(lesson, registry, ctx)

    monkeypatch.setattr(lessoncheck, "check_replay", held_check)
    ui = Driver(make_app(size=(1920, 1080)))
    ui.frames(30)
    title = ui.top
    assert isinstance(title, TitleScene)
    # the title is up and drawn while the check waits: no lesson was checked on its thread
    assert not any(on_frame_thread)
    assert str(item(title, "Learn to play").detail) == "Checking the lessons…"
    assert "Checking the lessons…" in ui.texts()
    # Learn to play, while the check still waits: the list says so
    for _ in range(len(title.menu.items)):
        if str(title.menu.current.label) == "Learn to play":
            break
        ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    lessons = ui.top
    assert isinstance(lessons, LessonsScene)
    assert [str(i.label) for i in lessons.menu.items] == ["Checking the lessons…", "Back"]
    release.set()
    found = lesson_worker(ui.app.registry).join(timeout=60)
    assert found is not None and "tiny" not in found.lessons
    ui.frames(2)
    assert [str(i.label) for i in lessons.menu.items] == [
        "Mexica", "Mexica for two", "The Market of Tlatelolco", "Aztlán",
        "Aztlán: prosperity cards", "tiny", "Back"]
    tiny = item(lessons, "tiny")
    assert not tiny.enabled
    assert str(tiny.error).startswith("line 12: step 2: 'temple i8 1' is not legal here")
    assert lessons.menu.current is lessons.menu.items[0]  # the first lesson, not Back
    shown = ui.texts()
    assert "tiny" in shown and any(t.startswith("line 12: step 2:") for t in shown)
    assert on_frame_thread and not any(on_frame_thread)  # every check on the worker
    # back on the title: how many of the lessons that load are done
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, TitleScene)
    assert str(item(ui.top, "Learn to play").detail) == f"0 of {len(found.lessons)} lessons done"
