"""Hard's search processes end with the process that started them, however it ends. A real
game window (dummy video driver) whose Hard player thinks in another process, as
``aztec-arcade play`` has it, is killed with ``kill -9`` mid-search, and its search
process is gone soon after, not searching on for its hour. Each way a search process
watches its parent is proven alone: Linux's parent-death signal, and the pipe that every
other system relies on (``game.ai.lifeline``)."""

from __future__ import annotations

import os
import signal
import sys
import threading

import pytest

from game.ai import make_bot
from game.ai.worker import BotWorker
from game.api import new_game
from tests.processes import (
    PATIENCE,
    SEARCHING_TICKS,
    Proc,
    alive,
    cpu_ticks,
    end_all,
    start_searching_window,
    threads,
    wait_for,
    workers,
)

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not sys.platform.startswith("linux"),
                                 reason="watches the processes through /proc")]


@pytest.mark.parametrize("flag", ["--no-pipe", "--no-signal"],
                         ids=["the parent-death signal alone", "the pipe alone"])
def test_a_killed_window_leaves_no_search_process_behind(tmp_path, flag):
    window, searching = start_searching_window(tmp_path, flag)
    try:
        os.kill(window.pid, signal.SIGKILL)
        assert window.wait(PATIENCE) == -signal.SIGKILL
        wait_for(lambda: not any(alive(proc) for proc in searching),
                 "the killed window's search process ends by itself")
    finally:
        end_all(searching)  # a failed check leaves nothing searching on
        window.communicate()  # (its output pipes: a search process left holds them)


def _midgame():
    game = new_game("mexica", 2, seed=3)
    return game, game.current_player


def _searching(before: set[Proc]) -> Proc:
    """This process's new search process, once it searches (see tests.processes)."""
    wait_for(lambda: len(set(workers(os.getpid())) - before) == 1, "a search process starts")
    (proc,) = set(workers(os.getpid())) - before
    wait_for(lambda: threads(proc) >= 2, "the search process is set up")
    start = cpu_ticks(proc)
    wait_for(lambda: cpu_ticks(proc) >= start + SEARCHING_TICKS, "it searches")
    return proc


def test_closing_a_deciding_hard_player_cancels_its_decision_and_its_process():
    """What the window does when it closes, or a seat changes hands: the decision, which
    would take a billion iterations, is given up at once (its thread ends with no move)
    and the process searching for it ends."""
    game, seat = _midgame()
    bot = make_bot("hard", seed=5, iterations=10**9, offload=True)
    thinker = BotWorker()
    before = set(workers(os.getpid()))
    thinker.request(bot, game.rules, game.view(seat), game.legal_actions())
    proc = _searching(before)
    try:
        bot.close()
        assert thinker.wait(PATIENCE)  # a bound against a hang: it returns at once
        answered, _action, error = thinker.poll()
        assert answered and error is None
        assert bot.stats.get("trees") == 0  # nothing came back: it was not waited for
        wait_for(lambda: not alive(proc), "the closed bot's search process ends")
    finally:
        end_all([proc])


def test_the_search_process_outlives_the_thread_that_started_it():
    """The client decides in a thread per decision. Linux sends the parent-death signal
    when the *thread* that started a process ends: the pool starts its processes from a
    thread of its own, so the next decision finds them alive and searching."""
    game, seat = _midgame()
    bot = make_bot("hard", seed=5, iterations=20, offload=True)
    try:
        first = threading.Thread(target=bot.choose,
                                 args=(game.rules, game.view(seat), game.legal_actions()))
        first.start()
        first.join(PATIENCE)
        assert not first.is_alive() and bot.stats["trees"] == 1
        bot.choose(game.rules, game.view(seat), game.legal_actions())
        assert "pool_error" not in bot.stats and bot.stats["trees"] == 1
        assert bot.offload  # still searching in the other process
    finally:
        bot.close()
