"""Bots sample many states from one view: the view is loaded once, and every sample is
still the state that loading the view with its drawn parts would give. The view is the
rules' own (``Rules.view``), so it is loaded without the checks a save goes through
(``StateCodec.trusted``)."""

from __future__ import annotations

import pytest

from game.api import new_game
from game.core.rng import Rng

#: each variant with a number the seat sees in its view (a key of the view's JSON form)
VARIANTS = [("mexica", 3, "round"), ("tlatelolco-market", 4, "round")]


def _late(variant: str, players: int):
    game = new_game(variant, players, seed=8)
    rng = Rng(2)
    for _ in range(40):
        game.apply(game.rules.playout_action(game.state, rng))
    return game


@pytest.mark.parametrize(("variant", "players", "seen"), VARIANTS)
def test_every_sample_of_a_view_is_the_view_loaded_with_its_draw(variant, players, seen):
    game = _late(variant, players)
    rules, seat = game.rules, game.current_player
    view = rules.view(game.state, seat)
    samples = [rules.to_dict(rules.determinize(view, seat, Rng(i))) for i in range(6)]
    fresh_rules = new_game(variant, players, seed=8).rules  # nothing remembered
    for i, sample in enumerate(samples):
        assert rules.to_dict(fresh_rules.determinize(view, seat, Rng(i))) == sample
    # what the seat sees is in every sample; the samples differ only where it is hidden
    assert all(sample[seen] == view[seen] for sample in samples)
    assert len({str(sample) for sample in samples}) > 1


@pytest.mark.parametrize(("variant", "players", "seen"), VARIANTS)
def test_a_changed_view_is_loaded_afresh(variant, players, seen):
    game = _late(variant, players)
    rules, seat = game.rules, game.current_player
    view = rules.view(game.state, seat)
    rules.determinize(view, seat, Rng(1))
    view[seen] += 1  # the same dict, changed: no stale state may come back
    assert getattr(rules.determinize(view, seat, Rng(1)), seen) == view[seen]
    view[seen] = 2
    assert getattr(rules.determinize(view, seat, Rng(1)), seen) == 2
