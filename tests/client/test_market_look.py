"""The Market's table as a group on a sofa reads it (issue 31, point 13): the market grid
takes the room the seats leave, every word on the table is at least the 28 px floor and
every count at the reading size, no word covers a tile's picture or another word, and no
heading or name is cut; with 2, 3 and 4 players, default and long names, at 1920x1080,
1280x720 and 1280x800."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from game.api import new_game
from game.core.rng import Rng
from game.kit.client import theme
from game.kit.client.layers import Layer, PiecesLayer
from game.kit.client.layout import BOARD_AREA
from game.kit.client.screen import Screen
from game.ui import showcase
from tests.client.conftest import Driver
from variants.market.view import tiles as vt
from variants.market.view.layout import CARDS, make_layout

SIZES = [(1920, 1080), (1280, 720), (1280, 800)]
LONG = ["Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl"]
CANVAS = 1920 * 1080
#: the grid's share of the canvas at least, by players (it was 13.1 % for every count
#: before the seats' sides gave their room to it; 3 players' 16 % went to 15.5 % when the
#: north and south names moved clear of the turn's frame)
GRID_SHARES = {2: 0.17, 3: 0.15, 4: 0.15}

Rect = tuple[float, float, float, float]


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


def inside(a: Rect, b: Rect) -> bool:
    return b[0] - 0.5 <= a[0] and b[1] - 0.5 <= a[1] and a[0] + a[2] <= b[0] + b[2] + 0.5 \
        and a[1] + a[3] <= b[1] + b[3] + 0.5


@dataclass
class Seen:
    """Every text the board draws: its words, logical rectangle (the letters' band of
    its line), size and role; and every line cut to fit."""

    texts: list[tuple[str, Rect]] = field(default_factory=list)
    sizes: list[tuple[str, float, str]] = field(default_factory=list)
    cuts: list[str] = field(default_factory=list)

    def drawn(self, text: str, size: float, role: str) -> None:
        self.sizes.append((text, size, role))

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        self.cuts.append(text)

    def placed(self, *args: object) -> None:
        """Where each text lands is read from ``Screen.text`` itself (below)."""


def board_texts(ui: Driver, monkeypatch) -> tuple[Seen, object]:
    """Draw the market's board afresh (its kept layers forgotten) and see its texts."""
    play = ui.top
    view = play.view
    view._static, view._pieces = Layer(), PiecesLayer()
    seen = Seen()
    draw_text = Screen.text

    def record(self, text, *args, **kwargs):  # the layers paint on screens of their own
        r = draw_text(self, text, *args, **kwargs)
        x, y = self.to_logical(r.topleft)
        w, h = r.width / self.scale, r.height / self.scale
        seen.texts.append((str(text), (x, y + h * 0.2, w, h * 0.6)))
        return r

    monkeypatch.setattr(Screen, "text", record)
    monkeypatch.setattr(Screen, "recorder", seen)
    view.draw(ui.app.screen, BOARD_AREA)
    monkeypatch.undo()
    return seen, view


