"""The Market of Tlatelolco's board view under the dummy video driver: input, previews
from the engine, drawing that changes nothing and hides the bag, the results table and
a snapshot of a four-player game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.api import from_position, new_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.kit.client.intent import Intent  # noqa: E402
from game.kit.client.layers import Snapshot  # noqa: E402
from game.kit.client.screen import Screen  # noqa: E402
from game.ui import showcase  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402
from game.ui.scenes.scoring import ScoringScene  # noqa: E402
from game.ui.session import Session  # noqa: E402
from game.ui.sessions import make_session  # noqa: E402
from tests.client.test_snapshots import SIZE, check  # noqa: E402
from tests.client.view_helpers import ServicesStub, play  # noqa: E402
from tools import market_showcase as view_showcase  # noqa: E402
from variants.market.params import COLOURS  # noqa: E402
from variants.market.view import MarketView  # noqa: E402
from variants.market.view.layout import make_layout  # noqa: E402

VARIANT = "tlatelolco-market"
AREA = (16.0, 128.0, 1344.0, 812.0)  # the play scene's board and panel areas
PANEL = (1376.0, 128.0, 528.0, 392.0)
#: row 1 at the top; d4 is the hole. South's buyer 1 (column a) looks up at the red
#: vendor past the ambassador, a governor and a porter; buyer 2 (column b) at the black
#: vendor past a governor and a crowd.
CRAFTED = {"a1": "red", "b1": "black", "c1": "crowd", "d1": "crowd",
           "a2": "porter", "b2": "messenger", "c2": "blue", "d2": "green",
           "a3": "governor", "b3": "crowd", "c3": "king", "d3": "porter",
           "a4": "ambassador", "b4": "governor", "c4": "crowd", "d4": None}


pytestmark = pytest.mark.usefixtures("pygame_display")


def make(game=None, players=2, names=None):
    session = Session(game or new_game(VARIANT, players, seed=1), names)
    return session, MarketView(session, ServicesStub())


def send(view, kind, value=None, pos=None):
    device = "mouse" if pos is not None else "keyboard"
    return view.handle(Intent(kind, value, pos=pos, device=device), AREA)


def square_pos(view, name):
    lay = make_layout(AREA, view.rules.table.n, view.rules.table.sides)
    return lay.centre(view.rules.table.geo.index[name])


def buyer_pos(view, seat, b):
    lay = make_layout(AREA, view.rules.table.n, view.rules.table.sides)
    return lay.buyer_centre(view.rules.table.sides[seat], b)


def crafted(players=2, **changes):
    """A game in ``CRAFTED``'s market, seat 0 to play with a coin on every buyer."""
    game = new_game(VARIANT, players, seed=4)
    data = game.rules.to_dict(game.state)
    data["market"] = dict(CRAFTED)
    data["phase"], data["turn"], data["round"] = "turn", 0, 2
    vendors = {"red": 3, "black": 2, "blue": 1, "green": 0}
    for c, n in vendors.items():
        data["vendors"][c] = n
        data["bag"][c] -= n
    for b in data["buyers"][0]:
        b["coin"] = True
    data["supply"] -= 4
    for key, value in changes.items():
        data[key] = value
    return game.at_position(data)


def all_text(monkeypatch, draw):
    """Every string drawn by ``draw()``, cached layers included."""
    seen: list[str] = []
    original = Screen.text

    def record(self, text, *args, **kwargs):
        seen.append(str(text))
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(Screen, "text", record)
    monkeypatch.setattr(Snapshot, "paint_always", True)  # kept parts' words too
    try:
        draw()
    finally:
        monkeypatch.setattr(Screen, "text", original)
    return seen


