"""The fonts, rendered lines and widths every Screen shares (``game.kit.client.screen``): a line a
new window finds in the cache is byte for byte the line it would have rendered itself,
at its own size, and a font module shut down and started again (``pygame.quit()`` at a
window's end, then a new window) loads its fonts afresh."""

from __future__ import annotations

import pygame

from game.kit.client import theme
from game.kit.client.screen import Screen, font_file

LINES = [("Ana's turn", theme.FONT_BODY, theme.TEXT, 0),
         ("Pass to Ben", theme.FONT_TITLE, (200, 40, 40), 0),
         ("Others look away. Press Enter when ready, then choose your card in secret.",
          theme.FONT_SMALL, theme.TEXT_DIM, 600)]


def fresh(screen: Screen, text: str, size: float, colour, wrap: float) -> pygame.Surface:
    """The line as pygame renders it with nothing cached."""
    font = pygame.font.Font(font_file(), screen.font_px(size))
    if wrap:
        return font.render(text, True, colour, None, screen.ln(wrap))
    return font.render(text, True, colour)


def pixels(surface: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


def test_a_line_another_window_rendered_is_the_line_this_one_would_render(pygame_display):
    first = Screen(pygame.Surface((1280, 720)))
    for line in LINES:
        first.render(*line)
    for size in ((1280, 720), (1920, 1080), (1024, 768)):
        screen = Screen(pygame.Surface(size))  # a new window: the cache is warm
        for text, font_size, colour, wrap in LINES:
            kept = screen.render(text, font_size, colour, wrap)
            assert pixels(kept) == pixels(fresh(screen, text, font_size, colour, wrap))
            assert screen.text_width(text, font_size) == (
                screen.font(font_size).size(text)[0] / screen.scale)


def test_a_new_window_after_pygame_quit_loads_its_fonts_again(pygame_display):
    screen = Screen(pygame.Surface((1280, 720)))
    screen.text("Ana's turn", 10, 10)
    pygame.quit()  # the end of a window: pygame refuses the fonts loaded before
    pygame.display.init()
    pygame.font.init()
    again = Screen(pygame.Surface((1280, 720)))
    assert again.text_width("Ben's turn, a line never measured before", 40) > 0
    again.text("Ana's turn, a line never drawn before", 10, 10)
    assert again.font(40).get_height() > 0
