"""Only what changed is painted and presented (issue 37), and it is the whole truth:
after every frame of scripted games of every variant, played through the real client
(hovers, cursor keys, hand-offs, scoring reveals, the pieces' motion), the window holds
exactly the frame a whole repaint paints, every scene's ``draw`` unclipped.

A view that says what decides its pixels (``BoardView.keyed``: the Market) gets frames
painted in parts; the others are painted whole, which these games check as well.
"""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.api import list_variants, new_game
from game.kit.client import Area, BoardPart, BoardView, Screen
from game.kit.client.damage import MOST_WAITED, ChangeLog, Compositor, Part, merged
from game.kit.client.screen import MAX_LATE
from game.ui import showcase
from game.ui.app import App
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.scoring import ScoringScene
from variants.market.view.layout import make_layout

GOLDEN = Path(__file__).parent.parent / "fixtures" / "golden-plays.json"
SEED = 35  # the golden games' seed
DT = 1 / 60


def shown() -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def where_they_differ(a: bytes, b: bytes, size: tuple[int, int]) -> pygame.Rect:
    """The bounds of the pixels that differ."""
    w, _h = size
    at = [i // 3 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    xs, ys = [i % w for i in at], [i // w for i in at]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def frame(app: App, events: list[pygame.event.Event] | None = None,
          counts: list[bool] | None = None) -> None:
    """One frame, then the same state painted whole: the window must not change."""
    composed = app.compositor.whole_frames + app.compositor.part_frames
    app.step(events or [], DT)
    painted = app.present()
    if counts is not None:
        counts.append(painted is not None)
    if app.compositor.whole_frames + app.compositor.part_frames == composed:
        return  # painted whole, unclipped (a view that does not say): nothing to compare
    after = shown()
    app.draw_whole()
    whole = shown()
    if after != whole:
        size = pygame.display.get_surface().get_size()
        raise AssertionError(f"the frame painted in parts ({painted}) differs from a whole "
                             f"repaint at {where_they_differ(after, whole, size)} "
                             f"({type(app.stack.top).__name__})")


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def golden_games() -> list[tuple[str, int]]:
    data = json.loads(GOLDEN.read_text("utf-8"))
    out = []
    for variant in sorted(v["id"] for v in list_variants()):
        counts = sorted(int(k.rsplit("/", 1)[1]) for k in data
                        if k.rsplit("/", 1)[0] == variant)
        out.append((variant, counts[len(counts) // 2]))
    return out


@pytest.mark.parametrize(("variant", "players"), golden_games())
def test_every_frame_painted_in_parts_is_the_whole_repaint(make_app, variant, players):
    log = json.loads(GOLDEN.read_text("utf-8"))[f"{variant}/{players}"]["log"]
    app = make_app(size=(640, 360))  # the same parts at any size, fewer pixels
    play = showcase.start_play(app, new_game(variant, players, seed=SEED))
    rng = random.Random(7)
    w, h = pygame.display.get_surface().get_size()
    arrows = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
    in_parts: list[bool] = []
    for i, action in enumerate(log):
        for _ in range(60):  # a hand-off or a scoring reveal shows: it is passed on
            top = app.stack.top
            if isinstance(top, HandoffScene | ScoringScene):
                frame(app, [key(pygame.K_RETURN)], in_parts)
            elif top is play:
                break
            else:
                frame(app, [], in_parts)
        if app.stack.top is not play:
            break  # the results came up: the game is over
        play.apply(action)
        frame(app, [], in_parts)  # the action's frame: its pieces start to move
        pos = (rng.randrange(w), rng.randrange(h))
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=())],
              in_parts)
        if i % 3 == 0:
            frame(app, [key(rng.choice(arrows))], in_parts)
        for _ in range(0 if i % 10 else 12):  # now and then the motion plays out
            frame(app, [], in_parts)
    assert app.failures == []
    assert len(play.game.log) >= len(log) - 1
    if variant == "tlatelolco-market":  # its view says what decides its pixels
        assert sum(in_parts) > len(in_parts) / 2, \
            f"{sum(in_parts)} of {len(in_parts)} frames painted in parts"


