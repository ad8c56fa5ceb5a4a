"""Hypothesis properties of Mexica games.

Games are driven two ways: by the variant's own random playout
(``game.playout_action(Rng(seed))``) and by hypothesis choosing among
``legal_actions()`` for a bounded number of steps, so odd moves that playouts rarely
pick (teleports, relocations, removals, long boat trips) are exercised too.

Properties: (a) districts partition the non-water cells, each 4-connected and no two
touching; (b) every component is conserved; (c) scores never decrease; (d)
``legal_actions()`` lists exactly what ``apply`` accepts.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.api import Game, new_game
from game.core.errors import IllegalAction
from game.core.rng import Rng

NEUTRAL = -1
SETTINGS = {"deadline": None, "database": None, "print_blob": True,
            "suppress_health_check": [HealthCheck.too_slow]}

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])



# ---------------------------------------------------------------------------------------
# the invariants
# ---------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def _canal_cells(canal: bytes) -> tuple[int, ...]:
    """The cells a canal covers (``canal``: the state's flags, as bytes): a pure function
    of the flags, which most actions leave as they were, asked twice per check."""
    return tuple(c for c, flag in enumerate(canal) if flag)


@functools.lru_cache(maxsize=4096)
def _water(lake: frozenset[int], canal: bytes) -> frozenset[int]:
    return lake | frozenset(_canal_cells(canal))


def water_cells(game: Game) -> frozenset[int]:
    """The lake and every canal cell: the district check asks for each cell's neighbours,
    millions of questions over the file's games."""
    return _water(game.rules.table.board.lake, bytes(game.state.canal))


#: district layouts already checked (canals, labels, districts): the check is a pure
#: function of them, and most actions (moves, temples, tokens) leave them as they were
_CHECKED_LAYOUTS: set[tuple[object, ...]] = set()


def check_districts(game: Game) -> None:
    """(a) Every non-water island cell is in exactly one 4-connected district."""
    board, s = game.rules.table.board, game.state
    layout = (id(board), bytes(s.canal), tuple(s.label),
              tuple((k, tuple(v)) for k, v in s.dcells.items()))
    if layout in _CHECKED_LAYOUTS:
        return
    _check_district_layout(game)
    if len(_CHECKED_LAYOUTS) > 20_000:
        _CHECKED_LAYOUTS.clear()
    _CHECKED_LAYOUTS.add(layout)


def _check_district_layout(game: Game) -> None:
    board, s = game.rules.table.board, game.state
    water = water_cells(game)
    count: Counter[int] = Counter()
    for label, cells in s.dcells.items():
        assert cells, f"district {label} is empty"
        count.update(cells)
        members = set(cells)
        assert len(members) == len(cells), f"district {label} lists a cell twice"
        for c in cells:
            assert c not in water, f"water cell {board.names[c]} in district {label}"
            assert s.label[c] == label, f"{board.names[c]} labelled {s.label[c]}, not {label}"
            for n in board.nbrs[c]:
                if n not in water:
                    assert s.label[n] == label, (
                        f"districts {label} and {s.label[n]} touch at {board.names[c]}/"
                        f"{board.names[n]}")
        # 4-connected: a flood inside the district reaches all of it
        start = cells[0]
        seen, stack = {start}, [start]
        while stack:
            c = stack.pop()
            for n in board.nbrs[c]:
                if n in members and n not in seen:
                    seen.add(n)
                    stack.append(n)
        assert seen == members, f"district {label} is not connected"
    for c in board.island:
        expected = 0 if c in water else 1
        assert count[c] == expected, (
            f"{board.names[c]} is in {count[c]} districts, expected {expected}")
    for c in board.lake:
        assert count[c] == 0


def check_components(game: Game) -> None:
    """(b) Temples, canal tiles, bridges, AP tokens and calpulli tokens are conserved."""
    params, s, n = game.rules.params, game.state, game.players
    temples = sorted(params["temples"]["period1"] + params["temples"]["period2"])
    assert len(temples) == 18
    for seat in range(n):
        built = [lv for owner, lv in s.temples.values() if owner == seat]
        held = s.hands[seat] + s.reserve[seat] + built
        assert sorted(held) == temples, f"seat {seat}: temples {sorted(held)}"
    assert all(owner == NEUTRAL or 0 <= owner < n for owner, _ in s.temples.values())

    comps = params["components"]
    by_length = Counter(len(t) for t in s.tiles)
    assert s.supply["single"] >= 0 and s.supply["double"] >= 0
    assert s.supply["single"] + by_length[1] == comps["canal_single"]
    assert s.supply["double"] + by_length[2] == comps["canal_double"]
    assert set(by_length) <= {1, 2}
    tile_cells = [c for t in s.tiles for c in t]
    assert len(tile_cells) == len(set(tile_cells)), "two canal tiles on one cell"
    assert tuple(sorted(tile_cells)) == _canal_cells(bytes(s.canal))

    assert s.supply["bridges"] >= 0
    assert len(s.bridges) + s.supply["bridges"] == comps["bridges"] == 11
    assert all(s.canal[c] for c in s.bridges), "a bridge off the canals"

    assert s.supply["ap_tokens"] >= 0 and min(s.ap_tokens) >= 0
    assert s.supply["ap_tokens"] + sum(s.ap_tokens) == comps["ap_tokens"] == 12

    if params["calpulli"] is None:
        box = sorted(t["size"] for t in params["calpulli_tokens"] for _ in range(t["count"]))
        seen = sorted(s.display + s.hidden + s.removed + list(s.tokens.values()))
        assert seen == box, "calpulli tokens appeared or vanished"


def check_board(game: Game) -> None:
    """Pieces stand where pieces may stand; AP never go negative."""
    board, s = game.rules.table.board, game.state
    water = water_cells(game)
    assert s.ap >= 0
    placed = [p for p in s.pilli if p is not None]
    assert len(placed) == len(set(placed)), "two Pilli on one space"
    for p in placed:
        assert p not in board.lake
        assert not s.canal[p] or p in s.bridges, "a Pilli swims"
    for c in list(s.temples) + list(s.tokens):
        assert c not in water and c not in board.palace and c not in placed
    assert not set(s.temples) & set(s.tokens)


def check_all(game: Game) -> None:
    check_districts(game)
    check_components(game)
    check_board(game)


def apply_checked(game: Game, action: str) -> None:
    """Apply one action and check every invariant; scores must not decrease."""
    before = game.scores
    game.apply(action)
    after = game.scores
    assert all(b <= a for b, a in zip(before, after, strict=True)), (
        f"{action!r} lowered a score: {before} -> {after}")
    check_all(game)


def advance(game: Game, steps: int, rng: Rng) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(game.playout_action(rng))


# ---------------------------------------------------------------------------------------
# (a)-(c) over whole random-playout games
# ---------------------------------------------------------------------------------------
@settings(max_examples=40, **SETTINGS)
@given(seed=seeds, players=player_counts)
def test_invariants_hold_through_playout_games(seed, players):
    game = new_game("mexica", players, seed)
    check_all(game)
    rng = Rng(seed)
    steps = 0
    while not game.is_over:
        apply_checked(game, game.playout_action(rng))
        steps += 1
        assert steps <= game.rules.playout_limit
    assert game.winners
    assert set(game.winners) <= set(range(players))


# ---------------------------------------------------------------------------------------
# (a)-(c) with hypothesis choosing among the legal actions
# ---------------------------------------------------------------------------------------
@settings(max_examples=60, **SETTINGS)
@given(seed=seeds, players=player_counts, prefix=st.integers(0, 400), data=st.data())
def test_invariants_hold_under_arbitrary_legal_choices(seed, players, prefix, data):
    game = new_game("mexica", players, seed)
    advance(game, prefix, Rng(seed))
    check_all(game)
    for _ in range(25):
        legal = game.legal_actions()
        if not legal:
            assert game.is_over
            break
        apply_checked(game, data.draw(st.sampled_from(legal), label="action"))


@settings(max_examples=50, **SETTINGS)
@given(seed=seeds, data=st.data())
def test_invariants_from_the_start_under_arbitrary_choices(seed, data):
    """Hypothesis picks every decision of the first rounds (protected first round)."""
    game = new_game("mexica", data.draw(player_counts, label="players"), seed)
    for _ in range(40):
        if game.is_over:  # everyone passed twice: both periods scored
            break
        legal = game.legal_actions()
        # favour ending turns now and then, so several rounds pass
        if "end" in legal and data.draw(st.booleans(), label="end turn"):
            action = "end"
        else:
            action = data.draw(st.sampled_from(legal), label="action")
        apply_checked(game, action)


# ---------------------------------------------------------------------------------------
# (d) legal_actions() lists exactly what applies
# ---------------------------------------------------------------------------------------
VERBS = ("start", "canal", "bridge", "relocate", "move", "boat", "teleport", "temple",
         "found", "take", "spend", "remove", "agree", "refuse", "end")


@functools.cache
def _argument_shapes(names: tuple[str, ...]) -> tuple[dict[str, Any], Any]:
    """Per verb, the strategy of its arguments on a board with these cell names, built
    once (hypothesis strategies are costly to build and reusable)."""
    cell = st.sampled_from(names)
    arg = st.one_of(cell, st.sampled_from(["ns", "ew"]), st.integers(0, 14).map(str))
    shapes = {"canal": st.lists(cell, min_size=1, max_size=2),
              "bridge": st.tuples(cell, st.sampled_from(["ns", "ew", "up"])).map(list),
              "relocate": st.tuples(cell, cell, st.sampled_from(["ns", "ew"])).map(list),
              "temple": st.tuples(cell, st.integers(0, 5).map(str)).map(list),
              "remove": st.integers(0, 14).map(lambda n: [str(n)])}
    return shapes, st.lists(arg, max_size=1)


@st.composite
def plausible_actions(draw, game: Game) -> str:
    """Syntactically plausible actions: a real verb with board cells, axes, numbers."""
    shapes, other = _argument_shapes(tuple(game.rules.table.board.names))
    verb = draw(st.sampled_from(VERBS))
    args = draw(shapes.get(verb, other))
    return " ".join([verb, *args])


def assert_exactly_legal(game: Game, candidates: list[str]) -> None:
    legal = game.legal_actions()
    listed = set(legal)
    assert len(listed) == len(legal), "legal_actions() has duplicates"
    before = game.to_json()
    for action in legal:
        copy = game.clone()
        copy.apply(action)  # raises if a listed action does not apply
        assert copy.log[-1] == action
    for action in candidates:
        if action in listed:
            continue
        copy = game.clone()
        try:
            copy.apply(action)
        except IllegalAction:
            assert copy.to_json() == before, f"refusing {action!r} changed the state"
            continue
        # accepted: only as another spelling of a listed action (e.g. cells reversed)
        assert copy.log[-1] in listed, (
            f"{action!r} applied as {copy.log[-1]!r}, which legal_actions() does not list")
    assert game.to_json() == before


@settings(max_examples=100, **SETTINGS)
@given(seed=seeds, players=player_counts, prefix=st.integers(0, 500), data=st.data())
def test_legal_actions_are_exactly_what_applies(seed, players, prefix, data):
    game = new_game("mexica", players, seed)
    advance(game, prefix, Rng(seed))
    candidates = data.draw(st.lists(plausible_actions(game), min_size=10, max_size=30),
                           label="candidates")
    assert_exactly_legal(game, candidates)


@settings(max_examples=30, **SETTINGS)
@given(seed=seeds, players=player_counts, data=st.data())
def test_legal_actions_exact_along_arbitrary_play(seed, players, data):
    game = new_game("mexica", players, seed)
    advance(game, data.draw(st.integers(0, 300), label="prefix"), Rng(seed))
    for _ in range(6):
        if game.is_over:
            break
        candidates = data.draw(st.lists(plausible_actions(game), min_size=5, max_size=10),
                               label="candidates")
        assert_exactly_legal(game, candidates)
        apply_checked(game, data.draw(st.sampled_from(game.legal_actions()), label="action"))


def test_reversed_double_canal_is_an_alias():
    """The one alias the engine accepts: a double canal's cells in either order."""
    game = new_game("mexica", 2, seed=3)
    rng = Rng(3)
    while not any(a.startswith("canal ") and a.count(" ") == 2 for a in game.legal_actions()):
        game.apply(game.playout_action(rng))
    action = next(a for a in game.legal_actions() if a.startswith("canal ") and
                  a.count(" ") == 2)
    verb, first, second = action.split()
    copy = game.clone()
    copy.apply(f"{verb} {second} {first}")
    assert copy.log[-1] == action
