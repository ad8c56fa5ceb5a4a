"""Hard's ``reuse`` option (game.ai.reuse): the next decision starts from the subtree the
last one searched, only where the position is the one that subtree stands for, and a game
is still the same for a seed and an iteration budget."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import make_bot
from game.ai.arena import play_game
from game.api import new_game
from game.core.errors import ConfigError

#: small, so that whole games take seconds
ITERATIONS = 30
#: the most visits a root move can have after a search from an empty tree: every
#: iteration, and the virtual visits a new edge near the root starts with (``prior_visits``)
FRESH_MOST = ITERATIONS + 3
#: those virtual visits
PRIOR = 3


def hard_game(reuse: bool, seed: int = 4) -> tuple[Any, list[dict[str, Any]]]:
    """A Market game for two, a Hard (``reuse``) on seat 0 against a plain Hard; the
    finished game and the stats of seat 0's searched decisions."""
    game = new_game("tlatelolco-market", players=2, seed=seed)
    bots = [make_bot("hard", seed=1, iterations=ITERATIONS, reuse=reuse),
            make_bot("hard", seed=2, iterations=ITERATIONS)]
    searched: list[dict[str, Any]] = []

    def note(seat: int, _action: str, bot: Any) -> None:
        if seat == 0 and "iterations" in bot.stats:
            searched.append(dict(bot.stats))

    play_game(game, bots, on_decision=note)
    return game, searched


def test_a_reusing_hard_starts_many_decisions_with_searched_replies():
    """Most of the Market's decisions follow one of the same seat's (a turn is several
    small steps): those start from the visits the last search gave that position, and
    search the same number of new iterations on top."""
    _game, searched = hard_game(reuse=True)
    reused = [s for s in searched if s.get("reused_visits", 0) > 0]
    assert len(reused) >= len(searched) // 3, (len(reused), len(searched))
    assert all(s["iterations"] == ITERATIONS for s in searched)
    assert all(s["visits"] <= FRESH_MOST + s.get("reused_visits", 0) for s in searched)
    assert sum(map(more_than_fresh, reused)) >= 3


def test_without_the_option_no_decision_reuses():
    _game, searched = hard_game(reuse=False)
    assert searched and not any("reused_visits" in s for s in searched)
    assert all(s["visits"] <= FRESH_MOST and not more_than_fresh(s) for s in searched)


def more_than_fresh(stats: dict[str, Any]) -> bool:
    """Whether a decision's root holds more visits than a search from nothing gives:
    every iteration, and the virtual visits each new edge near the root starts with."""
    return stats["root_visits"] > ITERATIONS + PRIOR * stats["root_edges"]


def test_an_offloaded_hard_reuses_the_tree_its_process_kept():
    """The window's Hard grows its tree in another process (``offload``): that process
    keeps the subtree, and later decisions start with more visits at the root than one
    search from nothing can give."""
    game = new_game("tlatelolco-market", players=2, seed=4)
    bot = make_bot("hard", seed=1, iterations=ITERATIONS, reuse=True, offload=True)
    rival = make_bot("normal", seed=2)
    searched: list[dict[str, Any]] = []
    try:
        while not game.is_over and len(searched) < 20:
            seat = game.current_player
            player = bot if seat == 0 else rival
            game.apply(player.choose(game.rules, game.view(seat), game.legal_actions()))
            if seat == 0 and "trees" in bot.stats:
                assert bot.stats["trees"] == 1 and bot.offload  # searched over there
                searched.append(dict(bot.stats))
    finally:
        bot.close()
    assert len(searched) == 20
    assert sum(map(more_than_fresh, searched)) >= 3


def test_a_reusing_hard_plays_the_same_game_for_a_seed():
    first, _ = hard_game(reuse=True)
    again, _ = hard_game(reuse=True)
    assert first.log == again.log and first.scores == again.scores


def test_a_position_the_kept_tree_never_reached_starts_afresh():
    """After an undo (``reset``) or at a position of another game, the kept subtree
    stands for nothing the seat sees: the search starts from an empty tree."""
    game = new_game("tlatelolco-market", players=2, seed=9)
    bot = make_bot("hard", seed=1, iterations=ITERATIONS, reuse=True)
    seat = game.current_player
    bot.choose(game.rules, game.view(seat), game.legal_actions())
    other = new_game("tlatelolco-market", players=2, seed=10)
    bot.choose(other.rules, other.view(other.current_player), other.legal_actions())
    assert "reused_visits" not in bot.stats
    bot.reset()
    assert bot._kept is None  # noqa: SLF001 - what an undo drops


def test_reuse_is_a_checked_option():
    with pytest.raises(ConfigError, match="reuse: expected true or false"):
        make_bot("hard", reuse="yes")


def test_a_reused_node_near_the_root_gets_the_evaluation_s_priors():
    """Near its root a search starts every edge with the evaluation's value as a few
    virtual visits, so that a few noisy replies cannot overrule it. A node kept from the
    last decision grew farther down, without them: once it is near the new root, its
    edges get them too (and its moves the evaluation's order), as a fresh search's
    would."""
    from game.ai.mcts import Node

    game = new_game("tlatelolco-market", players=2, seed=4)
    bot = make_bot("hard", seed=1, iterations=ITERATIONS, reuse=True)
    state = game.rules.clone(game.state)
    seat = game.current_player
    node = Node(None, None, None)
    grown = game.rules.legal_actions(state)[:2]
    for move in grown:  # two edges as a deep node grows them: one real visit each
        child = bot._child(node, move, seat)  # noqa: SLF001
        child.visits, child.total = 1, 0.5
    node.reused = True
    moves = bot._moves(game.rules, node, state, seat, False, 0)  # noqa: SLF001
    assert node.priors and set(grown) <= set(node.priors)
    assert sorted(moves) == sorted(game.rules.legal_actions(state))
    for move in grown:
        child = node.children[move]
        assert child.visits == 1 + PRIOR
        assert child.total == 0.5 + PRIOR * node.priors[move]
