"""Lessons: a guided first game of a variant, written as data and checked on the engine.

A lesson is a YAML file (``LESSON_FILE`` below): a real game from a fixed seed, players,
options and an optional *prelude* of actions played before the first step, then a list of
*steps*. Each step says what to do and why, names the action the learner is expected to
take (or a set of accepted ones) and the actions the computer seats play in reply; a step
without an action is read and continued with Enter. The client plays a lesson on the real
engine through the real board view (``game.ui.lesson``).

Why the script is checked by replaying it: the engine is the only judge of what is
legal, and a lesson that asks for an action the rules refuse would strand a newcomer.
So loading a lesson starts its game with ``new_game`` and applies the prelude, each
step's actions and the replies in order, exactly as play would; the first action that is
not legal where it stands is reported with the file, the line and the step. Every
accepted alternative of a step is followed too (the later steps must still work after
it), at about the cost of one replay whatever the file says (:mod:`game.core.lessons.replay`).
A lesson has no ``extends``: it is read on its own, like a save.

Where lessons come from: the ``register_lessons`` hook (:mod:`game.core.hookspecs`; the
built-in lessons are ``config/variants/lessons/*.yaml``, registered by
:mod:`game.builtin`) and YAML files with a top-level ``lesson:`` key in the drop-in
plugin folder. They are loaded lazily, the first time something asks for them
(``Registry.lessons()``), since checking one replays a game.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.engine import PLAN_SEP
from game.core.errors import ConfigError, ConfigIssue
from game.core.schema import AnyValue, Context, Field, Int, List, Obj, Str
from game.core.yamlload import Lines, load_yaml_file

if TYPE_CHECKING:
    from game.core.game import Game
    from game.core.registry import Registry

_ID = Str(pattern=r"[a-z0-9][a-z0-9-]*", hint="lower-case letters, digits, -", max_len=64)
_ACTION = Str(max_len=200)
_PLAN = Str(max_len=400)
#: the keys a step may name (the client shows each with its controller button)
KEY_NAMES = ("Enter", "E", "T", "Tab", "R", "U", "Y", "Esc", "H", "Arrows",
             "1", "2", "3", "4", "5", "6", "7", "8", "9")
#: the largest seed a lesson may name (YAML numbers stay below 10**18)
MAX_SEED = 10**18 - 1
#: a word of a step's text filled in where it is shown: ``{colour}`` is the colour the
#: learner's seat has on the screen, ``{colour:N}`` seat N's (0-based), as the palette and
#: the setup make it (never the colour of the pieces in the box)
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")

STEP = Obj({
    "title": Field(Str(max_len=60), "A few words shown above the text (e.g. 'Found a "
                   "district')."),
    "text": Field(Str(max_len=400), "What to do and why, in one or two sentences. "
                  "{colour} is the learner's colour as the screen shows it, {colour:N} "
                  "seat N's (0-based).", required=True),
    "expect": Field(_PLAN, "The action the learner is asked to take, or a plan of "
                    "actions joined by ';' (a walk of several steps: one click plays it)."),
    "accept": Field(List(_PLAN, min_len=1, max_len=20), "Instead of expect: every action "
                    "or plan that completes the step (the first is the one shown)."),
    "show": Field(Str(max_len=400), "What the board shows for this step: an action, or a "
                  "plan of actions joined by ';' (default: the expected action)."),
    "keys": Field(List(Str(choices=KEY_NAMES), min_len=1, max_len=6), "The keys that do "
                  "it once the board shows it (default: Enter); the client adds the "
                  "controller buttons."),
    "other": Field(Str(max_len=300), "Said when the learner takes another legal action "
                   "(default: 'That works too, but try ... now')."),
    "replies": Field(List(_ACTION, max_len=200), "Actions the computer seats play after "
                     "this step, in order.", default=[]),
})

SETUP = Obj({
    "variant": Field(_ID, "The variant the lesson plays.", required=True),
    "players": Field(Int(min=1, max=8), "Number of players.", required=True),
    "seed": Field(Int(min=0, max=MAX_SEED), "The game's seed.", default=0),
    "options": Field(AnyValue(), "Variant parameters to override (checked against the "
                     "variant's schema, as new_game's options).", default={}),
    "names": Field(List(Str(max_len=14), max_len=8), "Each seat's name.", default=[]),
    "learner": Field(Int(min=0, max=7), "The seat the learner plays (0-based); the "
                     "others are computer seats that play the steps' replies.", default=0),
    "prelude": Field(List(_ACTION, max_len=10_000), "Actions played before the first "
                     "step, by whoever decides.", default=[]),
})

LESSON_FILE = Obj({
    "lesson": Field(_ID, "Unique lesson id.", required=True),
    "name": Field(Str(max_len=60), "Shown in the list of lessons.", required=True),
    "description": Field(Str(max_len=400), "One sentence under the name."),
    "minutes": Field(Int(min=1, max=120), "About how long the lesson takes.", default=5),
    "order": Field(Int(min=0, max=1000), "Position in the list (lower first; then by "
                   "name).", default=100),
    "setup": Field(SETUP, "The game the lesson plays.", required=True),
    "steps": Field(List(STEP, min_len=1, max_len=500), "The steps, in order.",
                   required=True),
})


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

    def start(self) -> Game:
        """The lesson's game at its first step (the prelude played)."""
        from game.core.game import new_game

        game = new_game(self.variant, self.players, self.seed, self.options or None)
        for action in self.prelude:
            game.apply(action)
        return game

    def seat_names(self) -> list[str]:
        names = list(self.names[:self.players])
        for seat in range(len(names), self.players):
            names.append("You" if seat == self.learner else f"Computer {seat + 1}")
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


