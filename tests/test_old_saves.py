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


def same_play(new: dict, old: dict) -> bool:
    """An event of today's program is the old one in play: the same kind, seat, points,
    visibility and barrier, and every piece of the old data unchanged. Its text is
    wording (plural forms have been put right since: "1 level") and its data may say
    more (the reason for points, the age or period they were scored in)."""
    keys = ("kind", "seat", "points", "visible_to", "barrier")
    data = new.get("data", {})
    return all(new.get(k) == old.get(k) for k in keys) and all(
        data.get(k) == v for k, v in old.get("data", {}).items())


def plays_on_as_before(events: list[dict], recorded: list[dict]) -> bool:
    """The recorded events all happen again, in their order, each as in play before;
    today's program may tell more between them (the Market's points by colour at the
    end), never less."""
    now = iter(events)
    return all(any(same_play(new, old) for new in now) for old in recorded)


def test_the_comparison_sees_any_change_in_play():
    old = [{"kind": "score", "text": "P1 +4: 1 levels", "seat": 0, "points": 4,
            "data": {"place": 1}}]
    assert plays_on_as_before([{"kind": "turn", "text": "x"},
                               {**old[0], "text": "P1 +4: 1 level",
                                "data": {"place": 1, "reason": "district"}}], old)
    assert not plays_on_as_before([{**old[0], "points": 5}], old)
    assert not plays_on_as_before([{**old[0], "data": {"place": 2}}], old)
    assert not plays_on_as_before([], old)


@pytest.mark.parametrize(("folder", "name"), CASES)
def test_old_save_loads_and_plays_on_identically(folder, name):
    expected = OLD[folder][name]
    text = (FIXTURES / folder / f"{name}.json").read_text("utf-8")
    game = load_game(text)
    for step in expected["continue"]:
        events = [json.loads(json.dumps(e.to_dict())) for e in game.apply(step["action"])]
        assert plays_on_as_before(events, step["events"]), (step["action"], events)
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
