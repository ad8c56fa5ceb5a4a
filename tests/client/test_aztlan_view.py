"""Aztlán's board view in the real play screen (dummy video driver): the hotseat privacy
screen, choosing power cards by keyboard, placing and moving by mouse, conflict and
scoring prompts, secrets never drawn nor read, pure drawing, and a mid-game snapshot."""

from __future__ import annotations

import json
import sys

import pygame

from game.api import new_game
from game.core.rng import Rng
from game.kit.client.art.sprites import SPRITES
from game.kit.client.screen import Screen
from game.ui.scenes.play import PlayScene
from game.ui.sessions import make_session
from tests.aztlan import position
from tests.client.conftest import Driver, every_text_drawn, unseen
from tests.client.test_snapshots import SIZE, check
from variants.aztlan.state import AztlanState
from variants.aztlan.view import AztlanView
from variants.aztlan.view.layout import make_layout
from variants.aztlan.view.panel import paint_powers

NAMES = ["Ana", "Ben", "Cy", "Dee"]
POISON_CARD = 77  # no power card has this number
POISON_KIND = "poison-kind-xyzzy"  # no prosperity card has this id


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------
def start(app, game):
    session = make_session(app, game, NAMES[:game.players])
    play = PlayScene(session)
    app.stack.clear_to(play)
    return play


def ready(ui, play):
    """Dismiss the privacy screen (the device was passed)."""
    assert play.privacy == play.game.current_player
    ui.key(pygame.K_RETURN)
    assert play.privacy is None


def hold_p(ui):
    """The peek key pressed (and held): the decider's own cards show."""
    ui.key(pygame.K_p)


def let_go_of_p(ui):
    ui.app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_p, mod=0)], 1 / 60)


def centre(play, tid):
    """Logical position of a territory's label point on the play screen."""
    view = play.view
    lay = make_layout(play.board_area, view.geo)
    return lay.pt(view.geo.label[view.geo.ids.index(tid)])


def point(ui, x, y):
    ui.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=ui.pixel(x, y), rel=(0, 0),
                                    buttons=())], 1 / 60)


def button_centre(play, index):
    """Logical centre of the decision panel's ``index``-th button."""
    x, y, w, h = play.view.panel_layout().buttons[index][0]
    return x + w / 2, y + h / 2


class TextSpy:
    """Every string any Screen renders (cached layers included), while installed."""

    def __init__(self, monkeypatch):
        self.seen: list[str] = []
        text, render = Screen.text, Screen.render

        def spy_text(scr, s, *a, **k):
            self.seen.append(str(s))
            return text(scr, s, *a, **k)

        def spy_render(scr, s, *a, **k):
            self.seen.append(str(s))
            return render(scr, s, *a, **k)

        monkeypatch.setattr(Screen, "text", spy_text)
        monkeypatch.setattr(Screen, "render", spy_render)

    @property
    def joined(self) -> str:
        return "\n".join(self.seen)


class StateSpy:
    """Records every read of the live AztlanState made from the view's own modules."""

    def __init__(self, monkeypatch):
        self.reads: list[tuple[str, str]] = []
        for slot in AztlanState.__slots__:
            original = getattr(AztlanState, slot)

            def get(obj, original=original, slot=slot):
                caller = sys._getframe(1).f_globals.get("__name__", "")
                if caller.startswith("variants.aztlan.view"):
                    self.reads.append((caller, slot))
                return original.__get__(obj, AztlanState)

            def put(obj, value, original=original):
                original.__set__(obj, value)

            monkeypatch.setattr(AztlanState, slot, property(get, put))


def full_frame(ui, play):
    """A frame drawn from scratch: every cached layer repainted."""
    play.view.on_reset()
    ui.app.draw()


def seen(ui, play) -> list[str]:
    """Every string a player sees on the screen now: a frame drawn from scratch (the
    panel and the seat facts are kept as pictures while they do not change)."""
    play.view.on_reset()
    return ui.texts()


