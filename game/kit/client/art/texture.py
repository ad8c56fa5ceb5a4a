"""Procedural textures: value noise, basalt and limestone, woven reed and lake water.

No numpy: a small grid of seeded random values is scaled up smoothly by pygame (in C), and
a few such octaves are added and subtracted, so a full-screen texture takes milliseconds.
The same seed gives the same pixels on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.kit.client.art import palette
from game.kit.client.art.cache import ART

Size = tuple[int, int]
RGB = tuple[int, int, int]


def _grid(cells: Size, amp: int, rng: random.Random) -> pygame.Surface:
    """A grey grid of ``cells`` random values in 0..amp."""
    w, h = cells
    indexed = pygame.image.frombytes(rng.randbytes(w * h), (w, h), "P")
    indexed.set_palette([(v,) * 3 for v in (i * amp // 255 for i in range(256))])
    out = pygame.Surface((w, h), 0, 32)
    out.blit(indexed, (0, 0))
    return out


def grain(surf: pygame.Surface, seed: int, octaves: tuple[tuple[float, int], ...]) -> None:
    """Add signed value noise to ``surf`` in place: per octave (cell size in pixels,
    amplitude 0-255) a grid of 0..amp is added and amp/2 taken off again (one scaling
    per octave)."""
    rng = random.Random(seed)
    size = surf.get_size()
    # one for every octave, at 32 bits: scaling into 24 bits makes a 32-bit copy of the
    # whole size on the way (the same pixels; 9 MB more for a moment, for a panels' slab)
    layer = pygame.Surface(size, 0, 32)
    for cell, amp in octaves:
        cells = (max(2, round(size[0] / cell) + 2), max(2, round(size[1] / cell) + 2))
        pygame.transform.smoothscale(_grid(cells, amp, rng), size, layer)
        surf.blit(layer, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        surf.fill((amp // 2,) * 3, special_flags=pygame.BLEND_RGB_SUB)


def shade(colour: RGB, k: float) -> RGB:
    """``colour`` lightened (k > 0, towards white) or darkened (k < 0, towards black)."""
    if k >= 0:
        return tuple(round(c + (255 - c) * k) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * (1 + k)) for c in colour)  # type: ignore[return-value]


def stone(size: Size, base: RGB, seed: int = 1, blocks: float = 0.0,
          keep: bool = True, coarse: float | None = None) -> pygame.Surface:
    """A stone surface: ``base`` with grain and, if ``blocks`` (a course's height in
    pixels), courses of dressed blocks with lit and shaded joints. ``keep=False``: a
    new surface, not kept in the art cache, for art that is itself kept and is all
    that uses it (the wall: a second copy of the screen's size held for nothing).
    ``coarse``: the grain's scale (its largest octave is 90 times it, in pixels);
    by default it follows the surface's size, so that panels of every size can share
    one grain they give it."""
    if not keep:
        return _stone(size, base, seed, blocks, coarse)
    key = ("stone", size, base, seed, round(blocks), coarse)
    return ART.get(key, lambda: _stone(size, base, seed, blocks, coarse))


def _stone(size: Size, base: RGB, seed: int, blocks: float,
           coarse: float | None = None) -> pygame.Surface:
    # three bytes a pixel, not four: a texture is cut from, never blitted every frame, and
    # the art cache holds a quarter more of them (the same pixels as at 32 bits)
    surf = pygame.Surface(size, 0, 24)
    surf.fill(base)
    scale = coarse if coarse is not None else max(1.0, min(size) / 200)
    grain(surf, seed, ((90 * scale, 26), (22 * scale, 20), (4, 18)))
    if blocks >= 6:
        rng = random.Random(seed + 7)
        dark, light = shade(base, -0.35), shade(base, 0.12)
        course = blocks
        y, row = 0.0, 0
        w, h = size
        while y < h:
            top = round(y)
            pygame.draw.line(surf, dark, (0, top), (w, top), max(1, round(course / 16)))
            pygame.draw.line(surf, light, (0, top + 1), (w, top + 1))
            x = -rng.uniform(0, course * 2)
            while x < w:
                x += rng.uniform(course * 1.6, course * 3.2)
                xi = round(x)
                pygame.draw.line(surf, dark, (xi, top), (xi, round(y + course)),
                                 max(1, round(course / 16)))
                pygame.draw.line(surf, light, (xi + 1, top + 1), (xi + 1, round(y + course)))
            y += course
            row += 1
    return surf


def reed(size: Size, base: RGB = palette.REED, seed: int = 3,
         weave: float = 24.0) -> pygame.Surface:
    """A woven reed mat (petate): squares of ``weave`` pixels, strands running across
    and down in turn, each strand lit on one side."""
    key = ("reed", size, base, seed, round(weave))
    return ART.get(key, lambda: _reed(size, base, seed, weave))


def _reed(size: Size, base: RGB, seed: int, weave: float) -> pygame.Surface:
    surf = pygame.Surface(size)
    surf.fill(base)
    w, h = size
    dark, light, mid = shade(base, -0.3), shade(base, 0.18), shade(base, -0.12)
    strands = 4
    step = max(3.0, weave / strands)
    rows, cols = int(h / weave) + 2, int(w / weave) + 2
    for r in range(rows):
        for c in range(cols):
            x0, y0 = c * weave, r * weave
            across = (r + c) % 2 == 0
            pygame.draw.rect(surf, base if across else mid,
                             (round(x0), round(y0), round(weave) + 1, round(weave) + 1))
            for i in range(strands):
                o = i * step
                if across:
                    y = round(y0 + o)
                    pygame.draw.line(surf, dark, (round(x0), y), (round(x0 + weave), y))
                    pygame.draw.line(surf, light, (round(x0), y + 1), (round(x0 + weave), y + 1))
                else:
                    x = round(x0 + o)
                    pygame.draw.line(surf, dark, (x, round(y0)), (x, round(y0 + weave)))
                    pygame.draw.line(surf, light, (x + 1, round(y0)), (x + 1, round(y0 + weave)))
    grain(surf, seed, ((max(8.0, weave * 3), 24), (3, 16)))
    return surf


def water(size: Size, base: RGB = palette.WATER, seed: int = 5,
          ripple: float = 18.0, tile: bool = False) -> pygame.Surface:
    """Lake water: depth in grain and short lit ripples. ``tile``: the right edge runs
    on into the left, so the strip can scroll (the moving water of the menus)."""
    key = ("water", size, base, seed, round(ripple), tile)
    return ART.get(key, lambda: _water(size, base, seed, ripple, tile))


def _water(size: Size, base: RGB, seed: int, ripple: float, tile: bool) -> pygame.Surface:
    w, h = size
    overlap = max(8, w // 8) if tile else 0
    surf = pygame.Surface((w + overlap, h))
    surf.fill(base)
    grain(surf, seed, ((max(12.0, ripple * 5), 32), (max(3.0, ripple / 2), 12)))
    rng = random.Random(seed + 11)
    light, dark = shade(base, 0.35), shade(base, -0.3)
    count = int((w + overlap) * h / (ripple * ripple * 5)) + 1
    thick = max(1, round(ripple / 9))
    for _ in range(count):
        x, y = rng.uniform(0, w + overlap), rng.uniform(0, h)
        length = rng.uniform(ripple * 0.6, ripple * 1.4)
        rect = pygame.Rect(round(x - length / 2), round(y - ripple * 0.25), round(length),
                           max(2, round(ripple * 0.5)))
        pygame.draw.arc(surf, dark, rect.move(0, thick), 0.4, 2.7, thick)
        pygame.draw.arc(surf, light, rect, 0.4, 2.7, thick)
    if not tile:
        return surf
    # seamless: what lies past the right edge fades in over the left edge, so the strip's
    # last column runs on into its first
    tail = pygame.Surface((overlap, h), pygame.SRCALPHA)
    tail.blit(surf, (0, 0), pygame.Rect(w, 0, overlap, h))
    ramp = pygame.Surface((overlap, 1), pygame.SRCALPHA)
    for x in range(overlap):
        ramp.set_at((x, 0), (255, 255, 255, round(255 * (1 - x / overlap))))
    tail.blit(pygame.transform.scale(ramp, (overlap, h)), (0, 0),
              special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(tail, (0, 0))
    return surf.subsurface((0, 0, w, h)).copy()


def tile(dest: pygame.Surface, texture: pygame.Surface, offset: tuple[int, int] = (0, 0),
         mirror: bool = False) -> None:
    """Cover ``dest`` with copies of ``texture``. ``mirror``: every other copy is flipped,
    so that neighbours meet edge to edge without a seam (for grain, whose copies would
    not). A flipped copy is made for its place and dropped: kept for the next place, the
    three flips of a panel's stone held 6 MB at once."""
    tw, th = texture.get_size()
    w, h = dest.get_size()
    for row, y in enumerate(range(-(offset[1] % th), h, th)):
        for col, x in enumerate(range(-(offset[0] % tw), w, tw)):
            flip = (mirror and col % 2 == 1, mirror and row % 2 == 1)
            dest.blit(pygame.transform.flip(texture, *flip) if any(flip) else texture,
                      (x, y))


def masked(texture: pygame.Surface, size: Size, radius: int,
           offset: tuple[int, int] = (0, 0),
           paint: Callable[[pygame.Surface], None] | None = None,
           mirror: bool = False) -> pygame.Surface:
    """A rounded-rectangle cut of ``texture`` (tiled if smaller, see :func:`tile`), with
    alpha; ``paint`` draws on it before the corners are cut."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    tile(out, texture, offset, mirror)
    if paint is not None:
        paint(out)
    cut_corners(out, radius)
    return out


def masked_onto(dest: pygame.Surface, texture: pygame.Surface, radius: int,
                paint: Callable[[pygame.Surface], None] | None = None,
                mirror: bool = False) -> None:
    """Blit :func:`masked` (``dest``'s size) onto ``dest``, the same pixels, without a
    second surface of that size: the texture is tiled straight into ``dest`` and only the
    corners, where what lies below shows through, are blended over a copy of it. A
    panel the size of the screen took 7 MB more for a moment through :func:`masked`.
    ``texture`` must be opaque (no per-pixel alpha), as a stone is."""
    w, h = dest.get_size()
    c = radius + 2  # a corner's square, as in cut_corners
    if w < 2 * c + 2 or h < 2 * c + 2:
        dest.blit(masked(texture, (w, h), radius, paint=paint, mirror=mirror), (0, 0))
        return
    boxes = [pygame.Rect(x, y, c, c) for x, y in ((0, 0), (w - c, 0), (0, h - c),
                                                  (w - c, h - c))]
    below = [dest.subsurface(box).copy() for box in boxes]
    tile(dest, texture, mirror=mirror)
    if paint is not None:
        paint(dest)
    corners = _corner_mask(c, radius)
    for box, under, (sx, sy) in zip(boxes, below, ((0, 0), (c, 0), (0, c), (c, c)),
                                    strict=True):
        top = dest.subsurface(box).copy()
        top.blit(corners, (0, 0), pygame.Rect(sx, sy, c, c),
                 special_flags=pygame.BLEND_RGBA_MULT)
        under.blit(top, (0, 0))
        # a plain copy back: cleared, then the larger of each channel
        dest.fill((0, 0, 0, 0), box)
        dest.blit(under, box.topleft, special_flags=pygame.BLEND_RGBA_MAX)


def _corner_mask(c: int, radius: int) -> pygame.Surface:
    """A rounded rectangle of ``2c`` pixels a side: its quarters mask a surface's corners."""
    corners = pygame.Surface((2 * c, 2 * c), pygame.SRCALPHA)
    pygame.draw.rect(corners, (255, 255, 255, 255), corners.get_rect(), 0, radius)
    return corners


def cut_corners(surf: pygame.Surface, radius: int) -> None:
    """Make what lies outside a rounded rectangle's corners clear, as a rounded-rectangle
    mask multiplied over ``surf`` would. Only the corners are masked: a mask of the whole
    surface was 8 MB for a moment for a panel the size of the screen."""
    w, h = surf.get_size()
    c = radius + 2  # a corner's square, with a margin past its curve
    if w < 2 * c + 2 or h < 2 * c + 2:
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), 0, radius)
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return
    corners = _corner_mask(c, radius)
    for sx, sy, dx, dy in ((0, 0, 0, 0), (c, 0, w - c, 0), (0, c, 0, h - c),
                           (c, c, w - c, h - c)):
        surf.blit(corners, (dx, dy), pygame.Rect(sx, sy, c, c),
                  special_flags=pygame.BLEND_RGBA_MULT)
