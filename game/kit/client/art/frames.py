"""Panels, buttons and bevelled tiles: the surfaces every screen is built from.

Each is painted once per pixel size and look into the art cache and blitted after that,
so a screen of panels costs a blit each per frame. Painters take a :class:`Screen` and
logical coordinates like the rest of the client; the pixel size is the cache key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.kit.client import theme
from game.kit.client.art.cache import ART, prime
from game.kit.client.art.scenery import around
from game.kit.client.art.texture import RGB, masked_onto, shade, stone

if TYPE_CHECKING:
    from game.kit.client.screen import Colour, Screen

#: the scale of every panel's stone grain (:func:`~game.kit.client.art.texture.stone`'s
#: ``coarse``): the same grain at every panel size and window size. Each panel's stone is
#: painted at the panel's own size and dropped once the panel is painted: a shared slab
#: bigger than the canvas, kept per fill colour, held 7 MB of the art cache per colour
#: and took 25 MB for a moment to paint (``benchmarks/memory.py --client``)
GRAIN = 1152 / 200
#: the largest stone a panel paints (pixels); a larger panel repeats it, mirrored so the
#: copies meet without a seam. A panel the size of the screen took 25 MB for a moment to
#: paint with a stone of its own size (the stone, its grain's layer, the cut)
STONE_MAX = (1024, 640)
#: only panels at least this big (logical units, both sides) get corner brackets: in
#: smaller ones a bracket would crowd what the panel holds
CORNERS_FROM = 300


def _rgb(colour: Colour) -> RGB:
    return (colour[0], colour[1], colour[2])


def _shadow(size: tuple[int, int], radius: int, blur: int) -> pygame.Surface:
    """A soft dark rounded shadow: a small rounded rectangle scaled up smoothly."""
    return pygame.transform.smoothscale(_shadow_seed(size, radius, blur), size)


def _shadow_seed(size: tuple[int, int], radius: int, blur: int) -> pygame.Surface:
    """The small rounded rectangle a shadow of ``size`` is scaled up from."""
    w, h = size
    small = pygame.Surface((max(4, w // 4), max(4, h // 4)), pygame.SRCALPHA)
    inset = max(1, blur // 4)
    pygame.draw.rect(small, (0, 0, 0, 120),
                     small.get_rect().inflate(-2 * inset, -2 * inset), 0,
                     max(1, radius // 4))
    return small


def _cast_shadow(out: pygame.Surface, radius: int, blur: int, at: tuple[int, int]) -> None:
    """:func:`_shadow` of ``out``'s size blitted onto clear ``out`` at ``at``, the same
    pixels, scaled straight into ``out`` and moved in place: a second surface of a
    full-screen panel's size was 7.5 MB more for a moment."""
    w, h = out.get_size()
    pygame.transform.smoothscale(_shadow_seed((w, h), radius, blur), (w, h), out)
    out.scroll(*at)
    out.fill((0, 0, 0, 0), (0, 0, w, at[1]))
    out.fill((0, 0, 0, 0), (0, 0, at[0], h))


def panel(screen: Screen, x: float, y: float, w: float, h: float, border: Colour,
          radius: float = 16, fill: Colour = theme.PANEL, width: float = 3,
          shadow: bool = True, hole: pygame.Rect | None = None) -> pygame.Rect:
    """A stone panel: soft shadow, grained basalt (``fill``), lit top edge, shaded
    bottom edge, a ``border`` rim and gold step corners. Returns its pixel rect.

    ``hole`` (pixels) is left out: opaque pixels drawn there next hide it (a kept part's,
    see :class:`~game.kit.client.layers.Snapshot`), and at 1080p a frame's time goes mostly
    into copying pixels."""
    r = screen.rect(x, y, w, h)
    surf, pad = _art(screen, r, w, h, border, radius, fill, width, shadow)
    at = (r.x - pad, r.y - pad)
    if hole is None or not hole.w or not hole.h:
        screen.surface.blit(surf, at)
        screen.covered(r)
        return r
    look = _look(r, w, h, border, radius, fill, width, shadow)
    screen.surface.blits([(piece, (at[0] + part.x, at[1] + part.y))
                          for piece, part in _around(surf, look, hole.move(-at[0], -at[1]))],
                         doreturn=False)
    return r


