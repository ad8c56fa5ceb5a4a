"""The phones of a saved game, kept beside its save so they get their seats back.

A game played with phones is saved after every action like any other (the television's
autosave, the headless host's ``hosted.json``). The seats the devices hold are not in the
save: a seat's token is a secret that lets a device act for that seat, and saves are
files people copy and share. So each save that had phones gets a small file beside it,
``seats/<the save's name>``, readable by the user only (mode 0600, created so), holding
the room code, the port and every claim (seat -> token, device name, last act id:
:meth:`~game.remote.hub.RemoteHub.export_claims`). A new hub made from it, for the same
room on the same port, lets every phone's page back into its own seat by itself: the page
keeps its token under the room code and reconnects on its own.

The save's meta names the record by a random *tag* (``meta["phones"]``), and the record
repeats it: a record left over from another game (a crash between the two writes, a
seats file copied by hand) is never taken for this game's, so a game never starts
listening on the network for phones it did not have.

Reading never trusts the file: anything malformed is a :class:`~game.core.errors.SaveError`
with the reason, and the game is then continued without its phones (they claim their
seats again).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import SaveError
from game.core.records import write_atomic
from game.remote.hub import SeatClaim
from game.remote.protocol import MAX_COUNTER, MAX_NAME, MAX_ROOM, MAX_TOKEN

#: the folder beside the saves that holds their seats files (a folder of its own, so a
#: list of the saves never takes a seats file for a save)
SEATS = "seats"
#: the key of a save's meta that names its seats record
META_KEY = "phones"
#: a seats file is a few hundred bytes; a larger one is not one
MAX_BYTES = 64 * 1024
FORMAT = 1
_TAG = re.compile(r"[0-9a-f]{16,64}")
_ROOM = re.compile(rf"[A-Z0-9]{{1,{MAX_ROOM}}}")
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{16,{MAX_TOKEN}}}")


def new_tag() -> str:
    """A fresh tag for a game that has phones from now on."""
    return secrets.token_hex(8)


@dataclass(frozen=True)
class KeptSeats:
    """What a new hub needs to let the devices of a saved game back into their seats."""

    tag: str
    room: str
    port: int
    claims: dict[int, SeatClaim]

    def to_text(self) -> str:
        claims = {str(seat): {"token": c.token, "name": c.name, "last_id": c.last_id}
                  for seat, c in sorted(self.claims.items())}
        return json.dumps({"format": FORMAT, "tag": self.tag, "room": self.room,
                           "port": self.port, "claims": claims}, indent=1)

    @classmethod
    def parse(cls, text: str | bytes, players: int) -> KeptSeats:
        """The record in ``text``, checked field by field; SaveError says what is wrong."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError):
            raise SaveError("it is not a seats file (not JSON)") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("it is not a seats file of this version")
        tag, room, port, raw = (data.get(k) for k in ("tag", "room", "port", "claims"))
        if not isinstance(tag, str) or not _TAG.fullmatch(tag):
            raise SaveError("its tag is damaged")
        if not isinstance(room, str) or not _ROOM.fullmatch(room):
            raise SaveError("its room code is damaged")
        if not isinstance(port, int) or not _whole(port, 1, 65535):
            raise SaveError("its port is not a port")
        if not isinstance(raw, dict):
            raise SaveError("its claims are damaged")
        claims = {_seat(key, players): _claim(value) for key, value in raw.items()}
        if len({c.token for c in claims.values()}) != len(claims):
            raise SaveError("two seats have the same token")
        return cls(tag, room, port, claims)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _seat(key: str, players: int) -> int:
    if not key.isdecimal() or not key.isascii() or not int(key) < players:
        raise SaveError(f"it claims a seat this game does not have ({key[:8]!r})")
    return int(key)


def _claim(value: Any) -> SeatClaim:
    if not isinstance(value, dict) or set(value) != {"token", "name", "last_id"}:
        raise SaveError("a claim is damaged")
    token, name, last_id = value["token"], value["name"], value["last_id"]
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise SaveError("a seat's token is damaged")
    if not isinstance(name, str) or len(name) > MAX_NAME or not name.isprintable():
        raise SaveError("a device's name is damaged")
    if not _whole(last_id, -1, MAX_COUNTER):
        raise SaveError("a seat's last message id is damaged")
    return SeatClaim(token, name, last_id)


# ---------------------------------------------------------------------------------------
# the file beside a save
# ---------------------------------------------------------------------------------------
def seats_path(save: Path) -> Path:
    """Where the seats of the game saved in ``save`` are kept."""
    return save.parent / SEATS / save.name


def write_private(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (:func:`game.core.records.write_atomic`),
    readable and writable by the user only: the file is first created with mode 0600
    (never a moment readable by others), and the atomic write keeps the mode of the file
    it replaces. Its folder is made private too."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        if os.name == "posix":
            os.fchmod(fd, 0o600)  # a file made by hand, or by another program, before
    finally:
        os.close(fd)
    write_atomic(path, text)


def write_seats(path: Path, text: str) -> None:
    """Write a seats file (``text``), or delete it (``""``: the game has no phones now)."""
    if text:
        write_private(path, text)
    else:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def read_seats(save: Path, meta: dict[str, Any], players: int) -> KeptSeats | None:
    """The phones kept for the game ``save`` holds (its ``meta`` read with it): None if
    it had none. SaveError, naming the file, if it had some and they cannot be read
    (missing, damaged, or another game's)."""
    tag = meta.get(META_KEY)
    if tag is None:
        return None
    path = seats_path(save)
    if not isinstance(tag, str) or not _TAG.fullmatch(tag):
        raise SaveError(f"{path}: the save's note of its phones is damaged")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(f"{path}: the file is missing") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    try:
        if len(data) > MAX_BYTES:
            raise SaveError("it is too large to be a seats file")
        kept = KeptSeats.parse(data, players)
        if kept.tag != tag:
            raise SaveError("it belongs to another game")
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from None
    return kept
