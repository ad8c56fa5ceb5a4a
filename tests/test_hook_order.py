"""Hooks run in pluggy's order, each plugin on its own; wrappers are refused.

pluggy calls ``tryfirst`` implementations first and ``trylast`` ones last; among the
rest the core keeps the load order (built-ins, packages, extras, drop-ins). The first
registration of an engine id, a variant id or a board view wins.
"""

from __future__ import annotations

import sys
import textwrap
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.core.entrypoints import BUILTIN_ENTRY_POINTS
from game.core.hookcalls import Interrupts, call_hooks
from game.core.hookspecs import hookimpl
from game.core.registry import Registry
from tests.race_rules import Race


@pytest.fixture(autouse=True)
def _isolated():
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith(("aztec_arcade_dropin_", "ordertest_")):
            del sys.modules[name]


def view_plugin(name: str, engine_id: str | None = None, **marks: bool) -> types.ModuleType:
    """A plugin whose ``register_views`` registers ``engine_id`` (default: its own name)
    with a factory named after the plugin, marked ``@hookimpl(**marks)``."""
    module = types.ModuleType(name)

    def factory(session: Any, app: Any) -> None:  # pragma: no cover - never built here
        return None

    factory.__qualname__ = f"{name}.factory"

    def register_views(register: Callable[..., None]) -> None:
        register(engine_id or name, factory)

    module.register_views = hookimpl(**marks)(register_views)
    module.factory = factory
    sys.modules[name] = module
    return module


def calling_order(registry: Registry) -> list[str]:
    """The plugins whose ``register_views`` run, in the order the core calls them."""
    seen: list[str] = []
    call_hooks(registry.pm, "register_views", lambda provider, *args: seen.append(provider),
               Interrupts())
    return seen


def registered_by_us(registry: Registry) -> list[str]:
    """The engine ids ``register_views`` hands over, as the core calls the hooks."""
    seen: list[str] = []
    call_hooks(registry.pm, "register_views",
               lambda provider, engine_id, factory: seen.append(engine_id), Interrupts())
    return seen


def registered_by_pluggy(registry: Registry) -> list[str]:
    """The same, when pluggy itself calls the hook (one call of the whole chain)."""
    seen: list[str] = []
    registry.pm.hook.register_views(register=lambda engine_id, factory: seen.append(engine_id))
    return seen


def test_tryfirst_runs_first_trylast_last_the_rest_in_load_order():
    plain, first, last, later = (view_plugin("ordertest_plain"),
                                 view_plugin("ordertest_first", tryfirst=True),
                                 view_plugin("ordertest_last", trylast=True),
                                 view_plugin("ordertest_later"))
    registry = Registry(entry_points=False, extra_plugins=(plain, first, last, later))
    assert not registry.broken, registry.broken
    order = calling_order(registry)
    built_ins = [name for name in BUILTIN_ENTRY_POINTS if name in order]
    assert built_ins == ["mexica", "mexica-neutral", "market", "aztlan"]
    assert order == ["ordertest_first", *built_ins, "ordertest_plain", "ordertest_later",
                     "ordertest_last"]


def test_the_order_is_pluggys_own():
    """Calling each implementation on its own visits them exactly as pluggy's single call
    of the hook does, whatever pluggy's version."""
    plugins = (view_plugin("ordertest_a", trylast=True), view_plugin("ordertest_b"),
               view_plugin("ordertest_c", tryfirst=True), view_plugin("ordertest_d"),
               view_plugin("ordertest_e", tryfirst=True))
    registry = Registry(entry_points=False, extra_plugins=plugins)
    assert registered_by_us(registry) == registered_by_pluggy(registry)
    assert "mexica" in registered_by_us(registry)
    assert calling_order(registry)[:2] == ["ordertest_c", "ordertest_e"]
    assert calling_order(registry)[-1] == "ordertest_a"


def test_the_first_view_registered_for_an_engine_wins():
    quiet = view_plugin("ordertest_quiet", "race")
    loud = view_plugin("ordertest_loud", "race", tryfirst=True)
    registry = Registry(entry_points=False, extra_plugins=(quiet, loud))
    assert registry.load_views()["race"] is loud.factory
    # without tryfirst, load order decides: the one loaded first
    other = view_plugin("ordertest_other", "race")
    registry = Registry(entry_points=False, extra_plugins=(quiet, other))
    assert registry.load_views()["race"] is quiet.factory


