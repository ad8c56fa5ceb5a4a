"""Drawing in logical 1920x1080 units on a window of any size.

Scenes never see pixels: they pass logical coordinates and this wrapper scales them to
the real surface, so 1280x720 and 4K both render crisp (text is rasterised at the final
pixel size, not stretched). Fonts and rendered text are cached because text rendering is
the most expensive thing in a frame.
"""

from __future__ import annotations

import pygame

from game.ui import theme

Colour = tuple[int, int, int] | tuple[int, int, int, int]


class Screen:
    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self._fonts: dict[int, pygame.font.Font] = {}
        self._text_cache: dict[tuple, pygame.Surface] = {}
        self.resize(surface)

    def resize(self, surface: pygame.Surface) -> None:
        self.surface = surface
        w, h = surface.get_size()
        lw, lh = theme.LOGICAL_SIZE
        self.scale = min(w / lw, h / lh)
        self.ox = (w - lw * self.scale) / 2
        self.oy = (h - lh * self.scale) / 2
        self._text_cache.clear()

    def derived(self, surface: pygame.Surface, ox: float, oy: float) -> Screen:
        """A Screen drawing onto another surface (a cached layer, a sprite) at this scale,
        with logical (0, 0) at pixel (ox, oy); it shares the loaded fonts and rendered
        text, which do not depend on the target."""
        out = Screen(surface)
        out.scale, out.ox, out.oy = self.scale, ox, oy
        out._fonts = self._fonts
        out._text_cache = self._text_cache
        return out

    # -- coordinates ---------------------------------------------------------------------
    def px(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.scale), round(self.oy + y * self.scale)

    def ln(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0, y0 = self.px(x, y)
        x1, y1 = self.px(x + w, y + h)
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
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, colour, layer.get_rect(),
                             self.ln(width) if width else 0, self.ln(radius) if radius else 0)
            self.surface.blit(layer, r.topleft)
        else:
            pygame.draw.rect(self.surface, colour, r, self.ln(width) if width else 0,
                             self.ln(radius) if radius else 0)
        return r

    def line(self, a: tuple[float, float], b: tuple[float, float], colour: Colour,
             width: float = 2) -> None:
        pygame.draw.line(self.surface, colour, self.px(*a), self.px(*b), self.ln(width))

    def circle(self, x: float, y: float, r: float, colour: Colour, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.px(x, y), self.ln(r),
                           self.ln(width) if width else 0)

    def polygon(self, points: list[tuple[float, float]], colour: Colour,
                width: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.px(*p) for p in points],
                            self.ln(width) if width else 0)

    # -- text ----------------------------------------------------------------------------
    def font(self, size: float) -> pygame.font.Font:
        px = max(8, round(size * self.scale))
        f = self._fonts.get(px)
        if f is None:
            f = pygame.font.Font(None, px)
            self._fonts[px] = f
        return f

    def render(self, text: str, size: float, colour: Colour,
               wrap: float = 0) -> pygame.Surface:
        key = (text, size, colour, wrap)
        surf = self._text_cache.get(key)
        if surf is None:
            font = self.font(size)
            if wrap:
                surf = font.render(text, True, colour, None, self.ln(wrap))
            else:
                surf = font.render(text, True, colour)
            if len(self._text_cache) > 2000:
                self._text_cache.clear()
            self._text_cache[key] = surf
        return surf

    def text(self, text: str, x: float, y: float, size: float = theme.FONT_BODY,
             colour: Colour = theme.TEXT, anchor: str = "topleft",
             wrap: float = 0) -> pygame.Rect:
        surf = self.render(text, size, colour, wrap)
        r = surf.get_rect()
        setattr(r, anchor, self.px(x, y))
        self.surface.blit(surf, r)
        return r

    def text_width(self, text: str, size: float) -> float:
        return self.render(text, size, theme.TEXT).get_width() / self.scale


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
        import math

        pts = []
        for i in range(10):
            ang = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((x + rr * math.cos(ang), y + rr * math.sin(ang)))
        screen.polygon(pts, colour)
    elif mark == "cross":
        screen.line((x - r, y - r), (x + r, y + r), colour, r * 0.5)
        screen.line((x - r, y + r), (x + r, y - r), colour, r * 0.5)
    else:
        screen.circle(x, y, r, colour, max(2.0, r * 0.35))
