"""Each phone in its own language: a mixed table reads the same game, one phone in
English and one in German, over a real server on 127.0.0.1. The page's own words come
from the catalogue in the language the phone asked for (its browser's, or its choice);
the host renders that phone's buttons, log and results in it; the television's language
does not change any phone's."""

from __future__ import annotations

from game.api import new_game
from game.i18n import language
from game.remote.page import page_language, page_texts
from tests.remote.helpers import Device, Owner


def market_to_a_purchase():
    """A Market game where the deciding seat may buy (its buttons then name colours)."""
    from game.core.rng import Rng

    game = new_game("tlatelolco-market", 2, seed=7)
    rng = Rng(7)
    while not any(a.startswith("buy ") for a in game.legal_actions()):
        game.apply(game.playout_action(rng))
    return game


def test_two_phones_read_the_same_game_each_in_its_own_language(make_hub):
    game = market_to_a_purchase()
    buyer = game.current_player
    names = ["Ana", "Xochiquetzal"]
    hub = make_hub(2, names=names)
    german, english = Device(hub), Device(hub)
    # the seat that buys asks for Austrian German; the other's browser says en-GB
    german.join(seat=buyer, lang="de-AT")
    english.join(seat=1 - buyer, lang="en-GB")
    texts = german.seen(lambda m: m["type"] == "texts")
    assert texts["lang"] == "de"
    assert texts["texts"]["Your turn"] == "Du bist dran"
    assert texts["texts"]["page|Enter"] == "Betreten"
    assert {"code": "de", "name": "Deutsch"} in texts["languages"]
    assert english.seen(lambda m: m["type"] == "texts")["texts"]["Your turn"] == "Your turn"
    owner = Owner(game, hub)
    owner.start()
    try:
        mine = german.wait(lambda m: m["type"] == "state" and m["deciding"])
        buttons = {i["action"]: i["text"] for g in mine["actions"] for i in g["actions"]}
        buy = next(a for a in buttons if a.startswith("buy "))
        number, colour = buy.split()[1:]
        german_colour = {"black": "Schwarz", "blue": "Blau", "red": "Rot", "green": "Grün"}
        assert buttons[buy].startswith(f"Dein Käufer {number} kauft"), buttons[buy]
        assert german_colour[colour] in buttons[buy]
        german.act(buy, mine["version"])
        after_de = german.wait(lambda m: m["type"] == "state"
                               and m["version"] > mine["version"])
        after_en = english.wait(lambda m: m["type"] == "state"
                                and m["version"] == after_de["version"])
        # the same purchase: in German to the buyer, in English about the buyer
        said_de = [e["text"] for e in after_de["log"]]
        said_en = [e["text"] for e in after_en["log"]]
        assert any(t.startswith(f"Dein Käufer {number} kauft") for t in said_de), said_de
        assert any(t.startswith(f"{names[buyer]}'s buyer {number} buys") for t in said_en), \
            said_en
        assert not any("kauft" in t for t in said_en)
        assert language() == "en"  # the television's language is its own
    finally:
        owner.finish()


def test_a_phone_asks_for_a_language_in_the_lobby_and_reads_the_goodbye_in_it(make_hub):
    hub = make_hub(2, names=["Ana", "Ben"])
    phone = Device(hub)
    phone.send({"type": "join", "v": 2, "room": hub.room, "lang": "de"})
    texts = phone.wait(lambda m: m["type"] == "texts")
    # the goodbye's reason is the server's fixed English; the page reads it in German
    assert texts["texts"]["The host closed the game"] == "Der Gastgeber hat das Spiel " \
        "geschlossen"
    phone.seen(lambda m: m["type"] == "seats")
    phone.send({"type": "join", "v": 2, "room": hub.room, "lang": "en"})  # chosen again
    assert phone.wait(lambda m: m["type"] == "texts")["lang"] == "en"


def test_a_language_the_client_does_not_speak_reads_the_televisions():
    assert page_language("de-CH") == "de" and page_language("en_US.UTF-8") == "en"
    assert page_language("xx") is None and page_language(None) is None
    every = page_texts("de")["texts"]
    assert all(every.values()) and len(every) > 40


def test_a_computer_seat_is_named_in_the_language_of_each_phone_that_reads_it(make_hub):
    """The lobby's list of seats: a German phone reads "Computer (Schwer)" for a seat the
    television's computer plays, an English one "Computer (Hard)" at the same table."""
    from dataclasses import replace

    from game.remote.snapshot import default_table
    from game.ui.remote import _
    from game.ui.session import level_label

    table = default_table(2, ["Ana", "Ben"])
    table[1] = replace(table[1], open=False,
                       driver=_("Computer ({level})", level=level_label("hard")))
    hub = make_hub(2, table=table)
    german, english = Device(hub), Device(hub)
    german.send({"type": "join", "v": 2, "room": hub.room, "lang": "de"})
    english.send({"type": "join", "v": 2, "room": hub.room, "lang": "en"})
    said_de = german.wait(lambda m: m["type"] == "seats")["seats"][1]
    said_en = english.wait(lambda m: m["type"] == "seats")["seats"][1]
    assert (said_de["status"], said_de["driver"]) == ("closed", "Computer (Schwer)")
    assert said_en["driver"] == "Computer (Hard)"


def mexica_walking():
    """A Mexica game in its play phase, the deciding seat's Pilli able to walk."""
    from game.core.rng import Rng

    game = new_game("mexica", 2, seed=3)
    rng = Rng(3)
    while game.state.phase != "play" or game.state.pilli[game.current_player] is None:
        game.apply(game.playout_action(rng))
    return game


def test_a_german_phone_reads_mexicas_walk_plans_and_its_supply_in_german(make_hub):
    game = mexica_walking()
    seat = game.current_player
    hub = make_hub(2, names=["Ana", "Ben"])
    german, english = Device(hub), Device(hub)
    german.join(seat=seat, lang="de")
    english.join(seat=1 - seat, lang="en")
    owner = Owner(game, hub)
    owner.start()
    try:
        mine = german.wait(lambda m: m["type"] == "state" and m["deciding"])
        theirs = english.wait(lambda m: m["type"] == "state")
    finally:
        owner.finish()
    plans = [plan["text"] for plan in mine["plans"]]
    assert plans and all(t.startswith("Ziehe auf ") and t.endswith(" AP") for t in plans), \
        plans
    counters = [c["label"] for s in mine["panel"]["sections"] for c in s["counters"]]
    assert "Aktionspunkte in diesem Zug" in counters, counters
    titles = [s["title"] for s in theirs["panel"]["sections"]]
    assert titles == ["Your supply"], titles
