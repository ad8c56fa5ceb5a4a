"""The network side: an asyncio WebSocket and HTTP server in a thread of its own.

Built on ``websockets`` (one small, dependency-free, well-kept library): its handshake
hook serves the phone page's few static files from ``assets/web/``, and ``/ws`` speaks
the JSON protocol of ``docs/remote.md``. The server reads and checks what devices send,
hands joins and acts to the hub through its port (:class:`~game.remote.ports.HubPort`:
the server never imports the hub), and sends each connection the newest bytes the owner
prepared. A connection's sender coalesces: a slow phone gets the latest state and
picture, never a backlog.

The table picture is painted by a child process (:mod:`game.ui.picture`, SDL's
dummy video driver), so drawing and JPEG encoding never hold this process's GIL while the
television draws its frames.
"""

from __future__ import annotations

import asyncio
import ipaddress
import itertools
import logging
import os
import socket
import sys
import threading
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.core.resources import assets_dir
from game.remote import RemoteError
from game.remote.page import page_language, page_texts
from game.remote.ports import HubPort
from game.remote.protocol import (
    LOBBY,
    PROTOCOL,
    Act,
    Bye,
    Join,
    ProtocolError,
    dumps,
    error,
    parse,
)

LOG = logging.getLogger("game.remote")
WS_PATH = "/ws"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}
#: Host header addresses remembered (a stranger may send many)
MAX_ADDRESSES = 64
#: seconds the server waits for goodbyes and for the painter when it stops
STOP_GRACE = 5.0
#: seconds a paced hub's new picture waits at most for the owner's next frame
HOLD_PICTURE = 0.1


def split_host(host: str) -> tuple[str | None, int | None]:
    """A Host header's name (lower case, an IPv6 address without brackets) and port;
    (None, None) when it is not a host at all."""
    try:
        parts = urlsplit("//" + host.strip())
        name, port = parts.hostname, parts.port
    except ValueError:
        return None, None
    if not name or parts.username is not None or parts.path or parts.query:
        return None, None
    return name.rstrip(".").lower(), port


def local_names(*given: str) -> frozenset[str]:
    """The names and addresses every request may use: localhost, the machine's own
    names, and the addresses the server listens on and invites to."""
    names = {"localhost", "127.0.0.1", "::1", socket.gethostname(), socket.getfqdn(),
             socket.gethostname() + ".local", *given}
    return frozenset(n.strip("[]").rstrip(".").lower() for n in names
                     if n and n not in ("0.0.0.0", "::"))


def is_local_address(name: str) -> bool:
    """Whether ``name`` is an IP address of this machine: only a local address can be
    bound (a name, or anyone else's address, cannot)."""
    try:
        family = socket.AF_INET6 if ipaddress.ip_address(name).version == 6 else socket.AF_INET
    except ValueError:
        return False
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.bind((name, 0))
    except OSError:
        return False
    return True


def static_files() -> dict[str, tuple[bytes, str]]:
    """The page's files by URL path (``/`` is ``index.html``), read once at start."""
    folder = assets_dir() / "web"
    out: dict[str, tuple[bytes, str]] = {}
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        if path.is_file() and path.suffix in TYPES:
            out["/" + path.name] = (path.read_bytes(), TYPES[path.suffix])
    if "/index.html" not in out:
        raise RemoteError(f"the phone page is missing from this installation ({folder})")
    out["/"] = out["/index.html"]
    return out


@dataclass
class Conn:
    """One device's connection, as the server thread sees it."""

    id: int
    ws: ServerConnection
    address: str
    tokens: float
    stamp: float
    role: Any = LOBBY
    #: the room code was right once (until then nothing is sent, not even the seats)
    joined: bool = False
    #: waiting to join, it was closed to make room for a newcomer
    evicted: bool = False
    strikes: int = 0
    outbox: deque[bytes] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    #: (close code, reason, last message): sent once everything newer has gone out
    closing: tuple[int, str, bytes] | None = None
    seats_sent: bytes = b""
    #: the language its page reads (its join's; None: the television's)
    lang: str | None = None
    state_sent: bytes = b""
    picture_sent: int = 0


