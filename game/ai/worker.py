"""Thinking off the render thread: a bot decides in a worker thread.

The client hands the worker only what the bot may see: the rules object (immutable after
construction), a fresh ``game.view(seat)`` dict and a copy of the legal actions. The live
game state never crosses the thread boundary, so the render thread keeps drawing and
handling input while the bot thinks, and the bot cannot peek.

The search is pure Python and holds the GIL while it runs; CPython hands the GIL to the
render thread at least every ``sys.getswitchinterval()`` seconds (5 ms), which keeps the
frames flowing (``tests/client/test_bots_in_client.py`` checks that no frame takes
200 ms while Hard thinks). A search that is no longer wanted (an undo, leaving the game)
is cancelled: it stops at its next iteration and its answer is dropped.

Whatever the bot raises (in the client, a ``PluginFailure`` from the guarded rules, see
:mod:`game.ui.isolation`) ends its thread normally and comes back from :meth:`poll` as the
error, so the frame thread can raise it again; a thread never dies silently and a game
never waits for an answer that will not come.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from game.ai.base import Bot
from game.core.engine import Rules


class BotWorker:
    """One decision at a time in a daemon thread; poll for the answer each frame."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._result: str | None = None
        self._error: BaseException | None = None
        self._done = False
        self._bot: Bot | None = None
        #: what the current request is for (the caller's key, e.g. a session version)
        self.key: Any = None
        self.started = 0.0
        self._abandoned: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """A decision is being thought about (not yet answered)."""
        with self._lock:
            return self._thread is not None and not self._done

    @property
    def idle(self) -> bool:
        """Nothing requested, and no abandoned search still winding down."""
        abandoned = self._abandoned
        if abandoned is not None and not abandoned.is_alive():
            self._abandoned = abandoned = None
        return self._thread is None and abandoned is None

    def request(self, bot: Bot, rules: Rules, view: dict[str, Any], legal: list[str],
                key: Any = None) -> bool:
        """Start ``bot`` thinking about ``view``. Refused (False) until an abandoned
        search has wound down, so one bot never thinks in two threads at once."""
        if not self.idle:
            return False
        legal = list(legal)
        with self._lock:
            self._result, self._error, self._done = None, None, False
            self._bot = bot
            self.key = key
            self.started = time.perf_counter()
        bot.cancelled = False

        def run() -> None:
            try:
                action = bot.choose(rules, view, legal)
                error = None
            except BaseException as exc:  # noqa: BLE001 - reported to the caller
                action, error = None, exc
            with self._lock:
                if self._thread is threading.current_thread():
                    self._result, self._error, self._done = action, error, True

        thread = threading.Thread(target=run, name=f"bot-{bot.level}", daemon=True)
        with self._lock:
            self._thread = thread
        thread.start()
        return True

    def poll(self) -> tuple[bool, str | None, BaseException | None]:
        """(answered, action, error); an answer is handed out once."""
        with self._lock:
            if self._thread is None or not self._done:
                return False, None, None
            result, error = self._result, self._error
            self._thread, self._bot, self._done = None, None, False
            self._result, self._error = None, None
            return True, result, error

    def cancel(self) -> None:
        """Abandon the current request (its thread stops at the next iteration)."""
        with self._lock:
            bot = self._bot
            if self._thread is not None and self._thread.is_alive():
                self._abandoned = self._thread
            self._thread, self._bot, self._done = None, None, False
            self._result, self._error = None, None
            self.key = None
        if bot is not None:
            bot.cancelled = True
            bot.reset()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current request is answered; True once it is (or if there is
        none). For tests and tools that drive the client frame by frame: a frame never
        waits, it polls."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self.busy

    def thinking_for(self) -> float:
        return time.perf_counter() - self.started if self.busy else 0.0
