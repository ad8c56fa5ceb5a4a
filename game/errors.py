"""Errors that reach a person as a sentence, never as a traceback.

Every error a player or modder can cause derives from :class:`AztecArcadeError`, so the
CLI and the client catch one base class and print its message.
"""

from __future__ import annotations

from dataclasses import dataclass


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
            message = message + "\n" + "\n".join(f"  {issue}" for issue in self.issues)
        super().__init__(message)


class SaveError(AztecArcadeError, ValueError):
    """A save or replay file cannot be read; the file itself is left untouched."""


class PluginError(AztecArcadeError):
    """A plugin could not be loaded or misbehaved; other plugins keep working."""
