"""A lesson file never stalls its check: checking costs about one replay of the script
whatever the file says, and a file that would need far more is refused with its file and
line. Work is counted in engine steps (actions played), never timed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.api import Game, load_lesson
from game.cli import main
from game.core.errors import ConfigError
from game.core.events import Event
from game.core.lessons.book import load_lesson as load_on
from game.core.lessons.replay import budget
from game.core.memo import OFF_ENV
from game.core.registry import Registry
from tests.shipped import lesson_file
from tests.tally_rules import Tally, tally_lesson
from tests.toy_registry import toy_registry


@pytest.fixture
def applied(monkeypatch) -> Iterator[list[str]]:
    """Every action an engine plays from here on (the real engine, counted), with no
    lesson check remembered from before (the memos off)."""
    monkeypatch.setenv(OFF_ENV, "1")
    played: list[str] = []
    real = Game.apply

    def apply(self: Game, action: str) -> list[Event]:
        played.append(action)
        return real(self, action)

    monkeypatch.setattr(Game, "apply", apply)
    yield played


def repeated_accepts(text: str, times: int) -> str:
    """The lesson with every ``expect: X`` turned into ``accept`` listing X ``times``
    times (each written differently, as one plan: extra spaces)."""
    def accept(match: re.Match[str]) -> str:
        indent, plan = match.group(1), match.group(2)
        spellings = [plan.replace(" ", " " * (1 + k % 3)) for k in range(times)]
        return f"{indent}accept: [" + ", ".join(f"'{s}'" for s in spellings) + "]"

    return re.sub(r"^( +)expect: (.+)$", accept, text, flags=re.MULTILINE) \
        .replace("lesson: mexica-2p", "lesson: mexica-2p-again")


def test_a_lesson_repeating_its_accepted_plans_costs_one_replay(tmp_path, applied, capsys):
    """The probe's file: a shipped lesson whose every step accepts its plan 20 times.
    Checking it (load, ``validate``, the registry's list) plays no more actions than the
    lesson as shipped: a plan written twice is the same game."""
    honest_path = lesson_file("mexica-2p.yaml")
    load_lesson(honest_path)
    honest = len(applied)
    assert honest > 20
    hostile = tmp_path / "plugins" / "again.yaml"
    hostile.parent.mkdir()
    hostile.write_text(repeated_accepts(honest_path.read_text(encoding="utf-8"), 20),
                       encoding="utf-8")
    assert hostile.stat().st_size > 7_000

    applied.clear()
    lesson = load_lesson(hostile)
    assert len(lesson.steps[2].accept) == 20 and len(set(lesson.steps[2].accept)) == 1
    assert len(applied) <= honest

    applied.clear()
    assert main(["validate", str(hostile)]) == 0
    assert f"OK {hostile}" in capsys.readouterr().out
    assert len(applied) <= honest

    applied.clear()
    registry = Registry(plugin_folder=str(hostile.parent), entry_points=False)
    found = registry.lessons()
    assert "mexica-2p-again" in found.lessons and not found.broken
    # the registry checks the five shipped lessons as well, once each
    assert len(applied) <= 2 * sum(_main_line(lesson) for lesson in found.lessons.values())


def _main_line(lesson: Any) -> int:
    return len(lesson.prelude) + sum(len(s.expect or ()) + len(s.replies) + 2 * len(s.accept)
                                     for s in lesson.steps)


def test_plans_that_end_where_the_first_does_are_not_followed(applied):
    """Mexica's lesson accepts two walks to one bridge, and two first steps of a walk
    that meet on the next step: each costs its own actions and no more."""
    lesson = load_lesson(lesson_file("mexica.yaml"))
    main_line = len(lesson.prelude) + sum(len(s.expect or ()) + len(s.replies)
                                          for s in lesson.steps)
    others = sum(len(plan) for s in lesson.steps for plan in s.accept[1:])
    assert others == 4
    assert len(applied) <= main_line + others + 1  # one step more before they meet


# ---------------------------------------------------------------------------------------
# plans that lead elsewhere: a toy game where every mark is remembered with its turn
# (tests/tally_rules.py)
# ---------------------------------------------------------------------------------------
@pytest.fixture
def tally(tmp_path) -> Iterator[Registry]:
    yield from toy_registry(tmp_path, [Tally], "lessonbudget_tally",
                            players="{min: 1, max: 1}")


def test_plans_that_never_rejoin_the_script_are_refused_within_a_budget(tmp_path, tally,
                                                                        applied, capsys):
    """60 steps each accepting 20 plans that lead to 20 different games: following
    every one to the end would play about 35,000 actions. The check stops at its budget
    (8 steps per action the file names) and names the plan, its file and its line."""
    path = tmp_path / "tally.yaml"
    path.write_text(tally_lesson([["wait", *(f"mark {n}" for n in range(1, 20))]] * 60),
                    encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_on(path, tally)
    [issue] = err.value.issues
    assert issue.file == str(path)
    assert re.fullmatch(r"steps\[\d+\]\.accept\[\d+\]", issue.path)
    assert issue.message.startswith("checking this lesson takes more than 10,600 engine "
                                    "steps (8 for each action the file names): after "
                                    "'mark ")
    plan = re.search(r"after '([^']+)'", issue.message).group(1)
    assert path.read_text().splitlines()[issue.line - 1].strip() == f"- {plan}"
    assert len(applied) <= 10_600

    applied.clear()
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{issue.line}: {issue.path}: checking this lesson takes more" in out
    assert len(applied) <= 10_600


def test_the_budget_grows_with_the_file_not_with_its_repetitions(tmp_path, tally):
    path = tmp_path / "tally.yaml"
    path.write_text(tally_lesson([["wait", "mark 1"]] * 10), encoding="utf-8")
    once = budget(load_on(path, tally))
    path.write_text(tally_lesson([["wait", "mark 1", "wait", "mark 1"]] * 10),
                    encoding="utf-8")
    assert budget(load_on(path, tally)) == once == 8 * 20 + 1_000
    path.write_text(tally_lesson([["wait", "mark 1"]] * 20), encoding="utf-8")
    assert budget(load_on(path, tally)) == 8 * 40 + 1_000


def test_a_plan_that_breaks_a_later_step_is_still_found(tmp_path, tally):
    """Sharing the replay checks no less: after 'wait' in step 1 nothing is marked, so
    step 2's 'clear' is not legal, and the problem names both steps."""
    path = tmp_path / "tally.yaml"
    path.write_text(tally_lesson([["mark 1", "wait"], ["clear"]]), encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_on(path, tally)
    [issue] = err.value.issues
    assert issue.message.startswith("step 2 (after 'wait' in step 1): 'clear' is not legal "
                                    "here")
    assert issue.line == 13  # step 2's plan


def test_a_rules_engine_failing_on_a_lesson_makes_it_broken_not_the_registry(tmp_path,
                                                                              tally,
                                                                              monkeypatch):
    path = tmp_path / "tally.yaml"
    path.write_text(tally_lesson([["wait"]]), encoding="utf-8")

    def boom(self: Tally, state: Any) -> list[str]:
        raise ZeroDivisionError("a bug in the mod")

    monkeypatch.setattr(Tally, "legal_actions", boom)
    from game.core.lessons.book import load_lesson_files

    found = load_lesson_files(tally, [("a mod", Path(path))])
    [(name, file, _message, [issue])] = found.broken
    assert (name, file) == ("tally-lesson", str(path))
    assert issue.message == ("the rules failed while it was replayed (ZeroDivisionError: "
                             "a bug in the mod)")


class CountedLog(list):  # type: ignore[type-arg]
    """A game's log that counts the actions its slices copy."""

    copied = 0

    def __getitem__(self, index: Any) -> Any:
        got = super().__getitem__(index)
        if isinstance(index, slice):
            CountedLog.copied += len(got)
        return got


def test_finding_where_a_long_log_stands_in_the_script_reads_it_once(tmp_path, tally):
    """Resuming a lesson finds its step from the game's log: 400 steps and a log of 400
    actions read about 400 actions, not the rest of the log at every step (80,000)."""
    from game.core.lessons.model import position

    path = tmp_path / "tally.yaml"
    path.write_text(tally_lesson([["mark 1"]] * 400), encoding="utf-8")
    lesson = load_on(path, tally)
    log = CountedLog(["mark 1"] * 400)
    CountedLog.copied = 0
    where = position(lesson, log)
    assert where is not None and where.step == 400
    assert CountedLog.copied <= 3 * len(log)
