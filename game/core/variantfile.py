"""The variant file's format: its top-level schema, how a variant inherits from the one it
``extends``, and the records the registry keeps about variants and failures.

Kept apart from :mod:`game.core.registry`, which finds and loads plugins and files: this module
says what a variant file means and holds no loading machinery, so tools (the generated
schema reference, ``validate``) and the registry read the same definitions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import ConfigIssue
from game.core.schema import (
    Context,
    Field,
    Int,
    List,
    Map,
    Obj,
    SoundRef,
    Str,
    deep_merge,
    format_path,
)
from game.core.yamlload import Lines

#: Longest ``extends`` chain: a variant may start from one that starts from another...
#: this many times. Real variants use one or two links.
MAX_EXTENDS = 16

_ID = Str(pattern=r"[a-z0-9][a-z0-9-]*", hint="lower-case letters, digits, -", max_len=64)

VARIANT_FILE = Obj(
    {
        "id": Field(_ID, "Unique variant id, used on the command line and in saves.",
                    required=True),
        "name": Field(Str(max_len=100), "Display name."),
        "description": Field(Str(max_len=2_000), "One or two sentences for the setup "
                             "screen."),
        "players": Field(Obj({"min": Field(Int(min=1, max=8), required=True),
                              "max": Field(Int(min=1, max=8), required=True)}),
                         "Allowed player counts."),
        "plugin": Field(Str(max_len=100), "The rules engine this variant runs on (its "
                        "engine_id)."),
        "extends": Field(Str(max_len=_ID.max_len), "Id of a variant to start from; keys here "
                         "override it."),
        "exposed": Field(List(Str(max_len=100), max_len=100), "Parameter names offered on the "
                         "setup screen."),
        "parameters": Field(Obj({}, doc="validated by the engine"),
                            "The engine's parameters: board, components, costs, scores."),
        "audio": Field(Obj({
            "music": Field(SoundRef("music loop"), "The loop played during the game: a "
                           "shipped loop (menu, mexica, market, aztlan) or a file that loops "
                           "seamlessly."),
            "sounds": Field(Map(Str(pattern=r"[A-Za-z0-9_-]+", hint="letters, digits, _, -",
                                    max_len=64), SoundRef(), max_len=200),
                            "Action verb or event kind -> the sound it makes, over the "
                            "client's table (game/ui/cues.py)."),
        }), "The client's music and sounds for this variant (optional; a variant that "
            "extends another inherits its audio unless it writes its own)."),
        "colours": Field(Map(Str(max_len=64), Str(pattern=r"#[0-9A-Fa-f]{6}",
                                                  hint="#RRGGBB", max_len=7), max_len=200),
                         "Name -> colour (#RRGGBB) for the charts of 'aztec-arcade balance': "
                         "a score reason drawn in the game's own colour (a commodity in the "
                         "colour of its tokens). Reasons not named get a colour of their "
                         "own, the same in every report."),
    }
)


@dataclass
class Broken:
    """Something that could not be loaded, with the reason to show the user."""

    kind: str  # "plugin", "variant", "lesson" or "settings"
    name: str
    source: str
    message: str
    issues: list[ConfigIssue] = field(default_factory=list, repr=False)

    def __str__(self) -> str:
        return f"{self.kind} {self.name} ({self.source}): {self.message}"


@dataclass(frozen=True)
class VariantSpec:
    """A validated, playable variant."""

    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    engine_id: str
    params: dict[str, Any]
    source: str
    provider: str
    exposed: tuple[str, ...] = ()
    #: Files the variant names (``AssetPath`` parameters): key path -> (folder, relative).
    #: Use :func:`game.core.paths.asset_file` to get one.
    assets: dict[str, tuple[str, str]] = field(default_factory=dict, compare=False)
    #: Where the variant came from, for people: the package (name and version), the
    #: drop-in folder or file, or the built-ins; always names ``provider``.
    origin: str = ""
    #: The YAML's ``audio`` block: "music" and "sounds" (verb or kind -> ref), each ref a
    #: shipped sound's name or a (folder, relative) file; read by game.ui.cues.
    audio: dict[str, Any] = field(default_factory=dict, compare=False)
    #: The YAML's ``colours`` block: name (a score reason) -> "#RRGGBB", for the lab's charts
    colours: dict[str, str] = field(default_factory=dict, compare=False)

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "description": self.description,
                "min_players": self.min_players, "max_players": self.max_players}


@dataclass
class Source:
    """One variant file as found: where, who provided it, its parsed keys and lines."""

    path: Path
    provider: str
    raw: dict[str, Any] | None = None
    lines: Lines = field(default_factory=dict)


def check_top(raw: Any, ctx: Context) -> dict[str, Any]:
    if not isinstance(raw, dict):
        ctx.error((), "a variant file must be a mapping of keys")
        return {}
    params = raw.get("parameters", {})
    top = {k: v for k, v in raw.items() if k != "parameters"}
    out: dict[str, Any] = VARIANT_FILE.check(top, (), ctx)
    if isinstance(out.get("audio"), dict):
        out["audio"] = _audio_files(out["audio"], ctx)
    if "parameters" in raw:
        if not isinstance(params, dict):
            ctx.error(("parameters",), "expected a mapping")
        out["parameters"] = params
    if "plugin" not in raw and "extends" not in raw and not ctx.issues:
        ctx.error(("plugin",), "is required (or name a variant to start from with extends)")
    return out


def _audio_files(audio: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The audio block with each file of the variant's own as (folder, relative path):
    the folder of the file that named it, so a variant extending this one from another
    folder still finds it. Shipped sounds stay names."""
    def where(path: tuple[Any, ...], value: Any) -> Any:
        return ctx.assets.get(format_path(path), value)

    out = dict(audio)
    if "music" in out:
        out["music"] = where(("audio", "music"), out["music"])
    if isinstance(out.get("sounds"), dict):
        out["sounds"] = {k: where(("audio", "sounds", k), v) for k, v in out["sounds"].items()}
    return out