def test_a_kept_part_left_for_later_is_painted_the_next_frame(make_app):
    """As the running client does, one kept part is repainted a frame: one whose words
    changed shows its old pixels for a frame (a part of the frame waiting its turn, or a
    kept part over the budget, asking for its place the next), and then the window is
    the whole repaint."""
    app = make_app(size=(960, 540))
    app.repaints_per_frame = 1
    play = showcase.start_play(app, new_game("tlatelolco-market", 4, seed=SEED))
    for _ in range(30):
        frame(app)
    play.apply(play.game.legal_actions()[0])  # the log, the panel, the status, the cards
    pending = []
    for _ in range(8):
        app.step([], DT)
        app.present()
        # owed by the frame, or asked during the frame for the next
        pending.append(len(app.compositor.owed) + len(app.screen.pending))
    assert any(pending), "no kept part waited for a later frame"
    app.repaints_per_frame = None
    before = shown()
    app.draw_whole()
    assert shown() == before


def test_a_market_board_at_rest_paints_only_its_moving_parts(make_app):
    app = make_app(size=(1920, 1080))
    showcase.start_play(app, new_game("tlatelolco-market", 4, seed=SEED))
    for _ in range(200):
        frame(app)
    areas = []
    for _ in range(80):  # a breath of the deciding card's ring (5 s / 2 pi)
        app.step([], DT)
        painted = app.present()
        assert painted is not None
        areas.append(sum(r.w * r.h for r in painted))
    # the glowing board and the breathing seat card, in the frames where their pixels step
    assert 0 < max(areas) < 0.7 * 1920 * 1080


def test_a_resize_paints_and_presents_the_whole_window(make_app):
    app = make_app()
    showcase.start_play(app, new_game("tlatelolco-market", 2, seed=3))
    frame(app)
    frame(app)
    pygame.display.set_mode((1024, 600), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600)], DT)
    assert app.present() is None


def test_parts_that_did_not_change_are_not_painted(pygame_display):
    surface = pygame.Surface((100, 100))
    painted: list[str] = []

    def parts(key_b: int) -> list[Part]:
        return [Part("a", pygame.Rect(0, 0, 100, 100), 1, lambda: painted.append("a")),
                Part("b", pygame.Rect(10, 10, 10, 10), key_b, lambda: painted.append("b"))]

    comp = Compositor()
    assert comp.compose(surface, "g", parts(1)) is None  # the first frame: whole
    painted.clear()
    assert comp.compose(surface, "g", parts(1)) == []  # nothing changed: nothing painted
    assert painted == []
    assert comp.compose(surface, "g", parts(2)) == [pygame.Rect(10, 10, 10, 10)]
    assert painted == ["a", "b"]  # what lies under b too, in order
    assert comp.compose(surface, "h", parts(2)) is None  # another scene: whole


def test_a_part_that_says_where_it_changed_damages_only_there(pygame_display):
    """A part whose key changed, its bounds not, may say which of its pixels changed since
    the key the window shows it with (``Part.changed``): only those are painted and
    presented. When it cannot say (None), or its bounds moved, its bounds are, as before."""
    surface = pygame.Surface((200, 200))
    painted: list[str] = []
    asked: list[object] = []
    answers: dict[int, list[pygame.Rect] | None] = {
        2: [pygame.Rect(10, 10, 20, 20), pygame.Rect(150, 150, 80, 80)], 3: [], 4: None}

    def changed(shown: object) -> list[pygame.Rect] | None:
        asked.append(shown)
        return answers[2 if shown == 1 else 3 if shown == 2 else 4]

    def parts(key: int, rect: pygame.Rect | None = None) -> list[Part]:
        return [Part("wall", surface.get_rect(), 0, lambda: painted.append("wall")),
                Part("board", rect or pygame.Rect(0, 0, 180, 180), key,
                     lambda: painted.append("board"), changed=changed),
                Part("cursor", pygame.Rect(100, 100, 10, 10), 0,
                     lambda: painted.append("cursor"))]

    comp = Compositor()
    assert comp.compose(surface, "g", parts(1)) is None
    assert asked == []  # a first frame is whole: nothing to ask
    painted.clear()
    # the key changed: its answer, clipped to its bounds, and what lies under it there
    assert comp.compose(surface, "g", parts(2)) == [pygame.Rect(10, 10, 20, 20),
                                                     pygame.Rect(150, 150, 30, 30)]
    assert asked == [1] and painted == ["wall", "board", "wall", "board"]
    painted.clear()
    assert comp.compose(surface, "g", parts(3)) == []  # its pixels held: nothing
    assert asked == [1, 2] and painted == []
    assert comp.compose(surface, "g", parts(4)) == [pygame.Rect(0, 0, 180, 180)]  # None
    assert asked == [1, 2, 3] and "cursor" in painted
    # its bounds moved: the old and the new ones, without asking
    assert comp.compose(surface, "g", parts(5, pygame.Rect(0, 0, 190, 180))) == \
        [pygame.Rect(0, 0, 190, 180)]
    assert asked == [1, 2, 3]


