"""What the client and the bots read from a game is declared, and declared truthfully.

``Rules`` and ``BoardView`` declare, typed and documented, every attribute the client
and the bots read; the code reads them plainly (no ``getattr`` with a fallback). What a
game hides and whether it has chance is a ``GameType``, checked here against what each
built-in game's views really show and what its seeds really change.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from game.api import new_game
from game.core.engine import GameType, Rules
from game.core.facets import has_hidden
from game.core.registry import Registry
from game.core.rng import Rng
from game.kit.client.boardview import BoardView
from tests.race_rules import Race

ROOT = Path(__file__).resolve().parent.parent

#: one variant per built-in engine, and a player count that shows everything
BUILT_IN = [("mexica", 2), ("mexica-2p-neutral", 2), ("tlatelolco-market", 4), ("aztlan", 3)]
STEPS = 300


def without_rng(data: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in data.items() if k != "rng"}, sort_keys=True)


def observe(variant: str, players: int) -> dict[str, bool]:
    """Play a seeded random game and see what its views hide and what its seed changes."""
    game = new_game(variant, players, seed=1)
    other = new_game(variant, players, seed=2)  # fed the same actions while it can
    seen = {"hidden": False, "private": False, "chance": False}
    for _ in range(STEPS):
        views = [json.dumps({k: v for k, v in game.view(seat).items() if k != "seat"},
                            sort_keys=True) for seat in range(players)]
        seen["hidden"] |= any(has_hidden(json.loads(v)) for v in views)
        seen["private"] |= len(set(views)) > 1
        if other is not None:
            seen["chance"] |= without_rng(game.rules.to_dict(game.state)) != \
                without_rng(other.rules.to_dict(other.state))
        if game.is_over:
            break
        action = game.playout_action(Rng(len(game.log)))
        game.apply(action)
        if other is not None and action in other.legal_actions():
            other.apply(action)
        else:
            other = None
    return seen


@pytest.mark.parametrize("variant,players", BUILT_IN)
def test_each_built_in_game_declares_what_it_hides_and_its_chance(variant, players):
    game_type = new_game(variant, players).rules.game_type
    seen = observe(variant, players)
    assert (game_type.information == "imperfect") == seen["hidden"], (game_type, seen)
    assert game_type.private == seen["private"], (game_type, seen)
    assert (game_type.chance == "seeded") == seen["chance"], (game_type, seen)


def test_the_declarations_of_the_built_in_games():
    kinds = {variant: new_game(variant, players).rules.game_type
             for variant, players in BUILT_IN}
    assert kinds == {
        "mexica": GameType("imperfect", "seeded"),  # period 2's tokens lie face down
        "mexica-2p-neutral": GameType("imperfect", "seeded"),
        "tlatelolco-market": GameType("imperfect", "seeded"),  # the bag
        "aztlan": GameType("imperfect", "seeded", private=True),  # hands, secret choices
    }


def test_only_a_game_with_private_information_asks_for_the_privacy_screen():
    """``has_secrets`` follows ``game_type`` and is what it always was."""
    assert [new_game(v, p).rules.has_secrets for v, p in BUILT_IN] == \
        [False, False, False, True]
    race = Race({"target": 5}, 2)
    assert race.game_type == GameType() == GameType("perfect", "none", private=False)
    assert race.has_secrets is False
    assert observe_race() == {"hidden": False, "private": False, "chance": False}


def observe_race() -> dict[str, bool]:
    rules = Race({"target": 5}, 2)
    a, b = rules.new_state(1), rules.new_state(2)
    return {"hidden": has_hidden(rules.view(a, 0)),
            "private": rules.view(a, 0) != rules.view(a, 1),
            "chance": without_rng(rules.to_dict(a)) != without_rng(rules.to_dict(b))}


@pytest.mark.parametrize("kwargs,words", [
    ({"information": "partial"}, "information must be one of perfect, imperfect"),
    ({"chance": "dice"}, "chance must be one of none, seeded"),
    ({"private": "yes", "information": "imperfect"}, "private must be true or false"),
    ({"private": True}, "private information needs information='imperfect'"),
])
def test_a_game_type_that_makes_no_sense_is_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        GameType(**kwargs)


def test_an_engine_whose_game_type_is_not_a_game_type_is_broken():
    import sys
    import types

    from game.core.hookspecs import hookimpl

    class Sloppy(Race):
        engine_id = "sloppy"
        game_type = "imperfect"  # type: ignore[assignment]

    module = types.ModuleType("decltest_sloppy")
    module.register_rules = hookimpl(lambda register: register(Sloppy))
    module.register_rules.__name__ = "register_rules"
    sys.modules["decltest_sloppy"] = module
    try:
        registry = Registry(entry_points=False, extra_plugins=(module,))
    finally:
        del sys.modules["decltest_sloppy"]
    [entry] = registry.broken
    assert entry.name == "decltest_sloppy"
    assert "Sloppy.game_type must be a GameType" in entry.message
    assert "sloppy" not in registry.rules


def test_a_team_win_comes_from_the_declared_teams():
    assert Rules.teams == () and Race({"target": 5}, 2).teams == ()
    assert new_game("tlatelolco-market", 4).rules.teams == [(0, 2), (1, 3)]


# ---------------------------------------------------------------------------------------
# the code reads declared attributes plainly
# ---------------------------------------------------------------------------------------
def declared_with_defaults() -> set[str]:
    """Attributes and methods ``Rules`` and ``BoardView`` declare with a default."""
    names = set()
    for cls in (Rules, BoardView):
        names |= {n for n in dir(cls) if not n.startswith("_")}
    return names


def test_no_getattr_fallback_for_a_declared_attribute():
    """A ``getattr(x, "name", default)`` for a declared name hides a misspelling and says
    the attribute might be missing, which it cannot be: the reads are plain."""
    declared = declared_with_defaults()
    assert {"has_secrets", "game_type", "teams", "next_action", "busy", "tool", "status",
            "shortcuts", "scoring_overlay", "uses_release", "tools"} <= declared
    found = []
    for folder in ("game", "variants"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id == "getattr" and len(node.args) >= 2
                        and isinstance(node.args[1], ast.Constant)
                        and node.args[1].value in declared):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} "
                                 f"getattr(..., {node.args[1].value!r})")
    assert not found, "read these declared attributes plainly:\n" + "\n".join(found)


class Bare(BoardView):
    """A view that declares nothing of its own."""


def test_a_view_that_sets_nothing_has_every_default():
    view = Bare(session=None, app=None)  # type: ignore[arg-type]
    assert (view.tools, view.tool, view.status, view.shortcuts) == ((), None, "", ())
    assert (view.busy, view.scoring_overlay, view.uses_release) == (False, False, False)
    assert view.next_action() is None
