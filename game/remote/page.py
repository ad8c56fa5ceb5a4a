"""The phone page's own words (``assets/web``), from the client's catalogue, in the
language each phone reads.

The page is plain JavaScript with no catalogue of its own: its texts are messages here,
made with the client's domain so that the catalogue tools and tests see them, and the
server sends a phone the whole table of them in that phone's language (a ``texts``
message, answering its ``join``). The page looks a text up by its English msgid
(``T("Your turn")``) and fills the placeholders itself (``{player}``); a text it does
not find stays English. The server's fixed English sentences that the page shows as
they come (a goodbye's reason, a refusal of the room) are here too, so the page reads
them in its language as well.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from game.i18n.catalogue import PSEUDO
from game.i18n.client import _
from game.i18n.languages import NATIVE_NAMES, normalise, shipped
from game.i18n.render import pattern

#: every text of the page, by its English msgid
PAGE = (
    _("Connecting…"), _("Connected"), _("Connection lost: trying again…"),
    _("Paused: waiting for the game to go on…"), _("Room code"), _("as on the television"),
    _("Enter", context="page"), _("Your name"), _("(optional)"), _("Choose your seat"),
    _("Watch as a spectator"), _("Language"), _("The table picture is on its way…"),
    _("Whole table"), _("The board only"), _("What happened"),
    _("Everything your seat may know"), _("Invite another phone"), _("Leave this seat"),
    _("Leave your seat? Someone else may take it."), _("Spectator"),
    _("The host sends no table picture."), _("Not allowed: {reason}"),
    _("{game} · room {room}"), _("Room {room}"), _("free: tap to take it"),
    _("taken", context="seat"), _("taken by {device}"), _("taken (device away)"),
    _("played at the television"), _("Game over"), _("Your turn"),
    _("Waiting for {player}"), _("Nothing yet."), _("Updating the picture…"),
    _("Close"), _("No {tool} here."), _("Nothing to do here."), _("Choose"),
    _("Play", context="page"), _("Play: pick where below"), _("turn", context="page"),
    _("phone", context="page"), _("phone away", context="page"), _("winner"),
    _("{verb} · {n}"), _("{title} (on the cards above)"), _("filter {verb} actions"),
    _("{plan}: step {done} of {total}…"),
    _("{plan} stopped after {done} of {total} steps: the steps made stay made."),
    _("{plan} stopped after {done} of {total} steps: nothing was played."),
    # the server's fixed sentences the page shows as they come
    _("The host closed the game"), _("The host stopped inviting phones"),
    _("The host left the game"), _("The game is over"),
    _("The game is paused on the television: this page rejoins when it goes on"),
    _("This seat is now played from another connection"),
    _("wrong room code: check the code on the television"),
    _("the game changed before your action arrived: look again"),
)

def page_language(wish: str | None) -> str | None:
    """The language a device asks for, as one the client speaks ("de-AT": "de"), or None
    (the device reads the television's)."""
    if wish == PSEUDO:
        return PSEUDO
    code = normalise(wish)
    return code if code in shipped() else None


@functools.lru_cache(maxsize=16)
def page_texts(lang: str) -> dict[str, Any]:
    """The ``texts`` message for a phone reading ``lang``: every page text by its
    English msgid (placeholders kept for the page to fill), and the languages it may
    choose from, each in its own name."""
    texts: dict[str, str] = {}
    for msg in PAGE:
        key = msg.id if msg.context is None else f"{msg.context}|{msg.id}"
        texts[key] = pattern(msg, lang)
    return {"type": "texts", "lang": lang, "texts": texts,
            "languages": [{"code": code, "name": NATIVE_NAMES.get(code, code)}
                          for code in shipped()]}


class Languages:
    """The language each claimed seat's device reads (its ``join``'s ``lang``): set on
    the server's thread as devices join, read by the owner's when it publishes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_seat: dict[int, str] = {}

    def choose(self, seat: int, lang: str | None) -> None:
        """``seat``'s device reads ``lang`` from now on (None: the television's)."""
        with self._lock:
            if lang is None:
                self._by_seat.pop(seat, None)
            else:
                self._by_seat[seat] = lang

    def get(self, seat: int | None) -> str | None:
        """The language ``seat``'s device chose, if it did (the spectators: None)."""
        with self._lock:
            return self._by_seat.get(seat) if seat is not None else None

    def chosen(self) -> list[str]:
        """Every language a device reads now (a table picture's places name themselves
        in each)."""
        with self._lock:
            return sorted(set(self._by_seat.values()))
