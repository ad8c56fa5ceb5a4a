"""Drawing in logical 1920x1080 units on a window of any size (up to 1200 units high on a
taller one: :func:`canvas`).

Scenes never see pixels: they pass logical coordinates and this wrapper scales them to
the real surface, so 1280x720 and 4K both render crisp (text is rasterised at the final
pixel size, not stretched). Fonts and rendered text are cached because text rendering is
the most expensive thing in a frame. The fonts, the rendered lines and their widths are
kept once per process, keyed by what decides their pixels (the typeface file, the pixel
size, the text, the colour, the wrap width in pixels): every Screen (a new window, a
resized one, a layer's) finds the lines another has drawn, so a new game's first frames
cost no more than its later ones.

Text can come from files (a name in a save, a variant's description), so no text may cost
unbounded time or memory: a line is cut to :data:`MAX_LINE` characters before it is
measured or drawn (far more than the canvas can show), widths are measured without
rendering, fitting a line to a width is a binary search, and every cache is bounded by
entries and the rendered text cache also by bytes.

All text is set in Inter Bold (``assets/fonts/``): its tall x-height keeps lowercase
legible from a sofa, and the bold weight survives a television's scaling and blur. If the
file is missing the client still runs with pygame's own font, and says so once in the log.

Every drawn line and every line cut to fit passes through :attr:`Screen.recorder` when one
is set, so a test can check each size against the floor without mocking pygame.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, Protocol

import pygame

from game.core import resources
from game.i18n import Text, say
from game.kit.client import theme
from game.kit.client.lru import LruCache, fit_to_window

log = logging.getLogger(__name__)

Colour = tuple[int, int, int] | tuple[int, int, int, int]

#: the most characters of one line that are measured or drawn: even narrow glyphs at the
#: smallest size need more than two logical units each, so 1920 units never show more
MAX_LINE = 1000
#: the same for text wrapped into a block (about twenty full lines)
MAX_BLOCK = 20 * MAX_LINE
#: bounds of the caches of rendered text (entries, pixel bytes for a 1920x1080 window:
#: more in a larger one, see :mod:`game.kit.client.lru`), widths and fitted texts (entries).
#: Why: the most text one second of any screen drew in the scripted evening
#: (``benchmarks/memory.py --client``) was under 5 MB at 1080p (the scoring overlay,
#: the rules help), and a line drawn again costs a tenth of a millisecond; a width or a
#: fitted line is a few hundred bytes, and a screen measures a few hundred
TEXT_CACHE_ENTRIES = 2000
TEXT_CACHE_BYTES = 8 * 1024 * 1024
WIDTH_CACHE_ENTRIES = 4000
FIT_CACHE_ENTRIES = 2000
#: bounds of the cache of half-transparent boxes (entries, pixel bytes at 1080p). Why:
#: a plain box keeps one strip (:data:`BOX_STRIP` rows, half a megabyte across a 1080p
#: window) and a rounded one (a banner, a toast) is under 1 MB; a screen uses a few
BOX_CACHE_ENTRIES = 256
BOX_CACHE_BYTES = 3 * 1024 * 1024
#: typefaces kept open, each set to the pixel size it was last asked for. Why so few: a
#: window size used up to 42 pixel sizes over the scripted evening and 26 within one
#: second (the scoring overlay's numbers pulse through a range of sizes), and one open
#: face per size held 32 of them, 0.35 MB each (the face's tables and its glyphs), 11 MB
#: over the whole evening. A face changes its size in place (``Font.point_size``: it
#: forgets its glyphs, the face stays), and faces are asked only when a line is rendered
#: or measured for the first time (the rendered lines and widths are kept), so a few
#: faces serve every size with their glyphs warm for the sizes most used
FONT_ENTRIES = 6
#: rows of a plain half-transparent box kept as one strip, blitted once per rows
BOX_STRIP = 64


#: the typeface every text is drawn in, inside the assets folder
FONT_FILE = "fonts/Inter-Bold.otf"


@cache
def font_file() -> str | None:
    """The typeface's path, or None (pygame's default font) if it is not installed: a
    missing font costs legibility, never the game."""
    try:
        path = resources.assets_dir() / FONT_FILE
    except FileNotFoundError:
        path = None
    if path is None or not path.is_file():
        log.warning("the font %s is missing; drawing text in pygame's default font",
                    FONT_FILE)
        return None
    return str(path)


class TextRecorder(Protocol):
    """Sees every text a Screen draws and every line it cuts to fit (the size checks),
    and where each line of :meth:`Screen.text` lands (:mod:`game.kit.client.textmap`)."""

    def drawn(self, text: str, size: float, role: str) -> None: ...

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None: ...

    def placed(self, text: str, size: float, role: str, rect: pygame.Rect,
               surface: pygame.Surface, colour: Colour, screen: Screen) -> None: ...


FontKey = tuple[str | None, int]
#: loaded fonts by (typeface file, pixel size), and rendered lines and measured widths by
#: what decides their pixels (the file and size first): shared by every Screen
_FONTS = LruCache(FONT_ENTRIES, name="fonts")
_TEXT_CACHE = LruCache(TEXT_CACHE_ENTRIES, TEXT_CACHE_BYTES, per_window=True, name="text")
_WIDTH_CACHE = LruCache(WIDTH_CACHE_ENTRIES, name="text widths")
#: half-transparent boxes by size, colour, rim and radius (pixels): a dimmed backdrop, a
#: banner sliding in or a toast is the same box every frame, moved at most
_BOXES = LruCache(BOX_CACHE_ENTRIES, BOX_CACHE_BYTES, per_window=True, name="boxes")


def _fonts_usable() -> None:
    """Forget the loaded fonts if pygame's font module was shut down since they were
    loaded (``pygame.quit()`` at a window's end): pygame refuses to use them after."""
    for font in _FONTS.values():
        try:
            font.get_height()
        except pygame.error:
            _FONTS.clear()
        return


#: frames a kept part may show its old pixels while others repaint first (see
#: :meth:`Screen.may_repaint`)
MAX_LATE = 3


def canvas(size: tuple[int, int]) -> tuple[float, float, float, int]:
    """The logical canvas on a window of ``size`` pixels: its scale, the pixel offsets
    of logical (0, 0) and its height in logical units. 1920 units wide (a wider window
    shows the wall at the sides) and 1080 high, or up to :data:`theme.TALLEST` on a
    taller window (the Steam Deck's 1280x800 is 1920x1200 of them): a handheld's screen
    is used to its edges, not shown a 16:9 picture between two bands of wall."""
    w, h = size
    lw, lh = theme.LOGICAL_SIZE
    scale = min(w / lw, h / lh)
    height = max(lh, min(theme.TALLEST, math.floor(h / scale + 1e-6)))
    return scale, (w - lw * scale) / 2, (h - height * scale) / 2, height


class Screen:
    """A surface drawn in logical units (the 1920x1080 canvas, 1920x1200 on a 16:10
    window), scaled to the window: every drawing of the client and the views goes through
    one, so sizes read the same on any screen."""

    #: set by tests to see every text drawn and cut (all screens, derived ones too)
    recorder: TextRecorder | None = None
    #: kept parts (a :class:`~game.kit.client.layers.Snapshot`, a board's changed pieces) that may
    #: still be repainted in the frame being drawn; None, the default: all of them. The
    #: running client allows one a frame (``App.run``), so that the frame after an action
    #: does not pay for every part the action changed at once.
    repaints_left: int | None = None
    #: repaints the next frame owes (see :meth:`promise_repaint`)
    promised = 0
    #: kept parts that showed old pixels this frame (their repaint waits for a frame to
    #: come): the client draws the next frame even if nothing else moves
    deferred = 0

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        #: pixel rectangles to draw again next frame, though nothing else changes there:
        #: a kept part that showed old pixels this frame (see :meth:`redraw_next`)
        self.pending: list[pygame.Rect] = []
        _fonts_usable()
        self._text_cache = _TEXT_CACHE
        self._width_cache = _WIDTH_CACHE
        #: fitted texts and memos are in logical units: this screen's scale (and its
        #: derived screens') only
        self._fit_cache = LruCache(FIT_CACHE_ENTRIES)
        self.resize(surface)

    def resize(self, surface: pygame.Surface) -> None:
        self.surface = surface
        w, h = surface.get_size()
        if surface is pygame.display.get_surface():  # the window: the budgets follow it
            fit_to_window((w, h))
        self.scale, self.ox, self.oy, self.height = canvas((w, h))
        #: where the canvas's top and bottom edges are in this screen's units: a screen
        #: laid out for 1080 units (:meth:`band`) reaches above 0 and below 1080 on a
        #: taller window, to paint its ground and footer to the edges
        self.top, self.bottom = 0.0, float(self.height)
        #: where this screen's logical (0, 0) is on the window (a layer's screen draws
        #: in its window screen's units, at its own offset)
        self.origin = (self.ox, self.oy)
        #: the screen whose frame budget (``repaints_left``, ``pending``) this one spends
        self.frame: Screen = self
        #: the band and foot screens (:meth:`band`, :meth:`foot`), with the surface and
        #: offsets they were made for
        self._band: tuple[tuple[pygame.Surface, float, float], Screen] | None = None
        self._foot: tuple[tuple[pygame.Surface, float, float], Screen] | None = None
        self._fit_cache.clear()

    def derived(self, surface: pygame.Surface, ox: float, oy: float) -> Screen:
        """A Screen drawing onto another surface (a cached layer, a sprite) at this scale,
        with logical (0, 0) at pixel (ox, oy); it shares this screen's fitted texts and
        memos (every Screen shares the fonts and rendered text), which do not depend on
        the target."""
        out = Screen(surface)
        out.scale, out.ox, out.oy = self.scale, ox, oy
        out.height, out.top, out.bottom = self.height, self.top, self.bottom
        out.origin = self.origin
        out._fit_cache = self._fit_cache
        return out

    @property
    def extra(self) -> int:
        """Logical units of height beyond 1080 that a screen laid out for the whole
        canvas has (120 on a 16:10 window such as a Steam Deck's, else 0)."""
        return self.height - theme.LOGICAL_SIZE[1]

    def band(self) -> Screen:
        """This window as a screen laid out for 1080 units: the canvas's middle, with
        half of any extra height above it and half below (``top`` and ``bottom`` reach
        them). What is laid out around a centre (a menu, a dialog) is drawn on it; what
        fills the whole height (a game's board and column) on the screen itself. The
        same screen at 16:9."""
        if not self.extra:
            return self
        self._band = self._lowered(self._band, self.extra / 2)
        return self._band[1]

    def foot(self) -> Screen:
        """This screen moved down so that its 1080 is the canvas's bottom: what stands on
        the bottom edge (the shortcut bar, a game's status line) is laid out for 1080
        units and drawn on it, on any window. Itself when the two are one."""
        drop = self.bottom - theme.LOGICAL_SIZE[1]
        if not drop:
            return self
        self._foot = self._lowered(self._foot, drop)
        return self._foot[1]

    def _lowered(self, kept: tuple[tuple[pygame.Surface, float, float], Screen] | None,
                 drop: float) -> tuple[tuple[pygame.Surface, float, float], Screen]:
        """This screen's surface as a screen of 1080 units whose logical 0 is ``drop``
        units lower (``band``, ``foot``), kept with the surface and offsets it was made
        for (a shake moves ``ox`` for a moment); it spends this screen's frame budget."""
        made = (self.surface, self.ox, self.oy)
        if kept is not None and kept[0] == made:
            return kept
        out = self.derived(self.surface, self.ox, self.oy + drop * self.scale)
        out.height = theme.LOGICAL_SIZE[1]
        out.origin = (self.origin[0], self.origin[1] + drop * self.scale)
        out.frame = self.frame  # one frame's repaint budget, whichever screen spends it
        out.top, out.bottom = self.top - drop, self.bottom - drop
        return (made, out)

    def whole(self) -> tuple[float, float, float, float]:
        """The whole canvas in this screen's units: what a veil over everything covers."""
        return (0.0, self.top, float(theme.LOGICAL_SIZE[0]), self.bottom - self.top)

    # -- repaint budget -------------------------------------------------------------------
    def may_repaint(self, late: int) -> bool:
        """Whether a kept part whose contents changed repaints now; if not, it shows its
        old pixels this frame (a part ``late`` for :data:`MAX_LATE` frames repaints
        anyway). An action changes the board, the side panel, the tracks and a seat's
        facts at once: painted in one frame they make it twice as long as the others,
        spread over the next few frames (tens of milliseconds, too short to see) none is."""
        frame = self.frame
        if frame.repaints_left is None:
            return True
        if frame.repaints_left > 0 or late >= MAX_LATE:
            frame.repaints_left -= 1
            return True
        frame.deferred += 1
        return False

    def spend_repaint(self) -> None:
        """A repaint that could not wait (the board after an action) uses the frame's."""
        frame = self.frame
        if frame.repaints_left is not None:
            frame.repaints_left -= 1

    def promise_repaint(self) -> None:
        """A repaint the next frame must make whatever its budget (a seat's secrets left
        bare for this frame): the next frame starts with that much less, so the parts
        that can wait do not pile onto it."""
        frame = self.frame
        if frame.repaints_left is not None:
            frame.promised += 1
            frame.deferred += 1

    def redraw_next(self, rect: pygame.Rect) -> None:
        """Draw ``rect`` (pixels of this screen) again next frame: a kept part showed old
        pixels there, and a frame drawing only what changed
        (:mod:`game.kit.client.damage`) would not know that it owes its repaint."""
        self.frame.pending.append(rect.copy())

    def start_frame(self, repaints: int | None) -> None:
        """A new frame with ``repaints`` kept parts to repaint (None: all), less those
        promised by the frame before."""
        self.repaints_left = None if repaints is None else repaints - self.promised
        self.promised = self.deferred = 0

    # -- coordinates ---------------------------------------------------------------------
    def px(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.scale), round(self.oy + y * self.scale)

    def ln(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        # (px's arithmetic written out: a frame asks for a few dozen rectangles)
        ox, oy, scale = self.ox, self.oy, self.scale
        x0, y0 = round(ox + x * scale), round(oy + y * scale)
        x1, y1 = round(ox + (x + w) * scale), round(oy + (y + h) * scale)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def to_logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale

    # -- primitives ----------------------------------------------------------------------
    def fill(self, colour: Colour) -> None:
        self.surface.fill(colour)

    def box(self, x: float, y: float, w: float, h: float, colour: Colour,
            radius: float = 0, width: float = 0) -> pygame.Rect:
        r = self.rect(x, y, w, h)
        if len(colour) == 4 and colour[3] < 255:
            rim, rad = self.ln(width) if width else 0, self.ln(radius) if radius else 0
            if rim or rad:
                self.surface.blit(_box(r.size, colour, rim, rad), r.topleft)
                return r
            self.surface.blits(_strips(r, colour), doreturn=False)
        elif width and not radius:
            _outline(self.surface, colour, r, self.ln(width))
        else:
            pygame.draw.rect(self.surface, colour, r, self.ln(width) if width else 0,
                             self.ln(radius) if radius else 0)
            if not width:
                self.covered(r)
        return r

    def boxes(self, rects: Iterable[tuple[float, float, float, float]],
              colour: Colour) -> None:
        """Plain boxes of one ``colour`` (a district's spaces tinted), each the pixels
        :meth:`box` gives it, in that order; half-transparent ones blitted in one call,
        not one each (a district of a hundred spaces cost a hundred calls)."""
        if len(colour) != 4 or colour[3] >= 255:
            for rect in rects:
                self.box(*rect, colour)
            return
        self.surface.blits([blit for rect in rects
                            for blit in _strips(self.rect(*rect), colour)], doreturn=False)

    def covered(self, rect: pygame.Rect) -> None:
        """Tell the text recorder an opaque fill covered ``rect`` (pixels of this screen's
        surface): the texts wholly under it are no longer seen."""
        if Screen.recorder is not None:
            filled = getattr(Screen.recorder, "filled", None)
            if filled is not None:
                filled(rect, self)

    def line(self, a: tuple[float, float], b: tuple[float, float], colour: Colour,
             width: float = 2) -> None:
        pygame.draw.line(self.surface, colour, self.px(*a), self.px(*b), self.ln(width))

    def circle(self, x: float, y: float, r: float, colour: Colour, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.px(x, y), self.ln(r),
                           self.ln(width) if width else 0)

    def joined(self, segments: list[tuple[tuple[float, float], tuple[float, float]]],
               colour: Colour, width: float) -> None:
        """Lines ``width`` wide with a round dot at each end: the pixels of a :meth:`line`
        and two :meth:`circle` of half its width per segment, each point converted once (a
        territory's border has dozens, and an outline pulsing under the cursor is drawn
        every frame)."""
        surface, line, circle = self.surface, pygame.draw.line, pygame.draw.circle
        ox, oy, scale = self.ox, self.oy, self.scale
        thick, radius = self.ln(width), self.ln(width / 2)
        pixels: dict[tuple[float, float], tuple[int, int]] = {}
        for a, b in segments:
            pa = pixels.get(a)
            if pa is None:
                pa = pixels[a] = (round(ox + a[0] * scale), round(oy + a[1] * scale))
            pb = pixels.get(b)
            if pb is None:
                pb = pixels[b] = (round(ox + b[0] * scale), round(oy + b[1] * scale))
            line(surface, colour, pa, pb, thick)
        for a, b in segments:
            circle(surface, colour, pixels[a], radius, 0)
            circle(surface, colour, pixels[b], radius, 0)

    def polygon(self, points: list[tuple[float, float]], colour: Colour,
                width: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.px(*p) for p in points],
                            self.ln(width) if width else 0)

    # -- text ----------------------------------------------------------------------------
    def font_px(self, size: float) -> int:
        """The pixel size text of logical ``size`` is drawn at."""
        return max(8, round(size * self.scale))

    def font(self, size: float) -> pygame.font.Font:
        return _font((font_file(), self.font_px(size)))

    def render(self, text: Text, size: float, colour: Colour,
               wrap: float = 0, role: str = "") -> pygame.Surface:
        """``role`` names what a player must read (see :data:`theme.MUST_READ`). A
        message is said in the television's language (:func:`game.i18n.say`)."""
        text = say(text)[:MAX_BLOCK if wrap else MAX_LINE]
        if Screen.recorder is not None:
            Screen.recorder.drawn(text, size, role)
        face = (font_file(), self.font_px(size))
        wrap_px = self.ln(wrap) if wrap else 0
        key = (text, face, colour, wrap_px)
        surf: pygame.Surface | None = self._text_cache.get(key)
        if surf is None:
            font = self.font(size)
            if wrap:
                surf = font.render(text, True, colour, None, wrap_px)
            else:
                surf = font.render(text, True, colour)
            w, h = surf.get_size()
            self._text_cache.put(key, surf, w * h * 4)
        return surf

    def text(self, text: Text, x: float, y: float, size: float = theme.FONT_BODY,
             colour: Colour = theme.TEXT, anchor: str = "topleft",
             wrap: float = 0, role: str = "") -> pygame.Rect:
        text = say(text)
        surf = self.render(text, size, colour, wrap, role)
        r = surf.get_rect()
        setattr(r, anchor, self.px(x, y))
        self.surface.blit(surf, r)
        if Screen.recorder is not None:
            placed = getattr(Screen.recorder, "placed", None)  # a recorder of sizes only
            if placed is not None:
                placed(text, size, role, r, surf, colour, self)
        return r

    def text_width(self, text: Text, size: float) -> float:
        """The drawn width of one line (its first :data:`MAX_LINE` characters, as drawn),
        measured without rendering it."""
        text = say(text)[:MAX_LINE]
        face = (font_file(), self.font_px(size))
        key = (text, face)
        width: int | None = self._width_cache.get(key)
        if width is None:
            width = self.font(size).size(text)[0]
            self._width_cache.put(key, width)
        return width / self.scale

    def memo(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """``make()``, worked out once per ``key`` (a text's wrapped lines at a size and
        width): panels lay out the same words every frame, so the measuring is done
        when a text first appears. Kept in the fit cache, bounded like it."""
        out = self._fit_cache.get(key)
        if out is None:
            out = make()
            self._fit_cache.put(key, out)
        return out

    def fit(self, text: Text, size: float, width: float, ellipsis: str = "…",
            whole: str = "") -> str:
        """``text`` cut and ended with ``ellipsis`` so that it fits ``width`` logical
        units; unchanged if it fits. A binary search on the cut, measuring without
        rendering: about log2(len) measurements, whatever the length. ``whole`` is the
        full text when ``text`` is only its tail (the last of several wrapped lines)."""
        text = say(text)
        key = (text[:MAX_LINE + 1], size, width, ellipsis)
        out: str | None = self._fit_cache.get(key)
        if out is None:
            out = self._fit(text, size, width, ellipsis)
            self._fit_cache.put(key, out)
        if out != text and Screen.recorder is not None:
            Screen.recorder.cut(whole or text, size, width, self)
        return out

    def _fit(self, text: str, size: float, width: float, ellipsis: str) -> str:
        if len(text) <= MAX_LINE and self.text_width(text, size) <= width:
            return text
        text = text[:MAX_LINE]
        font = self.font(size)
        limit = width * self.scale

        def fits(n: int) -> bool:
            return font.size(text[:n] + ellipsis)[0] <= limit

        lo, hi = 0, len(text)  # text[:lo] + ellipsis fits (or lo is 0); text[:hi] does not
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if fits(mid):
                lo = mid
            else:
                hi = mid
        return text[:lo] + ellipsis


Blit = tuple[pygame.Surface, tuple[int, int], tuple[int, int, int, int]]


def _strips(r: pygame.Rect, colour: Colour) -> list[Blit]:
    """A plain half-transparent box over ``r`` as blits of one strip of its rows, over and
    over (a screen's dimmed backdrop is 8 MB at 1080p as one surface, half a megabyte as
    a strip): the same pixels."""
    strip = _box((r.w, min(r.h, BOX_STRIP)), colour, 0, 0)
    rows = strip.get_height()
    return [(strip, (r.x, y), (0, 0, r.w, min(rows, r.bottom - y)))
            for y in range(r.y, r.bottom, rows)]


def _outline(surface: pygame.Surface, colour: Colour, r: pygame.Rect, width: int) -> None:
    """The pixels of ``pygame.draw.rect(surface, colour, r, width)`` as four fills, which
    the surface's clip cuts exactly: pygame-ce 2.5's outline of a rectangle a few pixels
    high, cut by the clip, also paints the rows inside it along the clip's edge, so a
    temple's tier painted again in part (issue 37) lost its lit ledge under a dark line
    (the whole repaint showed it)."""
    if 2 * width >= min(r.w, r.h):
        surface.fill(colour, r)
        return
    surface.fill(colour, (r.x, r.y, r.w, width))
    surface.fill(colour, (r.x, r.bottom - width, r.w, width))
    surface.fill(colour, (r.x, r.y + width, width, r.h - 2 * width))
    surface.fill(colour, (r.right - width, r.y + width, width, r.h - 2 * width))


def _box(size: tuple[int, int], colour: Colour, rim: int, rad: int) -> pygame.Surface:
    """A half-transparent box's pixels, painted once per size and look."""
    key = (size, colour, rim, rad)
    layer: pygame.Surface | None = _BOXES.get(key)
    if layer is None:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), rim, rad)
        _BOXES.put(key, layer, size[0] * size[1] * 4)
    return layer


