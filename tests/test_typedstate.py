"""The typed-state mechanism (game.core.typedstate): one declaration gives a validated load,
the JSON form and a trusted copy; a declaration that forgets a field fails at once."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

import pytest

from game.core.schema import Bool, Field, Int, List, Map, Nullable, Str
from game.core.typedstate import (
    ByName,
    Index,
    Record,
    StateCodec,
    StateError,
    Tuple,
    TupleOf,
    literal,
)

Phase = Literal["play", "vote", "over"]
SPACES = ["a1", "a2", "a3", "a4"]


@dataclass(slots=True)
class Vote:
    size: int
    answers: list[int]


class Coin(NamedTuple):
    seat: int
    gold: bool


@dataclass(slots=True)
class Toy:
    phase: Phase = "play"
    board: list[list[int]] = field(default_factory=list)
    home: int = 0
    links: list[tuple[int, int]] = field(default_factory=list)
    vote: Vote | None = None
    coins: list[Coin] = field(default_factory=list)
    notes: dict[str, int] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)  # derived: rebuilt after loading


def codec(check=None) -> StateCodec[Toy]:
    space = Index(SPACES, "space")
    return StateCodec(Record(Toy, {
        "phase": literal(Phase),
        "board": ByName(SPACES, List(Int(0, 9), min_len=2, max_len=2), default=[0, 0],
                        what="space"),
        "home": space,
        "links": List(Tuple(space, space), max_len=4),
        "vote": Nullable(Record(Vote, {"size": Int(1, 6),
                                       "answers": List(Int(0, 3), max_len=4)})),
        "coins": List(Record(Coin, {"seat": Int(0, 3), "gold": Bool()}), max_len=4),
        "notes": Field(Map(Str(max_len=8), Int(0, 9)), default={}),
    }, derived={"seen": set}), check)


def toy() -> Toy:
    return Toy("vote", [[1, 0], [0, 0], [0, 2], [0, 0]], 2, [(0, 3)], Vote(3, [1]),
               [Coin(0, True)], {"x": 1}, {7})


def test_the_json_form_uses_names_and_leaves_out_empty_entries():
    c = codec()
    data = c.dump(toy())
    assert data == {"phase": "vote", "board": {"a1": [1, 0], "a3": [0, 2]}, "home": "a3",
                    "links": [["a1", "a4"]], "vote": {"size": 3, "answers": [1]},
                    "coins": [{"seat": 0, "gold": True}], "notes": {"x": 1}}
    assert json.loads(json.dumps(data)) == data


def test_load_restores_what_dump_wrote_and_derived_parts_start_fresh():
    c = codec()
    again = c.load(json.loads(json.dumps(c.dump(toy()))))
    assert again == Toy("vote", [[1, 0], [0, 0], [0, 2], [0, 0]], 2, [(0, 3)], Vote(3, [1]),
                        [Coin(0, True)], {"x": 1}, set())


def test_a_copy_shares_nothing_that_changes():
    c = codec()
    state = toy()
    copy = c.copy(state)
    assert copy == state and copy is not state
    copy.board[0][0] = 9
    copy.vote.answers.append(2)
    copy.links.append((1, 2))
    copy.seen.add(8)
    assert state.board[0][0] == 1 and state.vote.answers == [1]
    assert state.links == [(0, 3)] and state.seen == {7}
    assert copy.coins[0] is state.coins[0]  # immutable: shared, as a tuple of numbers is


@pytest.mark.parametrize(("change", "where"), [
    ({"phase": "lunch"}, "phase: must be one of play, vote, over"),
    ({"board": {"z9": [1, 1]}}, "board.z9: 'z9' is not a space"),
    ({"board": {"a1": [1]}}, "board.a1: needs at least 2 entries"),
    ({"home": 3}, "home: 3 is not a space"),
    ({"links": [["a1"]]}, "links[0]: expected a list of 2"),
    ({"vote": {"size": 9, "answers": []}}, "vote.size: must be at most 6"),
    ({"vote": {"size": 2}}, "vote.answers: is required"),
    ({"coins": [{"seat": 0, "gold": 1}]}, "coins[0].gold: expected true or false"),
    ({"extra": 1}, "extra: unknown key"),
])
def test_load_names_each_problem_by_key_path(change, where):
    c = codec()
    data = {**c.dump(toy()), **change}
    with pytest.raises(StateError) as info:
        c.load(data)
    assert where in str(info.value)
    assert isinstance(info.value, ValueError)


def test_every_problem_is_collected_and_a_few_are_shown():
    c = codec()
    data = {**c.dump(toy()), "phase": 1, "home": "q", "links": 5, "vote": [], "coins": {}}
    with pytest.raises(StateError) as info:
        c.load(data)
    assert len(info.value.issues) == 5
    assert "(and 2 more problems)" in str(info.value)


def test_the_engines_own_check_runs_after_the_schema():
    def no_vote_outside_voting(s: Toy) -> None:
        if (s.vote is not None) != (s.phase == "vote"):
            raise ValueError("a vote exists exactly while voting")

    c = codec(no_vote_outside_voting)
    data = {**c.dump(toy()), "phase": "play"}
    with pytest.raises(ValueError, match="exactly while voting"):
        c.load(data)


def test_a_record_that_forgets_a_field_fails_when_it_is_made():
    with pytest.raises(TypeError, match="not saved or derived: answers"):
        Record(Vote, {"size": Int()})
    with pytest.raises(TypeError, match="not fields: colour"):
        Record(Coin, {"seat": Int(), "gold": Bool(), "colour": Str()})


def test_a_derived_field_needs_a_default():
    @dataclass(slots=True)
    class Bare:
        n: int
        cache: list[int]

    with pytest.raises(TypeError, match="needs a default"):
        Record(Bare, {"n": Int()}, derived={"cache": list})


def test_json_keys_may_differ_from_attribute_names():
    @dataclass(slots=True)
    class Tiles:
        tiles: list[int]

    c = StateCodec(Record(Tiles, {"canal_tiles": List(Int())}, attrs={"canal_tiles": "tiles"}))
    assert c.dump(Tiles([1, 2])) == {"canal_tiles": [1, 2]}
    assert c.load({"canal_tiles": [3]}) == Tiles([3])


def test_a_field_with_a_default_may_be_missing():
    c = codec()
    data = c.dump(toy())
    del data["notes"]
    assert c.load(data).notes == {}


@dataclass(slots=True)
class Canals:
    tiles: list[tuple[int, ...]] = field(default_factory=list)


def test_a_tuple_of_varying_length_is_a_list_in_json_and_shared_by_copies():
    c = StateCodec(Record(Canals, {"tiles": List(TupleOf(Index(SPACES, "space"), min_len=1,
                                                          max_len=2))}))
    state = c.load({"tiles": [["a1"], ["a2", "a3"]]})
    assert state.tiles == [(0,), (1, 2)]
    assert c.dump(state) == {"tiles": [["a1"], ["a2", "a3"]]}
    copy = c.copy(state)
    assert copy.tiles == state.tiles and copy.tiles is not state.tiles
    assert copy.tiles[1] is state.tiles[1]  # a tuple never changes: copies share it
    with pytest.raises(StateError, match=r"tiles\[0\]: needs at least 1"):
        c.load({"tiles": [[]]})
    with pytest.raises(StateError, match=r"tiles\[0\]\[1\]: 'z9' is not a space"):
        c.load({"tiles": [["a1", "z9"]]})


# ---------------------------------------------------------------------------------------
# the trusted load: the rules' own JSON forms (the bots' samples), not checked again
# ---------------------------------------------------------------------------------------
def _exactly(state):
    """A state's parts with their types (a tuple is not a list) and mappings' key order."""
    return repr(state), [type(v).__name__ for v in vars_of(state)]


def vars_of(state):
    return [getattr(state, name) for name in state.__slots__]


def test_the_trusted_load_builds_what_load_builds():
    c = codec()
    data = json.loads(json.dumps(c.dump(toy())))
    assert c.trusted(data) == c.load(data)
    assert _exactly(c.trusted(data)) == _exactly(c.load(data))
    assert c.trusted(data).links == [(0, 3)] and c.trusted(data).seen == set()
    del data["notes"]  # a default fills in, as in load
    assert c.trusted(data) == c.load(data)
    data["board"] = {"a4": [0, 1]}  # names left out hold the default
    assert c.trusted(data).board == [[0, 0], [0, 0], [0, 0], [0, 1]] == c.load(data).board


def test_the_trusted_load_shares_nothing_with_its_data():
    c = codec()
    data = c.dump(toy())
    state = c.trusted(data)
    state.board[0][0] = 7
    state.vote.answers.append(2)
    assert data["board"]["a1"] == [1, 0] and data["vote"]["answers"] == [1]


def test_the_trusted_load_does_not_check():
    """It is for the engine's own data only: a save always goes through ``load``."""
    c = codec()
    data = c.dump(toy())
    data["vote"]["size"] = 99
    assert c.trusted(data).vote.size == 99
    with pytest.raises(StateError):
        c.load(data)


@pytest.mark.parametrize(("variant", "players"), [("mexica", 3), ("mexica-2p-neutral", 2),
                                                  ("tlatelolco-market", 4), ("aztlan", 4)])
def test_every_engines_trusted_load_matches_its_checked_load_through_a_game(variant, players):
    from game.api import new_game
    from game.core.rng import Rng

    game, rng = new_game(variant, players, seed=8), Rng(8)
    codec_ = game.rules.table.codec  # every built-in game keeps it in its rules' table
    while True:
        data = json.loads(json.dumps(game.rules.to_dict(game.state)))
        trusted, checked = codec_.trusted(data), codec_.load(data)
        assert trusted == checked and _exactly(trusted) == _exactly(checked)
        if game.is_over:
            break
        game.apply(game.playout_action(rng))
