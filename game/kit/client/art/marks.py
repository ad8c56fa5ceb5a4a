"""The look of pieces no seat owns (Mexica for two's neutral temples): a colour and a
shape mark that no seat uses, so a neutral piece is never read as a player's.

The seats' marks are circle, square, triangle, diamond, star, cross and ring
(:data:`game.kit.client.theme.MARKS`); the neutral mark is a flat bar, "nobody's", unlike any of
them even at a glance. The neutral colour is slate: none of the palettes' seat colours
is grey, and slate stands out from sand, water and the panels alike.
"""

from __future__ import annotations

from game.kit.client.screen import Colour, Screen, draw_mark

#: the mark of pieces that belong to no seat
NEUTRAL_MARK = "neutral"
#: the colour of pieces that belong to no seat
NEUTRAL = (118, 126, 142)


def draw(scr: Screen, mark: str, x: float, y: float, r: float, colour: Colour) -> None:
    """A seat's shape mark centred on (x, y) (:func:`game.kit.client.screen.draw_mark`), or the
    neutral bar."""
    if mark == NEUTRAL_MARK:
        scr.box(x - r, y - r * 0.42, 2 * r, r * 0.84, colour, radius=r * 0.3)
    else:
        draw_mark(scr, mark, x, y, r, colour)
