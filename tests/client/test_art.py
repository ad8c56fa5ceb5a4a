"""The project's own art and motion (issue 16): painted once and reused, the same for a
seed, fewer and shorter under "reduce motion", never holding up the next action, and a
refused press that shakes with its reason."""

from __future__ import annotations

import pygame
import pytest

from game.api import new_game
from game.core.events import Event
from game.kit.client.art import frames, greca, scenery, texture
from game.kit.client.art.cache import ART
from game.kit.client.fx import REDUCED_SPAN, SHAKE_TIME, Effects, shake_offset
from game.kit.client.screen import Screen
from game.ui import showcase
from game.ui.session import Session
from tests.client.view_helpers import ServicesStub, play
from variants.mexica.view import MexicaView
from variants.mexica.view import anim as va

DT = 1 / 60


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


# ---------------------------------------------------------------------------------------
# painted once, reused after
# ---------------------------------------------------------------------------------------
def market(app):
    from tools import market_showcase as view_showcase

    return view_showcase.midgame(app)


@pytest.mark.parametrize("show", [showcase.title, showcase.setup, showcase.board,
                                  showcase.results, market],
                         ids=["title", "setup", "mexica", "results", "market"])
def test_a_quiet_frame_paints_no_art_again(make_app, show):
    """After a screen has been shown, the next frame only blits: the wall, the dusk,
    the panels and the tiles come from the cache (hits, no new paintings)."""
    app = make_app(size=(1280, 720))
    show(app)
    app.step([], DT)
    renders, hits = ART.renders, ART.hits
    app.step([], DT)
    assert ART.renders == renders
    # its art blitted from the cache, or (a still board painted in parts, between two
    # steps of the deciding card's ring) nothing painted at all
    assert ART.hits > hits or app.present() == []


def test_a_panel_is_painted_once_per_size(pygame_display):
    ART.clear()
    screen = Screen(pygame.Surface((960, 540)))
    frames.panel(screen, 100, 100, 400, 300, (255, 196, 0))
    renders = ART.renders
    frames.panel(screen, 100, 100, 400, 300, (255, 196, 0))
    frames.panel(screen, 700, 500, 400, 300, (255, 196, 0))  # moved: the same picture
    assert ART.renders == renders
    frames.panel(screen, 100, 100, 420, 300, (255, 196, 0))  # another size: painted
    assert ART.renders == renders + 1


def test_warmed_panels_are_ready_to_blit_and_draw_nothing(pygame_display):
    """Warming paints a panel for each seat's colour and also makes SDL encode it for the
    screen it will be drawn on (its first blit there would otherwise cost as much as the
    painting); the screen shows nothing of it, whatever clip the screen holds."""
    ART.clear()
    surface = pygame.Surface((960, 540))
    surface.fill((40, 50, 60))
    surface.set_at((0, 0), (1, 2, 3))
    surface.set_clip(pygame.Rect(300, 300, 10, 10))
    before = pixels(surface)
    screen = Screen(surface)
    borders = [(230, 159, 0), (86, 180, 233)]
    frames.warm_panels(screen, 100, 100, 400, 300, borders)
    assert pixels(surface) == before
    assert surface.get_clip() == pygame.Rect(300, 300, 10, 10)
    for border in borders:
        look = frames._Look.of(screen, screen.rect(100, 100, 400, 300), 400, 300, border,
                               16, frames.theme.PANEL, 3, True)
        art = ART.peek(look.key())
        assert art is not None and art.get_flags() & pygame.RLEACCEL  # encoded: the
        # first blit only copies
    renders = ART.renders
    surface.set_clip(None)
    frames.panel(screen, 100, 100, 400, 300, borders[1])
    assert ART.renders == renders
    assert pixels(surface) != before


@pytest.mark.parametrize("hole", [(16, 812, 940, 136), (40, 790, 200, 100), (0, 0, 1920, 1080),
                                  (900, 900, 300, 100)],
                         ids=["its-own-rect", "inside-and-over-the-top", "everything", "corner"])
