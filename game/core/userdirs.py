"""A player's own folders: settings in the config folder, saves and lessons in the data
folder, each desktop's own place, as ``platformdirs`` puts them.

==========  ==============================================  ===========================
system      config folder (``settings.yaml``)                data folder (``saves/``,
                                                             ``lessons/``,
                                                             ``last-setup.json``)
==========  ==============================================  ===========================
Linux, BSD  ``$XDG_CONFIG_HOME`` or ``~/.config``            ``$XDG_DATA_HOME`` or
                                                             ``~/.local/share``
macOS       ``~/Library/Application Support``                the same
Windows     ``%APPDATA%`` (roams with the user)              ``%LOCALAPPDATA%``
==========  ==============================================  ===========================

each with ``aztec-arcade`` inside. An ``XDG_*`` variable counts only when it holds an
absolute path, on macOS too (as recent platformdirs reads them there). ``AZTEC_ARCADE_HOME``
overrides both: settings and data in that one folder (the tests and benchmarks use it to
keep away from the player's files).

Why not platformdirs itself: the design card fixes the runtime packages to pygame-ce,
PyYAML and pluggy, so that a player's install stays small and every package is one the
project answers for. Two folders on three systems are the few rules below; platformdirs
is in the ``test`` extra, and ``tests/test_userdirs.py`` checks these folders against
platformdirs' own classes for every system, with the environment faked, and against
``platformdirs.user_*_dir`` on the machine the tests run on.

The layout before this one kept everything, settings included, in
``$XDG_DATA_HOME/aztec-arcade`` (or ``~/.local/share/aztec-arcade``) on every system.
:func:`move_old_layout` moves what it finds there to the new folders the first time they
are asked for, and never overwrites: a file that already exists in the new place stays
in the old folder, so nothing is lost. On Linux the data folder is the old folder, so
only the settings move.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

from game.core.errors import ConfigError
from game.core.yamlload import load_yaml_file

APP = "aztec-arcade"
#: one folder for settings and data alike, instead of the system's places
HOME_ENV = "AZTEC_ARCADE_HOME"
#: the settings file, in the config folder
SETTINGS_FILE = "settings.yaml"


def _home(environ: Mapping[str, str], system: str) -> str:
    """``~`` as platformdirs expands it: HOME on POSIX, the user's profile on Windows."""
    if system != "win32" and os.path.isabs(environ.get("HOME", "")):
        return environ["HOME"]
    if system == "win32" and environ.get("USERPROFILE"):
        return environ["USERPROFILE"]
    return str(Path.home())


def _xdg(environ: Mapping[str, str], name: str, default: str) -> str:
    value = environ.get(name, "")
    return value if value.startswith("/") else default


def system_dirs(system: str | None = None,
                environ: Mapping[str, str] | None = None) -> tuple[Path, Path]:
    """(config folder, data folder) by ``system``'s rules (``sys.platform``), ignoring
    ``AZTEC_ARCADE_HOME``."""
    system = sys.platform if system is None else system
    env = os.environ if environ is None else environ
    home = _home(env, system)
    if system == "win32":
        roaming = env.get("APPDATA") or os.path.join(home, "AppData", "Roaming")
        local = env.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
        return (Path(os.path.normpath(roaming), APP), Path(os.path.normpath(local), APP))
    if system == "darwin":
        support = os.path.join(home, "Library", "Application Support")
        return (Path(_xdg(env, "XDG_CONFIG_HOME", support), APP),
                Path(_xdg(env, "XDG_DATA_HOME", support), APP))
    return (Path(_xdg(env, "XDG_CONFIG_HOME", os.path.join(home, ".config")), APP),
            Path(_xdg(env, "XDG_DATA_HOME", os.path.join(home, ".local", "share")), APP))


def old_dir(system: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """Where the layout before this one kept everything, on every system."""
    system = sys.platform if system is None else system
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or os.path.join(_home(env, system), ".local", "share")
    return Path(base, APP)


def user_config_dir() -> Path:
    """The folder of ``settings.yaml``."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override)
    config, data = system_dirs()
    move_old_layout(old_dir(), config, data)
    return config


def user_data_dir() -> Path:
    """The folder of ``saves/``, ``lessons/`` and ``last-setup.json``."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override)
    config, data = system_dirs()
    move_old_layout(old_dir(), config, data)
    return data


def settings_path() -> Path:
    """The player's ``settings.yaml``: in the config folder, or still in the old folder
    if it stayed there (see :func:`move_old_layout`) and the config folder has none."""
    path = user_config_dir() / SETTINGS_FILE
    if os.environ.get(HOME_ENV) or path.exists():
        return path
    stayed = old_dir() / SETTINGS_FILE
    return stayed if stayed.is_file() else path


def move_old_layout(old: Path, config: Path, data: Path) -> list[Path]:
    """Move the old folder's files to the new folders; return those left in ``old``.

    ``settings.yaml`` goes to ``config`` unless it names its plugin folder by a path
    relative to itself (which would then point elsewhere): such a file stays, with the
    folder it names, and is used where it is (:func:`settings_path`). Everything else
    goes to ``data``, folder by folder; a file whose place in the new folders is taken
    stays where it is. Nothing is copied and then deleted unless the two folders are on
    different drives, where ``shutil.move`` does it. A move that fails (a read-only
    folder) leaves the file in the old folder, which is still read for the settings."""
    if not old.is_dir():
        return []
    left: list[Path] = []
    try:
        entries = sorted(old.iterdir())
    except OSError:
        return []
    mods = _relative_plugin_folder(old / SETTINGS_FILE)
    for entry in entries:
        if mods is not None and entry.name in (SETTINGS_FILE, mods):
            left.append(entry)  # the settings and the plugin folder they name stay together
            continue
        if entry.name == SETTINGS_FILE and config != old:
            left.extend(_move(entry, config / entry.name))
        elif entry.name != SETTINGS_FILE and data != old:
            left.extend(_move(entry, data / entry.name))
    _remove_if_empty(old)
    return left


def _move(source: Path, target: Path) -> list[Path]:
    """Move ``source`` to ``target`` without overwriting anything; what stayed behind."""
    if source.is_dir() and not source.is_symlink() and target.is_dir():
        left: list[Path] = []
        try:
            entries = sorted(source.iterdir())
        except OSError:
            return [source]
        for entry in entries:
            left.extend(_move(entry, target / entry.name))
        _remove_if_empty(source)
        return left
    if target.exists() or target.is_symlink():
        return [source]
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(source), str(target))
    except OSError:
        return [source]
    return []


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass  # not empty (something stayed behind), or not ours to remove


def _relative_plugin_folder(settings: Path) -> str | None:
    """The first folder of the plugin folder ``settings`` names relative to itself, or
    None (none named, an absolute one, or a file that cannot be read: moving such a file
    keeps it as it is)."""
    if not settings.is_file():
        return None
    try:
        data, _lines = load_yaml_file(settings)
    except (ConfigError, OSError):
        return None
    folder = data.get("plugin_folder") if isinstance(data, dict) else None
    if not isinstance(folder, str) or not folder or Path(folder).is_absolute():
        return None
    return Path(folder).parts[0] if Path(folder).parts else None
