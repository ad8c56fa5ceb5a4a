"""A game's frames keep the collector's full passes out: when the play screen comes up,
the window's loop settles the heap once (a full pass, then what survives is frozen), so
a full pass later walks only what the game made since (``game.kit.client.heap``)."""

from __future__ import annotations

import gc
import weakref

import pytest

from game.api import new_game
from game.kit.client import heap
from game.kit.client.heap import settle
from game.ui import showcase
from game.ui.scenes.play import PlayScene
from game.ui.sessions import make_session


@pytest.fixture
def thawed():
    """Whatever a test froze is thawed afterwards, for the tests after it."""
    yield
    gc.unfreeze()
    gc.set_threshold(*heap.DEFAULTS)


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


def test_a_game_tidies_the_heap_every_couple_of_seconds(app, thawed, monkeypatch):
    """During a game, every ``TIDY_FRAMES`` frames what was made since the last freeze
    is passed over and frozen: a cycle that is already garbage is freed then, and what
    lives is frozen, so a later full pass walks only the last seconds' objects."""
    monkeypatch.setattr(heap, "TIDY_FRAMES", 5)
    play = showcase.start_play(app, new_game("mexica", 2, seed=1))
    assert app.heap.watch(play)  # settled when its screen came up

    class Junk:
        pass

    a, b = Junk(), Junk()
    a.other, b.other = b, a  # garbage once dropped: only the collector frees it
    gone = weakref.ref(a)
    kept = Junk()
    del a, b
    for _ in range(4):
        assert not app.heap.watch(play)
    assert gone() is not None and not _frozen(kept)  # not yet
    assert not app.heap.watch(play)  # the fifth frame: tidied
    assert gone() is None  # the garbage cycle was freed
    # What lives is frozen. (Not checked by ``gc.get_freeze_count()``: the tidy also
    # frees what earlier tests froze and has since died, so the total can shrink.)
    assert _frozen(kept)


def _frozen(obj: object) -> bool:
    """Left out of the collector's passes (in none of its three generations)."""
    return not any(o is obj for gen in range(3) for o in gc.get_objects(generation=gen))


def test_a_game_that_left_the_screen_is_freed_at_once(app, thawed):
    """What a game's screen held in cycles (its view, its layers) was frozen by the
    game's tidies; once the screen leaves the stack it is freed then, not kept under the
    results and the menus until the next game starts."""
    play = showcase.start_play(app, new_game("mexica", 2, seed=1))
    assert app.heap.watch(play, app.stack.scenes)
    play.me = play  # type: ignore[attr-defined]  # in a cycle, as a view's callbacks put it
    heap.tidy()  # frozen, as every couple of seconds of the game
    gone = weakref.ref(play)
    app.stack.pop()
    del play
    assert not app.heap.watch(app.stack.top, app.stack.scenes)
    assert gone() is None  # freed as the game's screen went
    assert gc.get_freeze_count() == 0  # and the menus run unfrozen


def test_a_game_that_left_the_screen_is_freed_before_the_next_screen_paints(app, thawed):
    """The frame in which the game's screen goes frees what it held before the next
    screen paints its own art, so the two are never held at once."""
    under = app.stack.top  # the title
    play = PlayScene(make_session(app, new_game("mexica", 2, seed=1), ["Ana", "Ben"]))
    app.stack.push(play)
    app.step([], 1 / 60)
    assert app.heap.watch(play, app.stack.scenes)
    play.me = play  # type: ignore[attr-defined]  # in a cycle, as a view's callbacks put it
    heap.tidy()
    gone = weakref.ref(play)
    seen: list[bool] = []
    draw, parts = under.draw, under.parts  # (the title paints whole or in parts)
    under.draw = lambda screen: (seen.append(gone() is None), draw(screen))  # type: ignore[method-assign]
    under.parts = lambda screen: (seen.append(gone() is None), parts(screen))[1]  # type: ignore[method-assign]
    play.update = lambda dt: app.stack.pop()  # type: ignore[method-assign]  # it leaves
    del play
    app.step([], 1 / 60)
    assert seen and seen[0]  # freed when the screen under it first painted


class _Junk:
    other: object = None


def _cycles(n: int) -> list[weakref.ref[_Junk]]:
    """``n`` pairs of objects in cycles, garbage at once: only the collector frees them."""
    refs = []
    for _ in range(n):
        a, b = _Junk(), _Junk()
        a.other, b.other = b, a
        refs.append(weakref.ref(a))
    return refs


def test_an_actions_garbage_is_swept_between_frames_not_inside_them(app, thawed):
    """An action's frame and the few after it make more young objects than the
    collector's default trigger (its states, events, log lines, words): the pass it made
    inside those frames cost them 0.2 to 0.6 ms. While a game's screen shows, the loop
    sweeps the young objects between frames instead, so the frames run no pass, and the
    garbage is freed as soon as the frame is done."""
    play = showcase.start_play(app, new_game("mexica", 2, seed=1))
    assert app.heap.watch(play, app.stack.scenes)  # settled: the game's screen is up
    passes: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        garbage = _cycles(heap.SWEEP_YOUNG * 2)  # an action's worth, and more
        app.step([], 1 / 60)  # a frame with it all still young
        assert passes == []  # no pass inside the frame
        assert not app.heap.watch(play, app.stack.scenes)  # between frames: swept
        assert passes and max(passes) < 2  # a young pass, not a full one
        assert all(ref() is None for ref in garbage)  # the garbage is freed
        passes.clear()
        assert not app.heap.watch(play, app.stack.scenes)
        assert passes == []  # nothing gathered: nothing to sweep
        burst = _cycles(heap.HELD_YOUNG)  # a burst no sweep met: bounded all the same
        assert passes and any(ref() is None for ref in burst)
    finally:
        gc.callbacks.remove(seen)
    app.stack.pop()
    del play
    app.heap.watch(app.stack.top, app.stack.scenes)
    assert gc.get_threshold() == heap.DEFAULTS  # the menus: the collector's own triggers