def drive_setup(session, view):
    """Lay every tile and place the start coins with the keyboard only: arrows to an
    empty square, a digit for the tile, Enter; then a digit and Enter for each coin."""
    game = session.game
    n = game.rules.table.n
    produced = []
    while game.state.phase == "place":
        s = game.state
        empty = [i for i, t in enumerate(s.market) if t is None]
        goal = empty[-1] if len(produced) % 2 else empty[0]
        for _ in range(4 * n):
            here = view.cursor
            if here == ("sq", goal):
                break
            gr, gc = divmod(goal, n)
            if here[0] != "sq":
                send(view, "up")
                continue
            r, c = divmod(here[1], n)
            send(view, "right" if gc > c else "left" if gc < c else "down" if gr > r
                 else "up")
        assert view.cursor == ("sq", goal)
        left = [t for t, k in game.rules.tiles_left(s).items() if k]
        pick = 1 + len(produced) % min(len(left), 9)
        send(view, "digit", pick)
        assert view.tile_choice == left[pick - 1]
        action = send(view, "confirm")
        assert action == f"place {game.rules.table.geo.names[goal]} {left[pick - 1]}"
        produced.append(action)
        play(session, view, action)
    assert game.state.phase == "coins"
    assert len(produced) == game.rules.table.geo.size - 1
    while game.state.phase == "coins":
        seat = game.state.turn
        send(view, "digit", seat % n + 1)
        action = send(view, "confirm")
        assert action == f"coin {seat % n + 1}"
        play(session, view, action)
    assert game.state.phase == "turn"
    return produced


# ---------------------------------------------------------------------------------------
# registration and a whole setup through the view
# ---------------------------------------------------------------------------------------
def test_the_plugin_registers_the_market_view(app):
    assert app.views.get("tlatelolco-market") is MarketView


@pytest.mark.parametrize("players", [2, 4])
def test_setup_by_keyboard_then_a_pass_by_clicks(players):
    session, view = make(players=players)
    drive_setup(session, view)
    game = session.game
    assert all(a.startswith(("place ", "coin ")) for a in game.log)
    # E takes the one way out: a pass (no purchase yet)
    assert send(view, "end") == "pass"
    play(session, view, "pass")
    assert game.state.phase == "move" and view.mode == "shift"
    hole = game.rules.table.geo.names[game.state.hole()]
    assert send(view, "click", pos=square_pos(view, hole)) is None
    assert "hole" in view.status
    tile_square = next(n for i, n in enumerate(game.rules.table.geo.names)
                       if game.state.market[i] is not None)
    action = send(view, "click", pos=square_pos(view, tile_square))
    assert action == f"shift {tile_square}"
    play(session, view, action)
    assert any(a.kind == "slide" for a in view.anims)
    # the tile just moved may not go straight back: the engine's reason is shown
    assert send(view, "click", pos=square_pos(view, hole)) is None
    assert "undo your last move" in view.status


def test_setup_through_the_app(make_app):
    app = make_app()
    ui_game = new_game(VARIANT, 2, seed=6)
    play_scene = showcase.start_play(app, ui_game)
    showcase.frames(app, 120)
    assert isinstance(play_scene.view, MarketView)
    for _ in range(3):  # the cursor goes on to the next empty square by itself
        showcase.key(app, pygame.K_RETURN)
    log = play_scene.session.game.log
    assert log == ["place a1 black", "place b1 blue", "place c1 red"]
    showcase.key(app, pygame.K_DOWN)
    showcase.key(app, pygame.K_TAB)  # the next tile in the box
    showcase.key(app, pygame.K_RETURN)
    assert play_scene.session.game.log[-1] == "place d2 crowd"


# ---------------------------------------------------------------------------------------
# previews come from the engine
# ---------------------------------------------------------------------------------------
def test_hovering_a_buyer_previews_porter_governor_and_ambassador():
    session, view = make(crafted())
    assert send(view, "point", pos=buyer_pos(view, 0, 0)) is None
    status = view.status
    assert "buy 3 red" in status
    assert "gets 1 (porter returns 1, governor gives the king 1)" in status
    assert "coin kept (ambassador)" in status
    p = view.preview
    assert p.ok and p.action == "buy 1 red" and session.is_legal("buy 1 red")
    names = session.game.rules.table.geo.names
    assert {names[sq]: tile for sq, tile in p.acts} == {"a2": "porter", "a3": "governor"}
    assert [names[sq] for sq in p.ambassador] == ["a4"]
    # the engine agrees with the preview
    events = play(session, view, "buy 1 red")
    s = session.game.state
    assert (s.buyers[0][0][1:], s.vendors["red"], s.king["red"]) == (("red", 1), 1, 1)
    assert s.buyers[0][0][0] is True  # the ambassador kept the coin
    assert {"porter", "governor", "ambassador"} <= {e.kind for e in events}
    assert any(a.kind == "token" and a.dst == ("king",) for a in view.anims)


