"""The scenes behind the screens: the basalt wall every screen stands on, and the menus'
dusk over the lake with a temple of depth, moving water and step-fret friezes.

The still parts are painted once per window size; per frame only the water strip and
the friezes are blitted at a moving offset, and a few stars twinkle. A screen painted in
parts (:mod:`game.kit.client.damage`) repaints each band when its scroll moves a pixel
and each star when its brightness steps.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.kit.client.art import greca, palette
from game.kit.client.art.cache import ART
from game.kit.client.art.texture import RGB, grain, shade, stone, water

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

#: logical heights of the menus' scene: the horizon, the water line, the friezes
HORIZON = 760.0
FRIEZE_H = 26.0
#: the shortcut bar's height (``game.ui.widgets.FOOTER_H``): the lower frieze runs on it
BAR_H = 64.0
WATER_TOP = 900.0
STARS = 44


def _display_format(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` in the window's pixel format (a plain copy blit), when there is one. A
    surface already in it is returned as it is: a copy would hold a second screenful of
    pixels while it is made (8 MB at 1080p) for the same pixels."""
    window = pygame.display.get_surface()
    if window is None or (surf.get_bitsize() == window.get_bitsize()
                          and surf.get_masks() == window.get_masks()
                          and not surf.get_flags() & pygame.SRCALPHA):
        return surf
    return surf.convert()


def wall(screen: Screen, holes: Sequence[pygame.Rect] = ()) -> None:
    """The ground of every screen: dark basalt courses, lighter at the centre.

    ``holes`` are pixel rectangles the scene covers with opaque pixels in this frame (a
    board's painted layer): the wall is not laid there. At 1080p a frame is mostly
    copies of whole areas of pixels, and the board alone is half the screen."""
    if holes and any(hole.contains(screen.surface.get_clip()) for hole in holes):
        return  # a frame repainting only inside the board: nothing of the wall shows
    size = screen.surface.get_size()
    key = ("wall", size, screen.scale)
    surf = ART.get(key, lambda: _display_format(_wall(screen, size)))
    if not holes:
        screen.surface.blit(surf, (0, 0))
        return
    for part in around(pygame.Rect((0, 0), size), holes):
        screen.surface.blit(surf, part.topleft, part)


