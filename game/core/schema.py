"""Typed configuration models with collected, located errors.

Each engine declares its parameters as a schema, so YAML files and ``options`` share one
validator: unknown keys are rejected, every problem is reported at once (file, key path,
line), and the schema doubles as the modders' reference (``describe``).

Every value is bounded: a number with no ``max`` of its own is still at most
``DEFAULT_INT_LIMIT`` in size, and text, lists and mappings without a ``max_len`` at most
``DEFAULT_MAX_LEN`` long. Parameters come from files, options and saves that anyone may
write, and an engine allocates by them; a count of 10**9 must be a schema error, not an
exhausted machine. Engines still set their own, tighter limits (what the game can use).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import ConfigIssue, number_text, quote
from game.core.memo import copy_data
from game.core.paths import asset_problem, confine

_MISSING = object()

#: Size limit of an ``Int`` without bounds of its own (either sign).
DEFAULT_INT_LIMIT = 1_000_000
#: Length limit of a ``Str``, ``List`` or ``Map`` without a ``max_len`` of its own.
DEFAULT_MAX_LEN = 1_000
#: Longest file path an ``AssetPath`` accepts (what file systems allow in one name).
MAX_PATH_CHARS = 255
#: Characters of a key shown in a key path; longer keys are cut (see ``quote``).
_KEY_CHARS = 40


def format_path(path: tuple[Any, ...]) -> str:
    out = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            out += f"[{number_text(part)}]"
        else:
            text = str(part)
            if len(text) > _KEY_CHARS:
                text = quote(text, _KEY_CHARS)
            out += ("." if out else "") + text
    return out


class Context:
    """Collects issues; knows the file and the line of each key path.

    ``source`` is the YAML file being checked, when there is one: :class:`AssetPath`
    values resolve relative to its folder. ``origins`` maps key paths (with ``base``) to
    the file that wrote them, for variants that inherit keys from another file through
    ``extends``; a key path without an entry of its own uses its longest listed prefix,
    then ``source``. Options and saves have no source: their file paths are only checked
    for form. Checked files are collected in ``assets``: key path -> (folder, relative).
    """

    def __init__(self, file: str | None = None, lines: dict[tuple[Any, ...], int] | None = None,
                 base: tuple[Any, ...] = (), source: str | Path | None = None,
                 origins: dict[tuple[Any, ...], str] | None = None) -> None:
        self.file = file
        self.lines = lines or {}
        self.base = base
        self.source = None if source is None else Path(source)
        self.origins = origins or {}
        self.issues: list[ConfigIssue] = []
        self.assets: dict[str, tuple[str, str]] = {}

    def folder(self, path: tuple[Any, ...]) -> Path | None:
        """The folder that a file path written at ``path`` is relative to (None: unknown)."""
        full = self.base + path
        for cut in range(len(full), -1, -1):
            origin = self.origins.get(full[:cut])
            if origin is not None:
                return Path(origin).parent
        return None if self.source is None else self.source.parent

    def error(self, path: tuple[Any, ...], message: str) -> None:
        full = self.base + path
        line = None
        for cut in range(len(full), -1, -1):
            if full[:cut] in self.lines:
                line = self.lines[full[:cut]]
                break
        self.issues.append(ConfigIssue(self.file, format_path(full), message, line))


class Schema:
    doc: str = ""

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        raise NotImplementedError

    def accepts_all(self, values: list[Any]) -> bool:
        """Whether ``check`` would take every one of ``values`` as it is, without a
        problem: a quick test that lets a list of plain values skip the check one by one
        (saves hold long lists of numbers). False only means "check them one by one"."""
        return False

    def describe(self) -> str:
        raise NotImplementedError


def _typename(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text",
            list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)


@dataclass
class Int(Schema):
    """A whole number; without ``min``/``max`` it still lies within
    +-``DEFAULT_INT_LIMIT``."""

    min: int | None = None
    max: int | None = None

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            ctx.error(path, f"expected a whole number, got {_typename(value)}")
            return _MISSING
        low = -DEFAULT_INT_LIMIT if self.min is None else self.min
        high = DEFAULT_INT_LIMIT if self.max is None else self.max
        if value < low:
            ctx.error(path, f"must be at least {low}, got {number_text(value)}")
            return _MISSING
        if value > high:
            ctx.error(path, f"must be at most {high}, got {number_text(value)}")
            return _MISSING
        return value

    def accepts_all(self, values: list[Any]) -> bool:
        low = -DEFAULT_INT_LIMIT if self.min is None else self.min
        high = DEFAULT_INT_LIMIT if self.max is None else self.max
        return all(type(v) is int and low <= v <= high for v in values)

    def describe(self) -> str:
        bounds = []
        if self.min is not None:
            bounds.append(f">= {self.min}")
        bounds.append(f"<= {DEFAULT_INT_LIMIT if self.max is None else self.max}")
        return f"integer ({', '.join(bounds)})"


def _shown(value: float) -> str:
    """A number for a message (a whole one may be too long to print as it is)."""
    return number_text(value) if isinstance(value, int) else f"{value:g}"


def _infinite_or_nan(value: Any) -> bool:
    """A float that is not finite, or a short text that Python reads as one (``nan``)."""
    if isinstance(value, str) and len(value) <= 12:
        try:
            value = float(value)
        except ValueError:
            return False
    return isinstance(value, float) and not math.isfinite(value)


@dataclass
class Number(Schema):
    """A number, whole or not, within ``min``..``max`` (weights and rates: the computer
    players' evaluation weights are the first fractional numbers a variant file holds)."""

    min: float
    max: float

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if _infinite_or_nan(value):
            # YAML's .nan and .inf (and nan or inf, which YAML reads as text): NaN compares
            # false with every bound and an infinity passes an open one; neither is a
            # weight or a rate anything can use
            ctx.error(path, f"must be a finite number, got {value}")
            return _MISSING
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            ctx.error(path, f"expected a number, got {_typename(value)}")
            return _MISSING
        if value < self.min:
            ctx.error(path, f"must be at least {self.min:g}, got {_shown(value)}")
            return _MISSING
        if value > self.max:
            ctx.error(path, f"must be at most {self.max:g}, got {_shown(value)}")
            return _MISSING
        return float(value)

    def describe(self) -> str:
        return f"number ({self.min:g} to {self.max:g})"


@dataclass
class Bool(Schema):
    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if not isinstance(value, bool):
            ctx.error(path, f"expected true or false, got {_typename(value)}")
            return _MISSING
        return value

    def accepts_all(self, values: list[Any]) -> bool:
        return all(type(v) is bool for v in values)

    def describe(self) -> str:
        return "true/false"


@dataclass
class Str(Schema):
    pattern: str | None = None
    choices: tuple[str, ...] | None = None
    hint: str = ""
    max_len: int | None = None

    def accepts_all(self, values: list[Any]) -> bool:
        if self.pattern is not None:
            return False
        longest = DEFAULT_MAX_LEN if self.max_len is None else self.max_len
        if self.choices is None:
            return all(type(v) is str and len(v) <= longest for v in values)
        return all(type(v) is str and v in self.choices and len(v) <= longest
                   for v in values)

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if not isinstance(value, str):
            ctx.error(path, f"expected text, got {_typename(value)}")
            return _MISSING
        longest = DEFAULT_MAX_LEN if self.max_len is None else self.max_len
        if len(value) > longest:
            ctx.error(path, f"is {len(value):,} characters long; at most {longest} are "
                            "allowed")
            return _MISSING
        if self.choices is not None and value not in self.choices:
            ctx.error(path, f"must be one of {', '.join(self.choices)}; got {quote(value)}")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            ctx.error(path, f"{quote(value)} is not valid"
                            f"{': ' + self.hint if self.hint else ''}")
        return value

    def describe(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        longest = DEFAULT_MAX_LEN if self.max_len is None else self.max_len
        return f"text ({self.hint + ', ' if self.hint else ''}at most {longest} characters)"


def _entries(least: int, most: int) -> str:
    """How many entries a list or mapping holds, for the reference: "2", "1-8", "up to 50"."""
    if least == most:
        return f"{most} {'entry' if most == 1 else 'entries'}"
    return f"{least}-{most} entries" if least else f"up to {most} entries"


def _too_long(value: list[Any] | dict[Any, Any], max_len: int | None, path: tuple[Any, ...],
              ctx: Context) -> bool:
    """Report a list or mapping over its length limit; checking its entries would only
    repeat one problem thousands of times."""
    longest = DEFAULT_MAX_LEN if max_len is None else max_len
    if len(value) > longest:
        ctx.error(path, f"allows at most {longest} entries, got {len(value):,}")
        return True
    return False


@dataclass
class List(Schema):
    item: Schema
    min_len: int = 0
    max_len: int | None = None

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if not isinstance(value, list):
            ctx.error(path, f"expected a list, got {_typename(value)}")
            return _MISSING
        if len(value) < self.min_len:
            ctx.error(path, f"needs at least {self.min_len} entries, got {len(value)}")
        if _too_long(value, self.max_len, path, ctx):
            return _MISSING
        if self.item.accepts_all(value):
            return list(value)
        return [self.item.check(v, path + (i,), ctx) for i, v in enumerate(value)]

    def describe(self) -> str:
        longest = DEFAULT_MAX_LEN if self.max_len is None else self.max_len
        return f"list ({_entries(self.min_len, longest)}) of {self.item.describe()}"


@dataclass
class Map(Schema):
    key: Schema
    value: Schema
    max_len: int | None = None

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if not isinstance(value, dict):
            ctx.error(path, f"expected a mapping, got {_typename(value)}")
            return _MISSING
        if _too_long(value, self.max_len, path, ctx):
            return _MISSING
        out = {}
        for k, v in value.items():
            k2 = self.key.check(k, path + (k,), ctx)
            out[k2 if k2 is not _MISSING else k] = self.value.check(v, path + (k,), ctx)
        return out

    def describe(self) -> str:
        longest = DEFAULT_MAX_LEN if self.max_len is None else self.max_len
        return (f"mapping ({_entries(0, longest)}) of {self.key.describe()} to "
                f"{self.value.describe()}")


@dataclass
class Nullable(Schema):
    inner: Schema

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        return None if value is None else self.inner.check(value, path, ctx)

    def accepts_all(self, values: list[Any]) -> bool:
        return self.inner.accepts_all([v for v in values if v is not None])

    def describe(self) -> str:
        return f"{self.inner.describe()} or null"


@dataclass
class AnyValue(Schema):
    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        return value

    def describe(self) -> str:
        return "anything"


@dataclass
class AssetPath(Schema):
    """A file shipped with the variant (an image, a sound), named relative to the folder
    of the YAML file that names it.

    Absolute paths, ``~``, drive letters, backslashes and ``..`` are refused, and so is a
    path that leaves the folder through a symbolic link. The checked value stays the
    relative text as written (saves stay portable); ``game.core.paths.asset_file(game,
    "board_image")`` gives the file itself, checked again when asked.
    """

    suffixes: tuple[str, ...] = ()
    must_exist: bool = True

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if not isinstance(value, str):
            ctx.error(path, f"expected a file path (text), got {_typename(value)}")
            return _MISSING
        if len(value) > MAX_PATH_CHARS:
            ctx.error(path, f"a file path of {len(value):,} characters is too long (at most "
                            f"{MAX_PATH_CHARS})")
            return _MISSING
        problem = asset_problem(value)
        if problem:
            ctx.error(path, problem)
            return _MISSING
        if self.suffixes and not value.lower().endswith(tuple(s.lower() for s in
                                                              self.suffixes)):
            ctx.error(path, f"{quote(value)} must end in {' or '.join(self.suffixes)}")
            return _MISSING
        relative = normalise_asset(value)
        folder = ctx.folder(path)
        if folder is not None:
            try:
                confine(folder, relative, must_exist=self.must_exist)
            except ValueError as exc:
                ctx.error(path, str(exc))
                return _MISSING
            ctx.assets[format_path(path)] = (str(folder), relative)
        return relative

    def describe(self) -> str:
        kinds = f" ({', '.join(self.suffixes)})" if self.suffixes else ""
        return f"file path{kinds} relative to the YAML file's folder, never outside it"


_SOUND_NAME = re.compile(r"[a-z0-9_]{1,64}")


@dataclass
class SoundRef(Schema):
    """A sound the client plays for a variant: a shipped one by name (``boat``, listed in
    assets/README.md) or a file of the variant's own (a path with a suffix, checked and
    confined exactly like :class:`AssetPath`). Whether a name ships is the client's to
    say (the rules core never reads the assets): an unknown one falls back to the usual
    sound with a notice."""

    #: what a name names, for messages and the reference: "sound", "music loop"
    what: str = "sound"
    suffixes: tuple[str, ...] = (".wav", ".ogg")

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if isinstance(value, str) and "." not in value and "/" not in value:
            if not _SOUND_NAME.fullmatch(value):
                ctx.error(path, f"{quote(value)} is neither a shipped {self.what}'s name "
                                "(lower-case letters, digits, _) nor a file "
                                f"({' or '.join(self.suffixes)})")
                return _MISSING
            return value
        return AssetPath(self.suffixes).check(value, path, ctx)

    def describe(self) -> str:
        return (f"a shipped {self.what}'s name, or a file path ({', '.join(self.suffixes)}) "
                "relative to the YAML file's folder, never outside it")


def normalise_asset(text: str) -> str:
    """``./a//b.png`` -> ``a/b.png``: the canonical form of a checked asset path."""
    return "/".join(part for part in text.split("/") if part not in ("", "."))


@dataclass
class Field:
    schema: Schema
    doc: str = ""
    default: Any = _MISSING
    required: bool = False


@dataclass
class Obj(Schema):
    fields: dict[str, Field]
    checks: list[Callable[[dict[str, Any], tuple[Any, ...], Context], None]] = field(
        default_factory=list)
    doc: str = ""

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if not isinstance(value, dict):
            ctx.error(path, f"expected a mapping, got {_typename(value)}")
            return _MISSING
        out: dict[str, Any] = {}
        for key in value:
            if key not in self.fields:
                known = ", ".join(sorted(self.fields))
                ctx.error(path + (key,), f"unknown key (known keys: {known})")
        for name, f in self.fields.items():
            if name in value:
                out[name] = f.schema.check(value[name], path + (name,), ctx)
            elif f.required:
                ctx.error(path + (name,), "is required")
            elif f.default is not _MISSING:
                out[name] = _copy(f.default)
        if not ctx.issues and self.checks:
            for fn in self.checks:
                fn(out, path, ctx)
        return out

    def describe(self) -> str:
        return "mapping"

    def reference(self, indent: str = "") -> list[str]:
        """Markdown lines documenting every key, for MODDING.md.

        Mappings nested in a key (directly, in a list, a mapping's values or a nullable)
        are documented below it, indented.
        """
        rows = []
        for name, f in self.fields.items():
            default = "" if f.default is _MISSING else f" (default: `{_yaml_text(f.default)}`)"
            req = " **required**" if f.required else ""
            doc = f" {f.doc}" if f.doc else ""
            rows.append(f"{indent}- `{name}`: {f.schema.describe()}{req}{default}.{doc}"
                        .rstrip())
            inner = _nested_obj(f.schema)
            if inner is not None:
                rows.extend(inner.reference(indent + "  "))
        return rows


def level_weights_field(weights: Obj, doc: str) -> Field:
    """A variant's ``bot_weights`` parameter: one set of ``weights`` (an :class:`Obj` of
    numbers with defaults) per computer level that evaluates positions, Normal (and the
    hints) and Hard, so that Hard is tuned in the variant file without changing Normal
    (``Rules.evaluation_weights`` reads it)."""
    defaults = {name: f.default for name, f in weights.fields.items()}
    return Field(Obj({
        "normal": Field(weights, "Normal, and the hints.", default=dict(defaults)),
        "hard": Field(weights, "Hard.", default=dict(defaults)),
    }), doc, default={"normal": dict(defaults), "hard": dict(defaults)})


#: the playout policies of Hard's rollouts (``bot_search``'s ``rollout_policy``)
ROLLOUT_POLICIES = ("random", "greedy")
#: how Hard's search credits the rivals' nodes (``bot_search``'s ``backup``)
BACKUPS = ("maxn", "paranoid")
#: what a seat's reward in Hard's search measures (``bot_search``'s ``reward``)
REWARDS = ("lead", "pairwise")


def search_settings_field(doc: str) -> Field:
    """A variant's ``bot_search`` parameter: the Hard search settings
    (``game.ai.mcts.MCTSBot``) this variant plays with instead of the defaults; a setting
    left out keeps its default (``Rules.search_settings`` reads it)."""
    return Field(Obj({"hard": Field(search_settings(), "Hard.", default={})}), doc,
                 default={"hard": {}})


def search_settings() -> Obj:
    """Hard's search settings, each with its bounds: what a variant file's ``bot_search``
    may say, and what a Hard bot's own options (the lab's ``--bot-option``) are checked
    against."""
    return Obj({
        "exploration": Field(Number(min=0.0, max=10.0), "UCB1's exploration constant "
                             "(default 0.7): lower spends more of the search on the moves "
                             "that look best so far."),
        "rollout_turns": Field(Int(min=0, max=100), "Changes of the deciding seat a playout "
                               "runs before the evaluation; 0 evaluates where the tree ends "
                               "(default: the number of players; 0 with candidate plans)."),
        "widening": Field(Number(min=0.1, max=100.0), "Progressive widening: a node of "
                          "more than 12 moves tries about widening x sqrt(visits) of them "
                          "(default 2)."),
        "eval_order_depth": Field(Int(min=0, max=20), "Plies from the root whose moves are "
                                  "ordered best first by the evaluation (default 2)."),
        "prior_visits": Field(Number(min=0.0, max=1000.0), "Virtual visits at the "
                              "evaluation's value a new edge near the root starts with "
                              "(default 3)."),
        "rollout_policy": Field(Str(choices=ROLLOUT_POLICIES), "How the seats play in a "
                                "playout: random (the variant's playout policy, the "
                                "default) or greedy (its greedy_playout_action hook)."),
        "tree_rounds": Field(Int(min=0, max=20), "Rounds (a move of every seat, whole "
                             "plans where the variant offers them) below the root at which "
                             "every iteration is scored, after its rollout: the same "
                             "horizon for every leaf, with the deciding seat to move again "
                             "(default 0: no limit, each iteration scored at the move it "
                             "adds)."),
        "reward_scale": Field(Number(min=0.0, max=1000.0), "Points of advantage that "
                              "turn a position's evaluation into a clear win or loss in the "
                              "search's rewards (a logistic): smaller makes being ahead of "
                              "the best rival count more than the size of the lead "
                              "(default 0: the variant's evaluation_scale)."),
        "reward": Field(Str(choices=REWARDS), "What a seat's reward measures: lead (the "
                        "default: its evaluation, its lead over the best rival, through "
                        "the logistic; a finished game: a win) or pairwise (the share of "
                        "its rivals it is ahead of, each pair's difference of the "
                        "seat_values hook through the logistic; a finished game: the "
                        "share of rivals it finished ahead of, a tie counting a half). "
                        "With two seats they are the same; in a game played in teams a "
                        "partner would count as a rival."),
        "backup": Field(Str(choices=BACKUPS), "Whose reward a rival's node in the tree "
                        "is credited with: maxn (its own, the default) or paranoid (one "
                        "minus the deciding seat's: the rivals play against it)."),
    })


def _yaml_text(value: Any) -> str:
    """A default as it would be written in YAML (``true``, ``null``, ``[1, 2]``)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _nested_obj(schema: Schema) -> Obj | None:
    """The mapping schema inside ``schema`` (itself, a list's item, ...), if any."""
    for _ in range(8):
        if isinstance(schema, Obj):
            return schema if schema.fields else None
        if isinstance(schema, List | Nullable):
            schema = schema.item if isinstance(schema, List) else schema.inner
        elif isinstance(schema, Map):
            schema = schema.value
        else:
            return None
    return None


def _copy(value: Any) -> Any:
    """Defaults and merged variants are the caller's own (marshal copies them fast)."""
    return copy_data(value)


def deep_merge(base: Any, override: Any) -> Any:
    """Overlay ``override`` on ``base``: mappings merge key by key, anything else replaces."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = {k: _copy(v) for k, v in base.items()}
        for k, v in override.items():
            out[k] = deep_merge(out[k], v) if k in out else _copy(v)
        return out
    return _copy(override)


MISSING = _MISSING
