"""One thread that runs the owner's publishing jobs in order, off the frame thread.

Preparing what devices are sent (every seat's view as JSON, the legal actions with their
descriptions, the picture request) costs milliseconds a frame cannot spare. The owner
hands over a job holding a copy of the game that later moves cannot change, and goes
on; the jobs run one after another, in the order given, so the log tail and the versions
grow exactly as they would on the owner's thread. A job that raises is kept and raised
again on the owner's thread (:meth:`Worker.check`), where a plugin failure is handled
as everywhere else.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

#: seconds an idle worker thread waits for a job before it ends (the next job starts one)
IDLE = 30.0


class Worker:
    def __init__(self, name: str) -> None:
        self.name = name
        self._cond = threading.Condition()
        self._jobs: deque[Callable[[], None]] = deque()
        self._busy = False
        self._failure: BaseException | None = None
        self._thread: threading.Thread | None = None

    def submit(self, job: Callable[[], None]) -> None:
        """Run ``job`` after the jobs given before it."""
        with self._cond:
            self._jobs.append(job)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self.name,
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    @property
    def idle(self) -> bool:
        """Nothing waiting and nothing running."""
        with self._cond:
            return not self._jobs and not self._busy

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every job given so far has run; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def check(self) -> None:
        """Raise, on the caller's thread, what a job raised since the last call."""
        with self._cond:
            failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: bool(self._jobs), timeout=IDLE):
                    self._thread = None
                    return
                job = self._jobs.popleft()
                self._busy = True
            try:
                job()
            except BaseException as exc:  # noqa: BLE001 - raised again on the owner's thread
                with self._cond:
                    self._failure = self._failure or exc
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
