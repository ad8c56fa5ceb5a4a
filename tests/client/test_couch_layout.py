"""The board is the star: how much of the screen each game's board takes, the Mexica
ranking box beside the board, banners and toasts that never cover the board or the status
line, close at a press and never draw over a menu, and a status line that is never stale.
All at 1920x1080, where a logical unit is a pixel."""

from __future__ import annotations

import pygame
import pytest

from game.api import new_game
from game.core.rng import Rng
from game.i18n import say
from game.kit.client.layers import Layer, PiecesLayer, Snapshot
from game.kit.client.layout import (
    BOARD_AREA,
    LOG_AREA,
    PANEL_AREA,
    SEATS_AREA,
    STATUS_AREA,
    panel_area,
    seats_area,
)
from game.kit.client.screen import Screen
from game.kit.client.textmap import TextMap
from game.kit.client.textmap import overlaps as ink_overlaps
from game.ui import playersbar, showcase
from game.ui.playersbar import draw_players_bar, wide_cards
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.scoring import ScoringScene
from tests.client.conftest import Driver
from tests.client.drawn_texts import texts_drawn
from tests.client.test_scenes import game_until, start_play
from variants.aztlan.view import preview as view_plan
from variants.market.view.layout import make_layout

CANVAS = 1920 * 1080
SIZE = (1920, 1080)


