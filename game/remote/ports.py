"""What the server thread may ask of the hub: the port between them, as a protocol.

The server (:mod:`game.remote.server`) routes bytes; the hub (:mod:`game.remote.hub`)
holds the seats. The hub starts a server and hands it itself, so the server needs only
the hub's *shape*, never its module: it types against :class:`HubPort`, and the import
runs one way, hub → server. The methods here are the hub's public server side; each
holds the hub's lock briefly, and none may be called from the owner's thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.remote.protocol import Act, Join
from game.remote.snapshot import Role


@dataclass(frozen=True)
class Limits:
    """What one connection may send. Messages past ``message_chars`` get an error;
    frames past ``frame_bytes`` close the connection (1009). ``rate`` messages a second
    on average, bursts of ``burst`` (an accepted act is free: the game paces those, one
    per state); after ``strikes`` refused messages the connection is closed; an address
    gets ``guesses`` wrong room codes or tokens in all.

    Connections: at most ``connections`` devices in the room (a join with the right room
    code); before that, a connection waits at most ``join_within`` seconds, at most
    ``unjoined`` of them wait at once and ``unjoined_per_address`` from one address, and
    when they are all taken the one that waited longest makes room for a newcomer. A seat's
    token always gets back in: strangers who hold connections cannot keep a player out."""

    message_chars: int = 4096
    frame_bytes: int = 65536
    rate: float = 20.0
    burst: int = 40
    strikes: int = 50
    guesses: int = 30
    connections: int = 64
    join_within: float = 10.0
    unjoined: int = 16
    unjoined_per_address: int = 4
    clock: Callable[[], float] = time.monotonic


@dataclass
class JoinResult:
    """What the server does after a join: send ``replies``, take ``role``, close
    ``kick`` (another connection of the same seat) with ``kick_reason``."""

    role: Role | str
    replies: list[dict[str, Any]] = field(default_factory=list)
    kick: int | None = None
    kick_reason: str = ""


class HubPort(Protocol):
    """The hub as the server sees it. A ``ProtocolError`` raised by a method is the
    device's fault: the server answers it with an error message and a strike."""

    @property
    def limits(self) -> Limits:
        """What one connection may send (the server enforces most of it)."""
        ...

    @property
    def pictures(self) -> bool:
        """Devices get pictures of the table: the server runs a painter."""
        ...

    @property
    def paced(self) -> bool:
        """A new picture waits for the owner's next frame (:meth:`frame_shown`)."""
        ...

    @property
    def picture_size(self) -> tuple[int, int]: ...

    @property
    def invite_host(self) -> str:
        """The address the join URL names (no device may take it as its name)."""
        ...

    def enter(self, address: str, msg: Join) -> None:
        """A connection's first join with the right room code: count it in the room."""

    def join(self, conn: int, address: str, msg: Join) -> JoinResult:
        """Claim a seat, come back to one with its token, spectate, or stay in the lobby."""
        ...

    def act(self, conn: int, seat: Role, msg: Act) -> None:
        """A seat's action, queued for the owner if the seat may play it now."""

    def choose_language(self, seat: int, lang: str | None) -> None:
        """The language ``seat``'s device reads (None: the television's)."""
        ...

    def bye(self, conn: int, seat: Role) -> None:
        """The device gave its seat up (or stopped watching)."""

    def disconnected(self, conn: int, seat: Role, entered: bool = True) -> None:
        """The connection closed; ``entered``: it had counted in the room."""

    def seats(self, lang: str | None = None) -> bytes:
        """The ``seats`` message every device in the room gets, in ``lang`` (None: the
        television's)."""
        ...

    def state_for(self, role: Role) -> bytes | None:
        """The newest ``state`` message for a seat (None: the spectators')."""
        ...

    def take_picture_job(self) -> tuple[int, bytes] | None:
        """The newest table to paint, once: (version, what the painter needs)."""
        ...
