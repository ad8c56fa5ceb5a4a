"""The facade the owner of a game talks to: seats held by devices, their actions, news.

Two threads meet here. The *owner* (the client's frame thread, or the headless host
loop) owns the game: it calls :meth:`RemoteHub.publish` after every change,
:meth:`RemoteHub.take_action` to get what a device wants to play, and applies it itself
through ``Game.apply``, answering a refusal with :meth:`RemoteHub.report_refusal`. The
*server* thread (:mod:`game.remote.server`) runs asyncio and only routes bytes that the
owner prepared. Everything they share sits behind one lock, and each call holds it for a
few dictionary operations, so a frame never waits for the network.

With ``background`` on (the client's television), :meth:`RemoteHub.publish` only copies
the game (``Game.clone``: the state is shared until it changes) and hands it to a worker
thread (:mod:`game.remote.worker`), which prepares every seat's message and installs the
snapshot; until the newest one is installed, :meth:`RemoteHub.take_action` hands out
nothing, so an action chosen on an older state never reaches the game.

Seats: a device claims an open seat and gets a random token (``secrets``); only that
token acts for the seat, only while the seat decides, only on the newest state, and
each act carries a growing id, so an old or repeated message changes nothing.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from game import i18n
from game.api import Game
from game.core.events import Event
from game.remote import DEFAULT_PORT, RemoteError, require, switching
from game.remote.ports import JoinResult, Limits
from game.remote.protocol import LOBBY, PROTOCOL, Act, Join, ProtocolError, dumps
from game.remote.snapshot import Publisher, Role, SeatInfo, Snapshot, hex_colour
from game.remote.worker import Worker

#: letters of room codes: no vowels (no words), no look-alikes (0/O, 1/I/L, 5/S, 2/Z)
ROOM_LETTERS = "BCDFGHJKMNPQRTVWXY3456789"
ROOM_LENGTH = 5
#: seconds :meth:`RemoteHub.stop` waits for the publishes under way
STOP_FLUSH = 5.0


@dataclass(frozen=True)
class HubEvent:
    """News for the owner: a device took a seat, came back, dropped, or gave it up."""

    kind: Literal["joined", "rejoined", "left", "gave-up", "released"]
    seat: int
    name: str


@dataclass(frozen=True)
class SeatClaim:
    """A device's hold on a seat, kept across a restart (:meth:`RemoteHub.export_claims`)."""
    token: str
    name: str = ""
    last_id: int = -1


@dataclass
class _Claim:
    token: str
    name: str
    last_id: int = -1
    conn: int | None = None


@dataclass
class _Pending:
    action: str
    id: int
    version: int
    conn: int
    taken: bool = False


