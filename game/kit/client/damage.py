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
(the caller's generation: a resize, the language, the settings) or when the damage covers
most of the window (another scene's parts, all new), where one pass is cheaper than
several. The window's own surface holds the last frame, so no second screenful of memory
is kept.

The frame right after an action changes the board, the side panel, the log and the status
at once: painted together they would make it the slowest frame of the game. A part may
say its repaint can wait (:attr:`Part.later`): the compositor, asked to spread
(``compose(..., spread=True)``, as the running client does), paints in a frame that
repaints much of the window (:data:`SPREAD_SHARE`) only the parts that cannot wait, and
nothing where a waiting part is; the waiting ones are painted one a frame after it (the
one waiting longest first, then the most urgent), none more than :data:`MOST_WAITED`
frames; parts sharing a ``later`` (a side panel given as parts) wait and are painted
together. Until then the window shows its old pixels where such a part is:
:attr:`Compositor.owed` says where. A lighter frame (a hover's) paints every part.

A part may say where it hides what lies under it (:attr:`Part.opaque`: an overlay's
panel over the play screen's right column). What the parts before it paint there is never
seen: a change of theirs there damages nothing (the seat cards counting up under a
scoring reveal), and a rectangle inside it is painted from that part on. Nor does a part
gone from where such a part is painted whole this frame (the play screen's banner, gone
as the scoring overlay comes in over it).

A part whose key changed may say where its pixels changed (:attr:`Part.changed`): given
the key the window shows it with, the few rectangles that differ since (a board whose
pieces' layer was painted again where two pieces came). Only those are damaged, not its
bounds: after an action a board of 1.2 Mpx at 1080p was painted and presented whole for
a temple built. A kept layer remembers its last changes in a :class:`ChangeLog`.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.kit.client.art.scenery import around

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
#: a frame whose parts that cannot wait damage more than this share of the window (the
#: board after an action) paints no part that may wait (unless it waited the most);
#: those are painted one a frame after it. A lighter frame (a hover's) paints them all
SPREAD_SHARE = 0.25
#: so does a frame where parts of this many ``later`` groups changed afresh at once (the
#: panel, the log and the status: an action's frame, even when the board repaints only
#: the few pieces that changed)
SPREAD_GROUPS = 3
#: no part waits more frames than this: the frames after an action equal a whole
#: repaint again after at most this many more (while nothing else changes)
MOST_WAITED = 3


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
    #: 0: repainted in the frame its key changes; 1, 2, ...: its repaint may wait a frame
    #: or a few while the parts that cannot are painted (the lower, the sooner), when the
    #: compositor spreads them; parts with the same number are painted in the same frame
    later: int = 0
    #: pixels inside ``rect`` the part covers with opaque pixels whatever lies under
    #: them, decided by its bounds and key: the parts before it are not painted there, and
    #: their changes there damage nothing. None: it covers nowhere for sure
    opaque: pygame.Rect | None = None
    #: given the key the window shows this part with (its bounds the same), the pixel
    #: rectangles whose pixels differ from painting it with its key now (perhaps none),
    #: or None when it cannot say: its bounds are damaged whole. It may bring the caches
    #: the painting reads up to date (it is asked before the part is painted)
    changed: Callable[[Hashable], list[pygame.Rect] | None] | None = None


class ChangeLog:
    """A kept layer's last few changes of key and the pixel rectangles each painted again
    (None: all of it), for a board part showing the layer to say where it changed since
    the key the window shows it with (``BoardPart.changed``). A key stands for the
    layer's pixels: a path of changes from one key to another holds every pixel that
    differs."""

    def __init__(self, entries: int = 4) -> None:
        self.entries = entries
        self._log: list[tuple[Hashable, Hashable, list[pygame.Rect] | None]] = []

    def note(self, before: Hashable, after: Hashable,
             rects: list[pygame.Rect] | None) -> None:
        """The layer showing ``before`` was painted again to show ``after``, in ``rects``
        (its pixels) or whole (None). The oldest change beyond :attr:`entries` is
        forgotten."""
        self._log.append((before, after, rects))
        del self._log[:-self.entries]

    def since(self, shown: Hashable, now: Hashable) -> list[pygame.Rect] | None:
        """The rectangles painted again from showing ``shown`` until showing ``now``, or
        None: painted whole on the way, or a change between them forgotten."""
        out: list[pygame.Rect] = []
        at = shown
        for before, after, rects in self._log:
            if at == now:
                break
            if before != at:
                continue
            if rects is None:
                return None
            out += rects
            at = after
        return out if at == now else None

    def clear(self) -> None:
        self._log = []


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
        #: the pixel rectangles of the parts whose repaint waits (their bounds, old and
        #: new): the frame just painted differs from a whole repaint only inside them
        self.owed: list[pygame.Rect] = []
        #: frames each waiting part has waited
        self._waited: dict[Hashable, int] = {}

    def forget(self) -> None:
        """The next frame is painted whole (the window was exposed or remade)."""
        self._generation = None
        self._last = {}
        self.pending = []  # a whole frame paints every place asked for
        self.owed = []
        self._waited = {}

    def compose(self, surface: pygame.Surface, generation: Hashable,
                parts: Sequence[Part] | None,
                spread: bool = False) -> list[pygame.Rect] | None:
        """Paint the frame of ``parts`` onto ``surface``: whole (returns None) when the
        ``generation`` (what the frame shows: its scenes, size, language) changed, there
        are no parts, or the damage is most of the window; else only the damaged
        rectangles (returned: the ones to present, perhaps none). ``spread``: the parts
        that may wait (:attr:`Part.later`) are painted one a frame."""
        pending, self.pending = self.pending, []
        if parts is None:
            self.forget()
            return None
        now = {p.place: (tuple(p.rect), p.key) for p in parts}
        last, self._last = self._last, now
        if generation == self._generation and not pending and not self._waited and \
                now == last and all(p.key is not None and p.moving is None for p in parts):
            # a still frame (the usual one): nothing changed, nothing waits, nothing to
            # work out (the bookkeeping below was most of such a frame's cost)
            self.part_frames += 1
            self.owed = []
            return []
        window = surface.get_rect()
        hidden = _hidden(parts)
        rects = None
        if generation == self._generation:
            few = _few(parts, last)
            waiting = self._waiting(parts, last, window, few, pending) if spread else []
            rects = _damage(parts, last, pending, window, {p.place for p in waiting}, hidden,
                            few)
            if rects is not None:
                for part in waiting:  # shown as they were: damaged again next frame
                    self._last[part.place] = last.get(part.place,
                                                      (tuple(part.rect), _UNSEEN))
                # but where a part over it hides it: its old pixels are not seen there,
                # and the part over it is painted (an overlay sliding in over the side
                # panel left its own old pixels there while the panel under it waited)
                over = {p.place: h for p, h in zip(parts, hidden, strict=True)}
                self.owed = [piece for part in waiting for r in _bounds(part, last)
                             for piece in around(r, over[part.place])]
                # nothing is painted where a waiting part is (its old pixels stay whole):
                # a panel's words are not worked out for the sliver of it a board's
                # rectangle reaches into
                rects = [piece for r in rects for piece in around(r, self.owed)]
        self._generation = generation
        if rects is None:
            self.owed = []
            self._waited = {}
            self.whole_frames += 1
            _paint(surface, parts, surface.get_rect(), hidden)
            return None
        self.part_frames += 1
        _paint_each(surface, parts, rects, hidden)
        return rects

    def _waiting(self, parts: Sequence[Part], last: dict[Hashable, Any],
                 window: pygame.Rect, few: dict[Hashable, list[pygame.Rect]],
                 pending: Sequence[pygame.Rect]) -> list[Part]:
        """The changed parts that may wait whose repaint waits this frame; counts the
        frames each has waited. (A part that said where it changed, ``few``, weighs
        those pixels, not its bounds.) What this frame must paint anyway weighs too:
        the places kept parts asked for (``pending``: a board's layer that waited for
        the last frame's repaint budget) and those of parts gone (a banner put away);
        else the panel that waited came due in the frame the board's layer did, and
        that frame cost both (7 ms at 1080p, Aztlán, the frame after an action)."""
        changed = [p for p in parts if _changed(p, last.get(p.place))]
        seen = {p.place for p in parts}
        urgent = sum(sum(_area(r.clip(window)) for r in few[p.place]) if p.place in few
                     else _area(p.rect.clip(window)) for p in changed if not p.later)
        urgent += _area_of([*pending, *(pygame.Rect(was[0]) for place, was in last.items()
                                        if place not in seen)], window)
        fresh = {p.later for p in changed if p.later and not self._waited.get(p.place)}
        busy = urgent > SPREAD_SHARE * _area(window) or len(fresh) >= SPREAD_GROUPS
        queue = sorted((p for p in changed if p.later),
                       key=lambda p: (-self._waited.get(p.place, 0), p.later))
        waiting = []
        # of those waiting already, the first is painted in a quiet frame, with every
        # part sharing its ``later`` (a panel in parts is never shown half new)
        group: int | None = None
        for part in queue:
            waited = self._waited.get(part.place, 0)
            if waited >= MOST_WAITED or not busy and (
                    not waited or group is None or part.later == group):
                if waited and group is None:
                    group = part.later
                continue  # painted now
            waiting.append(part)
        self._waited = {p.place: self._waited.get(p.place, 0) + 1 for p in waiting}
        return waiting


#: the key a part not painted yet is remembered with: equal to no part's key
_UNSEEN = object()


def _changed(part: Part, was: tuple[tuple[int, ...], Hashable] | None) -> bool:
    """Whether ``part`` is painted again: it is new, its key or bounds changed, or it
    changes every frame."""
    return was is None or part.key is None or was != (tuple(part.rect), part.key)


def _few(parts: Sequence[Part], last: dict[Hashable, Any]
         ) -> dict[Hashable, list[pygame.Rect]]:
    """The pixels changed of each part whose key changed, its bounds not, that says where
    (:attr:`Part.changed`), clipped to its bounds."""
    out: dict[Hashable, list[pygame.Rect]] = {}
    for part in parts:
        if part.changed is None or part.key is None:
            continue
        was = last.get(part.place)
        if was is None or was[1] is _UNSEEN or was[1] == part.key or \
                was[0] != tuple(part.rect):
            continue
        rects = part.changed(was[1])
        if rects is not None:
            out[part.place] = [r for r in (r.clip(part.rect) for r in rects) if r.w and r.h]
    return out


def _bounds(part: Part, last: dict[Hashable, Any]) -> list[pygame.Rect]:
    """Where a waiting part's pixels are not yet what it paints: its bounds, and its
    old ones."""
    was = last.get(part.place)
    old = [] if was is None or tuple(was[0]) == tuple(part.rect) else [pygame.Rect(was[0])]
    return [part.rect.copy(), *old]


def _damage(parts: Sequence[Part], last: dict[Hashable, tuple[tuple[int, ...], Hashable]],
            pending: list[pygame.Rect], window: pygame.Rect,
            waiting: frozenset[Hashable] | set[Hashable] = frozenset(),
            covered: Sequence[list[pygame.Rect]] | None = None,
            few: dict[Hashable, list[pygame.Rect]] | None = None) -> list[pygame.Rect] | None:
    """The rectangles to paint again (but for the ``waiting`` parts'), merged; None:
    the whole window. ``few``: where the parts that say so changed (:func:`_few`)."""
    out = list(pending)
    seen = set()
    #: the opaque pixels of parts painted whole this frame (but where later ones hide them)
    repainted: list[pygame.Rect] = []
    for part, hidden in zip(parts, covered or _hidden(parts), strict=True):
        seen.add(part.place)
        if part.place in waiting:
            continue
        was = last.get(part.place)
        rect = tuple(part.rect)
        changed: list[pygame.Rect] = []
        if was is None:
            changed.append(part.rect)
        elif few and part.place in few:  # its key changed, and it says where
            changed += few[part.place]
            if part.moving is not None:
                changed.append(part.moving)
        elif part.key is None or was != (rect, part.key):
            changed.append(part.rect)
            if was[0] != rect:
                changed.append(pygame.Rect(was[0]))
        elif part.moving is not None:
            changed.append(part.moving)
        if changed and changed[0] is part.rect and part.opaque is not None:
            repainted += around(part.opaque, hidden)  # in this frame's damage
        # what a later part hides is not seen to change
        out += [piece for r in changed for piece in around(r, hidden)] if hidden else changed
    # a gone part's place is, but where a part painted whole this frame covers it (an
    # overlay coming in over the play screen's banner): it may have lain over any part
    out += [piece for place, was in last.items() if place not in seen
            for piece in around(pygame.Rect(was[0]), repainted)]
    out = [r for r in (r.clip(window) for r in out) if r.w and r.h]
    # what changed inside a part's opaque pixels is joined only with what changed inside
    # them too: joined with a sliver outside (a breathing card's ring beside an overlay)
    # it would reach what the overlay hides, and paint it
    covers = [p.opaque for p in parts if p.opaque is not None]
    inside = [r for r in out if any(o.contains(r) for o in covers)]
    if not inside:
        return merged(out, window)
    apart = [merged(group, window) for group in
             (inside, [r for r in out if not any(o.contains(r) for o in covers)])]
    if apart[0] is None or apart[1] is None:
        return None
    rects = apart[0] + apart[1]
    return None if sum(map(_area, rects)) > WHOLE_SHARE * _area(window) else rects


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
    if len(out) > MOST_RECTS:
        out = _fewest(out)
    if sum(map(_area, out)) > WHOLE_SHARE * _area(window):
        return None
    return out


def _fewest(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` joined two by two until :data:`MOST_RECTS` are left: each time the two
    whose bounds add least to paint (of equals, the first pair in their order), their
    bounds put last. Each pair's cost is worked out once and kept in a heap ordered as
    that choice is: weighing every pair again for each join was a tenth of a frame."""
    alive = dict(enumerate(rects))  # in their order: a join's bounds get the next number
    edges = {i: (r.left, r.top, r.right, r.bottom, r.w * r.h) for i, r in alive.items()}
    heap = [(cost, i, j) for j in range(1, len(rects))
            for cost, i in _join_costs(edges[j], [(i, edges[i]) for i in range(j)])]
    heapq.heapify(heap)
    fresh = len(rects)
    while len(alive) > MOST_RECTS:
        _cost, i, j = heapq.heappop(heap)
        if i not in alive or j not in alive:
            continue  # one of them was joined already
        union = alive.pop(i).union(alive.pop(j))
        edges[fresh] = box = (union.left, union.top, union.right, union.bottom,
                              union.w * union.h)
        for cost, k in _join_costs(box, [(k, edges[k]) for k in alive]):
            heapq.heappush(heap, (cost, k, fresh))
        alive[fresh] = union
        fresh += 1
    return list(alive.values())


def _join_costs(box: tuple[int, int, int, int, int],
                others: list[tuple[int, tuple[int, int, int, int, int]]]
                ) -> list[tuple[int, int]]:
    """For each of ``others`` (its number and its left, top, right, bottom and area), the
    pixels painted more when it and ``box`` are painted as their bounds."""
    x0, y0, x1, y1, area = box
    return [(((r if r > x1 else x1) - (x if x < x0 else x0))
             * ((b if b > y1 else y1) - (y if y < y0 else y0)) - a - area, k)
            for k, (x, y, r, b, a) in others]


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _area_of(rects: Sequence[pygame.Rect], window: pygame.Rect) -> int:
    """The pixels of ``window`` that ``rects`` cover, each counted once: a place asked
    for again and again in one frame (a layer's three kept parts) is painted once."""
    unique = {tuple(r.clip(window)) for r in rects}
    return sum(w * h for _x, _y, w, h in unique)


def _hidden(parts: Sequence[Part]) -> list[list[pygame.Rect]]:
    """For each part, where the parts painted after it hide it (their opaque pixels)."""
    out: list[list[pygame.Rect]] = []
    over: list[pygame.Rect] = []
    for part in reversed(parts):
        out.append(over)
        if part.opaque is not None:
            over = [*over, part.opaque]
    out.reverse()
    return out


def _paint(surface: pygame.Surface, parts: Sequence[Part], within: pygame.Rect,
           hidden: Sequence[list[pygame.Rect]] | None = None) -> None:
    """Every part reaching into ``within``, in order, each clipped to its own bounds;
    but a part whose pixels there a later part's opaque pixels cover (``hidden``, as
    :func:`_hidden` finds them), which would never be seen."""
    _paint_each(surface, parts, [within], hidden or _hidden(parts))


def _paint_each(surface: pygame.Surface, parts: Sequence[Part], rects: list[pygame.Rect],
                hidden: Sequence[list[pygame.Rect]]) -> None:
    """:func:`_paint` for each of ``rects`` in turn, the parts reaching into each found
    at once (a part's rectangles, one call): clipping every part to every rectangle
    walked some thirty parts for each of eight rectangles."""
    reach: list[list[tuple[Part, list[pygame.Rect]]]] = [[] for _ in rects]
    for part, over in zip(parts, hidden, strict=True):
        for n in part.rect.collidelistall(rects):
            reach[n].append((part, over))
    clip = surface.get_clip()
    try:
        for within, found in zip(rects, reach, strict=True):
            for part, over in found:
                inside = part.rect.clip(within)
                if inside.w and inside.h and not any(o.contains(inside) for o in over):
                    surface.set_clip(inside)
                    part.paint()
    finally:
        surface.set_clip(clip)
