"""Phones at the television: "Invite phones" in the setup and the pause menu, seats held
by devices through the real App, and the server's life.

Real parts throughout: the App on SDL's dummy video driver fed synthesised keys, the
real server on 127.0.0.1 (any free port), and devices written with ``websockets`` as a
phone's page would be (``tests/remote/helpers.py``). Nothing waits for a time: a test
steps frames until what it waits for has happened, giving the server's thread the
processor between frames, and calls it hung after :data:`HANG` seconds.
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.i18n import say
from game.remote import INSTALL_HINT, missing_packages

if missing_packages():
    pytest.skip(f"remote play needs {', '.join(missing_packages())}: {INSTALL_HINT}",
                allow_module_level=True)

from game.core.rng import Rng  # noqa: E402
from game.kit.client.layers import Snapshot  # noqa: E402
from game.remote.protocol import PROTOCOL  # noqa: E402
from game.remote.qr import qr_matrix  # noqa: E402
from game.ui.qrimage import PLATE_MARGIN  # noqa: E402
from game.ui.remote import PAUSED  # noqa: E402
from game.ui.scenes.handoff import HandoffScene  # noqa: E402
from game.ui.scenes.invite import QR_AREA, ChoiceScene, InviteScene  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from game.ui.scenes.play import PlayScene  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402
from game.ui.scenes.scoring import ScoringScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.seats import ComputerSeat, LocalSeat, RemoteSeat  # noqa: E402
from tests.remote.helpers import Device, legal, playout_choice  # noqa: E402

from .conftest import DT, Driver, unseen  # noqa: E402

HANG = 30.0
K = pygame


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------
@pytest.fixture
def phones(stub_app) -> Iterator[tuple[Driver, list[Device]]]:
    """The App (stub board views) inviting on 127.0.0.1, any free port, no pictures;
    devices made by the test are closed and the server stopped afterwards."""
    app = stub_app
    app.settings["remote_bind"] = "127.0.0.1"
    app.settings["remote_port"] = 0
    app.remote.pictures = False
    devices: list[Device] = []
    yield Driver(app), devices
    for device in devices:
        device.close()
    app.remote.shutdown()


@pytest.fixture
def real_views(app) -> Iterator[Driver]:
    """The App with the variants' own board views, inviting on 127.0.0.1."""
    app.settings["remote_bind"] = "127.0.0.1"
    app.settings["remote_port"] = 0
    app.remote.pictures = False
    yield Driver(app)
    app.remote.shutdown()


def until(ui: Driver, done: Callable[[], bool], what: str, dt: float = DT,
          devices: tuple[Device, ...] = ()) -> None:
    """Step frames until ``done()``; between frames the server's thread gets the
    processor (the hub wakes this one as soon as a device sends something)."""
    deadline = time.monotonic() + HANG
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"hung waiting for {what}")
        ui.frames(1, dt)
        for device in devices:
            device.drain()
        hub = ui.app.remote.hub
        if hub is not None and not done():
            hub.wait(0.005)


def open_setup(ui: Driver, variant: str, players: int, kinds: dict[int, int],
               seed: str) -> SetupScene:
    """New game from the title with the keys: the variant, the number of players, the
    computer seats (``kinds``: seat -> presses of Right on its "Plays" row), the seed."""
    assert isinstance(ui.top, TitleScene)
    ui.app.stack.push("setup")
    setup = ui.top
    assert isinstance(setup, SetupScene)
    setup.focus_on("variant")
    for _ in range(len(setup.specs)):
        if setup.spec is not None and setup.spec.id == variant:
            break
        ui.key(K.K_RIGHT)
    assert setup.spec is not None and setup.spec.id == variant
    setup.focus_on("players")
    while setup.players != players:
        ui.key(K.K_RIGHT if setup.players < players else K.K_LEFT)
    for seat, presses in kinds.items():
        setup.focus_on(f"kind{seat}")
        for _ in range(presses):
            ui.key(K.K_RIGHT)
    setup.focus_on("seed")
    ui.type(seed)
    return setup


