"""Saving and reading games: atomic writes and clear, harmless read errors."""

from __future__ import annotations

import json
import os
import stat

import pytest

from game.api import new_game
from game.core import records
from game.core.errors import SaveError
from game.core.records import read_game, save_game, write_atomic
from game.core.rng import Rng


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


def test_a_file_larger_than_any_save_is_refused_without_reading_it_whole(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(records.MAX_SAVE_BYTES + 10)
    with pytest.raises(SaveError, match="huge.json: .*larger than any save"):
        read_game(path)


# ---------------------------------------------------------------------------------------
# temporary files left by writes that were killed (kill -9, a power cut)
# ---------------------------------------------------------------------------------------
def _aged(path, seconds: float):
    path.write_text("half a save", encoding="utf-8")
    then = path.stat().st_mtime - seconds
    os.utime(path, (then, then))
    return path


def test_stale_temporary_files_are_cleaned_up(tmp_path):
    save_game(_played(), tmp_path / "autosave.json")
    old = [_aged(tmp_path / ".autosave.json.k2j3h4_x.tmp", 120),
           _aged(tmp_path / ".My game.json.abcd1234.tmp", 3600),
           _aged(tmp_path / ".settings.yaml.zz99aa00.tmp", 61)]
    fresh = _aged(tmp_path / ".autosave.json.q1w2e3r4.tmp", 5)  # a write going on now
    others = [_aged(tmp_path / "notes.tmp", 3600), _aged(tmp_path / ".hidden.tmp", 3600),
              _aged(tmp_path / "autosave.json.old.tmp", 3600)]
    (tmp_path / ".dir.json.abcdefgh.tmp").mkdir()
    removed = records.clean_stale_temp(tmp_path)
    assert sorted(removed) == sorted(old)
    assert not any(p.exists() for p in old)
    assert fresh.exists() and all(p.exists() for p in others)
    assert (tmp_path / ".dir.json.abcdefgh.tmp").is_dir()
    assert read_game(tmp_path / "autosave.json").log == _played().log


def test_a_missing_folder_has_nothing_to_clean(tmp_path):
    assert records.clean_stale_temp(tmp_path / "nowhere") == []


def test_the_client_cleans_its_saves_folder_when_it_opens_it(tmp_path):
    from game.ui.saves import SaveStore

    folder = tmp_path / "saves"
    folder.mkdir()
    stale = _aged(folder / ".autosave.json.a1b2c3d4.tmp", 300)
    fresh = _aged(folder / ".autosave.json.e5f6g7h8.tmp", 1)
    SaveStore(folder)
    assert not stale.exists() and fresh.exists()


@pytest.mark.slow
def test_a_write_killed_half_way_leaves_a_file_that_the_next_start_removes(tmp_path):
    """A real kill -9 while the file is being written: the old save stays whole, the
    temporary file stays behind until it is stale, then it is cleaned up."""
    import subprocess
    import sys
    import textwrap

    target = tmp_path / "autosave.json"
    save_game(_played(10), target)
    before = target.read_bytes()
    code = textwrap.dedent(f"""
        import os, sys
        from game.core import records
        def stop(fd):  # killed after the text is written, before the rename
            sys.stdout.write("writing\\n"); sys.stdout.flush()
            os.kill(os.getpid(), 9)
        os.fsync = stop
        records.write_atomic({str(target)!r}, "x" * 100000)
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == -9 and "writing" in result.stdout
    assert target.read_bytes() == before
    (left,) = _leftovers(tmp_path)
    assert records.clean_stale_temp(tmp_path) == []  # too fresh: it might be a live write
    then = os.stat(tmp_path / left).st_mtime - 120
    os.utime(tmp_path / left, (then, then))
    assert records.clean_stale_temp(tmp_path) == [tmp_path / left]
    assert _leftovers(tmp_path) == []
