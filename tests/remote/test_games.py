"""Whole games over the network: every seat on a device, and a mixed table.

Each device claims a seat, waits for its state, and acts on what it was sent; the owner
thread applies every action through ``Game.apply``. The game must end exactly as the
same actions end it locally, and every device must learn the result.
"""

from __future__ import annotations

import pytest

from game.ai import make_bot
from game.api import list_variants, new_game
from game.core.rng import Rng
from tests.remote.helpers import Device, Owner, legal, playout_choice

VARIANTS = [v for v in list_variants() if v.get("source", "").find("examples") < 0]
BUILT_IN = ["mexica", "mexica-festival", "mexica-2p-neutral", "mexica-2p-harder",
            "tlatelolco-market", "aztlan", "aztlan-2p"]


def play_remote_game(hub, game, devices, spectator, seed: int) -> list[str]:
    """Drive the devices until the spectator sees the game over; return the actions
    the devices sent, in order."""
    rng = Rng(seed)
    sent: list[str] = []
    version = 0
    while True:
        view = spectator.state(version + 1)
        version = view["version"]
        if view["over"]:
            return sent
        device = devices[view["current"]]
        mine = device.state(version)
        assert mine["version"] == version and mine["deciding"], mine
        for other in devices:
            if other is not device:
                other.drain()
        action = playout_choice(game.rules, mine, rng)
        device.act(action, version)
        sent.append(action)


#: the television's hub prepares the messages on a worker thread (``background``)
BACKGROUND = ["mexica", "tlatelolco-market", "aztlan"]


@pytest.mark.parametrize(("variant", "background"), [(v, False) for v in BUILT_IN]
                         + [(v, True) for v in BACKGROUND])
def test_a_whole_game_with_every_seat_on_a_device(make_hub, variant, background):
    spec = next(v for v in list_variants() if v["id"] == variant)
    players = spec["min_players"]
    game = new_game(variant, players, seed=11)
    hub = make_hub(players, background=background)
    devices = [Device(hub) for _ in range(players)]
    for seat, device in enumerate(devices):
        welcome = device.join(seat=seat, name=f"Dev{seat}")
        assert welcome["seat"] == seat and len(welcome["token"]) >= 32
    spectator = Device(hub)
    spectator.join(spectate=True)
    owner = Owner(game, hub)
    owner.start()
    try:
        sent = play_remote_game(hub, game, devices, spectator, seed=11)
    finally:
        owner.finish()
    assert game.is_over and not owner.refused
    # the same actions, applied locally, give the same game: the devices played it
    replay = new_game(variant, players, seed=11)
    for action in sent:
        replay.apply(action)
    assert replay.is_over and replay.scores == game.scores and replay.log == game.log
    for device in devices:
        final = device.state(hub.version)
        assert final["over"] and final["results"]["scores"] == game.scores
        assert final["results"]["winners"] == game.winners and final["actions"] == []
    hub.stop("The game is over")
    for device in devices + [spectator]:
        bye = device.wait(lambda m: m["type"] == "bye")
        assert bye["final"] and bye["reason"] == "The game is over"


def test_a_mixed_table_a_person_here_a_computer_and_a_phone(make_hub):
    """Seat 0 is played at the television (the owner decides for it), seat 1 by the
    computer, seat 2 by a phone; only seat 2 is open to devices."""
    from dataclasses import replace

    game = new_game("aztlan", 3, seed=4)
    hub = make_hub(3, ["Ana", "Ben", "Cy"])
    table = hub.table
    table[0] = replace(table[0], open=False, driver="On the television")
    table[1] = replace(table[1], open=False, driver="Computer (Easy)")
    hub.set_table(table)
    local_rng = Rng(1)
    bot = make_bot("easy", seed=2)
    drivers = {0: lambda g: g.playout_action(local_rng),
               1: lambda g: bot.choose(g.rules, g.view(1), g.legal_actions())}
    phone = Device(hub)
    phone.send({"type": "join", "room": hub.room})  # the lobby: the seats, nothing more
    seats = phone.wait(lambda m: m["type"] == "seats")
    assert [s["status"] for s in seats["seats"]] == ["closed", "closed", "open"]
    assert seats["seats"][1]["driver"] == "Computer (Easy)"
    phone.send({"type": "join", "room": hub.room, "seat": 0})
    refusal = phone.wait(lambda m: m["type"] == "error")
    assert refusal["code"] == "seat-closed" and "Ana" in refusal["message"]
    phone.join(seat=2, name="Cy's phone")
    owner = Owner(game, hub, drivers)
    owner.start()
    rng = Rng(3)
    turns = 0
    try:
        while True:
            state = phone.wait(lambda m: m["type"] == "state" and (m["deciding"] or m["over"]))
            if state["over"]:
                break
            phone.act(playout_choice(game.rules, state, rng), state["version"])
            turns += 1
    finally:
        owner.finish()
    assert game.is_over and turns > 10
    seats_played = {seat for seat, _action in owner.applied}
    assert seats_played == {0, 1, 2}
    assert sum(1 for seat, _a in owner.applied if seat == 2) == turns
    assert state["results"]["scores"] == game.scores


def test_a_refused_action_tells_the_device_why_and_changes_nothing(make_hub):
    game = new_game("mexica", 2, seed=1)
    hub = make_hub(2)
    device = Device(hub)
    device.join(seat=game.current_player)
    owner = Owner(game, hub)
    owner.start()
    try:
        state = device.state()
        before = game.to_json()
        device.act("start z99", state["version"])
        refused = device.wait(lambda m: m["type"] == "refused")
        assert refused["action"] == "start z99" and refused["reason"]
        assert refused["reason"] == owner.refused[0][2]  # the engine's own words
        assert game.to_json() == before
        device.act(legal(state)[0], state["version"])  # the same state: still current
        assert device.state(state["version"] + 1)["version"] == state["version"] + 1
    finally:
        owner.finish()
    assert len(game.log) == 1
