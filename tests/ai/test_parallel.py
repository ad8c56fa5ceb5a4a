"""Root-parallel Hard (``workers``): the trees of several processes merged at the root,
the same decision for a seed and a worker count, and a search that goes on alone when
the other processes cannot be used."""

from __future__ import annotations

import pickle

import pytest

from game.ai import make_bot, parallel
from game.ai.mcts import search_root
from game.ai.parallel import RootJob, RootPool, merge, shares
from game.api import new_game


def _midgame():
    """A turn's start, where Hard weighs eleven plans (in the middle of a turn it often
    has one, and then stops searching after one iteration)."""
    game = new_game("mexica", 2, seed=3)
    bots = [make_bot("normal", seed=seat) for seat in range(2)]
    while len(game.log) < 28:
        seat = game.current_player
        game.apply(bots[seat].choose(game.rules, game.view(seat), game.legal_actions()))
    return game


def _decide(game, grown: list[int] | None = None, **options) -> tuple[str, dict]:
    """A Hard decision at 60 iterations, seed 5, with ``options`` (its pool closed after);
    with ``grown``, every tree grown in this process is noted there."""
    bot = make_bot("hard", seed=5, iterations=60, **options)
    if grown is not None:
        bot.grow = lambda *args: grown.append(1)  # type: ignore[method-assign]
    try:
        seat = game.current_player
        return bot.choose(game.rules, game.view(seat), game.legal_actions()), dict(bot.stats)
    finally:
        bot.close()


def test_an_iteration_budget_is_split_between_the_trees():
    assert shares(300, 2) == [150, 150]
    assert shares(301, 3) == [101, 100, 100]
    assert sum(shares(7, 4)) == 7


def test_the_root_statistics_are_added_up_move_by_move():
    merged = merge([{"a": (3.0, 2.0), "b": (1.0, 0.5)}, {"b": (4.0, 1.0), "c": (2.0, 2.0)}])
    assert merged == {"a": (3.0, 2.0), "b": (5.0, 1.5), "c": (2.0, 2.0)}
    assert list(merged) == ["a", "b", "c"]  # first seen first: ties break the same way


def test_workers_must_be_a_whole_number_of_at_least_one():
    for bad in (0, -2, 1.5, True):
        with pytest.raises(ValueError, match="workers"):
            make_bot("hard", workers=bad)


def test_without_its_processes_hard_searches_alone_and_says_why(monkeypatch):
    def refuse(rules, processes, grow):
        raise OSError("no processes here")

    monkeypatch.setattr(parallel, "RootPool", refuse)
    game = _midgame()
    seat = game.current_player
    bot = make_bot("hard", seed=5, iterations=40, workers=2)
    action = bot.choose(game.rules, game.view(seat), game.legal_actions())
    assert action in game.legal_actions()
    assert "no processes here" in bot.stats["pool_error"]
    assert bot.stats["iterations"] == 40 and bot.workers == 1


@pytest.mark.slow
def test_a_job_grown_in_a_spawned_process_is_the_tree_grown_here():
    """The pool sends the search's job function to a spawned process by reference (no
    closure, no bot): there it grows, from the rules the process built, exactly the tree
    the same job grows here, move by move."""
    game = _midgame()
    seat = game.current_player
    job = RootJob(game.view(seat), game.legal_actions(), seat, seed=11, iterations=30,
                  seconds=None, options=make_bot("hard").search_options(), weights=None,
                  history=[])
    assert pickle.loads(pickle.dumps(search_root)) is search_root
    here = search_root(job, game.rules)
    pool = RootPool(game.rules, 1, search_root)
    try:
        there = pool.submit(job).result(timeout=parallel.PATIENCE * 4)
    finally:
        pool.close()
    assert there == here
    totals, iterations = there
    assert iterations == 30 and sum(visits for visits, _ in totals.values()) >= 30


@pytest.mark.slow
def test_two_processes_give_the_same_decision_for_the_same_seed():
    game = _midgame()
    first, stats = _decide(game, workers=2)
    again, stats_again = _decide(game, workers=2)
    assert first in game.legal_actions()
    assert stats["trees"] == 2 and stats["iterations"] == 60  # both trees answered
    assert (first, stats["visits"], stats["value"]) == \
        (again, stats_again["visits"], stats_again["value"])


@pytest.mark.slow
def test_an_offloaded_hard_player_searches_only_in_another_process():
    """The window's Hard players think in another process: this one (where the frames
    are drawn) grows no tree, and the decision is still a legal move of the whole
    budget, the same for a seed."""
    game = _midgame()
    grown: list[int] = []
    first, stats = _decide(game, offload=True, grown=grown)
    again, _ = _decide(game, offload=True, grown=grown)
    assert not grown  # no tree in this process
    assert first in game.legal_actions()
    assert stats["trees"] == 1 and stats["iterations"] == 60
    assert first == again


def test_without_its_process_an_offloaded_hard_player_searches_here(monkeypatch):
    def refuse(rules, processes, grow):
        raise OSError("no processes here")

    monkeypatch.setattr(parallel, "RootPool", refuse)
    game = _midgame()
    bot = make_bot("hard", seed=5, iterations=40, offload=True)
    action = bot.choose(game.rules, game.view(game.current_player), game.legal_actions())
    assert action in game.legal_actions()
    assert bot.stats["iterations"] == 40 and not bot.offload


def test_the_window_offloads_its_hard_players(monkeypatch):
    """``aztec-arcade play`` (the window) asks for offloaded Hard players; a program that
    builds the client itself (the tests) keeps them in its own process."""
    from game import ai

    monkeypatch.setitem(ai._CLIENT, "offload", False)
    assert not ai.client_bot("hard", seed=1).offload  # type: ignore[attr-defined]
    ai.set_client_workers(1, offload=True)
    try:
        bot = ai.client_bot("hard", seed=1)
        assert bot.offload and bot.budget.seconds == ai.CLIENT_SECONDS  # type: ignore[attr-defined]
    finally:
        ai.set_client_workers(1)
