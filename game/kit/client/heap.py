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

Memory freed by the caches goes back to the system (Linux with glibc): the pixels of a
painted surface are one allocation each, and glibc serves one that was freed from its own
heap ever after (its threshold for giving large blocks their own mapping rises to the
largest block freed, up to 32 MB), so evicted art left holes the heap never gave back and
the client's memory only grew. :func:`keep_heap_small` fixes the threshold at glibc's
default (blocks from 128 KB are mapped, and unmapped when freed), and :func:`settle`
hands what the heap has free back to the system when a game's screen comes up.

The young generation's passes are kept out of a game's frames as well: by default one
runs whenever 700 more container objects live than at the last, which an action's frame
and the few after it reach (an action's states, events, log lines and words): a pass of
0.2 to 0.6 ms inside the frames that cost most already. While a game's screen shows, the
collector's own trigger is raised (:data:`HELD_YOUNG`) and the loop passes over the young
objects between frames instead, once as many as the default trigger's have gathered
(:func:`sweep`): the same passes, as often, where the loop would wait for the next
frame anyway; the raised trigger bounds what a burst in one frame (or a hub thread)
leaves unswept, so memory never grows without bound.
"""

from __future__ import annotations

import ctypes
import gc
import sys
import weakref
from collections.abc import Sequence
from typing import Any

#: frames of a game between two tidies (about two seconds at 60 fps)
TIDY_FRAMES = 120
#: the collector's default triggers (its young generation's, and how many young passes
#: make a middle one), restored when a game's screen goes
DEFAULTS = gc.get_threshold()
#: young objects past which the collector passes over them itself while a game shows:
#: only a burst the sweeps between frames did not meet (ten times the default)
HELD_YOUNG = 10 * DEFAULTS[0]
#: young objects from which the loop sweeps them between frames (the default trigger)
SWEEP_YOUNG = DEFAULTS[0]
#: allocations from this size have their own mapping, returned when freed (glibc's
#: default, kept from rising: see the module's notes)
MMAP_THRESHOLD = 128 * 1024
#: ``mallopt``'s parameter for it (glibc's malloc.h)
M_MMAP_THRESHOLD = -3


def _glibc() -> Any:
    """The C library's malloc controls, or None where they are not glibc's."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)  # the process's own symbols, the C library's among them
    except OSError:
        return None
    if not hasattr(libc, "mallopt") or not hasattr(libc, "malloc_trim"):
        return None  # musl and others: their own policies, nothing to set
    return libc


_LIBC = _glibc()


def keep_heap_small() -> None:
    """Large blocks (painted pixels) always get their own mapping, given back when freed."""
    if _LIBC is not None:
        _LIBC.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def trim() -> None:
    """Give the heap's free memory back to the system."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def settle() -> None:
    """One full pass now, and what survives it left out of later passes; from now on
    the young generation is swept between frames (:func:`sweep`)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    trim()
    gc.set_threshold(HELD_YOUNG, *DEFAULTS[1:])


def sweep() -> bool:
    """Between two frames of a game: the pass the collector would have made inside the
    next frame, made now, once :data:`SWEEP_YOUNG` young objects have gathered: the
    young generation, or with the middle one where the collector would take it too
    (every ``DEFAULTS[1]`` young passes). The oldest is left to :func:`tidy`. True if
    it passed."""
    young, middle, _old = gc.get_count()
    if young < SWEEP_YOUNG:
        return False
    gc.collect(1 if middle + 1 >= DEFAULTS[1] else 0)
    return True


def tidy() -> None:
    """A full pass over what was made since the last freeze (frozen objects are not
    walked), then what survives it frozen as well. Cycles that become garbage after they
    were frozen wait for the next game's settle, as in :func:`settle`. The heap's free
    memory goes back to the system too: over a long game the small blocks that texts,
    states and messages leave free, scattered between live ones, grew the heap's free
    part from 2 to 14 MB (``mallinfo2`` over 40,000 frames), held for nothing."""
    gc.collect()
    gc.freeze()
    trim()


def release() -> None:
    """Thaw and pass over everything: a game's screen has gone, and what it held in
    cycles (its board view, its layers, its session: frozen by :func:`tidy` while the
    game ran) is garbage now. Left frozen until the next game's settle, it stayed in
    memory through the results and the menus, under everything they paint (13 MB of
    layers alone at 1080p): the evening's highest points. Nothing is frozen again: the
    menus' frames need no shield from the collector."""
    gc.unfreeze()
    gc.collect()
    trim()
    gc.set_threshold(*DEFAULTS)


class HeapSettler:
    """Settles the heap once for each new scene that asks for it (``settles_heap``): the
    play scene, whose frames must keep to 60 fps for a whole game."""

    def __init__(self) -> None:
        keep_heap_small()
        self._last: weakref.ReferenceType[Any] | None = None
        #: frames of the same game since the heap was last settled or tidied
        self._frames = 0

    def watch(self, top: Any, stack: Sequence[Any] | None = None) -> bool:
        """Called after a frame with the scene on top (and the whole ``stack``); True if
        it settled the heap (it also tidies it every :data:`TIDY_FRAMES` frames of the
        same game and sweeps its young objects between the others, and releases it once
        the game's screen has left the stack)."""
        if top is None or not getattr(top, "settles_heap", False):
            if self._last is not None and stack is not None and self._left(stack):
                self._last = None
                release()
            return False
        if self._last is not None and self._last() is top:
            self._frames += 1
            if self._frames >= TIDY_FRAMES:
                self._frames = 0
                tidy()
            else:
                sweep()
            return False
        self._last = weakref.ref(top)
        self._frames = 0
        settle()
        return True

    def before_draw(self, stack: Sequence[Any]) -> None:
        """Called when a frame's updates are done, before it is drawn: if the last
        game's screen has left ``stack`` in them, what it held is freed now
        (:func:`release`), not after the next screen's first frame. That first frame
        paints the new screen's art (the results' lake and panels, 15 MB at 1080p) and,
        freed only after it, the game's layers and art were held beside it: the
        client's highest points over an evening."""
        if self._last is not None and self._left(stack):
            self._last = None
            release()

    def _left(self, stack: Sequence[Any]) -> bool:
        """Whether the last game's screen is gone from ``stack``. Apart from
        :meth:`watch` so that no reference to it is held while it is freed."""
        last = self._last() if self._last is not None else None
        return last is None or not any(scene is last for scene in stack)
