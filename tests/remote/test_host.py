"""``aztec-arcade host``: a windowless game for devices, and its mistakes."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

import pytest

from game.ai import make_bot
from game.api import new_game
from game.cli import main
from game.core.rng import Rng
from game.remote.host import Host
from tests.remote.helpers import HANG, Device, playout_choice

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("args, words", [
    (["--bots", "wizard"], "unknown computer level"),
    (["--port", "70000"], "the port must be at most 65535"),
    (["--port", "http"], "the port must be a whole number"),
    (["--takeover", "nan"], "--takeover is a number of seconds"),
    (["--takeover", "-3"], "--takeover is a number of seconds"),
    (["--pace", "fast"], "--pace is a number of seconds"),
    (["--variant", "nope"], "nope"),
    (["--players", "9"], "player"),
    (["--players", "2", "--bots", "easy,easy,easy"], "3 computer players do not fit 2 seats"),
    (["--bind", "203.0.113.255", "--port", "0"], "cannot listen on 203.0.113.255"),
])
def test_bad_arguments_end_with_a_clear_message_and_exit_code_2(capsys, args, words):
    assert main(["host", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert words in err.strip().splitlines()[-1]


def test_a_seat_left_without_a_device_is_played_by_the_computer(make_hub):
    game = new_game("tlatelolco-market", 2, seed=5)
    hub = make_hub(2)
    out = StringIO()
    bot = make_bot("easy", seed=1)
    host = Host(game, hub, {1: bot}, takeover=0.0, takeover_level="easy", pace=0.0, out=out)
    host.run()
    text = out.getvalue()
    assert game.is_over
    assert "(the computer plays for Player 1)" in text
    assert "Game over: Player 1" in text and ("winner: " in text or "winners: " in text)


def test_takeover_off_waits_for_a_device_and_the_device_plays(make_hub):
    game = new_game("tlatelolco-market", 2, seed=6)
    hub = make_hub(2)
    out = StringIO()
    host = Host(game, hub, {1: make_bot("easy", seed=1)}, takeover=None, pace=0.0, out=out)
    runner = threading.Thread(target=host.run, daemon=True)
    runner.start()
    phone = Device(hub)
    phone.join(seat=0, name="Zoe")
    rng = Rng(2)
    while True:
        state = phone.wait(lambda m: m["type"] == "state" and (m["deciding"] or m["over"]))
        if state["over"]:
            break
        phone.act(playout_choice(game.rules, state, rng), state["version"])
    runner.join(HANG)
    assert not runner.is_alive() and game.is_over
    text = out.getvalue()
    assert "Seat 1 is taken by a device (Zoe)" in text
    assert "computer plays for" not in text
    assert hub.table[0].name == "Zoe"  # the device's name is the seat's name now
    assert state["results"]["text"].split()[0] in ("Zoe", "Player", "No")


@dataclass
class Address:
    port: int
    room: str


@pytest.mark.slow
def test_the_host_command_runs_a_game_for_a_phone_to_its_end():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--variant", "tlatelolco-market",
         "--players", "2", "--bots", "easy", "--pace", "0", "--port", "0",
         "--bind", "127.0.0.1", "--no-pictures", "--seed", "3", "--takeover", "off"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout],
                              daemon=True)
    reader.start()
    try:
        seen = []
        while not any(line.startswith("Join: ") for line in seen):
            seen.append(lines.get(timeout=HANG))
        url = next(line for line in seen if line.startswith("Join: "))[6:].strip()
        match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?room=([A-Z0-9]+)", url)
        assert match, url
        while not any(line.startswith("Ctrl+C") for line in seen):
            seen.append(lines.get(timeout=HANG))
        qr = [line for line in seen if set(line.strip()) <= set("█▀▄ ") and line.strip()]
        assert len(qr) >= 10  # the QR code, in half blocks
        phone = Device(Address(int(match.group(1)), match.group(2)))
        phone.join(seat=0)
        rng = Rng(4)
        rules = new_game("tlatelolco-market", 2, seed=3).rules
        while True:
            state = phone.wait(lambda m: m["type"] in ("state", "bye") and
                               (m["type"] == "bye" or m["deciding"] or m["over"]))
            if state["type"] == "bye" or state["over"]:
                break
            phone.act(playout_choice(rules, state, rng), state["version"])
        bye = phone.seen(lambda m: m["type"] == "bye")
        assert bye["final"] and bye["reason"] == "The game is over"
        final = [m for m in phone.received if m["type"] == "state"][-1]
        assert final["over"] and final["results"]["scores"]
        assert proc.wait(HANG) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    reader.join(HANG)
    rest = []
    while not lines.empty():
        rest.append(lines.get())
    assert any(line.startswith("Game over: ") for line in rest), rest[-5:]
    assert "Traceback" not in proc.stderr.read()
