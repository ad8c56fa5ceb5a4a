"""Panels, buttons and bevelled tiles: the surfaces every screen is built from.

Each is painted once per pixel size and look into the art cache and blitted after that,
so a screen of panels costs a blit each per frame. Painters take a :class:`Screen` and
logical coordinates like the rest of the client; the pixel size is the cache key.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.kit.client import theme
from game.kit.client.art.cache import ART, Piece, prime
from game.kit.client.art.scenery import around
from game.kit.client.art.texture import RGB, masked_onto, shade, stone

if TYPE_CHECKING:
    from game.kit.client.screen import Colour, Screen

#: a logical rectangle: x, y, width, height
Area = tuple[float, float, float, float]

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
          shadow: bool = True, hole: pygame.Rect | None = None,
          kept: Area | None = None) -> pygame.Rect:
    """A stone panel: soft shadow, grained basalt (``fill``), lit top edge, shaded
    bottom edge, a ``border`` rim and gold step corners. Returns its pixel rect.

    ``hole`` (pixels) is left out: opaque pixels drawn there next hide it (a kept part's,
    see :class:`~game.kit.client.layers.Snapshot`), and at 1080p a frame's time goes mostly
    into copying pixels. ``kept`` (logical): where a kept part lies on this panel for
    good (a status line's words, a side panel's contents); the panel is then kept as
    pieces around it and within it (:func:`_pieces`), never whole, and drawn whole but
    for a ``hole`` there (any other hole is covered by drawing the whole panel)."""
    r = screen.rect(x, y, w, h)
    look = _Look.of(screen, r, w, h, border, radius, fill, width, shadow)
    if hole is not None and (not hole.w or not hole.h):
        hole = None
    if kept is None and hole is None:
        screen.surface.blit(ART.get(look.key(), look.paint), (r.x - look.pad, r.y - look.pad))
        screen.covered(r)
        return r
    inside = screen.rect(*kept) if kept is not None else hole
    assert inside is not None
    screen.surface.blits(_pieces(r, look, inside, whole=hole != inside), doreturn=False)
    if hole != inside:
        screen.covered(r)
    return r


def beneath(screen: Screen, x: float, y: float, w: float, h: float, border: Colour,
            kept: Area | None = None, **look: Any) -> Callable[[pygame.Rect | None], None]:
    """This panel as what lies under a kept part (a :class:`~game.kit.client.layers.Snapshot`'s
    ``under``): drawn but for the hole the part's opaque pixels fill. ``kept``: the part's
    area, when it always lies there (see :func:`panel`)."""
    def draw(hole: pygame.Rect | None) -> None:
        panel(screen, x, y, w, h, border, hole=hole, kept=kept, **look)
    return draw


def _part(surf: pygame.Surface, part: pygame.Rect) -> pygame.Surface:
    """A copy of ``part`` of cached art. Locked first: once SDL has run-length encoded
    the art (at its first blit), an unlocked subsurface reads pixels no longer kept.
    Why a piece is a copy, not blitted as a part of the whole: a part of a run-length
    encoded surface walks every row's runs up to its first pixel."""
    surf.lock()
    try:
        return surf.subsurface(part).copy()
    finally:
        surf.unlock()


def warm_panels(screen: Screen, x: float, y: float, w: float, h: float,
                borders: list[Colour], radius: float = 16, fill: Colour = theme.PANEL,
                width: float = 3, shadow: bool = True, hole: Area | None = None) -> None:
    """Paint a panel in each of ``borders`` into the art cache now, without drawing it.

    Why: a panel framed in the deciding seat's colour is painted the first time each
    seat decides (about 2.5 ms at 1080p), which makes the frames after the first moves
    of a game the slowest of it; a view warms them all at once on its first frame. Each
    is primed onto ``screen`` too (:func:`~game.kit.client.art.cache.prime`): its first blit
    there would cost as much again. ``hole`` (logical): the panel is drawn under a kept
    part there (:func:`panel`'s ``kept``), so its pieces around it are warmed, not its
    whole art."""
    r = screen.rect(x, y, w, h)
    for border in borders:
        look = _Look.of(screen, r, w, h, border, radius, fill, width, shadow)
        if hole is None:
            arts = [ART.get(look.key(), look.paint)]
        else:
            arts = [art for art, _at in _pieces(r, look, screen.rect(*hole), whole=True)]
        for art in arts:
            prime(screen.surface, art)


