"""The action log keeps its painted lines (a kit ``Snapshot``) and draws its stone as
pieces round them: whatever it blits, the pixels are those of
painting the panel and its lines afresh, as :func:`~game.kit.client.text.draw_panel`
and the lines over it, in a frame painting all of it or only a strip of it."""

from __future__ import annotations

import pygame

from game.api import new_game
from game.core.rng import Rng
from game.i18n.client import _
from game.kit.client.layout import LOG_LINE
from game.kit.client.text import draw_panel
from game.ui import showcase
from game.ui.actionlog import ActionLog


def area_pixels(screen, log: ActionLog) -> bytes:
    x, y, w, h = log.area
    rect = screen.rect(x - 12, y - 12, w + 24, h + 24)
    return pygame.image.tobytes(screen.surface.subsurface(rect), "RGB")


#: what lies under the panel (its shadow and round corners show it)
GROUND = (40, 30, 20)


def afresh(screen, log: ActionLog) -> bytes:
    """The log as the panel and its lines painted without anything kept."""
    x, y, w, h = log.area
    screen.surface.fill(GROUND)
    top = draw_panel(screen, x, y, w, h, _("Action log") if log.titled else "")
    end = len(log.lines) - log.scroll
    first = log.first_shown()
    shown = tuple(log.lines[first:min(end, first + log.rows)])
    top += (log.rows - len(shown)) * LOG_LINE if first > 0 else 0
    surface = screen.surface
    surface.set_clip(screen.rect(x + 8, y + 8, w - 16, h - 16))
    log._paint(screen, shown, top)
    surface.set_clip(None)
    return area_pixels(screen, log)


def test_the_kept_log_shows_what_painting_it_afresh_shows(stub_app):
    play = showcase.start_play(stub_app, new_game("mexica", 3, seed=5))
    screen, log = stub_app.screen, play.log
    rng = Rng(5)
    x, y, w, h = log.area
    strips = [screen.rect(x, y + h - 12, w, 24), screen.rect(x + w - 30, y, 60, h),
              screen.rect(x - 20, y + 40, w + 40, 30)]
    steps = [lambda: None, lambda: log.scroll_by(2), lambda: log.scroll_by(-2)]
    for i in range(9):
        play.apply(play.game.playout_action(rng))
        log.rebuild(screen, play.session, play.colours)
        steps[i % 3]()
        whole = afresh(screen, log)
        screen.surface.fill(GROUND)  # what the frame painted before the log
        log.draw(screen)  # its new lines, painted and kept
        assert area_pixels(screen, log) == whole
        screen.surface.fill(GROUND)
        log.draw(screen)  # blitted
        assert area_pixels(screen, log) == whole
        for strip in strips:  # a frame painting only where another part changed
            screen.surface.set_clip(strip)
            screen.surface.fill(GROUND)
            log.draw(screen)
            screen.surface.set_clip(None)
            assert area_pixels(screen, log) == whole


def test_a_log_first_painted_in_a_strip_is_painted_whole_when_all_of_it_shows(stub_app):
    """Kept pixels of a strip hold only there: a frame showing more paints it anew."""
    play = showcase.start_play(stub_app, new_game("aztlan", 4, seed=7))
    screen, log = stub_app.screen, play.log
    rng = Rng(7)
    for _step in range(5):
        play.apply(play.game.playout_action(rng))
    log.rebuild(screen, play.session, play.colours)
    whole = afresh(screen, log)
    x, y, w, h = log.area
    screen.surface.set_clip(screen.rect(x, y + h - 30, w, 30))
    log.draw(screen)
    screen.surface.set_clip(None)
    screen.surface.fill(GROUND)
    log.draw(screen)
    assert area_pixels(screen, log) == whole
