"""Cached off-screen layers for board views.

A board is painted in layers (the map, the pieces, the hover preview), each redrawn only
when what it shows changes and otherwise blitted as it is, so a frame costs little even
on a large board; a :class:`PiecesLayer` repaints only the pieces that changed; a
:class:`Snapshot` keeps a painted part of the screen (a panel's contents). Every view
keeps the same bookkeeping, so it lives here once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from game.kit.client.lru import LruCache
from game.kit.client.screen import Screen

Rect = tuple[float, float, float, float]
#: draws what lies under a kept part, leaving out the pixel rectangle it is given
Under = Callable[[pygame.Rect | None], None]


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
        #: frames it showed old pixels while its key had changed (see Screen.may_repaint)
        self.late = 0
        #: the seat whose view it was painted for, where that matters (None: anyone's)
        self.viewer: Any = None

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


@dataclass(frozen=True)
class Piece:
    """One thing on a pieces layer: what it shows (``key``), the logical rectangle its
    painting stays inside (``bounds``, rounded to pixels as the Screen rounds a box: a
    line's width reaching past its ends must be in it; generous is fine but repaints
    more neighbours, too small is a bug the layer tests catch) and how to paint it."""

    key: Hashable
    bounds: Rect
    paint: Callable[[Screen], None]


class PiecesLayer(Layer):
    """The pieces of a board over a background layer, repainted piece by piece.

    After an action most pieces look as they did: only the rectangles of the pieces whose
    key changed are painted again (the background blitted back into each, then, clipped
    to it, every piece reaching into it, in order), so the frame after an action costs a
    few pieces, not the whole board. The pixels are exactly those of painting every piece
    anew, because each rectangle is painted in full, in the same order. Pieces may come
    and go (a temple built, a bridge taken up): when their number changes, those gone
    and those come are found by key and place, so long as the pieces both lists hold
    keep their order (else every piece is painted anew)."""

    #: tests set it: every repaint piece by piece is compared with painting them all
    verify: ClassVar[bool] = False

    def __init__(self) -> None:
        super().__init__()
        self._shown: list[tuple[Hashable, pygame.Rect]] = []
        #: the view's own note of what it last synced the layer with, so that an
        #: unchanged frame does not even list the pieces
        self.shows: Any = None
        #: the pixel rectangles the last :meth:`sync` painted again (None: all of it), for
        #: a layer kept over this one to paint itself again only there
        self.painted: list[pygame.Rect] | None = None

    def sync(self, below: Layer, screen: Screen, rect: Rect, key: Hashable,
             pieces: Sequence[Piece]) -> None:
        """Show ``pieces`` over ``below`` (covering the logical ``rect``); ``key`` is what
        all pieces share (the size, the background's key): a new one repaints them all."""
        assert below.scr is not None
        if self.key != key or self.scr is None or self.rect != below.rect:
            self._repaint(below, screen, rect, pieces)
            self.key = key
            return
        scr = self.scr
        spots = [self._pixels(p) for p in pieces]
        if len(pieces) == len(self._shown):
            dirty = [old.union(spots[i]) for i, (shown, old) in enumerate(self._shown)
                     if shown != pieces[i].key]
        else:
            came_went = _came_went(self._shown, [(p.key, spot) for p, spot in
                                                 zip(pieces, spots, strict=True)])
            if came_went is None:
                self._repaint(below, screen, rect, pieces)
                return
            dirty = came_went
        touched = [[piece for piece, spot in zip(pieces, spots, strict=True)
                    if spot.colliderect(area)] for area in dirty]
        if sum(map(len, touched)) > len(pieces):
            # many pieces changed at once (an age's conflicts begin): their areas overlap
            # their neighbours', and painting every piece once is cheaper than that
            self._repaint(below, screen, rect, pieces)
            return
        surface = scr.surface
        if dirty:
            screen.spend_repaint()
        for area, inside in zip(dirty, touched, strict=True):
            surface.set_clip(area)
            surface.blit(below.scr.surface, area.topleft, area)
            for piece in inside:
                piece.paint(scr)
        surface.set_clip(None)
        self._shown = [(p.key, spot) for p, spot in zip(pieces, spots, strict=True)]
        self.painted = dirty
        if self.verify and dirty:
            self._verify(below, screen, rect, pieces)

    def _repaint(self, below: Layer, screen: Screen, rect: Rect,
                 pieces: Sequence[Piece]) -> None:
        """Every piece painted anew over a copy of ``below``."""
        screen.spend_repaint()
        scr = self.copy_of(below, screen, rect)
        self.painted = None
        self._shown = []
        for piece in pieces:
            piece.paint(scr)
            self._shown.append((piece.key, self._pixels(piece)))

    def _verify(self, below: Layer, screen: Screen, rect: Rect,
                pieces: Sequence[Piece]) -> None:
        verify_pieces(self, below, screen, rect, pieces)

    def _pixels(self, piece: Piece) -> pygame.Rect:
        assert self.scr is not None
        return self.scr.rect(*piece.bounds)


def _came_went(shown: list[tuple[Hashable, pygame.Rect]],
               now: list[tuple[Hashable, pygame.Rect]]) -> list[pygame.Rect] | None:
    """The rectangles of the pieces gone from ``shown`` and come in ``now`` (by key and
    place), those that meet joined; None when the pieces in both changed their order (a
    rectangle painted again would lay them one over another otherwise)."""
    old, new = set(_spots(shown)), set(_spots(now))
    if [s for s in _spots(shown) if s in new] != [s for s in _spots(now) if s in old]:
        return None
    changed = [r for k, r in shown if (k, tuple(r)) not in new]
    changed += [r for k, r in now if (k, tuple(r)) not in old]
    return joined_rects(changed)  # a piece gone and the one come in its place: once


def joined_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with those that meet joined into their union, until none do: the areas
    of a layer to paint again, each pixel once (the kit's pieces layer, and a view's
    own layers patched where they changed)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        meets = [r for r in out if r.colliderect(rect)]
        while meets:
            for r in meets:
                out.remove(r)
                rect.union_ip(r)
            meets = [r for r in out if r.colliderect(rect)]
        out.append(rect)
    return out


def _spots(pieces: list[tuple[Hashable, pygame.Rect]]
           ) -> list[tuple[Hashable, tuple[int, ...]]]:
    return [(k, tuple(r)) for k, r in pieces]


def verify_pieces(layer: Layer, below: Layer, screen: Screen, rect: Rect,
                  pieces: Sequence[Piece]) -> None:
    """Raise unless ``layer`` (its pieces repainted in part) shows what painting every
    piece anew over ``below`` shows: the check a view's repaint in part runs under test,
    whoever does the repainting (:class:`PiecesLayer`, or a view's own)."""
    whole = Layer()
    scr = whole.copy_of(below, screen, rect)
    for piece in pieces:
        piece.paint(scr)
    assert layer.scr is not None
    if pygame.image.tobytes(scr.surface, "RGB") != \
            pygame.image.tobytes(layer.scr.surface, "RGB"):
        raise AssertionError("repainting piece by piece differs from painting every "
                             "piece: a piece paints outside its bounds")


class Snapshot:
    """A part of the screen whose painting is kept and blitted again while its key holds:
    text and shapes that change only with the game (a panel's words, a seat's facts)
    cost one blit a frame.

    The first paint goes onto the screen itself, clipped to ``rect``, over what is already
    there (an opaque panel the caller blits every frame; what lies under ``rect`` must
    be covered by the key), and its pixels are then copied. A screen with per-pixel alpha
    is painted every time: a copy of half-transparent pixels would not blit back alike.

    When the frame's repaints are spent (:meth:`Screen.may_repaint`), a part whose
    contents changed in the same place shows its old pixels for a frame or a few, unless
    it is urgent. When the seat whose secrets it shows (``secret``) changed, its old
    pixels never show: the background under it stays bare for a frame at most, so a
    secret never stays on screen after the screen passes to another seat."""

    #: tests that read every text a frame draws set it (as a text recorder does): kept
    #: parts paint each time instead of blitting their old pixels
    paint_always: ClassVar[bool] = False

    def __init__(self, urgent: bool = False) -> None:
        self.key: Any = None
        self.pixels: pygame.Surface | None = None
        #: frames its old pixels were shown since its key changed (the screen's budget)
        self.late = 0
        #: repainted at once whatever the budget: what says whose turn it is
        self.urgent = urgent
        #: the seat whose secrets its pixels show (None: none)
        self.secret: Hashable = None
        #: where its kept pixels were taken (pixels): a later clip inside it blits from them
        self.at: pygame.Rect | None = None
        #: times its contents were painted anew (its kept surface is reused: a test of
        #: what repaints counts these)
        self.paints = 0

    def draw(self, screen: Screen, rect: Rect, key: Hashable,
             paint: Callable[[Screen], None], secret: Hashable = None,
             under: Under | None = None) -> None:
        """Blit the kept pixels or paint anew. ``under`` draws what lies beneath the part
        (its stone panel) first: given the pixel rectangle the kept pixels are about to
        cover, it may leave that out, for they are opaque and hide it; given None, it
        draws everything, for the part is painted over it (or left bare this frame).
        That saves copying a panel's inside twice a frame."""
        surface = screen.surface
        clip = surface.get_clip()  # a caller's clip (a framed board) holds: only inside it
        r = screen.rect(*rect).clip(clip)
        if (not r.w or not r.h) and not self.paint_always and Screen.recorder is None:
            # wholly clipped away (a frame painting only what changed elsewhere): nothing
            # of it shows, and its kept pixels still hold
            if under is not None:
                under(None)
            return
        # why the clip is not in the key: a frame painted in parts may cut a part into
        # several rectangles, each a clip of the same kept pixels; keyed by its clip, the
        # part painted its contents again for each one (13-16 ms frames in Mexica)
        full = (key, screen.scale, screen.ox, screen.oy, surface.get_size())
        if self.pixels is not None and not self.paint_always and Screen.recorder is None:
            if self.key == full and secret == self.secret and self._holds(r):
                if under is not None:  # kept whole: the stone is cut round all of it,
                    whole = screen.rect(*rect)  # the same hole whatever the frame's clip
                    under(self.at if self.at == whole else r)
                self._blit(surface, r)
                return
            if self._waits(screen, r, full, secret, under):
                return
        if under is not None:
            under(None)
        self.late = 0
        self.paints += 1
        surface.set_clip(r)
        try:
            paint(screen)
        finally:
            surface.set_clip(clip)
        if surface.get_flags() & pygame.SRCALPHA or not r.w or not r.h:
            self.key = self.pixels = None
            return
        kept = self.pixels
        if kept is not None and kept.get_size() == r.size \
                and kept.get_bitsize() == surface.get_bitsize():
            # into the kept surface: a new one per change cost more than the copy
            # (0.13 of 0.25 ms for a 544x184 panel at 1080p, against 0.02 ms)
            kept.blit(surface, (0, 0), r)
        else:
            self.pixels = surface.subsurface(r).copy()
        self.key, self.secret, self.at = full, secret, r

    def _holds(self, r: pygame.Rect) -> bool:
        return self.at is not None and self.at.contains(r)

    def _blit(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """The kept pixels that fall in ``r`` (inside where they were taken)."""
        assert self.pixels is not None and self.at is not None
        surface.blit(self.pixels, r.topleft, r.move(-self.at.x, -self.at.y))

    def _waits(self, screen: Screen, r: pygame.Rect, full: tuple[Any, ...],
               secret: Hashable, under: Under | None) -> bool:
        """Whether this frame shows the old pixels instead of repainting (the repaint
        budget is spent), or shows nothing: old pixels of another seat's secrets never
        show, so a part whose secret owner changed leaves the background drawn under it
        bare for one frame at most, then repaints."""
        assert self.pixels is not None
        if self.key[1:] != full[1:] or not self._holds(r):  # moved or resized: the old
            return False                                        # pixels do not fit
        if self.urgent:
            screen.spend_repaint()
            return False
        if secret != self.secret:
            if self.late == 0 and not screen.may_repaint(0):
                self.late = 1
                screen.promise_repaint()
                screen.redraw_next(r)
                if under is not None:
                    under(None)
                return True
            if self.late:  # its bare frame is over: now, whatever the budget
                screen.spend_repaint()
            return False
        if screen.may_repaint(self.late):
            return False
        self.late += 1  # the same place and size: its old pixels for a frame
        screen.redraw_next(r)
        if under is not None:
            under(r)
        self._blit(screen.surface, r)
        return True

    def forget(self) -> None:
        """Paint afresh next time (the view was reset)."""
        self.key = self.pixels = self.secret = self.at = None


class KeptParts:
    """Kept parts for code that draws from plain functions (the status line, the seat
    cards, the shortcut bar): a :class:`Snapshot` per place, made when a place is first
    drawn, the least recently drawn forgotten beyond ``entries``. One per place, never one
    shared by two places: a part drawn twice a frame with other contents would swap them
    every other frame under the repaint budget."""

    def __init__(self, entries: int) -> None:
        self._parts = LruCache(entries)

    def at(self, place: Hashable, urgent: bool = False) -> Snapshot:
        found: Snapshot | None = self._parts.get((place, urgent))
        if found is None:
            found = Snapshot(urgent=urgent)
            self._parts.put((place, urgent), found)
        return found

    def clear(self) -> None:
        self._parts.clear()