def overlaps(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def inside(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return bx - 0.5 <= ax and ay >= by - 0.5 and ax + aw <= bx + bw + 0.5 and \
        ay + ah <= by + bh + 0.5


def drawn(ui: Driver) -> dict[str, tuple[float, float, float, float]]:
    """Each text of one frame with the logical rectangle it was drawn in (the top
    scene's units)."""
    return {text: rect for text, rect in texts_drawn(ui.app)}


@pytest.fixture
def big(make_app):
    return Driver(make_app(size=SIZE, fullscreen=False))


@pytest.fixture
def big_stub(big):
    from tests.client.conftest import StubView

    for engine in list(big.app.registry.rules):
        big.app.views[engine] = StubView
    return big


# ---------------------------------------------------------------------------------------
# the board's share of the screen
# ---------------------------------------------------------------------------------------
#: the share of the 1920x1080 canvas each board itself covers (its board rect), measured
#: (Mexica 59.0 %, the Market's table 57.1 %, Aztlán's map with its score and age tracks
#: 59.5 %, its decision in the side panel); a change that shrinks a board fails here
BOARD_SHARES = {"mexica": 0.585, "tlatelolco-market": 0.565, "aztlan": 0.59}
#: the Market's 4x4 grid alone (13.1 %: the grid is square and its table needs the
#: margins beside it for the bag, the money supply, the king's whims and the holdings)
MARKET_GRID_SHARE = 0.13


def board_share(app, variant: str, players: int) -> tuple[float, tuple]:
    play = showcase.start_play(app, new_game(variant, players, seed=1))
    rect = play.view.board_rect(BOARD_AREA)
    return rect[2] * rect[3] / CANVAS, rect


def test_the_board_area_is_more_than_half_the_screen():
    x, y, w, h = BOARD_AREA
    assert w * h / CANVAS >= 0.55
    for other in (STATUS_AREA, LOG_AREA, PANEL_AREA, SEATS_AREA):
        assert not overlaps(BOARD_AREA, other)


@pytest.mark.parametrize(("variant", "players"), [("mexica", 4), ("tlatelolco-market", 4),
                                                  ("aztlan", 4), ("aztlan-2p", 2)])
def test_each_board_keeps_its_share_inside_the_board_area(big, variant, players):
    share, rect = board_share(big.app, variant, players)
    assert inside(rect, BOARD_AREA)
    engine = "aztlan" if variant.startswith("aztlan") else variant
    assert share >= BOARD_SHARES[engine]


@pytest.mark.parametrize(("variant", "players"), [
    ("mexica", 4), ("tlatelolco-market", 4), ("aztlan", 4), ("aztlan", 3), ("aztlan-2p", 2)])
def test_each_board_itself_takes_55_percent(big, variant, players):
    share, _rect = board_share(big.app, variant, players)
    assert share >= 0.55


def test_the_market_grid_is_as_large_as_its_table_allows(big):
    play = showcase.start_play(big.app, new_game("tlatelolco-market", 4, seed=1))
    x, y, w, h = make_layout(BOARD_AREA, play.view.rules.table.n, play.view.rules.table.sides).grid
    assert w * h / CANVAS >= MARKET_GRID_SHARE


def test_the_seat_cards_stand_beside_the_board_and_show_whose_turn(big_stub):
    ui = big_stub
    play = start_play(ui)
    play.banner.hide()
    texts = drawn(ui)
    for word in ("Ana", "Ben", "Cy", "Dee")[:play.game.players] + ("TURN",):
        x, y, w, h = texts[word]  # a line's box is taller than its letters: its middle
        assert inside((x, y + h / 2, w, 0), SEATS_AREA) and not overlaps(texts[word],
                                                                           BOARD_AREA)


@pytest.mark.parametrize(("variant", "players"), [("aztlan", 4), ("aztlan", 3),
                                                  ("aztlan-2p", 2)])
def test_aztlan_seat_cards_hold_each_seats_facts_and_the_panel_the_decision(big, variant,
                                                                            players):
    """What each seat has stands on its seat card (no row per seat in the panel), and the
    decision at hand in the panel under the cards, off the board."""
    game = new_game(variant, players, seed=1)
    rng = Rng(1)
    while game.state.phase != "develop":  # past the secret choice: pawns to place
        game.apply(game.playout_action(rng))
    play = showcase.start_play(big.app, game)
    play.banner.hide()
    play.view.on_reset()  # the panel and the facts are painted afresh, not blitted
    texts = drawn(big)
    view = play.view
    seats = seats_area(players, view.seat_fact_lines)
    panel = panel_area(players, view.seat_fact_lines)
    assert view.seat_fact_lines == 1 and not overlaps(seats, panel)
    model = view.model
    for seat in range(players):
        left = f"×{model.supply[model.army(seat)]}"  # pawns still to place this age
        x, y, w, h = texts[left]
        assert inside((x, y + h / 2, w, 0), seats)
    title = texts[view.decision.title]
    assert inside(title, panel) and not overlaps(title, BOARD_AREA)
    assert not any("TURN ORDER" in t or "on map" in t for t in texts)  # no rows per seat


# ---------------------------------------------------------------------------------------
# the ranking box
# ---------------------------------------------------------------------------------------
def test_the_district_ranking_sits_beside_the_board(make_app):
    app = make_app(size=SIZE, fullscreen=False)
    play = showcase.board(app)
    assert play.view.preview.standing and play.view.preview.standing["rows"]
    standing = play.view.preview.standing
    words = f"{standing['size']}-space district" + (
        f", token {standing['token']}" if standing["founded"] else ", unfounded")
    head = drawn(Driver(app))[words]
    board = play.view.board_rect(BOARD_AREA)
    assert head[0] >= BOARD_AREA[0] + BOARD_AREA[2] and not overlaps(head, board)
    assert head[1] + head[3] <= STATUS_AREA[1]


# ---------------------------------------------------------------------------------------
# the turn banner
# ---------------------------------------------------------------------------------------
def test_the_turn_banner_covers_neither_board_nor_status_and_goes_at_a_press(big_stub):
    ui = big_stub
    play = start_play(ui)
    assert play.banner.active
    rect = drawn(ui)["Ana's turn"]
    assert not overlaps(rect, BOARD_AREA) and not overlaps(rect, STATUS_AREA)
    ui.key(pygame.K_DOWN)  # any press, even one that does nothing here
    assert not play.banner.active
    assert "Ana's turn" not in drawn(ui)


def test_the_turn_banner_never_draws_over_a_menu(big_stub):
    ui = big_stub
    play = start_play(ui)
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    play.banner.show("Ben's turn")  # say a turn passed just as the menu opened
    assert play.banner.active and "Ben's turn" not in drawn(ui)
    ui.key(pygame.K_ESCAPE)
    assert ui.top is play


def test_input_reaches_the_board_while_the_banner_shows(big_stub):
    ui = big_stub
    play = start_play(ui)
    assert play.banner.active
    ui.key(pygame.K_RETURN)  # the stub view plays its first legal action
    assert len(play.game.log) == 1


# ---------------------------------------------------------------------------------------
# toasts
# ---------------------------------------------------------------------------------------
MESSAGE = "Controller disconnected; Ben plays on with keyboard or mouse from now on"


def toast_rects(ui: Driver) -> list[tuple[float, float, float, float]]:
    words = set(MESSAGE.split())
    return [r for t, r in drawn(ui).items() if len(t.split()) > 1 and set(t.split()) <= words]


def test_toasts_stay_off_the_board_and_the_status_line(big_stub):
    ui = big_stub
    start_play(ui)
    ui.app.toast(MESSAGE)
    rects = toast_rects(ui)
    assert rects
    for r in rects:
        assert not overlaps(r, BOARD_AREA) and not overlaps(r, STATUS_AREA)
        assert r[1] + r[3] <= STATUS_AREA[1]


def test_a_toast_goes_at_any_press(big_stub):
    ui = big_stub
    start_play(ui)
    ui.app.toast(MESSAGE)
    ui.frames(1)
    ui.key(pygame.K_DOWN)
    assert not ui.app.toasts and not toast_rects(ui)


def test_a_toast_waits_behind_a_menu(big_stub):
    ui = big_stub
    play = start_play(ui)
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    ui.app.toast(MESSAGE, 1.0)
    ui.frames(20, 1 / 6)  # 3.3 s, longer than the toast lasts: it does not age behind the menu
    assert not toast_rects(ui) and ui.app.toasts
    ui.key(pygame.K_ESCAPE)
    assert ui.top is play
    assert toast_rects(ui)


# ---------------------------------------------------------------------------------------
# the status line
# ---------------------------------------------------------------------------------------
def test_the_status_line_shows_the_scoring_step_not_an_older_refusal(big_stub):
    ui = big_stub
    g, actions, scoring_action = game_until(lambda evs: any(e.kind == "scoring" for e in evs))
    for a in actions:
        g.apply(a)
    play = start_play(ui, g)
    play.refuse("You cannot end the turn now")
    play.view.forced = scoring_action
    ui.key(pygame.K_RETURN)
    if not isinstance(ui.top, ScoringScene):  # ending with AP left asks once more
        assert play.confirming is not None and play.confirming[2].startswith("Sure?")
        ui.key(pygame.K_RETURN)
    overlay = ui.top
    assert isinstance(overlay, ScoringScene)
    texts = drawn(ui)
    status = [t for t, r in texts.items() if overlaps(r, STATUS_AREA)]
    assert overlay.status() in status
    assert overlay.status().startswith(f"Scoring 1 of {len(overlay.steps)}: ")
    assert not any("Not allowed" in t or "cannot end" in t for t in status)


def test_aztlan_says_what_is_decided_when_the_pointer_rests_on_an_idle_territory(big):
    game = new_game("aztlan", 3, seed=4)
    rng = Rng(4)
    play = None
    while not game.is_over:
        kind = None
        if game.state.phase == "conflict":  # the view is asked only where it may say so
            probe = showcase.start_play(big.app, game.clone())
            kind = probe.view.decision.kind
            big.app.stack.clear_to("title")
        if kind == "conflict":
            play = showcase.start_play(big.app, game)
            break
        game.apply(game.playout_action(rng))
    assert isinstance(play, PlayScene)
    big.frames(2)
    view = play.view
    d = view.decision
    idle = next(t for t in range(len(view.geo.ids)) if t not in d.targets)
    view.hover_t = idle
    assert view_plan.plan(view, idle).describes
    assert view_plan.status(view) == view_plan.deciding(d)
    assert view_plan.status(view).startswith(d.title)


# ---------------------------------------------------------------------------------------
# leftovers seen in screenshots
# ---------------------------------------------------------------------------------------
def test_mexica_mode_line_stays_inside_the_panel(make_app):
    app = make_app(size=SIZE, fullscreen=False)
    play = showcase.board(app)
    view = play.view
    view.tool = "relocate"
    view.source = sorted(view.state.bridges)[0]  # a bridge picked up: the longest line
    view._refresh()
    words = set(view.mode_text().split())
    for width in (PANEL_AREA[2], 440.0):  # the play screen's panel, and a narrower one
        area = (PANEL_AREA[0], PANEL_AREA[1], width, PANEL_AREA[3])
        seen = panel_texts(app.screen, view, area)
        lines = [(t, right) for t, right in seen if t.split() and set(t.split()) <= words]
        assert lines, "the mode line is drawn in the panel"
        for text, right in lines:
            assert right <= area[0] + area[2], f"{text!r} runs past the panel"


def panel_texts(screen, view, area) -> list[tuple[str, float]]:
    """Each text the view's panel draws in ``area``, with the logical x of its right end."""
    seen: list[tuple[str, float]] = []
    draw_text = screen.text

    def record(text, *args, **kwargs):
        r = draw_text(text, *args, **kwargs)
        seen.append((say(text), screen.to_logical(r.topright)[0]))
        return r

    screen.text = record
    Snapshot.paint_always = True  # kept parts' words too
    try:
        view.draw_panel(screen, area)
    finally:
        del screen.text
        Snapshot.paint_always = False
    return seen


def test_a_small_market_board_draws_no_lesser_words_over_its_tiles(make_app, monkeypatch):
    """The lesson's market drawn into a small area (as behind the title's menu): its
    tiles show their pictures and what must be read, not the words that would cover
    them at the 28 px floor."""
    app = make_app(size=SIZE, fullscreen=False)
    scene = showcase.lesson(app, "market")
    rules = scene.view.rules
    area = (16.0, 8.0, 1000.0, 560.0)
    lay = make_layout(area, rules.table.n, rules.table.sides)
    lesser = {"Crowd", "Porter", "Governor", "Messenger", "Ambassador", "FREE", "pottery",
              "fabric", "jewels", "herbs", "empty", *rules.table.geo.names}
    assert lay.cs < 112  # a small board: the case this is about
    scene.view._static, scene.view._pieces = Layer(), PiecesLayer()  # painted afresh
    centres: list[tuple[str, float, float]] = []
    draw_text = Screen.text

    def record(self, text, *args, **kwargs):  # the board's layers paint on screens of
        r = draw_text(self, text, *args, **kwargs)  # their own: watch every screen
        centres.append((str(text), *self.to_logical(r.center)))
        return r

    monkeypatch.setattr(Screen, "text", record)
    scene.view.draw(app.screen, area)
    assert any(text == "hole" for text, _x, _y in centres)  # the tiles' words were seen
    for text, cx, cy in centres:
        for sq in range(lay.n * lay.n):
            sx, sy, cs, _ = lay.square(sq)
            if sx <= cx < sx + cs and sy <= cy < sy + cs:
                assert text not in lesser, f"{text!r} drawn over a small tile"


@pytest.mark.parametrize("names", [("Ana", "Ben", "Cy", "Dee"),
                                   ("Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan",
                                    "Itzpapalotl")])
@pytest.mark.parametrize(("variant", "players"), [("aztlan", 3), ("aztlan", 4),
                                                  ("mexica", 3), ("mexica", 4),
                                                  ("tlatelolco-market", 4)])
def test_seat_cards_keep_names_tags_and_three_digit_scores_apart(big, monkeypatch, variant,
                                                                 players, names):
    """Late in a game a score has three digits and a seat's tag says DECIDES (another
    seat holding the turn): on a card two abreast the score once ran into that tag.
    Every seat's card is drawn deciding, with scores of 100 and more."""
    play = showcase.start_play(big.app, new_game(variant, players, seed=4))
    play.session.names[:] = list(names[:players])
    big.frames(2)
    screen = big.app.screen
    wide = wide_cards(screen, play.session.names, players)
    for seat in range(players):
        # the seat decides while the next one holds the turn: the longest tag, DECIDES
        monkeypatch.setattr(play.game.rules, "current_player", lambda state, s=seat: s)
        monkeypatch.setattr(playersbar, "turn_holder",
                            lambda game, s=seat: (s + 1) % players)
        tmap = TextMap(window=screen.surface)
        Screen.recorder = tmap
        try:
            draw_players_bar(screen, play.game, play.session.names, play.colours, 0.0,
                             [100 + 13 * s for s in range(players)], view=play.view,
                             wide=wide)
        finally:
            Screen.recorder = None
        seen = tmap.visible()
        assert not ink_overlaps(seen), [(a.text, b.text) for a, b in ink_overlaps(seen)]
        shown = {p.text for p in seen}
        assert set(names[:players]) <= shown  # every name whole
        assert "TURN" in shown  # on the card of the seat holding the turn
        if not wide or play.view.seat_fact_lines:  # (one line: the gold ring says it)
            assert "DECIDES" in shown


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1920, 1080)])
def test_the_deciding_cards_score_stands_where_the_others_do(make_app, size):
    """Four seats, cards two abreast: the seat holding the turn wears TURN under its
    name, and once its score had two figures it dropped small beside the name ("Ana
    38") while every other card showed its score large at the right. A score of two
    figures stays at the right, across the card, at no less than the large size."""
    screen = make_app(size=size).screen
    card = playersbar.seat_cards(4)[0]
    x, y, w, h = card
    for score in ("0", "38", "99"):
        drawn = playersbar._seat_layout(screen, card, "Ana", score, True, True, "", "", False)
        scores = [d for d in drawn if d[0] == "text" and d[-1] == "score"]
        assert len(scores) == 1
        _op, text, sx, sy, size, *_rest = scores[0]
        assert (text, sx, sy) == (score, x + w - 14, y + h / 2)  # at the right, across
        assert size >= 52  # theme.FONT_LARGE: read from the sofa as the others are
        assert any(d[0] == "text" and d[1] == "TURN" for d in drawn)
