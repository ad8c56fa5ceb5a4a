"""The pixels Aztlán's board view keeps between frames, in one object: the map's three
layers, the snapshots of the tracks, the decision panel and the seats' facts, and what
was painted ahead. Drawing fills them; nothing else in the view reads them.

Why apart from the view: drawing (``draw``) reaches these caches through the view's
``canvas`` alone, so the :class:`~variants.aztlan.view.ports.Painter` protocol names one
member for them, not seven, and forgetting them all (an undo, a replay's reset) is one
call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.kit.client import ChangeLog, Layer, PiecesLayer, Snapshot


def _snaps() -> dict[str, Snapshot]:
    return {"track": Snapshot(), "age": Snapshot(), "panel": Snapshot(), "spot": Snapshot()}


@dataclass
class Canvas:
    #: the island (repainted for a new layout), the pieces on it, the highlights over them
    static_layer: Layer = field(default_factory=Layer)
    pieces_layer: PiecesLayer = field(default_factory=PiecesLayer)
    over_layer: Layer = field(default_factory=Layer)
    #: the last changes of the pieces layer (keyed by what it shows) and of the
    #: highlights' layer (keyed as the map's part), the rectangles each painted again:
    #: the highlights' layer is patched from the first, the map's part says where it
    #: changed from the second (``BoardPart.changed``)
    pieces_log: ChangeLog = field(default_factory=ChangeLog)
    over_log: ChangeLog = field(default_factory=ChangeLog)
    #: the highlights on the highlights' layer: each mark's key and pixel rectangle
    marks_shown: list[Any] = field(default_factory=list)
    #: (from, to): the keys of the highlights' layer it could not be patched between
    unpatched: Any = None
    #: (its key and layout, the highlights' marks) and (the keys, where the map shown
    #: while the layer waits differs from it), listed once a frame, not per rectangle
    marks: Any = None
    owed: Any = None
    #: the score and age tracks' and the decision panel's contents, and each seat's
    #: facts, kept while what they show holds
    snaps: dict[str, Snapshot] = field(default_factory=_snaps)
    seat_snaps: dict[int, Snapshot] = field(default_factory=dict)
    #: the area, scale and seat colours the decision panel's frames were painted
    #: ahead for (one per seat, so a seat's first decision paints none)
    warmed: Any = None
    #: (the map's layout, territories whose conflict mark is in the sprite cache)
    fights_warmed: tuple[Any, int] = (None, 0)
    #: (the facts it follows, what the pieces layer shows): the map part's key, worked
    #: out once per model rather than every frame (``frame.board_parts``)
    shows: Any = None
    #: (the facts it follows, the decision, the side panel's layout for it)
    column: Any = None

    def forget(self) -> None:
        """Repaint what depends on the game's moment at the next frame. The map and
        pieces layers are kept: their keys say all they show (the pieces repaint where
        territories differ), so an undo or a replay's step costs the change."""
        self.over_layer.key = None
        self.marks = self.owed = self.unpatched = None
        self.pieces_layer.shows = None
        for snap in [*self.snaps.values(), *self.seat_snaps.values()]:
            snap.forget()
