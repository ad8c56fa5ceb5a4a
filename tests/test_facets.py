"""The engine contract is generic over its state type, and its optional faces (the bots'
hooks, the screens' hooks) reach every engine: one that inherits them, and one written
against the wide contract of before, whose own ``evaluate`` and ``describe_action`` must
still be the ones the bots and the screens get."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.api import new_game
from game.core.engine import Rules
from game.core.facets import (
    BOT_HOOKS,
    PRESENTATION,
    BotHooks,
    DefaultBotHooks,
    DefaultPresentation,
    Presentation,
    S,
    bot_hooks,
    presentation,
)
from game.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
#: the parameters (and the results) that are a state of the game
STATES = {"state", "view"}
RETURNS_A_STATE = {"new_state", "from_dict", "clone", "determinize"}


def contract_methods():
    for cls in (Rules, BotHooks, Presentation):
        for name, member in vars(cls).items():
            if inspect.isfunction(member) and not name.startswith("_"):
                yield f"{cls.__name__}.{name}", name, member


def test_the_contract_names_its_state_type_and_never_any():
    """``state: Any`` told a modder nothing and let mypy check nothing; JSON data (a view
    sent to a phone, a saved state) is ``dict[str, Any]``, which is what it is."""
    wrong = []
    for where, name, method in contract_methods():
        for arg, note in method.__annotations__.items():
            if "Any" in note.replace("dict[str, Any]", ""):
                wrong.append(f"{where}: {arg}: {note}")
            json_view = arg == "view" and note.startswith("dict")  # determinize, device_panel
            if arg in STATES and not json_view and note != "S":
                wrong.append(f"{where}: {arg}: {note} (a state is S)")
        if name in RETURNS_A_STATE and method.__annotations__["return"] != "S":
            wrong.append(f"{where} returns {method.__annotations__['return']}, not S")
    assert not wrong, wrong
    assert Rules.__parameters__ == (S,)  # Rules[MyState] is a type of its own
    assert Rules[int].__origin__ is Rules


def test_every_hook_is_in_its_facet():
    bot = {name for name, member in vars(BotHooks).items() if inspect.isfunction(member)}
    shown = {name for name, member in vars(Presentation).items() if inspect.isfunction(member)}
    assert set(BOT_HOOKS) == bot - {"_hooked"}
    assert set(PRESENTATION) == shown
    assert not set(BOT_HOOKS) & set(vars(Rules))  # the rules do not define them again


def test_an_engine_that_inherits_the_facets_is_its_own_hooks():
    rules = new_game("mexica", 2, seed=1).rules
    assert bot_hooks(rules) is rules and presentation(rules) is rules


class Wide:
    """An engine as a third party wrote it against the wide contract, before the facets:
    it does not inherit them, but has an ``evaluate``, a ``describe_action`` and a scale
    of its own on the rules."""

    engine_id = "wide"
    evaluation_scale = 4.0

    def __init__(self) -> None:
        self.params: dict[str, Any] = {"bot_weights": {"hard": {"coins": 2.0}}}

    def legal_actions(self, state: dict[str, Any]) -> list[str]:
        return ["left", "right"]

    def scores(self, state: dict[str, Any]) -> list[int]:
        return list(state["scores"])

    def from_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"scores": list(data["scores"]), "rng": data.get("rng")}

    def evaluate(self, view: dict[str, Any], seat: int,
                 weights: dict[str, float] | None = None) -> float:
        return 99.0

    def describe_action(self, state: dict[str, Any], action: str) -> str:
        return f"walks {action}"


def test_a_wide_engine_keeps_its_own_hooks_and_gets_the_defaults_of_the_others():
    rules = Wide()
    hooks, shown = bot_hooks(rules), presentation(rules)
    assert isinstance(hooks, DefaultBotHooks) and isinstance(shown, DefaultPresentation)
    state = {"scores": [3, 7]}
    # its own
    assert hooks.evaluate(state, 0) == 99.0
    assert hooks.evaluation_scale == 4.0
    assert shown.describe_action(state, "left") == "walks left"
    # the defaults, over its rules
    assert hooks.playout_action(state, Rng(1)) in ("left", "right")
    assert hooks.evaluation_weights("hard") == {"coins": 2.0}
    assert hooks.search_settings("hard") is None
    assert hooks.candidates(state, 0) is None and not hooks.progresses("left")
    sampled = hooks.determinize({"scores": [3, 7], "seat": 0}, 0, Rng(2))
    assert sampled["scores"] == [3, 7] and isinstance(sampled["rng"], int)
    assert shown.tie_break(state) == "" and shown.forgoes(state, "left") == ""
    assert shown.player_aid() == {"intro": "", "actions": [], "scoring": []}


class Bare:
    """An engine with no hook of its own: only what the defaults read."""

    engine_id = "bare"
    params: dict[str, Any] = {}

    def legal_actions(self, state: dict[str, Any]) -> list[str]:
        return ["stay"]

    def scores(self, state: dict[str, Any]) -> list[int]:
        return list(state["scores"])

    def from_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(data)


def test_an_engine_without_hooks_gets_the_defaults_of_the_contract():
    hooks, shown = bot_hooks(Bare()), presentation(Bare())
    assert hooks.evaluate({"scores": [3, 7]}, 0) == -4.0  # its score minus the best other
    assert hooks.evaluate({"scores": [3, 7]}, 1) == 4.0
    assert hooks.evaluation_scale == BotHooks.evaluation_scale
    assert hooks.playout_action({"scores": [0, 0]}, Rng(3)) == "stay"
    assert shown.describe_action({}, "stay") == "stay"
    assert shown.game_facts({}, []) == [] and shown.device_panel({}, None) is None


def test_a_plugin_failing_behind_an_adapter_is_still_named():
    """The client guards the rules; an engine that does not inherit a facet gets an
    adapter over the *guarded* rules, so its own hook and the defaults' calls into it
    fail as the plugin's failure, not as a crash of the client."""
    from game.ui.isolation import GuardedRules, PluginFailure, guard_rules

    class Broken(Wide):
        def evaluate(self, view: dict[str, Any], seat: int,
                     weights: dict[str, float] | None = None) -> float:
            raise RuntimeError("no sense of value")

        def legal_actions(self, state: dict[str, Any]) -> list[str]:
            raise RuntimeError("lost the rulebook")

    guarded = guard_rules(Broken())
    assert isinstance(guarded, GuardedRules)
    hooks = bot_hooks(guarded)
    with pytest.raises(PluginFailure, match="no sense of value") as own:
        hooks.evaluate({"scores": [1, 2]}, 0)
    assert own.value.where == "in evaluate()"
    with pytest.raises(PluginFailure, match="lost the rulebook"):
        hooks.playout_action({"scores": [1, 2]}, Rng(1))  # the default, over the rules
    assert presentation(guarded).describe_action({}, "left") == "walks left"


