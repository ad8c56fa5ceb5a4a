"""YAML validation: collected, located errors; safe loading; isolated failures; settings."""

from __future__ import annotations

import re
import textwrap
import tracemalloc
from pathlib import Path

import pytest

from game.api import broken_variants, list_variants
from game.core.errors import ConfigError, ConfigIssue
from game.core.registry import VARIANT_FILE, Registry, get_registry, reset_registry
from game.core.schema import Context, deep_merge
from game.core.settings import SETTINGS, load_settings, user_settings_path
from game.core.yamlload import load_yaml_file, load_yaml_text
from tests.shipped import VARIANT_FILES


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def folder_registry(folder: Path) -> Registry:
    return Registry(plugin_folder=str(folder), entry_points=False)


def broken_for(registry: Registry, path: Path) -> str:
    """The broken-entry messages that came from ``path``, joined."""
    messages = [b.message for b in registry.broken if b.source == str(path)]
    assert messages, f"{path.name} was not reported; broken: {registry.broken}"
    return "\n".join(messages)


def top_level_issues(path: Path) -> list[ConfigIssue]:
    """Check the keys of a variant file outside ``parameters``, as loading does."""
    raw, lines = load_yaml_file(path)
    ctx = Context(str(path), lines)
    VARIANT_FILE.check({k: v for k, v in raw.items() if k != "parameters"}, (), ctx)
    return ctx.issues


def parameter_issues(path: Path) -> list[ConfigIssue]:
    """Check a Mexica variant's ``parameters`` laid over Mexica's, as ``extends`` does."""
    registry = Registry(entry_points=False)
    raw, lines = load_yaml_file(path)
    ctx = Context(str(path), lines, base=("parameters",))
    params = deep_merge(registry.variants["mexica"].params, raw.get("parameters", {}))
    registry.engine("mexica").parameters.check(params, (), ctx)
    return ctx.issues


def by_path(issues: list[ConfigIssue]) -> dict[str, ConfigIssue]:
    return {i.path: i for i in issues}


# ---------------------------------------------------------------------------------------
# located, collected errors
# ---------------------------------------------------------------------------------------
TOP = """\
id: bad-top
name: 5
colour: red
players: {min: zero, max: 4}
plugin: mexica
exposed: ap_per_turn
"""


def test_several_top_level_problems_are_all_reported_with_lines(tmp_path):
    path = write(tmp_path, "top.yaml", TOP)
    issues = by_path(top_level_issues(path))
    assert set(issues) == {"name", "colour", "players.min", "exposed"}
    assert issues["name"].line == 2 and "expected text" in issues["name"].message
    assert issues["colour"].line == 3 and "unknown key" in issues["colour"].message
    assert issues["players.min"].line == 4
    assert "whole number" in issues["players.min"].message
    assert issues["exposed"].line == 6 and "list" in issues["exposed"].message
    for issue in issues.values():
        assert issue.file == str(path)
        assert str(issue).startswith(f"{path}:{issue.line}: {issue.path}: ")


def test_registry_reports_every_problem_as_file_line_key_message(tmp_path):
    path = write(tmp_path, "top.yaml", TOP)
    registry = folder_registry(tmp_path)
    message = broken_for(registry, path)
    for line, key, text in ((2, "name", "expected text"), (3, "colour", "unknown key"),
                            (4, "players.min", "whole number"), (6, "exposed", "list")):
        assert re.search(rf"{re.escape(str(path))}:{line}: {re.escape(key)}: [^;]*{text}",
                         message), (key, message)
    assert "bad-top" not in registry.variants
    assert [b.name for b in registry.broken] == ["bad-top"]


PARAMS = """\
# a comment, so line numbers are not just indices
id: bad-params
extends: mexica
name: Bad parameters
parameters:
  ap_per_turn: six
  bogus: 1
  costs:
    canal: -1
    telport: 5
  board:
    - "~~~"
    - "~SX"
  scoring: {palace_bonus: true}
"""


