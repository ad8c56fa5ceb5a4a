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
