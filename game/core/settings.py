"""Program settings: shipped defaults in ``config/settings.yaml``, overridden per user.

A broken user settings file never stops the program: its problems are reported and the
defaults are used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import ConfigError, ConfigIssue
from game.core.resources import config_dir
from game.core.schema import Bool, Context, Field, Int, Nullable, Obj, Str, deep_merge
from game.core.userdirs import settings_path
from game.core.yamlload import load_yaml_file

SETTINGS = Obj(
    {
        "plugin_folder": Field(
            Nullable(Str(max_len=4_096)), "Folder of drop-in plugins (*.py) and variant files "
            "(*.yaml); relative paths are relative to the settings file.", default=None),
        "reduce_motion": Field(Bool(), "Fewer and shorter effects (sparks, rings, shaking).",
                               default=False),
        "ambient_motion": Field(
            Str(choices=("full", "calm", "still")), "The menus' moving scenery (water, stars, "
            "the game behind the title): \"full\"; \"calm\", a few frames a second once "
            "nobody touches anything; \"still\", at rest then (the machine sleeps).",
            default="full"),
        "fullscreen": Field(Bool(), "Start in fullscreen.", default=False),
        "volume": Field(Int(min=0, max=100), "Sound effects volume in percent.", default=70),
        "music_volume": Field(Int(min=0, max=100), "Music volume in percent.", default=50),
        "palette": Field(Str(choices=("okabe-ito", "high-contrast")), "Player colours.",
                         default="okabe-ito"),
        "remote_bind": Field(
            Nullable(Str(max_len=255)), "Address the server for phones listens on once "
            "\"Invite phones\" is chosen; null: this computer's address on the local "
            "network.", default=None),
        "language": Field(Str(max_len=35), "The language of the screens: \"system\" (the "
                          "system's), or a language code such as \"en\" or \"de\".",
                          default="system"),
        "remote_port": Field(Int(min=0, max=65_535), "TCP port for phones (0: any free "
                             "port).", default=8765),
    }
)


def user_settings_path() -> Path:
    """In the config folder (:mod:`game.core.userdirs`)."""
    return settings_path()


def read_user_settings(path: Path | None = None) -> tuple[dict[str, Any], str]:
    """The user's settings file as written (not checked against :data:`SETTINGS`), and
    '' or why it cannot be read: for changing some keys and keeping the others. Read by
    the same bounded loader as every YAML file (:mod:`game.core.yamlload`), so a file of
    deep nesting, aliases that repeat each other or numbers of a million digits is a
    problem to report, never a crash or a stall. No file: no settings, no problem."""
    path = user_settings_path() if path is None else path
    if not path.is_file():
        return {}, ""
    try:
        data, _lines = load_yaml_file(path)
    except ConfigError as exc:
        first = exc.issues[0].message if exc.issues else str(exc)
        return {}, f"{path} cannot be read ({first})"
    if data is None:
        return {}, ""
    if not isinstance(data, dict):
        return {}, f"{path} is not a mapping of settings"
    return data, ""


def load_settings() -> tuple[dict[str, Any], list[ConfigIssue]]:
    """Merged settings plus any problems found in the user's file."""
    issues: list[ConfigIssue] = []
    default_path = config_dir() / "settings.yaml"
    data, _ = load_yaml_file(default_path)
    merged = data or {}
    base_dir = default_path.parent
    user_path = user_settings_path()
    if user_path.is_file():
        try:
            user, lines = load_yaml_file(user_path)
            ctx = Context(str(user_path), lines)
            SETTINGS.check(user or {}, (), ctx)
            if ctx.issues:
                issues.extend(ctx.issues)
            else:
                merged = deep_merge(merged, user or {})
                if (user or {}).get("plugin_folder"):
                    base_dir = user_path.parent
        except ConfigError as exc:
            issues.extend(exc.issues)
    ctx = Context(str(default_path))
    out = SETTINGS.check(merged, (), ctx)
    issues.extend(ctx.issues)
    folder = out.get("plugin_folder")
    if folder:
        out["plugin_folder"] = str((base_dir / folder).resolve())
    return out, issues
