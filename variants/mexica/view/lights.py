"""The lake's ripples of light as one part of the board (issue 37).

Each ripple's pixels change nearly every frame while it shows (its colour fades in and
out, it drifts across its cell). As a dozen parts of their own, one per group of
neighbours, every frame handed the compositor a dozen more parts to build, compare and
weigh, for about eight small rectangles. As one part whose key is every group's pixels, it
says where they changed (``BoardPart.changed``): the groups whose pixels differ from
those the window shows, the same small rectangles, and one part.

Its pixels are those :func:`anim.glint_strokes` and :func:`anim.draw_glint` give: the same
arithmetic, the points rounded as :meth:`Screen.px` rounds them and the width as
:meth:`Screen.ln`, worked out for a layout and a screen once (the rows and the width of
every ripple hold; only where it is along its cell and its colour change).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pygame

from game.kit.client import Screen, mix, palette, union
from variants.mexica.view import anim as va
from variants.mexica.view import paint as vp

Rect = tuple[float, float, float, float]
#: a ripple's pixels: its three points on the screen, its colour, its width in pixels
Stroke = tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int, int], int]

#: the ripples move at most this many times a second: their colour fades a step nearly
#: every frame at 60, so the lake was painted again under them every frame (a quarter of
#: an idle frame's pixels at 1080p); at 30 a frame in two paints no ripple, and a slow
#: shimmer looks the same
RIPPLE_FPS = 30
#: two groups of ripples are joined when their bounds are at most this much larger than
#: the two (ripples on neighbouring cells of a row): hardly more pixels
GLINT_SLACK = 1.5


def glint_groups(board: Any, lay: vp.Layout) -> list[tuple[Rect, list[tuple[int, int, float]]]]:
    """The lake's ripples (their number, cell and pace) in groups of neighbours, each
    with the bounds of its ripples: those that cost hardly more to paint together are
    joined, so that a frame repaints fewer rectangles, none of them large."""
    groups = [(va.glint_bounds(lay, c), [(i, c, rate)])
              for i, (c, rate) in enumerate(va.glints(board))]
    joined = True
    while joined:
        joined = False
        for n, (ra, ma) in enumerate(groups):
            for rb, mb in groups[n + 1:]:
                both = union([ra, rb])
                if _size(both) <= GLINT_SLACK * (_size(ra) + _size(rb)):
                    groups = [g for g in groups if g[1] is not ma and g[1] is not mb]
                    groups.append((both, sorted(ma + mb)))
                    joined = True
                    break
            if joined:
                break
    return sorted(groups, key=lambda g: g[1][0][0])


def _size(rect: Rect) -> float:
    return rect[2] * rect[3]


class Lights:
    """The ripples of one board at one layout and screen transform: their groups, the
    groups' pixel rectangles, and what of each ripple holds while it moves."""

    def __init__(self, board: Any, lay: vp.Layout, screen: Screen) -> None:
        groups = glint_groups(board, lay)
        self.area: Rect | None = union([g[0] for g in groups]) if groups else None
        self.rects = [screen.rect(*g[0]) for g in groups]
        cs = lay.cs
        ox, oy, scale = screen.ox, screen.oy, screen.scale
        width = screen.ln(max(1.5, cs * 0.05))
        #: per group, per ripple: its number, pace, the middle of its cell (logical x),
        #: the rows of its ends and of its middle point (pixels) and its width (pixels)
        self.members = [
            [(i, rate, x, round(oy + y * scale), round(oy + (y - cs * 0.07) * scale), width)
             for i, c, rate in members for x, y in (lay.centre(c),)]
            for _bounds, members in groups]
        self.cs, self.ox, self.scale = cs, ox, scale

    def now(self, t: float) -> tuple[tuple[Hashable, ...], list[list[Stroke]]]:
        """Each group's key (its ripples' pixels, None for a dark one) and strokes at
        ``t``: what :func:`anim.glint_strokes` gives, on the screen."""
        cs, ox, scale = self.cs, self.ox, self.scale
        water, light, beats = palette.WATER, va.GLINT, va.GLINTS
        keys: list[Hashable] = []
        strokes: list[list[Stroke]] = []
        for members in self.members:
            key: list[Stroke | None] = []
            lines: list[Stroke] = []
            for i, rate, cx, row, top, width in members:
                phase = (t * rate + i / beats) % 1.0
                if phase > 0.6:  # (anim.glint_phase: dark)
                    key.append(None)
                    continue
                k = math.sin(phase / 0.6 * math.pi)
                x = cx + cs * (phase - 0.3) * 0.8
                w = cs * (0.18 + 0.1 * k)
                line = ((round(ox + (x - w) * scale), row), (round(ox + x * scale), top),
                        (round(ox + (x + w) * scale), row), mix(water, light, k), width)
                key.append(line)
                lines.append(line)
            keys.append(tuple(key))
            strokes.append(lines)
        return tuple(keys), strokes

    def changed(self, key: tuple[Hashable, ...], screen: Screen,
                shown: Hashable) -> list[pygame.Rect] | None:
        """The rectangles of the groups whose pixels differ from those shown (``shown``:
        the key the window shows the part with); None when it is not this part's."""
        if not isinstance(shown, tuple) or len(shown) != len(key):
            return None
        return [rect for rect, now, was in zip(self.rects, key, shown, strict=True)
                if now != was]

    def paint(self, strokes: list[list[Stroke]], screen: Screen) -> None:
        """The groups reaching into the surface's clip (a frame in parts paints the part
        in a few small rectangles; a whole frame, all of it)."""
        surface = screen.surface
        clip = surface.get_clip()
        draw = pygame.draw.line
        for n in clip.collidelistall(self.rects):
            for a, b, m, colour, width in strokes[n]:
                draw(surface, colour, a, b, width)
                draw(surface, colour, b, m, width)
