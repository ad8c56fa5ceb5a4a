"""Lessons: a guided first game of a variant, written as data and checked on the engine.

A lesson is a YAML file (:data:`game.core.lessons.book.LESSON_FILE`): a real game from a
fixed seed, players, options and an optional *prelude* of actions played before the
first step, then a list of *steps*. Each step says what to do and why, names the action
the learner is expected to take (or a set of accepted ones) and the actions the computer
seats play in reply; a step without an action is read and continued with Enter. The
client plays a lesson on the real engine through the real board view
(``game.ui.scenes.lesson``).

This module is what a checked lesson is (:class:`Lesson`, :class:`Step`) and where a
game stands in its script (:func:`position`); reading and checking a file is
:mod:`game.core.lessons.book`, replaying its script :mod:`game.core.lessons.replay`.

Why a lesson keeps the catalog it was checked against: its script was replayed on those
variants, so its game starts there too (:meth:`Lesson.start`), never on whichever
registry the process holds at the time (a test's, a reloaded one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.engine import PLAN_SEP
from game.core.game import start_game
from game.core.words import Addressed

if TYPE_CHECKING:
    from game.core.catalog import Catalog
    from game.core.game import Game

#: the keys a step may name (the client shows each with its controller button)
KEY_NAMES = ("Enter", "E", "T", "Tab", "R", "U", "Y", "Esc", "H", "Arrows",
             "1", "2", "3", "4", "5", "6", "7", "8", "9")
#: a word of a step's text filled in where it is shown: ``{colour}`` is the colour the
#: learner's seat has on the screen, ``{colour:N}`` seat N's (0-based), as the palette and
#: the setup make it (never the colour of the pieces in the box)
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class Step:
    """One step of a lesson (1-based ``number``)."""

    number: int
    text: str
    title: str = ""
    #: the plans (one action, or several in a row) that complete the step, the first
    #: one shown; empty: read and continue
    accept: tuple[tuple[str, ...], ...] = ()
    #: what the board shows: an action or a plan (``PLAN_SEP``); None: nothing
    show: str | None = None
    keys: tuple[str, ...] = ("Enter",)
    other: str = ""
    replies: tuple[str, ...] = ()

    @property
    def expect(self) -> tuple[str, ...] | None:
        """The plan shown and replayed: the first accepted one."""
        return self.accept[0] if self.accept else None

    def shown_plan(self, done: tuple[str, ...]) -> tuple[str, ...] | None:
        """The plan Enter plays after ``done``: what the board shows, or else the
        accepted plan ``done`` has begun (None: ``done`` left every plan)."""
        shown = split_plan(self.show) if self.show else ()
        for plan in ((shown,) if shown in self.accept else ()) + self.accept:
            if plan and plan[:len(done)] == done and len(done) < len(plan):
                return plan
        return None

    def matches(self, done: tuple[str, ...], action: str) -> tuple[str, ...] | None:
        """The accepted plan that ``action`` continues after ``done`` (this step's
        actions so far), or None."""
        n = len(done)
        for plan in self.accept:
            if plan[:n] == done and n < len(plan) and plan[n] == action:
                return plan
        return None


@dataclass(frozen=True)
class Lesson:
    """A checked lesson, ready to play."""

    id: str
    name: str
    description: str
    minutes: int
    order: int
    variant: str
    players: int
    seed: int
    options: dict[str, Any]
    names: tuple[str, ...]
    learner: int
    prelude: tuple[str, ...]
    steps: tuple[Step, ...]
    source: str = ""
    provider: str = ""
    #: the variants the script was replayed on, where its game starts (None: a lesson
    #: built by hand, which must be given one)
    catalog: Catalog | None = field(default=None, compare=False, repr=False)

    def start(self, catalog: Catalog | None = None) -> Game:
        """The lesson's game at its first step (the prelude played), on ``catalog`` or
        else on the catalog the lesson was checked against."""
        catalog = catalog if catalog is not None else self.catalog
        if catalog is None:
            raise ValueError(f"lesson {self.id!r} was not checked against any variants: "
                             "start it on a catalog (a registry)")
        game = start_game(catalog, self.variant, self.players, self.seed,
                          self.options or None)
        for action in self.prelude:
            game.apply(action)
        return game

    def seat_names(self) -> list[str]:
        """The seats' names: the file's, "Computer N" where it names none, and the
        learner's seat spoken to whatever the file calls it (:class:`Addressed`: its card
        reads the table's word for "you", "You" or "Du")."""
        names = list(self.names[:self.players])
        for seat in range(len(names), self.players):
            names.append(f"Computer {seat + 1}")
        names[self.learner] = Addressed("You")
        return names


