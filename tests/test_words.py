"""Words that are right (issue 15): counts carry their noun in the right number, through
one helper (game.core.words.plural), in every game's events."""

from __future__ import annotations

import functools
import re

import pytest

from game.api import list_variants, new_game
from game.core.rng import Rng
from game.core.words import Addressed, imperative, indefinite, personalise, plural
from game.i18n import render

#: the learner's seat as a lesson names it: spoken to
YOU = Addressed("You")

#: "1 spaces", "1 levels": a count of one with a plural noun
ONE_PLURAL = re.compile(r"(?<![\d.])1 (spaces|levels|pawns|cards|territories|points|tiles|"
                        r"actions|players|buyers|coins|tokens|pts|goods|seats)\b")


def test_plural_says_one_and_many():
    assert plural(1, "space") == "1 space"
    assert plural(2, "level") == "2 levels"
    assert plural(0, "card") == "0 cards"
    assert plural(1, "territory", "territories") == "1 territory"
    assert plural(3, "territory", "territories") == "3 territories"
    assert plural(5, "AP", "AP") == "5 AP"


@functools.cache
def whole_game_texts(variant: str) -> tuple[str, ...]:
    """Every event text of three random whole games of ``variant`` at its most players
    (worked out once for the wording tests that read them)."""
    spec = next(v for v in list_variants() if v["id"] == variant)
    texts: list[str] = []
    for seed in (1, 2, 3):
        g = new_game(variant, spec["max_players"], seed=seed)
        rng = Rng(seed)
        while not g.is_over:
            texts += [str(e.text) for e in g.apply(g.playout_action(rng))]
    return tuple(texts)


@pytest.mark.parametrize("variant", [v["id"] for v in list_variants()])
def test_no_event_of_a_whole_game_says_one_with_a_plural(variant):
    wrong = [t for t in whole_game_texts(variant) if ONE_PLURAL.search(t)]
    assert not wrong, wrong[:5]


# -- the second person: a seat spoken to (the learner of a lesson) ------------------------
#: "You's", or "You" with a verb in the third person ("You wins", "you pays", "You is")
THIRD_PERSON_YOU = re.compile(r"\b(?:you|YOU)(?:'s|'S)|\byou (?:[a-z]*[^s\W]s|is|has|was|does)\b",
                              re.IGNORECASE)


def test_a_seat_named_you_is_spoken_to():
    names = [YOU, "Ana", "Ben"]
    said = {text: personalise(text, names) for text in (
        "Player 1 wins with 31 points", "Player 1's turn", "Player 1 passes",
        "Player 1 puts a coin on buyer 2", "Player 1 pays with buyer 3's coin",
        "Player 1 is not the strongest in t3", "Player 1 has no coin",
        "Player 1 does not play Sacred Games", "Player 1 carries a green token",
        "Player 1 coexists in t10 (Eagle Ridge) and draws a prosperity card",
        "No coin for Player 1: the supply is empty", "Player 2 takes Player 1's crown",
        "Player 2 plays Sacred Games: Player 1 must coexist with Player 2",
        "Player 1 and Player 3 share the win", "Player 2 and Player 1 share the win",
        "The bag is empty. Player 1 3; Player 2 0. Winner: Player 1",
        "Player 1 +4 for founding", "Player 3, Player 1 commands the Coyotes")}
    assert list(said.values()) == [
        "You win with 31 points", "Your turn", "You pass",
        "You put a coin on buyer 2", "You pay with buyer 3's coin",
        "You are not the strongest in t3", "You have no coin",
        "You do not play Sacred Games", "You carry a green token",
        "You coexist in t10 (Eagle Ridge) and draw a prosperity card",
        "No coin for you: the supply is empty", "Ana takes your crown",
        "Ana plays Sacred Games: You must coexist with Ana",
        "You and Ben share the win", "Ana and you share the win",
        "The bag is empty. You 3; Ana 0. Winner: You",
        "You +4 for founding", "Ben, you command the Coyotes"]
    assert not [t for t in said.values() if THIRD_PERSON_YOU.search(t)]