def test_the_spies_catch_a_leak(monkeypatch):
    """The detectors used below: a read of the live state from a view module is
    recorded, and so is every rendered string."""
    g = new_game("aztlan", 3, seed=1)
    reads = StateSpy(monkeypatch)
    exec("g.state.chosen", {"__name__": "variants.aztlan.view_fake", "g": g})
    exec("g.state.chosen", {"__name__": "game.ui.scenes.play", "g": g})
    assert reads.reads == [("variants.aztlan.view_fake", "chosen")]
    pygame.font.init()
    spy = TextSpy(monkeypatch)
    scr = Screen(pygame.Surface((64, 36)))
    layer = scr.derived(pygame.Surface((10, 10)), 0, 0)
    layer.text("secret 77", 0, 0)
    assert "secret 77" in spy.joined


# ---------------------------------------------------------------------------------------
# registration and the privacy screen
# ---------------------------------------------------------------------------------------
def test_the_view_is_registered_and_the_rules_have_secrets(app):
    assert app.views.get("aztlan") is AztlanView
    assert new_game("aztlan", 3, seed=1).rules.has_secrets is True


def test_choosing_power_cards_by_keyboard_behind_privacy_screens(ui):
    g = new_game("aztlan", 3, seed=5)
    order = list(g.state.order)
    play = start(ui.app, g)
    ui.frames(2)
    assert isinstance(play.view, AztlanView)
    # the first chooser: a privacy screen, nothing of the board behind it
    assert play.privacy == order[0]
    texts = seen(ui, play)
    assert f"Pass to {NAMES[order[0]]}" in texts and "Power 7" not in texts
    ready(ui, play)
    assert play.view.decision.kind == "choose"
    ui.key(pygame.K_7)  # digit = the card's number: focus it...
    assert g.log == [] and "7" in play.view.status
    ui.key(pygame.K_7)  # ...and again (or Enter) to choose it
    assert g.log == ["choose 7"]
    # the next chooser gets the device behind a new privacy screen
    assert play.privacy == order[1]
    ready(ui, play)
    ui.key(pygame.K_RIGHT)  # from card 4 to card 5
    ui.key(pygame.K_RETURN)
    assert g.log[-1] == "choose 5"
    assert play.privacy == order[2]
    ready(ui, play)
    ui.key(pygame.K_9)
    ui.key(pygame.K_RETURN)
    assert g.log == ["choose 7", "choose 5", "choose 9"]
    # placing a pawn needs no secret: no privacy screen, the board shows no one's card
    assert g.state.phase == "develop" and play.privacy is None
    assert play.view.decision.kind == "place" and play.view.model.viewer is None


def test_a_card_not_in_hand_is_explained(ui):
    play = start(ui.app, new_game("aztlan", 3, seed=5))
    ready(ui, play)
    ui.key(pygame.K_1)  # there is no power card 1
    assert "not in your hand" in play.view.status and play.game.log == []
    ui.key(pygame.K_LEFT)
    assert play.game.log == []  # arrows only move the focus


# ---------------------------------------------------------------------------------------
# secrets
# ---------------------------------------------------------------------------------------
def poison(g, viewer):
    """Put unmistakable values in every secret the viewer must not see."""
    s = g.state
    for seat in range(g.players):
        if seat != viewer:
            if s.chosen[seat] is not None and not s.revealed:
                s.chosen[seat] = POISON_CARD
            s.prosperity[seat] = [POISON_KIND, POISON_KIND]
    s.deck = [POISON_KIND] + list(s.deck)


def assert_no_secret(ui, play, monkeypatch):
    viewer = play.game.current_player
    # the poison is really there, and another seat's view would show it
    assert POISON_KIND in play.game.to_json()
    other = (viewer + 1) % play.game.players
    assert POISON_KIND in json.dumps(play.game.view(other))
    views: list[str] = []
    original = play.game.view

    def spy_view(seat):
        data = original(seat)
        views.append(json.dumps(data))
        assert seat in (viewer, None)
        return data

    monkeypatch.setattr(play.game, "view", spy_view)
    play.view._key = None  # rebuild the model through the spied view()
    reads = StateSpy(monkeypatch)
    spy = TextSpy(monkeypatch)
    for _ in range(3):
        ui.frames(1)
        full_frame(ui, play)
        play.view.draw_panel(ui.app.screen, (1376.0, 128.0, 528.0, 392.0))
    assert views, "the view must read the game through view(seat)"
    for data in views:
        assert str(POISON_CARD) not in data and POISON_KIND not in data
    assert spy.seen
    assert str(POISON_CARD) not in spy.joined and POISON_KIND not in spy.joined
    assert "xyzzy" not in play.view.status
    assert reads.reads == []  # the view never touched the live state
    return spy


