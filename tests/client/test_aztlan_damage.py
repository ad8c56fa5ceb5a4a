"""Aztlán paints in parts (issue 37): its board view says what decides the pixels of its
board and side panel (``AztlanView.keyed``), and after every frame the window holds
exactly what a whole repaint paints (``test_damage.frame``), here in the cases the
golden games of ``test_damage`` pass quickly or not at all: the wild card's types
focused one after another (each paints its domains on the map), the peek key showing a
seat's cards and hiding them again, the score track moving, the cursor's pulse, and a
hand-off between seats choosing their power cards in secret. The running client
repaints one kept part a frame (``repaints_per_frame = 1``): under that budget a frame
may show a part's old pixels for a frame or few, so there the window must equal a whole
repaint once the frames have settled, and the parts left for later are checked too.

No secret of the seat before survives a hand-off: while the "Pass to" screen shows and
once the next seat has the board, no frame shows the side panel as it was with the
previous seat's hand.
"""

from __future__ import annotations

import json
import random

import pygame

from game.api import new_game
from game.i18n import set_language
from game.kit.client.layout import seat_cards
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.scoring import ScoringScene
from tests.aztlan import position
from tests.client.test_aztlan_view import start
from tests.client.test_damage import DT, GOLDEN, SEED, frame, key, shown, where_they_differ

#: frames a kept part may wait under the repaint budget, and more (``screen.MAX_LATE``)
SETTLE = 8


def frames(app, n: int, counts: list[bool], events=None) -> None:
    for i in range(n):
        frame(app, list(events or []) if i == 0 else [], counts)


def budgeted(app, events=None, counts: list[bool] | None = None, repaints: int = 1,
             dt: float = DT) -> None:
    """One frame as the running client draws it: one kept part repainted a frame."""
    app.repaints_per_frame = repaints
    app.step(list(events or []), dt)
    painted = app.present()
    if counts is not None:
        counts.append(painted is not None)


def settled(app, counts: list[bool], repaints: int = 1, dt: float = DT) -> None:
    """A few frames of nothing under the budget, then the window must be what a whole
    repaint paints (no budget): no part left for later was forgotten."""
    for _ in range(SETTLE):
        budgeted(app, [], counts, repaints, dt)
    before = shown()
    app.repaints_per_frame = None
    app.screen.repaints_left = None
    app.draw_whole()
    after = shown()
    size = pygame.display.get_surface().get_size()
    assert before == after, f"parts left for later were not painted: " \
        f"{where_they_differ(before, after, size)}"


def release(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=code, mod=0)


def scoring_game():
    """Seat 0 scores age I holding the wild card (4), a blessing in hand: its options are
    the wild card's types, each with its domains on the map."""
    g = position(3, chosen={0: 4, 1: 8, 2: 9}, prosperity={0: ["mixcoatl"]},
                 board={"t2": {0: 1}, "t8": {0: 1}, "t18": {0: 1}, "t26": {1: 1},
                        "t30": {2: 1}})
    g.apply("stay")
    return g


def test_the_wild_types_the_peek_and_the_score_track_in_parts(make_app):
    app = make_app(size=(960, 540))
    play = start(app, scoring_game())
    view = play.view
    counts: list[bool] = []
    frames(app, 30, counts)
    wild = [o for o in view.decision.options if o.action and o.action.startswith("wild ")]
    assert len(wild) >= 3
    shown = set()
    painted = Painted(app, play)
    for _ in range(len(wild) + 1):  # each type focused: its domains and points on the map
        frame(app, [key(pygame.K_DOWN)], counts)
        frames(app, 3, counts)
        painted.check()
        option = view.focused_option()
        assert option is not None
        shown.add(option.action)
    assert len(shown & {o.action for o in wild}) >= 3, shown
    frame(app, [key(pygame.K_p)], counts)  # the decider's cards show...
    frames(app, 3, counts)
    painted.check()
    assert any("Bless" in o.label for o in view.decision.options)
    frame(app, [release(pygame.K_p)], counts)  # ...and hide again
    frames(app, 3, counts)
    painted.check()
    assert not any("Bless" in o.label for o in view.decision.options)
    before = list(play.game.state.scores)
    assert play.apply("wild jungle")
    frame(app, [], counts)
    for _ in range(60):  # the overlay counts the scores up, then closes
        if not isinstance(app.stack.top, ScoringScene | HandoffScene):
            break
        frame(app, [key(pygame.K_RETURN)], counts)
    assert app.stack.top is play
    frames(app, 40, counts)  # the score track as it now stands, the pieces at rest
    assert play.game.state.scores != before
    assert sum(counts) > len(counts) / 2, f"{sum(counts)} of {len(counts)} frames in parts"


