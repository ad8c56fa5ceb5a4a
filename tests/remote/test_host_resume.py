"""A hosted game outlives its host.

``aztec-arcade host`` runs as a real process on 127.0.0.1; three devices (real
WebSockets) take the three seats and play, each choosing deterministically from what it
was sent (the playout policy seeded by its view), so two runs with the same seed and the
same devices play the same game. Killed with ``kill -9``, or stopped with Ctrl+C, in the
middle of the game, and started again with ``--resume``, the host opens the same room on
the same port, the same devices come back to their own seats with their tokens, and the
game ends with the same log as a game that was never interrupted. What ``--resume`` and
``--load`` refuse ends with one line and exit code 2, and leaves every file as it was;
a seats file that cannot be read costs the devices their seats, never the game.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.api import new_game
from game.cli import main
from game.core.errors import SaveError
from game.core.records import read_game
from game.core.rng import Rng
from game.remote.keep import META_KEY, KeptSeats, seats_path
from game.ui.saves import HOSTED, SaveStore
from tests.remote.helpers import HANG, Device, playout_choice

ROOT = Path(__file__).resolve().parents[2]
VARIANT, PLAYERS, SEED = "tlatelolco-market", 3, 11
NAMES = ("Ana", "Ben", "Cy")
RULES = new_game(VARIANT, PLAYERS, seed=SEED).rules

posix = pytest.mark.skipif(os.name != "posix", reason="kill -9 and SIGINT are POSIX's")


@dataclass
class Address:
    port: int
    room: str


class HostProcess:
    """``python -m game host`` with its output read line by line (never waited for by
    the clock: every wait is a hang guard)."""

    def __init__(self, home: Path, *args: str) -> None:
        env = dict(os.environ, AZTEC_ARCADE_HOME=str(home), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "host", "--bind", "127.0.0.1", "--no-pictures",
             "--pace", "0", "--takeover", "off", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.out: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def line(self, want: Callable[[str], bool]) -> str:
        """The next line of output ``want`` accepts (the others are kept in ``out``)."""
        while True:
            try:
                line = self.lines.get(timeout=HANG)
            except queue.Empty:
                raise AssertionError(f"no such line within {HANG} s: {self.out[-6:]}") from None
            if line is None:
                self.lines.put(None)
                raise AssertionError(f"the host ended: {self.out[-6:]}")
            self.out.append(line)
            if want(line):
                return line

    def address(self) -> Address:
        url = self.line(lambda line: line.startswith("Join: "))[6:]
        match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?room=([A-Z0-9]+)", url)
        assert match, url
        self.line(lambda line: line.startswith("Ctrl+C"))
        return Address(int(match.group(1)), match.group(2))

    def finish(self) -> tuple[int, str]:
        """Wait for the process to end: its exit code and its error output."""
        code = self.proc.wait(HANG)
        self._reader.join(HANG)
        while (line := self.lines.get_nowait()) is not None:
            self.out.append(line)
        assert self.proc.stderr is not None
        return code, self.proc.stderr.read()

    def kill(self) -> None:
        self.proc.kill()  # SIGKILL: no goodbye, no last write
        assert self.proc.wait(HANG) == -signal.SIGKILL

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(HANG)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def hosts() -> Iterator[Callable[..., HostProcess]]:
    started: list[HostProcess] = []

    def start(home: Path, *args: str) -> HostProcess:
        started.append(HostProcess(home, *args))
        return started[-1]

    yield start
    for host in started:
        host.close()


def choice(state: dict[str, Any]) -> str:
    """What a device plays: a function of what it was sent, the same in every run."""
    seed = zlib.crc32(json.dumps(state["view"], sort_keys=True).encode())
    return playout_choice(RULES, state, Rng(seed))


class Table:
    """The three devices, playing through whichever decides."""

    def __init__(self, address: Address, tokens: list[str] | None = None) -> None:
        self.devices = [Device(address) for _ in NAMES]
        self.welcomes = [device.join(token=tokens[seat]) if tokens else
                         device.join(seat=seat, name=NAMES[seat])
                         for seat, device in enumerate(self.devices)]
        self.version = -1  # the newest state seen (the host's versions restart with it)

    @property
    def tokens(self) -> list[str]:
        return [device.token or "" for device in self.devices]

    def play(self, acts: int | None = None) -> tuple[int, bool]:
        """Play until the game is over or ``acts`` actions were sent. Returns how many
        were sent and whether the game is over. A sent action counts as seen once a
        state after it arrives: the loop waits for that before the next."""
        sent = 0
        while acts is None or sent < acts:
            state = self.devices[0].wait(lambda m: m["type"] == "state"
                                         and m["version"] > self.version)
            self.version = state["version"]
            if state["over"]:
                return sent, True
            mover = self.devices[state["current"]]
            mine = mover.seen(lambda m: m["type"] == "state"
                              and m["version"] >= self.version)
            assert mine["deciding"] and mine["version"] == self.version, mine
            mover.act(choice(mine), mine["version"])
            sent += 1
        return sent, False

    def close(self) -> None:
        for device in self.devices:
            device.close()


def saved_log(home: Path) -> list[str]:
    return list(read_game(home / "saves" / f"{HOSTED}.json").log)


def on_disk(home: Path, sent: int) -> None:
    """Wait (a hang guard, not a timing) until the autosave's writer thread has put most of
    the ``sent`` actions and the seats file on the disk: on a loaded machine the writer
    can lag the game by dozens of actions, and a kill before its first write would leave
    nothing to resume, which is not what this test is about."""
    save = home / "saves" / f"{HOSTED}.json"
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        try:
            if seats_path(save).exists() and len(saved_log(home)) >= sent // 2:
                return
        except (OSError, SaveError):
            pass
        time.sleep(0.05)
    raise AssertionError(f"the autosave did not reach the disk within {HANG} s")


def new_host(hosts: Callable[..., HostProcess], home: Path) -> HostProcess:
    return hosts(home, "--variant", VARIANT, "--players", str(PLAYERS), "--seed", str(SEED),
                 "--port", "0")


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory) -> list[str]:
    """The log of the game played without a stop, by the same devices."""
    home = tmp_path_factory.mktemp("whole")
    host = HostProcess(home, "--variant", VARIANT, "--players", str(PLAYERS), "--seed",
                       str(SEED), "--port", "0")
    try:
        table = Table(host.address())
        _sent, over = table.play()
        assert over
        code, err = host.finish()
        assert code == 0 and "Traceback" not in err, err
        table.close()
    finally:
        host.close()
    log = saved_log(home)
    assert len(log) > 60  # a whole game, long enough to stop in its middle
    # over: the tokens are of no more use, and they go
    assert not seats_path(home / "saves" / f"{HOSTED}.json").exists()
    return log


# ---------------------------------------------------------------------------------------
# kill -9, Ctrl+C
# ---------------------------------------------------------------------------------------
@posix
@pytest.mark.slow
def test_kill_9_mid_game_then_resume_the_devices_rejoin_and_the_game_ends_the_same(
        tmp_path, hosts, whole_game):
    host = new_host(hosts, tmp_path)
    address = host.address()
    table = Table(address)
    assert [w["seat"] for w in table.welcomes] == [0, 1, 2]
    sent, over = table.play(acts=40)
    assert not over
    on_disk(tmp_path, sent)
    host.kill()
    # the save is this game's beginning (the last action or two may still have been on
    # their way to the disk: the devices play them again)
    log = saved_log(tmp_path)
    assert len(log) <= sent and log == whole_game[:len(log)]
    kept = seats_path(tmp_path / "saves" / f"{HOSTED}.json")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600  # the tokens are the user's only
    assert stat.S_IMODE(kept.parent.stat().st_mode) == 0o700

    again = hosts(tmp_path, "--resume")
    assert again.address() == address  # the same room on the same port
    assert f"Continuing after {len(log)} actions; 3 devices may rejoin their seats by " \
           "themselves" in again.out
    back = Table(address, tokens=table.tokens)
    assert [w["seat"] for w in back.welcomes] == [0, 1, 2]  # each its own seat
    assert all(w["token"] == t for w, t in zip(back.welcomes, table.tokens, strict=True))
    _sent, over = back.play()
    assert over
    code, err = again.finish()
    assert code == 0 and "Traceback" not in err, err
    assert sum("device is back" in line for line in again.out) == 3
    assert saved_log(tmp_path) == whole_game
    table.close()
    back.close()


@posix
@pytest.mark.slow
def test_ctrl_c_says_goodbye_until_later_and_resume_goes_on_with_the_same_devices(
        tmp_path, hosts, whole_game):
    host = new_host(hosts, tmp_path)
    address = host.address()
    table = Table(address)
    sent, _over = table.play(acts=25)
    table.devices[0].wait(lambda m: m["type"] == "state" and m["version"] > table.version)
    host.proc.send_signal(signal.SIGINT)
    code, err = host.finish()
    assert code == 2 and "Traceback" not in err, err
    assert host.out[-1].startswith(f"Stopped (SIGINT) after {sent} actions. The game is "
                                   "saved in ")
    assert host.out[-1].endswith("aztec-arcade host --resume continues it, and the devices "
                                 "rejoin their seats by themselves")
    for device in table.devices:  # told that the game goes on: keep the token
        bye = device.wait(lambda m: m["type"] == "bye")
        assert bye["final"] and bye["resume"] is True
        device.wait_closed()
    assert saved_log(tmp_path) == whole_game[:sent]

    again = hosts(tmp_path, "--resume")
    assert again.address() == address
    back = Table(address, tokens=table.tokens)
    assert [w["seat"] for w in back.welcomes] == [0, 1, 2]
    _sent, over = back.play()
    assert over and again.finish()[0] == 0
    assert saved_log(tmp_path) == whole_game
    table.close()
    back.close()


# ---------------------------------------------------------------------------------------
# what --resume and --load refuse
# ---------------------------------------------------------------------------------------
def a_save(home: Path, actions: int = 5, phones: str | None = None) -> Path:
    """A hosted game of ``actions`` actions, saved as the host saves it."""
    game = new_game(VARIANT, PLAYERS, seed=SEED)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    store = SaveStore(home / "saves", background=False, autosave_name=HOSTED)
    meta: dict[str, Any] = {"seats": ["human"] * PLAYERS}
    if phones is not None:
        meta[META_KEY] = phones
    store.autosave(game, list(NAMES), meta)
    return store.path(HOSTED)


def finished_save(home: Path) -> Path:
    game = new_game(VARIANT, PLAYERS, seed=SEED)
    rng = Rng(1)
    while not game.is_over:
        game.apply(game.rules.playout_action(game.state, rng))
    store = SaveStore(home / "saves", background=False, autosave_name=HOSTED)
    store.autosave(game, list(NAMES))
    return store.path(HOSTED)


def readable(seats: Path) -> KeptSeats | None:
    """The seats kept in ``seats`` once they hold a claim (None before)."""
    try:
        kept = KeptSeats.parse(seats.read_bytes(), PLAYERS)
    except (OSError, SaveError):
        return None
    return kept if kept.claims else None


def wait_for(test: Callable[[], Any], what: str) -> Any:
    """Poll ``test`` until it gives something (a hang guard of HANG seconds, not a
    timing: the host writes the file right after it says what happened)."""
    deadline = time.monotonic() + HANG
    while not (found := test()):
        assert time.monotonic() < deadline, f"hung waiting for {what}"
        time.sleep(0.02)
    return found


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("case, args, words", [
    ("empty", ["--resume"], "there is no hosted game to resume ("),
    ("empty", ["--load", "{home}/nowhere.json"], "there is no file {home}/nowhere.json to "
                                                 "continue"),
    ("garbage", ["--resume"], "cannot continue the game in {home}/saves/hosted.json: this "
                              "is not a saved game (not JSON"),
    ("garbage", ["--load", "{home}/saves/hosted.json"], "cannot continue the game in "),
    ("cut", ["--resume"], "cannot continue the game in {home}/saves/hosted.json: "),
    ("finished", ["--resume"], "is over: there is nothing to continue (aztec-arcade replay "),
    ("saved", ["--resume", "--seed", "0"], "--seed cannot change a saved game: --resume "
                                           "continues it as it was"),
    ("saved", ["--resume", "--bots", "easy"], "--bots cannot change a saved game"),
    ("saved", ["--load", "{home}/saves/hosted.json", "--players", "2"],
     "--players cannot change a saved game: --load continues it as it was"),
    ("saved", ["--resume", "--load", "x.json"], "not allowed with argument"),
])
def test_what_resume_and_load_refuse_is_one_line_exit_2_and_no_file_changes(
        tmp_path, monkeypatch, capsys, case, args, words):
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(tmp_path))
    (tmp_path / "saves").mkdir()
    hosted = tmp_path / "saves" / "hosted.json"
    if case == "garbage":
        hosted.write_bytes(b"\x00not a save\xff")
    elif case == "cut":
        a_save(tmp_path)
        hosted.write_bytes(hosted.read_bytes()[:-40])  # a crash of an editor, not ours
    elif case == "finished":
        finished_save(tmp_path)
    elif case == "saved":
        a_save(tmp_path, phones="0123456789abcdef")
    before = files(tmp_path)
    home = str(tmp_path)
    assert main(["host", *(a.replace("{home}", home) for a in args)]) == 2
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if line.strip()]
    assert len(lines) == 1 or lines[0].startswith("usage:"), captured.err  # argparse's
    assert "Traceback" not in captured.err
    assert words.replace("{home}", home) in lines[-1]
    assert captured.out == ""  # nothing started, nothing listened
    assert files(tmp_path) == before


@posix
@pytest.mark.slow
@pytest.mark.parametrize("damage", ["missing", "garbage", "another game's", "bad token"])
def test_seats_that_cannot_be_read_cost_the_devices_their_seats_never_the_game(
        tmp_path, hosts, damage):
    save = a_save(tmp_path, actions=7, phones="00112233aabbccdd")
    seats = seats_path(save)
    seats.parent.mkdir()
    record = KeptSeats("00112233aabbccdd", "KQXTM", 1, {}).to_text()
    if damage == "garbage":
        seats.write_text("{\"format\": 1, \"tag\": ")
    elif damage == "another game's":
        seats.write_text(record.replace("00112233aabbccdd", "ffffffffffffffff"))
    elif damage == "bad token":
        data = json.loads(record)
        data["claims"] = {"0": {"token": "<script>", "name": "Ana", "last_id": 3}}
        seats.write_text(json.dumps(data))
    host = hosts(tmp_path, "--resume", "--port", "0")
    address = host.address()
    note = host.line(lambda line: line.startswith("The devices' seats cannot be read"))
    assert str(seats) in note and note.endswith("the phones must claim their seats again")
    assert address.room != "KQXTM"  # a new room: no device holds a seat in it
    device = Device(address)
    assert device.join(seat=1, name="Ben")["seat"] == 1  # claimed again
    device.state()
    host.line(lambda line: line == "Seat 2 is taken by a device (Ben)")
    kept = wait_for(lambda: readable(seats), "the claim to be kept")  # a good record now
    assert kept.room == address.room and set(kept.claims) == {1}
    assert stat.S_IMODE(seats.stat().st_mode) == 0o600
    assert len(saved_log(tmp_path)) == 7  # the game itself is untouched
    device.close()


@posix
@pytest.mark.slow
def test_a_new_game_keeps_the_unfinished_one_aside_and_load_continues_it_with_its_phones(
        tmp_path, hosts):
    old = a_save(tmp_path, actions=9, phones="00112233aabbccdd")
    seats = seats_path(old)
    seats.parent.mkdir()
    seats.write_text(KeptSeats("00112233aabbccdd", "KQXTM", 1, {}).to_text())
    host = new_host(hosts, tmp_path)
    host.address()
    note = host.line(lambda line: line.startswith("The unfinished hosted game was kept as"))
    kept_as = Path(note.split(" kept as ", 1)[1].split(":", 1)[0])
    assert kept_as.name.startswith("hosted-unfinished-") and kept_as.parent == old.parent
    host.kill()
    assert len(read_game(kept_as).log) == 9
    assert KeptSeats.parse(seats_path(kept_as).read_text(), PLAYERS).room == "KQXTM"
    assert saved_log(tmp_path) == []  # the new game, not yet begun

    again = hosts(tmp_path, "--load", str(kept_as), "--port", "0")
    assert again.address().room == "KQXTM"  # its phones' room again
    assert "Continuing after 9 actions" in again.out
    # the new game it replaces as the hosted game is kept aside in its turn
    note = again.line(lambda line: line.startswith("The unfinished hosted game was kept as"))
    assert Path(note.split(" kept as ", 1)[1].split(":", 1)[0]) != kept_as


def test_when_the_devices_port_is_taken_resume_says_how_to_go_on(tmp_path, monkeypatch,
                                                                 capsys):
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(tmp_path))
    save = a_save(tmp_path, phones="00112233aabbccdd")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        seats_path(save).parent.mkdir()
        seats_path(save).write_text(KeptSeats("00112233aabbccdd", "KQXTM", port, {}).to_text())
        before = files(tmp_path)
        assert main(["host", "--resume", "--bind", "127.0.0.1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"port {port}" in err
    assert err.endswith("it is the port the devices know: choose another with --port, and "
                        "they rejoin their seats once they open the new address")
    assert files(tmp_path) == before
