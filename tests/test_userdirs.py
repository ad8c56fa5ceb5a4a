"""The player's folders: each desktop's own places (as platformdirs puts them), the
AZTEC_ARCADE_HOME override, and a folder of the old layout found with nothing lost."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.api import new_game
from game.core import userdirs
from game.core.settings import load_settings, user_settings_path
from game.core.userdirs import APP, move_old_layout, system_dirs, user_config_dir, user_data_dir
from game.ui import lastsetup
from game.ui.lessonstore import LessonStore
from game.ui.saves import SaveStore

platformdirs = pytest.importorskip("platformdirs")

XDG = ("XDG_CONFIG_HOME", "XDG_DATA_HOME")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A player's home folder with nothing in it, and no AZTEC_ARCADE_HOME."""
    folder = tmp_path / "player"
    folder.mkdir()
    monkeypatch.delenv(userdirs.HOME_ENV, raising=False)
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("USERPROFILE", str(folder))
    for name in XDG + ("APPDATA", "LOCALAPPDATA"):
        monkeypatch.delenv(name, raising=False)
    return folder


def platformdirs_for(system: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(config, data) as platformdirs' class for ``system`` puts them; Windows' folders
    come from its environment variables (there is no shell API to ask here)."""
    if system == "win32":
        from platformdirs import windows

        monkeypatch.setattr(windows, "_RESOLVE_WIN_FOLDER", windows.get_win_folder_from_env_vars)
        return (Path(windows.Windows(APP, appauthor=False, roaming=True).user_config_dir),
                Path(windows.Windows(APP, appauthor=False).user_data_dir))
    if system == "darwin":
        from platformdirs.macos import MacOS as Dirs
    else:
        from platformdirs.unix import Unix as Dirs
    return Path(Dirs(APP).user_config_dir), Path(Dirs(APP).user_data_dir)


def test_the_folders_are_platformdirs_folders_on_this_machine(home, monkeypatch):
    assert user_config_dir() == Path(platformdirs.user_config_dir(APP, appauthor=False,
                                                                  roaming=True))
    assert user_data_dir() == Path(platformdirs.user_data_dir(APP, appauthor=False))
    if sys.platform.startswith("linux"):
        assert user_config_dir() == home / ".config" / APP
        assert user_data_dir() == home / ".local" / "share" / APP


@pytest.mark.parametrize("system", ["linux", "darwin", "win32"])
@pytest.mark.parametrize("xdg", ["unset", "absolute", "relative"])
def test_each_system_follows_platformdirs_rules(home, monkeypatch, system, xdg):
    monkeypatch.setenv("APPDATA", str(home / "AppData" / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(home / "AppData" / "Local"))
    if xdg == "absolute":
        monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "cfg"))
        monkeypatch.setenv("XDG_DATA_HOME", str(home / "dat"))
    elif xdg == "relative":  # not a folder XDG allows: ignored
        monkeypatch.setenv("XDG_CONFIG_HOME", "cfg")
        monkeypatch.setenv("XDG_DATA_HOME", "dat")
    assert system_dirs(system) == platformdirs_for(system, monkeypatch)


def test_each_system_has_its_own_places(home, monkeypatch):
    """The places a player of each system looks in (the module's table)."""
    assert system_dirs("linux") == (home / ".config" / APP, home / ".local" / "share" / APP)
    support = home / "Library" / "Application Support" / APP
    assert system_dirs("darwin") == (support, support)
    monkeypatch.setenv("APPDATA", "/users/ana/AppData/Roaming")
    monkeypatch.setenv("LOCALAPPDATA", "/users/ana/AppData/Local")
    assert system_dirs("win32") == (Path("/users/ana/AppData/Roaming", APP),
                                    Path("/users/ana/AppData/Local", APP))


def test_aztec_arcade_home_holds_settings_and_data(home, monkeypatch, tmp_path):
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "elsewhere"))
    assert user_config_dir() == user_data_dir() == tmp_path / "elsewhere"
    assert user_settings_path() == tmp_path / "elsewhere" / "settings.yaml"
    assert SaveStore().folder == tmp_path / "elsewhere" / "saves"


# -- the old layout -------------------------------------------------------------------
def old_layout(old: Path, settings: str = "volume: 33\nmusic_volume: 12\n") -> dict[str, bytes]:
    """A folder of the old layout with a save, the autosave, lesson progress, the last
    setup and settings, all real; returns each file's bytes by its path inside ``old``."""
    game = new_game("mexica", players=2, seed=7)
    game.apply(game.legal_actions()[0])
    store = SaveStore(old / "saves", background=False)
    store.write("before-the-update", game, ["Xochiquetzal", "Cuauhtemoc"])
    store.autosave(game, ["Xochiquetzal", "Cuauhtemoc"])
    LessonStore(old / "lessons").mark_done("mexica-1-canals")
    (old / "last-setup.json").write_text('{"variant": "mexica", "players": 2}')
    (old / "settings.yaml").write_text(settings)
    return {str(p.relative_to(old)): p.read_bytes() for p in old.rglob("*") if p.is_file()}