class Server:
    def __init__(self, hub: HubPort) -> None:
        self.hub = hub
        self.limits = hub.limits
        self.files = static_files()
        self.conns: dict[int, Conn] = {}
        self.picture: tuple[int, bytes] | None = None
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._picture_wake: asyncio.Event | None = None
        self._painting = False  # the painter has a job in hand
        #: a new picture waits for the owner's next frame (read by the owner's thread)
        self.holding = False
        self._shown: asyncio.Event | None = None
        self._bye = b""
        self._ready = threading.Event()
        #: the names this machine answers to (its own, localhost, the invited address)
        self.names: frozenset[str] = frozenset()
        #: addresses asked about in Host headers: whether each is one of this machine's
        self._addresses: dict[str, bool] = {}
        self._failure: BaseException | None = None
        self._thread: threading.Thread | None = None
        self.address: tuple[str, int] = ("", 0)

    # =====================================================================================
    # from the owner's thread
    # =====================================================================================
    def start(self, host: str, port: int) -> tuple[str, int]:
        self._thread = threading.Thread(target=self._run, args=(host, port),
                                        name="remote-hub", daemon=True)
        self._thread.start()
        self._ready.wait(30)
        if self._failure is not None or not self._ready.is_set():
            self._thread.join(5)
            why = self._failure
            raise RemoteError(f"cannot listen on {host} port {port}: "
                              f"{getattr(why, 'strerror', None) or why or 'no answer'}")
        return self.address

    def stop(self, bye: bytes) -> None:
        self._bye = bye
        self._call(self._begin_stop)
        if self._thread is not None:
            self._thread.join(STOP_GRACE * 3)

    def notify(self, picture: bool = False) -> None:
        """Something changed for every connection (a new state, the seats)."""
        self._call(self._wake_all, picture)

    def frame_shown(self) -> None:
        """The owner's frame is on screen: a picture held for it goes now."""
        self._call(self._release_picture)

    def deliver(self, conn: int, message: bytes) -> None:
        self._call(self._send_to, conn, message)

    def kick(self, conn: int, bye: bytes, back_to_lobby: bool) -> None:
        self._call(self._kick, conn, bye, back_to_lobby)

    def _call(self, fn: Any, *args: Any) -> None:
        loop = self._loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop has closed: nobody is listening any more
            pass

    # =====================================================================================
    # the server's thread
    # =====================================================================================
    def _run(self, host: str, port: int) -> None:
        try:
            asyncio.run(self._main(host, port))
        except BaseException as exc:  # noqa: BLE001 - reported to start() or logged
            if not self._ready.is_set():
                self._failure = exc
                self._ready.set()
            else:
                LOG.error("the remote server stopped: %s", exc)

    async def _main(self, host: str, port: int) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._picture_wake = asyncio.Event()
        self._shown = asyncio.Event()
        try:
            server = await serve(self._handle, host, port, process_request=self._http,
                                 max_size=self.limits.frame_bytes, max_queue=4,
                                 compression=None, ping_interval=20, ping_timeout=20,
                                 close_timeout=2, server_header=None, logger=LOG)
        except OSError as exc:
            self._failure = exc
            self._ready.set()
            return
        sock = next(iter(server.sockets))
        self.address = sock.getsockname()[:2]
        self.names = local_names(host)
        self._ready.set()
        painter = asyncio.create_task(self._painter()) if self.hub.pictures else None
        await self._stop.wait()
        if painter is not None:
            await self._last_picture(painter)
        for conn in list(self.conns.values()):
            conn.closing = (1001, "the server stopped", self._bye)
            conn.wake.set()
        senders = [t for t in asyncio.all_tasks() if t.get_name().startswith("sender-")]
        if senders:
            await asyncio.wait(senders, timeout=STOP_GRACE)
        server.close()
        await server.wait_closed()
        if painter is not None:
            painter.cancel()
            await asyncio.gather(painter, return_exceptions=True)

    async def _last_picture(self, painter: asyncio.Task[None]) -> None:
        """Before the goodbye, wait (at most :data:`STOP_GRACE`) for the picture of the
        last state: a game that ends leaves every device its final board, not the one
        before the last action."""
        assert self._picture_wake is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_GRACE
        while (self._painting or self._picture_wake.is_set()) and not painter.done() \
                and loop.time() < deadline:
            await asyncio.sleep(0.01)

    def _begin_stop(self) -> None:
        if self._stop is not None:
            self._stop.set()

    def _release_picture(self) -> None:
        if self._shown is not None:
            self._shown.set()

    async def _hold_picture(self) -> None:
        """A paced hub (:attr:`HubPort.paced`) holds a new picture until the owner has
        shown its next frame, at most :data:`HOLD_PICTURE`: sending it to every
        spectator is the server's biggest burst of work, and done while the owner draws
        it would take the interpreter and a core from the frame. Done just after a
        frame, it is over before the next one starts."""
        if not self.hub.paced or self._shown is None:
            return
        self._shown.clear()
        self.holding = True
        try:
            await asyncio.wait_for(self._shown.wait(), HOLD_PICTURE)
        except TimeoutError:
            pass
        finally:
            self.holding = False

    def _wake_all(self, picture: bool = False) -> None:
        if picture and self._picture_wake is not None:
            self._picture_wake.set()
        for conn in self.conns.values():
            conn.wake.set()

    def _send_to(self, conn_id: int, message: bytes) -> None:
        conn = self.conns.get(conn_id)
        if conn is not None:
            conn.outbox.append(message)
            conn.wake.set()

    def _kick(self, conn_id: int, bye: bytes, back_to_lobby: bool) -> None:
        conn = self.conns.get(conn_id)
        if conn is None:
            return
        conn.role, conn.state_sent = LOBBY, b""
        if back_to_lobby:
            conn.outbox.append(bye)
        else:
            conn.closing = (1000, "the seat moved to another connection", bye)
        conn.wake.set()

    # -- HTTP ------------------------------------------------------------------------------
    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path = urlsplit(request.path).path
        hosts = request.headers.get_all("Host")
        if len(hosts) != 1:
            return self._plain(400, "Bad Request", "a request names one Host")
        host = hosts[0]
        if not self.ours(host):
            return self._plain(421, "Misdirected Request",
                               "this game answers to its own address only")
        if path == WS_PATH:
            origin = request.headers.get("Origin")
            if origin is not None and urlsplit(origin).netloc != host:
                return self._plain(403, "Forbidden", "connect from the game's own page")
            return None
        found = self.files.get(path)
        if found is None:
            return self._plain(404, "Not Found", "not found")
        body, kind = found
        safe_host = "".join(c for c in host if c.isalnum() or c in ".:[]-")
        policy = ("default-src 'self'; img-src 'self' data:; style-src 'self'; "
                  f"script-src 'self'; connect-src 'self' ws://{safe_host}; "
                  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
        return Response(200, "OK", Headers([
            ("Content-Type", kind), ("Content-Length", str(len(body))),
            ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"), ("Content-Security-Policy", policy)]), body)

    def ours(self, host: str) -> bool:
        """Whether a request's ``Host`` names this machine and port. A page of another
        site whose name was made to resolve to this machine (DNS rebinding) sends its own
        name, and is turned away before it can read the page or open a WebSocket."""
        name, port = split_host(host)
        if name is None or (port if port is not None else 80) != self.address[1]:
            return False
        if name in self.names or name == self.hub.invite_host.strip("[]").lower():
            return True
        known = self._addresses.get(name)
        if known is None:
            known = is_local_address(name)
            if len(self._addresses) < MAX_ADDRESSES:
                self._addresses[name] = known
        return known

    @staticmethod
    def _plain(status: int, reason: str, text: str) -> Response:
        body = (text + "\n").encode()
        return Response(status, reason, Headers([
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Length", str(len(body)))]), body)

    # -- WebSocket ---------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        peer = ws.remote_address
        address = str(peer[0]) if peer else "?"
        if not self._make_room(address):
            await ws.close(1013, "too many connections from this device are waiting to "
                                 "join")
            return
        conn = Conn(next(self._ids), ws, address, float(self.limits.burst),
                    self.limits.clock())
        self.conns[conn.id] = conn
        sender = asyncio.create_task(self._sender(conn), name=f"sender-{conn.id}")
        loop = asyncio.get_running_loop()
        timer = loop.call_later(self.limits.join_within, self._expire, conn.id)
        try:
            async for message in ws:
                self._receive(conn, message)
                if conn.closing is not None:
                    break
        except ConnectionClosed:
            pass
        finally:
            timer.cancel()
            del self.conns[conn.id]
            role = conn.role if conn.role != LOBBY else None
            self.hub.disconnected(conn.id, role, conn.joined)
            if conn.closing is None:
                sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)
            self._wake_all()

    def _receive(self, conn: Conn, message: str | bytes) -> None:
        """Read one message. Each costs a token of the connection's rate, except an act
        the hub accepted: a seat gets one of those per state, so the game paces them."""
        free = False
        try:
            if not self._allow(conn):
                raise ProtocolError("too-fast", "too many messages: slow down")
            if isinstance(message, bytes):
                raise ProtocolError("bad-message", "send text (JSON), not binary data")
            if len(message) > self.limits.message_chars:
                raise ProtocolError("too-big", f"a message is at most "
                                               f"{self.limits.message_chars} characters")
            msg = parse(message)
            if isinstance(msg, Join):
                self._join(conn, msg)
            elif isinstance(msg, Act):
                role = conn.role if isinstance(conn.role, int) else None
                self.hub.act(conn.id, role, msg)
                free = True
            elif isinstance(msg, Bye):
                self.hub.bye(conn.id, conn.role if conn.role != LOBBY else None)
                conn.role, conn.state_sent = LOBBY, b""
                self._wake_all()
        except ProtocolError as exc:
            conn.strikes += 1
            conn.outbox.append(dumps(error(exc.code, str(exc))))
            if conn.strikes >= self.limits.strikes:
                conn.closing = (1008, "too many refused messages", b"")
            conn.wake.set()
        if not free:
            conn.tokens = max(0.0, conn.tokens - 1)

    def _make_room(self, address: str) -> bool:
        """Whether a new connection from ``address`` may wait to join: not past the
        address's share; when every waiting place is taken, the connection that has
        waited longest is closed for it, so idle strangers never keep a phone out."""
        waiting = [c for c in self.conns.values() if not c.joined and not c.evicted]
        if sum(c.address == address for c in waiting) >= self.limits.unjoined_per_address:
            return False
        if len(waiting) >= self.limits.unjoined:
            oldest = min(waiting, key=lambda c: c.id)
            oldest.evicted = True
            oldest.closing = (1013, "too many connections are waiting to join", b"")
            oldest.wake.set()
        return True

    def _expire(self, conn_id: int) -> None:
        """A connection that has not joined in time is closed: an idle one holds a place."""
        conn = self.conns.get(conn_id)
        if conn is None or conn.joined or conn.closing is not None:
            return
        seconds = f"{self.limits.join_within:g}"
        conn.closing = (1008, "no join in time", dumps(error(
            "join-timeout", f"join the room within {seconds} seconds of connecting")))
        conn.wake.set()

    def _allow(self, conn: Conn) -> bool:
        now = self.limits.clock()
        conn.tokens = min(float(self.limits.burst),
                          conn.tokens + (now - conn.stamp) * self.limits.rate)
        conn.stamp = now
        return conn.tokens >= 1

    def _join(self, conn: Conn, msg: Join) -> None:
        if conn.role != LOBBY:
            raise ProtocolError("joined", "this connection has joined already: send bye "
                                          "first to change seats")
        if not conn.joined:
            self.hub.enter(conn.address, msg)
            conn.joined = True
        result = self.hub.join(conn.id, conn.address, msg)
        conn.role = result.role
        lang = page_language(msg.lang)  # the page's words first, in its language
        conn.lang = lang
        if lang is not None:
            conn.outbox.append(dumps({**page_texts(lang), "v": PROTOCOL}))
        if isinstance(result.role, int):
            self.hub.choose_language(result.role, lang)  # its state, in its language
        conn.outbox.extend(dumps(reply) for reply in result.replies)
        if result.kick is not None:
            self._kick(result.kick, dumps({"type": "bye", "v": PROTOCOL, "final": True,
                                           "reason": result.kick_reason}), False)
        self._wake_all()

    async def _sender(self, conn: Conn) -> None:
        """The only writer of a connection: direct messages first, then whatever is
        newer than what it last sent (seats, state, picture)."""
        ws = conn.ws
        try:
            while True:
                await conn.wake.wait()
                conn.wake.clear()
                while conn.outbox:
                    await ws.send(conn.outbox.popleft(), text=True)
                await self._send_news(conn)
                if conn.closing is not None:
                    code, reason, last = conn.closing
                    if last:
                        await ws.send(last, text=True)
                    await ws.close(code, reason)
                    return
        except ConnectionClosed:
            return

    async def _send_news(self, conn: Conn) -> None:
        if not conn.joined:  # the seats name the room: only for those who know it
            return
        ws = conn.ws
        seats = self.hub.seats(conn.lang)
        if seats != conn.seats_sent:
            conn.seats_sent = seats
            await ws.send(seats, text=True)
        if conn.role == LOBBY:
            return
        state = self.hub.state_for(conn.role)
        if state is not None and state != conn.state_sent:
            conn.state_sent = state
            await ws.send(state, text=True)
        picture = self.picture
        if picture is not None and picture[0] != conn.picture_sent:
            conn.picture_sent = picture[0]
            await ws.send(picture[1], text=True)

    # -- the table picture ---------------------------------------------------------------
    async def _painter(self) -> None:
        """Feed the painter process the newest job, one at a time; a job that arrives
        while one is painted replaces any older one still waiting."""
        assert self._picture_wake is not None
        width, height = self.hub.picture_size
        root = str(Path(__file__).resolve().parent.parent.parent)
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1",
                   PYTHONPATH=os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH"))
                                              if p))
        try:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "game.ui.picture", str(width), str(height),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env)
        except OSError as exc:
            LOG.error("remote: no table pictures (the painter did not start: %s)", exc)
            return
        assert proc.stdin is not None and proc.stdout is not None
        version = 0
        try:
            while True:
                await self._picture_wake.wait()
                self._picture_wake.clear()
                job = self.hub.take_picture_job()
                if job is None:
                    continue
                self._painting = True
                version, body = job
                proc.stdin.write(len(body).to_bytes(4, "big") + body)
                await proc.stdin.drain()
                size = int.from_bytes(await proc.stdout.readexactly(4), "big")
                painted = await proc.stdout.readexactly(size)
                await self._hold_picture()
                self.picture = (version, painted)
                self._painting = False
                self._wake_all()
        except (asyncio.IncompleteReadError, ConnectionError) as exc:
            LOG.error("remote: the table painter stopped (%s); no more pictures", exc)
            self._painting = False
            self.picture = (version + 1, dumps({
                "type": "picture", "v": PROTOCOL, "version": version,
                "error": "the table picture is not available"}))
            self._wake_all()
        finally:
            await _end(proc)


async def _end(proc: asyncio.subprocess.Process) -> None:
    """Close the painter's input (it exits at end of input) and read its output to the
    end, so its pipes close with the loop still running; kill it if it lingers."""
    if proc.stdin is not None:
        proc.stdin.close()
    try:
        if proc.stdout is not None:
            await asyncio.wait_for(proc.stdout.read(), STOP_GRACE)
        await asyncio.wait_for(proc.wait(), STOP_GRACE)
    except (TimeoutError, asyncio.CancelledError):
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
