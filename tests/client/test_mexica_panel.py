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

LONG_NAMES = ["Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl"]


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


@pytest.mark.parametrize(("size", "players", "long"), [
    *((size, 4, True) for size in SIZES),
    *(((1920, 1080), players, long) for players, long in ((2, False), (3, False), (3, True),
                                                           (4, False)))])
def test_a_districts_standing_never_covers_a_seats_row(make_app, size, players, long):
    """Four long names, their cards one a row, push the side panel down: the standing of
    a hovered district, placed over the panel's foot (issue 36: under it, it ran under
    the status line), hid the fourth seat's row (its colour, hand and score) at
    1920x1080. For every district hovered on a late board, the standing's part (its box
    and shadow) meets neither a seat's row in the panel nor a seat's card, its box ends
    above the status line, and the seat rows' pixels are those shown with the pointer on
    the lake."""
    from game.kit.client.layout import LOG_BOTTOM, panel_area, seat_cards
    from game.ui.scenes.play import PlayScene
    from game.ui.sessions import make_session
    from variants.mexica.view.frame import SHADOW, standing_key
    from variants.mexica.view.layout import make_layout
    from variants.mexica.view.panel import seat_rows

    app = make_app(size=size, fullscreen=False)
    game, _following = showcase.quiet_stretch("mexica", players, 7, 30)
    play = PlayScene(make_session(app, game, LONG_NAMES[:players] if long else []))
    app.stack.clear_to(play)
    ui = Driver(app)
    ui.frames(150)  # the turn's banner has gone
    assert play.wide == (long and players > 2)  # long names' cards stand one a row
    view, board, screen = play.view, game.rules.table.board, app.screen
    lay = make_layout(play.board_area, board.width, board.height)
    panel = panel_area(players, 0, play.wide)

    def point(cell: int) -> None:
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=screen.px(*lay.centre(cell)),
                                     rel=(0, 0), buttons=())], 0.0)

    def pixels(rects: list[Rect]) -> list[bytes]:
        return [pygame.image.tobytes(screen.surface.subsurface(
            screen.rect(*r).clip(screen.surface.get_rect())), "RGB") for r in rects]

    rows = seat_rows(screen, panel, view)
    assert len(rows) == players
    point(min(board.lake))
    assert not view.preview.standing
    calm = pixels(rows)
    seen = set()
    for cell in range(board.size):
        point(cell)
        standing = view.preview.standing
        if not standing or not standing["rows"]:
            continue
        parts = [p for p in view.panel_parts(screen, panel) if p.place == "standing"]
        assert len(parts) == 1
        shown = parts[0].area
        if (standing_key(view), shown) in seen:
            continue
        seen.add((standing_key(view), shown))
        for seat, row in enumerate(seat_rows(screen, panel, view)):
            assert not overlap(shown, row), (board.names[cell], seat, shown, row)
        for seat, card in enumerate(seat_cards(players, 0, play.wide)):
            assert not overlap(shown, card), (board.names[cell], seat, shown, card)
        assert shown[1] + shown[3] <= LOG_BOTTOM + 1.5 * SHADOW + 3, (board.names[cell], shown)
        # below the seat rows too (over the log, its rows closer if need be): above them
        # it covered the panel's tools and the display
        assert shown[1] >= rows[-1][1] + rows[-1][3], (board.names[cell], shown)
        assert pixels(rows) == calm, board.names[cell]
    assert seen  # districts were hovered: their standing showed
    assert app.failures == []
