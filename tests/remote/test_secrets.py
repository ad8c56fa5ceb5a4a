"""A remote seat never receives what it may not know (the poisoned-value technique).

Aztlán's prosperity cards are replaced by thirty cards that are each unique, with ids
and names found nowhere else, so any card named in any message can be traced. While a
whole game plays over the network, the owner records the truth after every publish:
each seat's hand and the face-up discard pile. Afterwards every message every
connection received is scanned: a card may appear in a message to a seat only if that
seat held it or saw it played by then; a spectator sees only played cards. The power
card a seat chose stays hidden from the others until the reveal.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from game.api import new_game
from game.core.rng import Rng
from tests.remote.helpers import Device, Owner, playout_choice

KINDS = [("blessing", "jungle"), ("blessing", "mountains"), ("blessing", "fields"),
         ("offering", None), ("sacred-games", None), ("rafts", None), ("tlatoani", None),
         ("eagle", None)]
CARDS = {f"xq{i:02d}": f"Xyzzy {i:02d}" for i in range(1, 31)}


def unique_cards() -> list[dict[str, Any]]:
    out = []
    for i, (card, name) in enumerate(CARDS.items()):
        effect, kind = KINDS[i % len(KINDS)]
        entry: dict[str, Any] = {"id": card, "name": name, "effect": effect, "count": 1}
        if kind:
            entry["type"] = kind
        out.append(entry)
    return out


def cards_in(text: str) -> set[str]:
    return {card for card, name in CARDS.items() if card in text or name in text}


def test_no_message_to_any_connection_names_a_card_its_seat_may_not_know(make_hub):
    players = 3
    game = new_game("aztlan", players, seed=8, options={"prosperity_cards": unique_cards()})
    hub = make_hub(players, ["Ana", "Ben", "Cy"])
    known: dict[Any, dict[int, set[str]]] = defaultdict(dict)  # role -> version -> cards
    seen: dict[Any, set[str]] = defaultdict(set)
    hidden_choices: dict[int, dict[int, int]] = {}  # version -> other seats' secret cards

    def record(g, version: int) -> None:
        s = g.state
        public = set(s.discard)
        seen[None] |= public
        known[None][version] = set(seen[None])
        for seat in range(players):
            seen[seat] |= set(s.prosperity[seat]) | public
            known[seat][version] = set(seen[seat])
        if not s.revealed:
            hidden_choices[version] = {i: c for i, c in enumerate(s.chosen) if c is not None}

    devices = [Device(hub) for _ in range(players)]
    for seat, device in enumerate(devices):
        device.join(seat=seat)
    spectator, bystander = Device(hub), Device(hub)
    spectator.join(spectate=True)
    owner = Owner(game, hub, after_publish=record)
    owner.start()
    rng = Rng(8)
    try:
        while True:
            view = spectator.wait(lambda m: m["type"] == "state" and
                                  m["version"] == hub.version)
            if view["over"]:
                break
            device = devices[view["current"]]
            mine = device.state(view["version"])
            device.act(playout_choice(game.rules, mine, rng), mine["version"])
            for other in devices:
                other.drain()
    finally:
        owner.finish()
    assert game.is_over
    for device in devices + [spectator, bystander]:
        device.drain()

    checked = sum(_check_sent(role, device, known[role], hidden_choices)
                  for role, device in [(d.seat, d) for d in devices] + [(None, spectator)])
    assert all(cards_in(t) == set() for t in bystander.texts)  # the lobby names no card
    # not vacuous: seats held cards the others never saw, and their own devices named them
    private = [seen[s] - seen[None] for s in range(players)]
    assert sum(len(p) for p in private) >= 3, private
    for seat, device in enumerate(devices):
        if private[seat]:
            assert private[seat] & set().union(*(cards_in(t) for t in device.texts))
    assert checked > 500


def _check_sent(role: Any, device: Device, known: dict[int, set[str]],
                hidden_choices: dict[int, dict[int, int]]) -> int:
    """No message to ``role``'s device names a card the role could not know at the
    message's version, nor another seat's secret choice; returns the messages checked."""
    checked = 0
    version = 0
    for text, message in zip(device.texts, device.received, strict=True):
        version = message.get("version", version) if message["type"] == "state" \
            else version
        leaked = cards_in(text) - known.get(version, set())
        assert not leaked, f"{'seat ' + str(role) if role is not None else 'a spectator'}" \
                           f" was sent {sorted(leaked)} at version {version}"
        checked += 1
        if message["type"] == "state" and version in hidden_choices:
            for other, card in hidden_choices[version].items():
                if other != role:
                    assert message["view"]["chosen"][other] == {"hidden": 1}
                    assert f"chose power card {card}" not in json.dumps(
                        [e["text"] for e in message["log"] if e["seat"] == other])
    return checked