def test_secrets_never_drawn_while_choosing(ui, monkeypatch):
    g = new_game("aztlan", 3, seed=8)
    g.apply("choose 9")
    g.apply("choose 8")  # two seats chose; the third chooses now
    viewer = g.current_player
    poison(g, viewer)
    play = start(ui.app, g)
    ready(ui, play)
    spy = assert_no_secret(ui, play, monkeypatch)
    assert "Power 4" not in spy.seen  # the options are drawn as cards, not as text
    assert play.view.decision.kind == "choose"


def test_secrets_never_drawn_during_development(ui, monkeypatch):
    g = new_game("aztlan", 3, seed=8)
    for _ in range(3):
        g.apply("choose 8")
    g.apply("place t5")
    viewer = g.current_player
    g.state.prosperity[viewer] = ["eagle-jaguar"]  # the viewer's own card does show...
    poison(g, viewer)
    play = start(ui.app, g)
    assert play.privacy is None  # moving a pawn is decided over the board
    assert not any("Eagle" in text for text in seen(ui, play))  # ...not to the room
    hold_p(ui)  # ...but to its holder, who asks for it
    spy = assert_no_secret(ui, play, monkeypatch)
    assert any("Eagle" in text for text in spy.seen)


def test_secrets_never_drawn_at_scoring(ui, monkeypatch):
    g = position(3, chosen={0: 4, 1: 8, 2: 9}, prosperity={0: ["mixcoatl"]},
                 board={"t2": {0: 1}, "t8": {0: 1}, "t26": {1: 1}, "t30": {2: 1}})
    g.apply("stay")
    assert g.current_player == 0 and g.state.phase == "score"
    poison(g, 0)
    play = start(ui.app, g)
    assert play.privacy is None  # the scoring is public; the cards show on request
    assert "Mixcoatl" not in " ".join(seen(ui, play))
    hold_p(ui)
    spy = assert_no_secret(ui, play, monkeypatch)
    assert "Mixcoatl" in spy.joined  # the viewer's own hand


def test_a_computer_seat_shows_no_secret(ui, monkeypatch):
    """One person and two computers: the person's own cards may show (nobody to hide them
    from, no "Pass to" screen), a computer's never, even while it decides."""
    g = new_game("aztlan", 3, seed=8)
    g.apply("choose 9")
    bot = g.current_player
    person = g.state.order[0]
    poison(g, person)  # the person's "secrets" are poison: they may show here
    session = make_session(ui.app, g, NAMES[:3])
    session.set_kinds(["easy" if s != person else "human" for s in range(3)])
    play = PlayScene(session)
    ui.app.stack.clear_to(play)
    ui.frames(1)
    assert play.privacy is None and g.current_player == bot
    assert play.view.viewer() == person != bot and play.view.model.viewer == person
    assert play.view.decision.kind == "wait" and play.view.model.hand


# ---------------------------------------------------------------------------------------
# development
# ---------------------------------------------------------------------------------------
def developing(ui, seed=8):
    g = new_game("aztlan", 3, seed=seed)
    for card in (9, 8, 7):
        g.apply(f"choose {card}")
    play = start(ui.app, g)
    ui.frames(1)
    assert play.privacy is None  # placing a pawn needs no secret: no "Pass to" screen
    return g, play


def test_clicking_a_territory_places_a_pawn(ui):
    g, play = developing(ui)
    x, y = centre(play, "t12")
    point(ui, x, y)
    assert "place a pawn in t12" in play.view.status
    ui.click(x, y)
    assert g.log[-1] == "place t12"
    assert play.privacy is None  # the same seat goes on with its move step


def test_arrows_and_enter_place_a_pawn(ui):
    g, play = developing(ui)
    view = play.view
    start_t = view.cursor
    ui.key(pygame.K_RIGHT)
    moved = view.geo.nav[start_t]["right"]
    assert view.cursor == moved
    ui.key(pygame.K_RETURN)
    assert g.log[-1] == f"place {view.geo.ids[moved]}"


