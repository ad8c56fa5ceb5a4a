"""The tutorial (docs/modding/tutorial.md) works on the package ``new-variant`` writes.

Its code blocks are applied where the tutorial says, to a freshly generated
``pyramid-race``: the bonus-space rule with its parameter and check, the test it adds, and
the drawing. Then the tutorial's own test runs, the conformance kit passes over games with
the bonus space, and the board draws. When the scaffold changes, this says which step of
the tutorial no longer fits.
"""

from __future__ import annotations

import re
import sys

import pygame
import pytest

from game.errors import ConfigError
from game.modkit import Registry, Screen, Session, check_variant, new_game, reset_registry
from game.scaffold import new_variant

from .conftest import ROOT

TUTORIAL = ROOT / "docs" / "modding" / "tutorial.md"


def code_blocks(language: str) -> list[str]:
    text = TUTORIAL.read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def replace_between(text: str, start: str, end: str, new: str, step: str) -> str:
    """``text`` with the lines from ``start`` up to (not including) ``end`` replaced."""
    assert start in text and end in text[text.index(start):], (
        f"the tutorial's step '{step}' no longer fits the scaffold: {start.strip()!r} ... "
        f"{end.strip()!r} not found")
    at = text.index(start)
    return text[:at] + new + text[text.index(end, at):]


def insert_after(text: str, anchor: str, new: str, step: str) -> str:
    assert text.count(anchor) == 1, (
        f"the tutorial's step '{step}' no longer fits the scaffold: {anchor.strip()!r}")
    at = text.index(anchor) + len(anchor)
    return text[:at] + new + text[at:]


@pytest.fixture
def pyramid(tmp_path):
    target = new_variant("pyramid-race", tmp_path)
    sys.path.insert(0, str(target))
    yield target
    for name in [m for m in sys.modules if m.split(".")[0] == "pyramid_race"]:
        del sys.modules[name]


def test_the_tutorials_steps_work_on_the_generated_package(pyramid):
    schema, check, rule, test, drawing = code_blocks("python")
    parameters = next(b for b in code_blocks("yaml") if "length: 20" in b)

    rules = pyramid / "pyramid_race" / "rules.py"
    text = rules.read_text(encoding="utf-8")
    text = replace_between(text, "    parameters = Obj({", "    playout_limit", schema,
                           "declare it in the parameters schema")
    text = insert_after(text, '"always wins at once")\n', check, "check_params")
    text = replace_between(text, '        if state["pos"] == self.params["length"]:',
                           "        return action, events", rule, "the rule, in apply")
    rules.write_text(text, encoding="utf-8")

    variant = pyramid / "pyramid_race" / "pyramid-race.yaml"
    text = variant.read_text(encoding="utf-8")
    assert text.rstrip().endswith("max_step: 3     # most spaces one turn may move the "
                                  "runner"), "the YAML file no longer ends with its parameters"
    variant.write_text(text[:text.index("parameters:")] + parameters + "  bonus: 7\n",
                       encoding="utf-8")

    view = pyramid / "pyramid_race" / "view.py"
    text = view.read_text(encoding="utf-8")
    text = replace_between(text, "            if i == length:",
                           "            screen.box(x, y, w, h, fill, radius=10)", drawing,
                           "change the drawing")
    assert '"Reach the last space to win"]' in text, "draw_panel's lines moved"
    view.write_text(text.replace('"Reach the last space to win"]', '"Reach the last space to '
                                 'win", f"Space {self.rules.params[\'bonus\']} moves again"]'),
                    encoding="utf-8")

    registry = Registry(entry_points=False, extra_plugins=("pyramid_race.plugin",))
    assert not [b for b in registry.broken if "pyramid" in b.name + b.source], registry.broken
    assert registry.variants["pyramid-race"].params == {"length": 20, "max_step": 3,
                                                        "bonus": 7}
    reset_registry(registry)
    namespace = {"new_game": new_game}
    exec(compile(test, str(TUTORIAL), "exec"), namespace)  # the test the tutorial adds
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
