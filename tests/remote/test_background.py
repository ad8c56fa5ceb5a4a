"""The television's hub prepares what devices are sent on a worker thread.

The frame thread only hands over a copy of the game; until the newest snapshot is
installed, no device's action is handed out (it was chosen on an older state), and a
failure while preparing comes back to the owner's thread, where the client handles it.
Every wait here is for an event (a message, the worker finishing), never for a time.
"""

from __future__ import annotations

import threading

import pytest

from game.api import new_game
from game.remote.worker import Worker
from tests.remote.helpers import HANG, Device, legal


def test_jobs_run_in_order_and_a_failure_is_raised_on_the_owners_thread():
    worker = Worker("test-worker")
    done: list[int] = []
    for n in range(5):
        worker.submit(lambda n=n: done.append(n))
    assert worker.flush(HANG) and worker.idle and done == [0, 1, 2, 3, 4]

    def broken() -> None:
        raise ValueError("a plugin's view failed")

    worker.submit(broken)
    worker.submit(lambda: done.append(5))  # the jobs after a failure still run
    assert worker.flush(HANG) and done[-1] == 5
    with pytest.raises(ValueError, match="a plugin's view failed"):
        worker.check()
    worker.check()  # raised once


def test_an_action_waits_until_the_state_it_was_chosen_on_is_the_newest(make_hub):
    game = new_game("tlatelolco-market", 2, seed=3)
    hub = make_hub(2, background=True)
    device = Device(hub)
    device.join(seat=game.current_player)
    hub.publish(game)
    while hub.needs_publish:  # the claim asks for the seat's own state
        hub.publish(game)
    state = device.state(1)
    assert state["deciding"] and hub.flush(HANG)
    device.act(legal(state)[0], state["version"])
    seat = game.current_player
    while hub.take_action(seat) is None:  # the act is on its way to the hub
        assert hub.wait(HANG), "the device's action never arrived"
    hub.report_refusal(seat, "taken back by the test")  # the device hears a refusal
    assert device.wait(lambda m: m["type"] == "refused")["reason"] == "taken back by the test"

    # the owner publishes a change while the worker is held: the device's next action,
    # chosen on the version it has, is not handed out until the new state is installed
    gate = threading.Event()
    prepare = hub._publisher.prepare

    def held(*args, **kwargs):
        assert gate.wait(HANG)
        return prepare(*args, **kwargs)

    hub._publisher.prepare = held  # type: ignore[method-assign]
    device.act(legal(state)[0], state["version"])
    while seat not in hub._inbox:
        assert hub.wait(HANG), "the device's action never arrived"
    hub.publish(game)  # the same game again: its version stays, the action stays valid
    assert hub.take_action(seat) is None  # held back: the newest state is not ready
    assert not hub.flush(0)
    gate.set()
    assert hub.flush(HANG)
    assert hub.take_action(seat) == legal(state)[0]


def test_a_failure_while_preparing_is_raised_by_the_next_publish(make_hub):
    game = new_game("mexica", 2, seed=3)
    hub = make_hub(2, background=True)

    def broken(*args, **kwargs):
        raise RuntimeError("the view hook failed")

    hub._publisher.prepare = broken  # type: ignore[method-assign]
    hub.publish(game)  # returns at once: the worker fails later
    with pytest.raises(RuntimeError, match="the view hook failed"):
        hub.flush(HANG)
    assert hub.take_action(0) is None and hub.version == 0
