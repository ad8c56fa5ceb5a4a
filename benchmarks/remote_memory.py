"""The host's memory over many actions and connect/leave cycles, for ``benchmarks/remote.py``.

The host is a process of its own (this file with ``--host``): the
:class:`~game.remote.host.Host` loop, its :class:`~game.remote.hub.RemoteHub` (server,
painter, autosave :class:`~game.remote.host.Keeper`) built as ``aztec-arcade host``
builds them, playing game after game on the one hub (a game lasts a few hundred actions;
the phones keep their seats from one to the next), tracemalloc on from the start. It
answers ``mark`` on its standard input with a JSON line: its resident set less
tracemalloc's own memory, Python's objects as tracemalloc counts them (after a
``gc.collect()``), and the size of the hub's and the server's per-connection tables;
``snap PATH`` dumps a tracemalloc snapshot for the comparison by file and line.

The driver (the benchmark's process) seats four phones (:mod:`benchmarks.remote_table`)
and 20 spectators, plays the actions (a mark every ``every``), then runs the
connect/leave cycles, one of each kind in turn: a spectator joins and leaves; a device
looks at the seats and leaves; a device connects and leaves without joining; a seated
phone drops and comes back with its token; a seated phone gives its seat up and claims
it again. The growth per 100 actions (or cycles) is a least-squares line through the
marks of the second half.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from benchmarks.remote_table import HANG, Chooser, Phone, play, spectators  # noqa: E402

MB = 1024 * 1024
#: the bounds (growth per 100 actions or cycles over the second half). A game's own log
#: grows about 10 KB per 100 actions and is dropped when the next game starts; a leak of
#: one small record per action or connection (300 bytes: a dict, a dataclass) would be
#: 30 KB per 100.
PYTHON_BOUND = 32 * 1024
#: the resident set moves by whole pages and the allocator's arenas: a coarser bound
RSS_BOUND = 512 * 1024


# ---------------------------------------------------------------------------------------
# the host's process
# ---------------------------------------------------------------------------------------
def tables(hub: Any) -> dict[str, int]:
    """The size of every per-connection or per-seat table of the hub and its server."""
    server = hub._server  # noqa: SLF001 - the benchmark looks inside on purpose
    return {"conns": len(server.conns) if server else 0, "entered": hub._connections,  # noqa: SLF001
            "spectators": len(hub._spectators), "claims": len(hub._claims),  # noqa: SLF001
            "inbox": len(hub._inbox), "news": len(hub._news),  # noqa: SLF001
            "guesses": len(hub._guesses),  # noqa: SLF001
            "addresses": len(server._addresses) if server else 0}  # noqa: SLF001


def mark(hub: Any, connections: int) -> dict[str, Any]:
    """The memory now, once the server holds ``connections`` (the goodbyes of devices
    that just left are handled: a mark never counts a connection being torn down)."""
    deadline = time.monotonic() + HANG
    while tables(hub)["conns"] != connections and time.monotonic() < deadline:
        time.sleep(0.01)
    gc.collect()
    with open("/proc/self/statm", encoding="ascii") as handle:
        rss = int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return {"rss": rss - tracemalloc.get_tracemalloc_memory(),
            "python": tracemalloc.get_traced_memory()[0], "tables": tables(hub)}


def host_main(variant: str, players: int, seed: int) -> None:
    """Host game after game on one hub until told to quit; answer marks and snapshots."""
    tracemalloc.start(1)
    from game.api import new_game
    from game.remote.host import HUMAN, Host, Keeper
    from game.remote.hub import RemoteHub
    from game.remote.keep import new_tag
    from game.remote.snapshot import default_table
    from game.ui.saves import HOSTED, SaveStore

    hub = RemoteHub(default_table(players))
    hub.start("127.0.0.1", 0)
    store = SaveStore(autosave_name=HOSTED)
    print(json.dumps({"port": hub.port, "room": hub.room}), flush=True)
    current: list[Host] = []
    quit_ = threading.Event()
    requests: queue.Queue[tuple[str, str]] = queue.Queue()
    replies: queue.Queue[dict[str, Any]] = queue.Queue()

    def serve_requests() -> None:
        """On the owner's thread, between two steps: no publish is half made."""
        while not requests.empty():
            word, rest = requests.get()
            if word == "mark":
                replies.put(mark(hub, int(rest)))
            else:
                tracemalloc.take_snapshot().dump(rest)
                replies.put({"snap": rest})

    class Marked(Host):
        def step(self) -> None:
            serve_requests()
            super().step()

    def commands() -> None:
        for line in sys.stdin:
            word, _, rest = line.strip().partition(" ")
            if word not in ("mark", "snap"):
                break
            requests.put((word, rest))
            hub._activity.set()  # noqa: SLF001 - wake the owner's wait at once
            print(json.dumps(replies.get()), flush=True)
        quit_.set()
        if current:
            current[0].stopped = "quit"

    threading.Thread(target=commands, daemon=True).start()
    with open(os.devnull, "w", encoding="utf-8") as quiet:
        games = 0
        while not quit_.is_set():
            serve_requests()
            game = new_game(variant, players, seed=seed + games)
            games += 1
            host = Marked(game, hub, {}, takeover=None, pace=0, out=quiet)
            host.keeper = Keeper(store, hub, new_tag(), [HUMAN] * players, host.say)
            current[:] = [host]
            if quit_.is_set():
                break
            host.run()
            if game.is_over:
                host.keeper.forget()
    hub.stop("The benchmark is over")
    store.flush()


