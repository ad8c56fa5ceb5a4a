"""Autosave writes off the frame thread.

An atomic save ends with an fsync, which costs a couple of milliseconds on a good disk and
far more on an SD card or a network home folder; done on the frame thread it would stall
the frame after every action. The frame thread serialises the game (a snapshot that later
moves cannot change) and hands the text to one writer thread. Only the newest text
matters: a write still waiting is replaced, never queued behind. Readers of the save
folder call :meth:`FileWriter.flush` first, so they always see the last save, and a failed
write comes back to the frame thread as a message to show.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path


class FileWriter:
    def __init__(self, write: Callable[[Path, str], None]) -> None:
        self._write = write
        self._cond = threading.Condition()
        self._pending: tuple[Path, str] | None = None
        self._busy = False
        self._errors: list[str] = []
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` soon, replacing the write not yet begun."""
        with self._cond:
            self._pending = (path, text)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until nothing is pending or being written; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy,
                                       timeout)

    @property
    def writing(self) -> bool:
        """A write is waiting or under way (its failure is yet to be known)."""
        with self._cond:
            return self._pending is not None or self._busy

    def errors(self) -> list[str]:
        """The failures since the last call (each a one-line reason)."""
        with self._cond:
            out, self._errors = self._errors, []
        return out

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: self._pending is not None, timeout=30.0):
                    self._thread = None
                    return  # idle: a new thread starts with the next write
                assert self._pending is not None
                path, text = self._pending
                self._pending = None
                self._busy = True
            try:
                self._write(path, text)
            except Exception as exc:  # noqa: BLE001 - reported on the frame thread
                with self._cond:
                    self._errors.append(f"{type(exc).__name__}: {exc}" if not str(exc)
                                        else str(exc))
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
