"""The scripting API: variants, new games, actions, saves, determinism, views, events."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from game.api import (
    ConfigError,
    Game,
    IllegalAction,
    SaveError,
    broken_variants,
    list_variants,
    load_game,
    new_game,
)
from game.core.errors import AztecArcadeError
from game.core.events import Event
from game.core.rng import Rng
from game.i18n import Msg


def started(players: int = 2, seed: int = 1) -> Game:
    """A Mexica game with every Pilli placed, first player to act."""
    game = new_game("mexica", players, seed)
    while game.state.phase == "start":
        game.apply(game.legal_actions()[0])
    return game


def played(steps: int, players: int = 2, seed: int = 1) -> Game:
    game = new_game("mexica", players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.playout_action(rng))
    return game


def finished(players: int = 2, seed: int = 1) -> Game:
    return played(100_000, players, seed)


# ---------------------------------------------------------------------------------------
# list_variants
# ---------------------------------------------------------------------------------------
def test_list_variants_entries_are_complete():
    entries = list_variants()
    assert entries, "no playable variant"
    for entry in entries:
        assert {"id", "name", "description", "min_players", "max_players"} <= set(entry)
        assert isinstance(entry["id"], str) and entry["id"]
        assert isinstance(entry["name"], str) and entry["name"]
        assert isinstance(entry["description"], str)
        assert isinstance(entry["min_players"], int) and isinstance(entry["max_players"], int)
        assert 1 <= entry["min_players"] <= entry["max_players"]
    ids = [e["id"] for e in entries]
    assert len(ids) == len(set(ids))


def test_mexica_is_listed_for_two_to_four():
    mexica = next(e for e in list_variants() if e["id"] == "mexica")
    assert (mexica["min_players"], mexica["max_players"]) == (2, 4)
    assert mexica["name"] == "Mexica"
    assert mexica["description"]


def test_broken_variants_entries_are_complete():
    for entry in broken_variants():
        assert {"kind", "name", "source", "message"} <= set(entry)
        assert entry["message"]


def test_every_listed_variant_starts_for_every_player_count():
    for entry in list_variants():
        for players in range(entry["min_players"], entry["max_players"] + 1):
            game = new_game(entry["id"], players, seed=3)
            assert game.variant == entry["id"]
            assert game.players == players
            assert not game.is_over
            assert game.legal_actions()


# ---------------------------------------------------------------------------------------
# new_game: configuration errors
# ---------------------------------------------------------------------------------------
def test_errors_share_a_base_class():
    for cls in (ConfigError, IllegalAction, SaveError):
        assert issubclass(cls, AztecArcadeError)
        assert issubclass(cls, ValueError)


def test_unknown_variant():
    with pytest.raises(ConfigError) as info:
        new_game("no-such-variant", 2)
    message = str(info.value)
    assert "no-such-variant" in message
    assert "mexica" in message  # the available ones are named


@pytest.mark.parametrize("players", [0, 1, 5, 9, -2])
def test_player_count_out_of_range(players):
    with pytest.raises(ConfigError) as info:
        new_game("mexica", players)
    message = str(info.value)
    assert "players" in message
    assert str(players) in message
    assert "2-4" in message


@pytest.mark.parametrize("players", ["2", 2.0, None, True, [2]])
def test_player_count_must_be_a_whole_number(players):
    with pytest.raises(ConfigError, match="number of players"):
        new_game("mexica", players)


@pytest.mark.parametrize("seed", ["1", 1.5, None, True])
def test_seed_must_be_a_whole_number(seed):
    with pytest.raises(ConfigError, match="seed"):
        new_game("mexica", 2, seed=seed)


def test_unknown_option_key():
    with pytest.raises(ConfigError) as info:
        new_game("mexica", 2, options={"colour": "red"})
    message = str(info.value)
    assert "colour" in message
    assert "unknown" in message
    assert "ap_per_turn" in message  # the known keys are listed
    assert [i.path for i in info.value.issues] == ["options.colour"]


def test_wrong_option_type():
    with pytest.raises(ConfigError) as info:
        new_game("mexica", 2, options={"ap_per_turn": "six"})
    message = str(info.value)
    assert "ap_per_turn" in message
    assert "whole number" in message
    assert info.value.issues[0].path == "options.ap_per_turn"


def test_several_bad_options_are_all_reported():
    with pytest.raises(ConfigError) as info:
        new_game("mexica", 2, options={"ap_per_turn": "six", "costs": {"canal": -1},
                                       "first_round_protection": "yes"})
    paths = {i.path for i in info.value.issues}
    assert paths == {"options.ap_per_turn", "options.costs.canal",
                     "options.first_round_protection"}


def test_option_out_of_range():
    with pytest.raises(ConfigError, match=r"ap_per_turn.*at least 1"):
        new_game("mexica", 2, options={"ap_per_turn": 0})


def test_options_must_be_a_mapping_of_plain_data():
    with pytest.raises(ConfigError, match="mapping"):
        new_game("mexica", 2, options=[("ap_per_turn", 6)])
    with pytest.raises(ConfigError, match="plain data"):
        new_game("mexica", 2, options={"ap_per_turn": {1, 2}})


def test_good_option_is_used():
    game = new_game("mexica", 2, seed=1, options={"ap_per_turn": 9})
    assert game.options == {"ap_per_turn": 9}
    while game.state.phase == "start":
        game.apply(game.legal_actions()[0])
    assert game.state.ap == 9


BOARD = ["~~~~~~", "~.S..~", "~.PS.~", "~....~", "~~~~~~"]


def test_a_small_custom_board_works():
    game = new_game("mexica", 2, seed=1, options={"board": BOARD})
    assert "start c2" in game.legal_actions()


@pytest.mark.parametrize(("board", "expected"), [
    (["~~~~~~", "~.S..~", "~.PS~", "~~~~~~"], "same length"),
    (["~~~~~~", "~.S..~", "~.PX.~", "~~~~~~"], "use only"),
    (["~~~~~~", "~....~", "~.P..~", "~~~~~~"], "start space"),
    ([], "at least 1"),
    ("~~~~", "expected a list"),
    (["~~~~~~", "~.S..~", 7, "~~~~~~"], "expected text"),
])
def test_bad_board(board, expected):
    with pytest.raises(ConfigError) as info:
        new_game("mexica", 2, options={"board": board})
    message = str(info.value)
    assert expected in message
    assert "board" in message
    assert info.value.issues
    assert all(i.path.startswith("options.board") for i in info.value.issues)


def test_bad_character_names_the_row():
    with pytest.raises(ConfigError) as info:
        new_game("mexica", 2, options={"board": ["~~~~~~", "~.S..~", "~.PX.~", "~~~~~~"]})
    assert [i.path for i in info.value.issues] == ["options.board[2]"]


def test_board_with_too_few_start_spaces_for_the_players():
    board = ["~~~~~~", "~.S..~", "~.P..~", "~~~~~~"]
    with pytest.raises(ConfigError, match="start spaces"):
        new_game("mexica", 2, options={"board": board})


# ---------------------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("action", [
    "", "   ", "xyzzy", "move z99", "start", "start z99", "start a1", "end", "temple i7 1",
    "start i7 now",
])
def test_illegal_action_at_start(action):
    game = new_game("mexica", 2, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert isinstance(info.value, ValueError)
    _readable(str(info.value))
    assert game.to_json() == before


@pytest.mark.parametrize("action", [
    "move z99", "move a1", "teleport a1", "canal i8", "canal a1", "canal c3 e3",
    "temple c3 7", "temple c3 x", "temple c3", "bridge c3 up", "relocate c3 c4 ns",
    "boat c3", "found c3", "remove 3", "spend", "agree", "refuse", "start i7", "end now",
    "take 2", "MOVE", "canal",
])
def test_illegal_action_in_play(action):
    game = started()
    before = game.to_json()
    log = game.log
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    _readable(str(info.value))
    assert game.to_json() == before
    assert game.log == log


@pytest.mark.parametrize("action", [None, 5, ["end"], b"end", {"action": "end"}])
def test_apply_needs_text(action):
    game = started()
    before = game.to_json()
    with pytest.raises(IllegalAction, match="text"):
        game.apply(action)
    assert game.to_json() == before


def test_nothing_applies_after_the_end():
    game = finished()
    assert game.is_over
    assert game.legal_actions() == []
    assert game.current_player is None
    before = game.to_json()
    for action in ("end", "take", "agree"):
        with pytest.raises(IllegalAction, match="over"):
            game.apply(action)
    assert game.to_json() == before
    assert game.winners and set(game.winners) <= {0, 1}


def test_actions_are_case_and_space_insensitive_and_logged_canonically():
    game = new_game("mexica", 2, seed=1)
    action = game.legal_actions()[0]
    game.apply("  " + action.upper().replace(" ", "   ") + " ")
    assert game.log == [action]


def _readable(message: str) -> None:
    assert message.strip()
    assert "Traceback" not in message
    assert len(message) < 400


# ---------------------------------------------------------------------------------------
# events
# ---------------------------------------------------------------------------------------
def test_apply_returns_events():
    game = new_game("mexica", 2, seed=1)
    events = game.apply(game.legal_actions()[0])
    assert events and all(isinstance(e, Event) for e in events)
    for event in events:
        assert isinstance(event.kind, str) and event.kind
        assert isinstance(event.text, str | Msg) and str(event.text)  # a message: data
        assert str(event) == str(event.text)
        data = event.to_dict()
        assert data["kind"] == event.kind and data["text"] == str(event.text)
        json.dumps(data)


def test_events_over_a_whole_game():
    game = new_game("mexica", 3, seed=2)
    rng = Rng(2)
    kinds = set()
    while not game.is_over:
        for event in game.apply(game.playout_action(rng)):
            assert isinstance(event.kind, str) and isinstance(event.text, str | Msg)
            assert str(event.text)
            assert event.visible(None) == (event.visible_to is None)
            kinds.add(event.kind)
    assert "game_over" in kinds
    assert "scoring" in kinds


def test_describe_gives_text():
    game = started()
    for action in game.legal_actions()[:20]:
        assert isinstance(game.describe(action), str | Msg) and str(game.describe(action))


# ---------------------------------------------------------------------------------------
# determinism
# ---------------------------------------------------------------------------------------
def test_same_seed_and_actions_give_the_same_json():
    first = played(150, players=3, seed=9)
    second = new_game("mexica", 3, seed=9)
    for action in first.log:
        second.apply(action)
    assert second.to_json() == first.to_json()
    assert played(150, players=3, seed=9).to_json() == first.to_json()


def test_same_seed_same_setup():
    assert new_game("mexica", 2, seed=5).to_json() == new_game("mexica", 2, seed=5).to_json()


def test_different_seeds_draw_different_calpulli():
    base = new_game("mexica", 2, seed=0).state
    others = [new_game("mexica", 2, seed=s).state for s in range(1, 8)]
    assert any(o.display != base.display for o in others)
    assert any(o.hidden != base.hidden for o in others)
    # every draw uses the whole box
    for state in [base, *others]:
        assert len(state.display) == 8 and len(state.hidden) == 7


def test_clone_is_independent():
    game = started()
    copy = game.clone()
    copy.apply(copy.legal_actions()[-1])
    assert copy.to_json() != game.to_json()
    assert len(game.log) + 1 == len(copy.log)


# ---------------------------------------------------------------------------------------
# saves
# ---------------------------------------------------------------------------------------
def test_save_round_trip_mid_game():
    game = played(120, players=3, seed=4)
    text = game.to_json()
    loaded = load_game(text)
    assert loaded.to_json() == text
    assert loaded.variant == "mexica" and loaded.players == 3 and loaded.log == game.log
    rng_a, rng_b = Rng(77), Rng(77)
    while not game.is_over:
        game.apply(game.playout_action(rng_a))
        loaded.apply(loaded.playout_action(rng_b))
    assert loaded.to_json() == game.to_json()


def test_load_accepts_bytes():
    game = played(30)
    assert load_game(game.to_json().encode()).to_json() == game.to_json()


@pytest.mark.parametrize("text", [
    "", "{", "[]", '{"format":"x"}', "null", '"text"', "5", "[" * 100_000, b"\xff\xfe",
    None, 5, '{"format":"aztec-arcade-game"}', '{"format":"aztec-arcade-game","version":1}',
])
def test_load_garbage(text):
    with pytest.raises(SaveError) as info:
        load_game(text)
    _readable(str(info.value))


_GONE = object()
#: how a save is damaged -> (the key path of the damaged value, what is put there: a value,
#: a function of the value that was there, or _GONE to delete it)
DAMAGE: dict[str, tuple[tuple[str, ...], Any]] = {
    "temple off the board": (("state", "temples", "z99"), [0, 1]),
    "temple bad owner": (("state", "temples", "c3"), [7, 1]),
    "state not a mapping": (("state",), ["nope"]),
    "state missing": (("state",), _GONE),
    "rng missing": (("state", "rng"), _GONE),
    "temples a list": (("state", "temples"), []),
    "hands null": (("state", "hands"), None),
    "pilli too short": (("state", "pilli"), lambda pilli: pilli[:1]),
    "unknown phase": (("state", "phase"), "dancing"),
    "bridge axis": (("state", "bridges"), {"c3": "up"}),
    "supply keys": (("state", "supply"), {"single": 1}),
    "variant a list": (("variant",), ["mexica"]),
    "engine a mapping": (("engine",), {"id": "mexica"}),
    "engine unknown": (("engine",), "chess"),
    "players zero": (("players",), 0),
    "players true": (("players",), True),
    "players text": (("players",), "2"),
    "players too many": (("players",), 9),
    "params a list": (("params",), []),
    "params missing board": (("params", "board"), _GONE),
    "params ragged board": (("params", "board"), ["~~~", "~S"]),
    "log of numbers": (("log",), [1, 2]),
    "seed text": (("seed",), "1"),
    "options a list": (("options",), [1]),
    "version 3": (("version",), 3),
}


def _damage(data: dict[str, Any], how: str) -> None:
    (*parents, key), value = DAMAGE[how]
    node = data
    for name in parents:
        node = node[name]
    if value is _GONE:
        del node[key]
    elif callable(value):
        node[key] = value(node[key])
    else:
        node[key] = copy.deepcopy(value)


@pytest.mark.parametrize("how", DAMAGE)
def test_load_damaged_save(how):
    data = json.loads(played(60).to_json())
    _damage(data, how)
    with pytest.raises(SaveError) as info:
        load_game(json.dumps(data))
    _readable(str(info.value))


def test_damaged_save_message_says_what():
    data = json.loads(played(60).to_json())
    _damage(data, "temple off the board")
    with pytest.raises(SaveError, match="z99"):
        load_game(json.dumps(data))
    data = json.loads(played(60).to_json())
    _damage(data, "engine unknown")
    with pytest.raises(SaveError, match="chess"):
        load_game(json.dumps(data))


def test_load_vote_phase_without_vote():
    data = json.loads(started().to_json())
    data["state"]["phase"] = "vote"
    with pytest.raises(SaveError):
        load_game(json.dumps(data))


def test_load_vote_record_outside_the_vote_phase():
    data = json.loads(started().to_json())
    data["state"]["vote"] = {"size": 3, "proposer": 0, "answers": []}
    with pytest.raises(SaveError):
        load_game(json.dumps(data))


# ---------------------------------------------------------------------------------------
# a save's log is the truth: load_game replays it (issue 13)
# ---------------------------------------------------------------------------------------
VARIANT_GAMES = [("mexica", 3), ("mexica-2p-neutral", 2), ("tlatelolco-market", 3),
                 ("aztlan", 3), ("aztlan-2p", 2)]


def playout(variant: str, players: int, actions: int, seed: int = 5) -> Game:
    game = new_game(variant, players, seed)
    rng = Rng(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(game.playout_action(rng))
    return game


def test_a_log_with_an_unknown_action_is_refused_naming_it():
    data = json.loads(played(40).to_json())
    data["log"].insert(7, "xyzzy 99")
    with pytest.raises(SaveError) as info:
        load_game(json.dumps(data))
    message = str(info.value)
    assert "action 8 of 41 ('xyzzy 99') cannot be replayed" in message
    _readable(message)


def test_a_log_action_that_is_not_legal_where_it_stands_is_refused():
    data = json.loads(played(40).to_json())
    data["log"][20], data["log"][21] = data["log"][21], data["log"][20]
    with pytest.raises(SaveError, match="action 2[12] of 40"):
        load_game(json.dumps(data))


@pytest.mark.parametrize(("variant", "players"), VARIANT_GAMES)
def test_a_changed_seed_is_refused(variant, players):
    data = json.loads(playout(variant, players, 30).to_json())
    data["seed"] += 1
    with pytest.raises(SaveError, match="does not match its own log"):
        load_game(json.dumps(data))


@pytest.mark.parametrize(("variant", "players"), VARIANT_GAMES)
def test_a_state_copied_from_a_later_point_is_refused(variant, players):
    game = playout(variant, players, 30)
    earlier = json.loads(game.to_json())
    game.apply(game.playout_action(Rng(1)))
    earlier["state"] = json.loads(game.to_json())["state"]
    with pytest.raises(SaveError) as info:
        load_game(json.dumps(earlier))
    message = str(info.value)
    assert "after replaying all 30 actions, state." in message
    assert "in the file" in message or "missing from the file" in message
    _readable(message)


def test_the_refusal_names_the_part_of_the_state_that_differs():
    data = json.loads(played(30).to_json())
    data["state"]["scores"][1] += 3
    with pytest.raises(SaveError, match=r"state\.scores\[1\] is \d+ in the file but \d+ by "
                       "the rules"):
        load_game(json.dumps(data))
    data = json.loads(played(30).to_json())
    data["state"]["scores"][1] = float(data["state"]["scores"][1])  # the type counts too
    with pytest.raises(SaveError):
        load_game(json.dumps(data))


def test_a_log_cut_short_is_refused():
    data = json.loads(played(30).to_json())
    del data["log"][-3:]
    with pytest.raises(SaveError, match="after replaying all 27 actions"):
        load_game(json.dumps(data))


def test_a_save_replays_with_its_own_parameters_not_the_installed_ones():
    game = new_game("mexica", 2, seed=3, options={"ap_per_turn": 5})
    rng = Rng(3)
    for _ in range(40):
        game.apply(game.playout_action(rng))
    loaded = load_game(game.to_json())
    assert loaded.rules.params["ap_per_turn"] == 5
    assert loaded.to_json() == game.to_json()
    # the same log with the parameters edited to the installed default does not match
    data = json.loads(game.to_json())
    data["params"]["ap_per_turn"] = 6
    with pytest.raises(SaveError):
        load_game(json.dumps(data))


@pytest.mark.parametrize(("variant", "players"), VARIANT_GAMES)
def test_a_finished_game_loads_by_replaying_its_log(variant, players):
    game = playout(variant, players, 100_000)
    assert game.is_over
    loaded = load_game(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert loaded.winners == game.winners and loaded.is_over


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(raw):
    text = played(10).to_json().replace('"phase":"play"', f'"phase":{raw}')
    assert raw in text
    with pytest.raises(SaveError, match="not JSON"):
        load_game(text)


def test_deep_nesting_and_huge_saves_are_refused_before_any_work():
    data = json.loads(played(10).to_json())
    data["options"] = "MARK"
    text = json.dumps(data).replace('"MARK"', "[" * 500 + "]" * 500)
    with pytest.raises(SaveError, match="nested deeper than"):
        load_game(text)
    with pytest.raises(SaveError, match="far more than any save"):
        load_game(" " * (17 * 1024 * 1024))


# ---------------------------------------------------------------------------------------
# views
# ---------------------------------------------------------------------------------------
def test_view_hides_period_two_tokens_and_rng():
    game = started(players=3, seed=6)
    hidden = list(game.state.hidden)
    assert hidden
    rng_state = game.rules.to_dict(game.state)["rng"]
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert view["seat"] == seat
        assert "rng" not in view
        assert view["hidden"] == {"hidden": len(hidden)}
        text = json.dumps(view)
        assert str(rng_state) not in text
        assert "seed" not in view
        assert view["display"] == game.state.display  # the face-up tokens are public


def test_view_keeps_hiding_mid_game():
    game = played(80, players=2, seed=3)
    if game.state.period == 1:
        assert game.view(0)["hidden"] == {"hidden": len(game.state.hidden)}
    assert "rng" not in game.view(1)


@pytest.mark.parametrize("seat", [-1, 2, 5, "0", 1.0])
def test_view_of_a_bad_seat(seat):
    with pytest.raises(ValueError):
        started().view(seat)


@pytest.mark.parametrize(("variant", "players"), [("mexica", 4), ("aztlan", 3),
                                                  ("tlatelolco-market", 2)])
def test_a_save_is_the_json_of_the_games_dict_after_every_action(variant, players):
    """to_json writes the parameters once per game and splices them in: the text is
    still exactly the JSON of to_dict, byte for byte, and loads as the same game."""
    game = new_game(variant, players, seed=4)
    rng = Rng(4)
    for _ in range(60):
        assert game.to_json() == json.dumps(game.to_dict(), separators=(",", ":"))
        game.apply(game.rules.playout_action(game.state, rng))
    assert load_game(game.to_json()).to_dict() == game.to_dict()