def _overlay_origins(origins: dict[tuple[Any, ...], str], base: Any, override: Any,
                     prefix: tuple[Any, ...], file: str) -> None:
    """Record that ``file`` wrote what ``deep_merge(base, override)`` takes from it: each
    value it replaces whole (a *leaf* of the merge) is its, and nothing under it is
    another file's any more. One pass over ``origins`` for all the leaves, so a file of
    many keys costs in proportion to its size, not to its keys times the parent's."""
    leaves: list[tuple[Any, ...]] = []
    _merge_leaves(base, override, prefix, leaves)
    cut = set(leaves)
    start = len(prefix)
    for path in [p for p in origins if any(p[:n] in cut for n in range(start, len(p) + 1))]:
        del origins[path]
    origins.update((leaf, file) for leaf in leaves)


def _merge_leaves(base: Any, override: Any, prefix: tuple[Any, ...],
                  out: list[tuple[Any, ...]]) -> None:
    """The key paths where ``deep_merge(base, override)`` takes ``override``'s value whole."""
    if isinstance(base, dict) and isinstance(override, dict):
        for key, value in override.items():
            _merge_leaves(base.get(key), value, prefix + (key,), out)
        return
    out.append(prefix)


def raw_id(raw: Any, src: Source) -> str:
    ident = raw.get("id") if isinstance(raw, dict) else None
    return ident if isinstance(ident, str) else src.path.stem


def inherit(raw: dict[str, Any], parent: dict[str, Any],
            parent_origins: dict[tuple[Any, ...], str], origins: dict[tuple[Any, ...], str],
            file: str) -> dict[str, Any]:
    """``raw`` merged over its resolved ``parent``: mappings under ``parameters`` merge key
    by key, anything else replaces; ``id`` and ``extends`` are never inherited. Fills
    ``origins`` (key path -> the file that wrote it) so inherited asset paths stay
    relative to the parent's file."""
    merged = {k: v for k, v in parent.items() if k not in ("id", "exposed")}
    merged["exposed"] = parent.get("exposed", [])
    origins.update((k, v) for k, v in parent_origins.items() if k != ())
    origins.setdefault(("parameters",), parent_origins.get((), file))
    if isinstance(raw.get("parameters"), dict):
        _overlay_origins(origins, parent.get("parameters", {}), raw["parameters"],
                         ("parameters",), file)
    for key, value in raw.items():
        if key == "parameters":
            merged["parameters"] = deep_merge(parent.get("parameters", {}), value)
        elif key != "extends":
            merged[key] = value
    return merged


def required_issues(merged: dict[str, Any], src: Source,
                    engines: dict[str, Any]) -> list[ConfigIssue]:
    """What a merged variant lacks before its engine can check it: the required keys, a
    sane player range, an installed engine."""
    issues = [ConfigIssue(str(src.path), key, "is required (or inherit it with extends)", None)
              for key in ("name", "plugin", "players") if key not in merged]
    if not issues and merged["players"]["min"] > merged["players"]["max"]:
        issues.append(ConfigIssue(str(src.path), "players", "min is larger than max",
                                  src.lines.get(("players",))))
    if not issues and merged["plugin"] not in engines:
        issues.append(ConfigIssue(
            str(src.path), "plugin",
            f"no installed plugin provides rules engine '{merged['plugin']}'",
            src.lines.get(("plugin",)) or src.lines.get(("extends",))))
    return issues
