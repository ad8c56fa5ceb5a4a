"""Pieces that look like pieces on a table: a soft shadow under each, a lit face, a
shaded side. Painted with the drawing primitives at any scale, so a dropping piece can
be drawn per frame, and usually stamped once into a view's sprite cache.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.kit.client.art.cache import ART
from game.kit.client.art.texture import RGB, shade

if TYPE_CHECKING:
    from game.kit.client.screen import Colour, Screen

SHADOW = (0, 0, 0, 80)


def rgb(colour: Colour) -> RGB:
    return (colour[0], colour[1], colour[2])


def drop_shadow(scr: Screen, x: float, y: float, w: float, h: float, radius: float,
                lift: float) -> None:
    """A soft shadow of a box lifted ``lift`` units off the table (down and right)."""
    r = scr.rect(x + lift * 0.6, y + lift, w, h)
    rad = scr.ln(radius)
    scr.surface.blit(ART.get(("box-shadow", r.size, rad), lambda: _box_shadow(r.size, rad)),
                     r.topleft)


def _box_shadow(size: tuple[int, int], rad: int) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, SHADOW, layer.get_rect(), 0, rad)
    return layer


def bevel_box(scr: Screen, x: float, y: float, w: float, h: float, colour: Colour,
              radius: float = 0, depth: float = 3, edge: Colour | None = None,
              edge_w: float = 2, lift: float = 0) -> None:
    """A raised block: optional shadow, a darker side ``depth`` below, the face, a lit
    top-left rim and an optional outline."""
    base = rgb(colour)
    if lift:
        drop_shadow(scr, x, y, w, h + depth, radius, lift)
    if depth:
        scr.box(x, y + depth, w, h, shade(base, -0.4), radius=radius)
    scr.box(x, y, w, h, base, radius=radius)
    rim = max(1.0, min(w, h) * 0.07)
    scr.box(x + rim, y + rim * 0.6, w - 2 * rim, max(1.0, rim * 0.9), shade(base, 0.35),
            radius=min(radius, rim))
    if edge is not None:
        scr.box(x, y, w, h + depth, edge, radius=radius, width=edge_w)


def ellipse_shadow(scr: Screen, cx: float, cy: float, rx: float, ry: float) -> None:
    """The round shadow under a standing figure."""
    r = scr.rect(cx - rx, cy - ry, 2 * rx, 2 * ry)
    scr.surface.blit(ART.get(("ellipse-shadow", r.size), lambda: _ellipse_shadow(r.size)),
                     r.topleft)


def _ellipse_shadow(size: tuple[int, int]) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(layer, (0, 0, 0, 90), layer.get_rect())
    return layer


def stepped_temple(scr: Screen, cx: float, base: float, width: float, top_width: float,
                   tier: float, tiers: int, colour: Colour, edge: Colour,
                   edge_w: float) -> None:
    """A stepped pyramid of ``tiers`` tiers on ``base``: each tier a lit face with a pale
    ledge on top and a shaded right flank, a stair up the front, a shadow behind."""
    c = rgb(colour)
    steps = max(1, tiers - 1)
    flank = tier * 0.7
    total = tier * tiers
    scr.polygon([(cx - width / 2 + flank, base + flank * 0.5),
                 (cx + width / 2 + flank * 1.6, base + flank * 0.5),
                 (cx + top_width / 2 + flank * 1.6, base - total + flank),
                 (cx - top_width / 2 + flank, base - total + flank)], SHADOW)
    for i in range(tiers):
        w = width - (width - top_width) * (i / steps if tiers > 1 else 0)
        top = base - (i + 1) * tier
        scr.polygon([(cx + w / 2, top), (cx + w / 2 + flank, top + flank * 0.5),
                     (cx + w / 2 + flank, top + tier + flank * 0.5), (cx + w / 2, top + tier)],
                    shade(c, -0.45))
        scr.box(cx - w / 2, top, w, tier + 0.5, c)
        scr.box(cx - w / 2, top, w, max(1.0, tier * 0.26), shade(c, 0.45))
        scr.box(cx - w / 2, top, w, tier + 0.5, edge, width=edge_w)
    if tiers < 2:
        return
    sw = max(2.0, top_width * 0.24)
    scr.box(cx - sw / 2, base - total, sw, total, shade(c, 0.2))
    for i in range(tiers * 2):
        y = base - total + total * (i + 0.5) / (tiers * 2)
        scr.line((cx - sw / 2, y), (cx + sw / 2, y), shade(c, -0.35), max(1.0, tier * 0.1))
    scr.box(cx - sw / 2, base - total, sw, total, edge, width=max(1.0, edge_w * 0.7))
