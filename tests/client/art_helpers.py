"""What the art cache holds, as a test reads it: a surface, or a panel's pieces kept
together (:meth:`~game.kit.client.art.cache.ArtCache.get_pieces`)."""

from __future__ import annotations

from typing import Any

import pygame


def extent(art: Any) -> tuple[int, int]:
    """The size of what was painted for ``art``: a surface's, or for pieces the whole
    they were cut from (painted whole when a piece is missing), as far as they reach."""
    if isinstance(art, pygame.Surface):
        return art.get_size()
    right = max((at[0] + surf.get_width() for surf, at in art), default=0)
    bottom = max((at[1] + surf.get_height() for surf, at in art), default=0)
    return right, bottom


def held(art: Any) -> int:
    """The bytes ``art`` holds."""
    surfaces = [art] if isinstance(art, pygame.Surface) else [surf for surf, _at in art]
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces)
