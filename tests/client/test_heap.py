"""A game's frames keep the collector's full passes out: when the play screen comes up,
the window's loop settles the heap once (a full pass, then what survives is frozen), so
a full pass later walks only what the game made since (``game.ui.heap``)."""

from __future__ import annotations

import gc
import weakref

import pytest

from game.api import new_game
from game.ui import showcase
from game.ui.heap import settle


@pytest.fixture
def thawed():
    """Whatever a test froze is thawed afterwards, for the tests after it."""
    yield
    gc.unfreeze()


def test_the_loop_settles_the_heap_once_when_a_game_comes_up(app, thawed):
    gc.unfreeze()
    title = app.stack.top
    app.run(max_frames=2)
    assert not title.settles_heap and gc.get_freeze_count() == 0  # menus: nothing
    play = showcase.start_play(app, new_game("mexica", 2, seed=1))
    app.run(max_frames=1)
    assert gc.get_freeze_count() > 0  # the game's screen came up: settled
    assert not app.heap.watch(play)  # the same game's screen: not again
    again = showcase.start_play(app, new_game("mexica", 2, seed=2))
    assert app.heap.watch(again)  # a new game: once more, with the old one thawed first


def test_what_the_last_game_left_in_cycles_is_freed_by_the_next_settle(thawed):
    class Junk:
        pass

    a, b = Junk(), Junk()
    a.other, b.other = b, a  # a cycle: only the collector frees it
    settle()
    ref = weakref.ref(a)
    del a, b
    gc.collect()
    assert ref() is not None  # frozen: full passes leave it alone
    settle()
    assert ref() is None  # the next game's settle thaws first, then frees it
