"""The garbage collector's full passes, kept out of a game's frames.

Why: a full pass (the oldest generation) walks every object the program holds: fonts,
art, the rules' tables, the game's states. With a game loaded at 1080p that takes about
20 ms, so the frame it happens to fall in misses 60 fps (``benchmarks/remote.py`` caught
one in 600 frames). So when a game's screen comes up, one full pass runs between two
frames and what survives it is frozen (``gc.freeze``): the collector's later passes walk
only what was made since, a small part. The next game's pass unfreezes first, so what
the last game left behind in cycles is still freed, one game later at most.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any


def settle() -> None:
    """One full pass now, and what survives it left out of later passes."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class HeapSettler:
    """Settles the heap once for each new scene that asks for it (``settles_heap``): the
    play scene, whose frames must keep to 60 fps for a whole game."""

    def __init__(self) -> None:
        self._last: weakref.ReferenceType[Any] | None = None

    def watch(self, top: Any) -> bool:
        """Called after a frame with the scene on top; True if it settled the heap."""
        if top is None or not getattr(top, "settles_heap", False):
            return False
        if self._last is not None and self._last() is top:
            return False
        self._last = weakref.ref(top)
        settle()
        return True
