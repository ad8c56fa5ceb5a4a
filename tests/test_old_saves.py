"""Saves written by earlier versions of the program load and play on as they would have.

``tests/fixtures/saves-v1/`` holds real saves of every variant and player count at
several points (the fresh game, open decisions, inside a turn, between turns, the end),
written by the program before the save format changed (``tools/save_fixtures.py``).
``saves-v1-expected.json`` records what that program did next: the original game's
next actions with every event they caused, then the scores, the winners, the seat to
move and the legal actions. A player who continues an old save must see the same game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.api import SAVE_VERSION, SaveError, load_game

FIXTURES = Path(__file__).parent / "fixtures"
OLD = {"saves-v1": json.loads((FIXTURES / "saves-v1-expected.json").read_text("utf-8"))}
CASES = [(folder, name) for folder, expected in OLD.items() for name in sorted(expected)]


#: the variants the program shipped when it wrote version 1, with their player counts
V1_VARIANTS = {"mexica": (2, 3, 4), "mexica-festival": (2, 3, 4), "mexica-2p-neutral": (2,),
               "mexica-2p-harder": (2,), "tlatelolco-market": (2, 3, 4),
               "aztlan": (3, 4), "aztlan-2p": (2,)}


def test_every_variant_and_player_count_has_old_saves():
    names = set(OLD["saves-v1"])
    for variant, counts in V1_VARIANTS.items():
        for players in counts:
            stem = f"{variant}-{players}p"
            assert {f"{stem}-start", f"{stem}-midturn", f"{stem}-midgame",
                    f"{stem}-finished"} <= names, stem


@pytest.mark.parametrize(("folder", "name"), CASES)
def test_old_save_loads_and_plays_on_identically(folder, name):
    expected = OLD[folder][name]
    text = (FIXTURES / folder / f"{name}.json").read_text("utf-8")
    game = load_game(text)
    for step in expected["continue"]:
        events = game.apply(step["action"])
        assert [json.loads(json.dumps(e.to_dict())) for e in events] == step["events"], \
            step["action"]
    assert game.scores == expected["scores"]
    assert game.winners == expected["winners"]
    assert game.current_player == expected["current_player"]
    assert game.is_over == expected["is_over"]
    assert sorted(game.legal_actions()) == expected["legal"]
    again = load_game(game.to_json())  # and it saves in today's format
    assert again.to_json() == game.to_json()


def test_an_old_save_trusts_its_log_and_is_saved_again_in_todays_version():
    """Version 1 stored the state in an older form: the log alone is the game, so an edit
    of the stored state changes nothing, and the next save is today's version."""
    text = (FIXTURES / "saves-v1" / "aztlan-3p-midgame.json").read_text("utf-8")
    data = json.loads(text)
    honest = load_game(text)
    data["state"]["scores"] = [99, 99, 99]
    data["state"]["phase"] = "dancing"
    edited = load_game(json.dumps(data))
    assert edited.scores == honest.scores != [99, 99, 99]
    assert edited.to_json() == honest.to_json()
    assert json.loads(edited.to_json())["version"] == SAVE_VERSION > 1


def test_an_old_save_whose_log_does_not_replay_is_refused():
    data = json.loads((FIXTURES / "saves-v1" / "tlatelolco-market-3p-midgame.json")
                      .read_text("utf-8"))
    data["log"][5] = "end"
    with pytest.raises(SaveError, match=r"action 6 of \d+ \('end'\) cannot be replayed"):
        load_game(json.dumps(data))


def test_replaying_an_old_save_says_its_state_is_not_compared(capsys):
    from game.cli import main

    path = FIXTURES / "saves-v1" / "mexica-2p-finished.json"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "format version 1: its stored state is in an older form and is not compared" in out