def test_the_cursors_pulse_is_painted_in_parts_as_a_whole_repaint_paints_it(make_app):
    """The pulse changes the cursor's outlines only when their widths in whole pixels
    do: the board is painted again then, and only then."""
    app = make_app(size=(1280, 720))
    play = start(app, position(3))  # the last seat's development: a cursor on the map
    counts: list[bool] = []
    frames(app, 20, counts)
    assert play.view.decision.kind in ("place", "move")
    keys = []
    for _ in range(70):  # a whole pulse and more
        frame(app, [], counts)
        keys.append(play.view.board_key())
    assert None not in keys
    changes = sum(a != b for a, b in zip(keys, keys[1:], strict=False))
    assert 2 <= changes <= 30, f"the board's key changed {changes} times in 70 frames"
    assert all(counts[-70:]), "a still board with its cursor was painted whole"


def test_a_still_board_repaints_its_pulses_not_the_board_nor_the_other_seat_cards(make_app):
    """A person placing, nothing else moving: the cursor's outlines and the ghost pulse,
    the deciding seat's card breathes. Each frame repaints and presents only those, never
    the whole board nor another seat's card with its facts (the board was one part, so
    each step of the pulse painted the map and both tracks again; and a view with facts
    on the seat cards had every card painted every frame)."""
    app = make_app(size=(1280, 720))
    play = start(app, position(3))
    view = play.view
    counts: list[bool] = []
    for _ in range(600):  # the turn's banner over the seat cards goes
        frame(app, [], counts)
        if not play.banner.active:
            break
    assert not play.banner.active and view.decision.kind in ("place", "move")
    board = app.screen.rect(*play.board_area)
    cards = seat_cards(play.game.players, view.seat_fact_lines, play.wide)
    current = play.game.current_player
    others = [app.screen.rect(*card).center for seat, card in enumerate(cards)
              if seat != current]
    repainted = []
    for _ in range(70):  # a whole pulse and more
        frame(app, [], counts)
        painted = app.painter.painted
        assert painted is not None, "a still board was painted whole"
        assert not [r for r in painted for at in others if r.collidepoint(at)], \
            f"another seat's card was painted again: {painted}"
        repainted.append(sum(r.clip(board).w * r.clip(board).h for r in painted)
                         / (board.w * board.h))
    assert max(repainted) < 0.1, f"a frame repainted {max(repainted):.0%} of the board"
    assert sum(share > 0 for share in repainted) >= 2, "the cursor's pulse was never shown"


def _settled(app, play, counts: list[bool]) -> None:
    """Frames until the turn's banner over the seat cards has gone."""
    for _ in range(600):
        frame(app, [], counts)
        if not play.banner.active:
            break
    assert not play.banner.active


def _share(app, area) -> float:
    """The share of ``area`` (logical) the last frame repainted."""
    rect = app.screen.rect(*area)
    painted = app.painter.painted
    assert painted is not None, "the frame was painted whole"
    return sum(r.clip(rect).w * r.clip(rect).h for r in painted) / (rect.w * rect.h)


def test_pointing_at_territories_repaints_the_panels_lines_on_them_not_the_panel(make_app):
    """Moving the mouse over the map while moving a pawn: the side panel's lines on the
    territory pointed at change, and only they are painted again, not the decision's
    words and buttons (the whole panel was)."""
    app = make_app(size=(1280, 720))
    play = start(app, position(3, board={"t2": {2: 2}, "t8": {0: 1, 2: 1}}))
    view = play.view
    counts: list[bool] = []
    _settled(app, play, counts)
    assert view.decision.kind in ("place", "move")
    lay = view.layout(play.board_area)
    pointed, shares = set(), []
    for t in range(0, len(view.geo.ids), 2):
        pos = app.screen.px(*lay.pt(view.geo.label[t]))
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=())],
              counts)
        pointed.add(view.hover_t)
        shares.append(_share(app, view.panel_area))
    assert len(pointed) >= 10 and sum(share > 0 for share in shares) >= 10
    assert max(shares) < 0.5, f"a hover repainted {max(shares):.0%} of the side panel"


