"""Cached off-screen layers for board views.

A board is painted in layers (the map, the pieces, the hover preview), each redrawn only
when what it shows changes and otherwise blitted as it is, so a frame costs little even
on a large board. Every view keeps the same bookkeeping, so it lives here once.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.screen import Screen

Rect = tuple[float, float, float, float]


def offscreen(screen: Screen, rect: Rect, alpha: bool = False) -> tuple[Screen, pygame.Rect]:
    """A Screen drawing onto a new surface covering the logical ``rect`` of ``screen``."""
    prect = screen.rect(*rect)
    surf = pygame.Surface(prect.size, pygame.SRCALPHA if alpha else 0)
    sub = screen.derived(surf, screen.ox - prect.x, screen.oy - prect.y)
    return sub, prect


class Layer:
    """One cached off-screen surface, the Screen wrapper that paints into it, and the
    key of what it shows (the view repaints it when the key changes)."""

    def __init__(self) -> None:
        self.key: Any = None
        self.scr: Screen | None = None
        self.rect: Any = None

    def fresh(self, screen: Screen, rect: Rect) -> Screen:
        """A new, empty surface covering ``rect``."""
        self.scr, self.rect = offscreen(screen, rect)
        return self.scr

    def copy_of(self, below: Layer, screen: Screen, rect: Rect) -> Screen:
        """Start over from a copy of ``below``, reusing the surface while its size fits,
        so only what this layer adds has to be painted."""
        assert below.scr is not None
        if self.scr is None or self.scr.surface.get_size() != below.scr.surface.get_size():
            self.fresh(screen, rect)
        assert self.scr is not None
        self.scr.surface.blit(below.scr.surface, (0, 0))
        self.rect = below.rect
        return self.scr
