"""A small seeded run of ``tools/fuzz_actions.py``: garbage and near-miss actions at many
points of random games of every variant are either applied as a legal action or refused
with IllegalAction, a short message and the state unchanged. The script runs the same
checks on about 100,000 actions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from game.api import list_variants

ROOT = Path(__file__).resolve().parent.parent


def load_fuzzer():
    name = "fuzz_actions"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "fuzz_actions.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


VARIANTS = [(v["id"], v["min_players"], v["max_players"]) for v in list_variants()]


@pytest.mark.parametrize("variant, least, most", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_fuzzed_actions_are_applied_legally_or_refused_cleanly(variant, least, most):
    fuzz = load_fuzzer()
    pool = fuzz.action_pool(lambda v: v["min_players"])
    tally = fuzz.fuzz_variant(variant, range(least, most + 1), 400, seed=11,
                              per_point=4, every=9, pool=pool)
    assert tally.failures == []
    assert tally.tried >= 400
    assert tally.applied > 20 and tally.refused > 200  # both outcomes were exercised


def test_the_fuzzer_finds_an_engine_that_takes_other_digits():
    """The checks themselves: a parser using int() accepts '٤' as 4, and is caught."""
    from game.api import new_game
    from game.core.errors import IllegalAction

    fuzz = load_fuzzer()
    g = new_game("aztlan", 3, seed=4)
    rules = type(g.rules)
    original = rules.apply

    def lenient(self, state, action):
        words = action.split()
        if words and words[0] == "choose" and len(words) == 2:
            try:
                action = f"choose {int(words[1])}"
            except ValueError:
                raise IllegalAction("not a number") from None
        return original(self, state, action)

    tally = fuzz.Tally("aztlan")
    rules.apply = lenient
    try:
        fuzz.check_one(g, "choose ٤", set(g.legal_actions()), tally, "test")
        fuzz.check_one(g, "choose 4", set(g.legal_actions()), tally, "test")
    finally:
        rules.apply = original
    assert tally.applied == 2
    assert len(tally.failures) == 1 and "not ASCII" in tally.failures[0]