# ---------------------------------------------------------------------------------------
# loading and checking
# ---------------------------------------------------------------------------------------
def load_lesson(path: str | Path, registry: Registry | None = None,
                provider: str = "") -> Lesson:
    """Read and check the lesson file ``path``; ConfigError with every problem (file,
    line, key path and step) if it cannot be played."""
    path = Path(path)
    raw, lines = load_yaml_file(path)
    return check_lesson_data(raw, lines, str(path), registry, provider)


def check_lesson_data(raw: Any, lines: Lines, file: str, registry: Registry | None = None,
                      provider: str = "") -> Lesson:
    """Check a parsed lesson file (``lines``: the YAML loader's key lines)."""
    if registry is None:
        from game.core.registry import get_registry

        registry = get_registry()
    ctx = Context(file, lines)
    if not isinstance(raw, dict):
        ctx.error((), "a lesson file must be a mapping of keys")
        raise ConfigError(f"{file} is not a lesson", ctx.issues)
    if "extends" in raw:
        ctx.error(("extends",), "a lesson does not extend another file: write its whole "
                  "setup and every step")
        raw = {k: v for k, v in raw.items() if k != "extends"}
    data = LESSON_FILE.check(raw, (), ctx)
    if ctx.issues:
        raise ConfigError(f"{file} has problems", ctx.issues)
    lesson = _build(data, raw, file, provider, ctx)
    if not ctx.issues:
        from game.core.lessons.replay import check_replay

        check_replay(lesson, registry, ctx)
    if ctx.issues:
        raise ConfigError(f"lesson {lesson.id!r} ({file}) cannot be played", ctx.issues)
    return lesson


def _build(data: dict[str, Any], raw: dict[str, Any], file: str, provider: str,
           ctx: Context) -> Lesson:
    setup = data["setup"]
    steps = []
    for index, s in enumerate(data["steps"]):
        if "expect" in s and "accept" in s:
            ctx.error(("steps", index, "accept"), f"step {index + 1}: give expect or accept, "
                      "not both")
        texts = s["accept"] if "accept" in s else [s["expect"]] if "expect" in s else []
        accept = tuple(split_plan(text) for text in texts)
        for j, plan in enumerate(accept):
            if not plan:
                ctx.error(("steps", index) + (("accept", j) if "accept" in s else
                                              ("expect",)),
                          f"step {index + 1}: an empty action")
        if not s["text"].strip():
            ctx.error(("steps", index, "text"), f"step {index + 1}: the text is empty")
        why = placeholder_problem(s["text"], setup["players"], setup["learner"])
        if why:
            ctx.error(("steps", index, "text"), f"step {index + 1}: {why}")
        if not accept and s["replies"]:
            ctx.error(("steps", index, "replies"), f"step {index + 1}: a step without an "
                      "action (read and continue) has no replies; put them on the step "
                      "before")
        show = s.get("show", PLAN_SEP.join(accept[0]) if accept else None)
        steps.append(Step(number=index + 1, text=" ".join(s["text"].split()),
                          title=s.get("title", ""), accept=accept, show=show,
                          keys=tuple(s.get("keys", ("Enter",))), other=s.get("other", ""),
                          replies=tuple(s["replies"])))
    options = setup["options"]
    if not isinstance(options, dict):
        ctx.error(("setup", "options"), "expected a mapping of variant parameters")
        options = {}
    return Lesson(id=data["lesson"], name=data["name"],
                  description=data.get("description", ""), minutes=data["minutes"],
                  order=data["order"], variant=setup["variant"], players=setup["players"],
                  seed=setup["seed"], options=copy.deepcopy(options),
                  names=tuple(setup["names"]), learner=setup["learner"],
                  prelude=tuple(setup["prelude"]), steps=tuple(steps), source=file,
                  provider=provider)


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


