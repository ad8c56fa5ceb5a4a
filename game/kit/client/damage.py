"""Draw only what changed: a frame as parts that say what decides their pixels.

A scene that can say so hands the frame over as :class:`Part` s, in the order they are
painted: each one's pixel bounds (everything it paints stays inside, and is clipped to
them) and its key, what its pixels depend on (None: they change every frame, a pulse or
a moving piece). :class:`Compositor` compares each part with the last frame's: a part
whose key or bounds changed damages its old and new bounds, a part that came or went
damages its bounds, and a kept part that showed old pixels asked for its place to be
drawn again (:meth:`~game.kit.client.screen.Screen.redraw_next`). It then repaints only
the damaged rectangles, each with every part reaching into it in order, clipped to it,
and says which rectangles to present (``pygame.display.update(rects)``).

Damage is reported, not guessed: nothing watches the drawing. A scene that cannot say
(a mod's view that draws freely, the title's motion) gives no parts, and the whole frame
is painted and presented, as before. So is every frame after a change of what is shown
(another scene, a resize, the language, the settings) or when the damage covers most of
the window, where one pass is cheaper than several. The window's own surface holds the
last frame, so no second screenful of memory is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

#: damage covering more than this share of the window is painted as a whole frame
WHOLE_SHARE = 0.9
#: two rectangles are painted as their bounds when those are at most this much larger
#: than the two (each rectangle painted is another pass over the parts reaching into it)
JOIN_SLACK = 1.1
#: at most this many rectangles are painted apart; beyond it, the two whose bounds add
#: the least are joined (a hover's frame damages the cursor's old and new place, the
#: preview, the panel, the status and the breathing card: painted apart, not as their
#: bounds, which are most of the window)
MOST_RECTS = 8


@dataclass(frozen=True)
class Part:
    """One part of a frame: where it paints (pixels), what decides its pixels (None: it
    changes every frame) and how to paint it."""

    place: Hashable
    rect: pygame.Rect
    key: Hashable
    paint: Callable[[], None]
    #: the part of ``rect`` that changes every frame while the key holds (a card's
    #: breathing ring); None: nothing does (with a key of None: all of ``rect``)
    moving: pygame.Rect | None = None


class Compositor:
    """The last frame's parts, and the painting of the next frame's changed ones."""

    def __init__(self) -> None:
        self._last: dict[Hashable, tuple[tuple[int, ...], Hashable]] = {}
        self._generation: Hashable = None
        #: pixel rectangles a kept part asked to be drawn again next frame
        self.pending: list[pygame.Rect] = []
        #: frames painted whole and in parts so far (tests and benchmarks read them)
        self.whole_frames = 0
        self.part_frames = 0

    def forget(self) -> None:
        """The next frame is painted whole (the window was exposed or remade)."""
        self._generation = None
        self._last = {}
        self.pending = []  # a whole frame paints every place asked for

    def compose(self, surface: pygame.Surface, generation: Hashable,
                parts: Sequence[Part] | None) -> list[pygame.Rect] | None:
        """Paint the frame of ``parts`` onto ``surface``: whole (returns None) when the
        ``generation`` (what the frame shows: its scenes, size, language) changed, there
        are no parts, or the damage is most of the window; else only the damaged
        rectangles (returned: the ones to present, perhaps none)."""
        pending, self.pending = self.pending, []
        if parts is None:
            self.forget()
            return None
        last, self._last = self._last, {p.place: (tuple(p.rect), p.key) for p in parts}
        rects = None if generation != self._generation else \
            _damage(parts, last, pending, surface.get_rect())
        self._generation = generation
        if rects is None:
            self.whole_frames += 1
            _paint(surface, parts, surface.get_rect())
            return None
        self.part_frames += 1
        for rect in rects:
            _paint(surface, parts, rect)
        return rects


def _damage(parts: Sequence[Part], last: dict[Hashable, tuple[tuple[int, ...], Hashable]],
            pending: list[pygame.Rect], window: pygame.Rect) -> list[pygame.Rect] | None:
    """The rectangles to paint again, merged; None: the whole window."""
    out = list(pending)
    seen = set()
    for part in parts:
        seen.add(part.place)
        was = last.get(part.place)
        rect = tuple(part.rect)
        if was is None:
            out.append(part.rect)
        elif part.key is None or was != (rect, part.key):
            out.append(part.rect)
            if was[0] != rect:
                out.append(pygame.Rect(was[0]))
        elif part.moving is not None:
            out.append(part.moving)
    out += [pygame.Rect(was[0]) for place, was in last.items() if place not in seen]
    out = [r.clip(window) for r in out]
    return merged([r for r in out if r.w and r.h], window)


def merged(rects: list[pygame.Rect], window: pygame.Rect) -> list[pygame.Rect] | None:
    """``rects`` with those joined whose bounds cost little more to paint than they do
    apart (a rectangle inside another, two side by side), at most :data:`MOST_RECTS`
    (the two adding least joined, again and again); None when they cover most of
    ``window``. Overlapping rectangles left apart are both painted: the pixels they share
    come out the same."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        joined = True
        while joined:  # a union may now be worth joining with another one
            joined = False
            for other in out:
                union = rect.union(other)
                if union.w * union.h <= JOIN_SLACK * (rect.w * rect.h + other.w * other.h):
                    out.remove(other)
                    rect = union
                    joined = True
                    break
        out.append(rect)
    while len(out) > MOST_RECTS:  # join the two that cost least to paint as one
        a, b = min(((a, b) for i, a in enumerate(out) for b in out[i + 1:]),
                   key=lambda ab: _area(ab[0].union(ab[1])) - _area(ab[0]) - _area(ab[1]))
        out.remove(a)
        out.remove(b)
        out.append(a.union(b))
    if sum(map(_area, out)) > WHOLE_SHARE * _area(window):
        return None
    return out


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _paint(surface: pygame.Surface, parts: Sequence[Part], within: pygame.Rect) -> None:
    """Every part reaching into ``within``, in order, each clipped to its own bounds."""
    clip = surface.get_clip()
    try:
        for part in parts:
            inside = part.rect.clip(within)
            if inside.w and inside.h:
                surface.set_clip(inside)
                part.paint()
    finally:
        surface.set_clip(clip)