def test_several_parameter_problems_are_all_reported_with_lines(tmp_path):
    path = write(tmp_path, "params.yaml", PARAMS)
    issues = by_path(parameter_issues(path))
    expected = {
        "parameters.ap_per_turn": (6, "whole number"),
        "parameters.bogus": (7, "unknown key"),
        "parameters.costs.canal": (9, "at least 0"),
        "parameters.costs.telport": (10, "unknown key"),
        "parameters.board[1]": (13, "use only"),
        "parameters.scoring.palace_bonus": (14, "whole number"),
    }
    assert set(issues) == set(expected)
    for key, (line, text) in expected.items():
        assert issues[key].line == line, key
        assert text in issues[key].message, key
        assert f"{path}:{line}: {key}: " in str(issues[key])
    assert "teleport" in issues["parameters.costs.telport"].message  # known keys listed
    registry = folder_registry(tmp_path)
    message = broken_for(registry, path)
    for key, (line, _text) in expected.items():
        assert f"{path}:{line}: {key}:" in message
    assert "bad-params" not in registry.variants


def test_cross_field_check_names_the_key_and_line(tmp_path):
    path = write(tmp_path, "ragged.yaml", """\
        id: ragged
        extends: mexica
        name: Ragged
        parameters:
          board:
            - "~~~~"
            - "~S."
        """)
    registry = folder_registry(tmp_path)
    message = broken_for(registry, path)
    assert f"{path}:5: parameters.board: all rows must have the same length" in message


def test_wrong_types_are_named(tmp_path):
    path = write(tmp_path, "types.yaml", """\
        id: types
        extends: mexica
        name: Types
        parameters:
          first_round_protection: 1
          calpulli_tokens: {size: 3}
          temples: [1, 2]
          components:
            bridges: many
        """)
    issues = by_path(parameter_issues(path))
    assert "true or false" in issues["parameters.first_round_protection"].message
    assert issues["parameters.first_round_protection"].line == 5
    assert "expected a list, got a mapping" in issues["parameters.calpulli_tokens"].message
    assert "expected a mapping, got a list" in issues["parameters.temples"].message
    assert issues["parameters.components.bridges"].line == 9


def test_missing_required_keys(tmp_path):
    path = write(tmp_path, "bare.yaml", "id: bare\nname: Bare\nplayers: {min: 2, max: 2}\n")
    registry = folder_registry(tmp_path)
    assert "plugin: is required" in broken_for(registry, path)
    path.write_text("name: no id\nplugin: mexica\n", encoding="utf-8")
    registry = folder_registry(tmp_path)
    assert "id: is required" in broken_for(registry, path)


def test_parameters_required_by_the_engine(tmp_path):
    path = write(tmp_path, "noboard.yaml", """\
        id: noboard
        name: No board
        players: {min: 2, max: 4}
        plugin: mexica
        parameters:
          ap_per_turn: 6
        """)
    message = broken_for(folder_registry(tmp_path), path)
    for key in ("board", "components", "temples", "calpulli_tokens"):
        assert f"{path}:5: parameters.{key}: is required" in message


def test_players_min_above_max(tmp_path):
    path = write(tmp_path, "minmax.yaml",
                 "id: minmax\nextends: mexica\nname: M\nplayers: {min: 4, max: 2}\n")
    assert f"{path}:4: players: min is larger than max" in broken_for(
        folder_registry(tmp_path), path)


def test_exposed_names_must_be_parameters(tmp_path):
    path = write(tmp_path, "exposed.yaml",
                 "id: exposed\nextends: mexica\nname: E\nexposed: [ap_per_turn, colour]\n")
    assert "exposed parameter 'colour'" in broken_for(folder_registry(tmp_path), path)


def test_not_a_mapping(tmp_path):
    path = write(tmp_path, "list.yaml", "- id: a\n- id: b\n")
    empty = write(tmp_path, "empty.yaml", "")
    registry = folder_registry(tmp_path)
    assert "must be a mapping" in broken_for(registry, path)
    assert "must be a mapping" in broken_for(registry, empty)


def test_unreadable_file(tmp_path):
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"id: \xff\xfe\n")
    assert "cannot read" in broken_for(folder_registry(tmp_path), path)


# ---------------------------------------------------------------------------------------
# the YAML layer
# ---------------------------------------------------------------------------------------
@pytest.mark.usefixtures("yaml_parser")
def test_yaml_syntax_error_has_its_line(tmp_path):
    text = "id: syntax\nname: Syntax\nplayers: {min: 2, max: 4\nplugin: mexica\n"
    with pytest.raises(ConfigError) as info:
        load_yaml_text(text, "syntax.yaml")
    [issue] = info.value.issues
    assert issue.line == 4
    assert issue.file == "syntax.yaml"
    assert "YAML syntax" in issue.message
    assert str(issue).startswith("syntax.yaml:4: ")
    path = write(tmp_path, "syntax.yaml", text)
    registry = folder_registry(tmp_path)
    assert f"{path}:4:" in broken_for(registry, path)


