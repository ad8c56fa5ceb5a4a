"""The loaders' memos (game.core.memo) never change what a load finds: what one caller gets is
its own, and a changed engine, file or set of installed packages is checked again."""

from __future__ import annotations

import os
import textwrap

import pytest

from game.api import load_lesson
from game.core import memo
from game.core.errors import ConfigError
from game.core.registry import ENTRY_POINT_GROUP, Registry
from game.core.yamlload import load_yaml_file
from tests.shipped import lesson_file, variant_file
from variants.mexica.rules import MexicaRules

MEXICA_LESSON = lesson_file("mexica.yaml")


def test_what_a_registry_hands_out_is_its_own():
    first = Registry(entry_points=False)
    spec = first.variants["tlatelolco-market"]
    key = next(k for k, v in spec.params.items() if isinstance(v, list | dict))
    original = repr(spec.params[key])
    spec.params[key].clear()
    spec.params["added by a test"] = 1
    second = Registry(entry_points=False).variants["tlatelolco-market"].params
    assert repr(second[key]) == original and "added by a test" not in second

    data, lines = load_yaml_file(variant_file("mexica.yaml"))
    data.clear()
    lines.clear()
    again, again_lines = load_yaml_file(variant_file("mexica.yaml"))
    assert again["id"] == "mexica" and again_lines[("id",)] >= 1


def test_an_engine_changed_in_place_checks_its_variants_again(monkeypatch):
    assert "mexica" in Registry(entry_points=False).variants  # kept in the memo

    def refuse(cls, params, ctx):
        ctx.error(("board",), "refused by the patched engine")

    monkeypatch.setattr(MexicaRules, "check_params", classmethod(refuse))
    registry = Registry(entry_points=False)
    assert "mexica" not in registry.variants
    [broken] = [b for b in registry.broken if b.name == "mexica"]
    assert "refused by the patched engine" in broken.message
    monkeypatch.undo()
    assert "mexica" in Registry(entry_points=False).variants


def test_a_lesson_replays_again_when_its_engine_changed(monkeypatch):
    load_lesson(MEXICA_LESSON)  # replays, and is kept in the memo
    monkeypatch.setattr(MexicaRules, "legal_actions", lambda self, state: [])
    with pytest.raises(ConfigError) as err:
        load_lesson(MEXICA_LESSON)
    assert "legal_actions does not list it" in str(err.value.issues[0])


def test_a_changed_file_is_parsed_and_checked_again(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    path = folder / "quick.yaml"
    path.write_text("id: quick\nname: Quick\nextends: mexica\n", encoding="utf-8")
    assert Registry(plugin_folder=str(folder), entry_points=False).variants["quick"].name \
        == "Quick"
    path.write_text("id: quick\nname: Quick\nextends: mexica\nparameters:\n"
                    "  no_such_parameter: 1\n", encoding="utf-8")
    registry = Registry(plugin_folder=str(folder), entry_points=False)
    assert "quick" not in registry.variants
    [broken] = [b for b in registry.broken if b.name == "quick"]
    assert broken.issues and broken.issues[0].file == str(path)
    assert broken.issues[0].line == 5


def test_a_package_installed_later_is_found(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    assert "memotest" not in Registry().plugin_sources
    (site / "memotest_plugin.py").write_text("", encoding="utf-8")
    info = site / "memotest-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: memotest\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(textwrap.dedent(f"""\
        [{ENTRY_POINT_GROUP}]
        memotest = memotest_plugin
        """), encoding="utf-8")
    later = os.stat(site).st_mtime_ns + 2_000_000_000  # however coarse the clock
    os.utime(site, ns=(later, later))
    assert Registry().plugin_sources["memotest"] == "package memotest 1.0"


def test_memos_can_be_turned_off(monkeypatch):
    Registry(entry_points=False)
    monkeypatch.setenv(memo.OFF_ENV, "1")
    memo.clear_all()
    registry = Registry(entry_points=False)
    assert "mexica" in registry.variants and registry.lessons().lessons
    assert all(len(m) == 0 for m in memo._ALL)  # noqa: SLF001 - nothing was kept
