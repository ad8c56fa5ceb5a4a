"""The lessons, checked on a worker thread so that no lesson file holds up a frame.

Why: checking a lesson replays its game on the engine (:mod:`game.core.lessons.replay`), in time
that grows with the file, and a mod can ship any lesson file. The title screen and "Learn
to play" need the lessons (how many are done, the list); checked on the frame's thread,
a long file would hold the window before its first picture. So the first scene that
wants them asks :func:`lesson_worker` for the registry's worker, which runs the
``register_lessons`` hooks on the frame's thread (plugin code that only names files, and
where Ctrl+C is watched), then reads and replays the files on a thread of its own. The
scenes :meth:`~LessonWorker.poll` it in their ``update``; the frame that finds the check
finished hands its result to the registry (:meth:`~game.core.registry.Registry.adopt_lessons`),
so the registry changes on the frame's thread only. A lesson that does not replay, or
whose rules fail on it, is one of the registry's broken lessons like any other, and
"Learn to play" lists it greyed with its reason.

The thread is a daemon: it only computes, so a window closed mid-check does not wait
for it.
"""

from __future__ import annotations

import threading
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.lessons.book import LessonSet, load_lesson_files

if TYPE_CHECKING:
    from game.core.registry import Registry


class LessonWorker:
    """One check of one registry's lessons, on a thread started by the first poll."""

    def __init__(self, registry: Registry) -> None:
        self._registry = weakref.ref(registry)
        self._thread: threading.Thread | None = None
        self._result: LessonSet | None = None

    def poll(self) -> LessonSet | None:
        """The registry's lessons once checked, else None (the check is started or still
        runs). Call it from the frame's thread: it may adopt the result there."""
        registry = self._registry()
        if registry is None:
            return None
        loaded = registry.lessons_loaded
        if loaded is not None:
            return loaded
        if self._thread is None:
            sources = registry.lesson_sources()
            self._thread = threading.Thread(target=self._check, args=(registry, sources),
                                            name="lesson check", daemon=True)
            self._thread.start()
            return None
        if self._thread.is_alive() or self._result is None:
            return None
        return registry.adopt_lessons(self._result)

    def join(self, timeout: float | None = None) -> LessonSet | None:
        """Start the check if it is not started, wait for it (at most ``timeout``
        seconds) and poll: for tests and tools that need the lessons at once."""
        self.poll()
        if self._thread is not None:
            self._thread.join(timeout)
        return self.poll()

    @property
    def started(self) -> bool:
        return self._thread is not None

    def _check(self, registry: Registry, sources: list[tuple[str, Path]]) -> None:
        try:
            self._result = load_lesson_files(registry, sources)
        except BaseException as exc:  # noqa: BLE001 - never a thread that dies unheard
            self._result = LessonSet(broken=[(
                "lessons", "", f"the lessons could not be checked ({type(exc).__name__}: "
                f"{str(exc)[:160]})", [])])


_WORKERS: weakref.WeakKeyDictionary[Registry, LessonWorker] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def lesson_worker(registry: Registry) -> LessonWorker:
    """The worker checking ``registry``'s lessons (one per registry: a reload's new
    registry gets its own)."""
    with _LOCK:
        worker = _WORKERS.get(registry)
        if worker is None:
            worker = _WORKERS[registry] = LessonWorker(registry)
        return worker


__all__ = ["LessonWorker", "lesson_worker"]
