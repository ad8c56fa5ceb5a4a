"""Mexica's side panel in the real play and lesson screens: its header ("Place your
Pilli", "6 AP left") and the period line ("Period 1 · Round 1") each have their own place,
at every player count, in Mexica for two and in the lessons, at 1920x1080, 1280x720 and
1280x800 (issue 31, point 5)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.api import new_game
from game.core.rng import Rng
from game.i18n import say
from game.kit.client.layers import Snapshot
from game.ui import showcase
from tests.client.conftest import Driver

SIZES = [(1920, 1080), (1280, 720), (1280, 800)]

Rect = tuple[float, float, float, float]


@contextmanager
def drawn_rects(ui: Driver) -> Iterator[list[tuple[str, pygame.Rect]]]:
    """Every text drawn while the block runs, with the pixel rectangle it covers (what
    Screen.text blits)."""
    screen = ui.app.screen
    seen: list[tuple[str, pygame.Rect]] = []
    draw_text = screen.text

    def record(text, *args, **kwargs):
        r = draw_text(text, *args, **kwargs)
        seen.append((say(text), r.copy()))
        return r

    screen.text = record
    Snapshot.paint_always = True  # the panel's kept words are drawn again, to be seen
    try:
        yield seen
    finally:
        del screen.text
        Snapshot.paint_always = False


def letters(r: pygame.Rect) -> pygame.Rect:
    """A line's box is taller than its letters (room above the capitals and below the
    baseline): its middle 60 %, where the letters are."""
    return pygame.Rect(r.x, r.y + round(r.h * 0.2), r.w, max(1, round(r.h * 0.6)))


def header_clear(ui: Driver) -> tuple[str, str]:
    """Draw a frame; assert that the header's words and the period line do not meet, and
    return what they said."""
    with drawn_rects(ui) as seen:
        ui.app.draw()
    periods = [(t, r) for t, r in seen if t.startswith("Period ") and " · Round " in t]
    assert len(periods) == 1, [t for t, _r in seen]
    period, prect = periods[0]
    heads = [(t, r) for t, r in seen
             if t in ("Place your Pilli", "Vote", "left") or t.endswith(" AP")]
    assert heads, [t for t, _r in seen]
    for text, rect in heads:
        assert not letters(rect).colliderect(letters(prect)), (text, rect, period, prect)
    return heads[0][0], period


def played(variant: str, players: int, until) -> object:
    game = new_game(variant, players, seed=4)
    rng = Rng(4)
    while not until(game.state):
        game.apply(game.playout_action(rng))
    return game


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("variant", "players"), [
    ("mexica", 2), ("mexica", 3), ("mexica", 4), ("mexica-2p-neutral", 2)])
def test_the_panel_header_and_the_period_line_never_meet(make_app, size, variant, players):
    ui = Driver(make_app(size=size, fullscreen=False))
    seen = []
    for until in (lambda s: True,  # the Pilli placement
                  lambda s: s.phase == "play" and s.ap == 6,
                  lambda s: s.phase == "play" and s.round >= 10):  # "Round 10"
        showcase.start_play(ui.app, played(variant, players, until))
        ui.frames(2)
        seen.append(header_clear(ui))
    assert seen[0][0] == "Place your Pilli" and seen[1][0] == "6 AP"
    assert seen[2][1].endswith(("Round 10", "Round 11", "Round 12"))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lesson", ["mexica", "mexica-2p"])
def test_the_lessons_panel_header_and_period_line_never_meet(make_app, size, lesson):
    ui = Driver(make_app(size=size, fullscreen=False))
    showcase.lesson(ui.app, lesson, step=1)
    assert header_clear(ui)[0] == "Place your Pilli"
    showcase.lesson(ui.app, lesson)  # a move in the middle of the lesson
    header_clear(ui)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de", "qps"])
def test_the_neutral_row_is_read_whole_in_every_language(make_app, size, lang):
    """Mexica for two: the neutral colour's row says its temples and their levels, in
    fewer words where the row is narrow, never cut ("Neutral: 10 Gebäude, Summe der ."
    was seen at 1280x720 in German)."""
    from tests.client.test_language import spoken
    from variants.mexica.text import _

    ui = Driver(make_app(size=size, fullscreen=False))
    with spoken(lang):
        showcase.start_play(ui.app, new_game("mexica-2p-neutral", 2, seed=4))
        ui.frames(2)
        with drawn_rects(ui) as seen:
            ui.app.draw()
        whole = say(_.n("Neutral: {n} temple, {levels} levels",
                        "Neutral: {n} temples, {levels} levels", n=10, levels=20))
        short = say(_.n("Neutral: {n} temple", "Neutral: {n} temples", n=10))
    rows = [t for t, _r in seen if t in (whole, short) or t.startswith(short[:6])]
    assert len(rows) == 1, [t for t, _r in seen]
    assert rows[0] in (whole, short), rows
    if lang == "en":
        assert rows[0] == whole  # the fullest where it fits


def test_the_districts_standing_never_runs_under_the_status_line():
    """Issue 36, seen in the real window: under four long names' cards (one a row) the
    side panel ends low, and the hovered district's standing box, placed under it, ran
    its fourth row under the status line. It now ends above it, over the panel's foot."""
    from types import SimpleNamespace

    from game.kit.client.layout import LOG_BOTTOM, panel_area
    from variants.mexica.view.frame import standing_box

    rows = [{"owner": seat, "place": seat + 1, "levels": 3, "points": 0} for seat in range(4)]
    view = SimpleNamespace(preview=SimpleNamespace(standing={"rows": rows}),
                           highlight_cells=None)
    for players in (2, 3, 4):
        for wide in (False, True):
            panel = panel_area(players, 0, wide)
            box = standing_box(view, panel)
            assert box is not None
            x, y, w, h = box
            assert y + h <= LOG_BOTTOM, (players, wide, box)
            assert (x, w) == (panel[0], panel[2])
