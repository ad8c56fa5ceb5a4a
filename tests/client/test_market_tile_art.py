"""The Market's squares kept as pictures (issue 37): a square whose tile shows what it
showed before (the hole, a vendor at a count it had) is blitted from its kept picture,
not drawn again, and the picture is the very pixels drawing it gives (its see-through
shadow over the plaza beneath it)."""

from __future__ import annotations

from tests.client.test_damage import frame, shown
from tests.client.test_market_frames import late_market
from variants.market.view import tiles as vt


def test_a_square_shown_again_is_blitted_not_drawn(make_app, monkeypatch):
    app, play, following = late_market(make_app)
    for action in following[:4]:
        play.apply(action)
        for _ in range(150):
            frame(app)
    drawn: list[str] = []
    paint_tile, paint_hole = vt.paint_tile, vt.paint_hole
    monkeypatch.setattr(vt, "paint_tile", lambda *a, **k: (drawn.append("tile"),
                                                          paint_tile(*a, **k)))
    monkeypatch.setattr(vt, "paint_hole", lambda *a, **k: (drawn.append("hole"),
                                                          paint_hole(*a, **k)))
    view = play.view
    view._pieces.key = view._pieces.shows = None  # every piece painted again
    app.draw_whole()
    kept = shown()
    assert drawn == [], f"squares seen before were drawn again: {drawn}"
    view._tile_art.spills = True  # from now on every square is drawn
    view._pieces.key = view._pieces.shows = None
    app.draw_whole()
    assert len(drawn) == 16, "the squares were not drawn when nothing is kept"
    assert shown() == kept, "a kept square differs from drawing it"


def test_a_coin_leaves_the_holdings_card_as_it_was(make_app):
    """The holdings card shows who holds what: a coin put on a buyer (a pass's) moves no
    token, so the card keeps its key and is not painted again (0.4-0.5 ms at 1080p),
    though a buyer changed."""
    app, play, following = late_market(make_app)
    pay = next((i for i, action in enumerate(following) if action.startswith("coin ")), None)
    assert pay is not None, "no coin among the actions left"
    for action in following[:pay]:
        play.apply(action)
    for _ in range(150):
        frame(app)
    view = play.view
    before = {piece.key[0]: piece.key for piece in view._table.pieces
              if piece.key[0] != "buyer"}
    buyers = [piece.key for piece in view._table.pieces if piece.key[0] == "buyer"]
    play.apply(following[pay])
    for _ in range(150):
        frame(app)
    after = {piece.key[0]: piece.key for piece in view._table.pieces
             if piece.key[0] != "buyer"}
    assert buyers != [piece.key for piece in view._table.pieces if piece.key[0] == "buyer"]
    assert after["score"] == before["score"], "the holdings card changed for a coin"


def test_a_vendors_count_is_drawn_over_one_picture_for_five_and_more(make_app, monkeypatch):
    """A vendor shows at most five tokens: its picture without its count is kept once
    for every count of five and more (a purchase or a draw changes the count, not the
    pile), the count drawn over it; the pixels are those of drawing the tile whole."""
    from types import SimpleNamespace

    import pygame

    from game.kit.client import Layer, texture
    from game.ui.scenes.play import BOARD_AREA
    from variants.market.params import COLOURS
    from variants.market.view.layout import make_layout
    from variants.market.view.pieces import TileArt, square_piece

    app = make_app(size=(1920, 1080))
    screen = app.screen
    lay = make_layout(BOARD_AREA, 4)
    ground = Layer()
    scr = ground.fresh(screen, BOARD_AREA)
    scr.surface.blit(texture.reed(scr.surface.get_size(), (74, 58, 36), weave=scr.ln(30)),
                     (0, 0))
    ground.key = "plaza"
    art = TileArt()
    colour = COLOURS[0]
    market: list[str | None] = [None] * 16
    market[5] = colour

    def painted(count: int) -> bytes:
        state = SimpleNamespace(market=market, vendors=dict.fromkeys(COLOURS, count),
                                phase="turn")
        layer = Layer()
        out = layer.copy_of(ground, screen, BOARD_AREA)
        square_piece(lay, state, 5, "b2", False, (art, ground)).paint(out)
        return pygame.image.tobytes(out.surface, "RGB")

    def whole(count: int) -> bytes:
        state = SimpleNamespace(vendors=dict.fromkeys(COLOURS, count))
        layer = Layer()
        out = layer.copy_of(ground, screen, BOARD_AREA)
        x, y, cs, _cs = lay.square(5)
        vt.paint_tile(out, x, y, cs, colour, state, "b2")
        return pygame.image.tobytes(out.surface, "RGB")

    assert painted(7) == whole(7)
    drawn: list[int] = []
    paint_tile = vt.paint_tile
    monkeypatch.setattr(vt, "paint_tile", lambda *a, **k: (drawn.append(1),
                                                          paint_tile(*a, **k)))
    nine = painted(9)
    assert drawn == [], "a vendor of nine was drawn again after one of seven"
    monkeypatch.setattr(vt, "paint_tile", paint_tile)
    assert nine == whole(9), "the count over the kept picture differs from the whole tile"
    assert painted(3) == whole(3)
