"""Small pieces painted once per look and size, then stamped with one blit.

A board's pieces (Mexica's temples and tokens, Aztlán's pawns and their counts) are
drawn from a dozen primitives each; repainting a board of them after an action took
milliseconds, enough to make the frame after an action the slowest of all. Stamped
from sprites, the same board is a few dozen blits.

The sprites have their own bounded cache rather than :data:`game.kit.client.art.cache.ART`:
a board holds hundreds of them, and sharing one bound would evict the large paintings
(the title's dusk, the wall) that are slow to paint again.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any, cast

import pygame

from game.kit.client import theme
from game.kit.client.art.cache import ArtCache
from game.kit.client.screen import Colour, Screen

#: bounds for a 1920x1080 window (more in a larger one). Why: a board's pieces at one
#: size are a few hundred small surfaces; the most a second of play stamped in the
#: scripted evening (``benchmarks/memory.py --client``) was 7.4 MB, four-player Aztlán at
#: 1080p, and a sprite painted again costs a tenth of a millisecond or two
SPRITE_ENTRIES = 2000
SPRITE_BYTES = 8 * 1024 * 1024

SPRITES = ArtCache(SPRITE_ENTRIES, SPRITE_BYTES, name="sprites")


def stamp(scr: Screen, key: tuple[Hashable, ...], x: float, y: float, w: float, h: float,
          margin: float, paint: Callable[..., None]) -> None:
    """Draw a piece through a cached sprite: ``paint(sub)`` draws it with the top left of
    its box (``w`` x ``h`` logical units, ``margin`` more on every side) at logical
    (0, 0). ``key`` must name everything the painting shows."""
    pad = math.ceil(margin * scr.scale) + 2

    def make() -> pygame.Surface:
        size = (math.ceil(w * scr.scale) + 2 * pad, math.ceil(h * scr.scale) + 2 * pad)
        sub = scr.derived(pygame.Surface(size, pygame.SRCALPHA), float(pad), float(pad))
        paint(sub)
        return sub.surface

    surface = SPRITES.get((*key, scr.scale, w, h, margin), make)
    px, py = scr.px(x, y)
    scr.surface.blit(surface, (px - pad, py - pad))


def stamp_in_place(scr: Screen, key: tuple[Hashable, ...], x: float, y: float, w: float,
                   h: float, margin: float, paint: Callable[[Screen], None]) -> None:
    """Like :func:`stamp`, for a painting tied to one place on the board (a territory's
    border): ``paint(sub)`` draws in ``scr``'s own logical coordinates, and the pixels
    come out exactly where painting on ``scr`` would put them. ``key`` must name the
    place too (the board's layout and the spot)."""
    surface, at = _in_place(scr, key, x, y, w, h, margin, paint)
    scr.surface.blit(surface, at)


def warm_in_place(scr: Screen, key: tuple[Hashable, ...], x: float, y: float, w: float,
                  h: float, margin: float, paint: Callable[[Screen], None]) -> None:
    """Paint the sprite :func:`stamp_in_place` would stamp with these arguments into the
    cache now, without drawing it: a quiet frame paints ahead what a busy one will need."""
    _in_place(scr, key, x, y, w, h, margin, paint)


def _in_place(scr: Screen, key: tuple[Hashable, ...], x: float, y: float, w: float, h: float,
              margin: float, paint: Callable[[Screen], None]
              ) -> tuple[pygame.Surface, tuple[int, int]]:
    """The sprite of :func:`stamp_in_place` and the pixel where it goes on ``scr``."""
    pad = math.ceil(margin * scr.scale) + 2
    px, py = scr.px(x, y)

    def make() -> pygame.Surface:
        size = (math.ceil(w * scr.scale) + 2 * pad, math.ceil(h * scr.scale) + 2 * pad)
        sub = scr.derived(pygame.Surface(size, pygame.SRCALPHA), pad + scr.ox - px,
                          pad + scr.oy - py)
        paint(sub)
        return sub.surface

    surface = SPRITES.get(("in place", *key, scr.scale, scr.ox % 1, scr.oy % 1, x, y, w, h,
                           margin), make)
    return surface, (px - pad, py - pad)


def halo_text(scr: Screen, text: str, x: float, y: float, size: float, colour: Any,
              anchor: str = "center", edge: Any = (20, 16, 12)) -> None:
    """Text with a dark outline, readable on any fill, drawn from one cached sprite (the
    outline is five copies of the text around it)."""
    size = theme.readable(size)
    if Screen.recorder is not None:  # the text-size tour sees every label drawn
        Screen.recorder.drawn(text, size, "")
    o = max(1.2, size * 0.06)
    opx = max(1, round(o * scr.scale))

    def make() -> pygame.Surface:
        body = scr.render(text, size, colour)
        rim = scr.render(text, size, _rgb(edge))
        w, h = body.get_size()
        surf = pygame.Surface((w + 2 * opx, h + 2 * opx), pygame.SRCALPHA)
        for dx, dy in ((-opx, 0), (opx, 0), (0, -opx), (0, opx), (opx, opx)):
            surf.blit(rim, (opx + dx, opx + dy))
        surf.blit(body, (opx, opx))
        return surf

    sprite = SPRITES.get(("halo", text, size, _rgb(colour), _rgb(edge), scr.scale), make)
    inner = sprite.get_rect().inflate(-2 * opx, -2 * opx)
    setattr(inner, anchor, scr.px(x, y))
    scr.surface.blit(sprite, (inner.x - opx, inner.y - opx))


def _rgb(colour: Colour) -> Colour:
    """A hashable colour (a view may hold its colours as lists or pygame Colors)."""
    return cast(Colour, tuple(colour))
