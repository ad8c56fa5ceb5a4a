"""The learner's progress through the lessons, in the user folder, and a lesson's game
as a session (a new one, or the one left half way).

``lessons/progress.json`` lists the lessons finished (the title screen marks them done);
``lessons/<id>.json`` is a lesson left half way: its game as a save (the log is the
truth, as for every save), from which :func:`game.core.lessons.model.position` finds the step to
resume at. Every write is atomic (temporary file, fsync, rename), and a file that cannot
be read is treated as no progress, never as a reason to stop. The half-way game is
written after every action by a background thread (:class:`~game.ui.writer.FileWriter`,
as the autosave is); everything that reads the folder waits for it first.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.api import Game, load_game
from game.core.errors import SaveError
from game.core.lessons.book import LessonSet
from game.core.lessons.model import Lesson, Position, position
from game.core.readlimit import read_at_most
from game.core.records import clean_stale_temp, read_save_bytes, write_atomic
from game.ui.isolation import guard_game, start_game
from game.ui.session import HUMAN, Session
from game.ui.sessions import palette_name
from game.ui.writer import FileWriter

if TYPE_CHECKING:
    from game.ui.shell import Shell

PROGRESS = "progress.json"
#: a thousand lesson ids of 64 characters are under 70 kB
MAX_PROGRESS_BYTES = 1_000_000
FORMAT = "aztec-arcade-lessons"


class LessonStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.writer = FileWriter(_write_file)
        clean_stale_temp(folder)

    def flush(self) -> None:
        """Wait for a write still in progress."""
        self.writer.flush()

    def errors(self) -> list[str]:
        """Writes that failed since the last call, one reason each."""
        return self.writer.errors()

    # -- finished lessons --------------------------------------------------------------
    def done(self) -> set[str]:
        """The ids of the lessons finished at least once (a file larger than any list of
        lessons, or nested too deeply for the JSON reader, is no progress)."""
        try:
            raw = read_at_most(self.folder / PROGRESS, MAX_PROGRESS_BYTES)
            data = None if raw is None else json.loads(raw)
        except (OSError, ValueError, RecursionError):
            return set()
        ids = data.get("done") if isinstance(data, dict) else None
        if not isinstance(ids, list):
            return set()
        return {i for i in ids if isinstance(i, str) and len(i) <= 64}

    def mark_done(self, lesson_id: str) -> None:
        """Note ``lesson_id`` as finished (atomically) and forget its half-way game."""
        self.flush()
        done = self.done() | {lesson_id}
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(self.folder / PROGRESS, json.dumps(
            {"format": FORMAT, "done": sorted(done)}, indent=1) + "\n")
        self.forget(lesson_id)

    # -- a lesson left half way --------------------------------------------------------
    def path(self, lesson_id: str) -> Path:
        return self.folder / (re.sub(r"[^a-z0-9-]", "", lesson_id)[:64] + ".json")

    def save(self, lesson: Lesson, game: Game, meta: dict[str, Any]) -> None:
        """Keep ``game`` as the lesson's place to resume (atomically, soon: in the
        background)."""
        data = game.to_dict()
        data["meta"] = {**meta, "lesson": lesson.id}
        self.writer.submit(self.path(lesson.id), json.dumps(data, separators=(",", ":")))

    def resume(self, lesson: Lesson) -> tuple[Game, Position, dict[str, Any]] | None:
        """The lesson's game left half way and where it stands in the script, or None
        (none kept, or one that no longer fits the lesson: it is started again)."""
        self.flush()
        path = self.path(lesson.id)
        if not path.is_file():
            return None
        try:
            raw = read_save_bytes(path)
            game = load_game(raw)
            meta = json.loads(raw).get("meta")
        except (SaveError, ValueError):
            return None
        if (game.variant != lesson.variant or game.seed != lesson.seed
                or game.players != lesson.players):
            return None
        where = position(lesson, game.log)
        if where is None or where.step >= len(lesson.steps):
            return None
        meta = meta if isinstance(meta, dict) else {}
        return game, _read_on(lesson, where, meta.get("step")), meta

    def started(self, lesson: Lesson) -> Position | None:
        """Where a lesson left half way stands (None: not started, or not resumable)."""
        kept = self.resume(lesson)
        return None if kept is None else kept[1]

    def forget(self, lesson_id: str) -> None:
        self.flush()
        with contextlib.suppress(OSError):
            self.path(lesson_id).unlink()


def lesson_store(app: Shell) -> LessonStore:
    """The learner's progress, in the user folder beside the saves."""
    return LessonStore(app.saves.folder.parent / "lessons")


def lessons_done(app: Shell, found: LessonSet) -> tuple[int, int]:
    """(lessons done, lessons there are) of the lessons ``found``, for the title screen."""
    done = lesson_store(app).done()
    return sum(1 for lid in found.lessons if lid in done), len(found.lessons)


def start_session(app: Shell, lesson: Lesson, store: LessonStore,
                  resume: bool) -> tuple[Session, Position]:
    """The lesson's game in a session (the lesson scene saves it in the lesson's own
    file): the game left half way (``resume``) or a new one from the lesson's setup."""
    kept = store.resume(lesson) if resume else None
    if kept is not None:
        game, where, _meta = kept
        game = guard_game(game)
    else:
        game = start_game(lesson.variant, lesson.players, lesson.seed, lesson.options or None)
        for action in lesson.prelude:
            game.apply(action)
        where = Position(0)
        store.forget(lesson.id)
    return lesson_session(app, lesson, game), where


def lesson_session(app: Shell, lesson: Lesson, game: Game) -> Session:
    """``game`` in a session for ``lesson``: its names, the learner's seat a person's."""
    session = Session(game, lesson.seat_names(), palette=palette_name(app))
    session.kinds = [HUMAN if seat == lesson.learner else "easy"
                     for seat in range(game.players)]
    return session


def _read_on(lesson: Lesson, where: Position, step: Any) -> Position:
    """``where`` (from the log), moved on past the steps to read that the learner had
    already continued from (the save's ``step``): reading leaves nothing in the log."""
    if not isinstance(step, int) or isinstance(step, bool) or where.done or where.acted:
        return where
    if where.step < step < len(lesson.steps) and \
            not any(s.accept for s in lesson.steps[where.step:step]):
        return Position(step)
    return where


def _write_file(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text)
