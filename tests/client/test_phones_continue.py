"""A game with phones, continued from the title, keeps its phones' seats.

The real App (dummy SDL driver, stub board views) invites on 127.0.0.1; Ben holds seat 2
on a phone (a real WebSocket client). While the game is played, Ben's claim is kept
beside the autosave, in a file only the user can read; leaving to the title (or closing
the window) tells the phone the game goes on later, and Continue (or Load of the
autosave) starts the hub again in the same room on the same port with the same claims,
so the phone, coming back with its token as the page does, has its own seat again and
plays on. Stopping the invitation, or a game that never had phones, never starts
listening again; a seats file that cannot be read costs the phones their seats, with a
message, never the game.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from game.remote import INSTALL_HINT, missing_packages

if missing_packages():
    pytest.skip(f"remote play needs {', '.join(missing_packages())}: {INSTALL_HINT}",
                allow_module_level=True)

from game.remote.keep import META_KEY, KeptSeats, seats_path  # noqa: E402
from game.remote.protocol import PROTOCOL  # noqa: E402
from game.ui.remote import PAUSED  # noqa: E402
from game.ui.saves import AUTOSAVE  # noqa: E402
from game.ui.scenes.load import LoadScene  # noqa: E402
from game.ui.scenes.play import PlayScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.seats import LocalSeat, RemoteSeat  # noqa: E402
from tests.remote.helpers import HANG, Device, legal  # noqa: E402

from .conftest import Driver, StubView  # noqa: E402
from .test_phones import (  # noqa: E402, F401 - phones is a fixture
    K,
    menu_choose,
    phones,
    start_with_phone,
    until,
)


@pytest.fixture
def tv(phones):  # noqa: F811 - the App inviting on 127.0.0.1 (test_phones' fixture)
    return phones


def autosave(ui: Driver) -> Path:
    ui.app.saves.flush()
    return ui.app.saves.path(AUTOSAVE)


def kept(ui: Driver) -> KeptSeats:
    return KeptSeats.parse(seats_path(autosave(ui)).read_bytes(), 2)


def move_here(ui: Driver, play: PlayScene) -> None:
    """A move by the person here (Enter, past a "Pass to" screen if one shows)."""
    before = len(play.game.log)
    for _ in range(4):
        ui.key(K.K_RETURN)
        if len(play.game.log) > before:
            return
    raise AssertionError("Enter made no move here")


def ben_plays(ui: Driver, ben: Device) -> None:
    """Ana moves here if it is her turn, then Ben once on his phone; the television
    applies it."""
    play = ui.top
    assert isinstance(play, PlayScene)
    if play.game.current_player == 0:
        move_here(ui, play)  # now Ben decides on his phone
    before = len(play.game.log)

    def asked() -> bool:
        return any(m["type"] == "state" and m["deciding"] for m in ben.received[ben.unread:])

    until(ui, asked, "Ben's turn on his phone", devices=(ben,))
    state = ben.wait(lambda m: m["type"] == "state" and m["deciding"])
    ben.act(legal(state)[0], state["version"])
    until(ui, lambda: len(play.game.log) == before + 1, "Ben's move", devices=(ben,))


def quit_to_title(ui: Driver) -> None:
    ui.key(K.K_ESCAPE)
    menu_choose(ui, "Quit to title")
    ui.key(K.K_RETURN)  # Yes
    assert isinstance(ui.top, TitleScene)
    ui.frames(1)
    assert not ui.app.remote.running
    assert ui.app.remote.wait_stopped(HANG)


def back_with_token(ui: Driver, devices: list[Device], token: str) -> Device:
    """The phone's page reconnecting by itself: the same address, its kept token."""
    hub = ui.app.remote.hub
    assert hub is not None
    phone = Device(hub)
    devices.append(phone)
    welcome = phone.join(token=token)
    assert welcome["seat"] == 1 and welcome["token"] == token
    return phone


def test_a_game_left_to_the_title_and_continued_keeps_the_phones_seat(tv):
    ui, devices = tv
    play, ben = start_with_phone(ui, devices)
    hub = ui.app.remote.hub
    assert hub is not None
    room, port, token = hub.room, hub.port, ben.token
    ben_plays(ui, ben)
    # kept while the game is played (a crash would find it), the user's alone
    record = kept(ui)
    assert (record.room, record.port, set(record.claims)) == (room, port, {1})
    assert record.claims[1].token == token and record.claims[1].name == "Ben"
    if os.name == "posix":
        assert stat.S_IMODE(seats_path(autosave(ui)).stat().st_mode) == 0o600
    assert json.loads(autosave(ui).read_text())["meta"][META_KEY] == record.tag
    log = list(play.game.log)

    quit_to_title(ui)
    bye = ben.wait(lambda m: m["type"] == "bye")
    assert bye == {"type": "bye", "v": PROTOCOL, "reason": PAUSED, "final": True,
                   "resume": True}  # keep the token, try again
    ben.wait_closed()
    assert kept(ui).claims[1].token == token  # still there for Continue

    menu_choose(ui, "Continue")
    ui.frames(1)
    again = ui.top
    assert isinstance(again, PlayScene) and again.game.log == log
    hub = ui.app.remote.hub
    assert hub is not None and (hub.room, hub.port) == (room, port)
    assert isinstance(again.seats[1], RemoteSeat)  # waiting for the phone, not played here
    assert [t for t, _until in ui.app.toasts] == [
        f"Waiting for Ben's phone to rejoin (room {room})"]
    assert "Phone away" in ui.texts()  # on Ben's seat card
    phone = back_with_token(ui, devices, token)
    ben_plays(ui, phone)
    assert len(again.game.log) == len(log) + 2