def test_a_player_who_types_you_as_a_name_is_named_not_spoken_to():
    """Being spoken to is a flag of the seat (a lesson's learner), not the word its name
    happens to be in English."""
    assert personalise("Player 1 wins", ["You", "Ana"]) == "You wins"
    assert personalise("Player 1 wins", [YOU, "Ana"]) == "You win"
    assert personalise("Player 1 wins", [Addressed("Du"), "Ana"]) == "You win"


def test_other_names_keep_the_third_person():
    names = ["Ana", "Ben"]
    assert personalise("Player 1 wins with 31 points", names) == "Ana wins with 31 points"
    assert personalise("Player 2's turn", names) == "Ben's turn"
    assert personalise("Player 1 passes; Player 2 is next", names) == "Ana passes; Ben is next"
    assert personalise("Player 3 wins", names) == "Player 3 wins"  # no such seat: as it was
    assert personalise("Player 1 wins", []) == "Player 1 wins"


def test_the_verb_is_changed_only_after_the_learner_as_a_subject():
    names = [YOU, "Ana"]
    # an object followed by a plural noun is no verb in the third person
    assert personalise("Player 2 gives Player 1 tokens", names) == "Ana gives you tokens"
    assert personalise("1 pawn of Player 1 returns", names) == "1 pawn of you returns"
    assert personalise("Player 1 chose card 7", names) == "You chose card 7"
    assert personalise("Player 1 must wait", names) == "You must wait"


@pytest.mark.parametrize("variant", [v["id"] for v in list_variants()])
def test_no_text_of_a_whole_game_speaks_of_you_in_the_third_person(variant):
    """Every event and every action's description of whole games, seat 1 spoken to."""
    spec = next(v for v in list_variants() if v["id"] == variant)
    names = [YOU] + [f"Computer {i + 2}" for i in range(spec["max_players"] - 1)]
    for seed in (1, 2):
        g = new_game(variant, spec["max_players"], seed=seed)
        rng = Rng(seed)
        texts = []
        while not g.is_over:
            action = g.playout_action(rng)
            texts.append(g.describe(action))
            texts += [e.text for e in g.apply(action)]
        said = [render(t, "en", names) for t in texts]
        assert any(t.startswith("You ") for t in said)
        wrong = [t for t in said if THIRD_PERSON_YOU.search(t)]
        assert not wrong, wrong[:5]


def test_a_or_an_as_it_is_said():
    assert indefinite("6-space district") == "a 6-space district"
    assert indefinite("8-space district") == "an 8-space district"
    assert indefinite("11-space district") == "an 11-space district"
    assert indefinite("13-space district") == "a 13-space district"
    assert indefinite("18-space district") == "an 18-space district"
    assert indefinite("1-space district") == "a 1-space district"
    assert indefinite("80 points") == "an 80 points"
    assert indefinite("ivory tile") == "an ivory tile"
    assert indefinite("green token") == "a green token"


@pytest.mark.parametrize("variant", [v["id"] for v in list_variants()])
def test_no_event_of_a_whole_game_says_a_before_eight_or_eleven(variant):
    wrong = [t for t in whole_game_texts(variant) if re.search(r"\ba (8|11|18)\d*\b", t)]
    assert not wrong, wrong[:5]


def test_words_in_s_that_are_no_verbs_stay():
    names = [YOU]
    assert personalise("Player 1 always plays first", names) == "You always play first"
    assert personalise("Player 1 also wins", names) == "You also win"
    assert personalise("Player 1 plus Player 2", [YOU, "Ana"]) == "You plus Ana"
    assert personalise("Hint: take — Player 1 founds it", names) == \
        "Hint: take — you found it"


def test_a_hint_says_the_move_to_the_one_who_makes_it():
    assert imperative("Player 1 places the black on a1", 0) == "place the black on a1"
    assert imperative("Player 3 carries the king to b2", 2) == "carry the king to b2"
    assert imperative("Player 2 passes", 1) == "pass"
    # another seat's action, or a text without a verb after the name, is kept
    assert imperative("Player 2 places the black on a1", 0) == \
        "Player 2 places the black on a1"
    assert imperative("move i7", 0) == "move i7"
    assert imperative("Player 1 +3", 0) == "Player 1 +3"
