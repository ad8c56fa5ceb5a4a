"""Reusable pieces for the client's screens: menus, text fields, confirmations, banners.

Everything is laid out in logical 1920x1080 units and drawn through :class:`Screen`.
Widgets keep their own animation clock, advanced only by ``update``; ``draw`` reads it
and never changes anything, so drawing a frame twice gives the same picture.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import Text, say
from game.kit.client import theme
from game.kit.client.art import frames, greca, scenery
from game.kit.client.fx import shake_offset
from game.kit.client.layers import KeptParts
from game.kit.client.text import (
    ease_out,
    fit,
    fit_lines,
    fit_size,
    inside,
    pulse,
)
from game.ui import padcaps
from game.ui.input import shown_pad
from game.ui.padcaps import INK as INK  # dark text on bright (focused) backgrounds

if TYPE_CHECKING:
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Colour, Screen

FOOTER_Y = 1016
BANNER_FRET = 14.0  # the height of the banner's step-fret band
FOOTER_H = 64
#: sets of keys whose painted bar is kept (a game has a dozen or so)
FOOTERS_KEPT = 64
#: the shortcut bar as painted, one per set of keys (see :func:`draw_footer`)
_FOOTERS = KeptParts(FOOTERS_KEPT)


def draw_backdrop(screen: Screen, t: float) -> None:
    """The menus' scene: dusk over the lake, temples of stone, moving water and
    step-fret friezes (painted once per size; only the water and friezes move)."""
    scenery.dusk(screen, t)


def draw_header(screen: Screen, title: Text, t: float, subtitle: Text = "") -> None:
    slide = ease_out(t / 0.4)
    x = -400 + 460 * slide
    screen.box(x - 20, 40, 16, 84, theme.ACCENT)
    # a long title (two long names in German) steps down a size or two, never past the edge
    size = fit_size(screen, title, 1840, theme.FONT_TITLE * 0.72, theme.FONT_LARGE)
    screen.text(fit(screen, title, size, 1840), x + 10, 40 + (theme.FONT_TITLE * 0.72 - size)
                / 2, theme.readable(size), theme.TEXT)
    if subtitle:  # below the title's descenders ("Learn to play", "Cy wins!")
        screen.text(subtitle, x + 14, 138, theme.FONT_SMALL, theme.TEXT_DIM)


def draw_footer(screen: Screen,
                shortcuts: tuple[tuple[Text, Text], ...] | list[tuple[Text, Text]]) -> None:
    """The shortcut bar along the bottom: key caps and what they do, or, when the last
    input came from a controller, what that pad's buttons do (:mod:`game.ui.padcaps`; a
    shortcut no button makes is left out: a key press shows it again). Text never
    shrinks below the floor: when the shortcuts do not all fit, the ones before the last
    (usually the menu key) give way from the end, since help (F1) lists them all. Every
    screen shows it, so it is painted once and blitted while the shortcuts hold; its gold
    edge is drawn each frame (it reaches over what lies above the bar). One kept bar per
    set of shortcuts: a menu over the board draws both bars in a frame, and a bar that
    only ever shows its own shortcuts never has old pixels to show (see
    ``Screen.may_repaint``)."""
    family = shown_pad()
    shown = tuple((say(key), say(meaning), tuple(padcaps.glyphs(key, family))
                   if family else ()) for key, meaning in shortcuts)  # in today's words
    if any(caps for _key, _meaning, caps in shown):  # what the pad in hand can do
        shown = tuple(entry for entry in shown if entry[2])
    screen = screen.foot()  # on the bottom edge, however tall the window
    _FOOTERS.at(shown).draw(screen, (0, FOOTER_Y, 1920, FOOTER_H), shown,
              lambda s: _paint_footer(s, shown))
    screen.line((0, FOOTER_Y), (1920, FOOTER_Y), theme.ACCENT, 3)


FooterEntry = tuple[str, str, tuple[padcaps.Glyph, ...]]


def footer_entries(screen: Screen, shortcuts: tuple[FooterEntry, ...]
                   ) -> list[tuple[FooterEntry, float]]:
    """The shortcuts the bar has room for, each with its width (caps, meaning, gap)."""
    size = theme.FONT_SMALL
    shown = list(shortcuts)
    widths = [_cap_width(screen, key, caps) + 14 + screen.text_width(v, size) + 30
              for key, v, caps in shown]
    while len(shown) > 1 and sum(widths) > 1880:
        del shown[-2], widths[-2]
    return list(zip(shown, widths, strict=True))


def _cap_width(screen: Screen, key: str, caps: tuple[padcaps.Glyph, ...]) -> float:
    size = theme.FONT_SMALL
    return padcaps.caps_width(screen, list(caps), size) if caps else \
        screen.text_width(key, size) + 20


def _paint_footer(screen: Screen, shortcuts: tuple[FooterEntry, ...]) -> None:
    screen.box(0, FOOTER_Y, 1920, FOOTER_H, (8, 10, 18))
    size = theme.FONT_SMALL
    x = 20.0
    y = FOOTER_Y + FOOTER_H / 2
    for (key, meaning, caps), w in footer_entries(screen, shortcuts):
        kw = _cap_width(screen, key, caps)
        if caps:
            padcaps.draw_caps(screen, list(caps), x, y, size)
        else:
            screen.box(x, y - size * 0.6, kw, size * 1.2, theme.ACCENT, radius=6)
            screen.text(key, x + kw / 2, y, size, INK, "center")
        screen.text(meaning, x + kw + 10, y, size, theme.TEXT, "midleft")
        x += w


def draw_arrows(screen: Screen, x: float, y: float, w: float, h: float, colour: Colour,
                bounce: float = 0) -> None:
    """Left and right triangles at both ends of a box: 'change with left/right'."""
    cy = y + h / 2
    s = h * 0.22
    lx = x + 14 - bounce
    rx = x + w - 14 + bounce
    screen.polygon([(lx, cy), (lx + s, cy - s), (lx + s, cy + s)], colour)
    screen.polygon([(rx, cy), (rx - s, cy - s), (rx - s, cy + s)], colour)


# ---------------------------------------------------------------------------------------
# Menu
# ---------------------------------------------------------------------------------------
@dataclass
class MenuItem:
    """One menu row. ``action`` runs on confirm/click; ``adjust(+1/-1)`` on right/left;
    ``value()`` is shown at the right of the row; ``detail`` is a dim second line;
    ``error`` is shown (red) when the row is disabled; ``swatch`` draws a colour chip."""

    label: Text
    action: Callable[[], None] | None = None
    enabled: bool = True
    value: Callable[[], Text] | None = None
    adjust: Callable[[int], None] | None = None
    detail: Text = ""
    error: Text = ""
    swatch: tuple[int, int, int] | None = None


class Menu:
    """A focusable vertical list: up/down, confirm, left/right, hover and click."""

    def __init__(self, items: list[MenuItem], x: float, y: float, w: float,
                 item_h: float = 84, gap: float = 14, visible: int | None = None,
                 font: float = theme.FONT_LARGE, align: str = "center") -> None:
        self.items = items
        self.x, self.y, self.w = x, y, w
        self.item_h, self.gap = item_h, gap
        self.max_rows = visible  # None: show every item
        self.font = font
        self.align = align
        self.t = 0.0
        self.first = 0  # first visible row (scrolling)
        self.focus = 0
        self.sound: Callable[[str], None] | None = None
        #: whether the player asked for less motion (a disabled row then does not shake)
        self.calm: Callable[[], bool] = lambda: False
        #: the row last refused (a disabled one pressed) and when, for its shake
        self.refused: tuple[int, float] | None = None
        self.set_items(items)

    @property
    def visible(self) -> int:
        return self.max_rows or max(1, len(self.items))

    # -- state -----------------------------------------------------------------------
    def set_items(self, items: list[MenuItem], keep_focus: bool = True) -> None:
        old = self.focus if keep_focus else 0
        self.items = items
        self.focus = min(old, max(0, len(items) - 1))
        if items and not items[self.focus].enabled:
            self.focus = self._next_enabled(self.focus, 1, wrap=True)
        self._scroll_to_focus()

    @property
    def current(self) -> MenuItem | None:
        return self.items[self.focus] if self.items else None

    def _next_enabled(self, start: int, step: int, wrap: bool = True) -> int:
        n = len(self.items)
        i = start
        for _ in range(n):
            i += step
            if wrap:
                i %= n
            elif not 0 <= i < n:
                return start
            if self.items[i].enabled:
                return i
        return start

    def move(self, step: int) -> None:
        if not self.items:
            return
        new = self._next_enabled(self.focus, step)
        if new != self.focus:
            self.focus = new
            self._scroll_to_focus()
            self._sound("move")

    def _scroll_to_focus(self) -> None:
        if self.focus < self.first:
            self.first = self.focus
        elif self.focus >= self.first + self.visible:
            self.first = self.focus - self.visible + 1
        self.first = max(0, min(self.first, max(0, len(self.items) - self.visible)))

    def _sound(self, name: str) -> None:
        if self.sound is not None:
            self.sound(name)

    # -- geometry --------------------------------------------------------------------
    def row_rect(self, index: int) -> tuple[float, float, float, float]:
        row = index - self.first
        return (self.x, self.y + row * (self.item_h + self.gap), self.w, self.item_h)

    def hit(self, pos: tuple[float, float] | None) -> int | None:
        for i in range(self.first, min(len(self.items), self.first + self.visible)):
            if inside(pos, self.row_rect(i)):
                return i
        return None

    @property
    def height(self) -> float:
        rows = min(self.visible, len(self.items))
        return rows * self.item_h + max(0, rows - 1) * self.gap

    # -- input -----------------------------------------------------------------------
    def activate(self, index: int | None = None) -> bool:
        i = self.focus if index is None else index
        if not 0 <= i < len(self.items):
            return False
        item = self.items[i]
        if not item.enabled:
            self._sound("refused")
            self.refused = (i, self.t)
            return True
        if item.action is not None:
            self._sound("select")
            item.action()
            return True
        if item.adjust is not None:
            item.adjust(1)
            self._sound("select")
            return True
        return False

    def handle(self, intent: Intent) -> bool:
        """React to ``intent``; True if the menu used it."""
        kind = intent.kind
        if kind == "up":
            self.move(-1)
            return True
        if kind == "down":
            self.move(1)
            return True
        if kind in ("left", "right"):
            item = self.current
            if item is not None and item.enabled and item.adjust is not None:
                item.adjust(-1 if kind == "left" else 1)
                self._sound("select")
                return True
            return False
        if kind == "confirm":
            return self.activate()
        if kind == "scroll":
            self.move(-1 if (intent.value or 0) > 0 else 1)
            return True
        if kind == "point":
            i = self.hit(intent.pos)
            if i is not None and i != self.focus and self.items[i].enabled:
                self.focus = i
            return i is not None
        if kind in ("click", "rclick"):
            i = self.hit(intent.pos)
            if i is None:
                return False
            item = self.items[i]
            if item.enabled:
                self.focus = i
            if item.enabled and item.adjust is not None and item.action is None:
                x, _y, w, _h = self.row_rect(i)
                px = intent.pos[0] if intent.pos is not None else x
                on_left_arrow = x + w * 0.5 <= px < x + w * 0.62
                step = -1 if (kind == "rclick" or on_left_arrow) else 1
                item.adjust(step)
                self._sound("select")
                return True
            if kind == "click":
                return self.activate(i)
            return True
        return False

    def update(self, dt: float) -> None:
        self.t += dt

    # -- drawing ---------------------------------------------------------------------
    def draw(self, screen: Screen, focused: bool = True) -> None:
        for i in self.shown():
            self._draw_item(screen, i, focused and i == self.focus)
        self.draw_scroll_marks(screen)

    def shown(self) -> range:
        """The rows on screen (scrolled from :attr:`first`)."""
        return range(self.first, min(len(self.items), self.first + self.visible))

    def draw_row(self, screen: Screen, i: int, focused: bool) -> None:
        """Row ``i`` as :meth:`draw` paints it (a screen handing its frame over in parts
        paints each row apart)."""
        self._draw_item(screen, i, focused)

    def row_key(self, screen: Screen, i: int, focused: bool) -> Hashable:
        """What decides row ``i``'s pixels now: its words, focus, slide, shake, focus
        ring (in pixels: it breathes) and arrows' bounce."""
        item = self.items[i]
        x, y, w, h = self.row_rect(i)
        slide = ease_out((self.t - (i - self.first) * 0.05) / 0.35)
        shake = shake_offset(self.t - self.refused[1], self.calm()) \
            if self.refused is not None and self.refused[0] == i else 0.0
        ring = 3 + 6 * pulse(self.t, 5) if focused else 0.0
        return (item.label, item.detail, item.error, item.enabled, item.swatch,
                item.value() if item.value is not None else None, item.adjust is not None,
                focused, (x, y, w, h), slide, shake, self.font, self.align,
                tuple(screen.rect(x - ring - 6, y - ring / 2 - 6, w + 2 * ring + 12,
                                  h + ring + 12)) if focused else None,
                4 * pulse(self.t, 6) if focused and item.adjust else None)

    def draw_scroll_marks(self, screen: Screen) -> None:
        """The marks above and below a scrolled list saying more rows are there."""
        if self.first > 0:
            cx = self.x + self.w / 2
            y = self.y - 14
            screen.polygon([(cx - 18, y), (cx + 18, y), (cx, y - 14)], theme.ACCENT)
        if self.first + self.visible < len(self.items):
            cx = self.x + self.w / 2
            y = self.y + self.height + 12
            screen.polygon([(cx - 18, y), (cx + 18, y), (cx, y + 14)], theme.ACCENT)

    def _draw_tile(self, screen: Screen, rect: tuple[float, float, float, float],
                   focused: bool, enabled: bool) -> Colour:
        """The item's stone tile and focus ring; returns the ink for its words."""
        x, y, w, h = rect
        if focused:
            fill, ink = theme.ACCENT, INK
        elif enabled:
            fill, ink = theme.PANEL_LIGHT, theme.TEXT
        else:
            fill, ink = theme.PANEL, (110, 116, 130)
        # the tile keeps one size (painted once, then blitted); the focus ring breathes
        lift = 9.0 if focused else 0.0
        frames.tile(screen, x - lift, y - lift / 2, w + 2 * lift, h + lift, fill, radius=14,
                    depth=6 if enabled else 2)
        if focused:
            focus_ring(screen, rect, 3 + 6 * pulse(self.t, 5), 6)
        return ink

    def _draw_item(self, screen: Screen, i: int, focused: bool) -> None:
        item = self.items[i]
        x, y, w, h = self.row_rect(i)
        row = i - self.first
        slide = ease_out((self.t - row * 0.05) / 0.35)
        x -= (1 - slide) * 700
        if self.refused is not None and self.refused[0] == i:  # pressed while disabled
            x += shake_offset(self.t - self.refused[1], self.calm())
        ink = self._draw_tile(screen, (x, y, w, h), focused, item.enabled)
        has_second = bool(item.detail or (item.error and not item.enabled))
        label_y = y + (h * 0.36 if has_second else h / 2)
        font = self.font
        if has_second and h < font + theme.FONT_SMALL + 30:  # two lines in a short row
            font = min(font, theme.FONT_READ)
            label_y = y + h * 0.33
        pad = 26
        if item.swatch is not None:
            screen.box(x + pad, y + h / 2 - 20, 40, 40, item.swatch, radius=8)
            screen.box(x + pad, y + h / 2 - 20, 40, 40, INK, radius=8, width=2)
            pad += 56
        if item.value is not None or item.adjust is not None:
            value = item.value() if item.value is not None else ""
            # the label takes what the value leaves (at least half the row): a longer
            # language's words get the room rather than an ellipsis
            avail = w - pad - 120
            label_room = max(w * 0.5, avail - screen.text_width(value, theme.FONT_READ))
            screen.text(fit(screen, item.label, font, label_room), x + pad,
                        label_y,
                        font, ink, "midleft", role="menu")
            vx = x + w - 60
            room = avail - min(label_room, screen.text_width(item.label, font))
            size = fit_size(screen, value, room, font)
            screen.text(fit(screen, value, size, room), vx, label_y, size, ink, "midright",
                        role="menu")
            if item.adjust is not None and item.enabled:
                bounce = 4 * pulse(self.t, 6) if focused else 0
                draw_arrows(screen, x + w * 0.5, y, w * 0.5, h if not has_second else h * 0.72,
                            ink, bounce)
        else:  # a longer language's label steps down to the reading size before a cut
            room = w - pad - 20 if self.align == "left" else w - 40
            font = fit_size(screen, item.label, room, font, theme.FONT_READ)
            left = self.align == "left"
            screen.text(fit(screen, item.label, font, room), x + pad if left else x + w / 2,
                        label_y, font, ink, "midleft" if left else "center", role="menu")
        if has_second:
            second = item.error if (item.error and not item.enabled) else item.detail
            colour = theme.DANGER if (item.error and not item.enabled) else (
                INK if focused else theme.TEXT_DIM)
            left = self.align == "left" or item.value is not None or item.adjust is not None
            sx, anchor = (x + pad, "midleft") if left else (x + w / 2, "center")
            screen.text(fit(screen, second, theme.FONT_SMALL, w - pad - 20), sx, y + h * 0.76,
                        theme.FONT_SMALL, colour, anchor)



