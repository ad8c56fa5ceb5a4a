"""The garbage collector's full passes, kept out of a game's frames.

Why: a full pass (the oldest generation) walks every object the program holds: fonts,
art, the rules' tables, the game's states. With a game loaded at 1080p that takes about
20 ms, so the frame it happens to fall in misses 60 fps (``benchmarks/remote.py`` caught
one in 600 frames). So when a game's screen comes up, one full pass runs between two
frames and what survives it is frozen (``gc.freeze``): the collector's later passes walk
only what was made since, a small part. The next game's pass unfreezes first, so what
the last game left behind in cycles is still freed, one game later at most.

A game keeps making objects that live (its states, the log, the phones' messages, the
caches): within a few minutes they made a full pass take 13 to 27 ms again, in the frame
thread or in a hub thread holding the interpreter. So every couple of seconds of a game,
between frames, what was made since the last freeze is passed over (a small part, quick)
and frozen too (:func:`tidy`).
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

#: frames of a game between two tidies (about two seconds at 60 fps)
TIDY_FRAMES = 120


def settle() -> None:
    """One full pass now, and what survives it left out of later passes."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def tidy() -> None:
    """A full pass over what was made since the last freeze (frozen objects are not
    walked), then what survives it frozen as well. Cycles that become garbage after they
    were frozen wait for the next game's settle, as in :func:`settle`."""
    gc.collect()
    gc.freeze()


class HeapSettler:
    """Settles the heap once for each new scene that asks for it (``settles_heap``): the
    play scene, whose frames must keep to 60 fps for a whole game."""

    def __init__(self) -> None:
        self._last: weakref.ReferenceType[Any] | None = None
        #: frames of the same game since the heap was last settled or tidied
        self._frames = 0

    def watch(self, top: Any) -> bool:
        """Called after a frame with the scene on top; True if it settled the heap (it
        also tidies it every :data:`TIDY_FRAMES` frames of the same game)."""
        if top is None or not getattr(top, "settles_heap", False):
            return False
        if self._last is not None and self._last() is top:
            self._frames += 1
            if self._frames >= TIDY_FRAMES:
                self._frames = 0
                tidy()
            return False
        self._last = weakref.ref(top)
        self._frames = 0
        settle()
        return True