def beneath(screen: Screen, x: float, y: float, w: float, h: float, border: Colour,
            **look: Any) -> Callable[[pygame.Rect | None], None]:
    """This panel as what lies under a kept part (a :class:`~game.kit.client.layers.Snapshot`'s
    ``under``): drawn but for the hole the part's opaque pixels fill."""
    def draw(hole: pygame.Rect | None) -> None:
        panel(screen, x, y, w, h, border, hole=hole, **look)
    return draw


def _look(r: pygame.Rect, w: float, h: float, border: Colour, radius: float, fill: Colour,
          width: float, shadow: bool) -> tuple[Any, ...]:
    """What a panel's parts are cut from, as a cache key (colours as plain tuples: a
    view may hold them as lists)."""
    return (r.size, w, h, _rgb(border), radius, _rgb(fill), width, shadow)


def _around(surf: pygame.Surface, look: tuple[Any, ...],
            inside: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """A panel's parts around ``inside`` (pixels within its art), each its own cached
    surface, and where each lies in the art. Why not blit parts of the whole: a part of a
    run-length encoded surface walks every row's runs up to its first pixel."""
    return [(ART.get(("panel part", look, tuple(inside), tuple(part)),
                     partial(_part, surf, part)), part)
            for part in around(surf.get_rect(), [inside])]


def _part(surf: pygame.Surface, part: pygame.Rect) -> pygame.Surface:
    """A copy of ``part`` of cached art. Locked first: once SDL has run-length encoded
    the art (at its first blit), an unlocked subsurface reads pixels no longer kept."""
    surf.lock()
    try:
        return surf.subsurface(part).copy()
    finally:
        surf.unlock()


def warm_panels(screen: Screen, x: float, y: float, w: float, h: float,
                borders: list[Colour], radius: float = 16, fill: Colour = theme.PANEL,
                width: float = 3, shadow: bool = True,
                hole: tuple[float, float, float, float] | None = None) -> None:
    """Paint a panel in each of ``borders`` into the art cache now, without drawing it.

    Why: a panel framed in the deciding seat's colour is painted the first time each
    seat decides (about 2.5 ms at 1080p), which makes the frames after the first moves
    of a game the slowest of it; a view warms them all at once on its first frame. Each
    is primed onto ``screen`` too (:func:`~game.kit.client.art.cache.prime`): its first blit
    there would cost as much again. ``hole`` (logical): also its parts around it, for a
    panel drawn under a kept part there (cutting them out of the panel undoes its
    encoding, so they are cut first)."""
    r = screen.rect(x, y, w, h)
    for border in borders:
        surf, pad = _art(screen, r, w, h, border, radius, fill, width, shadow)
        look = _look(r, w, h, border, radius, fill, width, shadow)
        parts = [] if hole is None else \
            _around(surf, look, screen.rect(*hole).move(pad - r.x, pad - r.y))
        for art in (surf, *(piece for piece, _where in parts)):
            prime(screen.surface, art)


def _art(screen: Screen, r: pygame.Rect, w: float, h: float, border: Colour,
         radius: float, fill: Colour, width: float,
         shadow: bool) -> tuple[pygame.Surface, int]:
    """A panel's cached surface (shadow included) and its shadow's pad (pixels)."""
    rad, rim = screen.ln(radius), screen.ln(width) if width else 0
    pad = screen.ln(10) if shadow else 0
    corners = min(w, h) >= CORNERS_FROM
    key = ("panel", r.size, rad, _rgb(fill), _rgb(border), rim, pad, corners)
    surf = ART.get(key, lambda: _panel(r.size, rad, _rgb(fill), _rgb(border), rim, pad,
                                       screen.ln(1), corners))
    return surf, pad


def _panel(size: tuple[int, int], rad: int, fill: RGB, border: RGB, rim: int, pad: int,
           unit: int, corners: bool) -> pygame.Surface:
    w, h = size
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    if pad:
        _cast_shadow(out, rad + pad, pad, (pad // 3, pad // 2))
    bevel = max(1, 2 * unit)
    light, dark = shade(fill, 0.22), shade(fill, -0.35)

    def lit(body: pygame.Surface) -> None:  # a lit top edge and a shaded bottom edge
        body.fill(light, (rad // 2, rim, w - rad, bevel))
        body.fill(dark, (rad // 2, h - rim - bevel, w - rad, bevel))

    piece = (min(w, STONE_MAX[0]), min(h, STONE_MAX[1]))
    inner = pygame.Rect(pad, pad, w, h)
    masked_onto(out.subsurface(inner), stone(piece, fill, seed=sum(fill) + w * 7 + h * 3,
                                             keep=False, coarse=GRAIN),
                rad, paint=lit, mirror=True)
    if rim:
        pygame.draw.rect(out, shade(border, -0.4), inner.move(0, unit), rim, rad)
        pygame.draw.rect(out, border, inner, rim, rad)
    if corners:
        _corners(out, inner, rad, border, unit)
    return out


def rim_inset(rad: int, unit: int) -> int:
    """How far the corner brackets sit inside a panel's corner (pixels)."""
    return rad // 3 + 3 * unit


def _corners(out: pygame.Surface, rect: pygame.Rect, rad: int, colour: RGB,
             unit: int) -> None:
    """Small stepped brackets inside each corner, in the rim's colour."""
    s = max(2, 4 * unit)
    inset = rim_inset(rad, unit)
    steps = ((0, 0, 3, 1), (0, 1, 1, 2), (1, 1, 1, 1))  # (x, y, w, h) in steps of s
    for fx, fy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        cx = rect.left + inset if fx == 0 else rect.right - inset
        cy = rect.top + inset if fy == 0 else rect.bottom - inset
        for sx, sy, sw, sh in steps:
            px = cx + (sx * s if fx == 0 else -(sx + sw) * s)
            py = cy + (sy * s if fy == 0 else -(sy + sh) * s)
            pygame.draw.rect(out, shade(colour, -0.3), (px + unit, py + unit, sw * s, sh * s))
            pygame.draw.rect(out, colour, (px, py, sw * s, sh * s))


def tile(screen: Screen, x: float, y: float, w: float, h: float, fill: Colour,
         radius: float = 12, depth: float = 5, border: Colour | None = None,
         width: float = 3) -> pygame.Rect:
    """A raised tile (a button, a card, a piece): its face in ``fill`` with a lit top,
    a darker side showing ``depth`` below it, and a soft shadow. Returns the face rect."""
    r = screen.rect(x, y, w, h)
    rad, d = screen.ln(radius), screen.ln(depth) if depth else 0
    rim = screen.ln(width) if border is not None and width else 0
    key = ("tile", r.size, rad, d, _rgb(fill), None if border is None else _rgb(border), rim)
    surf = ART.get(key, lambda: _tile(r.size, rad, d, _rgb(fill),
                                      None if border is None else _rgb(border), rim))
    pad = max(1, d)
    screen.surface.blit(surf, (r.x - pad, r.y - pad))
    return r


def _tile(size: tuple[int, int], rad: int, d: int, fill: RGB, border: RGB | None,
          rim: int) -> pygame.Surface:
    w, h = size
    pad = max(1, d)
    out = pygame.Surface((w + 2 * pad, h + 2 * pad + d), pygame.SRCALPHA)
    face = pygame.Rect(pad, pad, w, h)
    if d:
        out.blit(_shadow((w + pad, h + pad), rad, pad), (pad, pad + d))
        pygame.draw.rect(out, shade(fill, -0.45), face.move(0, d), 0, rad)
    pygame.draw.rect(out, fill, face, 0, rad)
    # a lit band across the top half and a shaded lip at the bottom
    gloss = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(gloss, (255, 255, 255, 38), (0, 0, w, h // 2), 0, rad)
    pygame.draw.rect(gloss, (0, 0, 0, 40), (0, h - max(2, h // 8), w, max(2, h // 8)))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), 0, rad)
    gloss.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(gloss, face.topleft)
    hi = max(1, min(w, h) // 30)
    pygame.draw.rect(out, shade(fill, 0.4), face.inflate(-2 * hi, -2 * hi), hi, rad)
    pygame.draw.rect(out, fill, face.inflate(-2 * hi, -2 * hi).move(0, hi), hi, rad)
    if border is not None and rim:
        pygame.draw.rect(out, border, face, rim, rad)
    return out
