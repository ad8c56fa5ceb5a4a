"""Patolli's tests: the conformance kit, some rules, the asset file and the view.

The registry is built here from this package's plugin module, so they pass before and
after ``pip install -e .`` and whatever else is installed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from game.modkit import (
    IllegalAction,
    Registry,
    asset_file,
    check_variant,
    load_game,
    new_game,
    reset_registry,
)

from aztec_patolli.rules import PatolliRules

PACKAGE = Path(__file__).resolve().parents[1] / "aztec_patolli"


@pytest.fixture(autouse=True)
def registry():
    registry = Registry(entry_points=False, extra_plugins=("aztec_patolli.plugin",))
    reset_registry(registry)
    yield registry
    reset_registry()


def test_both_variants_load(registry):
    assert not [b for b in registry.broken if "patolli" in b.name + b.source], registry.broken
    quick = registry.variants["patolli-quick"]
    assert quick.engine_id == "patolli" and quick.params["track"] == 10
    assert quick.params["beans"] == 5  # inherited from patolli.yaml


@pytest.mark.parametrize("variant", ["patolli", "patolli-quick"])
def test_conformance_kit(variant):
    check_variant(variant)


def test_the_bean_picture_resolves_inside_the_package():
    for variant in ("patolli", "patolli-quick"):  # inherited: relative to patolli.yaml
        game = new_game(variant, 2)
        assert game.rules.params["bean_image"] == "art/bean.png"
        assert asset_file(game, "bean_image") == PACKAGE / "art" / "bean.png"


def _stack(game, seat_positions):
    """Put the stones where a test wants them (through a save, as JSON)."""
    data = game.rules.to_dict(game.state)
    data["pos"] = seat_positions
    game.state = game.rules.from_dict(data)


def test_a_throw_then_a_move_and_a_capture():
    game = new_game("patolli", 2, seed=3)
    _stack(game, [[0, 2], [0, 0]])
    game.state["roll"] = 3
    game.apply("move b")  # 2 -> 5: a temple, throw again
    assert game.state["pos"][0] == [0, 5] and game.current_player == 0
    game.state.update(turn=1, roll=5)
    events = game.apply("move a")  # 0 -> 5: captures player 1's stone b
    assert game.state["pos"] == [[0, 0], [5, 0]]
    assert [e.kind for e in events] == ["move", "capture", "temple"]


def test_coming_home_scores_and_the_last_stone_wins():
    game = new_game("patolli-quick", 2, seed=0)
    _stack(game, [[9], [0]])
    game.state["roll"] = 4  # past the last space: home
    game.apply("move a")
    assert game.is_over and game.winners == [0] and game.scores == [1, 0]


def test_illegal_actions_are_refused_with_a_reason():
    game = new_game("patolli", 2, seed=1)
    before = game.to_json()
    for action, reason in [("move a", "throw the beans first"), ("pass", "throw"),
                           ("move e", "not an action"), ("Throw", "not an action")]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(action)
    assert game.to_json() == before
    game.state["roll"] = 2
    with pytest.raises(IllegalAction, match="thrown already"):
        game.apply("throw")


def test_saves_keep_the_throw_and_the_dice_state():
    game = new_game("patolli", 3, seed=5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    assert load_game(game.to_json()).to_json() == game.to_json()


def test_a_temple_off_the_track_is_refused(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: patolli-bad\nextends: patolli\nname: Bad\n"
                   "parameters:\n  temples: [3, 40]\n", encoding="utf-8")
    registry = Registry(entry_points=False, extra_plugins=("aztec_patolli.plugin",))
    issues = registry.validate_file(bad)
    assert any("temples" in i.path for i in issues), issues
    assert PatolliRules.engine_id == "patolli"


def test_the_view_draws_and_turns_keys_into_actions():
    pygame = pytest.importorskip("pygame")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.modkit import Intent, Screen, Session

    from aztec_patolli.view import PatolliView

    pygame.font.init()
    screen = Screen(pygame.Surface((960, 540)))
    session = Session(new_game("patolli", 2, seed=2))
    view = PatolliView(session, None)
    area = (16.0, 128.0, 1344.0, 812.0)
    assert view.handle(Intent("confirm"), area) == "throw"
    while session.legal() == ["throw"]:
        session.apply("throw")
    view.draw(screen, area)
    view.draw_panel(screen, (1376.0, 128.0, 528.0, 392.0))
    assert view.handle(Intent("confirm"), area) in session.legal()
