"""Mexica's board view under the dummy video driver: input, previews, drawing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402
import pytest  # noqa: E402

from game.api import new_game  # noqa: E402
from game.core.events import Event  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.kit.client import theme  # noqa: E402
from game.kit.client.fx import REDUCED_SPAN  # noqa: E402
from game.kit.client.intent import Intent  # noqa: E402
from game.kit.client.screen import Screen  # noqa: E402
from game.ui.session import Session  # noqa: E402
from tests.client.view_helpers import ServicesStub, play  # noqa: E402
from variants.mexica.state import Vote  # noqa: E402
from variants.mexica.view import MexicaView  # noqa: E402
from variants.mexica.view import anim as va  # noqa: E402
from variants.mexica.view.anim import flights  # noqa: E402
from variants.mexica.view.paint import make_layout  # noqa: E402
from variants.mexica.view.panel import paint_panel  # noqa: E402

AREA = (16.0, 128.0, 1344.0, 812.0)  # the play scene's board and panel areas
PANEL = (1376.0, 128.0, 528.0, 392.0)
SPLIT = ["~~~~~~~",
         "~..=..~",
         "~S.=.S~",
         "~..=..~",
         "~~~~~~~"]
OPEN = ["~~~~~~~",
        "~.....~",
        "~S...S~",
        "~.....~",
        "~~~~~~~"]


pytestmark = pytest.mark.usefixtures("pygame_display")


def make(game=None):
    session = Session(game or new_game("mexica", 2, seed=1))
    app = ServicesStub()
    return session, MexicaView(session, app), app


def small(rows=SPLIT, *actions, **extra):
    g = new_game("mexica", 2, seed=3, options={
        "board": rows, "calpulli": {"period1": [6, 3], "period2": [4]}, **extra})
    session, view, app = make(g)
    for a in actions:
        play(session, view, a)
    return session, view, app


def centre(view, name):
    b = view.board
    return make_layout(AREA, b.width, b.height).centre(b.index[name])


def point(view, name):
    return view.handle(Intent("point", pos=centre(view, name), device="mouse"), AREA)


def click(view, name):
    return view.handle(Intent("click", pos=centre(view, name), device="mouse"), AREA)


def observable(view):
    p = view.preview
    return (view.status, view.tool, view.cursor, view.level, view.canal_mode, view.axis,
            view.source, list(view.queue), p.action, p.ok, len(view.anims), len(view.pops),
            view.session.version)


def test_keyboard_cursor_and_enter_place_the_pilli():
    session, view, _app = make()
    assert view.board.names[view.cursor] == "i8"  # starts on the palace centre
    assert "start space" in view.status
    assert view.handle(Intent("up"), AREA) is None
    assert view.board.names[view.cursor] == "i7"
    assert "i7" in view.status
    assert view.handle(Intent("confirm"), AREA) == "start i7"


def test_click_on_a_start_space_and_refusal():
    session, view, app = small()
    assert click(view, "b3") == "start b3"
    play(session, view, "start b3")
    assert not hasattr(app, "play_sound")  # the shell plays the sounds: a view cannot
    assert click(view, "b3") is None  # taken
    assert "b3" in view.status
    assert click(view, "c3") is None
    view.refused("start c3", "c3 is not a palace start space")
    assert view.status == "c3 is not a palace start space"


def test_tab_cycles_tools_both_ways():
    _session, view, _app = make()
    seen = [view.tool]
    for _ in view.tools:
        view.handle(Intent("tab"), AREA)
        seen.append(view.tool)
    assert seen[:-1] == list(view.tools) and seen[-1] == view.tools[0]
    view.handle(Intent("tab_back"), AREA)
    assert view.tool == view.tools[-1]
    assert {"walk", "canal", "bridge", "temple", "found", "relocate"} <= set(view.tools)


def test_canal_hover_reports_cost_and_rotates():
    session, view, _app = make()
    play(session, view, "start i7")
    play(session, view, "start i9")
    while view.tool != "canal":
        view.handle(Intent("tab"), AREA)
    point(view, "e5")
    assert "1 AP" in view.status and view.preview.action == "canal e5 f5"
    view.handle(Intent("rotate"), AREA)
    assert view.preview.action == "canal e5 e6"
    view.handle(Intent("rclick", pos=centre(view, "e5")), AREA)
    assert view.preview.action == "canal e5"
    assert click(view, "e5") == "canal e5"
    point(view, "i8")
    assert view.preview.action is None and "palace" in view.status


def test_canal_preview_names_the_closed_district_and_token():
    session, view, _app = small(OPEN, "start b3", "start f3", "canal d2 d3")
    while view.tool != "canal":
        view.handle(Intent("tab"), AREA)
    view.canal_mode = "single"
    point(view, "d4")
    assert view.status.startswith("Canal d4: 1 AP")
    assert "closes a 6-space district" in view.status
    assert "token 6 available" in view.status
    assert [d["size"] for d in view.preview.districts] == [6]


def test_digit_picks_the_temple_level():
    session, view, _app = make()
    play(session, view, "start i7")
    play(session, view, "start i9")
    view.handle(Intent("digit", 3), AREA)
    assert view.tool == "temple" and view.level == 3
    point(view, "h6")
    assert "level 3" in view.status and "3 AP" in view.status
    assert view.handle(Intent("confirm"), AREA) == "temple h6 3"
    view.handle(Intent("digit", 4), AREA)
    view.handle(Intent("rotate"), AREA)  # wraps to the lowest level in hand
    assert view.level == 1


def test_walk_queues_the_remaining_steps():
    session, view, _app = make()
    play(session, view, "start i7")
    play(session, view, "start i9")
    point(view, "i4")
    assert view.status == "Walk to i4: 3 AP"
    assert view.preview.labels  # walking costs are shown
    first = click(view, "i4")
    assert first == "move i6" and view.pending_actions() == ["move i5", "move i4"]
    assert view.next_action() is None  # nothing applied yet
    play(session, view, first)
    assert view.next_action() is None  # the first step is still animating
    # the status line says where the walk goes, not what the moving Pilli stands on
    assert view.status == "Walking to i4: 2 more steps"
    view.update(0.5)
    second = view.next_action()
    assert second == "move i5"
    play(session, view, second)
    assert view.status == "Walking to i4: 1 more step"
    view.update(0.5)
    third = view.next_action()
    play(session, view, third)
    view.update(0.5)
    assert view.next_action() is None and not view.busy
    assert view.status == "Your Pilli stands on i4: 3 AP left"  # the walk is over
    assert session.game.state.pilli[0] == view.board.index["i4"]
    assert session.game.state.ap == 3


def test_refusal_and_undo_drop_the_queue():
    session, view, _app = make()
    play(session, view, "start i7")
    play(session, view, "start i9")
    assert click(view, "i4") == "move i6"
    view.refused("move i6", "nope")
    assert view.next_action() is None and view.status == "Nope"
    assert click(view, "i4") == "move i6"
    play(session, view, "move i6")
    session.undo()
    view.on_reset()
    assert not view.busy and view.next_action() is None


def test_found_and_relocate_tools():
    session, view, _app = small(SPLIT, "start b3", "start f3", "bridge d3 ew",
                                components={"canal_single": 6, "canal_double": 5,
                                            "bridges": 1, "ap_tokens": 12})
    while view.tool != "found":
        view.handle(Intent("tab"), AREA)
    point(view, "c2")
    assert "Found the 6-space district" in view.status
    assert view.board.index["c2"] in view.preview.zone
    assert view.handle(Intent("confirm"), AREA) == "found c2"
    view.handle(Intent("tab"), AREA)
    assert view.tool == "relocate"
    assert click(view, "d3") is None and view.source == view.board.index["d3"]
    point(view, "d2")
    assert "1 AP" in view.status
    assert click(view, "d2") == "relocate d3 d2 ew"


def test_tokens_tool_and_spend_key():
    session, view, _app = make()
    play(session, view, "start i7")
    play(session, view, "start i9")
    assert view.handle(Intent("spend_token"), AREA) is None
    assert "no AP tokens" in view.status
    view.handle(Intent("tab_back"), AREA)
    assert view.tool == "tokens"
    assert view.handle(Intent("confirm"), AREA) == "take"
    play(session, view, "take")
    assert view.handle(Intent("spend_token"), AREA) == "spend"


def test_drawing_changes_nothing():
    session, view, _app = make()
    rng = Rng(7)
    for _ in range(60):
        play(session, view, session.game.playout_action(rng))
    view.update(0.1)
    point(view, "f6")
    screen = Screen(pygame.Surface((1280, 720)))
    before_game = session.game.to_json()
    before_view = observable(view)
    for tool in view.tools:
        view.tool = tool
        view._refresh()
        state = observable(view)
        view.draw(screen, AREA)
        view.draw_panel(screen, PANEL)
        view.draw(screen, AREA)
        assert observable(view) == state
    assert session.game.to_json() == before_game
    view.tool = before_view[1]
    view._refresh()
    assert observable(view) == before_view


def test_scoring_steps_and_highlight():
    session, view, _app = make()
    places = [{"owner": 0, "levels": 5, "place": 1, "points": 6}]
    events = [Event("scoring", "Scoring of period 1", data={"period": 1}),
              Event("district_scored", "Founded district of 3 spaces",
                    data={"cells": ["c3", "c4", "d4"], "size": 3, "founded": True,
                          "places": places}),
              Event("score", "Player 1 +6", 0, 6, {"reason": "district", "place": 1})]
    steps = view.scoring_steps(events)
    assert [s["kind"] for s in steps] == ["district", "palace"]
    assert steps[0]["event"] is events[1] and "+6" in steps[0]["lines"][0]
    view.highlight(steps[0])
    assert view.highlight_cells == {view.board.index[n] for n in ("c3", "c4", "d4")}
    view.draw(Screen(pygame.Surface((640, 360))), AREA)
    view.highlight(None)
    assert view.highlight_cells == frozenset()
    assert view.scoring_steps([Event("turn", "x")]) == []


def test_animations_run_out_and_pops_appear():
    session, view, _app = small(OPEN, "start b3", "start f3", "canal d2 d3", "canal d4")
    events = play(session, view, "found c2")
    assert any(e.kind == "score" for e in events)
    assert view.pops and any(a.kind == "token" for a in view.anims)
    view.draw(Screen(pygame.Surface((1280, 720))), AREA)
    for _ in range(40):
        view.update(0.1)
    assert not view.anims and not view.pops


def test_any_board_size_fits_the_area():
    session, view, _app = small(OPEN, "start b3", "start f3")
    lay = make_layout(AREA, 7, 5)
    ox, oy, ow, oh = lay.outer
    assert ox >= AREA[0] - 1e-6 and oy >= AREA[1] - 1e-6
    assert ox + ow <= AREA[0] + AREA[2] + 1e-6 and oy + oh <= AREA[1] + AREA[3] + 1e-6
    screen = Screen(pygame.Surface((800, 450)))
    view.draw(screen, AREA)
    view.draw_panel(screen, PANEL)
    assert lay.cell_at((0, 0)) is None


def test_an_unrelated_action_mid_walk_drops_the_queue():
    session, view, _app = make()
    play(session, view, "start i7")
    play(session, view, "start i9")
    first = click(view, "i4")
    play(session, view, first)
    play(session, view, "end")  # E pressed before the walk finished
    view.update(1.0)
    assert view.next_action() is None and not view.busy


def test_vote_keys():
    session, view, _app = make()
    play(session, view, "start i7")
    play(session, view, "start i9")
    s = session.game.state
    s.period, s.phase = 2, "vote"
    s.vote = Vote(size=s.display[0], proposer=0)
    session.version += 1
    view.update(0.0)
    assert "agree" in view.status.lower() and "refuse" in view.status.lower()
    assert view.handle(Intent("confirm"), AREA) == "agree"
    assert view.handle(Intent("rotate"), AREA) == "refuse"


def test_random_input_only_ever_yields_legal_actions():
    import random

    session, view, _app = make(new_game("mexica", 3, seed=5))
    rnd = random.Random(11)
    kinds = ["up", "down", "left", "right", "confirm", "rotate", "tab", "tab_back", "digit",
             "click", "rclick", "point", "scroll", "spend_token", "click", "click"]
    screen = Screen(pygame.Surface((480, 270)))
    for a in ("start i7", "start h8", "start j8"):
        play(session, view, a)
    island = view.board.island
    applied = 0
    for i in range(700):
        kind = rnd.choice(kinds)
        if kind in ("click", "rclick", "point"):
            pos = centre(view, view.board.names[rnd.choice(island)])
            intent = Intent(kind, pos=pos, device="mouse")
        elif kind == "digit":
            intent = Intent("digit", rnd.randint(1, 4))
        elif kind == "scroll":
            intent = Intent("scroll", rnd.choice((-1, 1)))
        else:
            intent = Intent(kind)
        action = view.handle(intent, AREA)
        while action is not None:
            assert session.is_legal(action), (action, view.status)
            play(session, view, action)
            applied += 1
            view.update(1.0)
            action = view.next_action()
        if i % 40 == 0:
            if session.is_legal("end"):
                play(session, view, "end")
            view.draw(screen, AREA)
            view.draw_panel(screen, PANEL)
        if session.game.is_over:
            break
    assert applied > 20


# -- a founded token flies from the display to its district (issue 16 §2) ------------------
def _founding():
    """A 6-space district at c2, the display's tokens drawn once (the flight starts there)."""
    session, view, app = small(OPEN, "start b3", "start f3", "canal d2 d3", "canal d4")
    screen = Screen(pygame.Surface((1920, 1080)))
    view.draw(screen, AREA)
    shelf = paint_panel(screen, PANEL, view)
    slot = list(session.game.state.display).index(6)
    return session, view, app, screen, shelf, slot


