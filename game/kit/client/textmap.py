"""Where every text on the window lies, and which of them a person can see.

A picture can pass every size check and still be unreadable: two labels drawn over each
other, a name cut to "Xoch…", a question hidden under a refusal. Set as
:attr:`Screen.recorder <game.kit.client.screen.Screen.recorder>`, a :class:`TextMap` is told of
every line placed on a screen, with its rectangle in window pixels and the ink of its
glyphs, and of every line cut to fit. :meth:`TextMap.visible` then looks at the window's
pixels: a text is visible where its glyphs' solid pixels still have its colour (a panel
drawn over it, a dimmed backdrop or another text hides it); :func:`overlaps` finds
visible texts whose ink runs into each other.

The tour tests (``tests/client/test_readable_tour.py``) use it over every scene of every
game, and :mod:`game.ui.trace` writes its texts for the tool that plays the real window
(``tools/couch_play.py``). Texts stay known across frames (a board's labels are painted
into a kept layer once and then only copied), and are forgotten once they are no longer
seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.kit.client import theme

if TYPE_CHECKING:
    from game.kit.client.screen import Colour, Screen

#: a glyph pixel still has its text's colour within this much per channel
TOLERANCE = 6
#: the share of a text's solid glyph pixels that must still show for it to count as seen
SEEN = 0.6
#: texts remembered at most (the oldest are forgotten first)
MAX_TEXTS = 4000
#: the least area (pixels) of an opaque fill that is told to hide the texts under it
MIN_COVER = 20000


@dataclass
class Placed:
    """A line as placed: where (window pixels), its ink inside that, its look."""

    text: str
    size: float
    role: str
    rect: pygame.Rect
    ink: pygame.Rect
    colour: tuple[int, int, int]
    mask: pygame.mask.Mask
    #: the pixels of its rectangle no glyph touches (a text is not seen where they have
    #: its colour too: a fill of that colour lies over it)
    around: pygame.mask.Mask
    frame: int = 0

    @property
    def key(self) -> tuple[str, tuple[int, int, int, int]]:
        return self.text, (self.rect.x, self.rect.y, self.rect.w, self.rect.h)


@dataclass
class Cut:
    """A line cut with an ellipsis to fit ``width`` logical px."""

    text: str
    size: float
    width: float
    frame: int = 0


@dataclass
class TextMap:
    """Told of every text placed and cut (a ``TextRecorder``); see the module."""

    #: the window the texts are checked on (the app's screen surface)
    window: pygame.Surface | None = None
    frame: int = 0
    texts: dict[tuple[str, tuple[int, int, int, int]], Placed] = field(default_factory=dict)
    #: the places of each text known (a text placed anew where it overlaps one of its own
    #: earlier places has moved there: an animation, a scroll)
    places: dict[str, set[tuple[int, int, int, int]]] = field(default_factory=dict)
    cuts: list[Cut] = field(default_factory=list)
    _mask_cache: dict[int, tuple[pygame.Surface, pygame.mask.Mask, pygame.mask.Mask]] = \
        field(default_factory=dict)

    # -- the recorder's side ---------------------------------------------------------
    def drawn(self, text: str, size: float, role: str) -> None:
        """Every text rendered (sizes are checked elsewhere)."""

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        self.cuts.append(Cut(text, size, width, self.frame))
        del self.cuts[:-MAX_TEXTS]

    def placed(self, text: str, size: float, role: str, rect: pygame.Rect,
               surface: pygame.Surface, colour: Colour, screen: Screen) -> None:
        """A line blitted at ``rect`` of ``screen``'s surface, which may be a layer
        copied onto the window later at the same scale: its place on the window follows
        from the logical units both share."""
        if not text.strip() or self.window is None:
            return
        where = rect
        if screen.surface is not self.window:
            x, y = screen.to_logical(rect.topleft)
            where = pygame.Rect(_window_px(screen, x, y), rect.size)
        ink = surface.get_bounding_rect(min_alpha=128)
        if not ink.w or not ink.h:
            return
        mask, around = self._masks(surface)
        placed = Placed(text, size, role, where, ink.move(where.topleft),
                        (int(colour[0]), int(colour[1]), int(colour[2])), mask, around,
                        self.frame)
        spots = self.places.setdefault(text, set())
        for spot in [s for s in spots if s != placed.key[1]]:
            if where.colliderect(spot):
                self._forget((text, spot))
        self.texts.pop(placed.key, None)
        self.texts[placed.key] = placed
        spots.add(placed.key[1])
        while len(self.texts) > MAX_TEXTS:
            self._forget(next(iter(self.texts)))

    def filled(self, rect: pygame.Rect, screen: Screen) -> None:
        """An opaque fill (a panel, a bar) drawn over ``rect``: the texts wholly under it
        are hidden, whatever colour their pixels happen to share with it. Small fills (a
        tile, a key cap) are left to the pixels: they are many, and hide little."""
        if self.window is None or rect.w * rect.h < MIN_COVER:
            return
        where = rect
        if screen.surface is not self.window:
            x, y = screen.to_logical(rect.topleft)
            where = pygame.Rect(_window_px(screen, x, y), rect.size)
        for key, placed in list(self.texts.items()):
            if where.contains(placed.ink):
                self._forget(key)

    def _masks(self, surface: pygame.Surface) -> tuple[pygame.mask.Mask, pygame.mask.Mask]:
        """A rendered line's solid glyph pixels and the pixels no glyph touches; rendered
        lines are kept and drawn again (the screen's text cache), so are these."""
        known = self._mask_cache.get(id(surface))
        if known is not None and known[0] is surface:
            return known[1], known[2]
        mask = pygame.mask.from_surface(surface, 250)
        around = pygame.mask.from_surface(surface, 8)
        around.invert()
        if len(self._mask_cache) > MAX_TEXTS:
            self._mask_cache.clear()
        self._mask_cache[id(surface)] = (surface, mask, around)
        return mask, around

    def _forget(self, key: tuple[str, tuple[int, int, int, int]]) -> None:
        self.texts.pop(key, None)
        spots = self.places.get(key[0])
        if spots is not None:
            spots.discard(key[1])
            if not spots:
                del self.places[key[0]]

    # -- the checks' side ------------------------------------------------------------
    def next_frame(self) -> None:
        self.frame += 1

    def visible(self) -> list[Placed]:
        """The texts a person sees on the window now; the others are forgotten. A text
        placed in an earlier frame where a later one now stands was replaced by it (a
        count going down, a name being typed), even where some of its pixels match."""
        assert self.window is not None
        bounds = self.window.get_rect()
        seen: list[Placed] = []
        for key, placed in list(self.texts.items()):
            if _seen_share(self.window, bounds, placed) >= SEEN:
                seen.append(placed)
            else:
                self._forget(key)
        stale = {id(old) for old, new in overlaps(seen, same_frame=False)}
        for placed in seen:
            if id(placed) in stale:
                self._forget(placed.key)
        return [p for p in seen if id(p) not in stale]


def _window_px(screen: Screen, x: float, y: float) -> tuple[int, int]:
    """Window pixels of ``screen``'s logical (x, y): a derived screen (a layer) shares
    its window screen's scale and logical units, whose (0, 0) is at ``origin``."""
    ox, oy = screen.origin
    return round(ox + x * screen.scale), round(oy + y * screen.scale)


def _seen_share(window: pygame.Surface, bounds: pygame.Rect, placed: Placed) -> float:
    """The share of the text's solid glyph pixels that still show its colour."""
    solid = placed.mask.count()
    if not solid:
        return 0.0
    area = placed.rect.clip(bounds)
    if not area.w or not area.h:
        return 0.0
    region = window.subsurface(area)
    tol = (TOLERANCE, TOLERANCE, TOLERANCE, 255)
    shown = pygame.mask.from_threshold(region, placed.colour, tol)
    offset = (placed.rect.x - area.x, placed.rect.y - area.y)
    around = placed.around
    if around.count() and shown.overlap_area(around, offset) > around.count() / 2:
        return 0.0  # the glyphs' colour all around them too: covered by a plain fill
    return shown.overlap_area(placed.mask, offset) / solid


def _within(a: Placed, b: Placed) -> bool:
    """Whether every solid glyph pixel of ``a`` is one of ``b``'s too: ``a`` shows nothing
    of its own (a key cap's "U" under another bar's "Up/Down", drawn at the same place)."""
    offset = (a.rect.x - b.rect.x, a.rect.y - b.rect.y)
    solid = a.mask.count()
    return bool(solid) and b.mask.overlap_area(a.mask, offset) >= solid


def _touch(a: Placed, b: Placed, slack: int) -> bool:
    """Whether a glyph of ``a`` comes within ``slack`` pixels of a glyph of ``b``."""
    grown = pygame.mask.Mask((b.rect.w + 2 * slack, b.rect.h + 2 * slack))
    for dx in range(2 * slack + 1):
        for dy in range(2 * slack + 1):
            grown.draw(b.mask, (dx, dy))
    offset = (a.rect.x - (b.rect.x - slack), a.rect.y - (b.rect.y - slack))
    return grown.overlap(a.mask, offset) is not None


def overlaps(texts: list[Placed], reach: int = 4,
             same_frame: bool = True) -> list[tuple[Placed, Placed]]:
    """Pairs of visible texts that run into each other, each pair (older, newer) by the
    frame they were placed in. ``same_frame`` (what a person sees): texts placed in one
    frame whose letters come within ``reach`` pixels of each other ("103" beside "106"
    reads "103106"); a box that meets another where no letter does (a descender's band)
    is not one. The same words over themselves (a shadow, an outline, a text drawn twice
    in one place) are one text to a reader, and a passing effect (``theme.PASSING``)
    may cross other words. Otherwise, texts placed in different frames whose boxes
    overlap: the newer replaced the older."""
    out: list[tuple[Placed, Placed]] = []
    grow = reach if same_frame else -1
    inks = [(p, p.ink.inflate(2 * grow, 2 * grow)) for p in texts]
    inks.sort(key=lambda pi: pi[1].x)
    for i, (a, ra) in enumerate(inks):
        for b, rb in inks[i + 1:]:
            if rb.x >= ra.right:
                break
            if not ra.colliderect(rb) or (a.frame == b.frame) != same_frame:
                continue
            if a.text == b.text and abs(a.ink.x - b.ink.x) + abs(a.ink.y - b.ink.y) <= 8:
                continue
            if same_frame and (theme.PASSING in (a.role, b.role) or _within(a, b)
                               or _within(b, a) or not _touch(a, b, reach)):
                continue
            out.append((a, b) if a.frame <= b.frame else (b, a))
    return out
