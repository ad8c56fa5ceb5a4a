"""The remote protocol's messages from devices: read strictly, refused with a reason.

Everything a device sends is untrusted. A message is one WebSocket text frame holding a
JSON object with a ``type``; each type has a fixed set of fields of fixed types and
sizes, and anything else (bad JSON, deep nesting, an unknown type or field, a number out
of range) is a :class:`ProtocolError` with a code and a sentence for the person, before
any of it reaches the seats or the game. ``docs/remote.md`` documents every message.

Pure Python, no server library: the hub's tests read messages without a socket.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.core.errors import quote
from game.core.notation import MAX_ACTION_CHARS

#: the protocol's version: a device sends it in ``join``; the server names it in each reply
#: (2: the table picture is a JPEG, field ``jpeg``; version 1 sent a PNG, ``png``)
PROTOCOL = 2
#: longest room code, seat token and device name read (anything longer is refused)
MAX_ROOM = 16
MAX_TOKEN = 64
MAX_NAME = 24
MAX_LANG = 16
#: a message id or a state version above this is not one we ever sent or expect
MAX_COUNTER = 2**53 - 1
#: the role of a connection that has not joined yet (a seat is an int, a spectator None)
LOBBY = "lobby"


class ProtocolError(Exception):
    """A message the server refuses: ``code`` for programs, the text for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Join:
    """Enter a room: look at the seats (no other field), claim ``seat``, come back to a
    seat with its ``token``, or ``spectate``."""

    room: str
    seat: int | None = None
    token: str | None = None
    spectate: bool = False
    name: str | None = None
    #: the language the device's person reads ("de", a browser's "de-AT"); None: the
    #: television's
    lang: str | None = None


@dataclass(frozen=True)
class Act:
    """Play ``action`` for the device's seat, as seen in state ``version``; ``id`` grows
    with every act the seat sends, so a message sent twice is refused the second time."""

    id: int
    version: int
    action: str


@dataclass(frozen=True)
class Bye:
    """The device gives its seat up (or stops watching)."""


Message = Join | Act | Bye

#: fields each type may carry, with their checkers; "type" and "v" are always allowed
_FIELDS: dict[str, dict[str, str]] = {
    "join": {"room": "room", "seat": "seat", "token": "token", "spectate": "bool",
             "name": "name", "lang": "lang"},
    "act": {"id": "counter", "version": "counter", "action": "action"},
    "bye": {},
}
_REQUIRED = {"join": ("room",), "act": ("id", "version", "action"), "bye": ()}


def parse(text: str) -> Message:
    """Read one message from a device; ProtocolError says what is wrong with it."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ProtocolError("bad-json", "the message is nested too deeply") from None
    except ValueError as exc:
        raise ProtocolError("bad-json", f"the message is not JSON ({exc.args[0]})") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "a message is a JSON object with a \"type\"")
    if not _whole_text(data):
        raise ProtocolError("bad-text", "the message holds a broken character (a lone "
                                        "UTF-16 surrogate such as \\ud800): send Unicode text")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        known = ", ".join(sorted(_FIELDS))
        raise ProtocolError("unknown-type", f"unknown message type {quote(kind)}; "
                                            f"the server understands {known}")
    version = data.get("v", PROTOCOL)
    if version != PROTOCOL:
        raise ProtocolError("version", f"this server speaks protocol version {PROTOCOL}, "
                                       f"not {quote(version)}: reload the page")
    fields = _FIELDS[kind]
    for key in data:
        if key not in fields and key not in ("type", "v"):
            raise ProtocolError("bad-message", f"a {kind} message has no field {quote(key)}")
    for key in _REQUIRED[kind]:
        if key not in data:
            raise ProtocolError("bad-message", f"a {kind} message needs {quote(key)}")
    values = {key: _check(kind, key, fields[key], data[key]) for key in fields if key in data}
    if kind == "join":
        return _join(values)
    if kind == "act":
        return Act(**values)
    return Bye()


def _join(values: dict[str, Any]) -> Join:
    ways = [k for k in ("seat", "token", "spectate") if values.get(k) not in (None, False)]
    if "lang" in values and not all(c.isalnum() or c in "-_" for c in values["lang"]):
        raise ProtocolError("bad-message", "join.lang is a language tag such as \"de\"")
    if len(ways) > 1:
        raise ProtocolError("bad-message", "join with a seat, a token or spectate, "
                                           "not " + " and ".join(ways))
    return Join(**values)


def _check(kind: str, key: str, check: str, value: Any) -> Any:
    where = f"{kind}.{key}"
    if check == "bool":
        if not isinstance(value, bool):
            raise ProtocolError("bad-message", f"{where} must be true or false")
        return value
    if check in ("counter", "seat"):
        if isinstance(value, bool) or not isinstance(value, int) or \
                not 0 <= value <= MAX_COUNTER:
            raise ProtocolError("bad-message", f"{where} must be a whole number from 0, "
                                               f"not {quote(value)}")
        return value
    limit = {"room": MAX_ROOM, "token": MAX_TOKEN, "name": MAX_NAME, "lang": MAX_LANG,
             "action": MAX_ACTION_CHARS}[check]
    if not isinstance(value, str):
        raise ProtocolError("bad-message", f"{where} must be text, not {quote(value)}")
    if len(value) > limit:
        raise ProtocolError("bad-message", f"{where} is at most {limit} characters long")
    if check == "name":
        value = " ".join(value.split())
        if not value.isprintable():
            raise ProtocolError("bad-message", f"{where} must be printable text")
    return value


def error(code: str, message: str) -> dict[str, Any]:
    """The server's answer to a message it refused (nothing changed)."""
    return {"type": "error", "v": PROTOCOL, "code": code, "message": message}


def _whole_text(data: Any) -> bool:
    """Every key and string in ``data`` encodes as UTF-8. JSON's ``\\ud800`` escapes decode
    to lone surrogates, which Python keeps in a ``str`` but no UTF-8 text can hold: one
    that reached a reply (the action quoted back in ``refused``) would fail to encode
    there, on the server's thread or the television's frame."""
    stack = [data]
    while stack:  # the nesting is bounded by the parser's depth; no recursion here
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode()
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def dumps(message: dict[str, Any]) -> bytes:
    """A server message as the UTF-8 text frame every connection receives unchanged. A
    lone surrogate that got past :func:`parse` anyway (a name from the owner's side, a
    plugin's text) is sent as U+FFFD rather than failing the reply: building a message
    must never raise."""
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    try:
        return text.encode()
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace").encode()
