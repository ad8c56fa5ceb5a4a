"""A message: what to say, as data (an English msgid with named placeholders, its
catalogue and the values), never yet the words in anyone's language.

Why the English text is the id (``"{player} passes"``) rather than a symbolic key
(``"market-pass"``): it is what gettext, Babel, Poedit and Weblate expect (a translator
sees the sentence, not a code name), an untranslated message still reads well, and the
code says in place what a player will read. A message that needs other words for a
reader spoken to ("You pass", "Du passt") names that msgid as ``you``; a count names the
plural msgid and is the value ``n``, and the catalogue's Plural-Forms choose the form.

A message is plain JSON (:meth:`Msg.to_data`, :func:`from_data`), so a log, a snapshot
or a phone keeps what happened and each reader renders it in their own language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

#: what a placeholder may hold: a number, a verbatim text (a name, a square's label), a
#: seat (rendered as its player's name), another message, or a list of them (read as
#: "A, B and C" in the reader's language)
Value = Union[int, str, "Seat", "Msg", "Listing"]


@dataclass(frozen=True)
class Seat:
    """A seat named in a message: its player's name for this reader (and "you" forms
    for the reader's own seat, see :attr:`Msg.you`)."""

    index: int


@dataclass(frozen=True)
class Listing:
    """Values read as a list, with the reader's language's joints: "A, B and C"
    (``joint="and"``), "A, B, C" ("comma"), "A + B" ("plus"), "A; B" ("semicolon")."""

    items: tuple[Value, ...]
    joint: str = "and"


@dataclass(frozen=True)
class Msg:
    """One message of catalogue ``domain``: ``id`` (the English msgid), ``plural`` (the
    English plural msgid, chosen by the value ``n``), ``you`` (the msgid for a reader
    who is the seat in the value ``player``), ``context`` (gettext's msgctxt, for one
    English text that other languages say in two ways) and the named values."""

    domain: str
    id: str
    values: Mapping[str, Value] = field(default_factory=dict)
    plural: str | None = None
    you: str | None = None
    context: str | None = None

    def __str__(self) -> str:
        """The English text with the engine's seat names ("Player 2"): what a log file,
        the command line and an exception's message show. English is the source
        language: its words are the msgids, so no catalogue is read (and this module
        needs nothing of :mod:`game.i18n.render`, which renders for every reader)."""
        n = self.values.get("n")
        pattern = self.plural if self.plural is not None and n != 1 else self.id
        values = {k: _english(v) for k, v in self.values.items()}
        try:
            return pattern.format_map(values)
        except (KeyError, IndexError, ValueError):
            return pattern

    def __hash__(self) -> int:
        return hash((self.domain, self.id, self.plural, self.you, self.context,
                     tuple(sorted((k, repr(v)) for k, v in self.values.items()))))

    def to_data(self) -> dict[str, Any]:
        """The message as JSON-safe data (:func:`from_data` reads it back)."""
        out: dict[str, Any] = {"domain": self.domain, "id": self.id}
        for key in ("plural", "you", "context"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.values:
            out["values"] = {k: _value_data(v) for k, v in self.values.items()}
        return out


#: text a screen may be given: a message, or a verbatim text (a name, a number)
Text = str | Msg


def as_text(value: Any) -> Text:
    """What a plugin handed the screen to show (a message, a text, a number), as text to
    render: a message stays one (each reader reads it in their language)."""
    return value if isinstance(value, Msg) else str(value)


def reason(exc: BaseException) -> Text:
    """An exception's message as it was raised: the message (to render for the reader)
    when it was raised with one, else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else str(exc)


#: the source language's words for what :func:`str` of a message cannot look up: a seat
#: of no known name and a list's joints (the client catalogue's msgids, ``PLAYER`` and
#: ``JOINTS`` in :mod:`game.i18n.client`; a test holds them equal)
ENGLISH_SEAT = "Player {number}"
ENGLISH_JOINTS = {"and": ("{a} and {b}", "{a}, {b}"), "comma": ("{a}, {b}", "{a}, {b}"),
                  "plus": ("{a} + {b}", "{a} + {b}"), "semicolon": ("{a}; {b}", "{a}; {b}")}


def _english(value: Value) -> str:
    if isinstance(value, Seat):
        return ENGLISH_SEAT.format(number=value.index + 1)
    if isinstance(value, Listing):
        items = [_english(v) for v in value.items]
        last, other = ENGLISH_JOINTS.get(value.joint, ENGLISH_JOINTS["and"])
        out = items[-1] if items else ""
        if len(items) > 1:
            out = last.format(a=items[-2], b=out)
        for item in reversed(items[:-2]):
            out = other.format(a=item, b=out)
        return out
    return str(value)


def _value_data(value: Value) -> Any:
    if isinstance(value, Msg):
        return {"msg": value.to_data()}
    if isinstance(value, Seat):
        return {"seat": value.index}
    if isinstance(value, Listing):
        return {"list": [_value_data(v) for v in value.items], "joint": value.joint}
    return value


def _value(data: Any) -> Value:
    if isinstance(data, dict):
        if "msg" in data:
            return from_data(data["msg"])
        if "seat" in data:
            return Seat(int(data["seat"]))
        if "list" in data:
            return Listing(tuple(_value(v) for v in data["list"]),
                           str(data.get("joint", "and")))
        raise ValueError(f"not a message value: {sorted(data)}")
    if isinstance(data, bool) or not isinstance(data, int | str):
        raise ValueError(f"not a message value: {type(data).__name__}")
    return data


def from_data(data: Mapping[str, Any]) -> Msg:
    """The message :meth:`Msg.to_data` wrote."""
    values = data.get("values") or {}
    return Msg(str(data["domain"]), str(data["id"]),
               {str(k): _value(v) for k, v in values.items()},
               data.get("plural"), data.get("you"), data.get("context"))


class Domain:
    """The messages of one catalogue (the client's, a game's, a mod's), made where they
    are used: ``_ = Domain("market", folder)`` then ``_("{player} passes",
    you="You pass", player=Seat(0))``, ``_.n("{n} coin", "{n} coins", n=3)``.

    Calls are written with literal msgids (the extractor, ``tools/i18n.py``, reads them
    from the source); creating a domain registers where its ``.po`` files are."""

    def __init__(self, name: str, folder: Any) -> None:
        from game.i18n.catalogue import register

        self.name = name
        register(name, folder)

    def __call__(self, msgid: str, /, *, you: str | None = None,
                 context: str | None = None, **values: Value) -> Msg:
        return Msg(self.name, msgid, values, None, you, context)

    def n(self, singular: str, plural: str, /, *, n: int, context: str | None = None,
          **values: Value) -> Msg:
        """A message with a count: the catalogue's plural rule picks the form for ``n``."""
        return Msg(self.name, singular, {"n": n, **values}, plural, None, context)

    def listing(self, items: Sequence[Value], joint: str = "and") -> Listing:
        return Listing(tuple(items), joint)