def test_linux_the_old_folder_is_the_data_folder_and_settings_move(home):
    old = home / ".local" / "share" / APP
    files = old_layout(old)
    settings, issues = load_settings()
    assert issues == [] and settings["volume"] == 33 and settings["music_volume"] == 12
    if not sys.platform.startswith("linux"):
        pytest.skip("the rest is Linux's layout")
    assert user_settings_path() == home / ".config" / APP / "settings.yaml"
    assert not (old / "settings.yaml").exists()
    assert user_settings_path().read_bytes() == files.pop("settings.yaml")
    for name, data in files.items():  # everything else stays where it was
        assert (old / name).read_bytes() == data
    saves = SaveStore(background=False).list()
    assert [(s.name, s.names, s.error) for s in saves] == [
        ("autosave", ("Xochiquetzal", "Cuauhtemoc"), ""),
        ("before-the-update", ("Xochiquetzal", "Cuauhtemoc"), "")]
    assert LessonStore(user_data_dir() / "lessons").done() == {"mexica-1-canals"}
    assert lastsetup.path().read_bytes() == files["last-setup.json"]


def test_mac_the_old_folder_moves_to_application_support(home, monkeypatch):
    old = home / ".local" / "share" / APP
    files = old_layout(old)
    monkeypatch.setattr(sys, "platform", "darwin")
    new = home / "Library" / "Application Support" / APP
    assert user_data_dir() == new
    assert not old.exists()  # emptied, then removed
    for name, data in files.items():
        assert (new / name).read_bytes() == data
    assert load_settings()[0]["volume"] == 33
    assert [s.name for s in SaveStore(background=False).list()] == [
        "autosave", "before-the-update"]
    assert LessonStore(new / "lessons").done() == {"mexica-1-canals"}


def test_windows_settings_roam_and_saves_stay_local(home, monkeypatch):
    old = home / ".local" / "share" / APP
    files = old_layout(old)
    roaming, local = home / "AppData" / "Roaming", home / "AppData" / "Local"
    monkeypatch.setenv("APPDATA", str(roaming))
    monkeypatch.setenv("LOCALAPPDATA", str(local))
    monkeypatch.setattr(sys, "platform", "win32")
    assert user_settings_path() == roaming / APP / "settings.yaml"
    assert user_settings_path().read_bytes() == files.pop("settings.yaml")
    for name, data in files.items():
        assert (local / APP / name).read_bytes() == data
    assert not old.exists()


def test_nothing_is_overwritten_when_both_layouts_have_a_file(home, tmp_path):
    """A save of the same name in both places: the new one stays, the old one is kept
    in the old folder; the others move."""
    old, config, data = tmp_path / "old", tmp_path / "config", tmp_path / "data"
    files = old_layout(old)
    (data / "saves").mkdir(parents=True)
    (data / "saves" / "before-the-update.json").write_text("the newer game")
    left = move_old_layout(old, config, data)
    assert left == [old / "saves" / "before-the-update.json"]
    assert (old / "saves" / "before-the-update.json").read_bytes() == \
        files.pop("saves/before-the-update.json")
    assert (data / "saves" / "before-the-update.json").read_text() == "the newer game"
    assert (config / "settings.yaml").read_bytes() == files.pop("settings.yaml")
    for name, data_bytes in files.items():
        assert (data / name).read_bytes() == data_bytes
    assert move_old_layout(old, config, data) == left  # and again: nothing changes


@pytest.mark.parametrize("system", ["linux", "darwin"])
def test_settings_with_a_relative_plugin_folder_stay_and_are_used(home, monkeypatch, system):
    """``plugin_folder: mods`` means the folder beside the settings file: moving the file
    would lose the mods, so it stays in the old folder with them and is read there."""
    monkeypatch.setattr(sys, "platform", system)
    old = home / ".local" / "share" / APP
    old_layout(old, settings="plugin_folder: mods\nvolume: 44\n")
    (old / "mods").mkdir()
    (old / "mods" / "house-rules.yaml").write_text("id: house\n")
    settings, issues = load_settings()
    assert issues == []
    assert settings["volume"] == 44
    assert Path(settings["plugin_folder"]) == (old / "mods").resolve()
    assert user_settings_path() == old / "settings.yaml"
    assert (old / "mods" / "house-rules.yaml").is_file()
    assert [s.name for s in SaveStore(background=False).list()] == [
        "autosave", "before-the-update"]
