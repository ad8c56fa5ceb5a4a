"""A table of real WebSocket devices against a real host, for ``benchmarks/remote.py``.

The phones are :class:`Phone` objects on one asyncio loop in the benchmark's process;
each reads every message its connection is sent and stamps its arrival
(``time.monotonic``: CLOCK_MONOTONIC on Linux, the same clock in every process). A phone
reads only the first bytes of a message (its type and version) unless the driver needs
the whole state to choose an action, so the phones' own work stays out of the figures.
The spectators are another process (:func:`spectators`, at the lowest priority: the
phones and laptops elsewhere at a real table), stamping each new picture's arrival.

:func:`table_trips` runs ``aztec-arcade host`` (the real command, in its own process,
every seat a phone), and times each act: to its acknowledgement (the acting phone's
state of the next version: the host took the act, applied it and published the result)
and to the new table picture on every phone. The host's CPU time (and its painter's) is
read from ``/proc`` before and after.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: seconds a phone waits for an answer before the run is given up
HANG = 60.0
#: the first bytes of every message the server sends: its type, then its version
HEAD = re.compile(rb'^\{"type":"(\w+)","v":\d+(?:,"version":(\d+))?')
#: the lowest priority, for processes standing in for devices elsewhere
NICE = ("nice", "-n", "19") if sys.platform.startswith("linux") else ()


def peek(raw: bytes) -> tuple[str, int]:
    """A message's type and version (0 if it has none), from its first bytes only."""
    match = HEAD.match(raw[:80])
    if match is None:
        return "", 0
    return match.group(1).decode(), int(match.group(2) or 0)


@dataclass
class Phone:
    """One device: a seat's phone (``seat``) or a spectator (``seat`` None)."""

    port: int
    room: str
    seat: int | None
    ws: Any = None
    token: str | None = None
    #: the newest state's version and its raw bytes (parsed when the driver needs it)
    version: int = 0
    state: bytes = b""
    #: arrival time of each state version and each picture version
    states_at: dict[int, float] = field(default_factory=dict)
    pictures_at: dict[int, float] = field(default_factory=dict)
    refused: list[bytes] = field(default_factory=list)
    news: asyncio.Event = field(default_factory=asyncio.Event)
    reader: asyncio.Task[None] | None = None

    async def open(self, join: dict[str, Any] | None = None) -> None:
        """Connect and join: the seat (or its token, once it has one), or ``join``."""
        from websockets.asyncio.client import connect

        from game.remote.protocol import PROTOCOL

        if join is None:
            join = {"token": self.token} if self.token else \
                {"seat": self.seat} if self.seat is not None else {"spectate": True}
        self.ws = await connect(f"ws://127.0.0.1:{self.port}/ws", proxy=None,
                                max_size=None, open_timeout=HANG)
        await self.ws.send(json.dumps({"type": "join", "v": PROTOCOL, "room": self.room,
                                       **join}))
        self.reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)
        self.ws = self.reader = None

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in self.ws:
                now = time.monotonic()
                raw = raw if isinstance(raw, bytes) else raw.encode()
                kind, version = peek(raw)
                if kind == "state":
                    self.version, self.state = version, raw
                    self.states_at.setdefault(version, now)
                elif kind == "picture":
                    self.pictures_at.setdefault(version, now)
                elif kind == "welcome":
                    self.token = json.loads(raw).get("token") or self.token
                elif kind in ("refused", "error"):
                    self.refused.append(raw)
                self.news.set()
        except ConnectionClosed:
            pass
        self.news.set()

    async def until(self, done: Callable[[], bool]) -> None:
        """Wait until ``done()`` holds (checked after every message)."""
        deadline = time.monotonic() + HANG
        while not done():
            self.news.clear()
            left = deadline - time.monotonic()
            if left <= 0 or self.reader is None or self.reader.done():
                raise RuntimeError(f"phone {self.seat}: no answer (refused: "
                                   f"{self.refused[-3:]})")
            try:
                await asyncio.wait_for(self.news.wait(), left)
            except TimeoutError:
                pass

    def picture_since(self, version: int) -> float | None:
        """When the first picture of ``version`` or newer arrived."""
        times = [t for v, t in self.pictures_at.items() if v >= version]
        return min(times) if times else None


