"""Reading lesson files: the file's keys, checking one on the engine, and the registry's
set of lessons.

Why the script is checked by replaying it: the engine is the only judge of what is
legal, and a lesson that asks for an action the rules refuse would strand a newcomer.
So loading a lesson starts its game on the catalog it is checked against and applies
the prelude, each step's actions and the replies in order, exactly as play would; the
first action that is not legal where it stands is reported with the file, the line and
the step. Every accepted alternative of a step is followed too (the later steps must
still work after it), at about the cost of one replay whatever the file says
(:mod:`game.core.lessons.replay`). A lesson has no ``extends``: it is read on its own,
like a save.

Where lessons come from: the ``register_lessons`` hook (:mod:`game.core.hookspecs`; each
built-in game registers the files of its ``lessons/`` folder, as a mod does) and YAML
files with a top-level ``lesson:`` key in the drop-in plugin folder. They are loaded
lazily, the first time something asks for them (``Registry.lessons()``), since checking
one replays a game. The catalog is always handed in: this module never looks up the
process's registry.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.engine import PLAN_SEP
from game.core.errors import ConfigError, ConfigIssue
from game.core.lessons.model import KEY_NAMES, Lesson, Step, placeholder_problem, split_plan
from game.core.lessons.replay import check_replay
from game.core.schema import AnyValue, Context, Field, Int, List, Obj, Str
from game.core.yamlload import Lines, load_yaml_file

if TYPE_CHECKING:
    from game.core.catalog import Catalog

_ID = Str(pattern=r"[a-z0-9][a-z0-9-]*", hint="lower-case letters, digits, -", max_len=64)
_ACTION = Str(max_len=200)
_PLAN = Str(max_len=400)
#: the largest seed a lesson may name (YAML numbers stay below 10**18)
MAX_SEED = 10**18 - 1

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




def load_lesson(path: str | Path, catalog: Catalog, provider: str = "") -> Lesson:
    """Read and check the lesson file ``path`` on ``catalog``; ConfigError with every
    problem (file, line, key path and step) if it cannot be played."""
    path = Path(path)
    raw, lines = load_yaml_file(path)
    return check_lesson_data(raw, lines, str(path), catalog, provider)


def check_lesson_data(raw: Any, lines: Lines, file: str, catalog: Catalog,
                      provider: str = "") -> Lesson:
    """Check a parsed lesson file (``lines``: the YAML loader's key lines) by replaying
    it on ``catalog``, which the lesson keeps to start its games on."""
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
    lesson = _build(data, raw, file, provider, ctx, catalog)
    if not ctx.issues:
        check_replay(lesson, catalog, ctx)
    if ctx.issues:
        raise ConfigError(f"lesson {lesson.id!r} ({file}) cannot be played", ctx.issues)
    return lesson


def _build(data: dict[str, Any], raw: dict[str, Any], file: str, provider: str,
           ctx: Context, catalog: Catalog) -> Lesson:
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
                  provider=provider, catalog=catalog)


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


def load_lesson_files(catalog: Catalog, sources: list[tuple[str, Path]]) -> LessonSet:
    """Load ``(provider, path)`` lesson files, checked on ``catalog``; the first of two
    with one id is kept."""
    out = LessonSet()
    for provider, path in sources:
        try:
            lesson = load_lesson(path, catalog, provider)
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


__all__ = ["LESSON_FILE", "LessonSet", "load_lesson", "check_lesson_data",
           "is_lesson_file", "load_lesson_files", "issue_step"]
