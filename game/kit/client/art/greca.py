"""Step-fret (greca, xicalcoliuhqui) borders: a stepped rise and a squared spiral in
turn, the motif of Mesoamerican friezes, drawn as a strip that tiles horizontally."""

from __future__ import annotations

import pygame

from game.kit.client.art import palette
from game.kit.client.art.cache import ART
from game.kit.client.art.texture import RGB, shade

#: one period of the motif on a grid 12 units wide and 6 high: the spiral (a polyline)
#: and the stepped rise (a polygon) beside it
SPIRAL = ((0, 6), (0, 0), (5, 0), (5, 4), (2, 4), (2, 2), (3, 2))
STEPS = ((6, 6), (6, 4), (8, 4), (8, 2), (10, 2), (10, 0), (12, 0), (12, 6))
UNITS_W, UNITS_H = 12, 6


def strip(height: int, ink: RGB = palette.GOLD, ground: RGB = palette.BASALT,
          periods: int = 8) -> pygame.Surface:
    """A band ``height`` pixels high holding ``periods`` of the motif; its width is a
    whole number of periods, so it tiles seamlessly."""
    key = ("greca", height, ink, ground, periods)
    return ART.get(key, lambda: _strip(height, ink, ground, periods))


def _strip(height: int, ink: RGB, ground: RGB, periods: int) -> pygame.Surface:
    pad = max(2, round(height * 0.14))
    u = (height - 2 * pad) / UNITS_H
    period = round(u * UNITS_W)
    w = period * periods
    surf = pygame.Surface((w, height))
    surf.fill(ground)
    line = max(1, round(u * 0.9))
    dark, light = shade(ink, -0.45), shade(ink, 0.35)
    rule = max(1, round(pad * 0.45))
    for y in (0, height - rule):
        pygame.draw.rect(surf, ink, (0, y, w, rule))
    for i in range(periods):
        x0 = i * period

        def pt(p: tuple[float, float], dx: float = 0, dy: float = 0,
               x0: float = x0) -> tuple[int, int]:
            return round(x0 + p[0] * u + dx), round(pad + p[1] * u + dy)

        steps = [pt(p) for p in STEPS]
        pygame.draw.polygon(surf, dark, [pt(p, 1, 1) for p in STEPS])
        pygame.draw.polygon(surf, ink, steps)
        pygame.draw.lines(surf, dark, False, [pt(p, 1, 1) for p in SPIRAL], line)
        pygame.draw.lines(surf, ink, False, [pt(p) for p in SPIRAL], line)
        pygame.draw.lines(surf, light, False, steps[1:6], 1)
    return surf


def blit_band(target: pygame.Surface, band: pygame.Surface, rect: pygame.Rect,
              shift: float = 0.0) -> None:
    """``band`` repeated across ``rect`` of ``target``, scrolled by ``shift`` pixels."""
    bw = band.get_width()
    clip = target.get_clip()
    target.set_clip(rect.clip(clip) if clip else rect)
    x = rect.x - (round(shift) % bw)
    while x < rect.right:
        target.blit(band, (x, rect.y))
        x += bw
    target.set_clip(clip)
