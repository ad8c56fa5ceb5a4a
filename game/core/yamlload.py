"""Safe YAML loading that remembers where every key came from, within fixed limits.

Error messages must name the file, the key path and the line, so instead of
``yaml.safe_load`` we compose the node tree with the safe loader and convert it ourselves,
noting each key's line. Nothing here can execute code: only the safe constructors run.
libyaml (PyYAML's C parser) scans and parses where PyYAML has it, about five times
quicker than PyYAML's pure-Python parser, which remains the fallback; the data, the
lines and every refusal are the same with either (``tests/test_yamlparsers.py``).

A YAML file is input from anyone (a downloaded variant, a plugin folder, ``-o``), so
everything it can make the loader do is bounded before the work is done: the size of the
text, the number of nodes, the depth of nesting, the expansion of aliases and the length
of numbers. Each limit is far above what a real variant needs and far below what takes
noticeable time or memory; breaking one is a located ``ConfigError`` like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from game.core.errors import ConfigError, ConfigIssue
from game.core.memo import Memo, copy_data
from game.core.readlimit import read_at_most

Lines = dict[tuple[Any, ...], int]

#: Largest YAML text read, in bytes. The biggest shipped variant (Aztlán, with its whole
#: map) is about 11 kB; a map of a few hundred territories stays under 200 kB. PyYAML's
#: pure-Python parser (the fallback) takes about 2 s per MB of dense YAML, so 1 MB keeps
#: the worst file within a couple of seconds, and the node limit below keeps its memory
#: small.
MAX_BYTES = 1_000_000
#: Most keys and list items one file may expand to: aliases (``*name``) can repeat a
#: subtree exponentially ("billion laughs"); no real variant file comes near this.
MAX_ENTRIES = 50_000
#: And at most this many times the values the file writes (plus ``EXPANSION_BASE``):
#: an alias saves writing a list or mapping again, a few times over, while a bomb of a
#: few hundred bytes would otherwise cost the work of ``MAX_ENTRIES``. So what a file
#: costs stays in proportion to its size.
EXPANSION = 10
EXPANSION_BASE = 1_000
#: Most YAML nodes (scalars, lists, mappings) composed before conversion; each costs a few
#: hundred bytes in PyYAML, so this caps the parser's memory (about 30 MB) and time (about
#: a second). Aztlán's file has about 1,500; a map of 300 territories about 15,000.
MAX_NODES = 50_000
#: Deepest nesting of lists and mappings. Variant files need about 7 levels; the parser
#: and the checks recurse per level, so the limit also keeps them far from Python's stack.
MAX_DEPTH = 32
#: Numbers: at most this many characters as written, and less than 10**18 in size.
MAX_NUMBER_CHARS = 40
NUMBER_LIMIT = 10**18

_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


class _Limit(Exception):
    """A limit broken at a line (1-based), with the sentence that says which."""

    def __init__(self, line: int | None, message: str, title: str,
                 path: tuple[Any, ...] = ()) -> None:
        self.line, self.message, self.title, self.path = line, message, title, path


#: Whether to parse with libyaml, PyYAML's C parser (its events carry the same line
#: marks as the pure-Python parser's). PyPI's PyYAML wheels include it; a PyYAML
#: built without it falls back to the pure-Python parser. Tests set this to False to run
#: the same files through both.
LIBYAML: bool = yaml.__with_libyaml__


class _Bounded(Composer, SafeConstructor):
    """A composer counting nodes and nesting while it composes, over either parser.

    Why not ``yaml.compose(text, Loader=yaml.CSafeLoader)``: libyaml's own composer
    builds the whole node tree before anything can count it, and a 1 MB file of ``[a,a,
    a, ...`` is half a million nodes (150 MB and more than a second). So libyaml only
    scans and parses (the slow part in Python) and this composer, PyYAML's own, builds
    the nodes from its events, refusing at the first node over a limit, as before.
    """

    def __init__(self) -> None:
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        self._depth = 0
        self._nodes = 0
        #: keys and list items the conversion may make, once the nodes are composed
        self.entries = MAX_ENTRIES

    def composed(self) -> Any:
        """The document's node tree, and the expansion its size allows."""
        node = self.get_single_node()
        self.entries = min(MAX_ENTRIES, EXPANSION * self._nodes + EXPANSION_BASE)
        return node

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._nodes += 1
        if self._nodes > MAX_NODES or self._depth >= MAX_DEPTH:
            # PyYAML's stubs leave the parser's peek_event unannotated
            mark = self.peek_event().start_mark  # type: ignore[attr-defined]
            if self._nodes > MAX_NODES:
                raise _Limit(mark.line + 1, f"holds more than {MAX_NODES:,} values",
                             "is too large")
            raise _Limit(mark.line + 1, f"lists and mappings are nested more than "
                         f"{MAX_DEPTH} levels deep (at column {mark.column + 1})",
                         "is nested too deeply")
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def dispose(self) -> None:
        """Both parsers have one (the C parser frees libyaml's memory)."""
        super().dispose()  # type: ignore[misc]


class _PureLoader(_Bounded, yaml.SafeLoader):
    """PyYAML's pure-Python reader, scanner and parser."""

    def __init__(self, stream: str) -> None:
        yaml.SafeLoader.__init__(self, stream)
        _Bounded.__init__(self)


#: the bounded composer over libyaml's parser (None without libyaml)
_CLoader: Callable[[str], _Bounded] | None = None
if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class _CLoaderType(_Bounded, CParser, Resolver):
        """libyaml's reader, scanner and parser (its events carry the same marks)."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Resolver.__init__(self)
            _Bounded.__init__(self)

    _CLoader = _CLoaderType


def _parser() -> Callable[[str], _Bounded]:
    """The bounded composer over libyaml's parser, or over PyYAML's if it has none."""
    return _CLoader if LIBYAML and _CLoader is not None else _PureLoader


#: Texts longer than this are parsed every time (a real variant file is under 20 kB).
MEMO_MAX_CHARS = 64_000
#: Parsed texts (:mod:`game.core.memo`): parsing and converting take much of the time of
#: checking a variant file (most of it with the pure-Python parser), and a registry built
#: again (``play --dev``, every test) finds the same texts.
_PARSED: Memo[tuple[Any, Lines]] = Memo("yaml", size=256)


def _limits() -> tuple[int, ...]:
    """The limits and the parser as they are now: part of a parse's inputs (tests lower
    the limits, and choose the parser)."""
    return (MAX_BYTES, MAX_ENTRIES, MAX_NODES, MAX_DEPTH, MAX_NUMBER_CHARS, NUMBER_LIMIT,
            EXPANSION, EXPANSION_BASE, LIBYAML)


def load_yaml_text(text: str, filename: str | None = None) -> tuple[Any, Lines]:
    """Parse ``text``; return the data and a map from key path to 1-based line.

    The result is the caller's own (a copy of what :data:`_PARSED` keeps); text that does
    not parse is parsed again each time, so its error is always reported the same way.
    """
    if len(text) > MEMO_MAX_CHARS:
        return _parse(text, filename)
    key = (text, filename, _limits())
    found = _PARSED.get(key)
    if found is None:
        found = _parse(text, filename)
        _PARSED.put(key, found)
    data, lines = found
    return copy_data(data), dict(lines)


def _parse(text: str, filename: str | None) -> tuple[Any, Lines]:
    name = filename or "YAML"
    if len(text) > MAX_BYTES:
        raise ConfigError(f"{name} is too large", [ConfigIssue(
            filename, "", f"is {len(text):,} characters long; at most {MAX_BYTES:,} are "
            "read", 1)])
    loader = _parser()
    try:
        try:
            return _load(loader(text), filename)
        except (yaml.YAMLError, UnicodeEncodeError):
            if loader is not _PureLoader:
                # libyaml words its errors its own way, and looks further ahead (a line
                # of 5,000 '[' is refused at the 1,000th, not at MAX_DEPTH), and a text
                # it cannot encode (an undecodable byte of a command line's -o comes as
                # a lone surrogate) is not even read: a text it refuses is parsed again
                # by PyYAML's parser, which says where and why in the same words with
                # either parser, at no more cost than before.
                return _load(_PureLoader(text), filename)
            raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(
            f"{name} is not valid YAML",
            [ConfigIssue(filename, "", f"YAML syntax: {problem}", line)],
        ) from None
    except _Limit as exc:
        raise ConfigError(f"{name} {exc.title}", [ConfigIssue(
            filename, _fmt(exc.path), exc.message, exc.line)]) from None
    except RecursionError:  # not expected within MAX_DEPTH; never a traceback
        raise ConfigError(f"{name} is nested too deeply", [ConfigIssue(
            filename, "", "nested too deeply")]) from None


def _load(loader: _Bounded, filename: str | None) -> tuple[Any, Lines]:
    """Compose and convert; the limits raise :class:`_Limit`, the parser YAMLError."""
    lines: Lines = {(): 1}
    issues: list[ConfigIssue] = []
    try:
        node = loader.composed()
        if node is None:
            return None, lines
        data = _convert(loader, node, (), lines, issues, filename, 0)
    finally:
        loader.dispose()
    if issues:
        raise ConfigError(f"{filename or 'YAML'} has problems", issues)
    return data, lines


def load_yaml_file(path: Path) -> tuple[Any, Lines]:
    """Read and parse a YAML file; one larger than ``MAX_BYTES`` is refused unread."""
    try:
        raw = read_at_most(path, MAX_BYTES)
        if raw is None:
            raise ConfigError(f"{path} is too large", [ConfigIssue(
                str(path), "", f"the file is larger than {MAX_BYTES:,} bytes, the most a "
                "YAML file may have", 1)])
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(
            f"cannot read {path}", [ConfigIssue(str(path), "", f"cannot read file: {exc}")]
        ) from None
    return load_yaml_text(text, str(path))


def _convert(loader: _Bounded, node: yaml.Node, path: tuple[Any, ...], lines: Lines,
             issues: list[ConfigIssue], filename: str | None, depth: int) -> Any:
    line = node.start_mark.line + 1
    if len(lines) > loader.entries:
        raise _Limit(line, f"expands to more than {loader.entries:,} keys and list items "
                     "(are aliases repeating each other?)", "is too large")
    if depth > MAX_DEPTH:
        raise _Limit(line, f"nested more than {MAX_DEPTH} levels deep (does an alias "
                     "refer to a list or mapping that contains it?)", "is nested too deeply",
                     path[:4])
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.tag not in (
            _MAP_TAG, _SEQ_TAG):
        # The safe constructors would refuse most such tags, but this converter builds
        # mappings and lists itself, so it must refuse them here (e.g. !!python/object).
        issues.append(ConfigIssue(filename, _fmt(path), f"the YAML tag {node.tag!r} is not "
                                  "allowed; use plain mappings and lists", line))
        return None
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1
            if key_node.tag == "tag:yaml.org,2002:merge":
                issues.append(ConfigIssue(filename, _fmt(path),
                                          "merge keys (<<) are not supported", key_line))
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                issues.append(ConfigIssue(filename, _fmt(path), "keys must be plain scalars",
                                          key_line))
                continue
            key = _scalar(loader, key_node, path, issues, filename)
            if not isinstance(key, str | int | bool | float) and key is not None:
                issues.append(ConfigIssue(filename, _fmt(path), "keys must be plain scalars",
                                          key_line))
                continue
            sub = path + (key,)
            if key in out:
                issues.append(ConfigIssue(filename, _fmt(sub), "duplicate key", key_line))
            lines[sub] = key_line
            out[key] = _convert(loader, value_node, sub, lines, issues, filename, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        items: list[Any] = []
        for index, item in enumerate(node.value):
            sub = path + (index,)
            lines[sub] = item.start_mark.line + 1
            items.append(_convert(loader, item, sub, lines, issues, filename, depth + 1))
        return items
    return _scalar(loader, node, path, issues, filename)


def _scalar(loader: _Bounded, node: yaml.Node, path: tuple[Any, ...],
            issues: list[ConfigIssue], filename: str | None) -> Any:
    """One scalar; numbers too long or too large to be meant are refused at their line.

    Python will not convert more than 4,300 digits (ValueError), and other notations
    (hexadecimal, ``1:2:3``) reach any size, slowly: the text is checked first.
    """
    line = node.start_mark.line + 1
    if node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_CHARS:
        issues.append(ConfigIssue(filename, _fmt(path), f"a number of {len(node.value):,} "
                                  f"characters is too long (at most {MAX_NUMBER_CHARS})", line))
        return None
    try:
        value = loader.construct_object(node, deep=True)
    except ValueError as exc:
        issues.append(ConfigIssue(filename, _fmt(path), f"cannot read this value ({exc})",
                                  line))
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= NUMBER_LIMIT:
        issues.append(ConfigIssue(filename, _fmt(path), "this number is too large (at most "
                                  "18 digits)", line))
        return None
    return value


def _fmt(path: tuple[Any, ...]) -> str:
    from game.core.schema import format_path

    return format_path(path)