def test_a_change_log_says_what_was_painted_since_a_key():
    log = ChangeLog(3)
    a, b, c = pygame.Rect(0, 0, 5, 5), pygame.Rect(10, 0, 5, 5), pygame.Rect(20, 0, 5, 5)
    log.note(None, 1, None)  # painted whole
    log.note(1, 2, [a])
    log.note(2, 3, [b, c])
    assert log.since(1, 3) == [a, b, c] and log.since(2, 3) == [b, c]
    assert log.since(3, 3) == [] and log.since(3, 1) is None  # not back that way
    log.note(3, 4, None)
    assert log.since(3, 4) is None and log.since(1, 2) == [a]
    log.note(4, 5, [a])
    assert log.since(1, 2) is None  # forgotten: three changes kept


def test_rects_far_apart_are_painted_apart_and_most_of_the_window_whole():
    window = pygame.Rect(0, 0, 1000, 1000)
    a, b = pygame.Rect(0, 0, 100, 100), pygame.Rect(800, 800, 100, 100)
    assert merged([a, b], window) == [a, b]
    assert merged([a, pygame.Rect(20, 20, 100, 100)], window) == [pygame.Rect(0, 0, 120, 120)]
    assert merged([pygame.Rect(0, 0, 1000, 950)], window) is None


def market_spots(play: PlayScene) -> list[tuple[float, float]]:
    """Every square and every buyer of the Market's board (logical points)."""
    table = play.game.rules.table
    lay = make_layout(play.board_area, table.n, table.sides)
    return ([lay.centre(sq) for sq in range(table.geo.size)]
            + [lay.buyer_centre(side, b) for side in table.sides for b in range(table.n)])


def test_pointing_at_every_market_space_repaints_the_hover_not_the_board(make_app):
    """A hover's frame repaints the cursor's old and new places, the preview, the panel
    and the status line, each as it would be painted whole: never the whole board."""
    app = make_app(size=(1280, 720))
    play, _following = showcase.late_game(app, "tlatelolco-market", players=4, seed=7,
                                          quiet=30)
    for _ in range(120):  # what the last action set moving lands
        frame(app)
    board = app.screen.rect(*play.board_area)
    shares = []
    for spot in market_spots(play):
        pos = app.screen.px(*spot)
        counts: list[bool] = []
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=())],
              counts)
        assert counts == [True], "a hover's frame was painted whole"
        painted = app.painter.painted or []
        shares.append(sum(r.clip(board).w * r.clip(board).h for r in painted)
                      / (board.w * board.h))
        frame(app)  # the frame after it: the pulse goes on
    assert max(shares) < 0.5, f"a hover repainted {max(shares):.0%} of the board"


def test_a_board_part_whose_key_misses_its_pulse_is_caught(make_app, monkeypatch):
    """The guard itself: a cursor part keyed without its pulse shows stale pixels, and
    comparing with a whole repaint finds them."""
    app = make_app(size=(960, 540))
    play = showcase.start_play(app, new_game("tlatelolco-market", 4, seed=SEED))
    kind = play.view.__class__  # (the view behind its plugin guard)
    real = kind.board_parts

    def blind(view: BoardView, screen: Screen, area: Area) -> list[BoardPart] | None:
        parts = real(view, screen, area) or []
        return [BoardPart(p.place, p.area, "same" if p.place == "cursor" else p.key, p.paint)
                for p in parts]
    monkeypatch.setattr(kind, "board_parts", blind)
    with pytest.raises(AssertionError, match="differs from a whole repaint"):
        for _ in range(120):
            frame(app)


