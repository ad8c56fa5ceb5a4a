"""Mexica paints in parts (issue 37), and what it paints is the whole truth.

Mexica's view says what decides its board's and its panel's pixels (``keyed``,
``board_key``, ``panel_key``): a frame then paints only the parts whose key changed. These
games go through every tool, setting and menu a player reaches with the keys (Tab, R,
the digits, the arrows), hover the board, walk a long way from one Enter, score, and
after every frame the window must hold what a whole repaint paints. Some frames pass no
time (two frames in the same instant): then even the board's moving light holds, and the
board's key alone says whether it is painted again.
"""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.api import new_game
from game.core.rng import Rng
from game.kit.client.layout import panel_area
from game.ui import showcase
from game.ui.app import App
from game.ui.playframe import MARGIN, status_area
from game.ui.scenes.play import PlayScene
from game.ui.scenes.scoring import ScoringScene
from tests.client.test_damage import GOLDEN, SEED, key, shown, where_they_differ
from variants.mexica import queries as q
from variants.mexica.view.layout import make_layout
from variants.mexica.view.lights import RIPPLE_FPS

DT = 1 / 60
#: the keys a player changes Mexica's tools and their settings with
SETTINGS = (pygame.K_r, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_LEFT,
            pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


class Frames:
    """Frames of the real App, each checked against a whole repaint; and, frame after
    frame, the board's and the panel's keys against their pixels: where a key held, the
    pixels it stands for held too (whether or not the frame was painted in parts)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.parts = 0
        self.whole = 0
        self.last: dict[str, tuple[object, bytes]] = {}
        #: the pixel rectangles the last frame painted (None: all of the window)
        self.painted: list[pygame.Rect] | None = None

    def __call__(self, events: list[pygame.event.Event] | None = None,
                 dt: float = DT) -> None:
        app = self.app
        painted_in_parts = app.compositor.part_frames
        app.step(events or [], dt)
        painted = self.painted = app.present()
        if app.compositor.part_frames == painted_in_parts:
            self.whole += 1
        else:
            self.parts += 1
        after = shown()
        app.draw_whole()
        whole = shown()
        if after != whole:
            size = pygame.display.get_surface().get_size()
            raise AssertionError(
                f"the frame painted in parts ({painted}) differs from a whole repaint at "
                f"{where_they_differ(after, whole, size)} (tool {app.stack.top.view.tool}, "
                f"frame {self.parts + self.whole})")
        self._keys_hold()

    def _keys_hold(self) -> None:
        """The board's and the panel's pixels of this whole repaint are the last ones
        wherever their key is the last one."""
        play = self.app.stack.top
        if not isinstance(play, PlayScene) or not play.view.keyed or play.banner.active:
            self.last = {}
            return
        view, screen = play.view, self.app.screen
        x, y, w, h = play.board_area
        board = screen.rect(x, y, w, min(h, status_area()[1] - MARGIN - y))
        panel = screen.rect(*panel_area(play.game.players, 0, play.wide))
        window = pygame.display.get_surface()
        now = {"board": (view.board_key(), board), "panel": (view.panel_key(), panel)}
        for place, (part_key, rect) in now.items():
            pixels = pygame.image.tobytes(window.subsurface(rect), "RGB")
            was = self.last.get(place)
            if was is not None and part_key is not None and was[0] == part_key:
                assert was[1] == pixels, f"the {place}'s key held, its pixels did not " \
                    f"(tool {view.tool})"
            self.last[place] = (part_key, pixels)

    @property
    def share(self) -> float:
        return self.parts / max(1, self.parts + self.whole)


def point(app: App, cell: int) -> pygame.event.Event:
    """The mouse moved to the middle of ``cell``."""
    play = app.stack.top
    board = play.game.rules.table.board
    lay = make_layout(play.board_area, board.width, board.height)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.px(*lay.centre(cell)),
                              rel=(0, 0), buttons=())


def hover(app: App, rng: random.Random) -> pygame.event.Event:
    w, h = pygame.display.get_surface().get_size()
    pos = (rng.randrange(w * 2 // 3), rng.randrange(h))  # mostly the board
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=())


@pytest.mark.parametrize(("variant", "players"), [("mexica", 3), ("mexica-2p-neutral", 2)])
def test_every_tool_and_setting_painted_in_parts_is_the_whole_repaint(make_app, variant,
                                                                       players):
    log = json.loads(GOLDEN.read_text("utf-8"))[f"{variant}/{players}"]["log"]
    app = make_app(size=(640, 360))  # the same parts at any size, fewer pixels
    play = showcase.start_play(app, new_game(variant, players, seed=SEED))
    frame = Frames(app)
    rng = random.Random(37)
    for i, action in enumerate(log[:90]):
        for _ in range(60):  # a scoring reveal shows: it is passed on
            if isinstance(app.stack.top, ScoringScene):
                frame([key(pygame.K_RETURN)])
            else:
                break
        assert app.stack.top is play
        play.apply(action)
        frame(dt=0.0 if i % 4 == 1 else DT)  # the action's frame: its pieces start to move
        frame([hover(app, rng)], dt=0.0 if i % 2 else DT)
        if i % 2 == 0:  # the next tool, with its chip and its mode line
            frame([key(pygame.K_TAB)])
        frame([key(rng.choice(SETTINGS))], dt=0.0 if i % 3 == 1 else DT)
        frame([], dt=0.0)  # nothing happened, not even time: nothing is painted
        for _ in range(0 if i % 7 else 30):  # now and then the motion plays out
            frame()
    assert app.failures == []
    # the scoring reveal is an overlay, and a frame changing most of the window (a tool's
    # marks, the panel and the status at once) is painted as one: those frames are whole
    assert frame.share > 0.25, f"{frame.parts} frames of {frame.parts + frame.whole} in parts"


@pytest.mark.parametrize("dt", [DT, 0.0])
def test_each_tool_and_each_setting_shows_on_the_panel_at_once(make_app, dt):
    """Every tool in turn, with every setting its keys change (R turns a canal or a
    bridge, the digits pick a temple's level, Enter picks a bridge up to relocate it,
    the arrows walk the token menu): the panel's chips and mode line follow at once,
    with the pointer on the lake (no district's standing shows beside the panel). Such a
    change repaints the board's preview, the panel and the status line, most of the
    window, so the frame is painted whole: the keys are checked against the pixels.
    Frames in no time at all hold the board's moving light still."""
    app = make_app(size=(640, 360))
    game = new_game("mexica", 2, seed=1)
    rng = Rng(1)
    for _ in range(156):  # the supply's bridges are all built: they may be relocated
        game.apply(game.playout_action(rng))
    played = list(game.log)
    play = showcase.start_play(app, game)
    board, state = game.rules.table.board, game.state
    lake = min(board.lake)
    bridge = min(c for c in state.bridges if c not in state.pilli)
    assert state.phase == "play" and state.supply["bridges"] == 0
    frame = Frames(app)
    for _ in range(150):  # the turn's banner has gone
        frame()
    frame([point(app, lake)])
    frame.parts = frame.whole = 0
    for tool in play.view.tools:
        while play.view.tool != tool:
            frame([key(pygame.K_TAB)], dt)
        if tool == "relocate":  # pick a bridge up, back to the lake
            frame([point(app, bridge)], dt)
            frame([key(pygame.K_RETURN)], dt)
            assert play.view.source == bridge
            frame([point(app, lake)], dt)
        for code in (pygame.K_r, pygame.K_r, pygame.K_2, pygame.K_3, pygame.K_UP,
                     pygame.K_DOWN, pygame.K_DOWN):
            frame([key(code)], dt)
            if play.view.tool != tool:  # a digit takes the temple
                frame([key(pygame.K_TAB)] * (play.view.tools.index(tool) + 7
                                             - play.view.tools.index(play.view.tool)), dt)
    assert play.game.log == played  # nothing was played
    assert app.failures == []


def test_a_bridge_turned_shows_its_way_on_the_panel(make_app):
    """The bridge tool on a canal where both ways fit: R turns the ghost and the panel's
    mode line names the new way at once."""
    log = json.loads(GOLDEN.read_text("utf-8"))["mexica/3"]["log"]
    app = make_app(size=(640, 360))
    game = new_game("mexica", 3, seed=SEED)
    for action in log[:95]:  # l9 takes a bridge either way
        game.apply(action)
    play = showcase.start_play(app, game)
    frame = Frames(app)
    for _ in range(150):  # the turn's banner has gone
        frame()
    frame([point(app, game.rules.table.board.index["l9"])])
    while play.view.tool != "bridge":
        frame([key(pygame.K_TAB)], 0.0)
    ways = []
    for _ in range(3):
        frame([key(pygame.K_r)], 0.0)
        frame([], 0.0)
        ways.append(play.view.preview.axis)
    assert ways == ["ns", "ew", "ns"] or ways == ["ew", "ns", "ew"]
    assert app.failures == []


def test_a_walk_step_by_step_is_painted_in_parts(make_app):
    """A long walk from one Enter: the Pilli steps space by space while the panel and
    the log hold between the steps; only the board is painted then."""
    app = make_app(size=(640, 360))
    play = showcase.board(app)
    view = play.view
    board, state = play.game.rules.table.board, play.game.state
    here = state.pilli[state.turn]
    # a long walk to a space in no district with temples (whose standing, beside the
    # panel, would change with every step)
    for cell in sorted(range(board.size), key=lambda c: abs(c - here)):
        if showcase.walk_cursor(app, view, cell, board.width) and view.preview.ok and \
                len(view.preview.path) >= 3 and not view.preview.standing:
            break
    assert view.preview.ok and len(view.preview.path) >= 3 and not view.preview.standing
    start = len(play.game.log)
    frame = Frames(app)
    frame([key(pygame.K_RETURN)])
    for _ in range(300):
        if not view.busy and not view.anims and len(play.game.log) > start:
            break
        frame()
    assert len(play.game.log) - start >= 2  # it walked step by step
    assert app.failures == []
    # a step's own frame changes the board, the panel's AP, the log and the status line,
    # most of the window, and is painted whole; the frames of its motion are in parts
    assert frame.share > 0.8, f"{frame.parts} frames of {frame.parts + frame.whole} in parts"


def board_pixels(app: App, painted: list[pygame.Rect]) -> int:
    """How many of the board's pixels the rectangles ``painted`` cover (they do not
    overlap: the compositor joins those that would)."""
    play = app.stack.top
    board = app.screen.rect(*play.view.board_rect(play.board_area))
    return sum(r.clip(board).w * r.clip(board).h for r in painted)


def board_size(app: App) -> int:
    play = app.stack.top
    board = app.screen.rect(*play.view.board_rect(play.board_area))
    return board.w * board.h


@pytest.mark.parametrize(("variant", "players"), [("mexica", 4), ("mexica-2p-neutral", 2)])
def test_a_hover_over_any_space_of_a_late_board_repaints_a_little_of_it(make_app, variant,
                                                                          players):
    """The pointer over every space of a late board in turn, with the walk tool and with
    the temple tool (whose marks cover the board): every such frame is painted in parts,
    is what a whole repaint paints, and repaints less than half the board, the standing
    of a district beside the panel included (it lies over the action log)."""
    app = make_app(size=(1280, 720))
    play, _following = showcase.late_game(app, variant, players)
    view, board = play.view, play.game.rules.table.board
    frame = Frames(app)
    standings = 0
    for tool in ("walk", "temple"):
        while view.tool != tool:
            frame([key(pygame.K_TAB)])
        for cell in range(board.size):
            frame([point(app, cell)])
            assert view.cursor == cell
            assert frame.painted is not None, f"hovering {board.names[cell]} painted whole"
            share = board_pixels(app, frame.painted) / board_size(app)
            assert share < 0.5, f"hovering {board.names[cell]} ({tool}) repainted " \
                f"{share:.0%} of the board"
            standing = view.preview.standing
            standings += bool(standing and standing["rows"])
    assert standings > 10  # districts were hovered: their standing showed
    assert app.failures == []


@pytest.mark.parametrize(("variant", "players"), [("mexica", 4), ("mexica-2p-neutral", 2)])
def test_a_settled_late_board_repaints_only_its_moving_lights(make_app, variant, players):
    """Nobody touches anything: the lake's light, the breath of the Pilli to play and the
    cursor's pulse move, and each frame repaints only small rectangles around them, not
    the board; what it shows is what a whole repaint shows. The ripples step at most
    ``RIPPLE_FPS`` times a second, so some frames paint nothing at all."""
    app = make_app(size=(1280, 720))
    play, _following = showcase.late_game(app, variant, players)
    frame = Frames(app)
    shares = []
    for _ in range(120):  # two seconds: every ripple comes and goes
        frame()
        assert frame.painted is not None, "a still frame was painted whole"
        shares.append(board_pixels(app, frame.painted) / board_size(app))
    moved = sum(share > 0 for share in shares)
    assert moved >= 2 * RIPPLE_FPS, f"the light moved in {moved} frames of two seconds"
    assert moved < len(shares), "every frame painted: the ripples move 60 times a second"
    assert max(shares) < 0.12, f"a still frame repainted {max(shares):.0%} of the board"
    assert app.failures == []


def test_a_temple_built_under_the_pointer_shows_in_the_standing_beside_the_panel(make_app):
    """The pointer on a space of a district, the temple tool in hand: the standing of the
    district shows beside the panel, over the log; a click builds the temple there and
    the standing counts its levels at once (its own part, painted again), as a whole
    repaint shows it."""
    app = make_app(size=(1280, 720))
    log = json.loads(GOLDEN.read_text("utf-8"))["mexica/3"]["log"]
    game = new_game("mexica", 3, seed=SEED)
    for action in log:  # on to a turn that may build a temple in a district with temples
        game.apply(action)
        state, table = game.state, game.rules.table
        if state.phase == "play" and any(
                (q.district_standing(table, state, table.board.index[a.split()[1]]) or
                 {}).get("rows") for a in game.legal_actions() if a.startswith("temple")):
            break
    play = showcase.start_play(app, game)
    view, board = play.view, play.game.rules.table.board
    frame = Frames(app)
    for _ in range(150):  # the turn's banner has gone
        frame()
    while view.tool != "temple":
        frame([key(pygame.K_TAB)])
    for cell in range(board.size):
        frame([point(app, cell)])
        if view.preview.ok and view.preview.standing and view.preview.standing["rows"]:
            break
    else:
        pytest.fail("no space where a temple may be built in a district")
    before = [(r["owner"], r["levels"]) for r in view.preview.standing["rows"]]
    seat = play.game.state.turn
    frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.screen.px(
        *make_layout(play.board_area, board.width, board.height).centre(cell)), button=1)])
    for _ in range(60):  # the temple rises; the standing holds its new levels
        frame()
    after = [(r["owner"], r["levels"]) for r in view.preview.standing["rows"]]
    assert after != before and any(owner == seat for owner, _levels in after)
    assert frame.painted is not None
    assert app.failures == []
