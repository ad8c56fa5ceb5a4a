"""Short bursts a person notices from the sofa: sparks, a widening ring, a glow.

A view or a scene keeps an :class:`Effects`, starts bursts when something happens
(founding a district, a battle, a purchase, a scoring step), advances it in ``update``
and draws it last in ``draw`` (drawing changes nothing). Particles move on a seeded
generator, so the same frames give the same pixels.

The "reduce motion" setting makes every effect fewer and shorter: a quarter of the
sparks, half the time and distance, no ring, and no shaking (:func:`shake_offset`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.kit.client.art.cache import ART

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

RGB = tuple[int, int, int]

#: how long a refused press shakes (seconds), and how far (logical units)
SHAKE_TIME = 0.35
SHAKE_AMPLITUDE = 14.0
#: under "reduce motion": the share of sparks kept and of time and distance
REDUCED_COUNT = 0.25
REDUCED_SPAN = 0.5
GRAVITY = 420.0
#: the share of an effect's life after which it fades towards the dark
FADE_FROM = 0.5
#: a glow fades in this many steps (each a sprite painted once)
GLOW_LEVELS = 12


def motion_reduced(services: Any) -> bool:
    """Whether the player asked for less motion: a view's services say it
    (``ViewServices.reduce_motion``); the shell, and a view handed the App by older code,
    read the ``reduce_motion`` setting (the fallback is kept for one release)."""
    reduce = getattr(services, "reduce_motion", None)
    if isinstance(reduce, bool):
        return reduce
    settings = getattr(services, "settings", None) or {}
    return bool(settings.get("reduce_motion", False))


def shake_offset(t: float, reduced: bool) -> float:
    """The sideways offset of something refused ``t`` seconds ago: a gentle decaying
    wobble, or none under reduce motion (the reason in the status line is enough)."""
    if reduced or not 0 <= t < SHAKE_TIME:
        return 0.0
    k = 1 - t / SHAKE_TIME
    return SHAKE_AMPLITUDE * k * k * math.sin(t * 2 * math.pi * 9)


@contextmanager
def shifted(screen: Screen, dx: float) -> Iterator[None]:
    """Draw a little to the side (``dx`` logical units) inside the ``with``: the shake of
    a refused press. The screen's origin is put back afterwards, so drawing still
    changes nothing."""
    if not dx:
        yield
        return
    ox = screen.ox
    screen.ox = ox + dx * screen.scale
    try:
        yield
    finally:
        screen.ox = ox


@dataclass
class Spark:
    anchor: Any
    x: float
    y: float
    vx: float
    vy: float
    life: float
    size: float
    colour: RGB
    delay: float = 0.0
    t: float = 0.0


@dataclass
class Ring:
    anchor: Any
    radius: float
    life: float
    colour: RGB
    delay: float = 0.0
    t: float = 0.0


class Effects:
    """The running bursts of one view or scene."""

    def __init__(self, services: Any = None, seed: int = 0) -> None:
        #: a view's ``ViewServices`` (or what has the settings: the shell's scenes pass
        #: the App); None: full motion
        self.services = services
        self.sparks: list[Spark] = []
        self.rings: list[Ring] = []
        self.glows: list[Ring] = []
        self._rng = random.Random(seed)
        #: bursts started so far (tests read it; reduce motion still counts them)
        self.started = 0

    @property
    def reduced(self) -> bool:
        return motion_reduced(self.services)

    @property
    def active(self) -> bool:
        return bool(self.sparks or self.rings or self.glows)

    def burst(self, anchor: Any, colour: RGB, count: int = 28, speed: float = 320.0,
              life: float = 0.9, delay: float = 0.0, ring: float = 90.0) -> None:
        """Sparks flying out of ``anchor``, a ring widening to ``ring`` logical units and
        a glow behind them. The anchor is a logical (x, y), or anything the ``where``
        given to :meth:`draw` turns into one (a board cell: bursts follow the board
        wherever the layout puts it)."""
        self.started += 1
        span = 1.0
        if self.reduced:
            count = max(1, round(count * REDUCED_COUNT))
            span = REDUCED_SPAN
            ring = 0.0
        rng = self._rng
        for _ in range(count):
            angle = rng.uniform(0, 2 * math.pi)
            v = speed * span * rng.uniform(0.35, 1.0)
            self.sparks.append(Spark(anchor, 0.0, 0.0, v * math.cos(angle),
                                     v * math.sin(angle) - 120 * span,
                                     life * span * rng.uniform(0.6, 1.0),
                                     rng.uniform(4.0, 9.0), _vary(colour, rng), delay))
        if ring:
            self.rings.append(Ring(anchor, ring, life * 0.7, colour, delay))
        self.glows.append(Ring(anchor, max(40.0, ring * 0.9), life * span * 0.8, colour, delay))

    def finish(self) -> None:
        """Drop every running effect at once."""
        self.sparks.clear()
        self.rings.clear()
        self.glows.clear()

    def update(self, dt: float) -> None:
        for s in self.sparks:
            s.t += dt
            if s.t > s.delay:
                step = min(dt, s.t - s.delay)
                s.x += s.vx * step
                s.y += s.vy * step
                s.vy += GRAVITY * step
                s.vx *= 0.985
        self.sparks = [s for s in self.sparks if s.t < s.delay + s.life]
        for group in (self.rings, self.glows):
            for r in group:
                r.t += dt
        self.rings = [r for r in self.rings if r.t < r.delay + r.life]
        self.glows = [r for r in self.glows if r.t < r.delay + r.life]

    def draw(self, screen: Screen, where: Callable[[Any], tuple[float, float] | None]
             | None = None) -> None:
        """Draw every started effect; ``where`` places anchors that are not (x, y) (an
        anchor it places nowhere, None, is skipped)."""
        placed: dict[int, tuple[float, float] | None] = {}

        def place(anchor: Any) -> tuple[float, float] | None:
            # a burst's sparks share its anchor: placed once per frame, not per spark
            key = id(anchor)
            if key not in placed:
                placed[key] = where(anchor) if where is not None else anchor
            return placed[key]

        for g in self.glows:
            at = place(g.anchor) if g.t >= g.delay else None
            if at is not None:
                _glow(screen, g, at)
        for r in self.rings:
            at = place(r.anchor) if r.t >= r.delay else None
            if at is not None:
                e = (r.t - r.delay) / r.life
                radius = r.radius * (0.2 + 0.8 * (1 - (1 - e) ** 3))
                screen.circle(at[0], at[1], radius, _fade(r.colour, e), max(2.0, 10 * (1 - e)))
        self._draw_sparks(screen, place)

    def bounds(self, screen: Screen, where: Callable[[Any], tuple[float, float] | None]
               | None = None) -> pygame.Rect | None:
        """The pixels :meth:`draw` paints now (its glows, rings and sparks, placed as it
        places them), None when it paints nothing: a frame painted in parts
        (:mod:`game.kit.client.damage`) repaints the bursts' bounds, not the screen."""
        placed: dict[int, tuple[float, float] | None] = {}

        def place(anchor: Any) -> tuple[int, int] | None:
            key = id(anchor)
            if key not in placed:
                placed[key] = where(anchor) if where is not None else anchor
            at = placed[key]
            return None if at is None else screen.px(*at)

        out: list[pygame.Rect] = []
        for g in self.glows:
            at = place(g.anchor) if g.t >= g.delay else None
            if at is not None:  # the sprite (as _glow sizes it)
                px = max(8, round(screen.ln(g.radius) / 8) * 8)
                out.append(pygame.Rect(at[0] - px, at[1] - px, 2 * px, 2 * px))
        for r in self.rings:
            at = place(r.anchor) if r.t >= r.delay else None
            if at is not None:  # the widest it gets, and its line
                reach = screen.ln(r.radius) + screen.ln(10.0) + 2
                out.append(pygame.Rect(at[0] - reach, at[1] - reach, 2 * reach, 2 * reach))
        scale = screen.scale
        for s in self.sparks:
            at = place(s.anchor) if s.t >= s.delay else None
            if at is not None:
                cx, cy = at[0] + round(s.x * scale), at[1] + round(s.y * scale)
                reach = max(1, round(s.size * scale)) + 2
                out.append(pygame.Rect(cx - reach, cy - reach, 2 * reach, 2 * reach))
        return out[0].unionall(out[1:]) if out else None

    def _draw_sparks(self, screen: Screen,
                     place: Callable[[Any], tuple[float, float] | None]) -> None:
        """Each spark as ``screen.circle`` draws it, the same pixels, with the scaling
        written out: a burst has dozens of sparks, and a screen can show hundreds."""
        surface, circle = screen.surface, pygame.draw.circle
        ox, oy, scale = screen.ox, screen.oy, screen.scale
        for s in self.sparks:
            at = place(s.anchor) if s.t >= s.delay else None
            if at is not None:
                e = (s.t - s.delay) / s.life
                radius = max(1.0, s.size * (1 - e * 0.7))
                # the first half of a spark's life is at full colour (no fading to work out)
                circle(surface, s.colour if e <= FADE_FROM else _fade(s.colour, e),
                       (round(ox + (at[0] + s.x) * scale), round(oy + (at[1] + s.y) * scale)),
                       max(1, round(radius * scale)), 0)


