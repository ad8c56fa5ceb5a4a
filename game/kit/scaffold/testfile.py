"""The tests ``aztec-arcade new-variant`` writes (see :mod:`game.kit.scaffold`): the
conformance kit, a few rules (one of them from a position written as data) and the board
view, in the package's ``tests/test___PKG__.py``."""

from __future__ import annotations

TESTS = '''\
"""Tests for __TITLE__: the conformance kit, a few rules and the board view.

They work before and after ``pip install -e .``: the registry is built here with this
package's plugin module, so nothing else installed can get in the way.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from game.modkit import (
    ENTRY_POINT_GROUP,
    IllegalAction,
    Registry,
    SaveError,
    check_catalogue,
    check_variant,
    from_position,
    load_game,
    new_game,
    play_script,
    render,
    reset_registry,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def registry():
    registry = Registry(entry_points=False, extra_plugins=("__PKG__.plugin",))
    reset_registry(registry)
    yield registry
    reset_registry()


def test_the_plugin_loads_cleanly(registry):
    mine = [b for b in registry.broken if "__PKG__" in b.name or "__NAME__" in b.name
            or "__NAME__" in b.source]
    assert not mine, mine
    assert "__NAME__" in registry.variants
    assert registry.rules["__NAME__"][1] == "__PKG__.plugin"


def test_the_entry_point_is_declared():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    entry_points = project["project"]["entry-points"][ENTRY_POINT_GROUP]
    assert entry_points == {"__NAME__": "__PKG__.plugin"}


def test_conformance_kit():
    check_variant("__NAME__")  # every player count, two seeded random games each


def test_the_player_reaching_the_last_space_wins():
    game = new_game("__NAME__", players=2, seed=0, options={"length": 5})
    for action in ["move 3", "move 1"]:
        game.apply(action)
    assert game.legal_actions() == ["move 1"]  # never past the last space
    game.apply("move 1")
    assert game.is_over and game.winners == [0] and game.scores == [4, 1]


def test_from_a_position_one_space_from_the_end_the_next_move_wins():
    # a position written as data: the state to_dict writes, with the parts that matter
    start = new_game("__NAME__", players=2, seed=0)
    last = start.rules.params["length"]
    state = start.rules.to_dict(start.state)
    state.update(pos=last - 1, turn=1, moved=[last - 6, 5])
    game = from_position("__NAME__", players=2, state=state)
    assert game.legal_actions() == ["move 1"]
    game.apply("move 1")
    assert game.is_over and game.winners == [1] and game.scores == [last - 6, 6]
    with pytest.raises(SaveError, match="position built for a test"):
        load_game(game.to_json())  # a position is never taken for a saved game


def test_illegal_actions_are_refused_with_a_reason():
    game = new_game("__NAME__", players=2, seed=0)
    before = game.to_json()
    for action, reason in [("move 4", "1 to 3"), ("jump", "write move N"),
                           ("move 01", "plainly")]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(action)
    assert game.to_json() == before


def test_the_game_reads_in_german():
    game = new_game("__NAME__", players=2, seed=0)
    event = game.apply("move 2")[0]
    assert render(event.text, "de", ["Ana", "Ben"]) == "Ana zieht den Läufer 2 weit auf Feld 2"
    assert render(event.text, "de", ["Ana", "Ben"], reader=0).startswith("Du ziehst")
    with pytest.raises(IllegalAction) as refused:
        game.apply("move 9")
    assert render(refused.value.args[0], "de").startswith("Ein Zug bewegt den Läufer")


def test_every_catalogue_holds_every_message_translated():
    # what `aztec-arcade validate __PKG__/` checks: a message the code says but a
    # catalogue lacks would show in English, other placeholders would fail when drawn
    catalogues = sorted((ROOT / "__PKG__" / "locale").glob("*/LC_MESSAGES/*.po"))
    assert catalogues
    for po in catalogues:
        assert check_catalogue(po) == [], po


def test_the_lesson_replays_on_the_engine(registry):
    found = registry.lessons()
    assert not found.broken, found.broken
    lesson = found.lessons["__NAME__"]
    game = play_script(lesson)  # every step's action and reply, checked as they load
    assert game.is_over and game.winners == [lesson.learner]


def test_the_view_draws_and_turns_keys_into_actions():
    pygame = pytest.importorskip("pygame")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.modkit import Intent, Screen, Session

    from __PKG__.view import __CLASS__View

    pygame.font.init()
    screen = Screen(pygame.Surface((960, 540)))
    session = Session(new_game("__NAME__", players=2, seed=0))
    view = __CLASS__View(session, None)
    area = (16.0, 128.0, 1344.0, 812.0)
    view.draw(screen, area)
    view.draw_panel(screen, (1376.0, 128.0, 528.0, 392.0))
    assert view.handle(Intent("digit", 2), area) == "move 2"
    view.handle(Intent("right"), area)
    assert view.handle(Intent("confirm"), area) == "move 2"
'''