def invite_from_setup(ui: Driver, setup: SetupScene) -> InviteScene:
    setup.focus_on("invite")
    ui.key(K.K_RETURN)
    invite = ui.top
    assert isinstance(invite, InviteScene)
    return invite


def menu_choose(ui: Driver, label: str) -> None:
    """Focus the top scene's menu item ``label`` with the arrow keys and press Enter."""
    menu = ui.top.menu
    for _ in range(len(menu.items) + 1):
        if menu.current is not None and str(menu.current.label) == label:
            ui.key(K.K_RETURN)
            return
        ui.key(K.K_DOWN)
    raise AssertionError(f"no item {label!r} in {[str(i.label) for i in menu.items]}")


def claim(ui: Driver, devices: list[Device], seat: int, name: str = "") -> Device:
    """A phone opens the page and claims ``seat``; frames run until the TV knows."""
    hub = ui.app.remote.hub
    assert hub is not None
    device = Device(hub)
    devices.append(device)
    device.join(seat=seat, **({"name": name} if name else {}))
    assert seat in hub.claimed_seats()  # the welcome comes once the seat is the device's
    ui.frames(1)  # the television hears of it
    return device


def sampled_code(ui: Driver, invite: InviteScene) -> list[list[bool]]:
    """The QR code as drawn on the window, read back module by module, after checking
    that every pixel of a module has one colour (crisp edges) and that the plate around
    the code is white (the quiet zone)."""
    assert invite.image is not None
    screen = ui.app.screen
    where = invite.image.placement(screen, *QR_AREA)
    surface = screen.surface
    width = surface.get_width()
    pixels = pygame.image.tobytes(surface, "RGB")

    def dark(x: int, y: int) -> bool:
        i = 3 * (y * width + x)
        value = pixels[i] + pixels[i + 1] + pixels[i + 2]
        assert value in (0, 3 * 255), f"pixel {x},{y} is neither black nor white"
        return value == 0

    n, m = invite.image.size, where.module
    assert m >= 4, "modules of at least 4 pixels at 1280x720"
    rows = []
    for row in range(n):
        out = []
        for col in range(n):
            x0, y0 = where.left + col * m, where.top + row * m
            shade = {dark(x0 + dx, y0 + dy) for dx in range(m) for dy in range(m)}
            assert len(shade) == 1, f"module {row},{col} is not one colour"
            out.append(shade.pop())
        rows.append(out)
    plate = where.plate
    for x in range(plate.left, plate.right):  # the plate's margin: white all round
        for y in list(range(plate.top, plate.top + PLATE_MARGIN * m)) + \
                list(range(plate.bottom - PLATE_MARGIN * m, plate.bottom)):
            assert not dark(x, y)
    return rows


def text_sizes(ui: Driver) -> list[tuple[str, float]]:
    """Every text drawn in one frame with its logical size."""
    screen = ui.app.screen
    seen: list[tuple[str, float]] = []
    draw_text = screen.text

    def record(text: Any, x: float, y: float, size: float = 36, *args: Any,
               **kwargs: Any) -> Any:
        seen.append((say(text), float(size)))
        return draw_text(text, x, y, size, *args, **kwargs)

    screen.text = record  # type: ignore[method-assign]
    Snapshot.paint_always = True  # kept parts' words too
    try:
        ui.app.draw()
    finally:
        del screen.text
        Snapshot.paint_always = False
    return seen


# ---------------------------------------------------------------------------------------
# the invite screen
# ---------------------------------------------------------------------------------------
def test_nothing_listens_until_a_person_invites_phones(phones):
    ui, _devices = phones
    setup = open_setup(ui, "mexica", 2, {}, "5")
    ui.frames(3)
    assert not ui.app.remote.running and ui.app.remote.hub is None
    invite_from_setup(ui, setup)
    assert ui.app.remote.running


