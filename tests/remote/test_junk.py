"""Trust nothing that arrives: hostile messages get an error and change nothing.

A seeded fuzz sends hundreds of malformed and hostile messages (not JSON, huge, nested
deep, wrong types, unknown types and fields, wrong room codes and tokens, acts before
joining, out of turn, on old states, replayed) from a seated device and from strangers.
Each gets an ``error`` message with a sentence; afterwards the game, the version and
the seats are exactly as before. Then the limits: frame size, strikes, rate, guesses,
connections; and what a dropped phone, a released seat and an old message do.
"""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from game.api import new_game
from game.remote.ports import Limits
from game.remote.protocol import PROTOCOL, ProtocolError, parse
from tests.remote.conftest import FAST
from tests.remote.helpers import Device, Owner, legal

ANSWERS = ("error", "welcome", "state", "refused")


def answer(device: Device) -> dict:
    return device.wait(lambda m: m["type"] in ANSWERS)


def junk(rng: random.Random, room: str, version: int) -> list[str]:
    """Hostile messages of every kind, shuffled; none of them may be acted on."""
    nested = "[" * 1500 + "]" * 1500
    out = [
        "", " ", "{", "nul", "\x00\x01", "[]", "42", '"act"', "null", "true",
        '{"type":"act"', '{"type": "act",}', "{'type': 'act'}", nested,
        '{"type":"act","id":' + "[" * 1200 + "]" * 1200 + "}",
        "x" * 4097, json.dumps({"type": "act", "id": 1, "version": 1, "action": "a" * 5000}),
        json.dumps({"type": 5}), json.dumps({"type": "hack"}), json.dumps({"type": None}),
        json.dumps({"type": "ACT"}), json.dumps({"type": "join", "room": room, "v": PROTOCOL + 1}),
        json.dumps({"type": "join"}), json.dumps({"type": "join", "room": 123}),
        json.dumps({"type": "join", "room": room, "seat": "0"}),
        json.dumps({"type": "join", "room": room, "seat": -1}),
        json.dumps({"type": "join", "room": room, "seat": 2**70}),
        json.dumps({"type": "join", "room": room, "spectate": "yes"}),
        json.dumps({"type": "join", "room": room, "seat": 0, "token": "x"}),
        json.dumps({"type": "join", "room": room, "name": "\x07bell"}),
        json.dumps({"type": "join", "room": room, "admin": True}),
        json.dumps({"type": "join", "room": "Z" * 17}),
        json.dumps({"type": "act", "id": "1", "version": version, "action": "end"}),
        json.dumps({"type": "act", "id": True, "version": version, "action": "end"}),
        json.dumps({"type": "act", "id": -5, "version": version, "action": "end"}),
        json.dumps({"type": "act", "id": 2**60, "version": version, "action": 7}),
        json.dumps({"type": "act", "id": 10**6, "version": None, "action": "end"}),
        json.dumps({"type": "act", "id": 10**6, "version": version, "action": ["end"]}),
        json.dumps({"type": "act", "id": 10**6, "version": version}),
        json.dumps({"type": "act", "id": 10**6, "version": version, "action": "end",
                    "seat": 0}),
        json.dumps({"type": "act", "id": 1.5, "version": version, "action": "end"}),
        json.dumps({"type": "bye", "now": True}),
    ]
    for _ in range(300):  # random structures of random types
        value = rng.choice([None, True, -1, 2**64, 3.25, "", "é" * 30, [], {}, [[["x"]]],
                            {"a": {"b": 1}}])
        key = rng.choice(["type", "id", "version", "action", "room", "seat", "token",
                          "spectate", "name", "v", "zzz"])
        base = rng.choice([{"type": "act", "id": 10**7, "version": version,
                            "action": "end"},
                           {"type": "join", "room": room},
                           {"type": rng.choice(["act", "join", "bye", "x"])}])
        text = json.dumps({**base, key: value})
        try:
            parse(text)
        except ProtocolError:
            out.append(text)  # (one that parses is a real message: the tests below)
    rng.shuffle(out)
    return out


