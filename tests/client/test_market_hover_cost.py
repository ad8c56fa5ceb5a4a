"""The Market's hover stays cheap (issue 37, its frame p99 of 17-23 ms at 1080p): moving
the pointer from buyer to buyer changes how many vendor options the side panel lists,
and each new panel height was new stone art, 5-9 ms a frame; the status line's frame was
cut around a two-line hover text the first time one came. Now the panel keeps one size
and the status line's frames are warmed with the board, so a pointer going over every
buyer and vendor of a board paints no new panel-sized art."""

from __future__ import annotations

from game.kit.client.art.cache import ART
from game.ui import showcase
from tools import market_showcase
from variants.market.view.layout import make_layout
from variants.market.view.panel import panel_layout

#: art this small (a mode chip, 1% of a 1080p screen) paints in a fraction of a millisecond
SMALL = 1920 * 1080 // 100


def test_pointing_at_every_buyer_and_vendor_paints_no_new_panel(make_app):
    app = make_app(size=(1920, 1080))
    play = market_showcase.midgame(app)
    view = play.view
    table = play.game.rules.table
    lay = make_layout(play.board_area, table.n)
    spots = [lay.buyer_centre(side, b) for side in table.sides for b in range(table.n)] \
        + [lay.centre(sq) for sq in range(table.geo.size)]
    showcase.frames(app, 5)
    before = set(ART._lru.keys())
    options = set()
    for x, y in spots:
        showcase.hover(app, x, y)
        showcase.frames(app, 1)
        options.add(len(panel_layout(view, view._panel_area).options))
    assert len(options) >= 3, f"the pointer met buyers with {sorted(options)} options only"
    # (a mode chip of another size is small art: a buyer whose options do not fit
    # under the hint squeezes the panel)
    painted = [(key, ART._lru.get(key).get_size()) for key in ART._lru.keys()
               if key not in before]
    large = [(str(key)[:60], size) for key, size in painted if size[0] * size[1] > SMALL]
    assert large == [], f"panel-sized art painted on hover: {large}"
