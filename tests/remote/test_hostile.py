"""Nothing a device sends can hurt the game (issue 33, part 1).

Broken text first: JSON's ``\\ud800`` escapes decode to lone surrogates, which no UTF-8
text can hold. Once, an act whose action held one was refused by the engine, and quoting
it back in ``refused`` crashed the host (exit 3); a join whose room held one closed the
connection with 1011 and no ``error``. Then a property: arbitrary JSON and Unicode in every
field of every message type, from a stranger, a spectator and a seated phone, to a real
server on 127.0.0.1; after each the game's log is unchanged or grew by one legal action,
the server answers, and the seated phone can still play. Then the doors: a connection
that never joins, strangers who hold connections, and the ``Host`` header.
"""

from __future__ import annotations

import http.client
import json
import socket
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.api import new_game
from game.core.rng import Rng
from game.remote.protocol import PROTOCOL, dumps
from tests.remote.conftest import FAST
from tests.remote.helpers import Device, Owner, legal

#: the test's devices send what they like as fast as they like, and are never closed
#: for it: the property asks what the game does, not when the server gives up
PATIENT = replace(FAST, strikes=10**9, guesses=10**9, join_within=3600.0)
ANSWERS = ("error", "welcome", "state", "refused")
SURROGATES = ("\ud800", "\udbff", "\udc00", "\udfff")


def raw_act(action_json: str, id: int, version: int) -> str:
    """An act whose action is given as JSON text (``"choose \\ud800"``), as a device
    can send it: ``json.dumps`` of a Python string cannot."""
    return (f'{{"type":"act","v":{PROTOCOL},"id":{id},"version":{version},'
            f'"action":{action_json}}}')


def test_a_lone_surrogate_is_refused_with_an_error_and_the_game_goes_on(make_hub):
    game = new_game("tlatelolco-market", 2, seed=5)
    hub = make_hub(2, limits=PATIENT)
    phone = Device(hub)
    phone.join(seat=game.current_player)
    rng = Rng(1)
    owner = Owner(game, hub, {1 - game.current_player: lambda g: g.playout_action(rng)})
    owner.start()
    try:
        state = phone.state()
        before = list(game.log)
        phone.send(raw_act('"choose \\ud800"', phone.next_id, state["version"]))
        reply = phone.wait(lambda m: m["type"] in ANSWERS)
        assert reply["type"] == "error" and reply["code"] == "bad-text", reply
        assert "surrogate" in reply["message"]
        for join in ('{"type":"join","room":"\\ud800"}',
                     '{"type":"join","room":"AB","token":"\\udfff"}',
                     '{"type":"join","room":"AB","name":"x\\ud800"}',
                     '{"type":"join","\\ud800":1}'):
            stranger = Device(hub)
            stranger.send(join)
            answer = stranger.wait(lambda m: m["type"] in ANSWERS)
            assert (answer["type"], answer["code"]) == ("error", "bad-text"), join
            stranger.close()
        assert list(game.log) == before and hub.version == state["version"]
        phone.act(legal(state)[0], state["version"])  # the seat plays on
        assert phone.state(state["version"] + 1)["version"] > state["version"]
        assert game.log[len(before)] == legal(state)[0]
    finally:
        owner.finish()
    assert not owner.refused


def test_building_a_message_never_raises_on_broken_text():
    # a reply quoting text with a lone surrogate (a plugin's reason, an owner's name) is
    # sent with U+FFFD in its place: the host and the television's frame never crash on it
    sent = dumps({"type": "refused", "reason": "no \ud800 here"})
    assert json.loads(sent.decode())["reason"] == "no \ufffd\ufffd\ufffd here"


# -- the property ----------------------------------------------------------------------
TEXT = st.lists(st.one_of(st.characters(), st.sampled_from(SURROGATES)),
                max_size=12).map("".join)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(TEXT, inner, max_size=3), max_leaves=6)
FIELDS = {"join": ("room", "seat", "token", "spectate", "name"),
          "act": ("id", "version", "action"), "bye": ()}


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(FIELDS)) | TEXT)
    message: dict[str, Any] = {"type": kind}
    for field in FIELDS.get(kind, ()):
        if draw(st.booleans()):
            message[field] = draw(JSON)
    if draw(st.integers(0, 4)) == 0:
        message[draw(TEXT)] = draw(JSON)
    return message


def to_text(message: dict[str, Any]) -> str:
    """JSON text as a device sends it; a lone surrogate goes as its ``\\uXXXX`` escape."""
    return json.dumps(message, ensure_ascii=True)


