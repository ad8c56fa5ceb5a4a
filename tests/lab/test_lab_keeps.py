"""The balance lab keeps what it did: a worker process that dies (a real SIGKILL, as the
out-of-memory killer sends) costs only the games it held, which are played again; every
game is on disk as it ends; a run stopped by a real Ctrl+C keeps its finished games and
``--resume`` carries on to exactly the results of a run never stopped.

The workers are made to die by the lab's test hook (``game.lab.play.TEST_ENV``): the
worker that plays a given game kills itself, the first time only (a marker file) or every
time; another hook holds a game until a file appears, so that a test can stop the run
while it is certainly mid-way, without a race.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.lab.plan import make_plan
from game.lab.play import TEST_ENV
from game.lab.run import MOST_LOSSES, WorkerLost, run_tasks
from game.lab.store import records_text

ROOT = Path(__file__).resolve().parents[2]
#: a generous bound for a process to do what it must (never a timing assertion)
PATIENCE = 120.0

posix = pytest.mark.skipif(os.name != "posix", reason="SIGKILL and SIGINT are POSIX's")


def market_tasks(games: int):
    return make_plan(["tlatelolco-market"], ["easy"], 2, games, 3, 4, None, [],
                     []).tasks()


def balance(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def games_of(path: Path) -> list[int]:
    return [json.loads(line)["game"] for line in path.read_text().splitlines()]


def wait_for(check, what: str) -> None:
    """Poll ``check`` until it holds, for at most PATIENCE seconds."""
    until = time.monotonic() + PATIENCE
    while not check():
        assert time.monotonic() < until, f"gave up waiting for {what}"
        time.sleep(0.05)


def gone(pid: int) -> bool:
    """The process has ended (a zombie waiting for its parent counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return True
    return state in ("Z", "X")


def command() -> list[str]:
    script = Path(sys.executable).with_name("aztec-arcade")
    return [str(script)] if script.exists() else [sys.executable, "-m", "game"]


# ---------------------------------------------------------------------------------------
# a worker that dies
# ---------------------------------------------------------------------------------------
@posix
@pytest.mark.slow
def test_a_killed_worker_costs_nothing_its_games_are_played_again(tmp_path, monkeypatch):
    tasks = market_tasks(4)
    alone = run_tasks(tasks, jobs=1, progress=False)
    marker = tmp_path / "killed-once"
    monkeypatch.setenv(TEST_ENV, f"kill 1 {marker}")
    kept: list[dict] = []
    spread = run_tasks(tasks, jobs=2, progress=False, on_record=kept.append)
    assert marker.exists()  # the worker of game 2 did kill itself
    assert records_text(spread) == records_text(alone)
    assert sorted(r["game"] for r in kept) == [0, 1, 2, 3]  # each handed on once


@posix
@pytest.mark.slow
def test_a_game_that_kills_every_worker_is_named_and_the_others_are_kept(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(TEST_ENV, "kill 1")  # game 2's worker dies every time
    with pytest.raises(WorkerLost) as caught:
        run_tasks(market_tasks(3), jobs=2, progress=False)
    message = str(caught.value)
    assert "game 2 of tlatelolco-market (seed 4)" in message
    assert f"{MOST_LOSSES + 1} times, {MOST_LOSSES} of them while it played alone" in message

    out = tmp_path / "report"
    code, _out, err = balance(capsys, "tlatelolco-market", "--games", "3", "--bots", "easy",
                              "--seed", "3", "-j", "2", "--out", str(out))
    assert code == 2
    error = [line for line in err.splitlines() if line.startswith("aztec-arcade: error")]
    assert len(error) == 1 and "This is a bug" not in err and "plugin" not in err
    assert "game 2 of tlatelolco-market (seed 4) ended its worker process" in error[0]
    assert "2 of 3 games are kept" in err and "--resume" in err
    assert sorted(games_of(out / "games.jsonl")) == [0, 2]


# ---------------------------------------------------------------------------------------
# Ctrl+C, then --resume
# ---------------------------------------------------------------------------------------
def interrupted_run(tmp_path: Path, out: Path, jobs: int) -> tuple[str, int]:
    """A real ``aztec-arcade balance`` of 4 games with game 3 held until a file that never
    comes; SIGINT once game 3 has begun. Its stderr and the held process's id."""
    gate = tmp_path / "gate"
    env = dict(os.environ, **{TEST_ENV: f"hold 2 {gate}"})
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    argv = [*command(), "balance", "mexica", "--games", "4", "--bots", "easy", "--seed", "7",
            "-j", str(jobs), "--no-progress", "--out", str(out)]
    proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        held = Path(f"{gate}.pid")
        wait_for(lambda: held.exists() and held.read_text() or proc.poll() is not None,
                 "game 3 to begin")
        assert proc.poll() is None, proc.communicate()
        if jobs == 1:  # one process: games 1 and 2 are on disk before game 3 begins
            assert games_of(out / "games.jsonl") == [0, 1]
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=PATIENCE)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 2, err
    return err, int(held.read_text())


@posix
@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_the_finished_games_and_resume_carries_on(tmp_path, capsys, jobs):
    whole = tmp_path / "whole"
    code, _out, err = balance(capsys, "mexica", "--games", "4", "--bots", "easy", "--seed",
                              "7", "--out", str(whole))
    assert code == 0, err

    out = tmp_path / "stopped"
    err, held = interrupted_run(tmp_path, out, jobs)
    kept = games_of(out / "games.jsonl")
    assert 2 not in kept and set(kept) <= {0, 1, 3}
    if jobs == 1:
        assert kept == [0, 1]
    assert f"Stopped. {len(kept)} of 4 games are kept" in err and "--resume" in err
    assert "Traceback" not in err
    wait_for(lambda: gone(held), "the process that held game 3 to end")

    code, _out, err = balance(capsys, "mexica", "--games", "4", "--bots", "easy", "--seed",
                              "7", "--out", str(out), "--resume")
    assert code == 0, err
    assert f"{len(kept)} kept from before, {4 - len(kept)} to play" in err
    assert (out / "games.jsonl").read_bytes() == (whole / "games.jsonl").read_bytes()


def test_resume_after_a_crash_plays_the_game_whose_line_was_cut_short(tmp_path, capsys):
    whole, out = tmp_path / "whole", tmp_path / "cut"
    args = ["mexica", "--games", "3", "--bots", "easy", "--seed", "2"]
    assert balance(capsys, *args, "--out", str(whole))[0] == 0
    assert balance(capsys, *args, "--out", str(out))[0] == 0
    lines = (whole / "games.jsonl").read_text().splitlines(keepends=True)
    # a crash while the third game was being written: half a line
    (out / "games.jsonl").write_text(lines[0] + lines[1] + lines[2][:40])
    code, _out, err = balance(capsys, *args, "--out", str(out), "--resume")
    assert code == 0, err
    assert "2 kept from before, 1 to play" in err
    assert (out / "games.jsonl").read_bytes() == (whole / "games.jsonl").read_bytes()


def test_resume_may_ask_for_more_games(tmp_path, capsys):
    whole, out = tmp_path / "whole", tmp_path / "grown"
    args = ["mexica", "--bots", "easy", "--seed", "2"]
    assert balance(capsys, *args, "--games", "3", "--out", str(whole))[0] == 0
    assert balance(capsys, *args, "--games", "2", "--out", str(out))[0] == 0
    code, _out, err = balance(capsys, *args, "--games", "3", "--out", str(out), "--resume")
    assert code == 0, err
    assert (out / "games.jsonl").read_bytes() == (whole / "games.jsonl").read_bytes()


@pytest.mark.parametrize(("first", "then", "message"), [
    (["--bots", "easy"], ["--bots", "normal"], "was another plan (what differs: levels)"),
    (["--seed", "1"], ["--seed", "2"], "(what differs: seed)"),
    (["-o", "ap_per_turn=5"], [], "(what differs: arms)"),
    (["--games", "2"], ["--games", "1"], "holds game 2 of an arm, more than --games 1"),
])
def test_resume_refuses_the_games_of_another_plan(tmp_path, capsys, first, then, message):
    def full(args: list[str]) -> list[str]:
        defaults = {"--bots": "easy", "--games": "1"}
        return ["mexica", "--out", str(tmp_path), *args,
                *[part for flag, value in defaults.items() if flag not in args
                  for part in (flag, value)]]

    assert balance(capsys, *full(first))[0] == 0
    before = (tmp_path / "games.jsonl").read_bytes()
    code, _out, err = balance(capsys, *full(then), "--resume")
    assert code == 2
    assert message in err and err.count("\n") == 1
    assert (tmp_path / "games.jsonl").read_bytes() == before


def test_resume_where_nothing_ran_says_so(tmp_path, capsys):
    code, _out, err = balance(capsys, "mexica", "--games", "1", "--bots", "easy", "--out",
                              str(tmp_path / "empty"), "--resume")
    assert code == 2
    assert "holds no run to carry on" in err


@posix
@pytest.mark.slow
def test_a_killed_lab_leaves_no_worker_behind(tmp_path):
    # kill -9 of `balance -j 2` once left its idle workers running for ever (parent 1)
    from tests.processes import alive, end_all, workers

    gate = tmp_path / "gate"
    env = dict(os.environ, **{TEST_ENV: f"hold 2 {gate}"})
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    argv = [*command(), "balance", "mexica", "--games", "4", "--bots", "easy", "--seed", "7",
            "-j", "2", "--no-progress", "--out", str(tmp_path / "out")]
    proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    left: list = []
    try:
        held = Path(f"{gate}.pid")
        wait_for(lambda: held.exists() and held.read_text() or proc.poll() is not None,
                 "game 3 to begin")
        assert proc.poll() is None
        left = workers(proc.pid)
        assert len(left) == 2  # both workers: one holds game 3, the other waits
        proc.kill()
        proc.wait()
        wait_for(lambda: not any(alive(w) for w in left), "the workers to end")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        end_all(left)