def test_invite_from_setup_shows_the_code_and_the_url_and_the_server_answers(phones):
    ui, devices = phones
    setup = open_setup(ui, "mexica", 2, {1: 3}, "5")  # Player 2: Computer (Hard)
    invite = invite_from_setup(ui, setup)
    ui.frames(30)  # the rows have slid in
    hub = ui.app.remote.hub
    assert hub is not None and hub.host == "127.0.0.1" and hub.port > 0
    url = f"http://127.0.0.1:{hub.port}/?room={hub.room}"
    assert ui.app.remote.url == url
    texts = ui.texts()
    assert url in texts and " ".join(hub.room) in texts
    assert f"Only this computer can join (127.0.0.1, port {hub.port}): connect it to a " \
           "network to invite phones" in " ".join(texts)  # whole, in as many lines as it takes
    # the code on the window is the join URL's, module for module
    assert sampled_code(ui, invite) == qr_matrix(url)
    # the server answers: the page, and a device in the lobby sees the setup's seats
    with urllib.request.urlopen(url, timeout=HANG) as reply:
        assert reply.status == 200 and b"<title>Aztec Arcade</title>" in reply.read()
    device = Device(hub)
    devices.append(device)
    device.send({"type": "join", "room": hub.room})  # the lobby: the seats
    seats = device.wait(lambda m: m["type"] == "seats")
    assert [(s["name"], s["status"], s["driver"]) for s in seats["seats"]] == [
        ("Ana", "open", ""), ("Ben", "closed", "Computer (Hard)")]
    # the invite lists them the same way
    assert [(r.name, r.status) for r in invite.rows] == [
        ("Ana", "Free for a phone"), ("Ben", "Computer (Hard)")]


def test_the_invite_screen_is_read_from_the_sofa(phones):
    """No text under 28 logical pixels (the keys in the footer); the URL, the room code,
    where the server listens, the seats and every choice at 40 or more."""
    ui, _devices = phones
    setup = open_setup(ui, "mexica", 3, {}, "5")
    invite_from_setup(ui, setup)
    ui.frames(30)
    hub = ui.app.remote.hub
    assert hub is not None
    sizes = text_sizes(ui)
    assert min(size for _text, size in sizes) >= 28
    footer = {"Up/Down", "Choose", "Enter", "Select", "Esc", "Done"}  # the keys, at 28
    read = [(text, size) for text, size in sizes if text not in footer or size > 28]
    assert {text for text, _ in read} >= {ui.app.remote.url, " ".join(hub.room), "Ana",
                                          "Free for a phone", "Done", "Stop inviting"}
    assert all(size >= 40 for _text, size in read), read


def test_a_device_takes_a_seat_in_the_setup_and_its_name(phones):
    ui, devices = phones
    setup = open_setup(ui, "mexica", 2, {}, "5")
    invite = invite_from_setup(ui, setup)
    claim(ui, devices, 1, name="Ben")
    until(ui, lambda: invite.rows[1].name == "Ben", "the invite screen to show the phone")
    row = invite.rows[1]
    assert (row.name, row.status, row.device, row.connected) == ("Ben", "On a phone", "Ben",
                                                                  True)
    assert invite.menu.current is not None and str(invite.menu.current.label) == "Done"  # kept
    assert "Ben is on a phone now" in [m for m, _ in ui.app.toasts]
    ui.key(K.K_ESCAPE)  # Done: back to the setup, still listening
    assert ui.top is setup and ui.app.remote.running
    assert setup.names[1].value == "Ben" and str(setup._kind_text(1)) == "Phone"


def test_a_clear_message_when_the_remote_extra_is_missing(phones, monkeypatch):
    import game.remote

    monkeypatch.setattr(game.remote, "missing_packages", lambda: ["websockets", "segno"])
    ui, _devices = phones
    setup = open_setup(ui, "mexica", 2, {}, "5")
    invite = invite_from_setup(ui, setup)
    assert not ui.app.remote.running
    texts = ui.texts()
    assert "Phones cannot join now" in texts
    assert str(ui.app.remote.error) == (
        'remote play needs websockets, segno: install them with pip install '
        '"aztec-arcade[remote]" (python3 tasks.py play installs them too)')
    assert ui.app.remote.error in texts
    assert [str(i.label) for i in invite.menu.items] == ["Try again", "Back"]
    ui.key(K.K_DOWN)
    ui.key(K.K_RETURN)  # Back
    assert ui.top is setup


