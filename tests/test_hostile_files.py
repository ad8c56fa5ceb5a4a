"""Every file the program reads (variants, lessons, saves, settings, the lessons'
progress) costs time and memory in proportion to its size, whatever it holds: each
reader is fed a file built to be slow (deep nesting, aliases that repeat each other,
numbers of a million digits, keys repeated thousands of times, a log that repeats) and
must refuse it with a sentence, or read it doing work counted here in proportion to the
file. Nothing is timed."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.api import MAX_LOG_ACTIONS, MAX_SAVE_BYTES, Game, new_game
from game.core import yamlload
from game.core.errors import ConfigError, SaveError
from game.core.lessons.book import load_lesson
from game.core.memo import OFF_ENV
from game.core.records import read_game, read_save_bytes, save_game
from game.core.registry import Registry
from game.core.rng import Rng
from game.core.settings import load_settings, read_user_settings, user_settings_path
from game.core.variantfile import inherit
from game.core.yamlload import load_yaml_file
from game.ui.lessonstore import PROGRESS, LessonStore
from game.ui.scenes.settings import save_user_settings


def _bomb(levels: int = 9) -> str:
    """Nine aliases, each a list of nine of the one before: 9**9 items once expanded."""
    names = "abcdefghij"
    lines = [f"{names[0]}: &{names[0]} [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels + 1):
        lines.append(f"{names[i]}: &{names[i]} [" + ", ".join([f"*{names[i - 1]}"] * 9) + "]")
    return "\n".join(lines) + "\n"


#: YAML made to be slow, and the words of its refusal
SLOW_YAML = {
    "deep nesting": ("volume: " + "[" * 100_000 + "]" * 100_000 + "\n", "nested more than"),
    "an alias bomb": (_bomb(), "expands to more than 2,110 keys"),
    "a huge integer": ("volume: " + "9" * 900_000 + "\n", "900,000 characters is too long"),
    "a huge hexadecimal": ("volume: 0x" + "f" * 900_000 + "\n", "is too long"),
    "repeated keys": ("volume: 1\n" * 60_000, "holds more than 50,000 values"),
}


@pytest.fixture
def composed(monkeypatch) -> Iterator[list[int]]:
    """How many YAML nodes the loader composes and converts (its work), memos off."""
    monkeypatch.setenv(OFF_ENV, "1")
    counts = [0, 0]
    compose = yamlload._Bounded.compose_node
    convert = yamlload._convert

    def counted_compose(self: Any, parent: Any, index: Any) -> Any:
        counts[0] += 1
        return compose(self, parent, index)

    def counted_convert(*args: Any) -> Any:
        counts[1] += 1
        return convert(*args)

    monkeypatch.setattr(yamlload._Bounded, "compose_node", counted_compose)
    monkeypatch.setattr(yamlload, "_convert", counted_convert)
    yield counts


def _variant_reader(registry: Registry, path: Path) -> list[str]:
    return [str(i) for i in registry.validate_file(path)]


def _lesson_reader(registry: Registry, path: Path) -> list[str]:
    try:
        load_lesson(path, registry)
    except ConfigError as exc:
        return [str(i) for i in exc.issues]
    return []


def _settings_reader(_registry: Registry, path: Path) -> list[str]:
    assert path == user_settings_path()
    settings, issues = load_settings()
    assert settings["volume"] == 70  # the defaults stand
    return [str(i) for i in issues]


READERS: dict[str, Callable[[Registry, Path], list[str]]] = {
    "variant": _variant_reader, "lesson": _lesson_reader, "settings": _settings_reader}


@pytest.mark.parametrize("kind", sorted(SLOW_YAML))
@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.usefixtures("yaml_parser")
def test_every_yaml_reader_refuses_a_slow_file_within_the_loaders_limits(
        tmp_path, composed, reader, kind):
    text, why = SLOW_YAML[kind]
    path = user_settings_path() if reader == "settings" else tmp_path / "slow.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    registry = Registry(entry_points=False)
    composed[:] = [0, 0]  # the file's work only, not the built-in variants'
    problems = READERS[reader](registry, path)
    assert any(why in p for p in problems), problems
    assert all(p.startswith(f"{path}:") for p in problems)  # the file and its line
    # the work: never more nodes than the limits let through (and for the settings,
    # the shipped defaults' few), and aliases expand what the file writes ten times at
    # most: a bomb of 400 bytes is refused after about a thousand values, not 50,000
    assert composed[0] <= yamlload.MAX_NODES + 100
    assert composed[1] <= yamlload.EXPANSION * composed[0] + yamlload.EXPANSION_BASE + 100
    if kind == "an alias bomb":
        assert composed[1] <= 2_500


class CountedDict(dict):  # type: ignore[type-arg]
    """A dict that counts the walks over its keys."""

    walks = 0

    def __iter__(self) -> Any:
        CountedDict.walks += 1
        return super().__iter__()


def test_a_variant_writing_thousands_of_parameters_is_merged_in_one_pass():
    """Merging a variant over the one it extends notes which file wrote each key; a file
    of 20,000 (misspelt) parameters walked the keys noted so far once per key written
    (20,000 walks of 20,000 keys: half a minute)."""
    parent = {"id": "base", "parameters": {"ap_per_turn": 6, "board": ["~~"]}}
    written = {f"ap_per_tur{i}": 6 for i in range(20_000)}
    origins = CountedDict()
    CountedDict.walks = 0
    merged = inherit({"id": "child", "parameters": written}, parent,
                     {(): "base.yaml", ("parameters", "board"): "base.yaml"}, origins,
                     "child.yaml")
    assert len(merged["parameters"]) == 20_002
    assert CountedDict.walks <= 2
    assert origins[("parameters", "ap_per_tur7")] == "child.yaml"
    assert origins[("parameters", "board")] == "base.yaml"
    # a value replaced whole takes what was noted under it with it
    CountedDict.walks = 0
    origins = CountedDict()
    inherit({"id": "child", "parameters": {"board": 5}}, parent,
            {(): "base.yaml", ("parameters", "board", 0): "base.yaml"}, origins, "child.yaml")
    assert origins[("parameters", "board")] == "child.yaml"
    assert ("parameters", "board", 0) not in origins


@pytest.mark.usefixtures("yaml_parser")
def test_saving_a_setting_over_a_slow_settings_file_says_so_and_keeps_it():
    """The settings screen rewrites the user's file with one key changed: a file it
    cannot read (nested 100,000 deep, a number of 900,000 digits, an alias bomb) is
    reported and left as it was, never a crash."""
    path = user_settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for text, _why in SLOW_YAML.values():
        path.write_text(text, encoding="utf-8")
        said = str(save_user_settings({"volume": 40}))  # a message: its English
        assert said.startswith(f"Not saved: {path} cannot be read (")
        assert said.endswith("fix or delete it")
        assert path.read_text(encoding="utf-8") == text
    path.write_text("volume: 20\nfullscreen: true\n", encoding="utf-8")
    assert save_user_settings({"volume": 40}) == ""
    assert read_user_settings() == ({"volume": 40, "fullscreen": True}, "")


@pytest.mark.usefixtures("yaml_parser")
def test_a_settings_file_of_huge_values_leaves_the_defaults(tmp_path):
    path = user_settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("volume: 99999999999999999\nplugin_folder: " + "x" * 400_000 +
                    "\npalette: " + "y" * 400_000 + "\n", encoding="utf-8")
    settings, issues = load_settings()
    assert (settings["volume"], settings["plugin_folder"], settings["palette"]) == (
        70, None, "okabe-ito")
    assert {i.path for i in issues} == {"volume", "plugin_folder", "palette"}
    assert all(len(str(i)) < 500 for i in issues)  # quoted, not echoed


# ---------------------------------------------------------------------------------------
# saves: one replay of the log at most, and no log longer than a game can be
# ---------------------------------------------------------------------------------------
@pytest.fixture
def applied(monkeypatch) -> Iterator[list[str]]:
    played: list[str] = []
    real = Game.apply

    def apply(self: Game, action: str) -> Any:
        played.append(action)
        return real(self, action)

    monkeypatch.setattr(Game, "apply", apply)
    yield played


def _half_game() -> Game:
    game = new_game("mexica", 3, seed=5)
    rng = Rng(5)
    for _ in range(60):
        game.apply(game.playout_action(rng))
    return game


def test_a_save_whose_log_is_longer_than_any_game_is_refused_unplayed(tmp_path, applied):
    data = json.loads(_half_game().to_json())
    data["log"] = data["log"] * (MAX_LOG_ACTIONS // len(data["log"]) + 1)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    applied.clear()
    with pytest.raises(SaveError) as err:
        read_game(path)
    assert f"its log holds {len(data['log']):,} actions, more than any game of these " \
           f"rules needs (at most {MAX_LOG_ACTIONS:,})" in str(err.value)
    assert str(err.value).startswith(f"{path}: ")
    assert applied == []  # not one action replayed


def test_a_save_whose_log_repeats_is_replayed_once_up_to_where_it_breaks(tmp_path,
                                                                         applied):
    game = _half_game()
    honest = tmp_path / "honest.json"
    save_game(game, honest)
    applied.clear()
    assert read_game(honest).log == game.log
    assert len(applied) == len(game.log)  # one replay, not two
    data = json.loads(game.to_json())
    data["log"] = data["log"] * 1_000  # 60,000 actions: under the cap, never a game
    slow = tmp_path / "repeats.json"
    slow.write_text(json.dumps(data), encoding="utf-8")
    applied.clear()
    with pytest.raises(SaveError) as err:
        read_game(slow)
    assert f"action {len(game.log) + 1} of 60000 " in str(err.value)
    assert len(applied) == len(game.log) + 1  # it stops at the first that does not fit


@pytest.mark.parametrize("damage", ["deep", "huge number", "repeated keys"])
def test_a_save_built_to_be_slow_is_refused(tmp_path, applied, damage):
    data = json.loads(_half_game().to_json())
    text = json.dumps(data)
    if damage == "deep":
        text = text[:-1] + ', "extra": ' + "[" * 200_000 + "]" * 200_000 + "}"
    elif damage == "huge number":
        text = text.replace('"seed": 5', '"seed": ' + "7" * 100_000)
    else:
        text = text[:-1] + ", " + ", ".join(['"players": 3'] * 200_000) + ', "seed": -1}'
    path = tmp_path / "slow.json"
    path.write_text(text, encoding="utf-8")
    applied.clear()
    with pytest.raises(SaveError) as err:
        read_game(path)
    assert str(err.value).startswith(f"{path}: this ")
    assert applied == []


def test_the_lessons_progress_file_built_to_be_slow_is_no_progress(tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    store = LessonStore(folder)
    for text in ("[" * 200_000 + "]" * 200_000, '{"done": [' + "1" * 5_000 + "]}",
                 '{"done": ["a"], "x": "' + "y" * 2_000_000 + '"}'):
        (folder / PROGRESS).write_text(text, encoding="utf-8")
        assert store.done() == set()
    (folder / PROGRESS).write_text('{"done": ["mexica"]}', encoding="utf-8")
    assert store.done() == {"mexica"}



@pytest.mark.usefixtures("yaml_parser")
def test_reading_a_small_file_costs_memory_for_its_size_not_for_the_largest_allowed(
        tmp_path):
    """A save may be 16 MB and a YAML file 1 MB, but reading one of a few kilobytes
    allocated that much every time (the read's buffer), for every save the Load screen
    lists. Measured by allocation, not by a clock."""
    save = tmp_path / "small.json"
    save_game(_half_game(), save)
    small_yaml = tmp_path / "small.yaml"
    small_yaml.write_text("volume: 40\n", encoding="utf-8")
    for read in (lambda: read_save_bytes(save), lambda: load_yaml_file(small_yaml)):
        tracemalloc.start()
        try:
            read()
            _current, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert peak < 200_000
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    with pytest.raises(SaveError, match="larger than any save"):
        read_save_bytes(big)
