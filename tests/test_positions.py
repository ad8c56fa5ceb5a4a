"""Positions for tests (issue 35): a game built at a state described as data, checked by the
engine's codec, with no log before it, and marked so that it is never taken for a save."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.api import (
    POSITION_FORMAT,
    ConfigError,
    SaveError,
    from_position,
    load_game,
    load_position,
    new_game,
)
from game.core.rng import Rng
from tests.race_rules import Race
from tests.toy_registry import toy_registry

MARKET = "tlatelolco-market"
ROOT = Path(__file__).resolve().parent.parent


def played(moves: int = 20, seed: int = 4):
    """A Market game some moves in (the tiles laid, coins placed, a turn or two)."""
    game = new_game(MARKET, 2, seed=seed)
    rng = Rng(seed)
    while len(game.log) < moves and not game.is_over:
        game.apply(game.playout_action(rng))
    return game


def state_of(game) -> dict:
    return json.loads(json.dumps(game.rules.to_dict(game.state)))


def test_a_position_is_the_state_it_was_given():
    game = played()
    data = state_of(game)
    position = from_position(MARKET, 2, data, seed=4)
    assert position.is_position and not game.is_position and game.position is None
    assert position.position == data and position.log == []
    assert state_of(position) == data
    assert position.current_player == game.current_player
    assert position.legal_actions() == game.legal_actions()
    assert position.view(0) == game.view(0)
    again = game.at_position(data)  # the same, from a game of the same rules and seed
    assert again.to_json() == position.to_json()


def test_the_position_given_is_copied_and_kept():
    game = played()
    data = state_of(game)
    position = from_position(MARKET, 2, data, seed=4)
    data["supply"] = 99  # the caller's data is not the game's
    position.position["supply"] = 98  # nor is what it reads back
    position.apply(position.legal_actions()[0])
    assert position.position == state_of(game)  # the start, after an action too
    assert position.clone().position == position.position


def test_a_finished_game_is_a_position_too():
    game = played(moves=1000)
    assert game.is_over
    position = game.at_position(state_of(game))
    assert position.is_over and position.winners == game.winners
    assert position.scores == game.scores and position.legal_actions() == []


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(supply="many"), "supply: expected a whole number, got text"),
    (lambda d: d.pop("supply"), "supply: is required"),
    (lambda d: d.update(phase="lunch"), "phase"),
    (lambda d: d.update(extra=1), "extra: unknown key"),
])
def test_a_state_the_codec_refuses_is_not_a_position(change, words):
    data = state_of(played())
    change(data)
    with pytest.raises(ConfigError, match=rf"^not a position of '{MARKET}': .*{words}"):
        from_position(MARKET, 2, data, seed=4)


def test_what_is_not_data_is_not_a_position():
    with pytest.raises(ConfigError, match="a position is a mapping of the state's parts, "
                                          "not list"):
        from_position(MARKET, 2, [1, 2])  # type: ignore[arg-type]
    data = state_of(played())
    data["supply"] = {1, 2}
    with pytest.raises(ConfigError, match="not plain JSON data"):
        from_position(MARKET, 2, data)
    data["supply"] = float("nan")
    with pytest.raises(ConfigError, match="not plain JSON data"):
        from_position(MARKET, 2, data)


def test_the_wrong_number_of_seats_is_refused():
    data = state_of(played())  # two players' buyers
    with pytest.raises(ConfigError, match=rf"^not a position of '{MARKET}': buyers: needs "
                                          "at least 3 entries, got 2"):
        from_position(MARKET, 3, data)
    with pytest.raises(ConfigError, match="for 2-4 players, not 7"):
        from_position(MARKET, 7, data)
    with pytest.raises(ConfigError, match="seed"):
        from_position(MARKET, 2, data, seed=-1)


class Lax(Race):
    """Reads what it knows of a state and drops the rest without a word."""

    engine_id = "pos-lax"


@pytest.fixture
def lax(tmp_path):
    yield from toy_registry(tmp_path, [Lax], "position_toys")


def test_a_key_the_rules_drop_silently_is_refused(lax):
    data = state_of(new_game("pos-lax", 2))
    data["bonus"] = 3  # the engine's from_dict ignores it; the position would lose it
    with pytest.raises(ConfigError, match=r"^not a position of 'pos-lax': state\.bonus is "
                                          "in the position but not in the game$"):
        from_position("pos-lax", 2, data)
    data.pop("bonus")
    data["turn"] = True  # read as 1, written as 1: not what was given
    with pytest.raises(ConfigError, match=r"state\.turn is true in the position but 1 by "
                                          "the rules"):
        from_position("pos-lax", 2, data)


def test_a_position_saves_as_a_position_and_load_game_refuses_it():
    game = played()
    position = game.at_position(state_of(game))
    position.apply(position.legal_actions()[0])
    text = position.to_json()
    saved = json.loads(text)
    assert saved["format"] == POSITION_FORMAT == "aztec-arcade-position"
    assert saved["position"] == state_of(game) and saved["log"] == position.log
    assert saved == position.to_dict()
    with pytest.raises(SaveError, match="^this is a position built for a test, not a saved "
                                        "game$"):
        load_game(text)
    with pytest.raises(SaveError, match="a saved game, not a position"):
        load_position(game.to_json())


def test_load_position_replays_the_log_from_the_start():
    game = played()
    position = game.at_position(state_of(game))
    rng = Rng(9)
    for _ in range(6):
        position.apply(position.playout_action(rng))
    text = position.to_json()
    again = load_position(text)
    assert again.is_position and again.position == position.position
    assert again.to_json() == text and again.log == position.log
    assert again.legal_actions() == position.legal_actions()
    edited = json.loads(text)
    edited["log"] = edited["log"][:-1]  # the stored state is no longer the log's end
    with pytest.raises(SaveError, match="does not match its own log"):
        load_position(json.dumps(edited))
    edited = json.loads(text)
    edited["position"]["supply"] = "many"
    with pytest.raises(SaveError, match="^this position is damaged: not a position of"):
        load_position(json.dumps(edited))


def test_actions_after_the_position_play_as_in_the_game_it_came_from():
    game = played()
    position = game.at_position(state_of(game))
    rng = Rng(11)
    while not game.is_over:
        action = game.playout_action(rng)
        mine = [e.to_dict() for e in position.apply(action)]
        assert mine == [e.to_dict() for e in game.apply(action)]
    assert position.is_over and position.scores == game.scores
    assert state_of(position) == state_of(game)
    assert position.log == game.log[-len(position.log):]


def test_the_same_position_seed_and_actions_give_the_same_game():
    data = state_of(played())
    ends = []
    for _ in range(2):
        position = from_position(MARKET, 2, data, seed=4)
        rng = Rng(5)
        while not position.is_over:
            position.apply(position.playout_action(rng))
        ends.append(position.to_json())
    assert ends[0] == ends[1]


def test_the_modding_guide_example_runs():
    """docs/modding/testing.md's "Testing a position" block, run as a modder would."""
    page = (ROOT / "docs" / "modding" / "testing.md").read_text(encoding="utf-8")
    section = page.split("## Testing a position", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block is not None
    names: dict = {}
    exec(compile(block.group(1), "testing.md", "exec"), names)  # noqa: S102
    tests = [f for name, f in names.items() if name.startswith("test_")]
    assert tests
    for test in tests:
        test()