def test_a_clear_message_when_the_port_is_taken(phones):
    ui, _devices = phones
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        ui.app.settings["remote_port"] = port
        setup = open_setup(ui, "mexica", 2, {}, "5")
        invite = invite_from_setup(ui, setup)
        assert not ui.app.remote.running
        error = ui.app.remote.error
        assert error.startswith(f"cannot listen on 127.0.0.1 port {port}: ")
        assert error.endswith("another program may be using it. Choose another port "
                              "(remote_port in settings.yaml; 0: any free port)")
        assert error in ui.texts()
        ui.app.settings["remote_port"] = 0
        ui.key(K.K_RETURN)  # Try again: any free port
        assert ui.app.remote.running and ui.top is invite
        assert invite.menu.current is not None and str(invite.menu.current.label) == "Done"


def test_inviting_again_while_the_last_server_still_closes_says_so_and_does_not_wait(phones):
    """A phone slow to hear goodbye keeps the last server closing for seconds: starting
    again says so (the frame waits only RESTART_WAIT), and works once it has closed."""
    ui, _devices = phones
    link = ui.app.remote
    closing = threading.Event()
    link._stopper = threading.Thread(target=closing.wait, args=(HANG,), daemon=True)
    link._stopper.start()
    try:
        assert link.start() is False
        assert not link.running
        assert str(link.error) == ("The last invitation is still closing (a phone is slow to "
                              "answer). Try again in a few seconds")
    finally:
        closing.set()
    assert link.wait_stopped(HANG)
    assert link.start() is True and link.running


def test_a_clear_message_when_the_address_is_not_this_computers(phones):
    ui, _devices = phones
    ui.app.settings["remote_bind"] = "192.0.2.1"  # TEST-NET-1: never this machine's
    setup = open_setup(ui, "mexica", 2, {}, "5")
    invite_from_setup(ui, setup)
    assert not ui.app.remote.running
    error = ui.app.remote.error
    assert error.startswith("cannot listen on 192.0.2.1 port 0: ")
    assert error.endswith(". Check remote_bind in settings.yaml (null: this computer's "
                          "address on the local network)")
    assert error in ui.texts()


# ---------------------------------------------------------------------------------------
# whole games
# ---------------------------------------------------------------------------------------
def play_to_the_end(ui: Driver, play: PlayScene, devices: dict[int, Device],
                    seed: int) -> dict[str, int]:
    """Play ``play`` to its end through the App: people here with the board's keys (the
    stub view applies what Enter picks: the playout policy's move), computer seats as
    they do, phones from their devices. Returns how often each kind of seat decided."""
    with unseen(ui.app):
        return _play_to_the_end(ui, play, devices, seed)