def test_a_fuzz_of_hostile_messages_gets_errors_and_changes_nothing(make_hub):
    game = new_game("aztlan", 3, seed=2)
    hub = make_hub(3, limits=Limits(rate=1e9, burst=10**9, strikes=10**9, guesses=10**9))
    hub.publish(game)
    seated = Device(hub)
    seated.join(seat=1)
    stranger = Device(hub)
    while hub.needs_publish:
        hub.publish(game)
    state = seated.state(hub.version)
    before = (game.to_json(), hub.version, hub.claimed_seats())
    rng = random.Random(5)
    errors = 0
    for device in (seated, stranger):
        for message in junk(rng, hub.room, state["version"]):
            device.send(message)
            reply = answer(device)
            assert reply["type"] == "error", (message[:80], reply)
            assert reply["code"] and len(reply["message"]) > 10
            errors += 1
    # hostile acts that parse: out of turn, stale, replayed, from a stranger, twice
    deciding = game.current_player
    hostile = [(stranger, legal_first(game), state["version"], "not-seated")]
    if deciding != 1:
        hostile.append((seated, legal_first(game), state["version"], "not-your-turn"))
    hostile += [(seated, "end", state["version"] - 1, "stale"),
                (seated, "end", state["version"] + 5, "stale")]
    for device, action, version, code in hostile:
        device.act(action, version)
        reply = answer(device)
        assert reply["type"] == "error" and reply["code"] == code, reply
        errors += 1
    seated.act("end", state["version"], id=0)  # an id already used above
    assert answer(seated)["code"] == "replay"
    for token in ("", "A" * 32, seated.token[:-1] + ("x" if seated.token[-1] != "x" else "y")):
        stranger.send({"type": "join", "room": hub.room, "token": token})
        assert answer(stranger)["code"] == "wrong-token"
    stranger.send({"type": "join", "room": "BADROOM", "spectate": True})
    assert answer(stranger)["code"] == "wrong-room"
    stranger.send({"type": "join", "room": hub.room, "seat": 1})
    assert answer(stranger)["code"] == "seat-taken"
    stranger.send({"type": "join", "room": hub.room, "seat": 3})
    assert answer(stranger)["code"] == "bad-seat"
    seated.send({"type": "join", "room": hub.room, "spectate": True})
    assert answer(seated)["code"] == "joined"
    seated.send(b"\x00binary")
    assert answer(seated)["code"] == "bad-message"
    errors += 10
    # nothing changed, nothing is waiting for the owner, both connections still work
    assert (game.to_json(), hub.version, hub.claimed_seats()) == before
    assert all(hub.take_action(seat) is None for seat in range(3))
    assert errors > 650
    stranger.join(spectate=True)
    assert stranger.state()["version"] == hub.version


def legal_first(game) -> str:
    return game.legal_actions()[0]


def test_a_frame_past_the_size_limit_closes_the_connection(make_hub):
    hub = make_hub(2)
    device = Device(hub)
    device.send("x" * (hub.limits.frame_bytes + 1))
    assert device.wait_closed().rcvd.code == 1009


def test_too_many_refused_messages_close_the_connection(make_hub):
    hub = make_hub(2, limits=Limits(rate=1e9, burst=10**9, strikes=3))
    device = Device(hub)
    for _ in range(3):
        device.send("junk")
    assert device.wait_closed().rcvd.code == 1008
    assert [m["code"] for m in device.received if m["type"] == "error"] == ["bad-json"] * 3


def test_a_connection_that_sends_too_fast_is_told_to_slow_down(make_hub):
    hub = make_hub(2, limits=Limits(rate=0.0, burst=3))  # no refill: three, then no more
    device = Device(hub)
    for _ in range(3):
        device.send({"type": "join", "room": "WRONG"})
        assert answer(device)["code"] == "wrong-room"
    device.send({"type": "join", "room": hub.room, "spectate": True})
    assert answer(device)["code"] == "too-fast"


def test_an_address_that_guesses_room_codes_is_locked_out(make_hub):
    hub = make_hub(2, limits=Limits(rate=1e9, burst=10**9, guesses=3))
    device = Device(hub)
    for guess in ("AAAAA", "BBBBB", "CCCCC"):
        device.send({"type": "join", "room": guess})
        assert answer(device)["code"] == "wrong-room"
    device.send({"type": "join", "room": hub.room, "spectate": True})
    assert answer(device)["code"] == "locked-out"


