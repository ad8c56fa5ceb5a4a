"""The places of the table picture (``BoardView.picture_places``): a phone's tap on one
opens the legal actions there, so every place must be where the picture shows it, and
every legal action that names a space must be at a place."""

from __future__ import annotations

import json

import pytest

from game.api import new_game
from game.core.rng import Rng
from game.kit.client.layout import BOARD_AREA
from game.remote.snapshot import default_table, picture_request
from tests.remote.test_pictures import painter  # noqa: F401 - the fixture


def places_of(painter, game) -> list[dict]:  # noqa: F811
    message = json.loads(painter.paint(picture_request(game, default_table(game.players), 1)))
    assert "error" not in message
    return message["places"]


def at(places: list[dict], action: str, seat: int | None = None) -> list[dict]:
    """The places of ``action`` on ``seat``'s phone, as the page finds them (app.js
    ``holds``): the places of that seat or of none, whose name or other names (``also``)
    are among the action's words after the verb."""
    words = action.split()[1:]
    return [p for p in places if p.get("seat") in (None, seat)
            and any(w in words for w in [p["name"], *p.get("also", [])])]


def inside(polygon: list[list[float]], x: float, y: float) -> bool:
    """The page's point-in-polygon rule (app.js ``inside``)."""
    hit = False
    for (xi, yi), (xj, yj) in zip(polygon, polygon[-1:] + polygon[:-1], strict=True):
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
    return hit


def advanced(variant: str, players: int, seed: int, actions: int):
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(game.playout_action(rng))
    return game


@pytest.mark.parametrize("advance", [0, 3, 40])
def test_every_mexica_action_on_a_space_is_at_the_place_the_picture_shows(painter,  # noqa: F811
                                                                          advance):
    game = new_game("mexica", 3, seed=8)
    rng = Rng(8)
    for _ in range(advance):
        game.apply(game.playout_action(rng))
    places = places_of(painter, game)
    board = game.rules.table.board
    assert {p["name"] for p in places} == {board.names[c] for c in range(board.size)
                                           if c not in board.lake}
    # each place lies on its space: the view's own hit test, at the place's centre
    view = painter._view
    lay_area = BOARD_AREA
    screen = painter.app.screen
    from variants.mexica.view.layout import make_layout

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


def test_every_aztlan_action_on_a_territory_is_at_the_territory_the_picture_shows(
        painter):  # noqa: F811
    from variants.aztlan.view.layout import make_layout

    game = new_game("aztlan", 4, seed=2)
    for _ in range(12):
        game.apply(game.playout_action(Rng(2)))
    places = places_of(painter, game)
    island = game.rules.table.island
    assert [p["name"] for p in places] == island.ids
    assert {p["title"] for p in places} >= {"Maize Terraces (t1)", "Flint Heights (t30)"}
    view, screen = painter._view, painter.app.screen
    lay = make_layout(BOARD_AREA, view.geo)
    for i, place in enumerate(places):
        # the territory's label point (where its name is written) is inside the place,
        # and the view's own hit test says that territory there
        lx, ly = screen.px(*lay.pt(view.geo.label[i]))
        assert inside(place["polygon"], lx, ly), place["name"]
        assert view.geo.territory_at(*lay.to_map(screen.to_logical((lx, ly)))) == i


@pytest.mark.parametrize("variant,players", [("aztlan", 3), ("aztlan-2p", 2)])
def test_every_aztlan_action_naming_a_territory_is_held_by_its_places(painter,  # noqa: F811
                                                                       variant, players):
    ids = set(new_game(variant, players, seed=1).rules.table.island.ids)
    verbs_at_places: set[str] = set()
    for seed in (1, 2, 3):
        game = new_game(variant, players, seed=seed)
        rng = Rng(seed)
        places = None
        while not game.is_over:
            actions = game.legal_actions()
            placed = [a for a in actions if set(a.split()[1:]) & ids]
            if placed and (places is None or len(game.log) % 25 == 0):
                places = places_of(painter, game)  # the island does not move: repaint seldom
            for action in actions:
                named = set(action.split()[1:]) & ids
                if named:
                    assert {p["name"] for p in at(places, action)} == named, action
                    verbs_at_places.add(action.split()[0])
                else:
                    assert action.split()[0] in ("choose", "stay", "score", "bless", "wild",
                                                 "decline"), action
            game.apply(game.playout_action(rng))
    assert {"place", "move", "battle", "coexist"} <= verbs_at_places