def test_a_still_market_frame_says_no_word_anew(make_app, monkeypatch):
    """A frame where nothing changed works its keys out from facts (the game's version,
    the cursor, the language), not by saying every text of the screen again to find it
    unchanged: it looks up almost nothing in the catalogues."""
    app = make_app(size=(1920, 1080))
    showcase.late_game(app, "tlatelolco-market", players=4, seed=7, quiet=30)
    for _ in range(150):  # what the last action set moving lands
        frame(app)
    render = importlib.import_module("game.i18n.render")
    looked_up: list[str] = []
    real = render._render

    def counting(msg: Any, *args: Any) -> str:
        looked_up.append(msg.id)
        return real(msg, *args)
    monkeypatch.setattr(render, "_render", counting)
    for _ in range(30):
        app.step([], DT)
        assert app.present() is not None  # in parts
    assert len(looked_up) <= 2 * 30, f"{len(looked_up) / 30:.0f} words looked up a frame"


def spread_frame(app: App, events: list[pygame.event.Event] | None = None) -> bool:
    """One frame as the running client paints it (``repaints_per_frame`` 1: parts that
    may wait are spread over the next frames), then the same state painted whole: the
    window must equal it but inside the rectangles whose repaint is owed (a waiting
    part's, a kept part's showing old pixels). The window is put back as it was, so that
    the next frame starts from what the player saw. True if nothing was owed and the
    window equals the whole repaint everywhere."""
    composed = app.compositor.whole_frames + app.compositor.part_frames
    app.step(events or [], DT)
    app.present()
    if app.compositor.whole_frames + app.compositor.part_frames == composed:
        return True  # painted whole, unclipped
    window = pygame.display.get_surface()
    after = window.copy()
    owed = [*app.compositor.owed, *app.screen.pending]
    app.screen.repaints_left = None  # the whole repaint paints every kept part anew
    app.draw_whole()
    whole = window.copy()
    patched = after.copy()
    for rect in owed:  # what may still differ, taken from the whole repaint
        patched.blit(whole, rect, rect)
    if pygame.image.tobytes(patched, "RGB") != pygame.image.tobytes(whole, "RGB"):
        raise AssertionError(
            f"the frame differs from a whole repaint outside what is owed ({owed}) at "
            f"{where_they_differ(shown_of(patched), shown_of(whole), window.get_size())}")
    window.blit(after, (0, 0))
    return not owed and shown_of(after) == shown_of(whole)


def shown_of(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_an_actions_repaints_spread_over_frames_then_equal_a_whole_repaint(make_app):
    """As the running client paints: after each action of a golden Market game (with
    hovers and keys between), each frame equals a whole repaint but where a part's repaint
    is owed, and once nothing more happens the window equals it within a few frames."""
    log = json.loads(GOLDEN.read_text("utf-8"))["tlatelolco-market/4"]["log"]
    app = make_app(size=(640, 360))
    app.repaints_per_frame = 1
    play = showcase.start_play(app, new_game("tlatelolco-market", 4, seed=SEED))
    rng = random.Random(7)
    w, h = pygame.display.get_surface().get_size()
    waited, owed_frames = [], 0
    for i, action in enumerate(log[:40]):
        for _ in range(60):  # a scoring reveal is passed on
            if app.stack.top is play:
                break
            spread_frame(app, [key(pygame.K_RETURN)])
        play.apply(action)
        frames = 0
        while not spread_frame(app):  # the action's frames: the board first, then the rest
            frames += 1
            assert frames <= MOST_WAITED + MAX_LATE + 1, "a part's repaint waits forever"
        waited.append(frames)
        pos = (rng.randrange(w), rng.randrange(h))
        owed_frames += not spread_frame(app, [pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=())])
        if i % 3 == 0:
            owed_frames += not spread_frame(app, [key(rng.choice((pygame.K_LEFT,
                                                                  pygame.K_RIGHT)))])
    assert app.failures == []
    assert max(waited) >= 2, "an action's repaints were not spread"