def _play_to_the_end(ui: Driver, play: PlayScene, devices: dict[int, Device],
                     seed: int) -> dict[str, int]:
    rng = Rng(seed)
    counts = {"here": 0, "computer": 0, "phone": 0, "pass to": 0}
    hub = ui.app.remote.hub
    assert hub is not None
    everyone = tuple(devices.values())
    deadline = time.monotonic() + 20 * HANG
    while not play.game.is_over:
        assert time.monotonic() < deadline, "the game hung"
        for device in everyone:  # a phone reads as it goes (the server drops a reader
            device.drain()       # that lets its messages pile up, as a sleeping phone)
        top = ui.top
        if isinstance(top, HandoffScene):
            counts["pass to"] += 1
            ui.key(K.K_RETURN)
            continue
        if isinstance(top, ScoringScene):
            ui.key(K.K_RETURN)
            continue
        assert top is play, top
        driver = play.seats.deciding()
        before = len(play.game.log)
        if isinstance(driver, LocalSeat):
            play.view.forced = play.game.playout_action(rng)
            ui.key(K.K_RETURN)
            counts["here"] += 1
        elif isinstance(driver, ComputerSeat):
            until(ui, lambda b=before: len(play.game.log) > b, "the computer", dt=0.25)
            counts["computer"] += 1
            continue
        else:
            assert isinstance(driver, RemoteSeat)
            device = devices[driver.seat]
            state = device.wait(lambda m: m["type"] == "state" and m["deciding"]
                                and m["version"] == hub.version)
            device.act(playout_choice(play.game.rules, state, rng), state["version"])
            until(ui, lambda b=before: len(play.game.log) > b, "the phone's move",
                  devices=everyone)
            counts["phone"] += 1
        assert len(play.game.log) == before + 1
    return counts


def test_a_phone_plays_its_seat_to_the_end_beside_a_person_and_a_computer(phones):
    """Aztlán for three: Ana here, Ben on his phone, Cy the computer (Easy)."""
    ui, devices = phones
    setup = open_setup(ui, "aztlan", 3, {2: 1}, "4")
    invite_from_setup(ui, setup)
    ben = claim(ui, devices, 1, name="Ben")
    ui.key(K.K_ESCAPE)  # Done
    setup.focus_on("start")
    ui.key(K.K_RETURN)
    play = next(s for s in ui.app.stack.scenes if isinstance(s, PlayScene))
    assert [type(d) for d in play.seats.drivers] == [LocalSeat, RemoteSeat, ComputerSeat]
    assert play.seats.labels() == ["", "Phone", "CPU Easy"]
    assert play.seats.icons() == ["", "phone", ""]
    assert play.session.kinds == ["human", "human", "easy"]  # what a save keeps
    ui.frames(1)
    # the seats as the devices see them: a computer's seat is closed to them
    seats = ben.seen(lambda m: m["type"] == "seats" and m["game"].get("variant") == "aztlan")
    assert [s["status"] for s in seats["seats"]] == ["open", "taken", "closed"]
    assert seats["seats"][2]["driver"] == "Computer (Easy)"
    counts = play_to_the_end(ui, play, {1: ben}, seed=4)
    assert counts["here"] > 10 and counts["phone"] > 10 and counts["computer"] > 10
    seats_played = {seat for seat, _action, _events in play.session.history}
    assert seats_played == {0, 1, 2}
    # the device heard the end, then the server stopped
    final = ben.seen(lambda m: m["type"] == "state" and m["over"])
    assert final["results"]["scores"] == play.game.scores
    bye = ben.seen(lambda m: m["type"] == "bye")
    assert bye == {"type": "bye", "v": PROTOCOL, "reason": "The game is over", "final": True}
    assert not ui.app.remote.running and ui.app.remote.wait_stopped(HANG)
    until(ui, lambda: isinstance(ui.top, ResultsScene), "the results")


def test_aztlan_with_every_person_on_a_phone_never_passes_the_screen(real_views,
                                                                      monkeypatch):
    """Every human seat holds its secrets on a phone: no "Pass to" screen from the first
    move to the last, and the television never draws a seat's secrets."""
    ui = real_views
    passes: list[int] = []
    enter = HandoffScene.enter

    def counted(scene: HandoffScene, app: Any) -> None:
        passes.append(scene.seat)
        enter(scene, app)

    monkeypatch.setattr(HandoffScene, "enter", counted)
    setup = open_setup(ui, "aztlan", 3, {}, "9")
    invite_from_setup(ui, setup)
    devices: list[Device] = []
    try:
        phones = {seat: claim(ui, devices, seat) for seat in range(3)}
        ui.key(K.K_ESCAPE)
        setup.focus_on("start")
        ui.key(K.K_RETURN)
        play = next(s for s in ui.app.stack.scenes if isinstance(s, PlayScene))
        assert all(isinstance(d, RemoteSeat) for d in play.seats.drivers)
        viewers: set[Any] = set()
        view_draw, view_parts = play.view.draw, play.view.board_parts

        def drawn(screen: Any, area: Any) -> None:
            viewers.add(play.view.viewer())
            view_draw(screen, area)

        def parts(screen: Any, area: Any) -> Any:  # (the board painted in parts)
            viewers.add(play.view.viewer())
            return view_parts(screen, area)

        play.view.draw, play.view.board_parts = drawn, parts
        counts = play_to_the_end(ui, play, phones, seed=9)
    finally:
        for device in devices:
            device.close()
    assert counts["phone"] > 30 and counts["here"] == counts["computer"] == 0
    assert passes == [] and counts["pass to"] == 0
    assert viewers == {None}  # the board was drawn as for a spectator throughout


