"""One bounded cache for every painted piece of art, with counters a test can read.

Art is keyed by what it shows and its size in pixels, so a resize paints afresh and an
unchanged frame paints nothing: ``renders`` counts the paintings, ``hits`` the reuses.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.kit.client.lru import LruCache

#: bounds: entries and pixel bytes, for a 1920x1080 window (more in a larger one, see
#: :mod:`game.kit.client.lru`). Why 32 MB: what one screen paints is at most about 25 MB at
#: 1080p (the wall, 8 MB; a board's textures, 3.5 MB each at 24 bits; the panels
#: themselves), and the menus over it take a few more. Measured over 20,000 frames of a
#: scripted evening with a menu every 15 s and a resize every 42 s
#: (``benchmarks/memory.py --client``, /tmp-style probe counting art over 1 MB painted
#: again under the same key): 60 such repaints at 32 MB, 46 at 40 MB, nearly all on the
#: way back to a window size just left; the highest resident set was the same (178 MB).
#: Panels were once cut from a 7 MB slab per fill colour, kept here too, for which 40 MB
#: was needed; each panel now paints its own stone and keeps only itself, and the 8 MB
#: saved keep a two-hour game further under 200 MB. A panel under a kept part (the status
#: line, a side panel) keeps only pieces, its stone once for every seat's colour: what a
#: late 1080p play screen keeps is 16-18 MB of each game (``tests/client/test_art_budget``,
#: at most 80 % of the bound; 26-35 MB when each colour's panel was kept whole, so what
#: was painted ahead went first). Entries: a screen holds a few hundred small pieces
#: (glows, tiles, a panel's sets of pieces), each a few hundred bytes of bookkeeping.
ART_ENTRIES = 800
ART_BYTES = 32 * 1024 * 1024

#: a piece of art and where it goes (pixels, from its whole's top left)
Piece = tuple[pygame.Surface, tuple[int, int]]


class ArtCache:
    def __init__(self, entries: int = ART_ENTRIES, limit: int = ART_BYTES,
                 name: str = "") -> None:
        self._lru = LruCache(entries, limit, per_window=True, name=name)
        self.renders = 0
        self.hits = 0

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface for ``key``, painted by ``make`` the first time only."""
        surf: pygame.Surface | None = self._lru.get(key)
        if surf is not None:
            self.hits += 1
            return surf
        surf = _encoded(make())
        self.renders += 1
        self._lru.put(key, surf, _bytes(surf))
        return surf

    def get_pieces(self, key: Hashable, make: Callable[..., list[Piece]],
                   *args: Any) -> tuple[Piece, ...]:
        """The pieces for ``key`` (surfaces and where each goes), cut by ``make(*args)``
        the first time only: kept, counted and forgotten together, as one piece of art.
        Why together: art drawn as a dozen pieces each frame took a dozen lookups a
        frame (and ``args``: no closure made each frame for a cut made once)."""
        pieces: tuple[Piece, ...] | None = self._lru.get(key)
        if pieces is not None:
            self.hits += 1
            return pieces
        pieces = tuple((_encoded(surf), at) for surf, at in make(*args))
        self.renders += 1
        self._lru.put(key, pieces, sum(_bytes(surf) for surf, _at in pieces))
        return pieces

    def peek(self, key: Hashable) -> pygame.Surface | None:
        """The surface kept for ``key``, if it is (nothing painted, nothing counted)."""
        surf: pygame.Surface | None = self._lru.get(key)
        return surf

    def __len__(self) -> int:
        return len(self._lru)

    def clear(self) -> None:
        self._lru.clear()


def _encoded(surf: pygame.Surface) -> pygame.Surface:
    if surf.get_flags() & pygame.SRCALPHA:
        # run-length encoded: a panel is opaque inside and clear outside its shadow,
        # so its blits skip most of the blending (about 2.5 times faster)
        surf.set_alpha(255, pygame.RLEACCEL)
    return surf


def _bytes(surf: pygame.Surface) -> int:
    w, h = surf.get_size()
    return w * h * surf.get_bytesize()


def prime(dest: pygame.Surface, surf: pygame.Surface) -> None:
    """Blit one pixel of ``surf`` onto ``dest``, then put that pixel back as it was.

    Why: SDL run-length encodes a surface kept with RLEACCEL (all cached art) at its
    first blit onto a destination, and again whenever it is blitted onto another one:
    1.5-3 ms for a side panel at 1080p against 0.1 ms for each later blit. Art warmed
    for a frame to come is primed onto the surface that frame draws on, so that frame
    does not pay for the encoding either."""
    if not dest.get_width() or not dest.get_height():
        return
    clip = dest.get_clip()
    dest.set_clip(None)
    try:
        old = dest.get_at((0, 0))
        dest.blit(surf, (0, 0), pygame.Rect(0, 0, 1, 1))
        dest.set_at((0, 0), old)
    finally:
        dest.set_clip(clip)


ART = ArtCache(name="art")