def _flight(view, shelf):
    return [box for a, box in flights(view, shelf, make_layout(AREA, 7, 5)) if a.kind == "token"]


def test_a_founded_token_flies_from_the_display_to_its_district():
    session, view, _app, screen, shelf, slot = _founding()
    play(session, view, "found c2")
    lay = make_layout(AREA, 7, 5)
    c2 = view.board.index["c2"]
    assert session.game.state.tokens[c2] == 6
    # it sets off from its place on the display, in the panel
    (x0, y0, side0), = _flight(view, shelf)
    sx, sy, ss = shelf.slot(slot)
    assert abs((x0 + side0 / 2) - (sx + ss / 2)) < 1 and abs((y0 + side0 / 2) - (sy + ss / 2)) < 1
    assert x0 > PANEL[0] - 10 and c2 in view._hidden()  # not on the board yet
    # half way it is between the display and the district, above the straight line
    view.update(va.FLY_TIME / 2)
    (xm, ym, _), = _flight(view, shelf)
    ex, ey = lay.xy(c2)
    assert ex < xm < x0
    assert ym < (y0 + ey) / 2
    view.draw(screen, AREA)
    view.draw_panel(screen, PANEL)  # drawn over board and panel: its ivory face is there
    cx, cy = screen.px(xm + side0 / 2 - 4, ym + side0 / 2)
    face = screen.surface.get_at((cx, cy))[:3]
    assert max(abs(a - b) for a, b in zip(face, theme.TOKEN, strict=True)) < 40, face
    # it lands on the district, in the cell's size; then the cell's own token shows
    view.update(va.FLY_TIME * 0.49)
    (xe, ye, side), = _flight(view, shelf)
    assert abs(xe - ex) < 2 and abs(ye - ey) < 2 and abs(side - lay.cs) < 2
    view.update(0.05)
    assert not _flight(view, shelf) and c2 not in view._hidden()


