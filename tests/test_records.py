"""Saving and reading games: atomic writes and clear, harmless read errors."""

from __future__ import annotations

import json
import os
import stat

import pytest

from game import records
from game.api import new_game
from game.errors import SaveError
from game.records import read_game, save_game, write_atomic
from game.rng import Rng


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(tmp_path / "home"))


def _played(actions: int = 30):
    g = new_game("mexica", players=3, seed=11)
    rng = Rng(11)
    for _ in range(actions):
        g.apply(g.playout_action(rng))
    return g


def _leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_save_and_read_round_trip(tmp_path):
    g = _played()
    path = tmp_path / "game.json"
    save_game(g, path)
    back = read_game(path)
    assert back.log == g.log
    assert back.to_dict() == g.to_dict()
    assert _leftovers(tmp_path) == []


def test_write_atomic_replaces_content(tmp_path):
    path = tmp_path / "save.json"
    write_atomic(path, "first")
    write_atomic(path, "second ✓")
    assert path.read_text(encoding="utf-8") == "second ✓"
    assert _leftovers(tmp_path) == []


def test_failed_replace_keeps_old_content(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    path.write_text("old save", encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records.os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(path, "new save that never lands")
    assert path.read_text(encoding="utf-8") == "old save"
    assert _leftovers(tmp_path) == []


def test_failure_while_writing_keeps_old_content(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    path.write_text("old save", encoding="utf-8")

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(records.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomic(path, "x" * 100_000)
    assert path.read_text(encoding="utf-8") == "old save"
    assert _leftovers(tmp_path) == []


def test_write_atomic_keeps_file_mode(tmp_path):
    path = tmp_path / "save.json"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    write_atomic(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00garbage",
                                     b'{"format": "something-else"}', b""])
def test_corrupt_file_raises_save_error_and_is_untouched(tmp_path, content):
    path = tmp_path / "corrupt-save.json"
    path.write_bytes(content)
    os.utime(path, (1_000_000, 1_000_000))
    with pytest.raises(SaveError) as info:
        read_game(path)
    assert "corrupt-save.json" in str(info.value)
    assert path.read_bytes() == content
    assert path.stat().st_mtime == 1_000_000


def test_damaged_state_raises_save_error(tmp_path):
    g = _played()
    data = g.to_dict()
    data["state"] = {"phase": "nonsense"}
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="damaged.json"):
        read_game(path)


def test_missing_file_raises_save_error(tmp_path):
    with pytest.raises(SaveError, match="nothing-here.json"):
        read_game(tmp_path / "nothing-here.json")