def play_script(lesson: Lesson) -> Game:
    """The game at the end of ``lesson``, every step's first accepted action and the
    replies played (for tests: a checked lesson always gets there)."""
    game = lesson.start()
    for step in lesson.steps:
        for action in step.expect or ():
            game.apply(action)
        for action in step.replies:
            game.apply(action)
    return game


# ---------------------------------------------------------------------------------------
# the registry's lessons
# ---------------------------------------------------------------------------------------
@dataclass
class LessonSet:
    """Every lesson that loaded, by id, and the files that did not."""

    lessons: dict[str, Lesson] = field(default_factory=dict)
    #: (lesson id or file stem, file, message, issues)
    broken: list[tuple[str, str, str, list[ConfigIssue]]] = field(default_factory=list)

    def ordered(self) -> list[Lesson]:
        return sorted(self.lessons.values(), key=lambda ls: (ls.order, ls.name, ls.id))


def is_lesson_file(raw: Any) -> bool:
    """A YAML file with a top-level ``lesson:`` key is a lesson, not a variant."""
    return isinstance(raw, dict) and "lesson" in raw and "id" not in raw


def load_lesson_files(registry: Registry, sources: list[tuple[str, Path]]) -> LessonSet:
    """Load ``(provider, path)`` lesson files; the first of two with one id is kept."""
    out = LessonSet()
    for provider, path in sources:
        try:
            lesson = load_lesson(path, registry, provider)
        except ConfigError as exc:
            out.broken.append((_stem_or_id(path), str(path), str(exc).splitlines()[0],
                               list(exc.issues)))
            continue
        except Exception as exc:  # noqa: BLE001 - a mod's rules failing on its own lesson
            issue = ConfigIssue(str(path), "", f"the rules failed while it was replayed "
                                f"({type(exc).__name__}: {str(exc)[:160]})")
            out.broken.append((_stem_or_id(path), str(path), f"lesson {path.name} cannot "
                               "be played", [issue]))
            continue
        first = out.lessons.get(lesson.id)
        if first is not None:
            out.broken.append((lesson.id, str(path), f"lesson id {lesson.id!r} is provided "
                               f"twice: by {first.provider} ({first.source}) and by "
                               f"{provider} ({path}); the second is ignored", []))
            continue
        out.lessons[lesson.id] = lesson
    return out


def _stem_or_id(path: Path) -> str:
    try:
        raw, _lines = load_yaml_file(path)
    except ConfigError:
        return path.stem
    value = raw.get("lesson") if isinstance(raw, dict) else None
    return value if isinstance(value, str) and value else path.stem


def issue_step(issue: ConfigIssue) -> int | None:
    """The (1-based) step an issue is about, from its key path (None: not a step)."""
    if not issue.path.startswith("steps["):
        return None
    try:
        return int(issue.path[len("steps["):].split("]", 1)[0]) + 1
    except ValueError:
        return None


__all__ = ["LESSON_FILE", "KEY_NAMES", "Lesson", "Step", "Position", "LessonSet",
           "load_lesson", "check_lesson_data", "position", "play_script", "is_lesson_file",
           "load_lesson_files", "issue_step", "split_plan", "fill", "placeholder_problem"]