def _vary(colour: RGB, rng: random.Random) -> RGB:
    """A spark's colour: the burst's, some lighter, some gold."""
    pick = rng.random()
    if pick < 0.25:
        return (255, 226, 130)
    k = rng.uniform(0.0, 0.45)
    return tuple(round(c + (255 - c) * k) for c in colour)  # type: ignore[return-value]


def _fade(colour: RGB, e: float) -> RGB:
    """Towards the dark as an effect ends (no per-spark alpha: plain circles are cheap)."""
    k = max(0.0, 1 - max(0.0, e - FADE_FROM) * 1.6)
    return round(colour[0] * k), round(colour[1] * k), round(colour[2] * k)


def _glow(screen: Screen, g: Ring, at: tuple[float, float]) -> None:
    """A soft light added onto the picture, brightest at first. Sizes and brightness
    come in steps, so the few sprites are painted once and only blitted after."""
    e = (g.t - g.delay) / g.life
    px = max(8, round(screen.ln(g.radius) / 8) * 8)
    level = round(GLOW_LEVELS * (1 - e) ** 2)
    if level <= 0:
        return
    sprite = ART.get(("glow", px, g.colour, level),
                     lambda: _faded(ART.get(("glow", px, g.colour),
                                            lambda: _glow_sprite(px, g.colour)),
                                    level / GLOW_LEVELS))
    cx, cy = screen.px(*at)
    screen.surface.blit(sprite, (cx - px, cy - px), special_flags=pygame.BLEND_RGB_ADD)


def _faded(sprite: pygame.Surface, bright: float) -> pygame.Surface:
    """``sprite`` at ``bright`` (0-1) of its light: a copy and one multiplication."""
    out = sprite.copy()
    v = round(255 * bright)
    out.fill((v, v, v), special_flags=pygame.BLEND_RGB_MULT)
    return out


def _glow_sprite(radius: int, colour: RGB) -> pygame.Surface:
    small = pygame.Surface((32, 32))
    small.fill((0, 0, 0))
    for i in range(16, 0, -1):
        k = (1 - i / 16) ** 1.6 * 0.8
        pygame.draw.circle(small, tuple(round(c * k) for c in colour), (16, 16), i)
    return pygame.transform.smoothscale(small, (2 * radius, 2 * radius))