def test_every_market_square_and_buyer_is_where_the_view_hits_it(painter):  # noqa: F811
    from variants.market.view.layout import make_layout

    game = advanced("tlatelolco-market", 4, 7, 40)
    places = places_of(painter, game)
    rules, screen = game.rules, painter.app.screen
    lay = make_layout(BOARD_AREA, rules.table.n, rules.table.sides)
    squares = [p for p in places if "seat" not in p]
    buyers = [p for p in places if "seat" in p]
    assert [p["name"] for p in squares] == rules.table.geo.names
    assert len(buyers) == 4 * 4
    for place in places:
        x, y, w, h = place["rect"]
        assert w > 4 and h > 4
        target = lay.hit(screen.to_logical((x + w / 2, y + h / 2)), rules.table.sides)
        if "seat" in place:
            assert target == ("buyer", rules.table.sides[place["seat"]], int(place["name"]) - 1)
        else:
            assert target == ("sq", rules.table.geo.names.index(place["name"]))
    # a vendor's square is also named by its colour, and says what lies there
    state = game.state
    for sq, tile in enumerate(state.market):
        place = squares[sq]
        if tile in ("black", "blue", "red", "green"):
            assert place["also"] == [tile] and place["title"].endswith(f"the {tile} vendor")
        else:
            assert "also" not in place
    assert any(p["title"].endswith("the hole") for p in squares)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_market_action_naming_a_square_buyer_or_vendor_is_held_by_its_places(
        painter, players):  # noqa: F811
    """A purchase is at the seat's own buyer and at the vendor it buys from; a move at
    its square; a coin at the buyer; only pass, end and leaving the king are not."""
    seen: set[str] = set()
    for seed in (1, 2):
        game = new_game("tlatelolco-market", players, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            seat = game.current_player
            places = places_of(painter, game)
            colours = {p["also"][0]: p["name"] for p in places if "also" in p}
            for action in game.legal_actions():
                verb, *words = action.split()
                held = at(places, action, seat)
                if verb in ("pass", "end") or action == "king skip":
                    assert held == [], action
                    continue
                seen.add(verb)
                assert held, action
                for place in held:  # another seat's buyer never holds this seat's action
                    assert place.get("seat") in (None, seat)
                if verb == "buy":
                    buyer, colour = words
                    assert sorted(p["name"] for p in held) == sorted([buyer, colours[colour]])
            game.apply(game.playout_action(rng))
            if len(game.log) > 120:
                break
    assert {"place", "coin", "shift", "buy", "king"} <= seen


def test_a_game_whose_view_declares_no_places_sends_none(painter, monkeypatch):  # noqa: F811
    from game.kit.client.boardview import BoardView
    from variants.market.view import MarketView

    monkeypatch.setattr(MarketView, "picture_places", BoardView.picture_places)
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


def test_the_market_places_are_titled_in_every_phones_language(painter):  # noqa: F811
    """The picture is one for every phone; its places carry a title in each language the
    phones read, from the catalogue ("b4: Händler Blau" on a German phone), and the
    television's as ``title``."""
    game = advanced("tlatelolco-market", 2, 7, 10)
    job = picture_request(game, default_table(2), 1, ["en", "de"])
    try:
        message = json.loads(painter.paint(job))
    finally:
        from game.i18n import set_language

        set_language("en")  # the painter set the television's language of the job
    squares = [p for p in message["places"] if "seat" not in p]
    buyers = [p for p in message["places"] if "seat" in p]
    state = game.state
    german = {"black": "Schwarz", "blue": "Blau", "red": "Rot", "green": "Grün"}
    for sq, tile in enumerate(state.market):
        place = squares[sq]
        assert place["titles"]["en"] == place["title"]
        if tile in german:
            assert place["title"] == f"{place['name']}: the {tile} vendor"
            assert place["titles"]["de"] == f"{place['name']}: Händler {german[tile]}"
    assert buyers[0]["titles"]["de"].startswith("Käufer 1 (")
