"""The facts of a finished game (the rules' ``game_facts`` hook): each states what the
game's events say, as messages of the game's catalogue (seats named "Player N" in their
English), and a game without the hook has none."""

from __future__ import annotations

from game.api import new_game
from game.core.events import Event
from game.core.facets import Presentation
from game.core.rng import Rng
from game.i18n import render
from game.kit.facts import biggest, most, tally
from variants.market.text import _


def play_out(variant: str, players: int, seed: int):
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    events: list[Event] = []
    while not game.is_over:
        events += game.apply(game.playout_action(rng))
    return game, [e for e in events if e.visible(None)]


def test_most_names_every_seat_sharing_the_top_and_needs_a_least():
    one = _.n("Most purchases: {player}, {n} purchase", "Most purchases: {player}, {n} purchases",
              n=0)
    tie = _("Most purchases, {n} each: {players}")
    assert str(most({0: 2, 2: 4, 1: 4}, one, tie)) == \
        "Most purchases, 4 each: Player 2 and Player 3"
    assert str(most({0: 5, 1: 5, 2: 5}, one, tie)) == \
        "Most purchases, 5 each: Player 1, Player 2 and Player 3"
    assert str(most({0: 5, 1: 4}, one, tie)) == "Most purchases: Player 1, 5 purchases"
    assert render(most({0: 1, 1: 0}, one, tie), "de", ["Ana", "Ben"]) == \
        "Die meisten Käufe: Ana, 1 Kauf"
    assert render(most({0: 3, 1: 3}, one, tie), "de", ["Ana", "Ben"]) == \
        "Die meisten Käufe, je 3: Ana und Ben"
    assert most({0: 1}, one, tie, least=2) is None
    assert most({}, one, tie) is None
    events = [Event("buy", "", 1, data={"taken": 3}), Event("buy", "", 0, data={"taken": 5}),
              Event("buy", "", 2, data={"taken": 5})]
    assert biggest(events, "buy", "taken") is events[1]  # the first of the largest
    assert tally(events, "buy") == {1: 1, 0: 1, 2: 1}


def test_mexica_reads_its_largest_district_from_the_foundings():
    game, events = play_out("mexica", 4, 2)
    founded = [e for e in events if e.kind == "founded"]
    largest = max(founded, key=lambda e: e.data["size"])
    facts = [str(f) for f in game.rules.game_facts(game.state, events)]  # their English
    assert facts[0] == (f"Largest district founded: {largest.data['size']} spaces by "
                        f"Player {largest.seat + 1}")


def test_the_market_names_the_kings_favourite_colour_and_the_biggest_purchase():
    game, events = play_out("tlatelolco-market", 4, 9)
    facts = game.rules.game_facts(game.state, events)
    assert str(facts[0]) == "The king's favourite colour: red ×6"  # his tokens: 3, 2, 6, 5
    assert render(facts[0], "de") == "Die Lieblingsfarbe des Königs: Rot ×6"
    most_taken = max(e.data["taken"] for e in events if e.kind == "buy")
    assert str(facts[1]).startswith(f"Biggest purchase: {most_taken} ")
    assert render(facts[1], "de").startswith(f"Größter Kauf: {most_taken}× ")
    assert render(facts[2], "de").startswith("Die meisten Käufe")


def test_aztlan_counts_battles_and_domains():
    game, events = play_out("aztlan", 3, 2)
    facts = [str(f) for f in game.rules.game_facts(game.state, events)]  # their English
    battles = {}
    for e in events:
        if e.kind == "battle":
            battles[e.seat] = battles.get(e.seat, 0) + 1
    top = max(battles.values())
    assert any(f.startswith("Most battles declared: ") and f.endswith(f"{top} battles")
               for f in facts)
    assert facts[0].startswith("Largest domain scored: ")


def test_without_the_hook_a_game_has_no_facts_and_no_tie_breaker():
    game, events = play_out("mexica", 2, 3)
    assert Presentation.game_facts(game.rules, game.state, events) == []
    assert Presentation.tie_break(game.rules, game.state) == ""