def test_moving_a_pawn_with_two_clicks_or_skipping(ui):
    g, play = developing(ui)
    seat = g.current_player
    ui.click(*centre(play, "t12"))
    assert g.log[-1] == "place t12" and g.current_player == seat
    ui.click(*centre(play, "t30"))  # not a pawn of ours there
    assert "No pawn of yours" in play.view.status and g.log[-1] == "place t12"
    ui.click(*centre(play, "t12"))  # pick the source
    assert play.view.source == g.rules.table.island.index["t12"]
    point(ui, *centre(play, "t20"))
    assert "does not border" in play.view.status  # the engine's reason
    ui.click(*centre(play, "t13"))
    assert g.log[-1] == "move t12 t13"
    assert play.privacy is None and g.current_player != seat  # no secret to place a pawn
    ui.click(*centre(play, "t1"))
    ui.key(pygame.K_e)  # E: no move
    assert g.log[-2:] == ["place t1", "stay"]


def test_eagle_and_jaguar_is_played_by_its_holder_holding_p(ui):
    """Moving with a prosperity card in hand is decided over the board: no "Pass to"
    screen. The holder holds P to see their cards and presses R (the card's key) to
    play Eagle & Jaguar; let go of P, the card's play goes on in view of all (it is
    played), and the click places the extra pawn."""
    g = new_game("aztlan", 3, seed=8)
    for card in (9, 8, 7):
        g.apply(f"choose {card}")
    seat = g.current_player
    g.state.deck.remove("eagle-jaguar")
    g.state.prosperity[seat].append("eagle-jaguar")
    play = start(ui.app, g)
    ui.click(*centre(play, "t4"))
    assert g.log[-1] == "place t4" and play.privacy is None  # no hand-off to move
    view = play.view
    assert [o.label for o in view.decision.options] == ["No move"]  # the card is hidden
    assert "Hold P to see your 1 prosperity card" in view.decision.prompt
    ui.key(pygame.K_r)  # R alone plays nothing: the card is not on screen
    assert view.mode is None and "hold P" in view.status
    hold_p(ui)
    assert [o.label for o in view.decision.options] == ["No move", "Eagle & Jaguar"]
    ui.key(pygame.K_r)  # P + R: Eagle & Jaguar
    let_go_of_p(ui)
    assert view.mode == "eagle" and view.model.viewer is None  # the hand hides again
    assert view.decision.title.endswith("Eagle & Jaguar Warriors")
    point(ui, *centre(play, "t22"))
    assert "extra pawn in t22" in view.status
    ui.click(*centre(play, "t22"))
    assert g.log[-2:] == ["place t4", "eagle t22"]
    assert view.mode is None and play.privacy is None


def test_a_card_play_begun_can_be_put_back(ui):
    g = new_game("aztlan", 3, seed=8)
    for card in (9, 8, 7):
        g.apply(f"choose {card}")
    g.state.deck.remove("eagle-jaguar")
    g.state.prosperity[g.current_player].append("eagle-jaguar")
    play = start(ui.app, g)
    ui.click(*centre(play, "t4"))
    hold_p(ui)
    ui.key(pygame.K_2)  # P + the card's number
    let_go_of_p(ui)
    assert play.view.mode == "eagle"
    ui.click(*centre(play, "t22"), button=3)  # right click: put the card back
    assert play.view.mode is None
    assert [o.label for o in play.view.decision.options] == ["No move"]
    assert g.log[-1] == "place t4"


# ---------------------------------------------------------------------------------------
# conflicts and out-of-turn decisions
# ---------------------------------------------------------------------------------------
def test_a_conflict_prompt_lists_both_powers(ui):
    g = position(3, chosen={0: 5, 1: 9, 2: 4}, board={"t5": {0: 2, 1: 1}, "t9": {2: 1}})
    g.apply("stay")
    assert g.current_player == 0 and g.legal_actions() == ["battle t5", "coexist t5"]
    play = start(ui.app, g)
    ui.frames(1)
    assert play.privacy is None  # the power cards are revealed: nothing secret to decide
    texts = seen(ui, play)
    assert "5 × 2" in texts and "= 10" in texts  # Ana: card × pawns = power
    assert "9 × 1" in texts and "= 9" in texts  # Ben
    shown = " ".join(texts)  # a button's label and detail may share its lines
    assert "Battle" in shown and "Coexist" in shown
    # hovering a button says what it does; digits pick it
    point(ui, *button_centre(play, 1))
    assert play.view.status.startswith("Click: Coexist")
    ui.key(pygame.K_1)
    assert g.log[-1] == "battle t5"