# ---------------------------------------------------------------------------------------
# the host's way out: release, a dropped phone, leaving
# ---------------------------------------------------------------------------------------
def start_with_phone(ui: Driver, devices: list[Device], variant: str = "mexica",
                     seat: int = 1) -> tuple[PlayScene, Device]:
    setup = open_setup(ui, variant, 2, {}, "3")
    invite_from_setup(ui, setup)
    device = claim(ui, devices, seat, name="Ben")
    ui.key(K.K_ESCAPE)
    setup.focus_on("start")
    ui.key(K.K_RETURN)
    play = ui.top
    assert isinstance(play, PlayScene) and isinstance(play.seats[seat], RemoteSeat)
    return play, device


def open_phones_menu(ui: Driver) -> InviteScene:
    ui.key(K.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    menu_choose(ui, "Phones and seats")
    invite = ui.top
    assert isinstance(invite, InviteScene)
    return invite


def test_the_host_takes_a_seat_back_from_the_pause_menu(phones):
    ui, devices = phones
    play, ben = start_with_phone(ui, devices)
    ui.key(K.K_RETURN)  # Ana's first move: now Ben decides on his phone
    assert play.game.current_player == 1
    assert any(t.startswith("Ben decides on a phone") for t in ui.texts())
    ui.key(K.K_u)  # undo is the phone's business now
    assert play.refusal == "Ben decides on a phone" and len(play.game.log) == 1
    invite = open_phones_menu(ui)
    assert [(r.name, r.status, r.device) for r in invite.rows] == [
        ("Ana", "Here, or a phone", ""), ("Ben", "On a phone", "Ben")]
    menu_choose(ui, "Ben")
    choice = ui.top
    assert isinstance(choice, ChoiceScene) and choice.title == "Ben plays on a phone"
    assert [str(i.label) for i in choice.menu.items] == [
        "Play it here", "Computer: Easy", "Computer: Normal", "Computer: Hard", "Cancel"]
    menu_choose(ui, "Play it here")
    assert ui.top is invite
    assert isinstance(play.seats[1], LocalSeat) and play.seats.labels() == ["", ""]
    hub = ui.app.remote.hub
    assert hub is not None and hub.claimed_seats() == frozenset()
    # the phone is told, back in the lobby, and the seat is open to devices again
    bye = ben.wait(lambda m: m["type"] == "bye")
    assert bye["final"] is False and bye["reason"] == "The host took this seat back"
    until(ui, lambda: ben.seen(lambda m: m["type"] == "seats"
                               and m["seats"][1]["status"] == "open") is not None,
          "the seats", devices=(ben,))
    assert [r.status for r in invite.rows] == ["Here, or a phone", "Here, or a phone"]
    # back to the board: Ben plays here now
    ui.key(K.K_ESCAPE)
    ui.key(K.K_ESCAPE)
    assert ui.top is play
    ui.key(K.K_RETURN)
    assert len(play.game.log) == 2 and play.session.history[-1][0] == 1


def test_each_change_of_the_game_is_published_once_with_its_events(phones, monkeypatch):
    ui, devices = phones
    play, _ben = start_with_phone(ui, devices)
    hub = ui.app.remote.hub
    assert hub is not None
    ui.frames(2)
    sent: list[tuple[int, list[str]]] = []
    publish = hub.publish

    def counted(game: Any, events: Any = ()) -> None:
        events = list(events)
        sent.append((len(game.log), [e.kind for e in events]))
        publish(game, events)

    monkeypatch.setattr(hub, "publish", counted)
    ui.frames(30)
    assert sent == []  # nothing changed: nothing is prepared
    heard: list[list[str]] = []
    play.session.listeners.append(lambda _action, events: heard.append(
        [e.kind for e in events]))
    ui.key(K.K_RETURN)  # Ana's first move
    ui.frames(30)
    assert sent == [(1, heard[0])] and heard[0]


def test_a_dropped_phone_is_handed_to_a_computer(phones):
    ui, devices = phones
    play, ben = start_with_phone(ui, devices)
    ui.key(K.K_RETURN)  # Ana moves: Ben decides
    hub = ui.app.remote.hub
    assert hub is not None
    ben.close()
    until(ui, lambda: 1 not in hub.connected_seats(), "the phone to drop")
    ui.frames(1)  # the television hears of it
    assert any(m.startswith("Ben's phone dropped: it can rejoin.") for m, _ in ui.app.toasts)
    texts = ui.texts()
    assert "Phone away" in texts and "Ben's phone is away: it can rejoin" in texts
    assert len(play.game.log) == 1  # the game waits for the seat ...
    invite = open_phones_menu(ui)  # ... and the host has a way out
    assert invite.rows[1].status == "Phone away"
    menu_choose(ui, "Ben")
    assert ui.top.title == "Ben's phone is away"
    menu_choose(ui, "Computer: Easy")
    driver = play.seats[1]
    assert isinstance(driver, ComputerSeat) and driver.kind == "easy"
    assert play.session.kinds == ["human", "easy"]  # a save keeps the computer
    assert hub.claimed_seats() == frozenset()
    assert [r.status for r in invite.rows] == ["Here, or a phone", "Computer (Easy)"]
    ui.key(K.K_ESCAPE)
    ui.key(K.K_ESCAPE)
    until(ui, lambda: len(play.game.log) > 1, "the computer's move", dt=0.25)
    assert play.session.history[-1][0] == 1


def test_a_dropped_phone_comes_back_and_plays_on(phones):
    ui, devices = phones
    play, ben = start_with_phone(ui, devices)
    ui.key(K.K_RETURN)  # Ana moves: Ben decides
    hub = ui.app.remote.hub
    assert hub is not None
    token = ben.token
    ben.close()
    until(ui, lambda: 1 not in hub.connected_seats(), "the phone to drop")
    ui.frames(1)
    assert play.seats.labels() == ["", "Phone away"]
    again = Device(hub)
    devices.append(again)
    again.join(token=token)  # the page kept the token: the phone is back on its seat
    until(ui, lambda: any(m == "Ben's phone is back" for m, _ in ui.app.toasts),
          "the television to hear it")
    assert isinstance(play.seats[1], RemoteSeat) and play.seats.labels() == ["", "Phone"]
    state = again.wait(lambda m: m["type"] == "state" and m["deciding"])
    again.act(legal(state)[0], state["version"])
    until(ui, lambda: len(play.game.log) == 2, "the phone's move", devices=(again,))
    assert play.session.history[-1][0] == 1


def test_the_setup_frees_a_seat_a_phone_took(phones):
    ui, devices = phones
    setup = open_setup(ui, "mexica", 2, {}, "5")
    invite = invite_from_setup(ui, setup)
    ben = claim(ui, devices, 1, name="Ben")
    until(ui, lambda: invite.rows[1].held, "the invite screen to show the phone")
    menu_choose(ui, "Ben")
    assert isinstance(ui.top, ChoiceScene) and ui.top.title == "Ben plays on a phone"
    assert [str(i.label) for i in ui.top.menu.items] == ["Free the seat", "Cancel"]
    menu_choose(ui, "Free the seat")
    assert ui.top is invite and not ui.app.remote.holds(1)
    assert ben.wait(lambda m: m["type"] == "bye")["final"] is False
    assert invite.rows[1].status == "Free for a phone"
    assert str(setup._kind_text(1)) == "Human"


def test_a_phone_that_gives_its_seat_up_hands_it_to_the_person_here(phones):
    ui, devices = phones
    play, ben = start_with_phone(ui, devices)
    ben.send({"type": "bye"})
    until(ui, lambda: isinstance(play.seats[1], LocalSeat), "the seat to come back")
    assert "Ben left the phone: the seat is played here" in [m for m, _ in ui.app.toasts]


def test_a_refused_action_goes_back_to_the_phone_and_changes_nothing(phones):
    ui, devices = phones
    play, ben = start_with_phone(ui, devices, seat=0)
    hub = ui.app.remote.hub
    assert hub is not None
    state = ben.wait(lambda m: m["type"] == "state" and m["deciding"])
    before = play.game.to_json()
    ben.act("start z99", state["version"])
    until(ui, lambda: any(m["type"] == "refused" for m in ben.received), "the refusal",
          devices=(ben,))
    refused = next(m for m in ben.received if m["type"] == "refused")
    assert refused["action"] == "start z99" and refused["reason"]
    assert play.game.to_json() == before and play.refusal == ""
    ben.act(legal(state)[0], state["version"])  # the same state is still current
    until(ui, lambda: len(play.game.log) == 1, "the phone's move", devices=(ben,))


def test_leaving_to_the_title_stops_the_server(phones):
    ui, devices = phones
    play, ben = start_with_phone(ui, devices)
    hub = ui.app.remote.hub
    assert hub is not None
    port = hub.port
    ui.key(K.K_ESCAPE)
    menu_choose(ui, "Quit to title")
    ui.key(K.K_RETURN)  # Yes
    assert isinstance(ui.top, TitleScene) and play.done
    ui.frames(1)
    assert not ui.app.remote.running
    bye = ben.wait(lambda m: m["type"] == "bye")
    # the game is autosaved with its phone: it goes on later, and the page rejoins then
    assert bye == {"type": "bye", "v": PROTOCOL, "reason": PAUSED, "final": True,
                   "resume": True}
    assert ui.app.remote.wait_stopped(HANG)
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=HANG):
        pass


