"""Search processes that end with the process that started them.

Hard's search processes (:mod:`game.ai.parallel`) run for as long as a decision's budget,
and nothing in :mod:`concurrent.futures` ends one whose parent is gone: a client killed
with ``kill -9`` (or by the out-of-memory killer, or a crash of the interpreter) left a
worker searching on at full speed, adopted by ``init``. So each worker holds a lifeline
to its parent and ends itself (``os._exit``, nothing to clean up) when it breaks:

* everywhere: a pipe whose only writing end the parent holds. A daemon thread of the
  worker blocks reading it; when the parent dies, however it dies, the system closes its
  end, the read sees the end of the file and the worker exits. The same happens when the
  parent closes the end itself (:meth:`Tether.cut`): that is how a closed bot stops its
  processes mid-search. The thread needs the interpreter for a moment, which a search in
  pure Python hands over every few milliseconds;
* on Linux, besides: a parent-death signal (``prctl(PR_SET_PDEATHSIG, SIGKILL)``), which
  the kernel sends whatever the worker is doing. The kernel sends it when the *thread*
  that started the worker ends, not the process, so the pool starts its processes from a
  thread that lives as long as the pool (see :class:`game.ai.parallel.RootPool`). After
  asking for it the worker checks that its parent is still the one that started it: a
  parent that died just before would never send it.

The parent's identity and the pipe's reading end reach the worker through the pool's
initialiser (pickled by :mod:`multiprocessing` for the spawned process).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from dataclasses import dataclass
from multiprocessing.connection import Connection

#: ask Linux for a parent-death signal as well as the pipe. The tests turn one off to
#: prove that the other alone ends an orphaned worker (the pipe alone: every other system)
PARENT_SIGNAL = sys.platform.startswith("linux")
#: watch the pipe (see above)
WATCH_PIPE = True

#: ``prctl`` option: the signal this process receives when its parent thread ends
PR_SET_PDEATHSIG = 1
#: a worker's exit status when it ends because its parent is gone
ORPHANED = 70


@dataclass(frozen=True)
class Lifeline:
    """What a worker is given: who its parent is, and the pipe that breaks with it."""

    parent: int
    reader: Connection
    signal: bool
    watch: bool


class Tether:
    """The parent's side: the pipe's writing end, kept open while the workers may live."""

    def __init__(self) -> None:
        reader, self._writer = multiprocessing.Pipe(duplex=False)
        self.line = Lifeline(os.getpid(), reader, PARENT_SIGNAL, WATCH_PIPE)

    def cut(self) -> None:
        """Every worker holding this lifeline ends itself (at once, mid-search or not)."""
        self._writer.close()
        self.line.reader.close()


def hold(line: Lifeline) -> None:
    """In a worker, first thing: end this process when the parent in ``line`` is gone."""
    if line.signal:
        _ask_for_parent_death_signal()
    if os.getppid() != line.parent:  # gone already (or the signal would come too late)
        os._exit(ORPHANED)
    if line.watch:
        threading.Thread(target=_watch, args=(line.reader,), name="lifeline",
                         daemon=True).start()


def _watch(reader: Connection) -> None:
    """Block on the pipe until its writing end is closed, then end the process."""
    try:
        while True:
            reader.recv_bytes()
    except (EOFError, OSError):
        pass
    os._exit(ORPHANED)


def _ask_for_parent_death_signal() -> None:
    """``prctl(PR_SET_PDEATHSIG, SIGKILL)`` (the interpreter is linked with the C library
    that has it); without it, the pipe alone watches the parent."""
    try:
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass
