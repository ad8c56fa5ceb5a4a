"""``Rules.progresses``: an action it marks never comes back to an earlier position.

The bots skip the loop check (:meth:`game.ai.base.Bot.loops`) for the moves a variant
marks, so a wrong mark would let a computer player go round in circles unseen. These
tests hold every installed variant to the promise over whole games whose moves are half
the playout policy's and half uniform (uniform moves walk to and fro, take tokens and
spend them again: what a wrong mark would come back by), and show that the kit catches
an engine that marks a move that can go back.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import make_bot
from game.ai.base import Bot, split_plan, view_digest, walk
from game.api import list_variants, new_game
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.kit.conformance import ConformanceError, check_variant
from game.kit.conformance.probes import ProgressWatch, Where
from tests.race_rules import Race
from tests.toy_registry import toy_registry

CASES = [pytest.param(entry["id"], players, id=f"{entry['id']}-{players}p")
         for entry in list_variants()
         for players in range(entry["min_players"], entry["max_players"] + 1)]
#: actions of one mixed game at most (uniform moves alone can walk to and fro for ever)
MIXED_STEPS = 1000


def mixed_game(variant: str, players: int, seed: int) -> tuple[int, int]:
    """Play a game of playout and uniform moves under a :class:`ProgressWatch` (which
    fails on a marked action that comes back); the actions played and those marked."""
    game = new_game(variant, players, seed)
    watch = ProgressWatch(game)
    where = Where(variant, players, seed, None)
    rng = Rng(seed)
    marked = 0
    while not game.is_over and len(game.log) < MIXED_STEPS:
        action = game.playout_action(rng) if rng.randbelow(2) else \
            rng.choice(game.legal_actions())
        game.apply(action)
        marked += game.rules.progresses(action)
        watch.after(game, action, where, len(game.log) - 1)
    return len(game.log), marked


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_a_marked_action_never_leads_to_a_view_seen_earlier(variant, players):
    played = marked = 0
    for seed in (1,):
        steps, marks = mixed_game(variant, players, seed)
        played += steps
        marked += marks
    assert played > 100
    if variant.startswith(("mexica", "aztlan")):  # the built-in engines that mark moves
        assert marked > 10, "the games never tried a marked action: nothing was checked"


def test_mexica_marks_every_action_while_walking_costs_ap():
    rules = new_game("mexica", 2, seed=1).rules
    for action in ("canal e5", "canal e5 e6", "bridge e5 ns", "temple e5 3", "found e5",
                   "  CANAL e5", "take", "spend", "end", "move e5", "boat e5",
                   "teleport e5", "relocate e5 e6 ns", "start e5", "remove 3", "agree",
                   "refuse"):
        assert rules.progresses(action), action
    for action in ("", "canals e5", "xyzzy"):
        assert not rules.progresses(action), action


def test_a_free_step_is_not_marked_and_would_be_caught_if_it_were():
    """With steps for free a Pilli can walk there and back within a turn: the position
    comes back, so ``move`` is not marked; marked anyway, the watch catches it."""
    options = {"costs": {"step": 0}}
    rules = new_game("mexica", 2, seed=1, options=options).rules
    assert not rules.progresses("move e5")
    assert rules.progresses("teleport e5") and rules.progresses("canal e5")

    class Wrong(type(rules)):  # marks the free step too
        def progresses(self, action: str) -> bool:
            return True

    game = new_game("mexica", 2, seed=1, options=options)
    game.rules.__class__ = Wrong
    watch = ProgressWatch(game)
    rng = Rng(1)
    with pytest.raises(ConformanceError, match=r"progresses\('move [a-z]\d+'\) is True"):
        while not game.is_over and len(game.log) < 2000:
            moves = [a for a in game.legal_actions() if a.startswith("move")]
            action = rng.choice(moves) if moves and rng.randbelow(4) else \
                game.playout_action(rng)
            game.apply(action)
            watch.after(game, action, Where("mexica", 2, 1, options), len(game.log) - 1)


def test_aztlan_marks_only_a_pawn_placed_from_the_supply():
    rules = new_game("aztlan", 3, seed=1).rules
    assert rules.progresses("place t3")
    for action in ("eagle t3", "move t3 t4", "stay", "choose 3", "battle t3", "score"):
        assert not rules.progresses(action), action


# -- the bots: the hook saves the replay and never changes the answer -------------------
class CountingRace(Race):
    """The race, counting applies; a step forward is marked (positions only grow)."""

    engine_id = "progress-race"
    applied = 0

    def apply(self, state, action):
        CountingRace.applied += 1
        return super().apply(state, action)

    def progresses(self, action: str) -> bool:
        return action.startswith("step")


def test_a_marked_move_is_not_replayed_by_the_loop_check():
    rules = CountingRace({"target": 50}, 2)
    state = rules.new_state(1)
    bot = Bot()
    CountingRace.applied = 0
    assert bot.fresh(rules, state, 0, ["step 1", "step 2"]) == ["step 1", "step 2"]
    assert not bot.loops(rules, state, 0, "step 1;step 2")
    assert CountingRace.applied == 0


@pytest.mark.parametrize("variant", ["mexica", "aztlan"])
def test_the_loop_check_gives_the_replay_s_answer_for_every_marked_move(variant):
    """At the positions a Normal player decides at in a real game, with its real history,
    every marked legal action is one the replay finds no repeat in."""
    game = new_game(variant, 3, seed=5)
    bots = [make_bot("normal", seed=seat, samples=1, width=2, branching=8)
            for seat in range(3)]
    checked = 0
    while not game.is_over and len(game.log) < 90:
        seat = game.current_player
        bot = bots[seat]
        legal = game.legal_actions()
        view = game.view(seat)
        if len(game.log) % 7 == 0:
            state = game.rules.determinize(view, seat, Rng(len(game.log)))
            history = {*bot.history, view_digest(view)}  # as ``choose`` has it
            for action in legal:
                if game.rules.progresses(action):
                    _done, repeats = walk(game.rules, game.rules.clone(state),
                                          split_plan(action), seat, history)
                    assert not repeats, action
                    checked += 1
        game.apply(bot.choose(game.rules, view, legal))
    assert checked > 20


# -- the kit: a wrong mark is caught -----------------------------------------------------
class Shuffle(Race):
    """A walk of one step forward or back; it marks every action, the step back too
    (wrongly: two seats stepping forward and back come back to where they were)."""

    engine_id = "progress-shuffle"

    def legal_actions(self, state):
        if state["winners"]:
            return []
        return ["step 1", "back"] if state["pos"][state["turn"]] > 0 else ["step 1"]

    def parse(self, state, action):
        if state["winners"] or action not in self.legal_actions(state):
            raise IllegalAction("write it as: step 1 or back")
        return -1 if action == "back" else 1

    def apply(self, state, action):
        n = self.parse(state, action)
        self.advance(state, n)
        return ("back" if n < 0 else f"step {n}"), []

    def playout_action(self, state, rng):
        return "step 1"

    def scores(self, state):
        return [0] * self.players  # a race without points: the steps back cost none

    def progresses(self, action: str) -> bool:
        return True


class HonestShuffle(Shuffle):
    """The same game marking nothing, as it must: a step back lowers what the steps
    forward raise, so any of its moves can come back to a position."""

    engine_id = "progress-honest"

    def progresses(self, action: str) -> bool:
        return False


@pytest.fixture
def shuffle_registry(tmp_path: Path):
    yield from toy_registry(tmp_path, (Shuffle, HonestShuffle), "progress_toys",
                            players="{min: 2, max: 2}", extra="parameters: {target: 12}\n")


def test_the_kit_catches_a_marked_move_that_comes_back(shuffle_registry):
    with pytest.raises(ConformanceError, match=r"progresses\('(back|step 1|step 2)'\) is "
                       r"True, but the action led back"):
        check_variant("progress-shuffle", players=2, seed=3)
    check_variant("progress-honest", players=2, seed=3)


def test_a_refused_step_is_still_refused():
    """The hook answers from the text; ``apply`` still decides (a marked text that is not
    legal is refused as ever)."""
    game = new_game("mexica", 2, seed=1)
    assert game.rules.progresses("canal zz99")
    with pytest.raises(IllegalAction):
        game.apply("canal zz99")