def test_a_crowd_blocks_and_the_preview_names_it():
    session, view = make(crafted())
    send(view, "digit", 2)  # south's buyer 2, column b
    assert view.cursor == ("buyer", "south", 1)
    assert "black: blocked by the crowd on b3" in view.status
    p = view.preview
    assert not p.ok and p.action is None
    assert [session.game.rules.table.geo.names[sq] for sq in p.blockers] == ["b3"]
    assert send(view, "confirm") is None
    assert "buy 2 black" not in session.legal()


def test_other_players_buyers_show_what_they_could_buy():
    session, view = make(crafted())
    send(view, "point", pos=buyer_pos(view, 1, 0))  # west's buyer 1: row 1, red first
    assert view.status.startswith("Ben's buyer 1 (row 1)")
    assert "could buy 3 red: gets all 3, pays its coin, once it has a coin" in view.status
    assert view.preview.action is None
    send(view, "rotate")  # the next vendor on row 1: black, past the red vendor
    assert "could buy 2 black" in view.status


def test_keyboard_cursor_walks_squares_and_buyer_rows():
    session, view = make(crafted())
    view.cursor = ("sq", 0)
    send(view, "left")
    assert view.cursor == ("buyer", "west", 0)
    send(view, "left")
    assert view.cursor == ("buyer", "west", 0)  # nothing further out
    send(view, "right")
    send(view, "up")
    assert view.cursor == ("sq", 0)  # no north player with two players
    for _ in range(4):
        send(view, "down")
    assert view.cursor == ("buyer", "south", 0)


def test_tab_cycles_modes_and_pay_shift_is_one_click():
    session, view = make(crafted())
    assert view.mode == "buy"
    seen = []
    for _ in range(3):
        send(view, "tab")
        seen.append(view.mode)
    assert seen == ["shift", "pay+shift", "buy"]
    # shift mode: only the messenger moves free
    send(view, "tab")
    assert view.mode == "shift"
    assert send(view, "click", pos=square_pos(view, "c1")) is None
    assert "costs a coin" in view.status
    assert send(view, "click", pos=square_pos(view, "b2")) == "shift b2"
    # pay + shift: a digit picks the payer, a click on the tile pays and queues the move
    send(view, "tab")
    assert view.mode == "pay+shift"
    send(view, "digit", 3)
    assert view.payer == 3
    assert send(view, "click", pos=square_pos(view, "c1")) == "pay 3"
    play(session, view, "pay 3")
    assert view.next_action() == "shift c1"
    play(session, view, "shift c1")
    assert view.next_action() is None
    s = session.game.state
    assert s.market[session.game.rules.table.geo.index["d4"]] == "crowd"
    assert s.buyers[0][2][0] is False
    # the take-back: E passes, and the panel says so
    assert view.preview.status
    assert send(view, "end") == "pass"


def test_king_step_by_keyboard_and_leaving_him():
    session, view = make(crafted())
    game = session.game
    play(session, view, "pass")
    for name in ("b2", "c1"):
        play(session, view, f"shift {name}")
    if game.state.phase == "coin":
        play(session, view, game.legal_actions()[0])
    assert game.state.phase == "king"
    assert view.mode == "king" and view.preview.sources
    first = game.rules.table.geo.names[view.preview.sources[0]]
    assert view.cursor == ("sq", view.preview.sources[0])
    assert send(view, "confirm") == f"king {first}"
    assert send(view, "end") == "king skip"


def test_refusal_shows_the_engine_reason():
    session, view = make(crafted())
    view.refused("buy 2 black", "a crowd stands between your buyer 2 and the black vendor")
    assert view.status.startswith("A crowd stands")