def focus_ring(screen: Screen, rect: tuple[float, float, float, float], ring: float,
               pad: float) -> None:
    """The white ring around a focused tile: ``ring`` breathes outwards (half as much
    vertically) without the tile itself changing size, so the tile stays one cached image."""
    x, y, w, h = rect
    screen.box(x - ring - pad, y - ring / 2 - pad, w + 2 * ring + 2 * pad, h + ring + 2 * pad,
               theme.TEXT, radius=18, width=4)

# ---------------------------------------------------------------------------------------
# TextField
# ---------------------------------------------------------------------------------------
class TextField:
    """A one-line text entry fed by ``text`` and ``backspace`` intents.

    The scene sets ``app.input.text_mode`` while the field has focus, so letters arrive
    as text instead of shortcuts.
    """

    def __init__(self, value: str = "", max_len: int = 16,
                 allowed: Callable[[str], bool] | None = None, placeholder: Text = "") -> None:
        self.value = value[:max_len]
        self.max_len = max_len
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.placeholder = placeholder

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "text":
            for ch in str(intent.value or ""):
                if len(self.value) < self.max_len and self.allowed(ch):
                    self.value += ch
            return True
        if intent.kind == "backspace":
            self.value = self.value[:-1]
            return True
        return False

    def draw(self, screen: Screen, x: float, y: float, w: float, h: float, focused: bool,
             t: float, size: float = theme.FONT_BODY) -> None:
        screen.box(x, y, w, h, (12, 16, 28), radius=10)
        screen.box(x, y, w, h, theme.ACCENT if focused else theme.PANEL_LIGHT, radius=10,
                   width=4 if focused else 2)
        shown = self.value or self.placeholder
        colour = theme.TEXT if self.value else theme.TEXT_DIM
        text = fit(screen, shown, theme.readable(size), w - 40)
        screen.text(text, x + 16, y + h / 2, theme.readable(size), colour, "midleft")
        if focused and (t * 2) % 2 < 1.3:
            tx = x + 16 + (screen.text_width(self.value, theme.readable(size)) if self.value else 0)
            screen.box(min(tx + 2, x + w - 12), y + h * 0.2, 4, h * 0.6, theme.ACCENT)


