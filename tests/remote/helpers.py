"""Real parts for the remote tests: devices over real WebSockets, and an owner thread.

A :class:`Device` is a client written with the ``websockets`` library, as a phone's page
would be: it records every message it receives (the secrets test scans them all) and
waits for messages with a generous hang guard, never for a time. :class:`Owner` plays
the part of the client's frame thread: it publishes, takes the deciding device's action
and applies it through ``Game.apply``, and drives local and computer seats itself.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.api import Game
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.remote.hub import RemoteHub
from game.remote.protocol import PROTOCOL

#: seconds a test waits for a message before it calls the server hung (never a timing)
HANG = 30.0


class Device:
    """One phone: a WebSocket connection and everything it was sent."""

    def __init__(self, hub: RemoteHub | Any, **kwargs: Any) -> None:
        self.hub = hub  # a RemoteHub, or anything with its port and room
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{hub.port}/ws", proxy=None,
                                            max_size=None, open_timeout=HANG, legacy=True,
                                            **kwargs)
        self.received: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.unread = 0  # index of the first message ``next`` has not returned
        self.seat: int | None = None
        self.token: str | None = None
        self.next_id = 0
        self.closed: ConnectionClosed | None = None

    # -- sending -------------------------------------------------------------------------
    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def join(self, **fields: Any) -> dict[str, Any]:
        """Join the hub's room (claim ``seat``, rejoin with ``token`` or ``spectate``);
        returns the welcome."""
        self.send({"type": "join", "v": PROTOCOL, "room": self.hub.room, **fields})
        welcome = self.wait(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        self.seat, self.token = welcome["seat"], welcome["token"]
        self.next_id = welcome["next_id"]
        return welcome

    def act(self, action: str, version: int, id: int | None = None) -> None:
        if id is None:
            id, self.next_id = self.next_id, self.next_id + 1
        self.send({"type": "act", "v": PROTOCOL, "id": id, "version": version, "action": action})

    # -- receiving -----------------------------------------------------------------------
    def _pull(self, timeout: float) -> bool:
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return False
        except ConnectionClosed as exc:
            self.closed = exc
            return False
        assert isinstance(text, str), "the server sends text frames only"
        self.texts.append(text)
        self.received.append(json.loads(text))
        return True

    def next(self) -> dict[str, Any]:
        """The next message not yet returned (waits for it)."""
        while self.unread >= len(self.received):
            if not self._pull(HANG):
                raise AssertionError(f"no message within {HANG} s "
                                     f"(closed: {self.closed})")
        self.unread += 1
        return self.received[self.unread - 1]

    def wait(self, want: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The next unread message that ``want`` accepts (the others are skipped)."""
        while True:
            message = self.next()
            if want(message):
                return message

    def seen(self, want: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """A message ``want`` accepts, read before or after this call (order of updates
        that travel separately, like the seats and a goodbye, is not promised)."""
        while True:
            found = next((m for m in self.received if want(m)), None)
            if found is not None:
                return found
            self.next()

    def drain(self) -> None:
        """Read whatever has arrived, without waiting."""
        while self._pull(0):
            pass

    def state(self, version: int | None = None) -> dict[str, Any]:
        return self.wait(lambda m: m["type"] == "state"
                         and (version is None or m["version"] >= version))

    def wait_closed(self) -> ConnectionClosed:
        while self.closed is None:
            if not self._pull(HANG) and self.closed is None:
                raise AssertionError("the server did not close the connection")
        return self.closed

    def close(self) -> None:
        self.ws.close()


def legal(state: dict[str, Any]) -> list[str]:
    return [item["action"] for group in state["actions"] for item in group["actions"]]


def playout_choice(game_rules: Any, state: dict[str, Any], rng: Rng) -> str:
    """What a device picks: the variant's playout policy on a state sampled from its own
    view (so games end in a few hundred actions), if that is among the legal actions it
    was sent; else a seeded choice among them."""
    options = legal(state)
    try:
        sample = game_rules.determinize(state["view"], state["seat"], rng)
        action = game_rules.playout_action(sample, rng)
    except NotImplementedError:
        action = ""
    return action if action in options else rng.choice(options)


class Owner(threading.Thread):
    """The game's owner: publishes, applies what devices send, plays local and computer
    seats (``drivers``: seat -> a function of the game returning an action)."""

    def __init__(self, game: Game, hub: RemoteHub,
                 drivers: dict[int, Callable[[Game], str]] | None = None,
                 after_publish: Callable[[Game, int], None] | None = None) -> None:
        super().__init__(name="test-owner", daemon=True)
        self.game = game
        self.hub = hub
        self.drivers = drivers or {}
        self.after_publish = after_publish
        self.stop = threading.Event()
        self.refused: list[tuple[int, str, str]] = []
        self.applied: list[tuple[int, str]] = []
        self.failure: BaseException | None = None

    def publish(self, events: Any = ()) -> None:
        self.hub.publish(self.game, events)
        if self.after_publish is not None:
            self.after_publish(self.game, self.hub.version)

    def run(self) -> None:
        try:
            self.publish()
            while not self.stop.is_set():
                self.step()
        except BaseException as exc:  # noqa: BLE001 - the test reports it
            self.failure = exc

    def step(self) -> None:
        if self.hub.needs_publish:
            self.publish()
        seat = self.game.current_player
        if seat is None:
            self.hub.wait(0.05)
            return
        driver = self.drivers.get(seat)
        action = driver(self.game) if driver is not None else self.hub.take_action(seat)
        if action is None:
            self.hub.wait(0.05)
            return
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.refused.append((seat, action, str(exc)))
            self.hub.report_refusal(seat, str(exc))
            return
        self.applied.append((seat, action))
        self.publish(events)

    def finish(self) -> None:
        self.stop.set()
        self.join(HANG)
        assert not self.is_alive(), "the owner thread did not stop"
        if self.failure is not None:
            raise self.failure