# ---------------------------------------------------------------------------------------
# drawing
# ---------------------------------------------------------------------------------------
def test_drawing_never_changes_the_game(monkeypatch):
    session, view = make(crafted(players=4), players=4)
    before = session.game.to_json()
    screen = Screen(pygame.Surface((1280, 720)))
    send(view, "point", pos=buyer_pos(view, 0, 0))
    play(session, view, "buy 1 red")
    after_buy = session.game.to_json()
    for _ in range(3):
        view.draw(screen, AREA)
        view.draw_panel(screen, PANEL)
        view.update(0.1)
    assert session.game.to_json() == after_buy != before
    fresh = MarketView(session, ServicesStub())  # no cached layers: every text is drawn
    texts = all_text(monkeypatch, lambda: (fresh.draw(screen, AREA),
                                           fresh.draw_panel(screen, PANEL)))
    joined = " ".join(texts)  # a team card may wrap its words onto two lines
    assert "Team A with Cy" in joined and "Team B with Dee" in joined
    assert session.game.to_json() == after_buy


def test_the_bag_shows_only_its_count(monkeypatch):
    """Two games that differ only in which tokens are in the bag (and set aside) draw
    the same texts and the same pixels."""
    pictures, texts = [], []
    base = crafted()
    d = base.rules.to_dict(base.state)
    for swap in (0, 1):
        data = {k: (dict(v) if isinstance(v, dict) else v) for k, v in d.items()}
        data["bag"]["black"] += swap
        data["bag"]["green"] -= swap
        data["removed"]["black"] -= swap
        data["removed"]["green"] += swap
        data["rng"] = d["rng"]
        game = from_position(VARIANT, 2, data, seed=4)
        session, view = make(game)
        screen = Screen(pygame.Surface((1280, 720)))
        texts.append(all_text(monkeypatch, lambda view=view, screen=screen: (
            view.draw(screen, AREA), view.draw_panel(screen, PANEL))))
        pictures.append(pygame.image.tobytes(screen.surface, "RGB"))
    assert texts[0] == texts[1] and pictures[0] == pictures[1]
    total = sum(base.state.bag.values())
    assert str(total) in texts[0]
    assert any("set aside" in t for t in texts[0])


def test_draws_and_purchases_animate_and_pop_scores():
    session, view = make(crafted())
    play(session, view, "buy 1 red")
    kinds = {a.kind for a in view.anims}
    assert {"token", "pop"} <= kinds
    assert any(a.kind == "pop" and a.tile.startswith("+") for a in view.anims)
    view.update(5.0)
    assert view.anims == []
    play(session, view, "end")
    play(session, view, "pass")  # Player 2 passes: four tokens fly from the bag
    flights = [a for a in view.anims if a.kind == "token" and a.src == ("bag",)]
    assert 1 <= len(flights) <= 4


# ---------------------------------------------------------------------------------------
# the end: results table and scoring steps
# ---------------------------------------------------------------------------------------
RULEBOOK_NAMES = ["Yolanda", "Laura", "Victor", "Raquel"]  # seats 0 + 2 against 1 + 3


def rulebook_game():
    """The rulebook's example: Yolanda and Victor 53, Laura and Raquel 60."""
    game = new_game(VARIANT, 4, seed=1, options={"random_market": True})
    data = game.rules.to_dict(game.state)
    held = {0: {"black": 9, "green": 6}, 2: {"black": 5, "blue": 5, "red": 3},
            1: {"black": 3, "blue": 6, "red": 4, "green": 4}, 3: {"red": 8, "green": 6}}
    king = {"black": 2, "blue": 4, "red": 3, "green": 1}
    for seat, goods in held.items():
        for b, (colour, n) in enumerate(goods.items()):
            data["buyers"][seat][b] = {"coin": False, "colour": colour, "tokens": n}
    for c in COLOURS:
        used = sum(g.get(c, 0) for g in held.values()) + king[c]
        data["king"][c] = king[c]
        data["vendors"][c] = 0
        data["removed"][c] = 20 - used
        data["bag"][c] = 0
    data["supply"] = 16
    data["phase"], data["turn"], data["winners"] = "over", 3, [1, 3]
    return game.at_position(data)