class _Look(NamedTuple):
    """What a panel's pixels follow, in pixels (colours as plain tuples: a view may hold
    them as lists)."""

    size: tuple[int, int]
    rad: int
    fill: RGB
    border: RGB
    rim: int
    pad: int
    corners: bool
    unit: int

    @classmethod
    def of(cls, screen: Screen, r: pygame.Rect, w: float, h: float, border: Colour,
           radius: float, fill: Colour, width: float, shadow: bool) -> _Look:
        return cls(r.size, screen.ln(radius), _rgb(fill), _rgb(border),
                   screen.ln(width) if width else 0, screen.ln(10) if shadow else 0,
                   min(w, h) >= CORNERS_FROM, screen.ln(1))

    def key(self) -> tuple[Any, ...]:
        """The whole art's key in the art cache."""
        return ("panel", self.size, self.rad, self.fill, self.border, self.rim, self.pad,
                self.corners)

    def paint(self) -> pygame.Surface:
        return _panel(self.size, self.rad, self.fill, self.border, self.rim, self.pad,
                      self.unit, self.corners)


Blits = list[tuple[pygame.Surface, tuple[int, int]]]


def _pieces(r: pygame.Rect, look: _Look, kept: pygame.Rect, whole: bool) -> Blits:
    """A panel under a kept part at ``kept`` (pixels), as cached pieces and where each
    goes on the screen: those around ``kept`` (its rim, drawn every frame) and, if
    ``whole``, those within (drawn when the part is painted again). The border's colour
    reaches a band along the panel's edge only (:func:`_regions`): the pieces clear of
    it (the stone inside, the shadow outside) are kept once for every border, so a panel
    framed in each seat's colour keeps one stone, and no panel's whole art is kept (it
    is painted for a moment when a piece is missing). At 1080p the status line's frames
    in five colours and three heights held 15.4 MB whole (with their parts), 5.5 MB as
    pieces."""
    x0, y0 = r.x - look.pad, r.y - look.pad
    plan = _plan(look, (kept.x - x0, kept.y - y0, kept.w, kept.h))
    painted: list[pygame.Surface] = []
    blits: Blits = []
    for key, parts in plan if whole else plan[:2]:
        blits += [(surf, (x0 + x, y0 + y))
                  for surf, (x, y) in ART.get_pieces(key, _cut, look, parts, painted)]
    return blits


@lru_cache(maxsize=256)
def _plan(look: _Look, inside: tuple[int, int, int, int]) -> tuple[tuple[Hashable, Rects],
                                                                   ...]:
    """The art cache's keys of a panel's pieces around ``inside`` and within it (each its
    border's own, then those for every border: :func:`_layout`), and the pieces under
    each: worked out once, not every frame."""
    plain = look._replace(border=(0, 0, 0))
    return tuple((("panel pieces", at, plain if at % 2 else look, inside), parts)
                 for at, parts in enumerate(_layout(plain, inside)))


def _cut(look: _Look, parts: Rects, painted: list[pygame.Surface]) -> list[Piece]:
    """``parts`` of a panel's art, cut from its whole art: kept already (the panel is
    drawn whole elsewhere), or painted for now and held in ``painted`` for the next
    parts of the same drawing."""
    if parts and not painted:
        art = ART.peek(look.key())
        painted.append(look.paint() if art is None else art)
    return [(_part(painted[0], pygame.Rect(part)), (part[0], part[1])) for part in parts]