def test_a_plain_plugin_does_not_take_a_built_in_view():
    plain = view_plugin("ordertest_skin", "mexica")
    registry = Registry(entry_points=False, extra_plugins=(plain,))
    views = registry.load_views()
    assert views["mexica"] is not plain.factory
    assert views["mexica"].__module__ == "variants.mexica.view"
    tryfirst = view_plugin("ordertest_skin_first", "mexica", tryfirst=True)
    registry = Registry(entry_points=False, extra_plugins=(tryfirst,))
    assert registry.load_views()["mexica"] is tryfirst.factory


def test_a_tryfirst_engine_wins_the_id_and_the_other_is_reported():
    """The same rule for engines: the first registration in calling order is kept."""
    class RaceA(Race):
        pass

    class RaceB(Race):
        pass

    def rules_plugin(name: str, engine: type, **marks: bool) -> types.ModuleType:
        module = types.ModuleType(name)

        def register_rules(register: Callable[..., None]) -> None:
            register(engine)

        module.register_rules = hookimpl(**marks)(register_rules)
        sys.modules[name] = module
        return module

    a = rules_plugin("ordertest_race_a", RaceA)
    b = rules_plugin("ordertest_race_b", RaceB, tryfirst=True)
    registry = Registry(entry_points=False, extra_plugins=(a, b))
    assert registry.rules["race"] == (RaceB, "ordertest_race_b")
    [clash] = registry.broken
    assert clash.name == "ordertest_race_a" and "provided twice" in clash.message


def test_a_hook_that_raises_breaks_only_its_plugin_and_order_goes_on():
    def boom(register: Callable[..., None]) -> None:
        raise RuntimeError("no view today")

    bad = types.ModuleType("ordertest_bad")
    bad.register_views = hookimpl(tryfirst=True)(boom)
    sys.modules["ordertest_bad"] = bad
    good = view_plugin("ordertest_good", "race")
    registry = Registry(entry_points=False, extra_plugins=(bad, good))
    views = registry.load_views()
    assert views["race"] is good.factory and "mexica" in views
    [entry] = registry.broken
    assert entry.name == "ordertest_bad"
    assert entry.message == "register_views raised: RuntimeError: no view today"
    registry.load_views()  # asked again (a second App): reported once
    assert len(registry.broken) == 1


def test_register_views_with_wrong_arguments_is_the_plugins_fault():
    module = types.ModuleType("ordertest_wrong")

    def register_views(register: Callable[..., None]) -> None:
        register("race")  # no factory

    module.register_views = hookimpl(register_views)
    sys.modules["ordertest_wrong"] = module
    registry = Registry(entry_points=False, extra_plugins=(module,))
    views = registry.load_views()
    assert "race" not in views and "mexica" in views
    [entry] = registry.broken
    assert entry.name == "ordertest_wrong" and "register(engine_id, factory)" in entry.message


# ---------------------------------------------------------------------------------------
# wrappers are refused, naming the plugin
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("mark", ["wrapper", "hookwrapper"])
def test_a_wrapper_is_refused_with_a_message_naming_the_plugin(mark):
    module = types.ModuleType(f"ordertest_{mark}")

    def register_views(register: Callable[..., None]) -> Any:
        register("race", object)
        yield

    module.register_views = hookimpl(**{mark: True})(register_views)
    sys.modules[module.__name__] = module
    registry = Registry(entry_points=False, extra_plugins=(module,))
    [entry] = registry.broken
    assert entry.kind == "plugin" and entry.name == f"ordertest_{mark}"
    assert "register_views is a hook wrapper" in entry.message
    assert "not support" in entry.message and "tryfirst=True" in entry.message
    assert not registry.pm.is_registered(module)
    assert "race" not in registry.load_views()
    assert "mexica" in registry.variants  # everything else loads


def test_a_wrapper_in_a_drop_in_file_is_refused(tmp_path: Path):
    (tmp_path / "wrapping.py").write_text(textwrap.dedent("""\
        from game.modkit import Rules, hookimpl

        @hookimpl(hookwrapper=True)
        def register_rules(register):
            outcome = yield

        @hookimpl
        def register_variants(register):
            pass
        """), encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    [entry] = registry.broken
    assert entry.name == "wrapping" and entry.source == str(tmp_path / "wrapping.py")
    assert "register_rules is a hook wrapper" in entry.message
    assert str(entry).startswith("plugin wrapping")