def test_devices_past_the_limit_are_turned_away_but_a_seat_always_gets_back(make_hub):
    hub = make_hub(2, limits=Limits(rate=1e9, burst=10**9, connections=2))
    phone = Device(hub)
    phone.join(seat=0)
    phone.close()  # its connection dropped: the seat waits for its token
    first, second = Device(hub), Device(hub)
    for device in (first, second):
        device.send({"type": "join", "room": hub.room})
        device.wait(lambda m: m["type"] == "seats")
    third = Device(hub)
    third.send({"type": "join", "room": hub.room, "spectate": True})
    assert answer(third)["code"] == "full"
    back = Device(hub)  # the room is full of strangers, and the player gets back in
    assert back.join(token=phone.token)["seat"] == 0
    first.close()
    second.join(spectate=True)  # the others are unaffected


def test_a_dropped_phone_rejoins_with_its_token_and_an_old_message_stays_old(make_hub):
    game = new_game("mexica", 2, seed=3)
    hub = make_hub(2)
    phone = Device(hub)
    phone.join(seat=game.current_player)
    owner = Owner(game, hub)
    owner.start()
    try:
        state = phone.state()
        first = legal(state)[0]
        phone.act(first, state["version"])  # id 0
        phone.state(state["version"] + 1)
        token, seat = phone.token, phone.seat
        phone.close()  # the phone locks
        again = Device(hub)
        welcome = again.join(token=token)
        assert welcome["seat"] == seat and welcome["token"] == token
        assert welcome["next_id"] == 1
        back = again.state()
        assert back["version"] == hub.version and back["seat"] == seat
        again.act(first, state["version"], id=0)  # the old message, sent again
        assert answer(again)["code"] == "replay"
        assert len(game.log) == 1
    finally:
        owner.finish()


def test_the_owner_releases_a_seat_and_its_token_stops_working(make_hub):
    game = new_game("aztlan", 3, seed=1)
    hub = make_hub(3, ["Ana", "Ben", "Cy"])
    hub.publish(game)
    phone = Device(hub)
    phone.join(seat=2)
    token = phone.token
    hub.release(2, reopen=False)
    bye = phone.wait(lambda m: m["type"] == "bye")
    assert not bye["final"] and "took this seat back" in bye["reason"]
    news = [(e.kind, e.seat) for e in hub.news()]
    assert ("joined", 2) in news and ("released", 2) in news
    seats = phone.seen(lambda m: m["type"] == "seats" and m["seats"][2]["status"] == "closed")
    assert seats["seats"][2]["name"] == "Cy"
    other = Device(hub)
    other.send({"type": "join", "room": hub.room, "token": token})
    assert answer(other)["code"] == "wrong-token"
    phone.send({"type": "join", "room": hub.room, "seat": 2})
    assert answer(phone)["code"] == "seat-closed"
    phone.join(seat=0)  # the released device is back in the lobby and may sit elsewhere
    assert hub.claimed_seats() == {0}


def test_the_page_is_served_with_a_strict_policy_and_nothing_else_is(make_hub):
    hub = make_hub(2)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(hub.url, timeout=30) as page:
        body = page.read().decode()
        assert page.headers["Content-Type"].startswith("text/html")
        assert "default-src 'self'" in page.headers["Content-Security-Policy"]
        assert page.headers["X-Content-Type-Options"] == "nosniff"
    assert "/app.js" in body and "/style.css" in body
    for path in ("/app.js", "/style.css", "/favicon.svg"):
        with opener.open(hub.base_url + path, timeout=30) as response:
            assert response.status == 200
    for path in ("/../pyproject.toml", "/game/remote/hub.py", "/index.html/..", "/.env"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(hub.base_url + path, timeout=30)
        assert refused.value.code == 404
        refused.value.close()  # else the server waits out its close timeout at the end
    with pytest.raises(InvalidStatus) as foreign:
        connect(f"ws://127.0.0.1:{hub.port}/ws", proxy=None, origin="http://evil.example")
    assert foreign.value.response.status_code == 403


def test_the_fast_limits_used_by_these_tests_are_only_for_tests():
    default = Limits()
    assert default.rate <= 50 and default.message_chars <= 8192 and FAST.rate > 1e6
