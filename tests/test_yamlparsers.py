"""libyaml's C parser reads YAML where PyYAML has it, PyYAML's pure-Python parser where
not: what a player or a modder sees (the data, each key's line, every refusal's words)
is the same with either, and the C parser's speed costs none of the limits."""

from __future__ import annotations

import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.core import yamlload
from game.core.errors import ConfigError
from game.core.resources import config_dir
from game.core.yamlload import MAX_BYTES, MAX_DEPTH, load_yaml_file, load_yaml_text
from tests.shipped import LESSON_FILES, VARIANT_FILES, variant_file

REPO = Path(__file__).resolve().parents[1]
#: every YAML file the project ships: variants, lessons, default settings, the example mod
SHIPPED = sorted({*config_dir().rglob("*.yaml"), *VARIANT_FILES, *LESSON_FILES,
                  *(REPO / "examples").rglob("*.yaml")})

needs_libyaml = pytest.mark.skipif(not yaml.__with_libyaml__,
                                   reason="this PyYAML was built without libyaml")


def _read(monkeypatch: pytest.MonkeyPatch, libyaml: bool, read: Any) -> Any:
    monkeypatch.setattr(yamlload, "LIBYAML", libyaml)
    try:
        return read()
    except ConfigError as exc:
        return str(exc), [str(i) for i in exc.issues]


@needs_libyaml
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_file_reads_the_same_with_either_parser(monkeypatch, path):
    fast = _read(monkeypatch, True, lambda: load_yaml_file(path))
    pure = _read(monkeypatch, False, lambda: load_yaml_file(path))
    assert fast == pure  # the data and the line of every key and list item
    data, lines = fast
    assert isinstance(data, dict) and len(lines) > 1


BROKEN = {
    "unclosed flow": "id: x\nplayers: {min: 2, max: 4\nplugin: mexica\n",
    "tab": "id: tabbed\nplayers:\n\tmin: 2\n",
    "bad indent": "a:\n  b: 1\n c: 2\n",
    "control character": "a: 1\nb: \x07\n",
    "undecodable byte": "a: \udcff\n",  # what -o gets from a command line's bad byte
    "unknown anchor": "a: *nowhere\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "flow 5000 deep on one line": "volume: " + "[" * 5000 + "]" * 5000 + "\n",
    "flow 40 deep over lines": "a:\n" + "[\n" * 40 + "]\n" * 40,
    "block 40 deep": "- " * 40 + "x\n",
    "python tag": "a: !!python/name:os.system\n",
    "huge number": "a: 1\nb: " + "9" * 5000 + "\n",
    "alias bomb": "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\n" + "".join(
        f"{n}: &{n} [" + ", ".join([f"*{p}"] * 9) + "]\n"
        for p, n in zip("abcdefgh", "bcdefghi", strict=True)),
    "recursive alias": "a: 1\nb: &x [*x]\n",
    "duplicate key": "name: One\nname: Two\n",
}


@needs_libyaml
@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_file_is_refused_in_the_same_words_with_either_parser(monkeypatch, kind):
    """libyaml words its errors its own way and refuses a line of 5,000 '[' at the
    1,000th; the player reads the same sentence, with the file and line, either way."""
    fast = _read(monkeypatch, True, lambda: load_yaml_text(BROKEN[kind], "mod.yaml"))
    pure = _read(monkeypatch, False, lambda: load_yaml_text(BROKEN[kind], "mod.yaml"))
    assert fast == pure
    _title, issues = fast
    assert issues and all(i.startswith("mod.yaml") for i in issues)


def test_one_line_nested_5000_deep_is_refused_at_the_limits_column(yaml_parser):
    """The mapping is the first level, so the 32nd '[' is one too many."""
    with pytest.raises(ConfigError) as caught:
        load_yaml_text("volume: " + "[" * 5000 + "]" * 5000 + "\n", "deep.yaml")
    assert str(caught.value.issues[0]) == (
        f"deep.yaml:1: (top level): lists and mappings are nested more than {MAX_DEPTH} "
        f"levels deep (at column {len('volume: ') + MAX_DEPTH})")


def test_a_dense_file_is_refused_having_built_no_more_nodes_than_the_limit(yaml_parser):
    """Half a million values in a megabyte: libyaml's own composer would build all of
    them (about 135 MB) before anything could count them; the bounded composer stops at
    the limit with either parser. Measured by allocation, not by a clock."""
    text = "a: [" + "1," * (MAX_BYTES // 2 - 10) + "1]\n"
    tracemalloc.start()
    try:
        with pytest.raises(ConfigError, match="holds more than 50,000 values"):
            load_yaml_text(text, "dense.yaml")
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 45 * 2**20


@needs_libyaml
def test_with_libyaml_the_pure_python_scanner_reads_nothing(monkeypatch):
    """The point of libyaml is speed: a variant file valid or not is scanned in C (the
    pure-Python scanner is only called again for a file libyaml refuses)."""
    scanned: list[int] = []
    real = yaml.scanner.Scanner.check_token

    def counted(self: Any, *choices: Any) -> bool:
        scanned.append(1)
        return real(self, *choices)

    monkeypatch.setattr(yaml.scanner.Scanner, "check_token", counted)
    monkeypatch.setattr(yamlload, "LIBYAML", True)
    text = variant_file("aztlan.yaml").read_text(encoding="utf-8")
    data, lines = load_yaml_text(text, "fast.yaml")
    assert data["id"] == "aztlan" and lines[("id",)] >= 1
    with pytest.raises(ConfigError, match="duplicate key"):
        load_yaml_text(text + "id: again\n", "dup.yaml")
    assert scanned == []
    monkeypatch.setattr(yamlload, "LIBYAML", False)
    load_yaml_text(text, "pure.yaml")
    assert len(scanned) > 1000


def test_an_undecodable_byte_in_an_option_is_a_clear_error(capsys, yaml_parser):
    """A command line's byte that is not UTF-8 reaches ``-o`` as a lone surrogate, which
    libyaml cannot even be given: a one-line refusal, never a traceback."""
    from game.cli import main

    code = main(["play", "--headless", "--seed", "1", "-o", "ap_per_turn=\udcff"])
    err = capsys.readouterr().err
    assert code == 2
    assert "-o ap_per_turn: (top level): YAML syntax: unacceptable character #xdcff" in err
    assert "Traceback" not in err