def test_a_new_action_lands_the_flying_token_at_once():
    session, view, _app, _screen, shelf, _slot = _founding()
    play(session, view, "found c2")
    view.update(0.1)
    play(session, view, "take")  # the next action, while the token is in the air
    ex, ey = make_layout(AREA, 7, 5).xy(view.board.index["c2"])
    (x, y, _), = _flight(view, shelf)
    assert (round(x), round(y)) == (round(ex), round(ey))
    view.update(1 / 60)
    assert not _flight(view, shelf)


def test_reduce_motion_shortens_the_flight():
    session, view, app, _screen, shelf, _slot = _founding()
    app.reduce_motion = True
    play(session, view, "found c2")
    token = next(a for a in view.anims if a.kind == "token")
    assert token.dur == va.FLY_TIME * REDUCED_SPAN
    view.update(token.dur)  # landed, where a full flight would be half way
    assert not _flight(view, shelf) and view.board.index["c2"] not in view._hidden()


def test_a_boat_glides_along_the_canal_without_hopping():
    session, view, _app = small(SPLIT, "start b3", "start f3", "bridge d2 ew", "bridge d4 ew",
                                "move c3", "move c2", "move d2",
                                components={"canal_single": 6, "canal_double": 5,
                                            "bridges": 4, "ap_tokens": 12})
    play(session, view, "boat d4")
    idx = view.board.index
    boat = next(a for a in view.anims if a.kind == "pilli" and a.data["verb"] == "boat")
    assert boat.data["path"] == [idx["d2"], idx["d3"], idx["d4"]]  # down the canal
    assert boat.dur > va.DROP_TIME  # two cells of water take longer than a hop
    lay = make_layout(AREA, 7, 5)
    (x2, y2), (x4, y4) = lay.centre(idx["d2"]), lay.centre(idx["d4"])
    view.update(boat.dur / 2)
    x, y = va.along(lay, boat.data["path"], 0.5)
    assert (x, y) == lay.centre(idx["d3"]) and x == x2 == x4 and y2 < y < y4