def test_a_board_part_missing_its_pulse_is_caught_when_repaints_spread(make_app, monkeypatch):
    """The spread guard still finds a part keyed without what decides its pixels: what it
    leaves stale is never owed."""
    app = make_app(size=(960, 540))
    app.repaints_per_frame = 1
    play = showcase.start_play(app, new_game("tlatelolco-market", 4, seed=SEED))
    kind = play.view.__class__
    real = kind.board_parts

    def blind(view: BoardView, screen: Screen, area: Area) -> list[BoardPart] | None:
        parts = real(view, screen, area) or []
        return [BoardPart(p.place, p.area, "same" if p.place == "cursor" else p.key, p.paint)
                for p in parts]
    monkeypatch.setattr(kind, "board_parts", blind)
    with pytest.raises(AssertionError, match="outside what is owed"):
        for _ in range(120):
            spread_frame(app)


def test_a_waiting_part_is_painted_a_frame_later_and_nothing_over_it_before(pygame_display):
    surface = pygame.Surface((100, 100))
    painted: list[str] = []

    def parts(key: int) -> list[Part]:
        return [Part("board", pygame.Rect(0, 0, 60, 100), key,
                     lambda: painted.append("board")),
                Part("panel", pygame.Rect(50, 0, 50, 100), key,
                     lambda: painted.append("panel"), later=1),
                Part("log", pygame.Rect(50, 80, 50, 20), key,
                     lambda: painted.append("log"), later=2)]

    comp = Compositor()
    comp.compose(surface, "g", parts(1), spread=True)
    painted.clear()
    rects = comp.compose(surface, "g", parts(2), spread=True)  # the board is most of it
    assert painted == ["board"]  # the panel and the log wait, and nothing paints over them
    assert rects == [pygame.Rect(0, 0, 50, 100)]
    assert comp.owed == [pygame.Rect(50, 0, 50, 100), pygame.Rect(50, 80, 50, 20)]
    painted.clear()
    comp.compose(surface, "g", parts(2), spread=True)
    assert painted == ["board", "panel"]  # the panel next (painting its place anew)
    painted.clear()
    comp.compose(surface, "g", parts(2), spread=True)
    assert "log" in painted and comp.owed == []
    painted.clear()
    assert comp.compose(surface, "g", parts(2), spread=True) == []  # all caught up
    assert painted == []


def test_a_waiting_part_is_not_due_in_a_frame_that_repaints_a_kept_layer_anyway(
        pygame_display):
    """The frame after an action may owe the board's layer, which waited for the repaint
    budget (``Screen.redraw_next``), or lose a banner: that weighs as the board's own
    change does, so the panel that waited keeps waiting rather than coming due in the
    same frame (two heavy repaints in one frame: 7 ms at 1080p in Aztlán)."""
    surface = pygame.Surface((100, 100))
    painted: list[str] = []

    def parts(key: int, banner: bool = False) -> list[Part]:
        return [Part("board", pygame.Rect(0, 0, 60, 100), key,
                     lambda: painted.append("board")),
                Part("panel", pygame.Rect(60, 0, 40, 60), key,
                     lambda: painted.append("panel"), later=1),
                *([Part("banner", pygame.Rect(0, 0, 60, 60), 0,
                        lambda: painted.append("banner"))] if banner else [])]

    comp = Compositor()
    comp.compose(surface, "g", parts(1), spread=True)
    comp.compose(surface, "g", parts(2), spread=True)  # the board: the panel waits
    assert comp.owed == [pygame.Rect(60, 0, 40, 60)]
    comp.pending.append(pygame.Rect(0, 0, 60, 100))  # the board's layer, owed
    painted.clear()
    comp.compose(surface, "g", parts(2), spread=True)
    assert painted == ["board"] and comp.owed == [pygame.Rect(60, 0, 40, 60)]
    painted.clear()
    comp.compose(surface, "g", parts(2), spread=True)  # a quiet frame: now the panel
    assert "panel" in painted and comp.owed == []

    comp.compose(surface, "g", parts(3, banner=True), spread=True)  # again, with a banner
    assert comp.owed == [pygame.Rect(60, 0, 40, 60)]
    painted.clear()
    comp.compose(surface, "g", parts(3), spread=True)  # the banner put away
    assert painted == ["board"] and comp.owed == [pygame.Rect(60, 0, 40, 60)]


