"""The Market's pieces layer as pieces: each square's tile, each buyer, the margin cards.

Each piece has the key of what it shows, so the frame after a purchase paints again
only the square it left, the buyer it went to and the cards whose numbers moved
(:class:`game.kit.client.layers.PiecesLayer`); the others stay as they were painted.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from game.kit.client import Piece, Rect, Screen, theme
from variants.market.params import COLOURS
from variants.market.view import paint as vp
from variants.market.view import tiles as vt
from variants.market.view.layout import Layout

#: how far past its square a tile's painting may reach, as a share of the square, to the
#: right and below: its shadow stays inside, but a word at the smallest readable size
#: may hang below or right of a small tile ("FREE"), and a buyer's count past its right
#: edge. Nothing reaches left or up, which spares some neighbours a repaint.
TILE_REACH = (0.0, 0.06)
FREE_REACH = (0.08, 0.06)  # the messenger's "FREE" badge
BUYER_REACH = (0.25, 0.06)
#: and a margin card's past its rectangle
CARD_REACH = 12.0


def grown(rect: Rect, by: float) -> Rect:
    x, y, w, h = rect
    return (x - by, y - by, w + 2 * by, h + 2 * by)


def reaching(rect: Rect, reach: tuple[float, float]) -> Rect:
    """``rect`` with room to the right and below, as shares of its smaller side."""
    x, y, w, h = rect
    m = min(w, h)
    return (x, y, w + reach[0] * m, h + reach[1] * m)


def card_bounds(screen: Screen, rect: Rect, words: tuple[str, str]) -> Rect:
    """A bag or supply card's bounds: its number and word start at 45% of its width and
    may run past its edge (a long word on a narrow card)."""
    x, y, w, h = grown(rect, CARD_REACH)
    start = rect[0] + rect[2] * 0.45
    number, word = words
    right = max(screen.text_width(number, theme.readable(theme.FONT_LARGE * 1.15)),
                screen.text_width(word, theme.FONT_SMALL))
    return (x, y, max(w, start + right + CARD_REACH - x), h)


def pieces(screen: Screen, lay: Layout, rules: Any, s: Any, names: list[str], colours: list[Any],
           marks: list[str], scores: list[int], hidden: frozenset[int],
           hidden_buyers: frozenset[tuple[str, int]]) -> list[Piece]:
    """Every piece of the layer, in painting order. ``hidden``: squares whose tile is
    moving (the animation draws it); ``hidden_buyers``: buyers whose goods are flying
    to them (drawn without their goods)."""
    out = [square_piece(lay, s, sq, rules.table.geo.names[sq], sq in hidden)
           for sq in range(len(s.market))]
    for seat, side in enumerate(rules.table.sides):
        colour = colours[seat] if seat < len(colours) else theme.NEUTRAL_COLOUR
        mark = marks[seat] if seat < len(marks) else "circle"
        for b in range(lay.n):
            rect = lay.buyer(side, b)
            held = s.buyers[seat][b]
            hide = (side, b) in hidden_buyers
            out.append(Piece(("buyer", repr(held), colour, mark, hide),
                             reaching(rect, BUYER_REACH),
                             partial(paint_buyer, rect, b + 1, held, colour, mark, hide)))
    bag, removed = sum(s.bag.values()), sum(s.removed.values())
    card = lay.card
    words = (str(bag), " ".join(vp.bag_words(bag)))
    out.append(Piece(("bag", bag, removed, words), card_bounds(screen, card("bag"), words),
                     lambda scr: vp.paint_bag(scr, card("bag"), bag, removed)))
    supply = s.supply
    words = (str(supply), " ".join(vp.supply_words()))
    out.append(Piece(("supply", supply, words), card_bounds(screen, card("supply"), words),
                     lambda scr: vp.paint_supply(scr, card("supply"), supply)))
    king = tuple(s.king[c] for c in COLOURS)
    out.append(Piece(("whims", king), grown(card("whims"), CARD_REACH),
                     lambda scr: vp.paint_whims(scr, card("whims"), s)))
    score_key = ("score", tuple(scores), repr(s.buyers), tuple(names), tuple(colours),
                 tuple(marks))
    out.append(Piece(score_key, grown(card("holdings"), CARD_REACH),
                     lambda scr: vp.paint_score(scr, card("holdings"), rules, s, names,
                                                colours, marks, scores)))
    return out


def square_piece(lay: Layout, s: Any, sq: int, name: str, hidden: bool) -> Piece:
    x, y, cs, _ = lay.square(sq)
    tile = s.market[sq]
    if hidden:
        shows: Any = None
    elif tile is None:
        shows = ("place" if s.phase == "place" else "hole",)
    elif tile in COLOURS:
        shows = (tile, s.vendors[tile])
    elif tile == "king":
        shows = (tile, tuple(s.king[c] for c in COLOURS))
    else:
        shows = (tile,)
    reach = FREE_REACH if tile == "messenger" else TILE_REACH
    return Piece(("square", shows), reaching(lay.square(sq), reach),
                 partial(paint_square, x, y, cs, tile, s, name, shows))


def paint_square(x: float, y: float, cs: float, tile: str | None, s: Any, name: str,
                 shows: Any, scr: Screen) -> None:
    if shows is None:
        return  # the tile is moving: the animation draws it
    if tile is None:
        if shows[0] == "place":
            scr.text(name, x + cs / 2, y + cs / 2, theme.readable(cs * 0.22), (150, 130, 100),
                     "center")
        else:
            vt.paint_hole(scr, x, y, cs, name)
    else:
        vt.paint_tile(scr, x, y, cs, tile, s, name)


def paint_buyer(rect: Rect, number: int, held: list[Any], colour: Any, mark: str,
                hide: bool, scr: Screen) -> None:
    vp.paint_buyer(scr, rect, number, held, colour, mark)
    if hide:  # its goods are on their way: painted over without them
        vp.paint_buyer(scr, rect, number, held, colour, mark, hide_goods=True)
