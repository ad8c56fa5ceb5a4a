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
