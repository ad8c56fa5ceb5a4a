"""The table picture: the spectator's board, painted by a child process, sent on change.

It must show no secrets: two Aztlán games that differ only in a power card chosen face
down paint the same picture, byte for byte, while the chooser's own device sees its card.
"""

from __future__ import annotations

import base64
import io
import random
import time

import pygame
import pytest

from game.api import new_game
from game.remote import server
from game.remote.snapshot import default_table, picture_request
from tests.remote.helpers import HANG, Device, Owner, legal


@pytest.fixture(scope="module")
def painter(tmp_path_factory):
    from game.ui.app import App
    from game.ui.picture import Painter
    from game.ui.saves import SaveStore
    from game.ui.shell import Scene

    app = App(size=(960, 540), fullscreen=False, first_scene=Scene(),
              saves=SaveStore(tmp_path_factory.mktemp("saves")))
    return Painter(app)


def picture_of(message: dict) -> pygame.Surface:
    assert message["type"] == "picture" and "error" not in message, message
    surface = pygame.image.load(io.BytesIO(base64.b64decode(message["jpeg"])), "t.jpg")
    assert surface.get_size() == (message["width"], message["height"])
    return surface


def test_devices_get_a_picture_of_each_new_state(make_hub):
    game = new_game("mexica", 2, seed=3)
    hub = make_hub(2, pictures=True, picture_size=(640, 360))
    phone, watcher = Device(hub), Device(hub)
    phone.join(seat=game.current_player)
    watcher.join(spectate=True)
    owner = Owner(game, hub)
    owner.start()
    try:
        state = phone.state()
        first = phone.wait(lambda m: m["type"] == "picture")
        assert first["version"] == state["version"]
        width, height = picture_of(first).get_size()
        assert width == 640 and height < 360  # the board and the bar, not the log
        assert picture_of(watcher.wait(lambda m: m["type"] == "picture"))
        phone.act(legal(state)[0], state["version"])
        after = phone.wait(lambda m: m["type"] == "picture" and m["version"] > first["version"])
        assert after["version"] == state["version"] + 1 and after["jpeg"] != first["jpeg"]
    finally:
        owner.finish()


def test_the_picture_shows_no_secret(painter):
    def chosen(card: str):
        game = new_game("aztlan", 3, seed=2)
        game.apply(f"choose {card}")
        return game

    a, b = chosen("7"), chosen("8")
    chooser = new_game("aztlan", 3, seed=2).current_player
    assert a.view(None) == b.view(None) and a.view(chooser) != b.view(chooser)
    table = default_table(3, ["Ana", "Ben", "Cy"])
    pictures = [painter.paint(picture_request(g, table, 1)) for g in (a, b)]
    assert b'"error"' not in pictures[0]
    assert pictures[0] == pictures[1]


def test_a_board_view_that_fails_costs_the_picture_not_the_game(painter, monkeypatch):
    game = new_game("mexica", 2, seed=1)

    def broken(*_args):
        raise RuntimeError("the view is broken")

    painter._key = None  # noqa: SLF001 - a fresh view, from the broken factory
    monkeypatch.setitem(painter.app.views, game.rules.engine_id, broken)
    reply = painter.paint(picture_request(game, default_table(2), 4))
    assert b'"error":"the table picture failed (RuntimeError)"' in reply
    assert b'"version":4' in reply


@pytest.mark.parametrize("variant, players", [("aztlan", 4), ("aztlan-2p", 2),
                                              ("mexica", 3), ("tlatelolco-market", 3)])
def test_a_painter_kept_through_a_game_paints_what_a_fresh_one_paints(painter, variant,
                                                                       players):
    """The painter follows a game job after job (applying the new actions to the game
    it kept, repainting only what changed); a new painter, replaying the log and painting
    everything, must paint the same picture, byte for byte, at every step: forward, after
    a jump back (an undo) and for another game of the same setup."""
    from game.ui.picture import Painter

    table = default_table(players, ["Ana", "Ben", "Cy", "Di"][:players])
    rng = random.Random(5)

    def check(game, version: int) -> None:
        job = picture_request(game, table, version)
        kept = painter.paint(job)
        assert b'"error"' not in kept
        assert kept == Painter(painter.app).paint(job), f"step {version} differs"

    game = new_game(variant, players, seed=11)
    early = None
    for step in range(1, 61):
        game.apply(rng.choice(game.legal_actions()))
        if step == 20:
            early = game.clone()
        if step % 6 == 0:
            check(game, step)
    assert early is not None
    check(early, 61)  # back to step 20: the kept game cannot follow, the log is shorter
    check(new_game(variant, players, seed=12), 62)  # another game, the same seats


def test_a_paced_hub_sends_a_new_picture_once_the_owners_frame_is_shown(make_hub,
                                                                        monkeypatch):
    """The television's client paces its hub: a freshly painted picture waits for the
    next frame to be on screen, so sending it to every spectator never takes the
    interpreter in the middle of drawing a frame. After ``frame_shown`` it goes out."""
    monkeypatch.setattr(server, "HOLD_PICTURE", HANG)  # only frame_shown lets it go
    game = new_game("mexica", 2, seed=3)
    hub = make_hub(2, pictures=True, picture_size=(640, 360), paced=True)
    watcher = Device(hub)
    watcher.join(spectate=True)
    hub.publish(game)
    state = watcher.state()
    deadline = time.monotonic() + HANG
    while not hub._server.holding:  # noqa: SLF001 - painted, and held for the frame
        assert time.monotonic() < deadline, "the painter sent no picture"
        time.sleep(0.01)
    watcher.drain()
    assert not [m for m in watcher.received if m["type"] == "picture"]
    hub.frame_shown()
    picture = watcher.wait(lambda m: m["type"] == "picture")
    assert picture["version"] == state["version"] and picture_of(picture)


def test_an_unpaced_hub_sends_a_picture_as_soon_as_it_is_painted(make_hub, monkeypatch):
    """The headless host draws no frames: its pictures never wait for one (were it held,
    the device would give up waiting first)."""
    monkeypatch.setattr(server, "HOLD_PICTURE", 2 * HANG)
    hub = make_hub(2, pictures=True, picture_size=(640, 360))
    watcher = Device(hub)
    watcher.join(spectate=True)
    hub.publish(new_game("mexica", 2, seed=3))
    assert picture_of(watcher.wait(lambda m: m["type"] == "picture"))