def test_a_pawn_on_its_way_repaints_round_its_way_not_the_board(make_app):
    """A pawn sliding to the next territory: once the board shows the move's pieces,
    each frame of the slide repaints round its way (the whole board was)."""
    app = make_app(size=(1280, 720))
    play = start(app, position(3, board={"t2": {2: 2}, "t8": {0: 1, 2: 1}}))
    view = play.view
    counts: list[bool] = []
    _settled(app, play, counts)
    move = next(a for a in play.session.legal() if a.startswith("move"))
    assert play.apply(move)
    shares = []
    for _ in range(60):
        frame(app, [], counts)
        if not any(a.kind == "slide" for a in view.anims):
            break
        # (a whole frame: the seat whose secrets show changed with the turn)
        shares.append(_share(app, play.board_area) if app.painter.painted is not None else 1)
    assert len(shares) >= 10, "the slide was not seen"
    small = sum(share < 0.2 for share in shares)
    assert small >= len(shares) - 3, f"slide frames repainted {shares} of the board"


def test_no_secret_of_the_seat_before_survives_a_hand_off_in_parts(make_app):
    app = make_app(size=(960, 540))
    play = start(app, new_game("aztlan", 3, seed=5))
    counts: list[bool] = []
    first = play.game.current_player
    assert play.privacy == first
    budgeted(app, [key(pygame.K_RETURN)], counts)  # the device is passed: the hand shows
    settled(app, counts)
    view = play.view
    assert view.decision.kind == "choose" and view.model.hand
    panel = app.screen.rect(*view.panel_area)
    surface = pygame.display.get_surface()
    hand = surface.subsurface(panel).copy()
    card = view.model.hand[0]
    budgeted(app, [key(pygame.K_0 + card)], counts)  # focused...
    budgeted(app, [key(pygame.K_0 + card)], counts)  # ...and chosen
    assert play.game.current_player != first
    passed = 0
    for _ in range(40):
        handoff = isinstance(app.stack.top, HandoffScene)
        passed += handoff
        budgeted(app, [key(pygame.K_RETURN)] if passed == 10 and handoff else [], counts)
        assert not _shows(surface, panel, hand), "the seat before's hand is on screen"
    assert passed >= 10 and app.stack.top is play
    assert view.decision.seat == play.game.current_player != first
    assert view.model.viewer == play.game.current_player
    assert sum(counts[-20:]) >= 15, "the next seat's board was not painted in parts"
    settled(app, counts)


def _shows(surface: pygame.Surface, rect: pygame.Rect, pixels: pygame.Surface) -> bool:
    """Whether the window shows ``pixels`` at ``rect`` (the side panel as it was)."""
    now = surface.subsurface(rect)
    return pygame.image.tobytes(now, "RGB") == pygame.image.tobytes(pixels, "RGB")


def test_highlights_left_for_a_later_frame_are_painted_then(make_app):
    """The highlights over the map (here the focused wild type's domains) wait while a
    frame's repaints are spent; a frame painting only what changed comes back for them,
    though nothing else changes (the cursor's pulse held still)."""
    app = make_app(size=(960, 540))
    play = start(app, scoring_game())
    counts: list[bool] = []
    settled(app, counts, repaints=1, dt=0.0)
    focused = set()
    for _ in range(3):
        budgeted(app, [key(pygame.K_DOWN)], counts, repaints=0, dt=0.0)
        settled(app, counts, repaints=0, dt=0.0)
        option = play.view.focused_option()
        focused.add(option and option.action)
    assert len(focused) == 3 and all(a and a.startswith("wild ") for a in focused), focused
    assert sum(counts) > len(counts) / 2


def test_what_an_action_leaves_for_later_frames_is_painted(make_app):
    """After an action the highlights over the map, the panel, the tracks wait their
    turn under the repaint budget; a frame painting only what changed comes back for
    each of them."""
    app = make_app(size=(960, 540))
    play = start(app, position(3))
    counts: list[bool] = []
    settled(app, counts)
    for _ in range(6):
        legal = play.session.legal()
        if not legal or play.game.is_over:
            break
        play.apply(legal[0])
        for _ in range(40):
            top = app.stack.top
            budgeted(app, [key(pygame.K_RETURN)] if top is not play else [], counts)
        settled(app, counts)
    assert sum(counts) > len(counts) / 2