# ---------------------------------------------------------------------------------------
# Banner
# ---------------------------------------------------------------------------------------
class Banner:
    """A card that slides in, holds and slides out: "Ana's turn". It lies over the seat
    cards at the top of the right column, never over the board or the status line, and
    the play screen hides it at the first input, so it never stands in anyone's way."""

    def __init__(self) -> None:
        self.text = ""
        self.sub = ""
        self.colour: Colour = theme.ACCENT
        self.t = 0.0
        self.duration = 0.0

    def show(self, text: Text, colour: Colour = theme.ACCENT, duration: float = 1.8,
             sub: Text = "") -> None:
        self.text, self.sub, self.colour = say(text), say(sub), colour
        self.t, self.duration = 0.0, duration

    def update(self, dt: float) -> None:
        if self.active:
            self.t += dt

    def hide(self) -> None:
        self.t = self.duration

    @property
    def active(self) -> bool:
        return self.t < self.duration

    def _left(self, area: tuple[float, float, float, float]) -> float:
        """Where the card's left edge is now: sliding in from the screen's right edge,
        holding at the area's, sliding out again."""
        x = area[0]
        slide_in = ease_out(self.t / 0.3)
        slide_out = ease_out((self.t - (self.duration - 0.3)) / 0.3)
        return x + ((1 - slide_in) + slide_out) * (1920 - x)

    def key(self, area: tuple[float, float, float, float]) -> Hashable:
        """What decides the banner's pixels: its words, colour and area, and where its
        card has slid to (not its left pixel alone: its words are centred, and at a small
        scale two places of one left pixel centre them on different pixels). While it
        holds (most of its time) a frame paints nothing under it: it lies translucent
        over the seat cards, which were repainted with it every frame when it counted as
        changing every frame."""
        return (self.text, self.sub, self.colour, area, self._left(area))

    def draw(self, screen: Screen, area: tuple[float, float, float, float]) -> None:
        """Draw in ``area`` (over the seat cards), sliding in from the screen's right edge
        and out again."""
        if not self.active:
            return
        _x, y, w, height = area
        x = self._left(area)
        screen.box(x, y, w, height, (8, 10, 18, 235), radius=12)
        # a step-fret band in the seat's colour: whose turn it is, from across the room
        band = greca.strip(screen.ln(BANNER_FRET), scenery.rgb(self.colour), (12, 12, 20))
        greca.blit_band(screen.surface, band,
                        screen.rect(x, y + height - BANNER_FRET, w, BANNER_FRET))
        cx = x + w / 2
        if self.sub:
            size = fit_size(screen, self.text, w - 32, theme.FONT_LARGE)
            screen.text(fit(screen, self.text, size, w - 32), cx, y + height * 0.3, size,
                        self.colour, "center", role="turn")
            for i, line in enumerate(fit_lines(screen, self.sub, theme.FONT_SMALL, w - 32)):
                screen.text(line, cx, y + height * 0.58 + 34 * i, theme.FONT_SMALL,
                            theme.TEXT, "center")
            return
        # a long name steps the words down a size, then takes two lines, never cut
        size = fit_size(screen, self.text, w - 32, theme.FONT_LARGE * 1.2)
        lines = fit_lines(screen, self.text, size, w - 32)
        step = size * 1.1
        top = y + height / 2 - 4 - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            screen.text(line, cx, top + step * i, size, self.colour, "center", role="turn")
