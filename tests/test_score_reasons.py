"""Points by reason (issue 15): every game's score events say why (``data["reason"]``),
and a seat's events add up to its score, so the results screen's columns add up to the
total shown. Replays stay deterministic (the events come from the same actions)."""

from __future__ import annotations

import pytest

from game.api import load_game, new_game
from game.core.rng import Rng


def play(variant: str, players: int, seed: int):
    g = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    events = []
    while not g.is_over:
        events += g.apply(g.playout_action(rng))
    return g, events


@pytest.mark.parametrize("variant, players", [
    ("mexica", 3), ("mexica-2p-neutral", 2), ("tlatelolco-market", 2),
    ("tlatelolco-market", 4), ("aztlan", 3), ("aztlan-2p", 2)])
def test_each_seats_points_have_reasons_that_add_up(variant, players):
    for seed in (1, 2):
        g, events = play(variant, players, seed)
        scored = [e for e in events if e.kind == "score"]
        assert scored and all(e.data.get("reason") for e in scored)
        # Aztlán adds its end-of-game points in one "final" event per seat
        counted = scored + [e for e in events if e.kind == "final"]
        for seat in range(players):
            assert sum(e.points for e in counted if e.seat == seat) == g.scores[seat]
        again = load_game(g.to_json())
        assert again.to_dict() == g.to_dict()  # the log replays to the same game


def test_mexica_district_points_name_their_period():
    periods = set()
    for seed in range(1, 9):
        _g, events = play("mexica", 3, seed)
        periods |= {e.data.get("period") for e in events
                    if e.kind == "score" and e.data.get("reason") == "district"}
    assert periods == {1, 2}


def test_aztlan_age_points_name_their_age():
    _g, events = play("aztlan", 3, 1)
    ages = {e.data["age"] for e in events if e.kind == "score"}
    assert {e.data["reason"] for e in events if e.kind == "score"} == {"age"}
    assert ages == {1, 2, 3, 4, 5}