# ---------------------------------------------------------------------------------------
# the driver
# ---------------------------------------------------------------------------------------
@dataclass
class Memory:
    """Marks of one phase: (actions or cycles so far, the host's mark)."""

    marks: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: the comparison of the snapshots at the half and at the end, by file and line
    growing: list[str] = field(default_factory=list)


class HostProcess:
    def __init__(self, variant: str, players: int, seed: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__)), "--host", variant, str(players), str(seed)],
            cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True)
        self.answers: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        first = self.answers.get(timeout=HANG)
        self.port, self.room = int(first["port"]), str(first["room"])

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("{"):
                self.answers.put(json.loads(line))

    def ask(self, command: str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        if self.proc.poll() is not None:
            raise RuntimeError(f"the host's process ended ({self.proc.returncode})")
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.answers.get(timeout=HANG * 2)

    async def ask_async(self, command: str) -> dict[str, Any]:
        return await asyncio.get_running_loop().run_in_executor(None, self.ask, command)

    def stop(self) -> None:
        if self.proc.poll() is None and self.proc.stdin is not None:
            with contextlib.suppress(OSError):
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
        try:
            self.proc.wait(HANG)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(HANG)


async def cycle(kind: int, phones: list[Phone], port: int, room: str) -> None:
    """One connect/leave cycle of the given kind (see the module docstring)."""
    from game.remote.protocol import PROTOCOL

    if kind == 0 or kind == 1:
        device = Phone(port, room, None)
        await device.open(None if kind == 0 else {})
        if kind == 0:
            await device.until(lambda: bool(device.states_at))
        else:
            await asyncio.sleep(0)  # the lobby is sent the seats; it leaves at once
        await device.close()
    elif kind == 2:
        from websockets.asyncio.client import connect

        ws = await connect(f"ws://127.0.0.1:{port}/ws", proxy=None, open_timeout=HANG)
        await ws.close()
    elif kind == 3:
        phone = phones[next(TURNS) % len(phones)]
        await phone.close()
        phone.states_at.clear()
        await phone.open()  # with its token
        await phone.until(lambda: bool(phone.states_at))
    else:
        phone = phones[next(TURNS) % len(phones)]
        token = phone.token
        await phone.ws.send(json.dumps({"type": "bye", "v": PROTOCOL}))
        await phone.ws.send(json.dumps({"type": "join", "v": PROTOCOL, "room": room,
                                        "seat": phone.seat}))
        await phone.until(lambda: phone.token != token)


#: which phone drops or gives its seat up next
TURNS = itertools.count()
KINDS = 5


async def _drive(host: HostProcess, variant: str, players: int, seed: int, actions: int,
                 cycles: int, every: tuple[int, int], snaps: Path,
                 watchers: int) -> tuple[Memory, Memory]:
    played, cycled = Memory(), Memory()
    phones = [Phone(host.port, host.room, seat) for seat in range(players)]
    for phone in phones:
        await phone.open()

    async def each(n: int) -> None:
        if n % every[0] == 0:
            played.marks.append((n, await host.ask_async(f"mark {len(phones) + watchers}")))
        if n in (actions // 2, actions):
            await host.ask_async(f"snap {snaps / f'actions-{n}.snap'}")

    await host.ask_async(f"snap {snaps / 'actions-0.snap'}")
    played.marks.append((0, await host.ask_async(f"mark {len(phones) + watchers}")))
    await play(phones, Chooser(variant, players, seed), actions, each, games=True)
    cycled.marks.append((0, await host.ask_async(f"mark {len(phones) + watchers}")))
    for n in range(1, cycles + 1):
        await cycle(n % KINDS, phones, host.port, host.room)
        if n % every[1] == 0:
            cycled.marks.append((n, await host.ask_async(f"mark {len(phones) + watchers}")))
        if n in (cycles // 2, cycles):
            await host.ask_async(f"snap {snaps / f'cycles-{n}.snap'}")
    for phone in phones:
        await phone.close()
    return played, cycled


def growth(marks: list[tuple[int, dict[str, Any]]], key: str) -> float:
    """Bytes per 100 actions (or cycles) over the second half: the Theil-Sen line (the
    median of the slopes between every two marks), which a one-off step does not tilt.
    The resident set rises by whole steps when the allocator takes a new arena for the
    biggest state so far, then stays flat: growth is a slope that keeps going."""
    last = marks[-1][0]
    half = [(n, m[key]) for n, m in marks if n >= last / 2]
    slopes = sorted((b[1] - a[1]) / (b[0] - a[0]) for i, a in enumerate(half)
                    for b in half[i + 1:] if b[0] != a[0])
    return 100 * statistics.median(slopes) if slopes else 0.0


def compare(old: Path, new: Path, top: int = 8) -> list[str]:
    """The lines whose objects grew the most between two snapshots."""
    filters = [tracemalloc.Filter(False, tracemalloc.__file__),
               tracemalloc.Filter(False, "<frozen importlib._bootstrap*>")]
    before = tracemalloc.Snapshot.load(str(old)).filter_traces(filters)
    after = tracemalloc.Snapshot.load(str(new)).filter_traces(filters)
    stats = [s for s in after.compare_to(before, "lineno") if s.size_diff > 0][:top]
    return [f"{s.size_diff / 1024:+8.1f} KB {s.count_diff:+6d} blocks  "
            f"{s.traceback[0].filename.replace(str(ROOT) + os.sep, '')}:"
            f"{s.traceback[0].lineno}" for s in stats]


def host_memory(variant: str, players: int, seed: int, actions: int, cycles: int,
                home: Path, watchers: int = 20) -> tuple[Memory, Memory]:
    """Run the host's process and the devices; the marks of both phases."""
    snaps = home / "snapshots"
    snaps.mkdir(exist_ok=True)
    host = HostProcess(variant, players, seed)
    crowd = spectators(host.port, host.room, watchers, home / "memory-spectators.json")
    try:
        ready = (home / "memory-spectators.json").with_suffix(".ready")
        for _ in range(int(HANG * 10)):
            if ready.exists():
                break
            threading.Event().wait(0.1)
        every = (max(1, actions // 20), max(1, cycles // 20))
        played, cycled = asyncio.run(_drive(host, variant, players, seed, actions, cycles,
                                            every, snaps, watchers))
    finally:
        host.stop()
        crowd.wait(HANG)
    played.growing = compare(snaps / f"actions-{actions // 2}.snap",
                             snaps / f"actions-{actions}.snap")
    cycled.growing = compare(snaps / f"cycles-{cycles // 2}.snap",
                             snaps / f"cycles-{cycles}.snap")
    return played, cycled


if __name__ == "__main__":
    if sys.argv[1:2] == ["--host"]:
        host_main(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