def _font(face: FontKey) -> pygame.font.Font:
    """The typeface file (None: pygame's own) at a pixel size: a kept face at that size,
    else the least recently used face of that file set to it (see :data:`FONT_ENTRIES`),
    else a face loaded. Callers use it at once: the next call may change its size."""
    f: pygame.font.Font | None = _FONTS.get(face)
    if f is not None:
        return f
    path, px = face
    if len(_FONTS) >= FONT_ENTRIES:
        for key in _FONTS.keys():  # the least recently used first
            if key[0] == path:
                f = _FONTS.pop(key)
                f.point_size = px
                break
    if f is None:
        try:
            f = pygame.font.Font(path, px)
        except (OSError, RuntimeError) as exc:  # a damaged file: the default font
            log.warning("cannot read the font %s (%s); using pygame's default font",
                        FONT_FILE, exc)
            f = pygame.font.Font(None, px)
    _FONTS.put(face, f)
    return f


def draw_mark(screen: Screen, mark: str, x: float, y: float, r: float,
              colour: Colour) -> None:
    """A seat's shape mark centred on (x, y), so colour is never the only cue."""
    if mark == "circle":
        screen.circle(x, y, r, colour)
    elif mark == "square":
        screen.box(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7, colour)
    elif mark == "triangle":
        screen.polygon([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)], colour)
    elif mark == "diamond":
        screen.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], colour)
    elif mark == "star":
        pts = []
        for i in range(10):
            ang = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((x + rr * math.cos(ang), y + rr * math.sin(ang)))
        screen.polygon(pts, colour)
    elif mark == "cross":
        screen.line((x - r, y - r), (x + r, y + r), colour, r * 0.5)
        screen.line((x - r, y + r), (x + r, y - r), colour, r * 0.5)
    elif mark == "phone":  # not a seat's mark: a seat held by a phone (seat cards)
        screen.box(x - r * 0.6, y - r, r * 1.2, r * 2, colour, radius=r * 0.3,
                   width=max(2.0, r * 0.2))
        screen.box(x - r * 0.3, y - r * 0.72, r * 0.6, r * 0.12, colour)
        screen.circle(x, y + r * 0.68, r * 0.16, colour)
    else:
        screen.circle(x, y, r, colour, max(2.0, r * 0.35))