class RemoteHub:
    """Remote seats for one table. Thread-safe; see the module docstring for who calls
    what. ``table``: every seat's look and whether a device may claim it."""

    def __init__(self, table: Sequence[SeatInfo], *, room: str | None = None,
                 limits: Limits | None = None, pictures: bool = True,
                 picture_size: tuple[int, int] = (960, 540), background: bool = False,
                 paced: bool = False) -> None:
        self.limits = limits or Limits()
        self.room = room or "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_LENGTH))
        self.pictures = pictures
        self.picture_size = picture_size
        self._lock = threading.Lock()
        self._activity = threading.Event()
        self._table: list[SeatInfo] = list(table)
        self._claims: dict[int, _Claim] = {}
        self._inbox: dict[int, _Pending] = {}
        self._news: list[HubEvent] = []
        self._snapshot = Snapshot(0, None, False)
        self._publisher = Publisher()
        self.languages = self._publisher.languages  # each device's own (join's "lang")
        #: prepare snapshots on a worker thread (see the module docstring)
        self.background = background
        #: the owner draws frames and calls :meth:`frame_shown` after each: a new table
        #: picture goes out to the devices then, between two frames
        self.paced = paced
        self._worker = Worker("remote-publish")
        self._queued = 0  # publishes handed to the worker and not installed yet
        #: seats a device holds, and those connected now: kept as they change, so the
        #: drivers' every-frame questions cost no lock and no new set
        self._claimed: frozenset[int] = frozenset()
        self._connected_now: frozenset[int] = frozenset()
        self._device_names: dict[int, str] = {}  # replaced whole, never changed in place
        self._game_info: dict[str, Any] = {}
        self._needs_publish = True
        self._spectators: set[int] = set()
        self._guesses: dict[str, int] = {}
        self._connections = 0  # connections in the room (a join with the right code)
        #: the seats message's data (a computer seat's driver a message), and its bytes
        #: in each language a device reads (made when first asked, until the seats change)
        self._seats_data: dict[str, Any] = {}
        self._seats_said: dict[str, bytes] = {}
        self._picture_job: tuple[int, bytes] | None = None
        self._server: Any = None
        self.host = ""
        self.port = 0
        self.invite_host = ""
        self._qr: list[str] = []
        self._rebuild_seats()

    # =====================================================================================
    # the owner's side
    # =====================================================================================
    def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
              invite_host: str | None = None) -> None:
        """Listen on ``host``:``port`` (0: any free port) in a thread of its own.
        ``invite_host`` is the address the join URL names (default: ``host``, or this
        machine's LAN address when ``host`` means every address). RemoteError if the
        libraries are missing or the address cannot be used."""
        require()
        if self._server is not None:
            raise RemoteError("the remote server is already running")
        from game.remote.net import lan_address
        from game.remote.qr import qr_matrix
        from game.remote.server import Server

        server = Server(self)
        self.host, self.port = server.start(host, port)
        if invite_host is None and host in ("", "0.0.0.0", "::"):
            invite_host = lan_address()
        self.invite_host = invite_host or self.host

        self._qr = ["".join("1" if m else "0" for m in row) for row in qr_matrix(self.url)]
        self._server = server
        if self.background:  # beside the television's frames (see game.remote.switching)
            switching.hold()

    def stop(self, reason: str = "The host closed the game", resume: bool = False) -> None:
        """Say ``bye`` to every device (with the results if the game is over), close
        the connections and the port. ``resume``: the game is saved with its claims, to
        go on in this room: devices keep their tokens and reconnect. Safe to call twice."""
        self._worker.flush(STOP_FLUSH)  # the last state goes out before the goodbye
        server, self._server = self._server, None
        if server is not None:
            bye: dict[str, Any] = {"type": "bye", "v": PROTOCOL, "reason": reason,
                                   "final": True, **({"resume": True} if resume else {})}
            try:
                server.stop(dumps(bye))
            finally:
                if self.background:
                    switching.release()

    @property
    def running(self) -> bool:
        return self._server is not None

    @property
    def url(self) -> str:
        """The join URL, room code included (what the QR code holds)."""
        return f"{self.base_url}/?room={self.room}"

    @property
    def base_url(self) -> str:
        host = self.invite_host or self.host
        if ":" in host:  # IPv6
            host = f"[{host}]"
        return f"http://{host}:{self.port}"

    def set_table(self, table: Sequence[SeatInfo]) -> None:
        """New names, colours, marks, or which seats devices may claim. A claimed seat
        that is no longer open is released."""
        kicked = []
        self._publisher.repaint()
        with self._lock:
            self._table = list(table)
            for seat in list(self._claims):
                if seat >= len(self._table) or not self._table[seat].open:
                    kicked.append(self._release(seat, "The host took this seat back"))
            self._rebuild_seats()
            self._needs_publish = True
        self._after_release(kicked)
        self._notify()

    @property
    def table(self) -> list[SeatInfo]:
        with self._lock:
            return list(self._table)

    def publish(self, game: Game, events: Iterable[Event] = ()) -> None:
        """Tell the devices the game changed (or may have): call it after every applied
        action with its events, after an undo or a load, and whenever
        :attr:`needs_publish` is true. Owner thread only: it reads the game. With
        ``background`` on, the messages are prepared on the worker thread from a copy
        of the game; a failure there is raised by the next call."""
        self._worker.check()
        with self._lock:
            table = list(self._table)
            roles: set[Role] = set(self._claims)
            picture = self.pictures and self._server is not None and self._connections > 0
            self._needs_publish = False  # a seat claimed from now on asks again
            if self.background:
                self._queued += 1
        roles.add(None)
        info = {"variant": game.variant, "name": game.spec.name, "players": game.players}
        if not self.background:
            self._install(self._publisher.prepare(game, events, table, roles, picture), info)
            return
        copy, happened = game.clone(), list(events)

        def prepare() -> None:
            try:
                self._install(self._publisher.prepare(copy, happened, table, roles,
                                                      picture), info)
            finally:
                with self._lock:
                    self._queued -= 1
                self._activity.set()  # an action held back may be taken now

        self._worker.submit(prepare)

    def frame_shown(self) -> None:
        """The owner's frame is on screen (a paced hub): a picture waiting for that goes
        now, while the owner waits for its next frame. Cheap when none waits."""
        server = self._server
        if server is not None and server.holding:
            server.frame_shown()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every publish so far is installed (at once without ``background``);
        False on timeout. Raises what preparing one raised."""
        done = self._worker.flush(timeout)
        self._worker.check()
        return done

    def _install(self, snap: Snapshot, info: dict[str, Any]) -> None:
        with self._lock:
            self._snapshot = snap
            self._game_info = info
            refusals = []
            for seat in [s for s, p in self._inbox.items() if p.version != snap.version]:
                pending = self._inbox.pop(seat)
                if not pending.taken:  # a taken one was applied (or is being refused)
                    refusals.append((pending, "the game changed before your action "
                                              "arrived: look again"))
            if snap.picture_job is not None:
                self._picture_job = (snap.version, snap.picture_job)
            self._rebuild_seats()
        for pending, reason in refusals:
            self._refuse(pending, reason)
        self._notify(picture=snap.picture_job is not None)

    @property
    def needs_publish(self) -> bool:
        """A device needs a state the last publish did not prepare (a seat claimed since):
        the owner should call :meth:`publish` on its next frame."""
        return self._needs_publish

    @property
    def version(self) -> int:
        """The version of the last published state (what devices' acts must name)."""
        return self._snapshot.version

    def take_action(self, seat: int) -> str | None:
        """The action the device holding ``seat`` sent for the current state, once; None
        if there is none. The owner applies it (``Game.apply``), then calls
        :meth:`publish` or :meth:`report_refusal`."""
        if seat not in self._inbox:  # most frames: nothing sent (no lock needed to see it)
            return None
        with self._lock:
            pending = self._inbox.get(seat)
            if pending is None or pending.taken or self._queued or \
                    pending.version != self._snapshot.version:
                return None
            pending.taken = True
            return pending.action

    def report_refusal(self, seat: int, reason: str) -> None:
        """The engine refused the action taken for ``seat``: tell its device why."""
        with self._lock:
            pending = self._inbox.pop(seat, None)
        if pending is not None:
            self._refuse(pending, reason)

    def wait(self, timeout: float) -> bool:
        """Block until an action or other news arrives, or ``timeout`` seconds pass
        (for a loop without frames, like the headless host). True if something came."""
        came = self._activity.wait(timeout)
        self._activity.clear()
        return came

    def news(self) -> list[HubEvent]:
        """Seats taken, retaken, dropped or given up since the last call."""
        if not self._news:  # most frames: nothing new (no lock needed to see it)
            return []
        with self._lock:
            out, self._news = self._news, []
            return out

    def claimed_seats(self) -> frozenset[int]:
        """Seats a device holds, connected now or not (a phone may be locked)."""
        return self._claimed

    def connected_seats(self) -> frozenset[int]:
        """Seats whose device is connected now."""
        return self._connected_now

    def device_name(self, seat: int) -> str:
        """The name the device gave when it claimed ``seat`` ("" if none). Asked every
        frame (the status line), so it takes no lock: the server's thread may hold the
        lock when the interpreter switches threads, and the frame would wait for it."""
        return self._device_names.get(seat, "")

    def export_claims(self) -> dict[int, SeatClaim]:
        """Every claim: with the room code and the port, what a new hub needs to let each
        device back into its seat (:meth:`restore_claims`; secrets: :mod:`game.remote.keep`)."""
        with self._lock:
            return {seat: SeatClaim(c.token, c.name, c.last_id)
                    for seat, c in sorted(self._claims.items())}

    def restore_claims(self, claims: dict[int, SeatClaim]) -> None:
        """Take back the claims a hub of this room held (:meth:`export_claims`): each
        device rejoins its seat with its token, and its acts go on after its last id. A
        claim on a seat that is taken, or that the table does not open, is left out."""
        with self._lock:
            for seat, c in claims.items():
                if seat < len(self._table) and self._table[seat].open and seat >= 0:
                    self._claims.setdefault(seat, _Claim(c.token, c.name, c.last_id))
            self._rebuild_seats()
            self._needs_publish = True
        self._notify()

    def release(self, seat: int, reopen: bool = True) -> None:
        """Take ``seat`` from its device (it is told, and its token stops working). With
        ``reopen`` False no device may claim the seat again until :meth:`set_table`
        opens it: the owner plays it locally or hands it to a computer."""
        with self._lock:
            kicked = [self._release(seat, "The host took this seat back")]
            if not reopen and seat < len(self._table):
                self._table[seat] = replace(self._table[seat], open=False)
            self._rebuild_seats()
        self._after_release(kicked)
        self._notify()

    # =====================================================================================
    # the server's side (called on the server thread; each holds the lock briefly)
    # =====================================================================================
    def enter(self, address: str, msg: Join) -> None:
        """A connection's first join: the room code opens the room, up to ``connections``
        devices; a seat's token opens it whatever the count (a player always gets back
        to their seat)."""
        with self._lock:
            self._check_room(address, msg)
            if msg.token is None and self._connections >= self.limits.connections:
                raise ProtocolError("full", "too many devices are connected: try again "
                                            "when someone leaves")
            self._connections += 1

    def _check_room(self, address: str, msg: Join) -> None:
        if self._guesses.get(address, 0) >= self.limits.guesses:
            raise ProtocolError("locked-out", "too many wrong room codes or seat "
                                              "tokens from this device")
        if not secrets.compare_digest(msg.room.upper().encode(), self.room.encode()):
            self._guess(address)
            raise ProtocolError("wrong-room", "wrong room code: check the code on the "
                                              "television")

    def join(self, conn: int, address: str, msg: Join) -> JoinResult:
        with self._lock:
            self._check_room(address, msg)
            if msg.token is not None:
                return self._rejoin(conn, address, msg.token)
            if msg.seat is not None:
                return self._claim(conn, msg.seat, msg.name or "")
            if msg.spectate:
                self._spectators.add(conn)
                self._needs_publish = True  # a picture, if none was made for nobody
                self._activity.set()
                self._rebuild_seats()
                return JoinResult(None, [self._welcome(None, None, 0)])
            return JoinResult(LOBBY)

    def _guess(self, address: str) -> None:
        self._guesses[address] = self._guesses.get(address, 0) + 1

    def _rejoin(self, conn: int, address: str, token: str) -> JoinResult:
        seat = next((s for s, c in self._claims.items()
                     if secrets.compare_digest(c.token.encode(), token.encode())), None)
        if seat is None:
            self._guess(address)
            raise ProtocolError("wrong-token", "this seat token is not valid any more: the "
                                               "seat was given up or released; claim a seat")
        claim = self._claims[seat]
        old, claim.conn = claim.conn, conn
        self._news.append(HubEvent("rejoined", seat, claim.name))
        self._activity.set()
        self._needs_publish = True
        self._rebuild_seats()
        return JoinResult(seat, [self._welcome(seat, claim.token, claim.last_id + 1)],
                          kick=old if old != conn else None,
                          kick_reason="This seat is now played from another connection")

    def _claim(self, conn: int, seat: int, name: str) -> JoinResult:
        if not 0 <= seat < len(self._table):
            raise ProtocolError("bad-seat", f"there is no seat {seat + 1} at this table")
        if not self._table[seat].open:
            raise ProtocolError("seat-closed", f"{self._table[seat].name}'s seat is not "
                                               "open to devices")
        if seat in self._claims:
            raise ProtocolError("seat-taken", f"{self._table[seat].name}'s seat is taken")
        claim = _Claim(secrets.token_urlsafe(24), name, -1, conn)
        self._claims[seat] = claim
        self._news.append(HubEvent("joined", seat, name))
        self._activity.set()
        self._needs_publish = True
        self._rebuild_seats()
        return JoinResult(seat, [self._welcome(seat, claim.token, 0)])

    def _welcome(self, seat: int | None, token: str | None, next_id: int) -> dict[str, Any]:
        return {"type": "welcome", "v": PROTOCOL, "seat": seat, "token": token,
                "next_id": next_id, "room": self.room, "url": self.url, "qr": self._qr,
                "pictures": self.pictures}

    def act(self, conn: int, seat: Role, msg: Act) -> None:
        with self._lock:
            claim = self._claims.get(seat) if seat is not None else None
            if seat is None or claim is None or claim.conn != conn:
                raise ProtocolError("not-seated", "only a device holding a seat can act: "
                                                  "claim a seat first")
            if msg.id <= claim.last_id:
                raise ProtocolError("replay", f"message {msg.id} was already received "
                                              "(a message is acted on once)")
            claim.last_id = msg.id
            snap = self._snapshot
            if msg.version != snap.version:
                raise ProtocolError("stale", f"this action was chosen on an older state "
                                             f"({msg.version}, now {snap.version}): look again")
            if snap.over:
                raise ProtocolError("not-your-turn", "the game is over")
            if snap.deciding != seat:
                who = (self._table[snap.deciding].name
                       if snap.deciding is not None and snap.deciding < len(self._table)
                       else "nobody")
                raise ProtocolError("not-your-turn", f"it is not your turn: {who} decides "
                                                     "now")
            if seat in self._inbox:
                raise ProtocolError("busy", "your previous action is still on its way")
            self._inbox[seat] = _Pending(msg.action, msg.id, msg.version, conn)
            self._activity.set()

    def choose_language(self, seat: int, lang: str | None) -> None:
        """``seat``'s device reads ``lang`` from now on (join's "lang"; None: the
        television's), and its state is published again in it."""
        self.languages.choose(seat, lang)
        self._needs_publish = True

    def bye(self, conn: int, seat: Role) -> None:
        """The device gave its seat up (or stopped watching)."""
        with self._lock:
            self._spectators.discard(conn)
            claim = self._claims.get(seat) if seat is not None else None
            if seat is not None and claim is not None and claim.conn == conn:
                del self._claims[seat]
                self._inbox.pop(seat, None)
                self._news.append(HubEvent("gave-up", seat, claim.name))
                self._activity.set()
            self._rebuild_seats()

    def disconnected(self, conn: int, seat: Role, entered: bool = True) -> None:
        with self._lock:
            self._connections -= entered
            self._spectators.discard(conn)
            claim = self._claims.get(seat) if seat is not None else None
            if seat is not None and claim is not None and claim.conn == conn:
                claim.conn = None
                pending = self._inbox.get(seat)
                if pending is not None and not pending.taken:
                    del self._inbox[seat]
                self._news.append(HubEvent("left", seat, claim.name))
                self._activity.set()
            self._rebuild_seats()

    def state_for(self, role: Role) -> bytes | None:
        with self._lock:
            return self._snapshot.states.get(role)

    def seats(self, lang: str | None = None) -> bytes:
        """The seats message in ``lang`` (None: the television's): a computer seat's
        driver ("Computer (Hard)") in the words of the phone that reads it."""
        lang = lang or i18n.language()
        with self._lock:
            said = self._seats_said.get(lang)
            if said is None:
                seats = [{**seat, "driver": i18n.render(seat["driver"], lang)}
                         for seat in self._seats_data["seats"]]
                said = self._seats_said[lang] = dumps({**self._seats_data, "seats": seats})
            return said

    def take_picture_job(self) -> tuple[int, bytes] | None:
        with self._lock:
            job, self._picture_job = self._picture_job, None
            return job

    def _holds(self, conn: int, seat: int) -> bool:
        with self._lock:
            claim = self._claims.get(seat)
            return claim is not None and claim.conn == conn

    # -- helpers (lock held) --------------------------------------------------------------
    def _release(self, seat: int, reason: str) -> tuple[int | None, str]:
        claim = self._claims.pop(seat, None)
        self._inbox.pop(seat, None)
        if claim is None:
            return None, reason
        self._news.append(HubEvent("released", seat, claim.name))
        self._activity.set()
        return claim.conn, reason

    def _after_release(self, kicked: list[tuple[int | None, str]]) -> None:
        if self._server is None:
            return
        for conn, reason in kicked:
            if conn is not None:
                self._server.kick(conn, dumps({"type": "bye", "v": PROTOCOL,
                                               "reason": reason, "final": False}),
                                  back_to_lobby=True)

    def _rebuild_seats(self) -> None:
        """The seats message, and the sets of claimed and connected seats (every change of
        a claim calls this)."""
        self._claimed = frozenset(self._claims)
        self._connected_now = frozenset(s for s, c in self._claims.items()
                                        if c.conn is not None)
        self._device_names = {s: c.name for s, c in self._claims.items()}
        seats = []
        for seat, info in enumerate(self._table):
            claim = self._claims.get(seat)
            if claim is not None:
                status = "taken" if claim.conn is not None else "away"
            else:
                status = "open" if info.open else "closed"
            seats.append({**info.to_json(seat), "status": status, "driver": info.driver,
                          "device": claim.name if claim else ""})
        self._seats_data = {"type": "seats", "v": PROTOCOL, "room": self.room,
                            "game": self._game_info, "seats": seats,
                            "spectators": len(self._spectators)}
        self._seats_said = {}

    def _refuse(self, pending: _Pending, reason: str) -> None:
        if self._server is not None:
            self._server.deliver(pending.conn, dumps({
                "type": "refused", "v": PROTOCOL, "id": pending.id, "action": pending.action,
                "reason": reason}))

    def _notify(self, picture: bool = False) -> None:
        if self._server is not None:
            self._server.notify(picture)


__all__ = ["RemoteHub", "SeatInfo", "SeatClaim", "Limits", "HubEvent", "hex_colour", "DEFAULT_PORT"]
