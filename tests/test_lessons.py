"""Lessons as data: every shipped lesson replays on the engine, and a lesson that does
not is refused with the file, the line and the step."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from game.cli import main
from game.errors import ConfigError
from game.hookspecs import hookimpl
from game.lessons import load_lesson, play_script, position
from game.plugins import Registry, get_registry
from game.resources import config_dir

LESSONS = sorted((config_dir() / "variants" / "lessons").glob("*.yaml"))

TWO_STEPS = """\
lesson: tiny
name: Tiny
setup:
  variant: mexica
  players: 2
  seed: 4
steps:
  - text: Place your Pilli on i7.
    expect: start i7
    replies: [start h8]
  - text: Build a temple.
    expect: temple {cell} 1
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_lesson_loads_and_the_registry_lists_it():
    found = get_registry().lessons()
    assert not found.broken
    assert sorted(found.lessons) == sorted(load_lesson(p).id for p in LESSONS)
    variants = {lesson.variant for lesson in found.lessons.values()}
    assert {"mexica", "tlatelolco-market", "aztlan"} <= variants


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_is_a_legal_game_from_its_seed(path):
    lesson = load_lesson(path)
    game = play_script(lesson)
    # the log is the truth: the finished script is found again from it, step by step
    # (up to the steps to read at the end, which leave nothing in the log)
    where = position(lesson, game.log)
    assert where is not None
    assert not any(step.accept for step in lesson.steps[where.step:])
    assert 5 <= len(lesson.steps) and 5 <= lesson.minutes <= 10


def test_a_broken_step_names_the_file_the_line_and_the_step(tmp_path):
    path = write(tmp_path, TWO_STEPS.format(cell="i8"))  # in the palace
    with pytest.raises(ConfigError) as err:
        load_lesson(path)
    issue = err.value.issues[0]
    assert issue.file == str(path)
    assert issue.line == 12  # the line of step 2's expect
    assert issue.message.startswith("step 2: 'temple i8 1' is not legal here")
    assert "outside the palace" in issue.message  # the engine's own reason


def test_validate_checks_lessons(tmp_path, capsys):
    good = write(tmp_path, TWO_STEPS.format(cell="k3"))
    assert main(["validate", str(good)]) == 0
    assert f"OK {good}" in capsys.readouterr().out
    bad = write(tmp_path, TWO_STEPS.format(cell="i8"))
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:12: steps[1].expect: step 2:" in out


def test_a_reply_on_the_learners_turn_and_extends_are_refused(tmp_path):
    text = TWO_STEPS.format(cell="k3").replace("replies: [start b2]",
                                               "replies: [start b2, temple k3 1]")
    with pytest.raises(ConfigError) as err:
        load_lesson(write(tmp_path, "extends: mexica\n" + text))
    messages = [str(i) for i in err.value.issues]
    assert any("does not extend" in m for m in messages)


def test_options_are_checked_against_the_variants_schema(tmp_path):
    text = TWO_STEPS.format(cell="k3").replace("  seed: 4\n",
                                               "  seed: 4\n  options: {canals: -3}\n")
    with pytest.raises(ConfigError) as err:
        load_lesson(write(tmp_path, text))
    issue = err.value.issues[0]
    assert issue.path.startswith("setup.options") and issue.line is not None


def lesson_plugin(name: str, register_lessons) -> types.ModuleType:
    module = types.ModuleType(name)
    module.register_lessons = register_lessons
    sys.modules[name] = module
    return module


def test_a_mods_lessons_come_through_register_lessons_one_failure_per_plugin(tmp_path):
    good_file = write(tmp_path, TWO_STEPS.format(cell="k3"))

    def boom(register):
        raise RuntimeError("no lessons today")

    def good(register):
        register(good_file)

    try:
        bad_mod = lesson_plugin("lessontest_bad", hookimpl(tryfirst=True)(boom))
        good_mod = lesson_plugin("lessontest_good", hookimpl(good))
        registry = Registry(entry_points=False, extra_plugins=(bad_mod, good_mod))
        found = registry.lessons()
        assert found.lessons["tiny"].provider == "lessontest_good"
        assert "mexica" in found.lessons  # the built-in ones still load
        [entry] = [b for b in registry.broken if b.name == "lessontest_bad"]
        assert entry.message == "register_lessons raised: RuntimeError: no lessons today"
        registry.lessons()  # asked again: reported once
        assert len([b for b in registry.broken if b.name == "lessontest_bad"]) == 1
    finally:
        for name in ("lessontest_bad", "lessontest_good"):
            sys.modules.pop(name, None)


