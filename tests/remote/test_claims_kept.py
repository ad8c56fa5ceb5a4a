"""The hub's claims outlive it: exported, kept in a private file, restored in a new hub.

A device that held a seat comes back to a new hub of the same room (on the same port)
with its token, to its own seat, and its acts go on after its last id; a goodbye that
says the game goes on later tells it to keep its token. The seats file is read strictly
(anything wrong is a SaveError with the reason) and is the user's alone.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from typing import Any

import pytest

from game.api import new_game
from game.core.errors import SaveError
from game.remote.hub import RemoteHub, SeatClaim
from game.remote.keep import KeptSeats, read_seats, seats_path, write_private, write_seats
from game.remote.protocol import PROTOCOL
from game.remote.snapshot import SeatInfo, default_table
from tests.remote.conftest import FAST
from tests.remote.helpers import Device, Owner, legal

TOKEN = "A" * 32


def newer(version: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "state" and m["version"] > version


def test_a_device_rejoins_its_seat_in_a_new_hub_of_the_same_room(make_hub):
    game = new_game("tlatelolco-market", 2, seed=4)
    hub = make_hub(2, ["Ana", "Ben"])
    owner = Owner(game, hub)
    owner.start()
    ana, ben = Device(hub), Device(hub)
    ana.join(seat=0)
    ben.join(seat=1, name="Ben")
    devices, version = {0: ana, 1: ben}, -1
    for _ in range(5):  # a few acts each, so that the ids have grown
        state = ana.wait(newer(version))
        version = state["version"]
        mover = devices[state["current"]]
        mine = mover.seen(newer(version - 1))
        mover.act(legal(mine)[0], version)
    ana.wait(newer(version))  # the last one applied
    owner.finish()
    assert ben.next_id >= 2 and ana.next_id >= 2
    claims = hub.export_claims()
    assert claims == {0: SeatClaim(ana.token, "", ana.next_id - 1),
                      1: SeatClaim(ben.token, "Ben", ben.next_id - 1)}
    room, port = hub.room, hub.port
    hub.stop("Back soon", resume=True)
    bye = ben.wait(lambda m: m["type"] == "bye")
    assert bye == {"type": "bye", "v": PROTOCOL, "reason": "Back soon", "final": True,
                   "resume": True}
    ben.wait_closed()

    again = RemoteHub(default_table(2, ["Ana", "Ben"]), room=room, pictures=False,
                      limits=FAST)
    again.restore_claims(claims)
    assert again.claimed_seats() == {0, 1} and again.connected_seats() == frozenset()
    assert again.device_name(1) == "Ben"
    again.start("127.0.0.1", port)  # the port the devices know
    try:
        back = Device(again)
        welcome = back.join(token=ben.token)
        assert welcome["seat"] == 1 and welcome["token"] == ben.token
        assert welcome["next_id"] == ben.next_id  # its acts go on after its last id
        assert again.connected_seats() == {1}
        assert [e.kind for e in again.news()] == ["rejoined"]
        # an id already used before the restart is refused, like any replay
        back.act("pass", 0, id=ben.next_id - 1)
        assert back.wait(lambda m: m["type"] == "error")["code"] == "replay"
        back.close()
    finally:
        again.stop()


def test_claims_on_seats_the_table_does_not_open_are_left_out(make_hub):
    table = default_table(3)
    table[2] = SeatInfo(table[2].name, table[2].colour, table[2].mark, open=False,
                        driver="Computer (Easy)")
    hub = make_hub(3, table=table)
    hub.restore_claims({0: SeatClaim(TOKEN), 2: SeatClaim("B" * 32), 7: SeatClaim("C" * 32),
                        -1: SeatClaim("D" * 32)})
    assert hub.claimed_seats() == {0}
    hub.restore_claims({0: SeatClaim("E" * 32)})  # a seat already held keeps its claim
    assert hub.export_claims() == {0: SeatClaim(TOKEN)}


def test_a_goodbye_for_good_does_not_promise_a_return(make_hub):
    hub = make_hub(2)
    device = Device(hub)
    device.join(seat=0)
    hub.stop("The game is over")
    bye = device.wait(lambda m: m["type"] == "bye")
    assert bye["final"] and "resume" not in bye


# ---------------------------------------------------------------------------------------
# the file
# ---------------------------------------------------------------------------------------
def good() -> dict:
    return json.loads(KeptSeats("0123456789abcdef", "KQXTM", 8765,
                                {1: SeatClaim(TOKEN, "Ben", 12)}).to_text())


def test_a_record_reads_back_as_written():
    kept = KeptSeats.parse(json.dumps(good()), 2)
    assert kept == KeptSeats("0123456789abcdef", "KQXTM", 8765, {1: SeatClaim(TOKEN, "Ben",
                                                                              12)})


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format=2), "not a seats file of this version"),
    (lambda d: d.update(tag="XYZ"), "its tag is damaged"),
    (lambda d: d.update(room="kq xt"), "its room code is damaged"),
    (lambda d: d.update(room=["KQXTM"]), "its room code is damaged"),
    (lambda d: d.update(port=0), "its port is not a port"),
    (lambda d: d.update(port=True), "its port is not a port"),
    (lambda d: d.update(port=65536), "its port is not a port"),
    (lambda d: d.update(claims=[]), "its claims are damaged"),
    (lambda d: d["claims"].update({"2": d["claims"]["1"]}), "a seat this game does not have"),
    (lambda d: d["claims"].update({"٠": d["claims"]["1"]}), "a seat this game does not have"),
    (lambda d: d["claims"].update({"0": dict(d["claims"]["1"])}), "the same token"),
    (lambda d: d["claims"]["1"].update(token="short"), "a seat's token is damaged"),
    (lambda d: d["claims"]["1"].update(token="A" * 65), "a seat's token is damaged"),
    (lambda d: d["claims"]["1"].update(name="B\x00n"), "a device's name is damaged"),
    (lambda d: d["claims"]["1"].update(name=7), "a device's name is damaged"),
    (lambda d: d["claims"]["1"].update(last_id=-2), "last message id is damaged"),
    (lambda d: d["claims"]["1"].update(last_id=2**60), "last message id is damaged"),
    (lambda d: d["claims"]["1"].update(extra=1), "a claim is damaged"),
])
def test_a_damaged_record_is_refused_with_the_reason(change, words):
    data = good()
    change(data)
    with pytest.raises(SaveError, match=words):
        KeptSeats.parse(json.dumps(data), 2)


@pytest.mark.parametrize("text", [b"", b"\xff\xfe", b"[]", b"null", b"{" * 10])
def test_a_file_that_is_no_record_is_refused(text):
    with pytest.raises(SaveError, match="not a seats file"):
        KeptSeats.parse(text, 2)


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")
def test_the_seats_file_is_the_users_alone_even_if_it_was_not(tmp_path):
    save = tmp_path / "saves" / "hosted.json"
    path = seats_path(save)
    assert path == tmp_path / "saves" / "seats" / "hosted.json"
    write_private(path, "first")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    os.chmod(path, 0o644)  # opened up by hand, or by another program
    write_private(path, "second")
    assert path.read_text() == "second" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["hosted.json"]  # no temporary left
    write_seats(path, "")
    assert not path.exists()
    write_seats(path, "")  # nothing to delete is fine


def test_a_save_names_its_record_and_reads_only_its_own(tmp_path):
    save = tmp_path / "autosave.json"
    assert read_seats(save, {}, 2) is None  # a game without phones
    with pytest.raises(SaveError, match="the file is missing"):
        read_seats(save, {"phones": "0123456789abcdef"}, 2)
    write_private(seats_path(save), json.dumps(good()))
    assert read_seats(save, {"phones": "0123456789abcdef"}, 2).room == "KQXTM"
    with pytest.raises(SaveError, match="belongs to another game"):
        read_seats(save, {"phones": "fedcba9876543210"}, 2)
    with pytest.raises(SaveError, match="note of its phones is damaged"):
        read_seats(save, {"phones": 12}, 2)
    seats_path(save).write_bytes(b" " * (70 * 1024))
    with pytest.raises(SaveError, match="too large"):
        read_seats(save, {"phones": "0123456789abcdef"}, 2)
