"""A game that ends leaves every device its final board: the host stops right after the
last action, and the picture of that last state still goes out before the goodbye."""

from __future__ import annotations

from collections.abc import Callable

from game.api import new_game
from game.core.rng import Rng
from game.remote.hub import RemoteHub
from tests.remote.helpers import Device


def test_the_last_states_picture_goes_out_before_the_goodbye(
        make_hub: Callable[..., RemoteHub]) -> None:
    game, rng = new_game("mexica", 2, seed=5), Rng(5)
    hub = make_hub(2, pictures=True, picture_size=(640, 360))
    watcher = Device(hub)
    watcher.join(spectate=True)
    hub.publish(game)
    watcher.wait(lambda m: m["type"] == "picture")
    hub.publish(game, game.apply(game.playout_action(rng)))  # the last action, then stop
    last = hub.version
    hub.stop("The game is over")
    watcher.wait_closed()
    pictures = [m["version"] for m in watcher.received if m["type"] == "picture"]
    assert pictures[-1] == last, pictures
    assert watcher.received[-1]["type"] == "bye"