def test_the_guard_splits_its_queries_as_the_facets_split_the_hooks():
    from game.ui.isolation import BOT_QUERIES, PRESENTATION_QUERIES, QUERIES, RULES_QUERIES

    assert BOT_QUERIES == set(BOT_HOOKS)
    assert PRESENTATION_QUERIES <= set(PRESENTATION)
    assert RULES_QUERIES <= set(dir(Rules)) - set(BOT_HOOKS) - set(PRESENTATION)
    assert QUERIES == RULES_QUERIES | BOT_QUERIES | PRESENTATION_QUERIES


#: where asking the rules for a hook directly is the point (the contract, its facets)
CONTRACT = {"game/core/engine.py", "game/core/facets.py"}


def direct_hook_calls(path: Path) -> Iterator[str]:
    """``rules.evaluate(...)``, ``game.rules.describe_action(...)``: a hook asked of the
    rules, not of their facet."""
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner = node.func.value
        named = owner.id if isinstance(owner, ast.Name) else \
            owner.attr if isinstance(owner, ast.Attribute) else ""
        if named in ("rules", "r") and node.func.attr in BOT_HOOKS + PRESENTATION:
            yield f"{path.relative_to(ROOT)}:{node.lineno}: {named}.{node.func.attr}()"


def test_the_program_asks_the_facets_for_hooks_never_the_rules():
    """Once an engine may offer a facet by other means than inheriting it from ``Rules``
    (issue 35's plan, F3), a hook asked of the rules directly would skip the engine's
    adapter; the program asks ``bot_hooks(rules)`` and ``presentation(rules)``."""
    found = [call for path in sorted((ROOT / "game").rglob("*.py"))
             if str(path.relative_to(ROOT)) not in CONTRACT
             for call in direct_hook_calls(path)]
    assert not found, found


def test_the_rules_contract_is_the_rules_only():
    """The facets are apart from the rules (issue 35, F3): ``Rules`` inherits neither,
    so an engine declares the hooks it answers, and no method of the contract takes a
    state typed ``Any`` (a state is the engine's own type, ``S``)."""
    import re
    from pathlib import Path

    from game.core.engine import Rules
    from game.core.facets import BotHooks, Presentation

    assert not issubclass(Rules, BotHooks) and not issubclass(Rules, Presentation)
    source = (Path(__file__).resolve().parents[1] / "game/core/engine.py").read_text("utf-8")
    assert not re.search(r"\bstate: Any\b", source)
    from variants.aztlan.rules import AztlanRules
    from variants.market.rules import MarketRules
    from variants.mexica.rules import MexicaRules

    for engine in (MexicaRules, MarketRules, AztlanRules):  # the built-ins declare both
        assert issubclass(engine, BotHooks) and issubclass(engine, Presentation)
