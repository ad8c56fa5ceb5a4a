"""A 16:10 screen (a Steam Deck's 1280x800) is used to its edges: the canvas grows to
1920x1200 logical units, a game's board and log reach lower, the status line and the
shortcut bar stand on the bottom edge, and a menu's 1080 units sit in the middle with its
ground reaching the top and the bottom. Nothing is shown between two bands of wall."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import say
from game.kit.client.art import scenery
from game.kit.client.layout import BOARD_AREA, LOG_BOTTOM
from game.kit.client.screen import Screen, canvas
from game.ui import showcase
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.shell import laid_out
from game.ui.widgets import FOOTER_H
from tests.client.conftest import Driver
from tests.client.drawn_texts import texts_drawn

DECK = (1280, 800)


@pytest.mark.parametrize(("size", "height", "letterbox"), [
    ((1920, 1080), 1080, (0, 0)),     # 16:9
    ((1280, 720), 1080, (0, 0)),
    ((1280, 800), 1200, (0, 0)),      # 16:10: all of it
    ((1920, 1200), 1200, (0, 0)),
    ((1024, 768), 1200, (0, 64)),     # 4:3: 16:10 of it, the rest wall
    ((2560, 1080), 1080, (320, 0)),   # wider than 16:9: wall at the sides
])
def test_the_canvas_is_as_tall_as_the_window_allows(size, height, letterbox):
    scale, ox, oy, h = canvas(size)
    assert h == height
    assert (round(ox), round(oy)) == letterbox
    assert scale == pytest.approx(min(size[0] / 1920, size[1] / 1080))


def test_a_band_is_the_middle_1080_and_reaches_both_edges():
    screen = Screen(pygame.Surface(DECK))
    band = screen.band()
    assert screen.extra == 120 and band.extra == 0
    assert band.px(0, 0) == (0, 40)            # 60 units down: the middle of 1200
    assert band.px(0, band.top) == (0, 0)      # its ground reaches the top edge
    assert band.px(0, band.bottom) == (0, 800)  # and the bottom one
    assert band.foot().px(0, 1080) == (0, 800)  # the shortcut bar stands on the bottom
    assert screen.foot().px(0, 1080) == (0, 800)
    wide = Screen(pygame.Surface((1280, 720)))
    assert wide.band() is wide and wide.foot() is wide  # one and the same at 16:9


@pytest.mark.parametrize(("variant", "players"), [
    ("mexica", 4), ("mexica-2p-neutral", 2), ("aztlan", 4), ("tlatelolco-market", 4)])
def test_a_game_fills_a_handheld_screen(make_app, variant, players):
    app = make_app(size=DECK, fullscreen=False)
    play, _following = showcase.late_game(app, variant, players)
    assert isinstance(play, PlayScene)
    x, y, w, h = play.board_area
    assert (x, y, w) == BOARD_AREA[:3] and h == BOARD_AREA[3] + 120  # the board grows
    assert play.log.area[1] + play.log.area[3] == LOG_BOTTOM + 120   # the log too
    texts = texts_drawn(app)
    footer = [rect for text, rect in texts if text in ("Undo", "Menu")]
    assert footer, "the shortcut bar shows"
    for _x, fy, _w, fh in footer:  # on the bottom edge of the 1200-unit canvas
        assert 1200 - FOOTER_H <= fy and fy + fh <= 1200
    board = app.screen.rect(*play.view.board_rect(play.board_area))
    assert board.bottom <= app.screen.rect(0, 1200 - FOOTER_H - 54, 1, 1).top
    # nothing drawn where a 16:9 picture would have left bands of wall: the bar's dark
    # ground along the bottom row
    bottom_row = app.screen.surface.get_at((640, 799))[:3]
    assert sum(bottom_row) < 3 * 40, bottom_row


def test_a_menu_stands_in_the_middle_with_its_ground_to_the_edges(make_app):
    ui = Driver(make_app(size=DECK, fullscreen=False))
    ui.frames(3)
    title = ui.top
    assert not title.tall
    screen = laid_out(ui.app.screen, title)
    assert screen.oy == pytest.approx(40)
    texts = dict(texts_drawn(ui.app))
    # the footer's keys on the bottom edge (in the menu's units, 1080 + 60)
    _x, y, _w, h = texts["Select"]
    assert 1140 - FOOTER_H <= y and y + h <= 1140
    # the dusk's sky at the top, the lake at the bottom: no wall above or below
    wall = Screen(pygame.Surface(DECK))
    scenery.wall(wall)
    for spot in ((640, 30), (100, 700)):
        assert ui.app.screen.surface.get_at(spot) != wall.surface.get_at(spot), spot
    # a click where a row is drawn chooses that row
    row = next(i for i, item in enumerate(title.menu.items) if say(item.label) == "Settings")
    rx, ry, rw, rh = title.menu.row_rect(row)
    ui.click(rx + rw / 2, ry + rh / 2)
    assert type(ui.top).__name__ == "SettingsScene"


def test_a_menu_over_the_board_veils_the_whole_window(make_app):
    ui = Driver(make_app(size=DECK, fullscreen=False))
    play, _following = showcase.late_game(ui.app, "mexica", 3)
    ui.frames(2)
    spots = ((640, 3), (100, 735), (1270, 400))  # (the pause menu draws its own bar)
    before = [ui.app.screen.surface.get_at(spot) for spot in spots]
    ui.app.stack.push(PauseScene(play))
    ui.frames(20)
    ui.app.draw_whole()
    after = [ui.app.screen.surface.get_at(spot) for spot in spots]
    for spot, old, new in zip(spots, before, after, strict=True):
        assert sum(new[:3]) < sum(old[:3]), spot  # darker: the veil reaches every edge
