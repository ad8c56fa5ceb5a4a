"""Words that are right (issue 15): counts carry their noun in the right number, through
one helper (game.words.plural), in every game's events."""

from __future__ import annotations

import re

import pytest

from game.api import list_variants, new_game
from game.rng import Rng
from game.words import plural

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


@pytest.mark.parametrize("variant", [v["id"] for v in list_variants()])
def test_no_event_of_a_whole_game_says_one_with_a_plural(variant):
    spec = next(v for v in list_variants() if v["id"] == variant)
    for seed in (1, 2, 3):
        g = new_game(variant, spec["max_players"], seed=seed)
        rng = Rng(seed)
        texts = []
        while not g.is_over:
            texts += [e.text for e in g.apply(g.playout_action(rng))]
        wrong = [t for t in texts if ONE_PLURAL.search(t)]
        assert not wrong, wrong[:5]
