"""Errors that reach a person as a sentence, never as a traceback.

Every error a player or modder can cause derives from :class:`AztecArcadeError`, so the
CLI and the client catch one base class and print its message.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Characters of a person's (or a file's) text quoted in a message; the rest is counted.
QUOTE_LIMIT = 40
#: Problems listed in a ConfigError's message; every one stays in ``issues``.
MESSAGE_ISSUES = 20


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of what someone typed or a file held, cut to a short prefix.

    Messages echo input so that people see what was refused, but a megabyte of input must
    not become a megabyte of message: ``'xxxx…' (1,000,000 characters)``.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return number_text(text)
    if not isinstance(text, str):
        text = _short_repr(text, limit)
        return text if len(text) <= limit else text[:limit] + "…"
    if len(text) <= limit:
        return repr(text)
    head = repr(text[:limit])
    return f"{head[:-1]}…{head[-1]} ({len(text):,} characters)"


def number_text(value: int) -> str:
    """A whole number for a message: its digits, or how many digits it has.

    Python refuses to print integers of more than 4,300 digits (and printing long ones is
    slow), and nobody reads a 30-digit number anyway.
    """
    if abs(value) < 10**21:
        return str(value)
    sign = "-" if value < 0 else ""
    if value.bit_length() < 13_000:  # well inside what str() converts quickly
        return f"{sign}a number of {len(str(abs(value))):,} digits"
    digits = int(value.bit_length() * math.log10(2)) + 1
    return f"{sign}a number of about {digits:,} digits"


def _short_repr(value: object, limit: int, depth: int = 0) -> str:
    """repr() of a list or mapping that stops early instead of building a huge string."""
    if isinstance(value, list | tuple | dict) and depth > 4:
        return "[…]" if isinstance(value, list | tuple) else "{…}"
    if isinstance(value, list | tuple | dict):
        items = value.items() if isinstance(value, dict) else value
        parts: list[str] = []
        size = 0
        for item in items:
            if size > limit:
                parts.append("…")
                break
            part = (f"{_short_repr(item[0], limit, depth + 1)}: "
                    f"{_short_repr(item[1], limit, depth + 1)}"
                    if isinstance(value, dict) else _short_repr(item, limit, depth + 1))
            parts.append(part)
            size += len(part) + 2
        ends = "{}" if isinstance(value, dict) else "[]"
        return ends[0] + ", ".join(parts) + ends[1]
    if isinstance(value, int) and not isinstance(value, bool):
        return number_text(value)
    if isinstance(value, str):
        return quote(value, limit)
    return repr(value)[:limit * 2]


class AztecArcadeError(Exception):
    """Base class: the message is meant for a person."""


class IllegalAction(AztecArcadeError, ValueError):
    """An action the rules do not allow right now; the game state is unchanged."""


@dataclass(frozen=True)
class ConfigIssue:
    """One problem in a configuration: where it is and what is wrong."""

    file: str | None
    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = self.file or "<options>"
        if self.line is not None:
            where += f":{self.line}"
        key = self.path or "(top level)"
        return f"{where}: {key}: {self.message}"


class ConfigError(AztecArcadeError, ValueError):
    """A variant file, option set or setting is invalid. All problems are collected."""

    def __init__(self, message: str, issues: list[ConfigIssue] | None = None) -> None:
        self.issues = list(issues or [])
        if self.issues:
            shown = self.issues[:MESSAGE_ISSUES]
            message = message + "\n" + "\n".join(f"  {issue}" for issue in shown)
            if len(self.issues) > len(shown):
                message += f"\n  ... and {len(self.issues) - len(shown):,} more problems"
        super().__init__(message)


class SaveError(AztecArcadeError, ValueError):
    """A save or replay file cannot be read; the file itself is left untouched."""


class PluginError(AztecArcadeError):
    """A plugin could not be loaded or misbehaved; other plugins keep working."""


#: the attribute where :func:`note_origin` keeps where an exception came from (it travels
#: with the exception from a worker process, which pickles its attributes)
_ORIGIN = "aztec_arcade_origin"
#: module names of the built-in games and of drop-in plugins (installed packages' plugin
#: modules are read from the registry)
_PLUGIN_PREFIXES = ("variants.", "aztec_arcade_dropin_")


def note_origin(exc: BaseException, context: str = "") -> None:
    """Remember where ``exc`` came from, with ``context`` ("in game 3 of mexica"), before
    it leaves the process whose traceback shows it (a worker's exception reaches the
    parent with the parent's frames only)."""
    if not isinstance(getattr(exc, _ORIGIN, None), str):
        origin = failure_origin(exc)
        setattr(exc, _ORIGIN, f"{origin} {context}" if context else origin)


def failure_origin(exc: BaseException) -> str:
    """Who failed, for the crash message: the plugin whose module raised ``exc`` (itself
    or in a library it called), else the module of Aztec Arcade nearest the failure.

    A frame of the standard library or of another library (``concurrent.futures``,
    ``pluggy``) is never named a plugin: the innermost frame that is a plugin's or Aztec
    Arcade's is the one responsible."""
    noted = getattr(exc, _ORIGIN, None)
    if isinstance(noted, str):
        return noted
    modules: list[str] = []
    tb = exc.__traceback__
    while tb is not None:
        modules.append(str(tb.tb_frame.f_globals.get("__name__", "")))
        tb = tb.tb_next
    plugins = _plugin_packages()
    for module in reversed(modules):
        if module.startswith(_PLUGIN_PREFIXES) or any(
                module == p or module.startswith(p + ".") for p in plugins):
            return f"the plugin module '{module}'"
        if module == "game" or module.startswith("game."):
            return f"Aztec Arcade ({module})"
    return f"Aztec Arcade ({modules[-1]})" if modules else "Aztec Arcade"


def _plugin_packages() -> set[str]:
    """The packages of the plugins the loaded registry holds (none loaded: none); Aztec
    Arcade's own ``game`` package is not a plugin's package."""
    import sys

    plugins = getattr(sys.modules.get("game.core.registry"), "_REGISTRY", None)
    if plugins is None:
        return set()
    out = set()
    for module in plugins.pm.get_plugins():
        name = str(getattr(module, "__name__", ""))
        package = name.rpartition(".")[0] or name
        if package and package != "game" and not package.startswith("game."):
            out.add(package)
    return out
