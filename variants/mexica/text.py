"""Mexica's catalogue (``variants/mexica/locale``) and the terms its messages share: the
seat or the neutral colour named in a text, a cost in AP, a bridge's axis.

Engine and view modules say ``from variants.mexica.text import _``; the two-player
variant with a neutral colour (``variants.mexica_neutral``) speaks through the same
messages (it adds no text a player reads). The German terms are the German rulebook's
(Ravensburger): they are listed in ``locale/de/LC_MESSAGES/mexica.po``'s header.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.i18n import Domain, Msg, Seat, Text, say
from game.i18n.message import Value
from variants.mexica.state import NEUTRAL

_ = Domain("mexica", Path(__file__).resolve().parent / "locale")

#: the neutral colour of the two-player game, where a seat would be named
NEUTRAL_NAME = _("Neutral", context="colour")

#: the bridge axes as a player says them
AXIS_WORDS: dict[str, Msg] = {"ns": _("north–south", context="axis"),
                              "ew": _("east–west", context="axis")}


def who(seat: int) -> Value:
    """A temple owner named in a message: a seat (its player's name for each reader) or
    the neutral colour."""
    return NEUTRAL_NAME if seat == NEUTRAL else Seat(seat)


def ap(cost: int) -> Msg:
    """A cost as the rulebook writes it: "1 AP", "5 AP"."""
    return _.n("{n} AP", "{n} AP", n=cost)


def axis_of(axis: str) -> Value:
    return AXIS_WORDS.get(axis, axis)


def status(text: Text, names: Sequence[str] = ()) -> str:
    """A reason or a description for the status line, in the television's language with
    the players' names, its first letter capitalised (but never a leading space's name,
    "j15")."""
    said = say(text, names)
    word = said.split(" ", 1)[0].rstrip(":,;")
    if len(word) > 1 and word[0].isalpha() and word[1:].isdigit():
        return said
    return said[:1].upper() + said[1:]


#: a place in a district's ranking ("1st"; German "1.")
PLACES: dict[int, Msg] = {1: _("1st", context="place"), 2: _("2nd", context="place"),
                          3: _("3rd", context="place"), 4: _("4th", context="place")}


def ordinal(place: int) -> Msg:
    return PLACES.get(place) or _("{place}th", context="place", place=place)


def an(number: int) -> bool:
    """Whether English says "an" before ``number`` read as a word ("an 8-space district",
    "an 11-space district"): the source then names a second msgid, which every other
    language translates as it says it (no rule of English reaches a translation)."""
    word = str(number)
    return word.startswith("8") or (len(word) % 3 == 2 and word[:2] in ("11", "18"))