def test_results_table_matches_the_rulebook_example():
    game = rulebook_game()
    assert game.scores == [53, 60, 53, 60]
    session, view = make(game, names=RULEBOOK_NAMES)
    table = view.results_table()
    assert [str(h) for h in table["headers"]] == ["", "Black", "Blue", "Red", "Green", "Total"]
    assert [[str(c) for c in row] for row in table["rows"]] == [
        ["Yolanda", "9 (18)", "0 (0)", "0 (0)", "6 (6)", "15 (24)"],
        ["Victor", "5 (0*)", "5 (20)", "3 (9)", "0 (0)", "13 (29)"],
        ["Laura", "3 (6)", "6 (24)", "4 (0*)", "4 (0*)", "17 (30)"],
        ["Raquel", "0 (0)", "0 (0)", "8 (24)", "6 (6)", "14 (30)"],
        ["King", "2", "4", "3", "1", "-"],
    ]
    assert table["seats"] == [0, 2, 1, 3, None]
    note = str(table["note"])
    assert "Yolanda + Victor: 53" in note and "Laura + Raquel: 60" in note
    steps = view.scoring_steps([])
    assert steps == []
    from game.kit.client.boardview import BoardView

    assert BoardView(session, ServicesStub()).results_table() is None  # the optional default


def test_results_screen_draws_the_view_table(make_app, monkeypatch):
    app = make_app()
    game = rulebook_game()
    session = make_session(app, game, RULEBOOK_NAMES)
    app.stack.clear_to(ResultsScene(session))
    showcase.frames(app, 60)
    scene = app.stack.top
    assert isinstance(scene, ResultsScene) and scene.table is not None
    texts = all_text(monkeypatch, app.draw)
    assert "Score table" in texts and "5 (0*)" not in texts  # the board first, Tab: table
    showcase.key(app, pygame.K_TAB)
    texts = all_text(monkeypatch, app.draw)
    for cell in ("5 (0*)", "17 (30)", "King", "Green"):
        assert cell in texts
    showcase.key(app, pygame.K_TAB)
    assert "5 (0*)" not in all_text(monkeypatch, app.draw)


def test_the_reveal_goes_colour_by_colour_with_the_engines_points():
    """The rulebook's example: each colour's step has the king's multiplier, each side's
    holder (the partner's count beside it) and exactly the engine's score events."""
    from variants.market.scoring import finish

    game = rulebook_game()
    events = finish(game.rules, game.rules.from_dict(game.rules.to_dict(game.state)))
    session, view = make(game, names=RULEBOOK_NAMES)
    steps = view.scoring_steps(events)
    assert [str(s["title"]) for s in steps] == ["Black (pottery)", "Blue (fabric)", "Red (jewels)",
                                           "Green (herbs)", "The final count"]
    black = steps[0]
    assert str(black["subtitle"]) == "The king holds 2: × 2"
    # Yolanda's 9 count for her side (Victor's 5 do not), Laura's 3 for hers: 18 and 6
    assert [(r["owner"], r["detail"], r["points"]) for r in black["rows"]] == [
        (0, "9 × 2 (Victor 5)", 18), (1, "3 × 2 (Raquel 0)", 6)]
    assert black["points"] == {0: 18, 2: 18, 1: 6, 3: 6}  # partners score together
    for colour, step in zip(COLOURS, steps, strict=False):
        engine = sum(e.points for e in events if e.kind == "score"
                     and e.data["reason"] == colour)
        assert sum(step["points"].values()) == engine
    assert "Yolanda + Victor: 53" in steps[-1]["lines"]
    assert "Laura + Raquel: 60" in steps[-1]["lines"]
    assert view.scoring_steps([]) == []  # nothing ends: no reveal
    view.highlight(steps[2])
    assert view.highlighted is steps[2] and view.fx.active
    view.highlight(None)
    assert view.highlighted is None