class Chooser:
    """Chooses each seat's action from its own state as a player would see it: the
    playout policy on a determinization of its view, so games end as real ones do."""

    def __init__(self, variant: str, players: int, seed: int) -> None:
        from game.api import new_game
        from game.core.rng import Rng

        self.rules = new_game(variant, players, seed=seed).rules
        self.rng = Rng(seed)

    def choose(self, state: dict[str, Any]) -> str:
        options = [i["action"] for g in state["actions"] for i in g["actions"]]
        try:
            sample = self.rules.determinize(state["view"], state["seat"], self.rng)
            action = str(self.rules.playout_action(sample, self.rng))
        except Exception:  # noqa: BLE001 - a view the policy cannot read: any action
            action = ""
        return action if action in options else str(self.rng.choice(options))


@dataclass
class Acts:
    """What one run of acts measured (seconds)."""

    ack: list[float] = field(default_factory=list)
    picture: list[float] = field(default_factory=list)  # on every phone
    #: when each act was sent, and the version it made
    sent: list[tuple[float, int]] = field(default_factory=list)
    over: bool = False


async def play(phones: list[Phone], chooser: Chooser, actions: int,
               each: Callable[[int], Any] | None = None, games: bool = False) -> Acts:
    """Play up to ``actions`` acts (fewer if the game ends), each from the deciding
    seat's phone; after each, wait for its acknowledgement and the new picture on every
    phone. ``each(n)`` is awaited after the n-th act (a memory mark, say). ``games``:
    when a game ends, wait for the host's next one and play on."""
    from game.remote.protocol import PROTOCOL

    out = Acts()
    ids = [0] * len(phones)
    first = phones[0]
    await first.until(lambda: first.version > 0)
    while len(out.ack) < actions:
        newest = max(p.version for p in phones)
        await asyncio.gather(*(p.until(lambda p=p, v=newest: p.version >= v) for p in phones))
        state = json.loads(first.state)
        if state["over"] and not games:
            out.over = True
            break
        if state["over"]:  # the host starts the next game
            await first.until(lambda v=first.version: first.version > v)
            continue
        seat = state["current"]
        phone = phones[seat]
        state = json.loads(phone.state)
        action = chooser.choose(state)
        version = phone.version
        t0 = time.monotonic()
        await phone.ws.send(json.dumps({"type": "act", "v": PROTOCOL, "id": ids[seat],
                                        "version": version, "action": action}))
        ids[seat] += 1
        await phone.until(lambda p=phone, v=version: p.version > v)
        new = phone.version
        out.ack.append(phone.states_at[new] - t0)
        out.sent.append((t0, new))
        await asyncio.gather(*(p.until(lambda p=p, v=new: p.picture_since(v) is not None)
                               for p in phones))
        out.picture.append(max(p.picture_since(new) or 0.0 for p in phones) - t0)
        if each is not None:
            await each(len(out.ack))
    return out


