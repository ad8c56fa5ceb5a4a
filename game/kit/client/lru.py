"""Bounded caches for the client: the least recently used entry goes first.

Why bounded, and by what: a couch session lasts hours, and over one game after another
(four games, three window sizes, long names, hints) the client meets far more distinct
texts, panels and pieces than it ever shows at once. Every cache of the client is an
:class:`LruCache` bounded by entries and, where its entries hold pixels, by their bytes,
so the memory it holds stops growing once it is full (``benchmarks/memory.py --client``
measures a two-hour session; ``tests/client/test_memory.py`` checks each bound).

Pixel caches are bounded for a 1920x1080 window (:data:`BUDGET_PIXELS`): what a screen
needs at once grows with its pixels, so in a larger window (a 4K television) the byte
bounds in force grow in proportion (:func:`fit_to_window`), and a smaller window keeps the
1080p bounds.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import Any

from game.kit.client import heap

#: the window size (in pixels) the byte bounds are set for
BUDGET_PIXELS = 1920 * 1080

#: the process's own caches by name (the fonts, the rendered text, the art...), for the
#: memory benchmark and the tests to read how full each is
NAMED: dict[str, LruCache] = {}
#: the caches whose byte bound follows the window (:func:`fit_to_window`)
_PER_WINDOW: weakref.WeakSet[LruCache] = weakref.WeakSet()
#: the factor in force: the window's pixels over :data:`BUDGET_PIXELS`, at least 1
_factor = 1.0
#: the window's size the caches hold pixels for
_size: tuple[int, int] | None = None


class LruCache:
    """A dict that forgets its least recently used entries beyond ``entries`` (and
    beyond ``limit`` of the sizes given to :meth:`put`). With ``per_window``, ``limit``
    is the bound for a 1920x1080 window and grows with a larger one."""

    def __init__(self, entries: int, limit: float = float("inf"),
                 per_window: bool = False, name: str = "") -> None:
        self.entries = entries
        self.name = name
        #: the byte bound for a 1920x1080 window, and the one in force
        self.base_limit = limit
        self.limit = limit * _factor if per_window else limit
        self.size = 0.0
        self._data: OrderedDict[Any, tuple[Any, float]] = OrderedDict()
        if per_window:
            _PER_WINDOW.add(self)
        if name:
            NAMED[name] = self

    def __len__(self) -> int:
        return len(self._data)

    def keys(self) -> list[Any]:
        return list(self._data)

    def values(self) -> list[Any]:
        return [value for value, _size in self._data.values()]

    def get(self, key: Any) -> Any:
        hit = self._data.get(key)
        if hit is None:
            return None
        self._data.move_to_end(key)
        return hit[0]

    def pop(self, key: Any) -> Any:
        """Forget ``key`` and return what it held (None if nothing)."""
        hit = self._data.pop(key, None)
        if hit is None:
            return None
        self.size -= hit[1]
        return hit[0]

    def put(self, key: Any, value: Any, size: float = 0.0) -> None:
        """Keep ``value``; one larger than the whole byte bound is not kept (it would
        push out everything else, itself too, and again at every use)."""
        old = self._data.pop(key, None)
        if old is not None:
            self.size -= old[1]
        if size > self.limit:
            return
        self._data[key] = (value, size)
        self.size += size
        self._shrink()

    def set_limit(self, limit: float) -> None:
        """A new byte bound; entries beyond it are forgotten now."""
        self.limit = limit
        self._shrink()

    def _shrink(self) -> None:
        while self._data and (len(self._data) > self.entries or self.size > self.limit):
            _, (_, dropped) = self._data.popitem(last=False)
            self.size -= dropped

    def clear(self) -> None:
        self._data.clear()
        self.size = 0.0


def fit_to_window(size: tuple[int, int]) -> None:
    """The window is now ``size`` pixels: every per-window cache's byte bound follows,
    and a new size forgets what they hold. Their keys all hold the pixel size or the
    scale, so nothing painted for the old size shows at the new one, and keeping it while
    the new size is painted (the wall, the board, every panel in one frame) would hold
    both at once; the heap is trimmed after (see :mod:`game.kit.client.heap`)."""
    global _factor, _size
    _factor = max(1.0, size[0] * size[1] / BUDGET_PIXELS)
    changed = size != _size
    _size = size
    for cache in list(_PER_WINDOW):
        if changed:
            cache.clear()
        cache.set_limit(cache.base_limit * _factor)
    if changed:
        heap.trim()
