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
from game.i18n import Text, say
from game.i18n.client import _
from game.i18n.yamltexts import lesson_text
from game.kit.client import theme
from game.kit.client.messages import one_line
from game.kit.client.text import fit
from game.ui.dialogs import Confirm
from game.ui.lessonstore import LessonStore, lesson_store, start_session
from game.ui.lessonworker import lesson_worker
from game.ui.scenes.common import MenuScene
from game.ui.shell import POLL, soonest
from game.ui.widgets import Menu, MenuItem, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell


class LessonsScene(MenuScene):
    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Enter", context="key"), _("Start")), (_("Esc", context="key"), _("Back")))

    def __init__(self) -> None:
        super().__init__()
        # wide: a description is one line, and German's run a third longer than English
        self.menu = Menu([], 160, 200, 1600, item_h=96, gap=14, visible=7, align="left")
        self.error: Text = ""
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

    def wakes_in(self) -> float | None:
        """While the lessons are checked, their worker is asked a few times a second."""
        return soonest(POLL, self.ambient_wake()) if self.checking else \
            self.ambient_wake()

    def _build(self) -> None:
        assert self.app is not None and self.store is not None
        found = lesson_worker(self.app.registry).poll()
        was_checking, self.checking = self.checking, found is None
        if found is None:
            self.menu.set_items([
                MenuItem(_("Checking the lessons…"), None, enabled=False,
                         detail=_("Each one is played through on its game first")),
                MenuItem(_("Back"), self.back)])
            return
        done = self.store.done()
        items: list[MenuItem] = []
        for lesson in found.ordered():
            where = self.store.started(lesson)
            state: Text
            if where is not None:
                state = _("step {number} of {total}", number=where.step + 1,
                          total=len(lesson.steps))
            elif lesson.id in done:
                state = _("done ✓")
            else:
                state = _("{n} min", n=lesson.minutes)
            items.append(MenuItem(lesson_text(lesson.name, lesson.source),
                                  partial(self.choose, lesson), value=partial(_said, state),
                                  detail=lesson_text(lesson.description, lesson.source)))
        for name, _file, message, issues in found.broken:
            items.append(MenuItem(name, None, enabled=False, error=_reason(message, issues)))
        items.append(MenuItem(_("Back"), self.back))
        self.menu.set_items(items, keep_focus=not was_checking)

    def choose(self, lesson: Lesson) -> None:
        assert self.app is not None and self.store is not None
        if self.store.started(lesson) is None:
            self.begin(lesson, resume=False)
            return
        self.app.stack.push(Confirm(_("Resume {lesson} where you left it?",
                                      lesson=lesson_text(lesson.name, lesson.source)),
                                    lambda: self.begin(lesson, resume=True),
                                    lambda: self.begin(lesson, resume=False),
                                    yes=_("Resume"), no=_("Start over")))

    def begin(self, lesson: Lesson, resume: bool) -> None:
        """Open the lesson (the game left half way, or a new one)."""
        assert self.app is not None and self.store is not None
        try:
            session, where = start_session(self.app, lesson, self.store, resume)
        except AztecArcadeError as exc:
            self.error = _("Cannot start the lesson: {problem}", problem=one_line(exc))
            self.app.play_sound("refused")
            return
        self.app.stack.push("lesson", session, lesson, self.store, where)

    def draw(self, screen: Screen) -> None:
        draw_backdrop(screen, self.t)
        draw_header(screen, _("Learn to play"), self.t, _("A guided first game: the board "
                                                          "shows what to do, the card says why"))
        self.menu.draw(screen)
        if self.error:
            screen.text(fit(screen, self.error, theme.FONT_BODY, 1840), 960, 960,
                        theme.FONT_BODY, theme.DANGER, "center")
        draw_footer(screen, self.shortcuts)


def _said(text: Text) -> Text:
    """A row's value, as the menu asks for it (a callable)."""
    return text


def _reason(message: str, issues: list[ConfigIssue]) -> str:
    """Why a lesson cannot be played, in a line: its first problem and where it is."""
    if not issues:
        return one_line(message)
    first = issues[0]
    return say(_("line {number}: {problem}", number=first.line,
                  problem=one_line(first.message))) if first.line else one_line(first.message)