def game_at(players: int, actions: int, seed: int = 2):
    game = new_game("tlatelolco-market", players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(game.playout_action(rng))
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_market_takes_the_room_the_seats_leave(make_app, players):
    """The grid grows into the sides no seat takes; every part of the table (the grid,
    each seat's buyers, strip and name, the four cards) stands inside the board area
    and apart from the others."""
    app = make_app(size=(1920, 1080), fullscreen=False)
    play = showcase.start_play(app, new_game("tlatelolco-market", players, seed=1))
    rules = play.view.rules
    lay = make_layout(BOARD_AREA, rules.table.n, rules.table.sides)
    x, y, w, h = lay.grid
    assert w * h / CANVAS >= GRID_SHARES[players]
    pad = lay.cs * 0.08  # the plaza round the grid
    parts = {"grid": (x - pad, y - pad, w + 2 * pad, h + 2 * pad)}
    for side in rules.table.sides:
        parts[f"{side} row"] = lay.side_row(side)
        parts[f"{side} strip"] = lay.band_rect(side)
        parts[f"{side} name"] = lay.label_rect(side)
    for role in CARDS:
        parts[role] = lay.card(role)
    for name, rect in parts.items():
        assert inside(rect, BOARD_AREA), name
    names = sorted(parts)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlaps(parts[a], parts[b]), (a, b)
    for side in rules.table.sides:  # the turn's frame pulses round the row and strip,
        rx, ry, rw, rh = lay.side_row(side)  # 12 out at its widest (overlay.paint_turn),
        bx, by, bw, bh = lay.band_rect(side)  # and a team's band 7 out: never over a name
        x0, y0 = min(rx, bx) - 11.5, min(ry, by) - 11.5  # (a card may touch it)
        frame = (x0, y0, max(rx + rw, bx + bw) + 11.5 - x0, max(ry + rh, by + bh) + 11.5 - y0)
        for other in rules.table.sides:
            assert not overlaps(frame, lay.label_rect(other)), (side, other)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("names", ["default", "long"])
def test_every_word_on_the_table_is_readable_and_apart(make_app, monkeypatch, size,
                                                       players, names):
    """No word under the floor, every count at the reading size; no line cut (a heading
    wraps, a long name steps down a size); no word over another; and on a tile, the
    words stand in their rows, above and below the picture, which holds only the
    counts."""
    ui = Driver(make_app(size=size, fullscreen=False))
    game = game_at(players, 40)
    play = showcase.start_play(ui.app, game)
    if names == "long":
        play.session.names[:players] = LONG[:players]
        play.session.version += 1
    ui.frames(2)
    seen, view = board_texts(ui, monkeypatch)
    assert seen.texts and not seen.cuts, seen.cuts
    for text, size_, role in seen.sizes:
        assert size_ >= theme.FONT_SMALL - 1e-6, (text, size_)
        if role in theme.MUST_READ:
            assert size_ >= theme.FONT_READ - 1e-6, (text, size_, role)
    texts = seen.texts
    for i, (a, ra) in enumerate(texts):
        for b, rb in texts[i + 1:]:
            shadow = a == b and abs(ra[0] - rb[0]) < 4 and abs(ra[1] - rb[1]) < 4
            assert shadow or not overlaps(ra, rb), (a, ra, b, rb)
    lay = make_layout(BOARD_AREA, view.rules.table.n, view.rules.table.sides)
    assert vt.roomy(lay.cs)
    top, art, _word = vt.rows(lay.cs)
    on_tiles = 0
    for sq in range(lay.n * lay.n):
        x, y, cs, _ = lay.square(sq)
        picture = (x, y + cs * 0.035 + top, cs, art)
        for text, r in texts:
            cx, cy = r[0] + r[2] / 2, r[1] + r[3] / 2
            if not (x <= cx < x + cs and y <= cy < y + cs):
                continue
            on_tiles += 1
            if text.isdigit() or text == "hole":
                continue  # the counts are the picture's own
            assert not overlaps(r, picture), (text, game.state.market[sq])
    assert on_tiles >= 16
    for side in view.rules.table.sides:  # every seat's whole name is on the table
        seat = view.rules.table.sides.index(side)
        assert any(play.session.names[seat] in text for text, _r in texts), side


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_panel_headline_is_never_cut(make_app, monkeypatch, players):
    """With long names, at every step of a game's first rounds, the side panel's
    headline says what the seat to move does, whole: a name too long to stand beside
    the round leaves the headline (the colour bar and the seat cards say whose turn)."""
    from game.kit.client.layout import panel_area
    from variants.market.view.panel import headline

    ui = Driver(make_app(size=(1280, 720), fullscreen=False))
    game = new_game("tlatelolco-market", players, seed=5)
    play = showcase.start_play(ui.app, game)
    play.session.names[:players] = LONG[:players]
    rng = Rng(5)
    view = play.view
    area = panel_area(players, view.seat_fact_lines)
    shortened = 0
    for _ in range(60):
        seen = Seen()
        drawn: list[str] = []
        draw_text = Screen.text

        def record(self, text, *args, _drawn=drawn, _draw=draw_text, **kwargs):
            _drawn.append(str(text))
            return _draw(self, text, *args, **kwargs)

        monkeypatch.setattr(Screen, "text", record)
        monkeypatch.setattr(Screen, "recorder", seen)
        view.draw_panel(ui.app.screen, area)
        monkeypatch.undo()
        heads = (headline(view), headline(view, named=False))
        assert not [cut for cut in seen.cuts if cut in heads], seen.cuts
        assert heads[0] in drawn or heads[1] in drawn
        shortened += headline(view) not in drawn
        play.apply(game.playout_action(rng))
    assert shortened  # the long names did not fit beside the round


@pytest.mark.parametrize("width, named", [(300.0, False), (520.0, True)])
def test_the_holdings_card_names_every_seat_or_none(make_app, monkeypatch, width, named):
    """Four seats on the holdings card: a narrow card (the four-seat table's) named
    only "Cy", whose name alone fitted, and left Ana, Ben and Dee to their marks, as if
    Cy were the only player there. Each row names its seat when every name fits whole,
    and none does otherwise (each row's colour and mark say whose it is)."""
    from tests.client.test_market_view import all_text
    from variants.market.view import paint as vp

    app = make_app(size=(1280, 800))
    game = game_at(4, 40)
    names = ["Ana", "Ben", "Cy", "Dee"]
    said = all_text(monkeypatch, lambda: vp.paint_score(
        app.screen, (100.0, 100.0, width, 320.0), game.rules, game.state, names,
        [theme.player_colour("okabe-ito", i) for i in range(4)], ["circle"] * 4,
        [0, 0, 0, 0]))
    shown = [name for name in names if name in said]
    assert shown == (names if named else [])