def test_the_window_closed_and_opened_again_the_phone_has_its_seat(tv, make_app):
    ui, devices = tv
    play, ben = start_with_phone(ui, devices)
    hub = ui.app.remote.hub
    assert hub is not None
    room, port, token = hub.room, hub.port, ben.token
    ben_plays(ui, ben)
    log = list(play.game.log)
    ui.app.remote.shutdown()  # the window closes
    bye = ben.wait(lambda m: m["type"] == "bye")
    assert bye["resume"] is True

    app = make_app()  # the next run of the game, on the same saves folder
    for engine in list(app.registry.rules):
        app.views[engine] = StubView
    app.settings["remote_bind"], app.settings["remote_port"] = "127.0.0.1", 0
    app.remote.pictures = False
    try:
        later = Driver(app)
        assert isinstance(later.top, TitleScene)
        menu_choose(later, "Load")
        assert isinstance(later.top, LoadScene)
        menu_choose(later, "Autosave (last game)")
        later.frames(1)
        again = later.top
        assert isinstance(again, PlayScene) and again.game.log == log
        hub = app.remote.hub
        assert hub is not None and (hub.room, hub.port) == (room, port)
        phone = back_with_token(later, devices, token)
        ben_plays(later, phone)
    finally:
        app.remote.shutdown()


def test_stop_inviting_forgets_the_phones_and_continue_does_not_listen(tv):
    ui, devices = tv
    play, ben = start_with_phone(ui, devices)
    ben_plays(ui, ben)
    seats = seats_path(autosave(ui))
    assert seats.exists()
    ui.key(K.K_ESCAPE)
    menu_choose(ui, "Phones and seats")
    menu_choose(ui, "Stop inviting")
    ui.key(K.K_UP)
    ui.key(K.K_RETURN)  # Yes
    ui.frames(1)
    assert not ui.app.remote.running
    assert not seats.exists()
    ui.app.stack.pop()  # the pause menu
    move_here(ui, play)  # the autosave no longer names any phones
    assert META_KEY not in json.loads(autosave(ui).read_text())["meta"]
    quit_to_title(ui)
    menu_choose(ui, "Continue")
    ui.frames(2)
    assert isinstance(ui.top, PlayScene) and not ui.app.remote.running
    assert isinstance(ui.top.seats[1], LocalSeat)


def test_a_game_without_phones_never_listens_for_the_phones_of_the_one_before(tv):
    ui, devices = tv
    play, ben = start_with_phone(ui, devices)
    ben_plays(ui, ben)
    quit_to_title(ui)
    seats = seats_path(autosave(ui))
    assert seats.exists()  # kept for Continue...
    menu_choose(ui, "Rematch")  # ...but a new game, without phones, takes the autosave
    ui.frames(1)
    assert isinstance(ui.top, PlayScene) and not ui.app.remote.running
    move_here(ui, ui.top)
    assert META_KEY not in json.loads(autosave(ui).read_text())["meta"]
    quit_to_title(ui)
    menu_choose(ui, "Continue")
    ui.frames(2)
    assert isinstance(ui.top, PlayScene) and not ui.app.remote.running


@pytest.mark.parametrize("damage", [b"{\"format\": 1", None])
def test_phones_seats_that_cannot_be_read_cost_the_seats_never_the_game(tv, damage):
    ui, devices = tv
    play, ben = start_with_phone(ui, devices)
    ben_plays(ui, ben)
    log = list(play.game.log)
    quit_to_title(ui)
    seats = seats_path(autosave(ui))
    if damage is None:
        seats.unlink()
    else:
        seats.write_bytes(damage)
    menu_choose(ui, "Continue")
    ui.frames(2)
    again = ui.top
    assert isinstance(again, PlayScene) and again.game.log == log
    assert not ui.app.remote.running and isinstance(again.seats[1], LocalSeat)
    message = next(t for t, _until in ui.app.toasts)
    assert message.startswith("The phones' seats cannot be read (")
    assert message.endswith("): phones join again with Esc › Invite phones")