# ---------------------------------------------------------------------------------------
# the spectators' process
# ---------------------------------------------------------------------------------------
def spectators(port: int, room: str, count: int, out: Path) -> subprocess.Popen[bytes]:
    """``count`` spectators in a process of their own (lowest priority), until the host
    says goodbye; then each picture's arrival on each spectator is written to ``out``."""
    return subprocess.Popen(
        [*NICE, sys.executable, str(Path(__file__)), str(port), room, str(count), str(out)],
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def spectator_pictures(out: Path) -> list[dict[int, float]]:
    return [{int(v): t for v, t in seen.items()} for seen in json.loads(out.read_text())]


# ---------------------------------------------------------------------------------------
# the real host
# ---------------------------------------------------------------------------------------
def children(pid: int) -> list[int]:
    """The processes ``pid``'s threads started (the painter is started by the server's)."""
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            out += [int(c) for c in task.read_text().split()]
        except OSError:
            pass
    return out


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (0 once it has gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Host:
    """``aztec-arcade host`` in its own process, every seat waiting for a phone; its
    output is read on a thread (it prints every action), so it never waits on a pipe."""

    def __init__(self, variant: str, players: int, seed: int, extra: list[str]) -> None:
        cmd = [sys.executable, "-m", "game", "host", "--variant", variant, "--players",
               str(players), "--port", "0", "--bind", "127.0.0.1", "--pace", "0",
               "--takeover", "off", "--seed", str(seed), *extra]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True)
        assert self.proc.stdout is not None
        self.lines: list[str] = []
        for line in self.proc.stdout:
            self.lines.append(line)
            match = re.match(r"Join: http://127\.0\.0\.1:(\d+)/\?room=(\w+)", line)
            if match:
                self.port, self.room = int(match.group(1)), match.group(2)
                break
        else:
            raise RuntimeError("aztec-arcade host did not print its join URL:\n"
                               + "".join(self.lines[-20:]))
        self._drain = threading.Thread(target=self._read, daemon=True)
        self._drain.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)
            del self.lines[:-50]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(HANG)
        self._drain.join(HANG)


@dataclass
class Trip:
    """One game's figures: acts, pictures, the spectators' pictures, CPU, load."""

    variant: str
    players: int
    acts: Acts
    watched: list[float]  # act -> the new picture on every spectator
    host_cpu: float  # seconds of the host's CPU per act (its painter apart)
    painter_cpu: float
    load: tuple[float, float]  # one-minute load average before and after


async def _trip(host: Host, variant: str, players: int, seed: int, actions: int) -> Acts:
    phones = [Phone(host.port, host.room, seat) for seat in range(players)]
    for phone in phones:
        await phone.open()
    try:
        return await play(phones, Chooser(variant, players, seed), actions)
    finally:
        for phone in phones:
            await phone.close()


def table_trips(variant: str, players: int, actions: int, seed: int, watchers: int,
                home: Path) -> Trip:
    """Start ``aztec-arcade host``, seat a phone on every seat and ``watchers``
    spectators, play ``actions`` acts and time them."""
    host = Host(variant, players, seed, [])
    out = home / f"spectators-{variant}-{seed}.json"
    crowd = spectators(host.port, host.room, watchers, out)
    load0 = os.getloadavg()[0]
    try:
        for _ in range(int(HANG * 10)):  # every spectator is in before the first act
            if out.with_suffix(".ready").exists():
                break
            time.sleep(0.1)
        painter = next(iter(children(host.proc.pid)), None)
        cpu0 = cpu_seconds(host.proc.pid)
        paint0 = cpu_seconds(painter) if painter else 0.0
        try:
            acts = asyncio.run(_trip(host, variant, players, seed, actions))
        except RuntimeError:
            print("".join(host.lines[-12:]), file=sys.stderr)
            raise
        cpu1 = cpu_seconds(host.proc.pid)
        paint1 = cpu_seconds(painter) if painter else 0.0
    finally:
        load1 = os.getloadavg()[0]
        host.stop()
        crowd.wait(HANG)
    n = max(1, len(acts.ack))
    painter_cpu = (paint1 - paint0) / n
    seen = spectator_pictures(out) if out.exists() else []
    watched = [max(min((t for v, t in s.items() if v >= new), default=float("inf"))
                   for s in seen) - t0 for t0, new in acts.sent] if seen else []
    return Trip(variant, players, acts, watched, (cpu1 - cpu0) / n,
                painter_cpu, (load0, load1))


def _spectators_main(argv: list[str]) -> None:
    port, room, count, out = int(argv[0]), argv[1], int(argv[2]), Path(argv[3])

    async def run() -> list[dict[int, float]]:
        watchers = [Phone(port, room, None) for _ in range(count)]
        for watcher in watchers:
            await watcher.open()
            await watcher.until(lambda w=watcher: bool(w.states_at))
        out.with_suffix(".ready").write_text("")
        await asyncio.gather(*(w.reader for w in watchers if w.reader is not None))
        return [w.pictures_at for w in watchers]

    out.write_text(json.dumps(asyncio.run(run())))


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    _spectators_main(sys.argv[1:])