@pytest.mark.usefixtures("yaml_parser")
def test_tab_indentation_is_a_located_error():
    with pytest.raises(ConfigError) as info:
        load_yaml_text("id: tabbed\nplayers:\n\tmin: 2\n", "tab.yaml")
    assert info.value.issues[0].line == 3


@pytest.mark.usefixtures("yaml_parser")
def test_lines_map_every_key_and_item():
    data, lines = load_yaml_text("a: 1\nb:\n  c: [x, y]\n  d:\n    - 5\n    - 6\n")
    assert data == {"a": 1, "b": {"c": ["x", "y"], "d": [5, 6]}}
    assert lines[("a",)] == 1 and lines[("b",)] == 2 and lines[("b", "c")] == 3
    assert lines[("b", "d", 0)] == 5 and lines[("b", "d", 1)] == 6


@pytest.mark.usefixtures("yaml_parser")
def test_duplicate_keys_are_reported(tmp_path):
    text = "id: dup\nextends: mexica\nname: One\nname: Two\nparameters:\n" \
           "  ap_per_turn: 5\n  ap_per_turn: 7\n"
    with pytest.raises(ConfigError) as info:
        load_yaml_text(text, "dup.yaml")
    issues = by_path(info.value.issues)
    assert issues["name"].line == 4 and issues["name"].message == "duplicate key"
    assert issues["parameters.ap_per_turn"].line == 7
    path = write(tmp_path, "dup.yaml", text)
    registry = folder_registry(tmp_path)
    assert "dup.yaml:4: name: duplicate key" in broken_for(registry, path)
    assert "dup" not in registry.variants


@pytest.mark.usefixtures("yaml_parser")
def test_merge_keys_are_refused():
    with pytest.raises(ConfigError, match="merge keys"):
        load_yaml_text("base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n")


@pytest.mark.parametrize("value", [
    "!!python/object/apply:os.system ['touch {marker}']",
    "!!python/object/new:os.system ['touch {marker}']",
    "!!python/object/apply:pathlib.Path.touch [{{}}]",
    "!!python/object:builtins.dict {{}}",
    "!!python/name:os.system",
    "!!python/module:os",
    "!!python/object/apply:os.system\n  args: ['touch {marker}']",
    "!!python/tuple [1, 2]",
    "!!set {{a, b}}",
])
@pytest.mark.usefixtures("yaml_parser")
def test_python_tags_are_refused_and_nothing_executes(tmp_path, value):
    marker = tmp_path / "executed"
    text = f"id: evil\nextends: mexica\nname: {value.format(marker=marker)}\n"
    with pytest.raises(ConfigError) as info:
        load_yaml_text(text, "evil.yaml")
    assert info.value.issues and info.value.issues[0].line == 3
    assert "tag" in str(info.value)
    path = write(tmp_path, "evil.yaml", text)
    registry = folder_registry(tmp_path)
    assert "evil" not in registry.variants
    assert "tag" in broken_for(registry, path)
    assert not marker.exists()


@pytest.mark.usefixtures("yaml_parser")
def test_safe_tags_still_work():
    data, _ = load_yaml_text("a: !!str 5\nb: !!int '7'\nc: !!map {x: 1}\nd: !!seq [1]\n")
    assert data == {"a": "5", "b": 7, "c": {"x": 1}, "d": [1]}


@pytest.mark.usefixtures("yaml_parser")
def test_aliases_are_copied_not_shared():
    data, _ = load_yaml_text("x: &a {k: [1]}\ny: *a\n")
    assert data["x"] == data["y"] and data["x"] is not data["y"]


