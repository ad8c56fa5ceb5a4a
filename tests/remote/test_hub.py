"""The hub's life: nothing listens until asked, it stops cleanly, and it says why not."""

from __future__ import annotations

import socket
import threading

import pytest

from game.remote import INSTALL_HINT, RemoteError, require
from game.remote.hub import ROOM_LETTERS, RemoteHub
from game.remote.snapshot import default_table


def listening(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(10)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def hub_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "remote-hub"]


def test_nothing_listens_until_asked_and_stop_closes_the_port():
    before = len(hub_threads())
    hub = RemoteHub(default_table(2), pictures=False)
    assert hub.port == 0 and not hub.running and len(hub_threads()) == before
    hub.start("127.0.0.1", 0)
    try:
        assert hub.running and hub.port > 0 and listening(hub.port)
        assert hub.url == f"http://127.0.0.1:{hub.port}/?room={hub.room}"
        # the room code's own letters (an all-digit code such as 55478 is one too: once
        # in about 600 runs isupper() said no)
        assert len(hub.room) == 5 and set(hub.room) <= set(ROOM_LETTERS)
        with pytest.raises(RemoteError, match="already running"):
            hub.start("127.0.0.1", 0)
    finally:
        hub.stop()
    assert not hub.running and not listening(hub.port)
    assert len(hub_threads()) == before
    hub.stop()  # twice is harmless


def test_a_port_in_use_is_a_clear_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        hub = RemoteHub(default_table(2), pictures=False)
        with pytest.raises(RemoteError, match=f"cannot listen on 127.0.0.1 port {port}"):
            hub.start("127.0.0.1", port)
    assert not hub.running


def test_missing_libraries_say_what_to_install(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "websockets" else real(name, *a))
    with pytest.raises(RemoteError) as missing:
        require()
    assert "websockets" in str(missing.value) and INSTALL_HINT in str(missing.value)
    with pytest.raises(RemoteError):
        RemoteHub(default_table(2)).start("127.0.0.1", 0)


def test_room_codes_are_drawn_at_random():
    rooms = {RemoteHub(default_table(2)).room for _ in range(20)}
    assert len(rooms) > 15
