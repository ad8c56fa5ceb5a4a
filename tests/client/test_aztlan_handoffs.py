"""Aztlán with three people at one screen (issue 31): a "Pass to" screen only for the
power card each person chooses in secret, never for a placement, a move, a conflict or a
scoring, prosperity cards in hand or not. A card is played by its holder, who asks for it:
P held shows their own cards, and the card's key (R for Eagle & Jaguar, a number for the
others, or a click on a shore for Rafts) begins its play, which goes on in view of all.

Before, each decision where a held prosperity card could be played was passed to its
holder: in these games (three people making the playout policy's choices) 36 "Pass to"
screens came by the fourth age's power cards with seed 38, 12 of them in age III's pawn
placements, and 48 with seed 4 (18 in age III's placements). Now: 12, one per power card
chosen, while every kind of prosperity card is played (seed 38).
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.api import new_game
from game.core.rng import Rng
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.sessions import make_session
from tests.aztlan import position

from .conftest import unseen
from .test_aztlan_view import centre, hold_p, let_go_of_p
from .test_hints import wait_hint

NAMES = ["Ana", "Ben", "Cy"]


def option_key(play, action: str) -> int:
    """The number key of the decision's option that plays ``action``."""
    options = play.view.decision.options
    i = next(i for i, o in enumerate(options) if o.action == action)
    assert i < 9, options
    return pygame.K_1 + i


def by_hand(ui, play, action: str) -> None:
    """Play ``action`` as a person does: clicks on the map, keys for the options, and a
    prosperity card by holding P and pressing its key."""
    verb, *args = action.split()
    view = play.view
    if verb == "choose":
        length = len(play.game.log)
        ui.key(pygame.K_0 + int(args[0]))  # the card's number: focused (or chosen if it was)
        if len(play.game.log) == length:
            ui.key(pygame.K_RETURN)
    elif verb == "place":
        ui.click(*centre(play, args[0]))
    elif verb == "move":
        ui.click(*centre(play, args[0]))
        ui.click(*centre(play, args[1]))
    elif verb in ("stay", "score"):
        ui.key(pygame.K_e)
    elif verb == "eagle":
        hold_p(ui)
        ui.key(pygame.K_r)
        let_go_of_p(ui)
        ui.click(*centre(play, args[0]))
    elif verb == "bless":
        hold_p(ui)
        ui.key(option_key(play, action))
        let_go_of_p(ui)
    elif verb == "rafts":
        hold_p(ui)
        ui.click(*centre(play, args[0]))
        let_go_of_p(ui)
        ui.click(*centre(play, args[1]))
    elif verb in ("battle", "coexist"):
        where = play.game.rules.table.island.index[args[0]]
        if view.decision.territory != where:
            ui.click(*centre(play, args[0]))  # the conflict to decide
        ui.key(option_key(play, action))
    else:  # wild, sacred, tlatoani, decline: an option of the panel
        ui.key(option_key(play, action))


def three_people(ui, seed: int) -> tuple[Counter[str], Counter[str]]:
    """A seeded three-person game through the real play screen, by the playout policy's
    choices made with keys and clicks, until the fourth age's power cards are chosen:
    the "Pass to" screens by phase, and the prosperity cards played."""
    g = new_game("aztlan", 3, seed=seed)
    session = make_session(ui.app, g, NAMES)
    session.set_kinds(["human"] * 3)
    play = PlayScene(session)
    ui.app.stack.clear_to(play)
    rng = Rng(seed)
    handoffs: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    with unseen(ui.app):
        while g.state.age < 4 or g.state.phase == "choose":
            top = ui.app.stack.top
            if isinstance(top, ScoringScene):
                ui.app.stack.pop()
                continue
            if isinstance(top, HandoffScene):
                assert top.seat == g.current_player
                handoffs[g.state.phase] += 1
                ui.key(pygame.K_RETURN)
                assert session.shown == top.seat  # their hand, for their choice only
                continue
            assert top is play
            assert session.shown is None or g.state.phase == "choose"  # nobody's secrets
            action = g.playout_action(rng)
            length = len(g.log)
            by_hand(ui, play, action)
            assert g.log[length:] == [action], (action, play.view.status, play.refusal)
            if action.split()[0] in ("eagle", "bless", "rafts", "sacred", "tlatoani",
                                     "decline", "wild"):
                cards[action.split()[0]] += 1
    return handoffs, cards


@pytest.mark.parametrize("seed", [4, 38])
def test_three_people_pass_the_screen_only_to_choose_a_power_card(ui, seed):
    handoffs, cards = three_people(ui, seed)
    assert cards["bless"] >= 2, cards  # people held and played prosperity cards...
    if seed == 38:  # ...every kind, each as its holder asks for it...
        assert set(cards) == {"eagle", "bless", "rafts", "sacred", "tlatoani", "decline",
                              "wild"}, cards
    # ...with no "Pass to" screen for them: one per power card chosen, 3 people × 4 ages
    assert handoffs == Counter({"choose": 12})


def test_a_hint_the_room_reads_never_names_a_hidden_card(ui):
    """H at a scoring where the decider holds a blessing: with other people at the screen
    the hint keeps to what the room may see (the blessing would give the card away);
    alone with computers, the same hint plays it."""
    hints = []
    for kinds in (["human"] * 3, ["human", "easy", "easy"]):
        g = position(3, chosen={0: 7, 1: 8, 2: 9}, prosperity={0: ["mixcoatl"]},
                     board={"t2": {0: 1}, "t8": {0: 1}, "t18": {0: 1}, "t26": {1: 1},
                            "t30": {2: 1}})
        g.apply("stay")
        assert g.current_player == 0 and g.legal_actions() == ["bless jungle", "score"]
        session = make_session(ui.app, g, NAMES)
        session.set_kinds(kinds)
        play = PlayScene(session)
        ui.app.stack.clear_to(play)
        ui.frames(2)
        ui.key(pygame.K_h)
        wait_hint(ui, play)
        hints.append(play.hint_text)
    shared, alone = hints
    assert "blessing" not in shared.lower() and "Jungle" not in shared
    assert "blessing" in alone
