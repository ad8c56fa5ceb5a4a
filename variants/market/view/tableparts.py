"""The market's table as parts: the whole table (mat, plaza, bands and every piece, one
blit of the kept pieces layer), and over it a part for each piece that changed since the
last frame's parts were made.

After an action a few pieces change (the square a tile left and the one it entered, a
buyer, a card's number). As one part keyed by the game's version, the table was painted
again whole, the board's full area blitted (1.2 M pixels at 1080p, 1.5 ms). Now the
table's own key holds while its background does, and each changed piece is a part with
its old and new bounds: the frame repaints those rectangles only, from the kept layer
(the piece's part paints nothing of its own: the table under it already blitted its
pixels there). The parts are made once per change, not per frame: a part per piece every
frame would cost the compositor more than it saves.

The pieces are compared with those of the last parts made, and the frame after each is
composed from them, so each change is damaged once; a whole frame paints everything
anyway. Too many changed at once (a new game, a resize) and the table's key changes:
the whole table is painted, as the pieces layer then repaints whole too.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from game.kit.client import BoardPart, Piece, Screen, grown, union

Rect = tuple[float, float, float, float]
#: more changed pieces than this and the whole table is painted (then the pieces layer
#: repaints them all as well: many changes overlap their neighbours)
MOST_CHANGED = 12
#: logical units round a piece's bounds: the layer rounds them to its own pixels, the
#: frame to the screen's (a half pixel may round the other way)
ROUNDING = 2.0


class TableParts:
    """The pieces the table shows now, and the parts of those that changed."""

    def __init__(self) -> None:
        #: what the pieces follow (the view's ``shows``: background, version, motion)
        self.shows: Hashable = None
        self.pieces: list[Piece] = []
        #: bumped when the table is painted whole (its background or most pieces changed)
        self.epoch = 0
        self.changed: tuple[BoardPart, ...] = ()
        self._base: Hashable = None

    def follow(self, shows: Hashable, base: Hashable, pieces: Sequence[Piece]) -> None:
        """Take the pieces showing ``shows``, with the parts of those that differ from
        the pieces taken before (their key or bounds)."""
        old, new = self.pieces, list(pieces)
        self.shows, self.pieces = shows, new
        if base != self._base or len(old) != len(new):
            self._base = base
            self._whole()
            return
        changed = [(i, was, now) for i, (was, now) in enumerate(zip(old, new, strict=True))
                   if was.key != now.key or was.bounds != now.bounds]
        if len(changed) > MOST_CHANGED:
            self._whole()
            return
        self.changed = tuple(
            BoardPart(f"piece {i}", grown(union([was.bounds, now.bounds]), ROUNDING),
                      (self.epoch, now.key, now.bounds), _nothing)
            for i, was, now in changed)

    def _whole(self) -> None:
        self.epoch += 1
        self.changed = ()

    def key(self, base: Hashable) -> tuple[Any, ...]:
        """The whole table's key: its background, and each time it was painted whole."""
        return base, self.epoch


def _nothing(screen: Screen) -> None:
    """A changed piece's part: the table beneath it blitted its new pixels already."""