def test_arbitrary_messages_never_hurt_the_game(make_hub):
    # two phones hold the seats; nothing else plays, so the log grows only by what a
    # device sent, and only by a legal action (Game.apply refuses anything else)
    game = new_game("tlatelolco-market", 2, seed=9)
    hub = make_hub(2, limits=PATIENT)
    seat = game.current_player
    phone, other, spectator, stranger = Device(hub), Device(hub), Device(hub), Device(hub)
    phone.join(seat=seat)
    other.join(seat=1 - seat)
    spectator.join(spectate=True)
    owner = Owner(game, hub)
    owner.start()
    pings = iter(range(10**9))
    devices = {"phone": phone, "spectator": spectator, "stranger": stranger}

    def settled(device: Device) -> None:
        """Everything ``device`` sent before was read: the server answers a ping after."""
        ping = f"ping-{next(pings)}"
        device.send({"type": ping})
        device.wait(lambda m: m["type"] == "error" and ping in m["message"])

    @settings(max_examples=150, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(sorted(devices)), messages(), TEXT)
    def check(who: str, message: dict[str, Any], action: str) -> None:
        if who == "phone" and message.get("type") in ("bye", "join"):
            who = "stranger"  # the seated phone keeps its seat: it plays on afterwards
        device = devices[who]
        before = len(game.log)
        if who == "phone" and message.get("type") == "act":  # a current act, any action
            version = hub.version
            message.update(id=phone.next_id, version=version)
            if not isinstance(message.get("action"), str):
                message["action"] = action  # text the engine reads (and quotes back)
            phone.next_id += 1
            device.send(to_text(message))
            phone.wait(lambda m: m["type"] in ("refused", "error")
                       or (m["type"] == "state" and m["version"] > version))
        else:
            device.send(to_text(message))
        settled(device)
        assert len(game.log) in (before, before + 1)  # only a legal action ever lands
        assert owner.failure is None

    try:
        check()
        assert stranger.closed is None and spectator.closed is None
        for device in (phone, other):  # and whoever's turn it is plays on
            state = device.seen(lambda m: m["type"] == "state" and m["version"] == hub.version)
            if state["deciding"]:
                before = len(game.log)
                device.act(legal(state)[0], state["version"])
                assert device.state(state["version"] + 1)["version"] > state["version"]
                assert len(game.log) == before + 1
                break
        else:
            raise AssertionError("no seated phone decides")
    finally:
        owner.finish()


# -- the doors -------------------------------------------------------------------------
def test_a_stranger_learns_nothing_before_the_room_code(make_hub):
    # the seats message names the room: it once went to every connection at once, so
    # the room code kept nobody out
    hub = make_hub(2, limits=PATIENT)
    stranger = Device(hub)
    stranger.send({"type": "join", "room": "WRONG"})
    assert stranger.wait(lambda m: True)["code"] == "wrong-room"
    stranger.send({"type": "hello"})
    assert stranger.wait(lambda m: True)["code"] == "unknown-type"
    assert [m["type"] for m in stranger.received] == ["error", "error"]
    assert not any(hub.room in text for text in stranger.texts)
    stranger.send({"type": "join", "room": hub.room})  # the lobby: now the seats
    assert stranger.wait(lambda m: m["type"] == "seats")["room"] == hub.room


def test_a_connection_that_does_not_join_in_time_is_closed(make_hub):
    hub = make_hub(2, limits=replace(FAST, join_within=0.2))
    idle = Device(hub)
    assert idle.wait_closed().rcvd.code == 1008
    assert [m["code"] for m in idle.received] == ["join-timeout"]
    phone = Device(hub)  # one that joins at once stays
    phone.join(seat=0)
    phone.send({"type": "hello"})
    assert phone.wait(lambda m: m["type"] == "error")["code"] == "unknown-type"


def from_address(hub: Any, address: str) -> Device:
    """A device whose connection comes from ``address`` (any 127.x.y.z is this machine)."""
    sock = socket.create_connection(("127.0.0.1", hub.port), timeout=30,
                                    source_address=(address, 0))
    return Device(hub, sock=sock)


def test_idle_strangers_never_keep_a_phone_out(make_hub):
    # 600 idle connections from one address once filled every place; now an address
    # waits in a few places, and the one waiting longest makes room for a newcomer
    hub = make_hub(2, limits=replace(PATIENT, unjoined=3, unjoined_per_address=2))
    phone = Device(hub)
    phone.join(seat=0)
    token = phone.token
    phone.close()
    idle = [from_address(hub, "127.0.0.2") for _ in range(2)]
    turned_away = from_address(hub, "127.0.0.2")
    assert turned_away.wait_closed().rcvd.code == 1013  # that address's share is taken
    idle.append(from_address(hub, "127.0.0.3"))  # every waiting place is taken now
    back = Device(hub)  # the phone comes back: the oldest idle one makes room
    assert idle[0].wait_closed().rcvd.code == 1013
    assert back.join(token=token)["seat"] == 0


def request(hub: Any, path: str, headers: list[tuple[str, str]]) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", hub.port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True)
        for name, value in headers:
            connection.putheader(name, value)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_the_host_header_must_name_this_machine(make_hub):
    hub = make_hub(2)
    port = hub.port
    upgrade = [("Upgrade", "websocket"), ("Connection", "Upgrade"),
               ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
               ("Sec-WebSocket-Version", "13")]
    assert request(hub, "/", [("Host", f"127.0.0.1:{port}")]) == 200
    assert request(hub, "/", [("Host", f"localhost:{port}")]) == 200
    # DNS rebinding: another site's name made to point here; its page and socket
    assert request(hub, "/", [("Host", f"evil.example:{port}")]) == 421
    assert request(hub, "/ws", [("Host", "evil.example"), ("Origin", "http://evil.example"),
                                *upgrade]) == 421
    assert request(hub, "/", [("Host", f"127.0.0.1:{port + 1}")]) == 421
    assert request(hub, "/", [("Host", "x@127.0.0.1")]) == 421
    # a duplicate header is a client's mistake (400), never a server's (500)
    assert request(hub, "/", [("Host", f"127.0.0.1:{port}"),
                              ("Host", f"127.0.0.1:{port}")]) == 400
    assert request(hub, "/ws", [("Host", f"127.0.0.1:{port}"), ("Origin",
                                f"http://127.0.0.1:{port}"), *upgrade]) == 101