class Painted:
    """What the board and the side panel look like, painted from nothing (every layer
    and kept part forgotten), by the key each had then: two moments with one key must
    look alike, else the key missed something its pixels depend on."""

    def __init__(self, app, play) -> None:
        self.app, self.play = app, play
        self.seen: dict[str, dict[str, bytes]] = {"board": {}, "panel": {}}
        self.checked = 0

    def check(self) -> None:
        app, play, view = self.app, self.play, self.play.view
        if app.stack.top is not play:
            return
        surface = pygame.display.get_surface()
        for name, key_of, rect, paint in (
                ("board", view.board_key, play.board_area, play.draw_board),
                ("panel", view.panel_key, view.panel_area,
                 lambda s: view.draw_panel(s, view.panel_area))):
            key_now = key_of()
            if key_now is None:
                continue
            view.canvas.forget()
            area = app.screen.rect(*rect)
            surface.fill((0, 0, 0), area)
            paint(app.screen)
            pixels = pygame.image.tobytes(surface.subsurface(area), "RGB")
            was = self.seen[name].setdefault(repr(key_now), pixels)
            assert was == pixels, f"the {name} looks otherwise under the same key {key_now}"
            self.checked += 1
        # (kept parts painted over black here would show it later) the window holds the
        # frame again, as the compositor knows it
        view.canvas.forget()
        app.draw_whole()


def test_the_keys_change_whenever_the_pixels_do(make_app):
    """Through a game's first ages (hovers over the map and the panel, arrows, Tab, the
    cursor's pulse, the peek key, the wild card's types, the scoring), whenever a key
    holds, the board or the panel painted from nothing looks the same."""
    log = json.loads(GOLDEN.read_text("utf-8"))["aztlan/3"]["log"]
    app = make_app(size=(640, 360))
    play = start(app, new_game("aztlan", 3, seed=SEED))
    painted = Painted(app, play)
    rng = random.Random(3)
    view = play.view
    spots = [view.layout(play.board_area).pt(p) for p in view.geo.label]
    counts: list[bool] = []
    keys = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
    for action in log[:60]:
        for _ in range(60):  # a hand-off or a scoring reveal shows: it is passed on
            if app.stack.top is play:
                break
            frame(app, [key(pygame.K_RETURN)], counts)
        if app.stack.top is not play:
            break
        for _ in range(3):
            x, y = rng.choice(spots) if rng.random() < 0.7 else (
                rng.uniform(1344, 1904), rng.uniform(280, 780))  # the panel's buttons
            frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.px(x, y),
                                           rel=(0, 0), buttons=())], counts)
            painted.check()
            frame(app, [key(rng.choice(keys))], counts)
            painted.check()
            for _ in range(rng.randrange(1, 6)):  # the pulse goes on
                frame(app, [], counts)
            painted.check()
        frame(app, [key(pygame.K_p)], counts)  # the decider's cards, if a person decides
        painted.check()
        frame(app, [release(pygame.K_p)], counts)
        painted.check()
        play.apply(action)
        frame(app, [], counts)
        for _ in range(40):  # its pieces land
            frame(app, [], counts)
        painted.check()
    assert app.failures == []
    assert painted.checked > 300
    assert sum(counts) > len(counts) / 2, f"{sum(counts)} of {len(counts)} frames in parts"


def test_a_language_chosen_mid_game_repaints_every_kept_word(make_app):
    """The language changed in Settings during a game: the side panel (the decision's
    words), the score and age tracks are in it at once, as painting everything afresh
    paints them (they were kept in English, their keys said nothing of the language)."""
    app = make_app(size=(960, 540))
    play = start(app, new_game("aztlan", 3, seed=5))
    counts: list[bool] = []
    frame(app, [key(pygame.K_RETURN)], counts)
    frames(app, 20, counts)
    try:
        set_language("de")
        frames(app, 5, counts)
        before = shown()
        view = play.view
        view.canvas.static_layer.key = None
        view.canvas.forget()
        app.draw_whole()
        assert shown() == before, "a kept part still shows the language before"
    finally:
        set_language("en")