def around(whole: pygame.Rect, holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles that cover ``whole`` except ``holes``, without overlapping."""
    parts = [whole]
    for hole in holes:
        left = []
        for r in parts:
            cut = r.clip(hole)
            if not cut.w or not cut.h:
                left.append(r)
                continue
            left += [p for p in (pygame.Rect(r.x, r.y, r.w, cut.y - r.y),
                                 pygame.Rect(r.x, cut.bottom, r.w, r.bottom - cut.bottom),
                                 pygame.Rect(r.x, cut.y, cut.x - r.x, cut.h),
                                 pygame.Rect(cut.right, cut.y, r.right - cut.right, cut.h))
                     if p.w > 0 and p.h > 0]
        parts = left
    return parts


def _wall(screen: Screen, size: tuple[int, int]) -> pygame.Surface:
    surf = stone(size, palette.BASALT, seed=17, blocks=screen.ln(90), keep=False)
    _vignette(surf)
    return surf


def _vignette(surf: pygame.Surface) -> None:
    """Darker towards the edges: a small radial ramp scaled to the surface."""
    w, h = surf.get_size()
    small = pygame.Surface((32, 18))
    for y in range(18):
        for x in range(32):
            d = math.hypot((x - 15.5) / 16, (y - 8.5) / 9)
            v = max(0, min(255, round(255 - 150 * max(0.0, d - 0.35))))
            small.set_at((x, y), (v, v, v))
    surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0),
              special_flags=pygame.BLEND_RGB_MULT)


def dusk(screen: Screen, t: float) -> None:
    """The menus' backdrop: sky, temple and far shore (still), the lake (moving), stars
    and the friezes along the top and the bottom (scrolling)."""
    still(screen)
    for star in stars(t):
        paint_star(screen, star)
    for _place, _rect, _shift, paint in bands(screen, t):
        paint()


def still(screen: Screen) -> None:
    """The backdrop's still picture: sky, far shore and temples (painted once a size)."""
    size = screen.surface.get_size()
    key = ("dusk", size, screen.scale, screen.oy)
    screen.surface.blit(ART.get(key, lambda: _display_format(_dusk(screen, size))), (0, 0))


#: a star's brightness steps through a few levels as it twinkles (this many apart): a
#: frame shows two or three stars changed, not all of them (their repaint is a few dots)
STAR_STEP = 16


def stars(t: float) -> list[tuple[float, float, float, int]]:
    """Each star at ``t``: where (logical), how large (logical radius) and how bright
    (grey level, dimmer than any text, so words over the sky stay clear)."""
    rng = random.Random(31)
    out = []
    for i in range(STARS):
        x, y = rng.uniform(20, 1900), rng.uniform(40, HORIZON - 260)
        k = 0.5 + 0.5 * math.sin(t * rng.uniform(0.8, 2.2) + i)
        level = round(110 * k / STAR_STEP) * STAR_STEP
        out.append((x, y, 1.2 + level / 110 * rng.random(), 90 + level))
    return out


def paint_star(screen: Screen, star: tuple[float, float, float, int]) -> None:
    x, y, radius, v = star
    screen.circle(x, y, radius, (v, v, min(255, v + 24)))


Band = tuple[str, pygame.Rect, int, Callable[[], None]]


def bands(screen: Screen, t: float) -> list[Band]:
    """The backdrop's moving bands, the lake and the friezes at the top and the bottom:
    each one's name, pixel rectangle, scroll in whole pixels (which decides its pixels)
    and painting."""
    # (the lake to the canvas's bottom and the friezes at its top and over the shortcut
    # bar: on a taller canvas than 1080, ``screen.top`` and ``bottom`` reach beyond)
    lake = screen.rect(0, WATER_TOP, 1920, screen.bottom - WATER_TOP)
    strip = water((lake.w, lake.h), palette.WATER_DEEP, seed=23,
                  ripple=screen.ln(16), tile=True)
    band = greca.strip(screen.ln(FRIEZE_H), palette.GOLD, palette.NIGHT)
    top = screen.rect(0, screen.top, 1920, FRIEZE_H)
    bottom = screen.rect(0, screen.bottom - BAR_H - FRIEZE_H, 1920, FRIEZE_H)
    out: list[Band] = []
    for place, art, rect, shift in (("lake", strip, lake, t * screen.ln(14)),
                                    ("top frieze", band, top, t * screen.ln(12)),
                                    ("bottom frieze", band, bottom, -t * screen.ln(12))):
        scroll = round(shift) % art.get_width()
        out.append((place, rect, scroll, partial(greca.blit_band, screen.surface, art, rect,
                                                 scroll)))
    return out


def _dusk(screen: Screen, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    # the sky: night above, a warm glow at the horizon (a few bands, smoothed)
    sky = ((10, 12, 30), (18, 20, 48), (36, 30, 70), (86, 50, 78), (170, 90, 60))
    ramp = pygame.Surface((1, len(sky)))
    for i, colour in enumerate(sky):
        ramp.set_at((0, i), colour)
    horizon = screen.px(0, HORIZON)[1]
    surf.blit(pygame.transform.smoothscale(ramp, (w, horizon)), (0, 0))
    grain(surf, 41, ((screen.ln(120), 12),))
    # the far shore: low hills of dark jade, then the causeway's stone
    rng = random.Random(43)
    pts = [(0, horizon)]
    for i in range(13):
        pts.append((round(w * i / 12), round(horizon - screen.ln(rng.uniform(20, 60)))))
    pts.append((w, horizon))
    pygame.draw.polygon(surf, (22, 40, 44), pts)
    shore = screen.rect(0, HORIZON, 1920, WATER_TOP - HORIZON)
    surf.blit(stone(shore.size, (52, 48, 52), seed=47, blocks=screen.ln(34)), shore.topleft)
    pygame.draw.line(surf, (120, 96, 80), shore.topleft, shore.topright, screen.ln(3))
    _temple_scene(screen, surf)
    return surf


def _temple_scene(screen: Screen, surf: pygame.Surface) -> None:
    """Two temples on the shore: a great twin-shrine pyramid and a smaller one."""
    big = temple_surface(screen.ln(560), screen.ln(420), (96, 86, 92), 5, twin=True)
    r = big.get_rect(midbottom=screen.px(1560, HORIZON + 60))
    surf.blit(big, r)
    small = temple_surface(screen.ln(300), screen.ln(230), (84, 76, 86), 4, twin=False)
    surf.blit(small, small.get_rect(midbottom=screen.px(330, HORIZON + 40)))


def temple_surface(w: int, h: int, colour: RGB, tiers: int, twin: bool) -> pygame.Surface:
    """A stepped pyramid seen from the front and a little to the side: each tier's face
    lit, its top a lighter ledge, its right flank in shade, a stair up the middle, and a
    shrine (or two) on the summit."""
    key = ("temple", w, h, colour, tiers, twin)
    return ART.get(key, lambda: _temple(w, h, colour, tiers, twin))


def _temple(w: int, h: int, colour: RGB, tiers: int, twin: bool) -> pygame.Surface:
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    shrine_h = h * 0.22
    body_h = h - shrine_h
    tier_h = body_h / tiers
    side = w * 0.07
    ledge, flank = shade(colour, 0.3), shade(colour, -0.4)
    texture = stone((w, h), colour, seed=53, blocks=max(6.0, tier_h / 3))
    stair_w = w * 0.16
    for i in range(tiers):
        tw = (w - side) * (1 - 0.72 * i / tiers)
        x0 = (w - side - tw) / 2
        y1 = h - i * tier_h
        y0 = y1 - tier_h
        rect = pygame.Rect(round(x0), round(y0), round(tw), round(tier_h) + 1)
        out.blit(texture, rect, rect)
        pygame.draw.polygon(out, flank, [(x0 + tw, y0), (x0 + tw + side * 0.6, y0 + side * 0.3),
                                         (x0 + tw + side * 0.6, y1), (x0 + tw, y1)])
        pygame.draw.rect(out, ledge, (round(x0), round(y0), round(tw), max(2, round(h / 120))))
        pygame.draw.line(out, shade(colour, -0.25), (x0, y1 - 1), (x0 + tw, y1 - 1),
                         max(1, round(h / 200)))
    # the stair, its treads lit, its balustrades dark
    sx = (w - side - stair_w) / 2
    top = h - body_h
    pygame.draw.rect(out, shade(colour, 0.12), (round(sx), round(top), round(stair_w),
                                                round(body_h)))
    treads = tiers * 5
    for i in range(treads):
        y = top + body_h * i / treads
        pygame.draw.line(out, shade(colour, -0.3), (sx, y), (sx + stair_w, y),
                         max(1, round(h / 260)))
    for bx in (sx, sx + stair_w):
        pygame.draw.line(out, shade(colour, -0.5), (bx, top), (bx, h), max(2, round(w / 140)))
    # the shrine(s) on the summit: a wall, a doorway and a roof of gold and red
    top_w = (w - side) * (1 - 0.72 * (tiers - 1) / tiers)
    cx = (w - side) / 2
    shrines = (cx - top_w * 0.24, cx + top_w * 0.24) if twin else (cx,)
    sw = top_w * (0.36 if twin else 0.6)
    for i, mx in enumerate(shrines):
        roof = palette.TERRACOTTA if i == 0 else palette.TURQUOISE
        base = top
        rect = pygame.Rect(round(mx - sw / 2), round(base - shrine_h * 0.72), round(sw),
                           round(shrine_h * 0.72))
        out.blit(texture, rect, rect)
        pygame.draw.rect(out, shade(colour, -0.55), (round(mx - sw * 0.16),
                                                     round(base - shrine_h * 0.45),
                                                     round(sw * 0.32), round(shrine_h * 0.45)))
        pygame.draw.rect(out, roof, (round(mx - sw * 0.56), round(base - shrine_h),
                                     round(sw * 1.12), round(shrine_h * 0.3)))
        pygame.draw.rect(out, palette.GOLD, (round(mx - sw * 0.56),
                                             round(base - shrine_h * 0.72),
                                             round(sw * 1.12), max(2, round(h / 110))))
    return out


def rgb(colour: tuple[int, ...]) -> RGB:
    """The red, green and blue of a colour that may carry an alpha."""
    return (colour[0], colour[1], colour[2])