def test_the_deciding_cards_ring_does_not_measure_its_words_again(make_app, monkeypatch):
    """The deciding seat's card is painted every frame for its breathing ring; its words
    are laid out once (per card, words and language), so a still frame measures no text."""
    app = make_app(size=(1920, 1080))
    showcase.late_game(app, "tlatelolco-market", players=4, seed=7, quiet=30)
    for _ in range(150):  # what the last action set moving lands
        frame(app)
    measured: list[str] = []
    real = Screen.text_width

    def counting(screen: Screen, text: Any, size: float) -> float:
        measured.append(str(text))
        return real(screen, text, size)
    monkeypatch.setattr(Screen, "text_width", counting)
    rings = 0
    for _ in range(30):
        app.step([], DT)
        painted = app.present()
        assert painted is not None  # in parts, the ring among them when its pixels step
        rings += bool(painted)
    assert rings, "the ring never stepped in half a second"
    assert len(measured) <= 30, f"{len(measured) / 30:.0f} texts measured a frame"


def test_parts_sharing_a_wait_are_painted_in_the_same_frame(pygame_display):
    """A panel handed over as parts (its stone, its rows) waits as one: never shown with
    its heading new and its rows old."""
    surface = pygame.Surface((100, 100))
    painted: list[str] = []

    def parts(key: int) -> list[Part]:
        return [Part("board", pygame.Rect(0, 0, 60, 100), key,
                     lambda: painted.append("board")),
                *[Part(("panel", row), pygame.Rect(60, 20 * row, 40, 20), key,
                       lambda row=row: painted.append(f"row {row}"), later=1)
                  for row in range(3)],
                Part("log", pygame.Rect(60, 80, 40, 20), key,
                     lambda: painted.append("log"), later=2)]

    comp = Compositor()
    comp.compose(surface, "g", parts(1), spread=True)
    painted.clear()
    comp.compose(surface, "g", parts(2), spread=True)  # the board is most of it
    assert painted == ["board"]
    painted.clear()
    comp.compose(surface, "g", parts(2), spread=True)
    assert [p for p in painted if p.startswith("row")] == ["row 0", "row 1", "row 2"]
    assert "log" not in painted  # its turn comes next


def test_the_turn_banner_holding_still_repaints_nothing_beneath_it(make_app, monkeypatch):
    """The banner ("Ana's turn") lies translucent over the seat cards for almost two
    seconds; while it holds still, a frame paints neither it nor the cards under it (it
    used to count as changing every frame, and the cards were painted again with it)."""
    app = make_app(size=(1920, 1080))
    play = showcase.start_play(app, new_game("tlatelolco-market", 2, seed=SEED))
    for _ in range(40):
        frame(app)
    play.banner.show("Ana's turn")
    for _ in range(24):  # it slides in (0.3 s) and holds
        frame(app)
    assert play.banner.active and play.banner.t > 0.35
    bars = 0
    real = PlayScene.draw_bar

    def counting(scene: PlayScene, screen: Screen) -> None:
        nonlocal bars
        bars += 1
        real(scene, screen)
    monkeypatch.setattr(PlayScene, "draw_bar", counting)
    banner = type(play.banner).draw
    banners = 0

    def drawn(shown: Any, screen: Screen, area: Any) -> None:
        nonlocal banners
        banners += 1
        banner(shown, screen, area)
    monkeypatch.setattr(type(play.banner), "draw", drawn)
    for _ in range(40):  # the hold (until 1.5 s): the deciding card's ring may step
        app.step([], DT)
        app.present()
    assert play.banner.active
    # the ring's steps repaint its own band of the cards (and the banner over it) a few
    # times a breath; a banner counted as moving repainted both in all 40 frames
    assert banners <= 12 and bars <= 12, (banners, bars)