def test_the_reveal_plays_in_the_overlay_and_counts_up(make_app):
    """At the end of a game the overlay opens on its own, one step per colour: the
    players bar counts the engine's points up, and drawing changes nothing."""
    app = make_app(size=SIZE, fullscreen=False)
    scene = showcase.final_reveal(app, VARIANT, n=100)
    assert isinstance(scene, ScoringScene) and scene.index == 1
    assert scene.status().startswith("Scoring 2 of 5: ")
    shown = scene.shown_scores()
    final = scene.session.game.scores
    assert all(0 <= s <= f for s, f in zip(shown, final, strict=True))
    showcase.key(app, pygame.K_ESCAPE)  # skip to the totals
    assert scene.shown_scores() == [float(s) for s in final]


# ---------------------------------------------------------------------------------------
# snapshot
# ---------------------------------------------------------------------------------------
def test_market_midgame_snapshot(make_app, tmp_path):
    app = make_app(size=SIZE, fullscreen=False)
    play_scene = view_showcase.midgame(app)
    view = play_scene.view
    assert isinstance(view, MarketView) and app.stack.top is play_scene
    assert play_scene.game.players == 4 and play_scene.game.state.phase == "turn"
    assert view.preview.ok and view.preview.action == view_showcase.telling_purchase(
        play_scene.game)
    assert "coin kept (ambassador)" in view.status
    check(app.screen.surface, "market-midgame", tmp_path)


# ---------------------------------------------------------------------------------------
# any input, any moment: actions are the engine's, drawing changes nothing
# ---------------------------------------------------------------------------------------
KINDS = ("up", "down", "left", "right", "confirm", "tab", "tab_back", "digit", "rotate",
         "end", "point", "click", "rclick", "scroll")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 50), players=st.integers(2, 4), skip=st.integers(0, 120),
       inputs=st.lists(st.tuples(st.sampled_from(KINDS), st.integers(1, 9),
                                 st.floats(0, 1), st.floats(0, 1)), max_size=40))
def test_random_input_yields_only_engine_checked_actions(seed, players, skip, inputs):
    game = new_game(VARIANT, players, seed=seed)
    rng = Rng(seed)
    for _ in range(skip):
        if game.is_over:
            break
        game.apply(game.playout_action(rng))
    session, view = make(game, players=players)
    screen = Screen(pygame.Surface((640, 360)))
    for kind, digit, fx, fy in inputs:
        pos = (AREA[0] + fx * AREA[2], AREA[1] + fy * AREA[3])
        action = view.handle(Intent(kind, digit if kind == "digit" else
                                    (1 if kind == "scroll" else None),
                                    pos=pos if kind in ("point", "click", "rclick") else None),
                             AREA)
        while action:
            assert session.is_legal(action), action
            play(session, view, action)
            action = view.next_action()
        before = session.game.to_json()
        view.update(0.05)
        view.draw(screen, AREA)
        view.draw_panel(screen, PANEL)
        assert session.game.to_json() == before
        assert isinstance(view.status, str)


def test_the_panel_gives_no_key_hints_while_a_computer_decides():
    from types import SimpleNamespace

    from game.api import new_game as fresh
    from variants.market.view.panel import hint

    game = fresh("tlatelolco-market", 2, seed=5)
    seat = game.current_player
    for computer in (False, True):
        session = SimpleNamespace(game=game, is_computer=lambda s, c=computer: c and s == seat)
        text = hint(SimpleNamespace(session=session, tile_choice="black", mode=None))
        assert ("computer player is deciding" in str(text)) is computer
        assert ("Enter" in str(text)) is not computer


def test_market_scoring_snapshot(make_app, tmp_path):
    """The reveal's green step: the king's multiplier, each side's holder, the points
    counting up, the holders' buyers and the king lit on the board."""
    app = make_app(size=SIZE, fullscreen=False)
    scene = showcase.final_reveal(app, VARIANT, n=3 * 72 + 30)
    assert isinstance(scene, ScoringScene) and scene.steps[scene.index]["raw"]["kind"] == "green"
    check(app.screen.surface, "market-scoring", tmp_path)
