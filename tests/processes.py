"""Watching real processes through Linux's /proc: a process's children, whether one is
searching, whether it has ended. For the tests of Hard's search processes, which must
never outlive the process that started them.

A process counts as ended once it has exited, even if nobody has collected its exit
status yet (a zombie: in a container the adopting init may never reap it), and once its
number belongs to another process (told apart by its start time).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

#: how long a test waits for something that should happen at once: a bound against a
#: hang on a slow machine, never a measure of speed
PATIENCE = 60.0
#: CPU time (in clock ticks) a search process spends searching before a test acts on it
SEARCHING_TICKS = 100

Proc = tuple[int, int]  # (pid, start time): one process, even if its pid is reused


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (field 3 first)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    return text.rsplit(b")", 1)[1].decode().split()


def children(parent: int) -> list[Proc]:
    """The processes whose parent is ``parent`` now."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and int(fields[1]) == parent:
                found.append((int(entry), int(fields[19])))
    return found


def workers(parent: int) -> list[Proc]:
    """``parent``'s search processes (spawned by multiprocessing, unlike its resource
    tracker)."""
    out = []
    for proc in children(parent):
        try:
            command = Path(f"/proc/{proc[0]}/cmdline").read_bytes()
        except OSError:
            continue
        if b"--multiprocessing-fork" in command:
            out.append(proc)
    return out


def alive(proc: Proc) -> bool:
    fields = _stat(proc[0])
    return fields is not None and int(fields[19]) == proc[1] and fields[0] not in "ZX"


def end_all(procs: list[Proc]) -> None:
    """Kill those of ``procs`` still running (a test's leftovers, after a failure)."""
    for proc in procs:
        if alive(proc):
            try:
                os.kill(proc[0], signal.SIGKILL)
            except OSError:
                pass


def cpu_ticks(proc: Proc) -> int:
    fields = _stat(proc[0])
    if fields is None or int(fields[19]) != proc[1]:
        return -1
    return int(fields[11]) + int(fields[12])


def threads(proc: Proc) -> int:
    try:
        return len(os.listdir(f"/proc/{proc[0]}/task"))
    except OSError:
        return 0


def wait_for(condition: Callable[[], bool], what: str, bound: float = PATIENCE) -> None:
    """Poll ``condition`` until it holds; fail naming ``what`` if it does not within
    ``bound`` seconds (a guard against a hang, not a timing)."""
    deadline = time.monotonic() + bound
    while not condition():
        assert time.monotonic() < deadline, f"still not so after {bound:g} s: {what}"
        time.sleep(0.05)


#: the Hard players of ``tests/client/hard_window.py``, each with its search process
HARD_SEATS = 2


def start_searching_window(home: Path, *flags: str) -> tuple[subprocess.Popen[str], list[Proc]]:
    """``tests/client/hard_window.py`` in a process of its own, once its Hard players'
    search processes are there and one of them has started searching (set up, and
    :data:`SEARCHING_TICKS` of CPU spent since: an idle one spends none); the process and
    its search processes. ``home``: its user folder."""
    script = Path(__file__).parent / "client" / "hard_window.py"
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, AZTEC_ARCADE_HOME=str(home),
               PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    window = subprocess.Popen([sys.executable, str(script), *flags], cwd=root, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # each Hard seat starts its process when it is seated (Bot.prepare)
        wait_for(lambda: len(workers(window.pid)) == HARD_SEATS or window.poll() is not None,
                 "the window starts its Hard players' search processes")
        assert window.poll() is None, window.communicate()[1]
        found = workers(window.pid)
        # Set up: their lifeline threads are there. Without one (--no-pipe) the CPU time
        # below counts from their start, whose set-up takes a third of it here; on a
        # machine so slow that one is still setting up, its check of its parent ends it
        # all the same.
        wait_for(lambda: all(threads(w) >= 2 for w in found) or "--no-pipe" in flags,
                 "the search processes are set up")
        start = {w: cpu_ticks(w) for w in found}
        wait_for(lambda: any(cpu_ticks(w) >= start[w] + SEARCHING_TICKS for w in found),
                 "a search process searches")
    except BaseException:
        end_all(workers(window.pid))
        window.kill()
        window.communicate()
        raise
    return window, found