@dataclass(frozen=True)
class Position:
    """Where a game stands in a lesson's script: at ``step`` (0-based; ``len(steps)``:
    finished), the learner's actions of it so far (``done``), whether they complete it
    (``acted``), and how many of its replies have been played."""

    step: int
    done: tuple[str, ...] = ()
    acted: bool = False
    replies: int = 0


def position(lesson: Lesson, log: list[str]) -> Position | None:
    """Where ``log`` (a game's actions from its start) stands in ``lesson``'s script, or
    None if it left the script. The log is the truth: resuming a lesson needs no more
    than the game's save."""
    n = len(lesson.prelude)
    if list(log[:n]) != list(lesson.prelude) or len(log) < n:
        return None
    i = n
    for index, step in enumerate(lesson.steps):
        if i == len(log):
            return Position(index)
        if step.accept:
            # only as much of the log as a plan is long: a long log costs one pass
            plan = next((p for p in step.accept if tuple(log[i:i + len(p)]) == p), None)
            if plan is None:
                rest = tuple(log[i:])
                partial = next((rest for p in step.accept if p[:len(rest)] == rest), None)
                return None if partial is None else Position(index, partial)
            i += len(plan)
        for k, reply in enumerate(step.replies):
            if i == len(log):
                return Position(index, step.expect or (), True, k)
            if log[i] != reply:
                return None
            i += 1
    if i != len(log):
        return None
    return Position(len(lesson.steps))


def fill(text: str, colours: Sequence[str], learner: int) -> str:
    """``text`` with its placeholders filled: ``colours`` are the names of the seats'
    colours as the screen shows them ("orange"); an unknown placeholder stays as it is
    (loading a lesson refuses one: :func:`placeholder_problem`)."""
    def word(match: re.Match[str]) -> str:
        seat = _placeholder_seat(match.group(1), learner)
        return colours[seat] if seat is not None and seat < len(colours) else match.group(0)

    return PLACEHOLDER.sub(word, text)


def placeholder_problem(text: str, players: int, learner: int) -> str:
    """Why a placeholder of ``text`` cannot be filled ("" if every one can)."""
    for match in PLACEHOLDER.finditer(text):
        seat = _placeholder_seat(match.group(1), learner)
        if seat is None:
            return (f"{match.group(0)} is not a placeholder: write {{colour}} (the "
                    "learner's colour) or {colour:N} (seat N's)")
        if not 0 <= seat < players:
            return f"{match.group(0)}: seat {seat} does not exist with {players} players"
    return ""


def _placeholder_seat(inside: str, learner: int) -> int | None:
    """The seat whose colour ``{inside}`` names, or None if it is no placeholder."""
    name, _, seat = inside.partition(":")
    if name.strip() != "colour":
        return None
    if not seat.strip():
        return learner
    return int(seat) if seat.strip().isdigit() else None


def split_plan(text: str) -> tuple[str, ...]:
    """The actions of a plan written ``a; b; c`` (one action: a plan of one)."""
    return tuple(" ".join(part.split()) for part in text.split(PLAN_SEP) if part.strip())


def play_script(lesson: Lesson, catalog: Catalog | None = None) -> Game:
    """The game at the end of ``lesson``, every step's first accepted action and the
    replies played (for tests: a checked lesson always gets there), on ``catalog`` or
    the one the lesson was checked against."""
    game = lesson.start(catalog)
    for step in lesson.steps:
        for action in step.expect or ():
            game.apply(action)
        for action in step.replies:
            game.apply(action)
    return game


__all__ = ["KEY_NAMES", "PLACEHOLDER", "Lesson", "Step", "Position", "position",
           "play_script", "split_plan", "fill", "placeholder_problem"]
