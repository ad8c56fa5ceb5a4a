"""The window's painting, frame by frame: only the parts of a frame that changed when
every scene shown says what its parts are (:meth:`~game.ui.shell.Scene.parts`, painted
by :class:`~game.kit.client.damage.Compositor`), else the whole frame as each scene's
``draw`` paints it; then the toasts; and the present of what was painted.

A test reading every text drawn (a text recorder, kept parts painting always) gets whole
frames: a part left as it was draws no text.
"""

from __future__ import annotations

from functools import partial
from itertools import count
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

import pygame

from game.i18n.render import language
from game.kit.client import theme
from game.kit.client.art import scenery
from game.kit.client.damage import Compositor, Part
from game.kit.client.layers import Snapshot
from game.kit.client.layout import LOG_AREA
from game.kit.client.screen import Screen
from game.kit.client.text import fit_lines
from game.ui.shell import laid_out
from game.ui.widgets import FOOTER_Y

if TYPE_CHECKING:
    from game.ui.shell import Scene, Shell


class Painter:
    """Paints the App's frames and presents them."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.compositor = Compositor()
        #: what the last frame painted: the rectangles to present, None for all of it
        self.painted: list[pygame.Rect] | None = None
        #: each scene's number, in its parts' places: a scene pushed over another leaves
        #: the parts beneath as they were (an overlay's first frame paints only itself),
        #: and a scene never takes a gone one's parts for its own (an id may come again)
        self._serials: WeakKeyDictionary[Scene, int] = WeakKeyDictionary()
        self._next = count()

    def draw(self) -> None:
        """Paint the frame: only its parts that changed when every scene shown can say
        what its parts are (:meth:`Scene.parts`), else the whole of it. ``painted`` is
        what to present."""
        scenes = self.app.stack.visible()
        screen = self.app.screen
        self.compositor.pending += screen.pending
        screen.pending = []
        parts = None if Screen.recorder is not None or Snapshot.paint_always else \
            self._parts(scenes)
        if parts is None:
            self.compositor.forget()
            self.painted = None
            self.draw_whole()
            return
        # which scenes show is in the parts' places, not here: an overlay coming or going
        # damages its own parts' bounds (a scene showing no secrets changes none)
        secrets = tuple(s for s in (scene.secrets_shown() for scene in scenes) if s is not None)
        generation = (screen.surface.get_size(), language(), repr(self.app.settings), secrets)
        # a frame with a repaint budget (the running client's) spreads the parts too
        self.painted = self.compositor.compose(screen.surface, generation, parts,
                                               spread=screen.repaints_left is not None)

    def draw_whole(self) -> None:
        """Paint the whole frame, every scene's ``draw`` unclipped (what a frame painted
        in parts must equal)."""
        scenes = self.app.stack.visible()
        screen = self.app.screen
        if not scenes or not scenes[0].backdrop:
            scenery.wall(screen, [r for scene in scenes
                                  for r in scene.opaque_rects(laid_out(screen, scene))])
        for scene in scenes:
            scene.draw(laid_out(screen, scene))
        toasts = self._toast_area()
        if toasts is not None:
            self._draw_toasts(toasts)

    def _parts(self, scenes: list[Scene]) -> list[Part] | None:
        """The frame as parts (the wall, each scene's, the toasts), or None if a scene
        cannot say what its parts are."""
        if not scenes:
            return None
        screen = self.app.screen
        window = screen.surface.get_rect()
        out: list[Part] = []
        if not scenes[0].backdrop:
            opaque = [r for scene in scenes
                      for r in scene.opaque_rects(laid_out(screen, scene))]
            out.append(Part("wall", window, tuple(map(tuple, opaque)),
                            lambda: scenery.wall(screen, opaque)))
        for scene in scenes:
            parts = scene.parts(laid_out(screen, scene))
            if parts is None:
                return None
            serial = self._serials.get(scene)
            if serial is None:
                serial = self._serials[scene] = next(self._next)
            out += [Part((serial, part.place), part.rect, part.key, part.paint, part.moving,
                         part.later, part.opaque, part.changed) for part in parts]
        toasts = self._toast_area()
        if toasts is not None and self.app.toasts:
            x, y, w, _h = toasts
            out.append(Part("toasts", screen.rect(x - 2, 0, w + 4, y + 2),
                            (tuple(m for m, _until in self.app.toasts[-3:]), toasts),
                            partial(self._draw_toasts, toasts)))
        return out

    def present(self) -> list[pygame.Rect] | None:
        """Show the frame drawn: the whole window, or only the rectangles painted (none
        when nothing changed). Returns what was presented (None: all of it)."""
        if self.painted is None:
            pygame.display.flip()
        elif self.painted:
            pygame.display.update(self.painted)
        return self.painted

    def _toast_area(self) -> tuple[float, float, float, int] | None:
        """Where toasts stand, above the bottom of the area returned (its x, bottom,
        width and most lines); None over a menu, which is read in peace."""
        top = self.app.stack.top
        if top is not None and top.is_menu:
            return None
        on_board = any(scene.has_board for scene in self.app.stack.visible())
        lower = self.app.screen.extra  # (the log and the bar stand lower on a taller canvas)
        return (LOG_AREA[0], LOG_AREA[1] + LOG_AREA[3] + lower, LOG_AREA[2], 6) if on_board \
            else (360.0, FOOTER_Y - 8.0 + lower, 1200.0, 3)

    def _draw_toasts(self, area: tuple[float, float, float, int]) -> None:
        bottom = area[1]
        for message, _until in self.app.toasts[-3:]:  # the oldest at the bottom
            bottom = self._draw_toast(message, area, bottom) - 8

    def _draw_toast(self, message: str, area: tuple[float, float, float, int],
                    bottom: float) -> float:
        """One toast above ``bottom``: on a game screen in the side column (over the
        action log), elsewhere above the footer; never over the board, the status line or
        the footer. Returns its top."""
        screen, size = self.app.screen, theme.FONT_SMALL
        x, _bottom, w, most = area
        lines = fit_lines(screen, message, size, w - 32, lines=most)
        h = 18 + 36 * len(lines)
        screen.box(x, bottom - h, w, h, (0, 0, 0, 225), radius=12)
        screen.box(x, bottom - h, w, h, theme.ACCENT, radius=12, width=2)
        for i, line in enumerate(lines):
            screen.text(line, x + 16, bottom - h + 9 + 36 * i, size, theme.TEXT)
        return bottom - h
