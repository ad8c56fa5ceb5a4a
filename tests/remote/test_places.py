"""The places of the table picture (``BoardView.picture_places``): a phone's tap on one
opens the legal actions there, so every place must be where the picture shows it, and
every legal action that names a space must be at a place."""

from __future__ import annotations

import json

import pytest

from game.api import new_game
from game.remote.snapshot import default_table, picture_request
from game.rng import Rng
from game.ui.layout import BOARD_AREA
from tests.remote.test_pictures import painter  # noqa: F401 - the fixture


def places_of(painter, game) -> list[dict]:  # noqa: F811
    message = json.loads(painter.paint(picture_request(game, default_table(game.players), 1)))
    assert "error" not in message
    return message["places"]


def at(places: list[dict], action: str) -> list[str]:
    """The places of ``action`` as the page finds them: its words after the verb."""
    names = {p["name"] for p in places}
    return [w for w in action.split()[1:] if w in names]


@pytest.mark.parametrize("advance", [0, 3, 40])
def test_every_mexica_action_on_a_space_is_at_the_place_the_picture_shows(painter,  # noqa: F811
                                                                          advance):
    game = new_game("mexica", 3, seed=8)
    rng = Rng(8)
    for _ in range(advance):
        game.apply(game.playout_action(rng))
    places = places_of(painter, game)
    board = game.rules.board
    assert {p["name"] for p in places} == {board.names[c] for c in range(board.size)
                                           if c not in board.lake}
    # each place lies on its space: the view's own hit test, at the place's centre
    view = painter._view
    lay_area = BOARD_AREA
    screen = painter.app.screen
    from variants.mexica.view_layout import make_layout

    lay = make_layout(lay_area, board.width, board.height)
    for place in places:
        x, y, w, h = place["rect"]
        assert w > 4 and h > 4  # a picture of 960 px: a space is several pixels wide
        cell = lay.cell_at(screen.to_logical((x + w // 2, y + h // 2)))
        assert cell is not None and board.names[cell] == place["name"]
    assert view is not None
    # every legal action that names a space is at one; the others are the turn's own
    for action in game.legal_actions():
        if not at(places, action):
            assert action.split()[0] in ("end", "take", "spend", "remove", "agree",
                                         "refuse"), action


def test_a_game_whose_view_declares_no_places_sends_none(painter):  # noqa: F811
    game = new_game("tlatelolco-market", 2, seed=1)
    assert places_of(painter, game) == []


def test_a_failing_places_hook_costs_the_places_not_the_picture(painter,  # noqa: F811
                                                                monkeypatch):
    from variants.mexica.view import MexicaView

    def broken(self, area):
        raise RuntimeError("no places today")

    monkeypatch.setattr(MexicaView, "picture_places", broken)
    message = json.loads(painter.paint(picture_request(new_game("mexica", 2, seed=1),
                                                       default_table(2), 1)))
    assert message["jpeg"] and message["places"] == []
