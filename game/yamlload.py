"""Safe YAML loading that remembers where every key came from.

Error messages must name the file, the key path and the line, so instead of
``yaml.safe_load`` we compose the node tree with the safe loader and convert it ourselves,
noting each key's line. Nothing here can execute code: only the safe constructors run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.errors import ConfigError, ConfigIssue

Lines = dict[tuple[Any, ...], int]

#: Most keys and list items one file may expand to: aliases (``*name``) can repeat a
#: subtree exponentially ("billion laughs"); no real variant file comes near this.
MAX_ENTRIES = 100_000
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"


class _TooLarge(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


def load_yaml_text(text: str, filename: str | None = None) -> tuple[Any, Lines]:
    """Parse ``text``; return the data and a map from key path to 1-based line."""
    loader = yaml.SafeLoader(text)
    lines: Lines = {(): 1}
    issues: list[ConfigIssue] = []
    try:
        node = loader.get_single_node()
        if node is None:
            return None, lines
        data = _convert(loader, node, (), lines, issues, filename)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(
            f"{filename or 'YAML'} is not valid YAML",
            [ConfigIssue(filename, "", f"YAML syntax: {problem}", line)],
        ) from None
    except _TooLarge as exc:
        raise ConfigError(f"{filename or 'YAML'} is too large", [ConfigIssue(
            filename, "", f"expands to more than {MAX_ENTRIES} keys and list items "
            "(are aliases repeating each other?)", exc.line)]) from None
    except RecursionError:
        raise ConfigError(f"{filename or 'YAML'} is nested too deeply", [ConfigIssue(
            filename, "", "nested too deeply, or an alias refers to a mapping or list "
            "that contains it")]) from None
    finally:
        loader.dispose()
    if issues:
        raise ConfigError(f"{filename or 'YAML'} has problems", issues)
    return data, lines


def load_yaml_file(path: Path) -> tuple[Any, Lines]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(
            f"cannot read {path}", [ConfigIssue(str(path), "", f"cannot read file: {exc}")]
        ) from None
    return load_yaml_text(text, str(path))


def _convert(loader, node, path, lines, issues, filename):
    if len(lines) > MAX_ENTRIES:
        raise _TooLarge(node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.tag not in (
            _MAP_TAG, _SEQ_TAG):
        # The safe constructors would refuse most such tags, but this converter builds
        # mappings and lists itself, so it must refuse them here (e.g. !!python/object).
        issues.append(ConfigIssue(filename, _fmt(path), f"the YAML tag {node.tag!r} is not "
                                  "allowed; use plain mappings and lists",
                                  node.start_mark.line + 1))
        return None
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                issues.append(
                    ConfigIssue(filename, _fmt(path), "merge keys (<<) are not supported",
                                key_node.start_mark.line + 1)
                )
                continue
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str | int | bool | float) and key is not None:
                issues.append(ConfigIssue(filename, _fmt(path), "keys must be plain scalars",
                                          key_node.start_mark.line + 1))
                continue
            sub = path + (key,)
            line = key_node.start_mark.line + 1
            if key in out:
                issues.append(ConfigIssue(filename, _fmt(sub), "duplicate key", line))
            lines[sub] = line
            out[key] = _convert(loader, value_node, sub, lines, issues, filename)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = []
        for index, item in enumerate(node.value):
            sub = path + (index,)
            lines[sub] = item.start_mark.line + 1
            items.append(_convert(loader, item, sub, lines, issues, filename))
        return items
    return loader.construct_object(node, deep=True)


def _fmt(path: tuple[Any, ...]) -> str:
    from game.schema import format_path

    return format_path(path)