def test_the_setup_stops_the_server_when_it_goes_back_to_the_title(phones):
    ui, devices = phones
    setup = open_setup(ui, "mexica", 2, {}, "5")
    invite_from_setup(ui, setup)
    lobby = Device(ui.app.remote.hub)
    devices.append(lobby)
    lobby.send({"type": "join", "room": ui.app.remote.hub.room})
    lobby.wait(lambda m: m["type"] == "seats")
    ui.key(K.K_ESCAPE)  # Done
    ui.key(K.K_ESCAPE)  # Back to the title
    assert isinstance(ui.top, TitleScene)
    ui.frames(1)
    assert not ui.app.remote.running
    assert lobby.wait(lambda m: m["type"] == "bye")["reason"] == "The host left the game"


def test_stop_inviting_in_a_game_plays_the_phones_seats_here(phones):
    ui, devices = phones
    play, ben = start_with_phone(ui, devices)
    invite = open_phones_menu(ui)
    menu_choose(ui, "Stop inviting")
    assert ui.top.message == "Stop inviting phones? Ben's seat will be played here."
    ui.key(K.K_UP)
    ui.key(K.K_RETURN)  # Yes
    assert invite not in ui.app.stack.scenes and isinstance(ui.top, PauseScene)
    assert not ui.app.remote.running and isinstance(play.seats[1], LocalSeat)
    assert ben.wait(lambda m: m["type"] == "bye")["reason"] == \
        "The host stopped inviting phones"
    ui.frames(1)
    assert str(ui.top.phones.label) == "Invite phones"