@pytest.mark.usefixtures("yaml_parser")
def test_alias_bombs_are_refused_before_they_expand():
    """9**9 leaves if expanded; the loader counts nodes and refuses long before that,
    so its memory stays small (measured by allocation, not by a clock)."""
    rows = ["a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        rows.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    tracemalloc.start()
    try:
        with pytest.raises(ConfigError, match="too large"):
            load_yaml_text("\n".join(rows) + "\n", "bomb.yaml")
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50 * 2**20


@pytest.mark.parametrize("text", ["a: &x [*x]\n", "a: &x {b: *x}\n", "a: " + "[" * 5000,
                                  "a: " + "[" * 3000 + "]" * 3000])
@pytest.mark.usefixtures("yaml_parser")
def test_recursive_or_deep_yaml_is_a_config_error(text):
    with pytest.raises(ConfigError):
        load_yaml_text(text, "deep.yaml")


# ---------------------------------------------------------------------------------------
# isolation: a broken file disables only its own variant
# ---------------------------------------------------------------------------------------
def test_a_broken_variant_file_disables_only_that_variant(tmp_path):
    write(tmp_path, "broken.yaml", "id: broken\nextends: mexica\nname: [oops\n")
    write(tmp_path, "also-broken.yaml", PARAMS)
    write(tmp_path, "fine.yaml", "id: fine\nextends: mexica\nname: Fine\n"
                                 "parameters: {ap_per_turn: 7}\n")
    registry = folder_registry(tmp_path)
    assert {b.name for b in registry.broken} == {"broken", "bad-params"}
    assert {"mexica", "fine"} <= set(registry.variants)
    assert "broken" not in registry.variants and "bad-params" not in registry.variants
    reset_registry(registry)
    ids = [v["id"] for v in list_variants()]
    assert "mexica" in ids and "fine" in ids
    assert {b["name"] for b in broken_variants()} == {"broken", "bad-params"}


def test_shipped_variant_files_are_valid():
    registry = Registry(entry_points=False)
    assert not registry.broken, registry.broken
    shipped = VARIANT_FILES
    assert shipped
    for path in shipped:
        raw, _ = load_yaml_file(path)
        assert raw["id"] in registry.variants, path


# ---------------------------------------------------------------------------------------
# settings
# ---------------------------------------------------------------------------------------
@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(folder))
    return folder


def defaults() -> dict:
    return {name: f.default for name, f in SETTINGS.fields.items()}


def test_settings_defaults_without_a_user_file(home):
    settings, issues = load_settings()
    assert issues == []
    assert settings == defaults()
    assert user_settings_path() == home / "settings.yaml"


def test_user_settings_override_defaults(home):
    write(home, "settings.yaml", "volume: 30\nfullscreen: true\n")
    settings, issues = load_settings()
    assert issues == []
    assert settings["volume"] == 30 and settings["fullscreen"] is True
    assert settings["palette"] == defaults()["palette"]


def test_broken_user_settings_are_reported_and_defaults_used(home):
    path = write(home, "settings.yaml", "volume: loud\nfullscreen: maybe\ncolour: red\n"
                                        "palette: neon\n")
    settings, issues = load_settings()
    assert settings == defaults()
    found = by_path(issues)
    assert set(found) == {"volume", "fullscreen", "colour", "palette"}
    assert (found["volume"].line, found["fullscreen"].line) == (1, 2)
    assert (found["colour"].line, found["palette"].line) == (3, 4)
    assert all(i.file == str(path) for i in issues)
    assert "unknown key" in found["colour"].message
    assert f"{path}:4: palette:" in str(found["palette"])


def test_user_settings_syntax_error(home):
    path = write(home, "settings.yaml", "volume: 30\nfullscreen: [true\n")
    settings, issues = load_settings()
    assert settings == defaults()
    [issue] = issues
    assert issue.file == str(path) and issue.line is not None and "YAML" in issue.message


def test_user_settings_not_a_mapping(home):
    write(home, "settings.yaml", "- volume\n")
    settings, issues = load_settings()
    assert settings == defaults()
    assert issues and "mapping" in issues[0].message


def test_broken_settings_appear_in_the_registry(home):
    write(home, "settings.yaml", "volume: 300\n")
    registry = get_registry()
    [entry] = [b for b in registry.broken if b.kind == "settings"]
    assert "volume" in entry.message and "at most 100" in entry.message
    assert "settings.yaml:1" in entry.message
    assert "mexica" in registry.variants
    assert any(b["kind"] == "settings" for b in broken_variants())


def test_plugin_folder_from_user_settings(home):
    mods = home / "mods"
    mods.mkdir()
    write(mods, "quick.yaml", "id: quick-mexica\nextends: mexica\nname: Quick\n"
                              "parameters: {ap_per_turn: 4}\n")
    write(home, "settings.yaml", "plugin_folder: mods\n")
    settings, issues = load_settings()
    assert issues == [] and Path(settings["plugin_folder"]) == mods.resolve()
    assert "quick-mexica" in [v["id"] for v in list_variants()]


def test_missing_plugin_folder_from_settings_is_reported(home):
    write(home, "settings.yaml", "plugin_folder: nowhere\n")
    registry = get_registry()
    assert any("does not exist" in b.message for b in registry.broken)
    assert "mexica" in registry.variants
