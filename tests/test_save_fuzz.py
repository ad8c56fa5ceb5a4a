"""A small seeded share of the save-mutation fuzz (tools/fuzz_saves.py): every damaged or
edited save either loads into a game that plays on, or is refused with SaveError."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from game.api import list_variants

ROOT = Path(__file__).resolve().parent.parent
CASES = 40
SEED = 3


def _load_tool():
    spec = importlib.util.spec_from_file_location("fuzz_saves", ROOT / "tools" / "fuzz_saves.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_saves"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


fuzz = _load_tool()


@pytest.mark.parametrize("variant", sorted(v["id"] for v in list_variants()))
def test_mutated_saves_load_or_are_refused(variant):
    corpus = fuzz.real_saves(variant, seeds=(1,), points=(0.0, 0.3, 1.0))
    with fuzz.memory_cap(1500):  # a runaway case fails rather than exhaust the machine
        tally = fuzz.run_variant(corpus, range(CASES), seed=SEED, play_on=10)
    assert tally.failures == []
    assert tally.cases == CASES
    assert tally.refused > 0  # the mutations do damage saves...
    assert tally.loaded + tally.refused == CASES


def test_the_fuzz_tells_a_save_that_loads_from_one_that_is_refused():
    corpus = fuzz.real_saves("mexica", seeds=(1,), points=(0.3,))
    text = corpus.texts[0]
    assert fuzz.check(text) == "loaded"
    data = json.loads(text)
    data["log"].insert(3, "xyzzy 99")
    assert fuzz.check(json.dumps(data)) == "refused"


def test_the_fuzz_counts_a_crash_as_a_failure(monkeypatch):
    corpus = fuzz.real_saves("mexica", seeds=(1,), points=(0.3,))

    def crash(text):
        raise KeyError("state")

    monkeypatch.setattr(fuzz, "load_game", crash)
    tally = fuzz.run_variant(corpus, range(3))
    assert len(tally.failures) == 3
    assert "KeyError" in tally.failures[0] and "mexica case 0" in tally.failures[0]


def test_every_case_can_be_rerun_alone():
    corpus = fuzz.real_saves("aztlan", seeds=(1,), points=(0.3, 1.0))
    first = fuzz.Mutator(corpus, fuzz.case_rng(0, "aztlan", 17)).mutate(corpus.texts[0])
    again = fuzz.Mutator(corpus, fuzz.case_rng(0, "aztlan", 17)).mutate(corpus.texts[0])
    assert first == again
