"""Mexica's actions in the player's words with their cost, from the variant's numbers:
the phone's buttons, the hints and the log read these, never the notation."""

from __future__ import annotations

import re

import pytest

from game.api import new_game
from game.core.rng import Rng
from game.remote.snapshot import button_text
from tests.mexica.scenario import district_size, scenario

FIELD = [
    "S......",  # 1
    ".......",  # 2
    ".......",  # 3
    ".......",  # 4
    "S......",  # 5
]
ROW3 = [("a3", "b3"), ("c3", "d3"), ("e3", "f3"), ("g3",)]
#: every cost changed from the published one, so a number written in the code shows
COSTS = {"canal": 2, "bridge": 3, "relocate": 2, "step": 2, "boat_per_bridge": 3,
         "teleport": 4, "take_token": 2, "temple_per_level": 2}


def field(**kw):
    kw.setdefault("pilli", {0: "b2", 1: "a5"})
    kw.setdefault("canals", ROW3)
    kw.setdefault("ap", 20)
    kw.setdefault("options", {"costs": COSTS})
    return scenario(FIELD, **kw)


def said(game, action: str) -> str:
    assert action in game.legal_actions(), action
    return str(game.describe(action))  # the English of the message


def test_each_building_verb_says_where_and_costs_what_the_variant_says():
    g = field(bridges={"c3": "ns"})
    assert said(g, "canal b1 c1") == "Player 1 constructs a canal on b1–c1: 2 AP"
    assert said(g, "canal d1") == "Player 1 constructs a canal on d1: 2 AP"
    assert said(g, "bridge e3 ns") == ("Player 1 constructs a bridge on e3 (north–south): "
                                       "3 AP")
    assert said(g, "temple b1 2") == "Player 1 builds a 2-level temple on b1: 4 AP"
    assert said(g, "temple c1 1") == "Player 1 builds a 1-level temple on c1: 2 AP"
    assert said(g, "take") == "Player 1 takes an Action Point token: 2 AP"
    assert said(g, "end") == "Player 1 ends the turn (20 AP left unused)"


def test_each_movement_says_where_and_costs_what_the_variant_says():
    g = field(bridges={"c3": "ns", "g3": "ns"})
    assert said(g, "move b1") == "Player 1 walks to b1: 2 AP"
    assert said(g, "teleport g1") == "Player 1 teleports to g1: 4 AP"
    g = field(pilli={0: "c2", 1: "a5"}, bridges={"c3": "ns", "g3": "ns"})
    assert said(g, "move c3") == "Player 1 walks onto the bridge on c3: 2 AP"
    g = field(pilli={0: "c3", 1: "a5"}, bridges={"c3": "ns", "g3": "ns"})
    assert said(g, "boat g3") == "Player 1 travels by boat to the bridge on g3: 3 AP"


def test_relocating_founding_and_tokens():
    g = field(bridges={"c3": "ns"}, supply={"bridges": 0})
    assert said(g, "relocate c3 e3 ns") == ("Player 1 relocates the bridge on c3 to e3 "
                                            "(north–south): 2 AP")
    size = district_size(field(), "b2")
    token = {"size": size, "founder": 5, "presence": 2, "places": [6, 3]}
    g = field(display=[size], ap_tokens={0: 1},
              options={"costs": COSTS, "calpulli_tokens": [token]})
    assert said(g, "found b1") == (f"Player 1 founds the {size}-space district with the "
                                   "calpulli token on b1: 0 AP")
    assert said(g, "spend") == "Player 1 spends an Action Point token: +1 AP"


def test_the_start_and_a_removal_vote():
    g = new_game("mexica", 2)
    first = g.legal_actions()[0]
    assert said(g, first) == f"Player 1 starts on {first.split()[1]}"
    g = field(period=2, display=[5, 6])
    assert said(g, "remove 6") == ("Player 1 proposes removing the size-6 calpulli token; "
                                   "every other player must agree")
    g.apply("remove 6")
    assert said(g, "agree") == "Player 2 agrees to remove the size-6 calpulli token"
    assert said(g, "refuse") == "Player 2 refuses to remove the size-6 calpulli token"


def test_a_button_says_the_action_to_its_player_in_each_language():
    g = field()
    names = ["Ana", "Bo"]
    assert button_text(g.describe("temple b1 2"), 0, names) == \
        "You build a 2-level temple on b1: 4 AP"
    assert button_text(g.describe("canal b1 c1"), 0, names) == \
        "You construct a canal on b1–c1: 2 AP"
    assert button_text(g.describe("end"), 0, names) == "You end the turn (20 AP left unused)"
    assert button_text(g.describe("temple b1 2"), 0, names, "de") == \
        "Du errichtest ein 2er-Gebäude auf b1: 4 AP"
    assert button_text(g.describe("temple b1 2"), 1, names, "de") == \
        "Ana errichtet ein 2er-Gebäude auf b1: 4 AP"


def test_an_action_the_rules_refuse_keeps_its_notation():
    g = field()
    assert g.describe("temple z9 2") == "temple z9 2"
    assert g.describe("bogus") == "bogus"


COST = re.compile(r": (\+?)(\d+) AP$")


@pytest.mark.parametrize(("variant", "players", "seed"), [
    ("mexica", 2, 1), ("mexica", 4, 2), ("mexica-festival", 3, 3), ("mexica-2p-neutral", 2, 4)])
def test_every_legal_action_of_random_states_is_said_in_words_with_the_ap_it_costs(
        variant, players, seed):
    """Every legal action, in states of random play: a sentence about the deciding seat,
    not the notation; the AP it names is the AP the action really takes (or gives); and
    applying it tells the log the same sentence first."""
    g = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    checked = 0
    for step in range(160):
        if g.is_over:
            break
        seat = g.current_player
        if step % 8 == 0:
            for action in g.legal_actions():
                text = str(g.describe(action))
                assert text != action and text.startswith(f"Player {seat + 1} "), text
                assert " " not in action or action not in text
                trial = g.clone()
                before = trial.state.ap
                events = trial.apply(action)
                assert str(events[0].text) == text and events[0].seat == seat
                cost = COST.search(text)
                if cost is not None:
                    change = int(cost.group(2)) if cost.group(1) else -int(cost.group(2))
                    if trial.current_player == seat and trial.state.phase == "play":
                        assert trial.state.ap - before == change, (action, text)
                checked += 1
        g.apply(g.playout_action(rng))
    assert checked > 200