class CutNames:
    """A text recorder keeping the lines cut to fit (``Screen.recorder``)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def drawn(self, *_args) -> None:
        pass

    def placed(self, *_args) -> None:
        pass

    def cut(self, text, *_args) -> None:
        self.texts.append(text)


def test_three_armies_in_a_conflict_name_their_long_named_commanders_whole(make_app):
    """Three armies of many pawns ("9 × 12 = 108") under commanders with long names: the
    rows name each commander whole (the gold frame marks the strongest where the words
    "the strongest" no longer fit beside the sums), at 1280x720 and a handheld's
    1280x800 (found in a whole game on a handheld: "Xochiq…")."""
    names = ["Xochiquetzal", "Tlahuizcalpan", "Cuauhtemoc"]
    for size in ((1280, 720), (1280, 800)):
        ui = Driver(make_app(size=size, fullscreen=False))
        g = position(3, chosen={0: 9, 1: 8, 2: 7},
                     board={"t5": {0: 12, 1: 12, 2: 13}, "t9": {2: 1}})
        g.apply("stay")
        assert g.current_player == 0 and "battle t5" in g.legal_actions()
        play = PlayScene(make_session(ui.app, g, names))
        ui.app.stack.clear_to(play)
        ui.frames(2)
        cuts = CutNames()
        Screen.recorder = cuts
        try:
            texts = seen(ui, play)
        finally:
            Screen.recorder = None
        assert "9 × 12 = 108" in texts and "7 × 13 = 91" in texts
        for name in names:
            assert name in texts, (size, name)
        assert not [t for t in cuts.texts if any(n in t for n in names)], (size, cuts.texts)
        # under a prompt of three lines (a long territory's name in German) the armies
        # have 90 units: rows still, each name whole
        view = play.view
        Screen.recorder = cuts
        try:
            paint_powers(ui.app.screen, view, view.model, view.geo.ids.index("t5"),
                         (1356.0, 548.0, 536.0, 90.0))
        finally:
            Screen.recorder = None
        assert not [t for t in cuts.texts if any(n in t for n in names)], (size, cuts.texts)


def test_tab_steps_through_the_conflicts_won(ui):
    g = position(3, chosen={0: 9, 1: 5, 2: 4}, board={"t5": {0: 1, 1: 1},
                                                      "t9": {0: 1, 2: 1}})
    g.apply("stay")
    assert g.legal_actions() == ["battle t5", "coexist t5", "battle t9", "coexist t9"]
    play = start(ui.app, g)
    assert play.view.decision.territory == g.rules.table.island.index["t5"]
    ui.key(pygame.K_TAB)
    assert play.view.decision.territory == g.rules.table.island.index["t9"]
    ui.key(pygame.K_DOWN)  # to Coexist
    ui.key(pygame.K_RETURN)
    assert g.log[-1] == "coexist t9"


def test_sacred_games_prompts_the_defeated_player(ui):
    g = position(3, chosen={0: 9, 1: 5, 2: 4}, prosperity={1: ["sacred-games"]},
                 board={"t5": {0: 1, 1: 1}, "t9": {2: 1}})
    g.apply("stay")
    play = start(ui.app, g)
    assert play.privacy is None  # Ana decides in public
    ui.key(pygame.K_1)  # Ana: battle
    assert g.log[-1] == "battle t5" and g.current_player == 1
    # out of turn, Ben decides over the board: the rules ask only a holder of Sacred
    # Games, so the question shows nothing the room does not know
    assert play.privacy is None
    texts = seen(ui, play)
    assert "Ben: play Sacred Games?" in " ".join(texts) or any(
        "Sacred Games" in t for t in texts)
    shown = " ".join(texts)  # a short panel puts card × pawns and the sum on one line
    assert "Decline" in shown and "9 × 1" in shown and "5 × 1" in shown
    ui.key(pygame.K_1)
    assert g.log[-1] == "sacred t5"


def test_great_tlatoani_prompts_the_tied_player(ui):
    g = position(3, chosen={0: 4, 1: 8, 2: 9}, prosperity={0: ["tlatoani"]},
                 board={"t9": {0: 2, 1: 1}, "t1": {2: 1}})
    g.apply("stay")
    assert g.legal_actions() == ["tlatoani t9", "decline"]
    play = start(ui.app, g)
    ui.frames(1)
    assert play.privacy is None  # only a holder is asked: no secret in the question
    assert play.view.decision.kind == "tlatoani"
    texts = seen(ui, play)
    assert "Great Tlatoani" in texts and "4 × 2" in texts and "8 × 1" in texts
    ui.key(pygame.K_RETURN)
    assert g.log[-1] == "tlatoani t9"
    assert play.view.decision.kind == "conflict"  # then battle or coexist


# ---------------------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------------------
def test_scoring_offers_the_cards_and_the_wild_type_with_points(ui):
    g = position(3, chosen={0: 4, 1: 8, 2: 9}, prosperity={0: ["mixcoatl"]},
                 board={"t2": {0: 1}, "t8": {0: 1}, "t18": {0: 1}, "t26": {1: 1},
                        "t30": {2: 1}})
    g.apply("stay")
    play = start(ui.app, g)
    assert play.privacy is None  # scoring is public; the blessing shows on request
    view = play.view
    labels = [o.label for o in view.decision.options]
    assert "Wild: Desert" in labels and "Score" not in labels
    assert not any("Bless" in label for label in labels)
    jungle = next(o for o in view.decision.options if o.action == "wild jungle")
    # t2 + t8 (one domain: 2 + 2² = 6) and t18 (1 + 1 = 2)
    assert jungle.points == 8 and "best" in jungle.detail
    hold_p(ui)
    labels = [o.label for o in view.decision.options]
    assert labels[-1] == "Bless Jungle"  # after the public options: their numbers stay
    ui.key(pygame.K_1 + len(labels) - 1)  # P + the card's number
    let_go_of_p(ui)
    assert g.log[-1] == "bless jungle" and g.current_player == 0
    ui.key(pygame.K_e)  # the wild card needs a type
    assert "Wild" in view.status and g.log[-1] == "bless jungle"
    i = next(i for i, o in enumerate(view.decision.options) if o.action == "wild jungle")
    ui.click(*button_centre(play, i))
    assert g.log[-1] == "wild jungle"
    assert g.state.scores[0] == 8 + 6  # the domains and the blessing (3 jungles × 2)


def test_rafts_by_two_clicks_on_the_shores(ui):
    g = position(3, chosen={0: 7, 1: 8, 2: 9}, prosperity={0: ["rafts"]},
                 board={"t7": {0: 1}, "t9": {0: 1}, "t3": {0: 1}, "t26": {1: 1},
                        "t30": {2: 1}})
    g.apply("stay")
    assert "rafts t7 t9" in g.legal_actions()
    play = start(ui.app, g)
    assert play.privacy is None
    ui.click(*centre(play, "t9"))  # the card is hidden: a click only describes
    assert play.view.raft is None
    hold_p(ui)
    ui.click(*centre(play, "t9"))  # P held: Rafts and Canoes from t9...
    let_go_of_p(ui)
    ui.click(*centre(play, "t7"))  # ...to t7, the play begun goes on without P
    assert g.log[-1] == "rafts t7 t9"


# ---------------------------------------------------------------------------------------
# drawing
# ---------------------------------------------------------------------------------------
def test_drawing_never_changes_the_game(ui):
    g = new_game("aztlan", 3, seed=4)
    play = start(ui.app, g)
    rng = Rng(4)
    with unseen(ui.app):  # the game is compared, not the pixels
        for _ in range(60):
            if g.is_over:
                break
            if play.privacy is not None:
                ui.key(pygame.K_RETURN)
            before = g.to_json()
            for _ in range(2):
                full_frame(ui, play)
                play.view.draw_panel(ui.app.screen, (1376.0, 128.0, 528.0, 392.0))
            assert g.to_json() == before
            assert play.apply(g.playout_action(rng))
            ui.frames(3)


def midgame() -> object:
    """Age II of a seeded three-player game, mid-development, with conflicts ahead."""
    g = new_game("aztlan", 3, seed=3)
    rng = Rng(1)
    while not (g.state.age == 2 and g.state.phase == "develop" and g.state.step == "place"
               and sum(g.state.supply) < 12):
        g.apply(g.playout_action(rng))
    return g


def test_midgame_snapshot(make_app, tmp_path):
    app = make_app(size=SIZE, fullscreen=False)
    g = midgame()
    play = start(app, g)
    app.step([], 1 / 60)
    assert play.privacy is None  # placing a pawn needs no secret
    x, y = centre(play, "t13")
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.px(x, y), rel=(0, 0),
                                 buttons=())], 1 / 60)
    # Ben holds P to peek at his own power card while he places in public
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")], 1 / 60)
    for _ in range(130):  # past the turn banner
        app.step([], 1 / 60)
    assert "place a pawn in t13" in play.view.status
    assert play.session.shown == g.current_player
    check(app.screen.surface, "aztlan-midgame", tmp_path)



def test_the_scoring_overlay_shows_the_board_before_the_device_changes_hands(ui):
    """Everyone reads a scoring over the board (drawn for a spectator: no one's secrets);
    the "Pass to" screen follows once the overlay is closed."""
    from game.ui.scenes.scoring import ScoringScene

    g = position(3, chosen={0: 4, 1: 8, 2: 9}, prosperity={0: ["mixcoatl"], 1: ["rafts"]},
                 board={"t2": {0: 1}, "t8": {0: 1}, "t18": {0: 1}, "t26": {1: 1},
                        "t30": {2: 1}})
    g.apply("stay")
    play = start(ui.app, g)
    assert play.privacy is None  # the wild card's type is chosen over the board
    assert play.apply("wild jungle")  # the others score at once: age II begins
    nxt = g.current_player
    assert g.state.phase == "choose" and isinstance(ui.app.stack.top, ScoringScene)
    ui.frames(2)
    assert play.privacy is None and play.session.handover == nxt
    assert play.view.viewer() is None and play.view.model.viewer is None
    for _ in range(40):  # step through the overlay until it closes
        if not isinstance(ui.app.stack.top, ScoringScene):
            break
        ui.key(pygame.K_RETURN)
    assert play.privacy == nxt and play.session.handover is None  # "Pass to" is on top
    ready(ui, play)
    assert play.view.viewer() == nxt


def test_words_over_one_territory_stand_apart(ui):
    """Sacred Games and the coexistence it forces pop up over t5 one above the other (they
    were drawn on top of each other: "SacCoexistnes")."""
    g = position(3, chosen={0: 9, 1: 5, 2: 4}, prosperity={1: ["sacred-games"]},
                 board={"t5": {0: 1, 1: 1}, "t9": {2: 1}})
    g.apply("stay")
    play = start(ui.app, g)
    ui.key(pygame.K_1)  # Ana: battle in t5
    assert play.privacy is None  # Ben, asked for Sacred Games over the board
    ui.key(pygame.K_1)
    assert g.log[-1] == "sacred t5"
    t5 = g.rules.table.island.index["t5"]
    pops = [a for a in play.view.anims if a.kind == "pop" and a.cells == (t5,)]
    texts = [a.data["text"] for a in pops]
    assert "Sacred Games" in texts and "Coexist" in texts, texts
    assert len({a.data["row"] for a in pops}) == len(pops)  # each on its own row


def test_the_scoring_overlay_is_titled_by_the_age(ui):
    from game.ui.scenes.scoring import ScoringScene

    g = position(3, chosen={0: 4, 1: 8, 2: 9}, board={"t2": {0: 1}, "t8": {0: 1},
                                                     "t26": {1: 1}, "t30": {2: 1}})
    g.apply("stay")
    play = start(ui.app, g)
    for _ in range(3):
        if isinstance(ui.app.stack.top, ScoringScene) or g.state.phase != "score":
            break
        if play.privacy is not None:
            ready(ui, play)
        play.apply(g.legal_actions()[-1])
    overlay = ui.app.stack.top
    assert isinstance(overlay, ScoringScene)
    assert overlay.title == "Scoring of age I"



# ---------------------------------------------------------------------------------------
# each seat's facts on its seat card
# ---------------------------------------------------------------------------------------
def seat_facts(ui, play, seat: int) -> list[str]:
    """The words and numbers of ``seat``'s facts on its seat card, painted afresh."""
    play.view.on_reset()
    with every_text_drawn(ui) as texts:
        play.view.draw_seat_facts(ui.app.screen, seat, (1356.0, 86.0, 251.0, 42.0))
    return texts


def test_seat_cards_show_what_each_seat_has_and_only_the_viewers_own_card(ui):
    """Pawns still to place, this age's power card (face down, unless it is the viewer's
    own), the prosperity cards' count: on every seat card, in place of a panel row."""
    g = new_game("aztlan", 3, seed=8)
    for card in (9, 8, 7):
        g.apply(f"choose {card}")
    decider = g.current_player
    g.state.prosperity[decider] = ["mixcoatl", "offering"]
    play = start(ui.app, g)
    ui.frames(1)
    assert play.privacy is None and play.view.decision.kind == "place"
    assert play.view.seat_fact_lines == 1
    chosen = g.state.chosen
    for seat in range(3):  # placing in public: every card face down
        facts = seat_facts(ui, play, seat)
        assert f"×{g.state.supply[seat]}" in facts and "?" in facts
        assert str(chosen[seat]) not in facts
        assert str(len(g.state.prosperity[seat])) in facts
    ui.key(pygame.K_p)  # the person deciding holds P: their own card shows on their card
    assert play.session.shown == decider
    assert str(chosen[decider]) in seat_facts(ui, play, decider)
    for seat in set(range(3)) - {decider}:
        assert str(chosen[seat]) not in seat_facts(ui, play, seat)


def test_a_seat_card_is_repainted_when_its_own_facts_change_and_only_then(ui):
    """The frame after an action repaints the seat cards whose facts changed (the seat
    that placed a pawn, the seat now deciding) and blits the others as they were, so
    the frame after a move stays short; the viewer's own card is repainted when P is
    held, so a secret shows only then."""
    g = new_game("aztlan", 3, seed=8)
    for card in (9, 8, 7):
        g.apply(f"choose {card}")
    play = start(ui.app, g)
    ui.frames(2)
    snaps = play.view.canvas.seat_snaps
    before = {seat: snaps[seat].paints for seat in range(3)}
    placer = g.current_player
    assert play.apply(next(a for a in play.game.legal_actions() if a.startswith("place")))
    ui.frames(1)
    after = play.game.current_player
    changed = {placer, after}
    assert len(changed) < 3
    for seat in set(range(3)) - changed:
        assert snaps[seat].paints == before[seat]
    for seat in changed:
        assert snaps[seat].paints > before[seat]
    shown = snaps[after].paints
    if play.privacy is not None:
        ready(ui, play)
        shown = snaps[after].paints
    ui.key(pygame.K_p)  # the seat deciding looks at its own card: its seat card repaints
    assert play.session.shown == after and snaps[after].paints > shown


def test_quiet_frames_paint_the_conflict_marks_before_the_conflicts_begin(ui):
    """The marks of an age's conflicts all show in one frame: the frames before it, which
    repaint no territory, have painted them, one territory a frame."""
    g = position(3, chosen={0: 5, 1: 9, 2: 4}, board={"t5": {0: 2, 1: 1}, "t9": {2: 1}})
    play = start(ui.app, g)
    if play.privacy is not None:
        ready(ui, play)
    SPRITES.clear()

    def marks() -> int:
        return sum(1 for key in SPRITES._lru.keys() if key[:2] == ("in place", "fight"))  # noqa: SLF001

    ui.frames(5)
    assert 0 < marks() < len(play.view.geo.polys)  # a few quiet frames, a few marks
    ui.frames(len(play.view.geo.polys))
    assert marks() == len(play.view.geo.polys)
    renders = SPRITES.renders
    play.apply("stay")  # the conflict on t5 begins: its mark is drawn from the cache
    ui.frames(1)
    assert g.state.phase == "conflict"
    assert marks() == len(play.view.geo.polys)
    assert SPRITES.renders - renders < 5  # the prompt's words at most, no mark
    assert any(key[:3] == ("in place", "fight", g.rules.table.island.index["t5"])
               for key in SPRITES._lru.keys())  # noqa: SLF001


def test_the_panel_counts_one_pawn_in_the_singular(ui):
    """The pawns left to place, under the decider's card: "1" over "pawn", not "pawns"."""
    g = new_game("aztlan", 3, seed=8)
    for card in (9, 8, 7):
        g.apply(f"choose {card}")
    seat = g.current_player
    play = start(ui.app, g)
    army = g.state.control[seat]
    texts = seen(ui, play)
    assert "pawns" in texts and "pawn" not in texts  # 8 pawns
    g.state.supply[army] = 1
    play.session.version += 1  # (the state was set by hand: the view reads it anew)
    texts = seen(ui, play)
    assert "pawn" in texts and "pawns" not in texts
