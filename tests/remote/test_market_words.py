"""The Market's buttons on a seat's phone speak to that seat: a purchase is "Your buyer 1
buys from the black vendor", never "Ben's buyer 1 ...", and other seats keep their
names."""

from __future__ import annotations

import json

from game.api import new_game
from game.core.rng import Rng
from game.remote.snapshot import Publisher, default_table


def test_a_purchase_button_says_your_buyer_to_the_seat_that_buys():
    game = new_game("tlatelolco-market", 4, seed=7)
    rng = Rng(7)
    while not any(a.startswith("buy ") for a in game.legal_actions()):
        game.apply(game.playout_action(rng))
    seat = game.current_player
    names = ["Ana", "Ben", "Cy", "Dee"]
    snap = Publisher().prepare(game, [], default_table(4, names), [seat], picture=False)
    state = json.loads(snap.states[seat])
    buys = next(g for g in state["actions"] if g["verb"] == "buy")["actions"]
    assert buys
    for item in buys:
        buyer, colour = item["action"].split()[1:]
        assert item["text"] == f"Your buyer {buyer} buys from the {colour} vendor"
    texts = " ".join(i["text"] for g in state["actions"] for i in g["actions"])
    assert names[seat] not in texts
