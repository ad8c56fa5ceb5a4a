"""The Market's pieces layer as pieces: each square's tile, each buyer, the margin cards.

Each piece has the key of what it shows, so the frame after a purchase paints again
only the square it left, the buyer it went to and the cards whose numbers moved
(:class:`game.kit.client.layers.PiecesLayer`); the others stay as they were painted.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

import pygame

from game.i18n import language
from game.kit.client import Layer, LruCache, Piece, Rect, Screen, Snapshot, theme
from variants.market.params import COLOURS
from variants.market.scoring import holdings
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
#: squares' pictures kept per ground (a vendor's count up to five, the king's, the holes),
#: about 0.16 MB each at 1080p; beyond it the one shown longest ago is forgotten
MOST_KEPT = 96


class TileArt:
    """Each square's picture as painted over the plaza, kept by what it shows: the frame
    after a purchase or a shift paints the squares whose tiles moved again, and a tile
    seen before (the hole, a vendor at a count it had) is one blit instead of its
    boxes, tokens and words (0.1-0.5 ms each at 1080p).

    Kept is the square's own rectangle painted over the ground (the plaza's pixels,
    the layer beneath the pieces), so the see-through shadow and gloss are blended with
    the very pixels they would be blended with. That holds while no square paints
    outside its own rectangle (a word hanging below a small tile would be under the
    next square's picture): the first picture that does is found when it is made, and
    from then on, on that ground, every square is drawn as before."""

    def __init__(self) -> None:
        self.ground: Hashable = None
        self.kept = LruCache(MOST_KEPT)
        #: a square painted outside its rectangle on this ground: nothing is kept
        self.spills = False

    def paint(self, ground: Layer, key: Hashable, square: Rect, reach: Rect,
              draw: Callable[[Screen], None], scr: Screen) -> None:
        """Blit the square's kept picture, or draw it (keeping it when it stays inside
        its square)."""
        below = ground.scr
        if below is None or below.surface.get_size() != scr.surface.get_size() or \
                Screen.recorder is not None or Snapshot.paint_always:
            # not over the ground it would be kept on, or a test reads every word drawn
            draw(scr)
            return
        if ground.key != self.ground:
            self.ground, self.spills = ground.key, False
            self.kept.clear()
        if self.spills:
            draw(scr)
            return
        at = scr.rect(*square)
        full = (key, language(), at.topleft, at.size)
        pixels = self.kept.get(full)
        if pixels is not None:
            scr.surface.blit(pixels, at.topleft)
            return
        draw(scr)
        self._keep(below.surface, scr, full, at, reach)

    def _keep(self, ground: pygame.Surface, scr: Screen, full: Hashable, at: pygame.Rect,
              reach: Rect) -> None:
        """Keep the square as just drawn over the ground, when all of its reach was
        drawn (the frame's clip) and nothing of it lies outside the square (else
        ``spills`` holds for this ground)."""
        surface = scr.surface
        prect = scr.rect(*reach)
        if not surface.get_clip().contains(prect):
            return  # drawn in part: kept another time
        if not ground.get_rect().contains(prect):
            self.spills = True  # at the layer's edge: drawn as before, all of them
            return
        # the strips of the reach right of and below the square: the ground's still?
        for strip in (pygame.Rect(at.right, prect.y, prect.right - at.right, prect.h),
                      pygame.Rect(prect.x, at.bottom, at.right - prect.x,
                                  prect.bottom - at.bottom)):
            if strip.w > 0 and strip.h > 0 and \
                    pygame.image.tobytes(surface.subsurface(strip), "RGB") != \
                    pygame.image.tobytes(ground.subsurface(strip), "RGB"):
                self.spills = True
                return
        self.kept.put(full, surface.subsurface(at).copy())


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
           hidden_buyers: frozenset[tuple[str, int]],
           kept: tuple[TileArt, Layer] | None = None) -> list[Piece]:
    """Every piece of the layer, in painting order. ``hidden``: squares whose tile is
    moving (the animation draws it); ``hidden_buyers``: buyers whose goods are flying
    to them (drawn without their goods); ``kept``: the squares' kept pictures and the
    ground they are kept over."""
    out = [square_piece(lay, s, sq, rules.table.geo.names[sq], sq in hidden, kept)
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
    # (what the card shows: who holds what, not the buyers' coins: a payment leaves it)
    score_key = ("score", tuple(scores), repr(holdings(s.buyers)), tuple(names),
                 tuple(colours), tuple(marks))
    out.append(Piece(score_key, grown(card("holdings"), CARD_REACH),
                     lambda scr: vp.paint_score(scr, card("holdings"), rules, s, names,
                                                colours, marks, scores)))
    return out


def square_piece(lay: Layout, s: Any, sq: int, name: str, hidden: bool,
                 kept: tuple[TileArt, Layer] | None = None) -> Piece:
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
    bounds = reaching(lay.square(sq), reach)
    draw = partial(paint_square, x, y, cs, tile, s, name, shows)
    if kept is not None and shows is not None:
        art, ground = kept
        if tile in COLOURS and vt.apart(cs):  # kept without its count: one picture for
            count = s.vendors[tile]  # every count of five and more, the count over it
            draw = partial(_counted, partial(
                art.paint, ground, (sq, tile, min(count, 5), s.phase == "place"),
                lay.square(sq), bounds, partial(paint_square, x, y, cs, tile, s, name, shows,
                                                counted=False)), x, y, cs, count)
        else:
            draw = partial(art.paint, ground, (sq, tile, shows, s.phase == "place"),
                           lay.square(sq), bounds, draw)
    return Piece(("square", shows), bounds, draw)


def _counted(draw: Callable[[Screen], None], x: float, y: float, cs: float, count: int,
             scr: Screen) -> None:
    """A vendor's tile without its count (its kept picture), then its count over it."""
    draw(scr)
    vt.vendor_count(scr, x, y, cs, count)


def paint_square(x: float, y: float, cs: float, tile: str | None, s: Any, name: str,
                 shows: Any, scr: Screen, counted: bool = True) -> None:
    if shows is None:
        return  # the tile is moving: the animation draws it
    if tile is None:
        if shows[0] == "place":
            scr.text(name, x + cs / 2, y + cs / 2, theme.readable(cs * 0.22), (150, 130, 100),
                     "center")
        else:
            vt.paint_hole(scr, x, y, cs, name)
    else:
        vt.paint_tile(scr, x, y, cs, tile, s, name, counted=counted)


def paint_buyer(rect: Rect, number: int, held: list[Any], colour: Any, mark: str,
                hide: bool, scr: Screen) -> None:
    vp.paint_buyer(scr, rect, number, held, colour, mark)
    if hide:  # its goods are on their way: painted over without them
        vp.paint_buyer(scr, rect, number, held, colour, mark, hide_goods=True)
