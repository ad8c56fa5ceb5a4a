"""The tutorial (docs/modding/tutorial.md) works on the package ``new-variant`` writes.

Its edit steps (``tests/modding/tutorial_steps.py`` reads them from the page) are applied
in order to a freshly generated ``pyramid-race``: the bonus-space rule with its parameter
and check, the short tracks given no bonus space, the test it adds, and the drawing.
Then, in this process: the plugin and its lesson load, the tutorial's own test passes,
the conformance kit passes over games with the bonus space, and the board draws.
``test_tutorial_steps.py`` follows every step, the commands too, in a real install.
"""

from __future__ import annotations

import sys

import pygame
import pytest

from game.core.errors import ConfigError
from game.core.lessons.model import play_script
from game.kit.scaffold import new_variant
from game.modkit import Registry, Screen, Session, check_variant, new_game, reset_registry

from .tutorial_steps import TUTORIAL, StepMismatch, steps


@pytest.fixture
def pyramid(tmp_path):
    target = new_variant("pyramid-race", tmp_path)
    sys.path.insert(0, str(target))
    yield target
    for name in [m for m in sys.modules if m.split(".")[0] == "pyramid_race"]:
        del sys.modules[name]


def test_every_section_that_changes_the_package_runs_its_tests_after():
    """The tutorial promises a green ``python -m pytest`` after each step: each section
    with an edit ends its steps with a run of the tests."""
    text = TUTORIAL.read_text(encoding="utf-8")
    heads = [i + 1 for i, line in enumerate(text.splitlines()) if line.startswith("## ")]
    sections: dict[int, list] = {}
    for step in steps():
        sections.setdefault(max(h for h in heads if h < step.line), []).append(step)
    edited = {s.args[0] for found in sections.values() for s in found
              if s.kind not in ("run", "skip")}
    assert edited == {"pyramid_race/pyramid-race.yaml", "pyramid_race/rules.py",
                      "pyramid_race/table.py", "pyramid_race/verbs.py",
                      "pyramid_race/view.py", "pyramid_race/lessons/pyramid-race.yaml",
                      "tests/test_pyramid_race.py",
                      "pyramid_race/locale/de/LC_MESSAGES/pyramid_race.po"}
    for found in sections.values():
        if any(s.kind not in ("run", "skip") for s in found):
            assert found[-1].kind == "run" and ["python", "-m", "pytest"] in \
                found[-1].commands(), f"the section at {found[0].where} ends untested"
    with pytest.raises(StepMismatch, match="without a '<!-- tutorial"):
        steps("<!-- tutorial: run -->\n```sh\nls\n```\n\n```python\nx = 1\n```\n")


def test_a_step_that_no_longer_fits_says_where(pyramid):
    [step] = steps("intro\n<!-- tutorial: replace pyramid_race/rules.py lines "
                   "'    colours = (' end -->\n```python\nx = 1\n```\n")
    with pytest.raises(StepMismatch, match=r"tutorial.md:3: no line of pyramid_race/rules"
                                           r"\.py starts with '    colours = \('"):
        step.apply(pyramid)


def test_the_tutorials_steps_work_on_the_generated_package(pyramid):
    for step in steps():
        if step.kind not in ("run", "skip"):
            step.apply(pyramid)

    registry = Registry(entry_points=False, extra_plugins=("pyramid_race.plugin",))
    assert not [b for b in registry.broken if "pyramid" in b.name + b.source], registry.broken
    assert registry.variants["pyramid-race"].params == {"length": 20, "max_step": 3,
                                                        "bonus": 7}
    reset_registry(registry)
    lessons = registry.lessons()  # the lesson on its short track still replays
    assert not lessons.broken, lessons.broken
    lesson = lessons.lessons["pyramid-race"]
    game = play_script(lesson)
    assert game.is_over and game.winners == [lesson.learner]

    added = next(s for s in steps() if s.kind == "append" and s.args[0].endswith(".py"))
    namespace = {"new_game": new_game}
    exec(compile(added.body, str(TUTORIAL), "exec"), namespace)  # the test it adds
    namespace["test_the_bonus_space_gives_another_turn"]()
    with pytest.raises(ConfigError, match="bonus: must lie before the last space"):
        new_game("pyramid-race", 2, options={"length": 5})
    check_variant("pyramid-race", players=2, games=3)

    from pyramid_race.view import PyramidRaceView

    pygame.font.init()
    session = Session(new_game("pyramid-race", 2, seed=0))
    board = PyramidRaceView(session, None)
    screen = Screen(pygame.Surface((960, 540)))
    board.draw(screen, (16.0, 128.0, 1344.0, 812.0))
    board.draw_panel(screen, (1376.0, 128.0, 528.0, 392.0))
