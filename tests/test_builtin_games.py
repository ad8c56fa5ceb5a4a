"""The built-in games are plugins exactly like a mod's: each ``variants/<game>/`` carries
its variants' YAML and its lessons and registers them through the hooks a scaffolded mod
uses, loaded through the entry points ``pyproject.toml`` declares, before any other
package's; ``config/`` keeps only what is not a game's."""

from __future__ import annotations

import os
import textwrap
import tomllib
from pathlib import Path

import pytest

from game import __version__
from game.core import entrypoints
from game.core.entrypoints import BUILTIN_ENTRY_POINTS, ENTRY_POINT_GROUP, LOAD_ENV
from game.core.hookcalls import Interrupts, call_hooks
from game.core.registry import Registry
from game.core.resources import config_dir

ROOT = Path(__file__).resolve().parent.parent
GAME_OF = {"mexica": "mexica", "mexica-festival": "mexica",
           "mexica-2p-neutral": "mexica_neutral", "mexica-2p-harder": "mexica_neutral",
           "tlatelolco-market": "market", "aztlan": "aztlan", "aztlan-2p": "aztlan"}
PLUGIN_OF = {"mexica": "mexica", "mexica_neutral": "mexica-neutral", "market": "market",
             "aztlan": "aztlan"}


def calling_order(registry: Registry) -> list[str]:
    """The plugins whose ``register_variants`` register files, in the order the core
    calls them."""
    seen: list[str] = []
    call_hooks(registry.pm, "register_variants",
               lambda provider, *args: seen.append(provider), Interrupts())
    return list(dict.fromkeys(seen))


def test_the_table_of_built_in_games_is_pyprojects_entry_points_in_order():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    points = declared["project"]["entry-points"][ENTRY_POINT_GROUP]
    assert list(points.items()) == list(BUILTIN_ENTRY_POINTS.items())


def test_each_game_registers_its_own_variants_and_lessons():
    registry = Registry(entry_points=False)
    assert not registry.broken, registry.broken
    assert set(registry.variants) == set(GAME_OF)
    for vid, spec in registry.variants.items():
        folder = ROOT / "variants" / GAME_OF[vid]
        assert Path(spec.source) == folder / f"{vid}.yaml"
        assert spec.provider == PLUGIN_OF[GAME_OF[vid]]
        assert spec.origin == (f"built-in game {spec.provider} (package aztec-arcade "
                               f"{__version__})")
    lessons = registry.lesson_sources()
    assert len(lessons) == 5
    for provider, path in lessons:
        assert path.parent.name == "lessons"
        assert PLUGIN_OF[path.parent.parent.name] == provider
    # what is left in config/ is not a game's
    assert sorted(p.name for p in config_dir().iterdir()) == ["settings.yaml"]


def test_the_built_in_games_load_in_a_checkout_without_metadata(monkeypatch):
    """No installed package metadata (a bare checkout, a bundle without it): the table."""
    monkeypatch.setattr(entrypoints, "installed_entry_points", lambda group: [])
    registry = Registry()
    assert not registry.broken, registry.broken
    assert calling_order(registry) == list(BUILTIN_ENTRY_POINTS)
    assert set(registry.plugin_sources.values()) == {
        f"built-in package aztec-arcade {__version__}"}
    assert registry.variants["mexica"].origin == (
        f"built-in game mexica (package aztec-arcade {__version__})")
    assert len(registry.variants) == 7


def fake_package(site: Path, name: str, plugin: str, module_text: str) -> None:
    """An installed package ``name`` 1.0 on ``site`` whose entry point ``plugin`` is the
    module ``<name>_plugin`` holding ``module_text``."""
    module = f"{name}_plugin"
    (site / f"{module}.py").write_text(textwrap.dedent(module_text), encoding="utf-8")
    info = site / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\n{plugin} = {module}\n", encoding="utf-8")
    later = os.stat(site).st_mtime_ns + 2_000_000_000  # the entry points' memo sees it
    os.utime(site, ns=(later, later))


@pytest.fixture
def site(tmp_path, monkeypatch):
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    return folder


def test_a_package_comes_after_the_built_in_games_and_the_first_provider_wins(site, tmp_path):
    impostor = tmp_path / "impostor.yaml"
    impostor.write_text("id: mexica\nextends: mexica-festival\nname: Impostor\n",
                        encoding="utf-8")
    fake_package(site, "zzmod", "zz", f"""\
        from game.modkit import hookimpl

        @hookimpl
        def register_variants(register):
            register({str(impostor)!r})
        """)
    registry = Registry()
    assert calling_order(registry) == [*BUILTIN_ENTRY_POINTS, "zz"]
    assert registry.plugin_sources["zz"] == "package zzmod 1.0"
    assert registry.variants["mexica"].name == "Mexica"  # the built-in game's
    [clash] = [b for b in registry.broken if b.name == "mexica"]
    assert "provided twice: by mexica (" in clash.message and str(impostor) in clash.message


def test_a_package_cannot_take_a_built_in_games_plugin_name(site):
    fake_package(site, "squatter", "mexica", "")
    registry = Registry()
    assert registry.pm.get_plugin("mexica").__name__ == "variants.mexica.plugin"
    [refused] = [b for b in registry.broken if b.kind == "plugin"]
    assert refused.name == "mexica" and refused.source == "package squatter 1.0"
    assert "a plugin named 'mexica' is loaded already" in refused.message
    assert len(registry.variants) == 7


def test_choosing_no_packages_still_loads_the_built_in_games(site, monkeypatch):
    fake_package(site, "chosen", "chosen", "")
    monkeypatch.setenv(LOAD_ENV, "")
    registry = Registry()
    assert calling_order(registry) == list(BUILTIN_ENTRY_POINTS)
    assert "chosen" not in registry.plugin_sources and len(registry.variants) == 7
