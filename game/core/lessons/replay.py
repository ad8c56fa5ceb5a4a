"""Checking a lesson on the engine: its setup, and its script at about the cost of one
replay, whatever the file says.

Why the script is replayed: the engine is the only judge of what is legal, and a lesson
that asks for an action the rules refuse would strand a newcomer. A step may accept
several plans, and the learner may take any of them, so the rest of the script must work
after each one too.

Why not simply follow every accepted plan to the end: that costs one replay of the rest
of the script per plan, and a lesson file is input from anyone (a mod, a download). A
4 kB file that repeats one ``accept`` entry made ``validate`` take over a minute. So:

* the script is replayed once (the *main line*: the prelude, each step's first accepted
  plan and the replies), noting a fingerprint of the game after each step's plan;
* every other plan (each distinct plan once) is played from the game before its step,
  then followed only until its game is one already checked at that point of the script:
  the main line's (the usual case: two walks that end on the same bridge) or another
  plan's. Only a plan that leads to a different game costs more than its own actions;
* and all of it is counted in *engine steps* (an action checked and played, a game
  fingerprinted): at most :data:`STEPS_PER_ACTION` per action the file names, plus
  :data:`BASE_STEPS`. The main line and the plans themselves always fit; what runs out is
  the following of plans whose games never rejoin the script, and the lesson is then
  refused, naming the plan (file, line) that led away.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.engine import PLAN_SEP, Rules
from game.core.errors import ConfigError, IllegalAction, quote
from game.core.game import Game
from game.core.lessons.model import Lesson, Step, split_plan
from game.core.memo import Memo, code_of
from game.core.schema import Context

if TYPE_CHECKING:
    from game.core.catalog import Catalog

#: Engine steps a check may take per action the lesson file names (prelude, accepted
#: plans, shows, replies). The main line, every plan and every show take one step per
#: action, so this leaves room to follow seven plans whose games never rejoin the script
#: all the way to its end; a thorough honest lesson needs fewer (the built-in ones follow
#: none that far), and a hostile one stops here.
STEPS_PER_ACTION = 8
#: Engine steps every lesson may take besides (the fingerprints of a short lesson).
BASE_STEPS = 1_000


class _Exhausted(Exception):
    """The check ran out of engine steps."""


@dataclass
class _Run:
    """One check of a script: what it may still spend, and the games seen at each step."""

    lesson: Lesson
    ctx: Context
    limit: int
    spent: int = 0
    #: whether any step accepts more than one plan (else no game is fingerprinted)
    branches: bool = False
    #: (step index, fingerprint of the game after that step's plan), every one checked
    seen: set[tuple[int, bytes]] = field(default_factory=set)
    #: the plan whose game is being followed: its key path and words (for a refusal)
    origin: tuple[tuple[Any, ...], str] = (("steps",), "")

    def spend(self) -> None:
        self.spent += 1
        if self.spent > self.limit:
            raise _Exhausted

    def act(self, game: Game, action: str) -> str:
        """Play ``action`` on ``game`` if the rules let it be played there; else why not."""
        self.spend()
        why = _illegal(game, action)
        if not why:
            game.apply(action)
        return why

    def rejoins(self, index: int, game: Game, main: bool) -> bool:
        """Whether ``game`` (after step ``index``'s plan) was checked from here already;
        notes it as checked either way. The main line is never cut short."""
        if not self.branches:
            return False
        self.spend()
        text = json.dumps(game.rules.to_dict(game.state), sort_keys=True,
                          separators=(",", ":"))
        mark = (index, hashlib.blake2b(text.encode(), digest_size=16).digest())
        if not main and mark in self.seen:
            return True
        self.seen.add(mark)
        return False


@dataclass
class _Branch:
    """A game after an accepted plan other than the first, waiting to be followed."""

    game: Game
    index: int
    after: str
    path: tuple[Any, ...]
    plan: str


def budget(lesson: Lesson) -> int:
    """The engine steps checking ``lesson`` may take: proportional to what its file names
    (each plan counted once, however often it is written)."""
    named = len(lesson.prelude)
    for step in lesson.steps:
        named += sum(len(plan) for plan in dict.fromkeys(step.accept)) + len(step.replies)
        shown = split_plan(step.show) if step.show else ()
        named += len(shown) if shown != step.expect else 0
    return STEPS_PER_ACTION * named + BASE_STEPS


#: Lessons known to replay (:mod:`game.core.memo`), by the lesson, its variant and the engine's
#: code: the title screen of every new window (every client test) asks a fresh registry
#: for its lessons.
_REPLAYED: Memo[bool] = Memo("lesson replays", size=64)


def check_replay(lesson: Lesson, catalog: Catalog, ctx: Context) -> None:
    """The setup and the script, unless this very lesson replayed on this very variant."""
    spec = catalog.variants.get(lesson.variant)
    key: tuple[Any, ...] | None = None
    objects: tuple[Any, ...] = ()
    engine = _engine(catalog, spec.engine_id) if spec is not None else None
    if spec is not None and engine is not None:
        code, objects = code_of(engine)
        key = (repr(lesson), repr(spec), code)
        if _REPLAYED.get(key):
            return
    _check_setup(lesson, catalog, ctx)
    if not ctx.issues:
        check_script(lesson, catalog, ctx)
    if not ctx.issues and key is not None:
        _REPLAYED.put(key, True, keep=objects)


def _engine(catalog: Catalog, engine_id: str) -> type[Rules] | None:
    """The engine ``engine_id`` of ``catalog``, or None if none provides it."""
    try:
        return catalog.engine(engine_id)
    except ConfigError:
        return None


def _check_setup(lesson: Lesson, catalog: Catalog, ctx: Context) -> None:
    """The variant, the players, the options and the learner's seat."""
    if lesson.variant not in catalog.variants:
        broken = [b for b in catalog.broken if b.kind == "variant" and
                  b.name == lesson.variant]
        why = " (it failed to load)" if broken else ""
        ctx.error(("setup", "variant"), f"the variant {quote(lesson.variant)} is not "
                  f"installed{why}")
        return
    try:
        catalog.make_rules(lesson.variant, lesson.players, lesson.options or None)
    except ConfigError as exc:
        if not exc.issues:
            ctx.error(("setup", "players"), str(exc))
        for issue in exc.issues:
            # "options.board[2]" -> the line of setup.options.board in this file
            top = issue.path.split(".")[1].split("[")[0] if "." in issue.path else ""
            ctx.error(("setup", "options", top) if top else ("setup", "options"),
                      f"{issue.path or 'options'}: {issue.message}")
        return
    if lesson.learner >= lesson.players:
        ctx.error(("setup", "learner"), f"seat {lesson.learner} does not exist with "
                  f"{lesson.players} players (seats are 0 to {lesson.players - 1})")
    if len(lesson.names) > lesson.players:
        ctx.error(("setup", "names"), f"{len(lesson.names)} names for {lesson.players} "
                  "players")


def _illegal(game: Game, action: str) -> str:
    """Why ``action`` cannot be applied to ``game`` now ('' if it can)."""
    if game.is_over:
        return "the game is over by then"
    if action in game.legal_actions():
        return ""
    probe = game.clone()
    try:
        probe.apply(action)
    except IllegalAction as exc:
        return str(exc)
    return "the rules accept it, but legal_actions does not list it (write the canonical " \
           "form, as legal_actions does)"


def check_script(lesson: Lesson, catalog: Catalog, ctx: Context) -> int:
    """Replay the prelude and every step on ``catalog``'s rules, and follow the other
    accepted plans (see the module's docstring); report the first action that does not
    fit, or that the check ran out of engine steps. Returns the engine steps taken."""
    try:
        spec, rules = catalog.make_rules(lesson.variant, lesson.players,
                                          lesson.options or None)
        game = Game(spec, rules, rules.new_state(lesson.seed), lesson.seed,
                    lesson.options or None, [])
    except ConfigError as exc:
        ctx.error(("setup",), f"the game cannot start: {exc}")
        return 0
    run = _Run(lesson, ctx, budget(lesson),
               branches=any(len(set(step.accept)) > 1 for step in lesson.steps))
    try:
        for i, action in enumerate(lesson.prelude):
            why = run.act(game, action)
            if why:
                ctx.error(("setup", "prelude", i), f"prelude action {i + 1} "
                          f"{quote(action)} is not legal there: {why}")
                return run.spent
        pending: list[_Branch] = []
        if not _follow(run, game, 0, "", pending):
            return run.spent
        for branch in pending:
            run.origin = (branch.path, branch.plan)
            if not run.rejoins(branch.index, branch.game, main=False):
                _follow(run, branch.game, branch.index, branch.after, None, planned=True)
            if ctx.issues:
                break
    except _Exhausted:
        path, plan = run.origin
        ctx.error(path, f"checking this lesson takes more than {run.limit:,} engine steps "
                  f"({STEPS_PER_ACTION} for each action the file names): after "
                  f"{quote(plan, 60)} the game does not become the script's again, and "
                  "each such game is checked to the end. Accept fewer plans, or plans "
                  "that end where the first one does")
    return run.spent


def _follow(run: _Run, game: Game, start: int, after: str, pending: list[_Branch] | None,
            planned: bool = False) -> bool:
    """Play steps ``start``... on ``game``; False once a problem was reported. On the
    main line (``pending`` given) the other accepted plans are played and kept there to
    be followed; on a plan's own line (``after`` names it) the game stops being followed
    once it is one checked before. ``planned``: step ``start``'s plan is played already."""
    lesson = run.lesson
    for index in range(start, len(lesson.steps)):
        step = lesson.steps[index]
        where = f"step {step.number}{after}"
        if step.accept:
            if not (planned and index == start):
                played = _plans(run, game, index, where, after, pending)
                if played is None:
                    return False
                game = played
                if run.rejoins(index, game, main=pending is not None):
                    return True
        elif step.show is not None and not _check_show(run, game, step, index, where):
            return False
        if not _replies(run, game, index, where):
            return False
    return True


def _plans(run: _Run, game: Game, index: int, where: str, after: str,
           pending: list[_Branch] | None) -> Game | None:
    """Step ``index``'s accepted plans from ``game``: the game after the first one (None
    once a problem was reported); the others' games go to ``pending`` (main line only)."""
    step = run.lesson.steps[index]
    key = "accept" if ("steps", index, "accept") in run.ctx.lines else "expect"
    first: Game | None = None
    for j, plan in enumerate(step.accept):
        if plan in step.accept[:j]:
            continue  # the same plan written twice is the same game
        path: tuple[Any, ...] = ("steps", index, key) + ((j,) if key == "accept" else ())
        played = game.clone()
        if not _learner_plays(run, played, plan, path, where):
            return None
        if first is None:
            first = played
        elif pending is not None:
            text = PLAN_SEP.join(plan)
            pending.append(_Branch(played, index, f"{after} (after {text!r} in step "
                                   f"{step.number})", path, text))
    if first is None or not _check_show(run, game, step, index, where):
        return None
    return first


def _learner_plays(run: _Run, game: Game, plan: tuple[str, ...], path: tuple[Any, ...],
                   where: str) -> bool:
    """Play ``plan`` on ``game``: the learner must decide at every action of it."""
    learner = run.lesson.learner
    for action in plan:
        seat = game.current_player
        if seat != learner:
            who = "nobody (the game is over)" if seat is None else f"seat {seat}"
            run.ctx.error(path, f"{where}: the learner (seat {learner}) does not decide "
                          f"at {quote(action)}; {who} does. Put the computer seats' actions "
                          "in the replies of the step before")
            return False
        why = run.act(game, action)
        if why:
            run.ctx.error(path, f"{where}: {quote(action)} is not legal here: {why}")
            return False
    return True


def _check_show(run: _Run, game: Game, step: Step, index: int, where: str) -> bool:
    """``show`` must be a plan the learner could play from here."""
    if step.show is None or (step.expect is not None and
                             split_plan(step.show) == step.expect):
        return True
    probe = game.clone()
    for action in split_plan(step.show):
        why = run.act(probe, action)
        if why:
            run.ctx.error(("steps", index, "show"), f"{where}: show {quote(action)} is not "
                          f"legal here: {why}")
            return False
    return True


def _replies(run: _Run, game: Game, index: int, where: str) -> bool:
    for k, action in enumerate(run.lesson.steps[index].replies):
        seat = game.current_player
        if seat == run.lesson.learner:
            run.ctx.error(("steps", index, "replies", k), f"{where}: reply {k + 1} "
                          f"{quote(action)} would be the learner's action (seat {seat} "
                          "decides there); make it a step of its own")
            return False
        why = run.act(game, action)
        if why:
            run.ctx.error(("steps", index, "replies", k), f"{where}: reply {k + 1} "
                          f"{quote(action)} is not legal there: {why}")
            return False
    return True


__all__ = ["STEPS_PER_ACTION", "BASE_STEPS", "budget", "check_replay", "check_script"]
