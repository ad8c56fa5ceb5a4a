""""Learn to play": the lessons of the installed variants, each marked done or half way.

A lesson left half way can be resumed or started over; one that cannot be loaded (its
file does not replay on the engine, or its variant is missing) is listed with its
problem, greyed. The lessons come from the registry, so a mod's lesson appears here
beside the built-in ones; they are checked on a worker thread (:mod:`game.ui.lessonworker`),
and until that check has finished the list says so and :meth:`LessonsScene.update` polls it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.core.errors import AztecArcadeError, ConfigIssue
from game.core.lessons.model import Lesson
from game.kit.client import theme
from game.kit.client.messages import one_line
from game.kit.client.text import fit
from game.ui.dialogs import Confirm
from game.ui.lessonstore import LessonStore, lesson_store, start_session
from game.ui.lessonworker import lesson_worker
from game.ui.scenes.common import MenuScene
from game.ui.widgets import Menu, MenuItem, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell


class LessonsScene(MenuScene):
    shortcuts = (("Up/Down", "Choose"), ("Enter", "Start"), ("Esc", "Back"))

    def __init__(self) -> None:
        super().__init__()
        self.menu = Menu([], 360, 200, 1200, item_h=96, gap=14, visible=7, align="left")
        self.error = ""
        self.store: LessonStore | None = None
        #: whether the list waits for the lessons' check (:meth:`update` polls it)
        self.checking = False

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self.store = lesson_store(app)
        self._build()

    def resume(self) -> None:
        super().resume()
        self._build()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.checking and self.app is not None and \
                lesson_worker(self.app.registry).poll() is not None:
            self._build()

    def _build(self) -> None:
        assert self.app is not None and self.store is not None
        found = lesson_worker(self.app.registry).poll()
        was_checking, self.checking = self.checking, found is None
        if found is None:
            self.menu.set_items([
                MenuItem("Checking the lessons…", None, enabled=False,
                         detail="Each one is played through on its game first"),
                MenuItem("Back", self.back)])
            return
        done = self.store.done()
        items: list[MenuItem] = []
        for lesson in found.ordered():
            where = self.store.started(lesson)
            if where is not None:
                state = f"step {where.step + 1} of {len(lesson.steps)}"
            elif lesson.id in done:
                state = "done ✓"
            else:
                state = f"{lesson.minutes} min"
            items.append(MenuItem(lesson.name, partial(self.choose, lesson),
                                  value=partial(str, state), detail=lesson.description))
        for name, _file, message, issues in found.broken:
            items.append(MenuItem(name, None, enabled=False, error=_reason(message, issues)))
        items.append(MenuItem("Back", self.back))
        self.menu.set_items(items, keep_focus=not was_checking)

    def choose(self, lesson: Lesson) -> None:
        assert self.app is not None and self.store is not None
        if self.store.started(lesson) is None:
            self.begin(lesson, resume=False)
            return
        self.app.stack.push(Confirm(f"Resume {lesson.name} where you left it?",
                                    lambda: self.begin(lesson, resume=True),
                                    lambda: self.begin(lesson, resume=False),
                                    yes="Resume", no="Start over"))

    def begin(self, lesson: Lesson, resume: bool) -> None:
        """Open the lesson (the game left half way, or a new one)."""
        assert self.app is not None and self.store is not None
        try:
            session, where = start_session(self.app, lesson, self.store, resume)
        except AztecArcadeError as exc:
            self.error = f"Cannot start the lesson: {one_line(exc)}"
            self.app.play_sound("refused")
            return
        self.app.stack.push("lesson", session, lesson, self.store, where)

    def draw(self, screen: Screen) -> None:
        draw_backdrop(screen, self.t)
        draw_header(screen, "Learn to play", self.t, "A guided first game: the board shows "
                    "what to do, the card says why")
        self.menu.draw(screen)
        if self.error:
            screen.text(fit(screen, self.error, theme.FONT_BODY, 1840), 960, 960,
                        theme.FONT_BODY, theme.DANGER, "center")
        draw_footer(screen, self.shortcuts)


def _reason(message: str, issues: list[ConfigIssue]) -> str:
    """Why a lesson cannot be played, in a line: its first problem and where it is."""
    if not issues:
        return one_line(message)
    first = issues[0]
    where = f"line {first.line}: " if first.line else ""
    return one_line(f"{where}{first.message}")
