"""The game behind the title menu is a calm backdrop (issue 31, point 9): whatever game
the computers play there, none of its words, numbers or edges reach the window, so
nothing of it can be read under the menu, at any window size."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import say
from game.ui.scenes.title import ATTRACT_AREA, ATTRACT_DELAY, Attract, TitleScene
from tests.client.conftest import DT, Driver
from tests.client.drawn_texts import overlap, texts_drawn

VARIANTS = ["mexica", "mexica-2p-neutral", "tlatelolco-market", "aztlan"]
SIZES = [(1920, 1080), (1280, 720), (1280, 800)]
#: the most two neighbouring pixels of the backdrop differ in brightness (0-255): a
#: letter's edge on a board differs by a hundred and more
SHARPEST = 12


def title_with(make_app, monkeypatch, variant: str, size) -> Driver:
    """The title, its computers playing ``variant`` behind the menu for a few seconds."""
    monkeypatch.setattr(Attract, "candidates",
                        lambda self: [self.app.registry.variants[variant]])
    ui = Driver(make_app(size=size, fullscreen=False, first_scene=TitleScene(attract_seed=3)))
    ui.frames(int((ATTRACT_DELAY + 5) / DT))
    attract = ui.top.attract
    assert attract is not None and not attract.broken and len(attract.session.game.log) >= 5
    return ui


def brightness(pixels: bytes, i: int) -> int:
    return (299 * pixels[i] + 587 * pixels[i + 1] + 114 * pixels[i + 2]) // 1000


def sharpest_step(ui: Driver, keep_out: list[pygame.Rect]) -> int:
    """The largest brightness step between two neighbouring pixels of the backdrop (every
    other row), outside ``keep_out`` (the menu's rows)."""
    screen = ui.app.screen
    area = screen.rect(*ATTRACT_AREA).inflate(-screen.ln(24), -screen.ln(24))
    pixels = pygame.image.tobytes(screen.surface.subsurface(area), "RGB")
    worst = 0
    for y in range(0, area.h, 2):
        row = y * area.w * 3
        for x in range(area.w - 1):
            if any(r.collidepoint(area.x + x, area.y + y) for r in keep_out):
                continue
            step = abs(brightness(pixels, row + 3 * x) - brightness(pixels, row + 3 * x + 3))
            worst = max(worst, step)
    return worst


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_word_of_the_game_behind_the_menu_reaches_the_window(make_app, monkeypatch,
                                                                 variant, size):
    ui = title_with(make_app, monkeypatch, variant, size)
    menu = ui.top.menu
    words = {say(item.label) for item in menu.items} | {say(item.detail) for item in menu.items}
    texts = texts_drawn(ui.app)
    behind = [text for text, rect in texts if overlap(rect, ATTRACT_AREA)]
    assert behind and set(behind) <= words  # only the menu's own words there
    menu_rects = [menu.row_rect(i) for i in range(len(menu.items))]
    for text, rect in texts:  # and nothing else drawn over a menu row's words
        if text not in words:
            assert not any(overlap(rect, row) for row in menu_rects), text


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_game_behind_the_menu_has_no_edge_to_read(make_app, monkeypatch, variant):
    ui = title_with(make_app, monkeypatch, variant, (960, 540))
    screen = ui.app.screen
    menu = ui.top.menu
    rows = [screen.rect(*menu.row_rect(i)).inflate(screen.ln(60), screen.ln(40))
            for i in range(len(menu.items))]
    assert sharpest_step(ui, rows) <= SHARPEST


@pytest.mark.parametrize("rows", [6, 7, 8])
def test_every_menu_row_stands_above_the_footers_frieze(rows):
    # with Continue and Rematch both offered (eight rows) Quit once ran past the frieze
    from game.kit.client.art.scenery import FRIEZE_H
    from game.ui.scenes.title import menu_rows
    from game.ui.widgets import FOOTER_Y

    top, height, gap = menu_rows(rows)
    bottom = top + rows * (height + gap) - gap
    assert bottom + 12 <= FOOTER_Y - FRIEZE_H  # the panel's frame too
    assert top >= 350 and height >= 64  # below the subtitle; a label and its detail fit