def test_a_panel_with_a_hole_under_opaque_pixels_looks_as_the_whole_panel(pygame_display, hole):
    """A kept part's opaque pixels hide what lies under them, so the panel beneath may
    leave that hole out: the picture is the same. Also once the panel's art was drawn
    before (SDL has encoded it): its parts are cut from the art as it was painted."""
    ART.clear()
    cover = pygame.Surface(pygame.Rect(hole).size)
    cover.fill((200, 40, 90))

    def shot(with_hole: bool) -> bytes:
        surface = pygame.Surface((1920, 1080))
        surface.fill((40, 50, 60))
        screen = Screen(surface)
        frames.panel(screen, 16, 812, 940, 136, (230, 159, 0), radius=12, width=2,
                     hole=pygame.Rect(hole) if with_hole else None)
        surface.blit(cover, hole[:2])
        return pixels(surface)

    whole = shot(False)  # the art is painted and blitted: encoded
    assert shot(True) == whole
    assert shot(True) == whole  # its parts from the cache


#: panels under a kept part for good, as a 1080p play screen has them: (the panel, the
#: part, the panel's look): the status line's frame round its words and a seat's round
#: theirs, Aztlán's side panel (corner brackets) round its contents, a part off-centre
KEPT = {"status": ((16, 960, 1888, 70), (24, 964, 1872, 62), {"radius": 12, "width": 2}),
        "seat-status": ((16, 960, 1888, 70), (66, 964, 1830, 62), {"radius": 12}),
        "side-panel": ((1340, 120, 560, 500), (1340, 120, 560, 500),
                       {"radius": 14, "width": 4}),
        "off-centre": ((100, 100, 400, 300), (180, 90, 200, 150), {})}
BORDERS = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (213, 94, 0), (44, 58, 88)]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("case", list(KEPT))
def test_a_panel_kept_as_pieces_round_its_part_looks_as_the_whole_panel(pygame_display,
                                                                        case, size):
    """A panel under a kept part keeps its rim in each border and its stone once for
    every border: drawn whole, it is the whole panel's every pixel in each border, and
    drawn round its part (covered next by the part's opaque pixels), the same picture."""
    box, part, look = KEPT[case]
    cover = None

    def shot(border, **how) -> bytes:
        nonlocal cover
        surface = pygame.Surface(size)
        surface.fill((40, 50, 60))
        screen = Screen(surface)
        frames.panel(screen, *box, border, **look, **how)
        hole = screen.rect(*part)
        if cover is None or cover.get_size() != hole.size:
            cover = pygame.Surface(hole.size)
            cover.fill((200, 40, 90))
        if how.get("hole") is not None:
            surface.blit(cover, hole)
        return pixels(surface)

    ART.clear()
    whole = {border: shot(border) for border in BORDERS}  # each border's own whole art
    ART.clear()
    frames.warm_panels(Screen(pygame.Surface(size)), *box, BORDERS, **look, hole=part)
    assert not [key for key in ART._lru.keys() if key[0] == "panel"]  # no whole art kept
    renders = ART.renders
    for border in BORDERS:
        assert shot(border, kept=part) == whole[border], f"{border} drawn whole"
        rect = Screen(pygame.Surface(size)).rect(*part)
        covered = shot(border, kept=part, hole=rect)
        surface = pygame.image.frombytes(whole[border], size, "RGB")
        surface.blit(cover, rect)
        assert covered == pixels(surface), f"{border} round its part"
    assert ART.renders == renders  # all of it was painted ahead


@pytest.mark.parametrize("case", ["seat-status", "side-panel"])
def test_panels_in_every_seats_colour_keep_their_stone_once(pygame_display, case):
    """The status line's frame and Aztlán's side panel are painted ahead in every seat's
    colour: kept round their part, they hold far less than as whole panels (at 1080p the
    status line's fifteen whole frames held 12.6 MB, twice what the screen kept besides
    the wall)."""
    box, part, look = KEPT[case]
    screen = Screen(pygame.Surface((1920, 1080)))
    ART.clear()
    frames.warm_panels(screen, *box, BORDERS, **look)
    wholes = ART._lru.size
    ART.clear()
    frames.warm_panels(screen, *box, BORDERS, **look, hole=part)
    assert ART._lru.size <= 0.6 * wholes, f"{ART._lru.size / wholes:.0%} of the whole panels"


def test_textures_are_the_same_for_a_seed(pygame_display):
    """Procedural art is seeded: every run and machine paints the same pixels."""
    shots = []
    for _ in range(2):
        ART.clear()
        shots.append((pixels(texture.stone((120, 80), (200, 180, 150), seed=4, blocks=20)),
                      pixels(texture.water((120, 80), seed=5)),
                      pixels(texture.reed((120, 80)))))
    assert shots[0] == shots[1]
    ART.clear()
    assert pixels(texture.stone((120, 80), (200, 180, 150), seed=5, blocks=20)) != \
        shots[0][0]