#: rectangles as plain tuples (x, y, width, height): cache keys
Rects = tuple[tuple[int, int, int, int], ...]


@lru_cache(maxsize=64)
def _layout(plain: _Look, inside: tuple[int, int, int, int]) -> tuple[Rects, Rects, Rects,
                                                                      Rects]:
    """A panel's pieces (:func:`_regions`) cut along ``inside``: those in the border's
    colour and those for every border, around it, then the same within it."""
    shared, own = _regions(plain)
    hole = pygame.Rect(inside)

    def out(parts: Rects) -> Rects:
        return tuple(_box(p) for q in parts for p in around(pygame.Rect(q), [hole]))

    def within(parts: Rects) -> Rects:
        cuts = [pygame.Rect(q).clip(hole) for q in parts]
        return tuple(_box(p) for p in cuts if p.w and p.h)
    return out(own), out(shared), within(own), within(shared)


@lru_cache(maxsize=32)
def _regions(plain: _Look) -> tuple[Rects, Rects]:
    """A panel's art cut into rectangles the border's colour does not reach (the stone
    inside the rim, clear of the rounded corners and the corner brackets; the shadow
    around the panel) and the band along its edge it does. Checked by drawing what the
    border draws: a rectangle with a pixel of it is the border's own after all, so a
    piece shared by every border never differs from one cut from a border's art."""
    w, h = plain.size
    whole = pygame.Rect(0, 0, w + 2 * plain.pad, h + 2 * plain.pad)
    inner = pygame.Rect(plain.pad, plain.pad, w, h)
    unit = plain.unit
    band = inner.inflate(2 * unit, 2 * unit).clip(whole)  # the rim's shade: a unit lower
    c = plain.rad + unit
    if plain.corners:
        c = max(c, rim_inset(plain.rad, unit) + 3 * _step(unit) + unit)
    edge = plain.rim + unit
    core = inner.inflate(-2 * edge, -2 * edge)
    # clear of the corners' squares sideways, or up and down: the larger
    core = max(core.clip(inner.inflate(-2 * c, 0)), core.clip(inner.inflate(0, -2 * c)),
               key=lambda rect: rect.w * rect.h)
    shared = around(whole, [band]) + ([core] if core.w and core.h else [])
    own = around(band, [core]) if core.w and core.h else [band]
    marks = pygame.Surface(whole.size, pygame.SRCALPHA)
    _rim(marks, inner, plain._replace(border=(255, 255, 255)))
    reached = [part for part in shared if marks.subsurface(part).get_bounding_rect().w]
    return (tuple(_box(p) for p in shared if p not in reached),
            tuple(_box(p) for p in own + reached))


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.w, rect.h)


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
    _rim(out, inner, _Look(size, rad, fill, border, rim, pad, corners, unit))
    return out


def _rim(out: pygame.Surface, inner: pygame.Rect, look: _Look) -> None:
    """All a panel's border colours: its rim, the rim's shade below it and the corner
    brackets (:func:`_core` relies on nothing else following the border)."""
    if look.rim:
        pygame.draw.rect(out, shade(look.border, -0.4), inner.move(0, look.unit), look.rim,
                         look.rad)
        pygame.draw.rect(out, look.border, inner, look.rim, look.rad)
    if look.corners:
        _corners(out, inner, look.rad, look.border, look.unit)


def _step(unit: int) -> int:
    """A corner bracket's step (pixels)."""
    return max(2, 4 * unit)


def rim_inset(rad: int, unit: int) -> int:
    """How far the corner brackets sit inside a panel's corner (pixels)."""
    return rad // 3 + 3 * unit


def _corners(out: pygame.Surface, rect: pygame.Rect, rad: int, colour: RGB,
             unit: int) -> None:
    """Small stepped brackets inside each corner, in the rim's colour."""
    s = _step(unit)
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
