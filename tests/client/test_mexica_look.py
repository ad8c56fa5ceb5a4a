"""What a player sees of Mexica's board (issue 31, point 13): the island raised out of the
lake, founded districts paved so they show at a glance, and neutral temples (Mexica for
two) in a colour and a shape mark that no seat has, on the board, in the panel's legend
row and in the district ranking."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.api import new_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.kit.client import theme  # noqa: E402
from game.kit.client.art.marks import draw as draw_mark  # noqa: E402
from game.kit.client.layers import Snapshot  # noqa: E402
from game.kit.client.screen import Screen  # noqa: E402
from game.ui.session import Session  # noqa: E402
from tests.client.view_helpers import ServicesStub  # noqa: E402
from variants.mexica.view import MexicaView  # noqa: E402
from variants.mexica.view import land as view_land  # noqa: E402
from variants.mexica.view import paint as vp  # noqa: E402

AREA = (16.0, 8.0, 1312.0, 940.0)
PANEL = (1344.0, 184.0, 560.0, 552.0)
#: a small island: row 2 is land with the lake south of it at b3..e3 except c3
ISLAND = ["~~~~~~~~",
          "~......~",
          "~.S..S.~",
          "~......~",
          "~~~~~~~~"]

pytestmark = pytest.mark.usefixtures("pygame_display")


def view_of(game) -> MexicaView:
    view = MexicaView(Session(game), ServicesStub())
    view.tool = "tokens"  # no walk preview over the spaces
    view._refresh()
    return view


def board_pixels(view: MexicaView) -> tuple[Screen, vp.Layout]:
    screen = Screen(pygame.Surface((1920, 1080)))
    view.draw(screen, AREA)
    b = view.board
    return screen, vp.make_layout(AREA, b.width, b.height)


def mean(screen: Screen, rect: tuple[float, float, float, float]) -> tuple[float, ...]:
    r = screen.rect(*rect)
    colour = pygame.transform.average_color(screen.surface, r)
    return tuple(float(c) for c in colour[:3])


# ---------------------------------------------------------------------------------------
# neutral temples
# ---------------------------------------------------------------------------------------
def silhouette(mark: str) -> pygame.mask.Mask:
    surf = pygame.Surface((80, 80), pygame.SRCALPHA)
    draw_mark(Screen(surf), mark, 40, 40, 30, (255, 255, 255))
    return pygame.mask.from_surface(surf)


def test_neutral_temples_wear_a_colour_and_a_shape_no_seat_has():
    neutral_colour, neutral_mark = vp.seat_colour([], -1), vp.seat_mark([], -1)
    for palette in theme.PALETTES.values():
        assert tuple(neutral_colour) not in palette
    assert neutral_mark not in theme.MARKS
    bar = silhouette(neutral_mark)
    for mark in theme.MARKS:  # the shapes differ, not only their names
        seat = silhouette(mark)
        same = bar.overlap_area(seat, (0, 0))
        assert same / (bar.count() + seat.count() - same) < 0.6, mark


def test_a_neutral_temple_on_the_board_is_not_drawn_as_seat_ones():
    game = new_game("mexica-2p-neutral", 2, seed=3)
    view = view_of(game)
    neutral = next(c for c, (owner, _lv) in game.state.temples.items() if owner < 0)
    level = game.state.temples[neutral][1]
    screen, lay = board_pixels(view)
    x, y = lay.xy(neutral)
    cs = lay.cs
    # where a temple wears its owner's mark (the top left of its space): slate, and the
    # bar's middle, where seat 1's mark would be its colour's disc
    mark = (x + cs / 2 - cs * 0.26, y + cs / 2 - cs * 0.26)
    assert tuple(screen.surface.get_at(screen.px(*mark)))[:3] == vp.seat_colour([], -1)
    above = (mark[0], mark[1] - cs * 0.1)  # a disc reaches up there, the flat bar does not
    assert tuple(screen.surface.get_at(screen.px(*above)))[:3] != vp.seat_colour([], -1)
    seat = Screen(pygame.Surface((1920, 1080)))
    vp.paint_temple(seat, x, y, cs, level, view.colours[0], view.marks[0])
    assert tuple(seat.surface.get_at(seat.px(*above)))[:3] == tuple(view.colours[0])


def test_the_panel_has_a_legend_row_for_the_neutral_temples(make_app):
    from game.ui import showcase
    from tests.client.conftest import Driver, every_text_drawn

    ui = Driver(make_app(size=(1920, 1080), fullscreen=False))
    for variant, row in (("mexica-2p-neutral", True), ("mexica", False)):
        game = new_game(variant, 2, seed=3)
        showcase.start_play(ui.app, game)
        ui.frames(2)
        with every_text_drawn(ui) as seen:
            ui.app.draw()
        levels = sum(lv for owner, lv in game.state.temples.values() if owner < 0)
        legend = f"Neutral: 10 temples, {levels} levels"
        assert (legend in seen) is row, seen


# ---------------------------------------------------------------------------------------
# depth and founded districts
# ---------------------------------------------------------------------------------------
def test_the_island_stands_out_of_the_lake_on_an_earthen_bank():
    game = new_game("mexica", 2, seed=3, options={
        "board": ISLAND, "calpulli": {"period1": [6, 3], "period2": [4]}})
    view = view_of(game)
    screen, lay = board_pixels(view)
    cs = lay.cs
    coast = view.board.index["b4"]  # land, the lake south of it
    x, y = lay.xy(coast)
    r, g, b = mean(screen, (x + cs * 0.2, y + cs * 1.04, cs * 0.6, cs * 0.1))
    assert r > b + 30  # earth under the coast, not water
    lake = view.board.index["b5"]
    lx, ly = lay.xy(lake)
    r, g, b = mean(screen, (lx + cs * 0.2, ly + cs * 0.5, cs * 0.6, cs * 0.3))
    assert b > r + 30  # and the lake below it


def test_a_founded_district_is_paved_and_kerbed_at_a_glance():
    """Founding the district paves its empty spaces in pale limestone inside a gold
    kerb; the land outside it stays as it was."""
    game = new_game("mexica", 2, seed=3, options={
        "board": ["~~~~~~~",
                  "~..=..~",
                  "~S.=.S~",
                  "~..=..~",
                  "~~~~~~~"], "calpulli": {"period1": [6, 3], "period2": [4]}})
    rng = Rng(3)
    while not any(a.startswith("found") for a in game.legal_actions()):
        game.apply(game.playout_action(rng))
    view = view_of(game)
    before, lay = board_pixels(view)
    found = next(a for a in game.legal_actions() if a.startswith("found"))
    game.apply(found)
    view.session.version += 1
    view._sync()
    after, _lay = board_pixels(view)
    s = game.state
    label = s.label[next(iter(s.tokens))]
    cells = set(s.dcells[label])
    empty = [c for c in cells if c not in s.tokens and c not in s.temples
             and c not in s.pilli and view.board.kind[c] == "."]
    assert empty
    cs = lay.cs
    for c in empty:
        x, y = lay.xy(c)
        corner = (x + cs * 0.16, y + cs * 0.16, cs * 0.12, cs * 0.12)
        assert sum(mean(after, corner)) > sum(mean(before, corner)) + 40  # paler paving
    edge = next(c for c in empty if view.board.north[c] not in cells)
    x, y = lay.xy(edge)
    kerb = tuple(after.surface.get_at(after.px(x + cs * 0.2, y + cs * 0.08)))[:3]
    assert kerb == view_land.KERB_LIT  # the gold kerb along its edge
    outside = [c for c in view.board.island if view.board.kind[c] == "."
               and c not in cells and c not in s.temples and c not in s.pilli
               and not any(c in t for t in s.tiles)]
    for c in outside:
        x, y = lay.xy(c)
        corner = (x + cs * 0.16, y + cs * 0.16, cs * 0.12, cs * 0.12)
        assert mean(after, corner) == mean(before, corner)


def test_drawing_the_look_twice_is_the_same_picture():
    """The board's layers are kept: a second frame draws the same pixels (nothing of the
    look depends on the frame)."""
    game = new_game("mexica-2p-neutral", 2, seed=3)
    view = view_of(game)
    Snapshot.paint_always = False
    first, _lay = board_pixels(view)
    second, _lay = board_pixels(view)
    assert pygame.image.tobytes(first.surface, "RGB") == \
        pygame.image.tobytes(second.surface, "RGB")