def test_a_broken_lesson_is_listed_with_its_problem_and_the_others_load(tmp_path):
    bad_file = write(tmp_path, TWO_STEPS.format(cell="i8"))

    def bad(register):
        register(bad_file)

    try:
        registry = Registry(entry_points=False,
                            extra_plugins=(lesson_plugin("lessontest_broken", hookimpl(bad)),))
        found = registry.lessons()
        assert "tiny" not in found.lessons and "mexica" in found.lessons
        [entry] = [b for b in registry.broken if b.kind == "lesson"]
        assert entry.name == "tiny" and entry.issues[0].line == 12
    finally:
        sys.modules.pop("lessontest_broken", None)


#: every action of each game (its NOTATION.md), by its first word; "king skip" is the
#: Market's choice to leave the king
ACTIONS = {
    "mexica": {"start", "move", "boat", "teleport", "canal", "bridge", "relocate", "temple",
               "found", "take", "spend", "remove", "agree", "refuse", "end"},
    "tlatelolco-market": {"place", "coin", "pass", "shift", "king", "king skip", "pay", "buy",
                          "end"},
    "aztlan": {"choose", "place", "eagle", "move", "stay", "battle", "coexist", "sacred",
               "decline", "tlatoani", "bless", "rafts", "score", "wild"},
}


def test_together_the_lessons_have_the_learner_play_every_action_of_each_game():
    registry = get_registry()
    played: dict[str, set[str]] = {engine: set() for engine in ACTIONS}
    for lesson in registry.lessons().lessons.values():
        engine = registry.variants[lesson.variant].engine_id
        engine = {"mexica-neutral": "mexica"}.get(engine, engine)  # Mexica with neutrals
        for step in lesson.steps:
            for plan in step.accept:
                for action in plan:
                    played.setdefault(engine, set()).add(
                        action if action == "king skip" else action.split()[0])
    for engine, actions in ACTIONS.items():
        assert actions <= played[engine], f"{engine}: no lesson has {actions - played[engine]}"


def test_the_mexica_lesson_holds_the_rulebooks_examples_and_a_scoring_with_a_tie():
    lesson = load_lesson(config_dir() / "variants" / "lessons" / "mexica.yaml")
    game = lesson.start()
    events = []
    for step in lesson.steps:
        for action in (*(step.expect or ()), *step.replies):
            events.append((action, game.apply(action)))
    log = game.log
    # the rulebook's first example turn: boat (2 AP), walk (1), found (free, +4 and +2
    # presence), temple 3 (3), two AP tokens spent, temple 2 (2)
    first = ["boat f4", "move f5", "found g5", "temple d5 3", "spend", "spend", "temple d6 2"]
    start = log.index("boat f4")
    assert log[start:start + len(first)] == first
    founded = dict(events)["found g5"]
    assert sorted(e.points for e in founded if e.kind == "score") == [2, 4]
    # the second: three steps, a boat to the next bridge, a step off, an AP token taken
    second = ["move f6", "move e6", "move e7", "boat f7", "move f8", "take"]
    start = log.index("move f6")
    assert log[start:start + len(second)] == second
    # the first round's penning rule refuses a temple that would trap Ben on b2
    probe = lesson.start()
    for action in ("start c2", "start b2", "start g6"):
        probe.apply(action)
    assert "first round" in probe.why_not("temple b3 1").lower()
    # period 1's scoring: a tie in the 4-space district (both first, both full points)
    scored = [e for _a, evs in events for e in evs if e.kind == "score"
              and "4-space district" in e.text]
    assert {e.seat for e in scored} == {0, 1} and {e.points for e in scored} == {4}


def test_a_lesson_file_in_the_drop_in_folder_is_a_lesson_not_a_variant(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    write(folder, TWO_STEPS.format(cell="k3"))
    registry = Registry(plugin_folder=str(folder), entry_points=False)
    assert not registry.broken and "tiny" not in registry.variants
    lesson = registry.lessons().lessons["tiny"]
    assert lesson.provider.startswith("drop-in folder") and len(lesson.steps) == 2
