"""Lessons as data: every shipped lesson replays on the engine, and a lesson that does
not is refused with the file, the line and the step."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from game.api import load_lesson
from game.cli import main
from game.core.errors import ConfigError
from game.core.hookspecs import hookimpl
from game.core.lessons.model import fill, play_script, position
from game.core.registry import Registry, get_registry, reset_registry
from game.kit.client.theme import PALETTE_COLOUR_NAMES
from tests.shipped import LESSON_FILES, lesson_file

LESSONS = LESSON_FILES

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
    lesson = load_lesson(lesson_file("mexica.yaml"))
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
    assert "first round" in str(probe.why_not("temple b3 1")).lower()
    # period 1's scoring: a tie in the 4-space district (both first, both full points)
    scored = [e for _a, evs in events for e in evs if e.kind == "score"
              and "4-space district" in str(e.text)]
    assert {e.seat for e in scored} == {0, 1} and {e.points for e in scored} == {4}


def test_a_lesson_starts_on_the_variants_it_was_checked_against(tmp_path):
    """A lesson of a variant from the drop-in folder plays on the registry that checked
    it, even once the process holds a registry without that variant (a reload, a test)."""
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "quick.yaml").write_text("id: mexica-quick\nname: Mexica (quick)\n"
                                       "extends: mexica\n", encoding="utf-8")
    write(folder, TWO_STEPS.format(cell="k3").replace("variant: mexica",
                                                      "variant: mexica-quick"))
    checked = Registry(plugin_folder=str(folder), entry_points=False)
    lesson = checked.lessons().lessons["tiny"]
    reset_registry(Registry(entry_points=False))
    assert "mexica-quick" not in get_registry().variants
    game = play_script(lesson)
    assert game.variant == "mexica-quick"
    assert game.log == ["start i7", "start h8", "temple k3 1"]
    assert lesson.start(checked).variant == "mexica-quick"


def test_a_lesson_file_in_the_drop_in_folder_is_a_lesson_not_a_variant(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    write(folder, TWO_STEPS.format(cell="k3"))
    registry = Registry(plugin_folder=str(folder), entry_points=False)
    assert not registry.broken and "tiny" not in registry.variants
    lesson = registry.lessons().lessons["tiny"]
    assert lesson.provider.startswith("drop-in folder") and len(lesson.steps) == 2


# ---------------------------------------------------------------------------------------
# the words of the lessons
# ---------------------------------------------------------------------------------------
#: every colour a text might name: the palettes' names for the seats' colours and the
#: pieces' colours in the boxes (the Aztlán tribes' blue, green, red and yellow)
COLOUR_WORDS = {w.lower() for names in PALETTE_COLOUR_NAMES.values() for w in names} | {
    "blue", "green", "red", "yellow", "orange", "purple", "white", "black", "pink", "brown",
    "grey", "gray", "violet", "cyan"}
#: "period 1 ends", "token 1 is": a numbered thing, then a verb, not a count and a noun
NUMBERED = re.compile(r"\b(period|age|step|buyer|seat|player|token|card|level|column|row|"
                      r"round) 1 \w+s\b", re.IGNORECASE)
ONE_MANY = re.compile(r"(?<![\d.,])\b1 (?!(?:is|was|has|does)\b)([A-Za-z]+s)\b")


def plural_slips(text: str) -> list[str]:
    """"1 pawns", "1 points": a count of one before a plural."""
    return [m.group(0) for m in ONE_MANY.finditer(NUMBERED.sub("", text))]


def data_names(value: Any, key: str = "") -> set[str]:
    """Every name a variant's own data gives (territories, lakes, goods, cards), but the
    colours of the pieces in the box, which the screen does not use."""
    if isinstance(value, dict):
        out = set()
        for k, v in value.items():
            if k != "colour":
                out |= {str(k)} | data_names(v, str(k))
        return out
    if isinstance(value, list):
        return {name for item in value for name in data_names(item, key)}
    return {value} if isinstance(value, str) else set()


def lesson_texts(lesson) -> list[str]:
    return [lesson.name, lesson.description, *(s.title for s in lesson.steps),
            *(s.text for s in lesson.steps)]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_names_seat_colours_as_the_screen_shows_them(path):
    """A seat's colour is the one the screen shows (the palette, the setup): a text says
    {colour} and the client fills it in, never a colour of its own ("You lead the People
    of the Quetzal, blue" while your pawns were orange). Names from the game's data stay
    ("Red Dunes", the Market's blue goods); a tribe named is one in play, the learner's
    where the text says so."""
    lesson = load_lesson(path)
    _spec, rules = get_registry().make_rules(lesson.variant, lesson.players,
                                             lesson.options or None)
    names = sorted(data_names(rules.params), key=len, reverse=True)
    for text in lesson_texts(lesson):
        rest = text
        for name in names:
            rest = re.sub(rf"\b{re.escape(name)}\b", " ", rest)
        said = {w for w in re.findall(r"[A-Za-z]+", rest) if w.lower() in COLOUR_WORDS}
        assert not said, f"{path.name}: {text!r} names a colour: write {{colour}}"
        armies = list(getattr(rules.table, "army_names", []))
        for tribe in re.findall(r"People of the \w+", text):
            assert tribe in armies, f"{path.name}: {tribe} plays no seat here ({armies})"
        mine = re.search(r"You lead the (People of the \w+)", text)
        if mine:
            assert mine.group(1) == armies[lesson.learner]
    seat_colours = ["orange", "sky", "green"]
    for step in lesson.steps:
        filled = fill(step.text, seat_colours, lesson.learner)
        assert "{" not in filled and (("{colour}" not in step.text) or
                                      seat_colours[lesson.learner] in filled)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_counts_in_the_right_number(path):
    for text in lesson_texts(load_lesson(path)):
        assert not plural_slips(text), f"{path.name}: {text!r}"


def test_the_plural_check_catches_a_slip_and_lets_a_numbered_thing_be():
    assert plural_slips("Place your 1 pawns on t3, 1 points") == ["1 pawns", "1 points"]
    assert plural_slips("period 1 ends; token 1 is gone; 1 AP; 1 pawn; 2 pawns; 21 pawns") \
        == []


def test_a_placeholder_that_cannot_be_filled_is_refused(tmp_path):
    good = TWO_STEPS.format(cell="k3").replace("Build a temple.",
                                               "Build a temple, {colour} like your Pilli.")
    assert load_lesson(write(tmp_path, good)).steps[1].text.endswith("{colour} like your Pilli.")
    for bad, why in (("{color}", "is not a placeholder"), ("{colour:5}", "seat 5 does not")):
        text = TWO_STEPS.format(cell="k3").replace("Build a temple.", f"Build a {bad} one.")
        with pytest.raises(ConfigError) as err:
            load_lesson(write(tmp_path, text))
        issue = err.value.issues[0]
        assert issue.line == 11 and why in issue.message, issue
