"""The host's tables stay the size of the table: connections that come and go leave
nothing behind (the memory figure of ``benchmarks/remote.py`` depends on it)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from game.api import new_game
from game.remote.hub import RemoteHub
from game.remote.protocol import PROTOCOL
from tests.remote.helpers import HANG, Device, Owner

CYCLES = 12


def settle(check: Callable[[], bool]) -> bool:
    """Whether ``check`` holds once the server has handled the goodbyes (polled, with a
    generous bound: never a timing)."""
    deadline = time.monotonic() + HANG
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def tables(hub: RemoteHub) -> dict[str, Any]:
    server = hub._server  # noqa: SLF001 - what the test is about
    return {"conns": len(server.conns), "entered": hub._connections,  # noqa: SLF001
            "spectators": len(hub._spectators), "claims": sorted(hub._claims),  # noqa: SLF001
            "inbox": len(hub._inbox), "guesses": len(hub._guesses)}  # noqa: SLF001


def test_comings_and_goings_leave_the_tables_as_they_were(
        make_hub: Callable[..., RemoteHub]) -> None:
    hub = make_hub(2)
    owner = Owner(new_game("mexica", 2, seed=3), hub)
    owner.start()
    try:
        phones = [Device(hub), Device(hub)]
        for seat, phone in enumerate(phones):
            phone.join(seat=seat)
            phone.state()
        resting = tables(hub)
        for n in range(CYCLES):
            watcher = Device(hub)  # a spectator comes and goes
            watcher.join(spectate=True)
            watcher.state()
            watcher.close()
            looker = Device(hub)  # a device looks at the seats and goes
            looker.send({"type": "join", "v": PROTOCOL, "room": hub.room})
            looker.wait(lambda m: m["type"] == "seats")
            looker.close()
            Device(hub).close()  # a device connects and goes without a word
            phone = phones[n % 2]  # a phone drops and comes back with its token
            token = phone.token
            phone.close()
            phone = phones[n % 2] = Device(hub)
            phone.join(token=token)
            phone.state()
            phone.send({"type": "bye", "v": PROTOCOL})  # gives its seat up, claims it again
            phone.join(seat=n % 2)
            phone.state()
        assert settle(lambda: tables(hub) == resting), (tables(hub), resting)
        newcomer = Device(hub)  # what a newcomer sees: two seats taken, nobody watching
        newcomer.send({"type": "join", "v": PROTOCOL, "room": hub.room})
        seats = newcomer.wait(lambda m: m["type"] == "seats")
        assert seats["spectators"] == 0
        assert [s["status"] for s in seats["seats"]] == ["taken", "taken"]
    finally:
        owner.finish()


def test_the_publisher_keeps_only_the_log_texts_it_still_sends() -> None:
    """A long game leaves the publisher holding the log tails it sends, not every text
    of the evening (over 1,000 actions the host's memory must stay flat)."""
    from game.core.rng import Rng
    from game.remote.snapshot import LOG_TAIL, Publisher, default_table

    game, rng = new_game("mexica", 4, seed=11), Rng(11)
    publisher, table, roles = Publisher(), default_table(4), {None, 0, 1, 2, 3}
    held = []
    for _ in range(300):
        snap = publisher.prepare(game, game.apply(game.playout_action(rng)), table, roles,
                                 picture=False)
        held.append(len(publisher._named))  # noqa: SLF001 - what the test is about
    assert max(held) <= len(roles) * 4 * LOG_TAIL, max(held)
    seat = json.loads(snap.states[0])  # and the phones still read their log in words
    assert seat["log"] and all(entry["text"] for entry in seat["log"])
