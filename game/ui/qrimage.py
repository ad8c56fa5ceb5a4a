"""A QR code on the television, to be read by a phone across the room.

Scanners need sharp edges and even modules, so the code is not drawn in logical units
(a module 17.3 pixels wide would blur into its neighbours): every module is the same
whole number of window pixels, as large as the square allows, dark on a white plate
with a quiet zone of four modules all round (``qr_matrix`` brings two, the plate adds
two more).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

DARK = (0, 0, 0)
LIGHT = (255, 255, 255)
#: light modules the plate adds around the matrix's own quiet zone
PLATE_MARGIN = 2


@dataclass(frozen=True)
class Placement:
    """Where the code lands on the window, in pixels."""

    #: the white plate (quiet zone included)
    plate: pygame.Rect
    #: the top-left pixel of the matrix's first module, and each module's side
    left: int
    top: int
    module: int


class QrImage:
    """One QR code (rows of modules, True dark, quiet zone included) ready to draw."""

    def __init__(self, matrix: list[list[bool]]) -> None:
        self.matrix = matrix
        self.size = len(matrix)
        self._base = pygame.Surface((self.size, self.size))
        self._base.fill(LIGHT)
        for y, row in enumerate(matrix):
            for x, dark in enumerate(row):
                if dark:
                    self._base.set_at((x, y), DARK)
        self._scaled: dict[int, pygame.Surface] = {}

    def placement(self, screen: Screen, x: float, y: float, side: float) -> Placement:
        """The plate centred in the logical square at (x, y) of ``side`` units."""
        area = screen.rect(x, y, side, side)
        span = self.size + 2 * PLATE_MARGIN
        module = max(1, min(area.w, area.h) // span)
        plate = pygame.Rect(0, 0, span * module, span * module)
        plate.center = area.center
        edge = PLATE_MARGIN * module
        return Placement(plate, plate.x + edge, plate.y + edge, module)

    def draw(self, screen: Screen, x: float, y: float, side: float) -> Placement:
        """Draw the plate and the code; returns where they went."""
        where = self.placement(screen, x, y, side)
        scaled = self._scaled.get(where.module)
        if scaled is None:  # whole pixels per module: a plain (nearest) scale, no blur
            px = self.size * where.module
            scaled = pygame.transform.scale(self._base, (px, px))
            self._scaled = {where.module: scaled}  # one window size at a time
        screen.surface.fill(LIGHT, where.plate)
        screen.surface.blit(scaled, (where.left, where.top))
        return where