def test_the_step_fret_band_tiles_seamlessly(pygame_display):
    """The frieze scrolls by repeating one band, so its two ends must meet: the band is a
    whole number of periods and the period repeats pixel for pixel."""
    band = greca.strip(26, periods=4)
    w, h = band.get_size()
    period = w // 4
    assert w == period * 4
    for x in (0, period // 3, period // 2):
        assert [band.get_at((x, y)) for y in range(h)] == \
            [band.get_at((x + period * 3, y)) for y in range(h)]


def test_the_dusk_moves_only_its_water_and_friezes(pygame_display):
    """The menus' scene is alive (two moments differ) but its still parts, the sky and
    the temples, stay put."""
    screen = Screen(pygame.Surface((960, 540)))
    scenery.dusk(screen, 0.0)
    first = screen.surface.copy()
    scenery.dusk(screen, 1.0)
    second = screen.surface
    lake = screen.rect(0, scenery.WATER_TOP + 20, 1920, 100)
    sky = screen.rect(400, 500, 200, 100)  # below the stars, above the shore
    assert pixels(first.subsurface(lake)) != pixels(second.subsurface(lake))
    assert pixels(first.subsurface(sky)) == pixels(second.subsurface(sky))


# ---------------------------------------------------------------------------------------
# bursts and reduce motion
# ---------------------------------------------------------------------------------------
def test_a_burst_flies_out_and_ends():
    fx = Effects(ServicesStub(), seed=1)
    fx.burst((500.0, 400.0), (230, 159, 0))
    assert fx.active and len(fx.sparks) == 28 and fx.rings and fx.glows
    fx.update(0.2)
    assert all((s.x, s.y) != (0.0, 0.0) for s in fx.sparks)  # moving away from the anchor
    for _ in range(60):
        fx.update(DT)
    assert not fx.active


def test_reduce_motion_makes_effects_fewer_and_shorter():
    full, reduced = ServicesStub(), ServicesStub()
    reduced.reduce_motion = True
    a, b = Effects(full, seed=1), Effects(reduced, seed=1)
    for fx in (a, b):
        fx.burst((500.0, 400.0), (230, 159, 0), count=28, life=1.0)
    assert len(b.sparks) == 7 < len(a.sparks) == 28
    assert not b.rings and a.rings
    assert max(s.life for s in b.sparks) <= REDUCED_SPAN * 1.0
    assert max(g.life for g in b.glows) < max(g.life for g in a.glows)
    assert b.started == a.started == 1


def test_a_refusal_shakes_unless_motion_is_reduced():
    assert shake_offset(0.05, reduced=False) != 0
    assert shake_offset(0.05, reduced=True) == 0
    assert shake_offset(SHAKE_TIME, reduced=False) == 0  # over: back in place


def test_the_reduce_motion_setting_is_on_the_settings_screen(ui):
    from game.core.settings import load_settings

    ui.app.stack.push("settings")
    ui.frames(2)
    menu = ui.top.menu
    index = next(i for i, item in enumerate(menu.items) if str(item.label) == "Reduce motion")
    assert str(menu.items[index].value()) == "Off"  # a message: its English
    menu.focus = index
    ui.press(pygame.K_RETURN)
    assert ui.app.settings["reduce_motion"] is True
    assert str(menu.items[index].value()) == "On"
    assert load_settings()[0]["reduce_motion"] is True  # saved for the next start


# ---------------------------------------------------------------------------------------
# animations never block input
# ---------------------------------------------------------------------------------------
def test_a_new_action_finishes_the_running_animation_at_once(pygame_display):
    """A person acting quickly sees each piece land at once: the canal that was still
    dropping is in place the moment the next action is applied."""
    session = Session(new_game("mexica", 2, seed=1))
    view = MexicaView(session, ServicesStub())
    while session.game.state.phase == "start":
        play(session, view, session.legal()[0])
    canal = next(a for a in session.legal() if a.startswith("canal"))
    play(session, view, canal)
    dropping = [a for a in view.anims if a.kind == "canal"]
    assert dropping and not dropping[0].done
    nxt = next(a for a in session.legal() if a.startswith(("canal", "move", "bridge")))
    play(session, view, nxt)
    assert dropping[0].done
    view.update(DT)
    assert all(a is not dropping[0] for a in view.anims)


def test_founding_bursts_on_the_board(pygame_display):
    """A founding bursts on the district's token cell, wherever the layout puts it."""
    session = Session(new_game("mexica", 2, seed=1))
    view = MexicaView(session, ServicesStub())
    b, s = session.game.rules.table.board, session.game.state
    founded = Event("founded", "Ana founds a district", 0, data={"cell": b.names[b.island[0]]})
    va.bursts(view.fx, b, s, [], [founded], view.colours)
    assert view.fx.started == 1 and view.fx.sparks[0].anchor == b.island[0]


def test_a_refused_press_shakes_the_status_line_with_its_reason(make_app):
    app = make_app(size=(1280, 720))
    scene = showcase.board(app)
    app.step([], DT)
    scene.refuse("You have no action points left")
    assert scene.refusal == "You have no action points left" and scene.refused_t == 0
    app.step([], 0.05)
    shaking = app.screen.surface.copy()
    assert shake_offset(scene.refused_t, reduced=False) != 0
    for _ in range(30):
        app.step([], DT)
    assert scene.refused_t >= SHAKE_TIME and scene.refusal  # still, and still saying why
    status = app.screen.rect(16, 952, 1888, 54)
    assert pixels(shaking.subsurface(status)) != pixels(app.screen.surface.subsurface(status))


def test_the_menus_water_tiles_seamlessly(pygame_display):
    """The lake scrolls by repeating one strip: its last column runs on into its first
    (they differ no more than neighbouring columns inside the strip do)."""
    strip = texture.water((300, 60), seed=23, ripple=12, tile=True)

    def gap(a: int, b: int) -> float:
        return sum(abs(p - q) for y in range(60)
                   for p, q in zip(strip.get_at((a, y))[:3], strip.get_at((b, y))[:3],
                                   strict=True)) / 60

    inner = max(gap(x, x + 1) for x in range(0, 298, 7))
    assert gap(299, 0) <= inner


def test_a_disabled_menu_row_shakes_when_pressed_unless_motion_is_reduced():
    from game.ui.widgets import Menu, MenuItem

    menu = Menu([MenuItem("Continue", None, enabled=False, error="The autosave is damaged"),
                 MenuItem("New game", lambda: None)], 660, 372, 600)
    menu.update(1.0)
    assert menu.activate(0) and menu.refused == (0, 1.0)
    menu.update(0.05)
    assert shake_offset(menu.t - menu.refused[1], menu.calm()) != 0
    menu.calm = lambda: True
    assert shake_offset(menu.t - menu.refused[1], menu.calm()) == 0


def test_a_seat_deciding_elsewhere_paints_no_frame_art_on_its_first_turn(make_app):
    """The status line's frame and Aztlán's side panel are framed in the colour of the
    seat deciding elsewhere (a phone, a computer): painted with the game's first frame
    for every seat, so no later frame of the game paints one."""
    from game.ui.seats import SeatStatus
    from game.ui.statusline import draw_seat_status
    from variants.aztlan.view.model import Decision

    app = make_app(size=(1920, 1080))
    play = showcase.start_play(app, new_game("aztlan", 4, seed=3))
    app.step([], DT)
    if play.privacy is not None:  # "Pass to" first: the board's first frame follows
        showcase.key(app, pygame.K_RETURN)
    app.step([], DT)
    assert app.stack.top is play
    renders = ART.renders
    view, screen = play.view, app.screen
    for seat, colour in enumerate(play.colours):
        for text in ("Ana decides on her phone", "Ana (computer, Hard) is thinking " * 4):
            draw_seat_status(screen, SeatStatus(text, True, "E: skip"), colour, "circle",
                             0.5, "action 3")
        view.decision = Decision("wait", seat, f"Seat {seat + 1} decides")
        view.draw_panel(screen, view.panel_area)
    assert ART.renders == renders


def test_a_panel_with_a_hole_takes_its_colours_as_lists_too(pygame_display):
    """A view may hold a seat's colour as a list (read from its YAML file): its panel,
    warmed and drawn around a hole, looks as with the same colour as a tuple."""
    shots = []
    for colour, fill in (([230, 159, 0], [20, 24, 36]), ((230, 159, 0), (20, 24, 36))):
        ART.clear()
        surface = pygame.Surface((960, 540))
        screen = Screen(surface)
        frames.warm_panels(screen, 100, 100, 400, 300, [colour], fill=fill,
                           hole=(100, 100, 400, 300))
        frames.panel(screen, 100, 100, 400, 300, colour, fill=fill,
                     kept=(100, 100, 400, 300), hole=screen.rect(100, 100, 400, 300))
        shots.append(pixels(surface))
    assert shots[0] == shots[1]
    assert len(set(shots[0])) > 1  # the panel's rim and shadow were drawn
