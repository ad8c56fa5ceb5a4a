"""The one place a message becomes words: :func:`render` for any reader (a phone in its
own language), :func:`say` for the television's reader (:func:`set_language`).

A reader is a language, the players' names and the seat spoken to ("You pass" on that
seat's phone; a lesson's learner, whose name is
:class:`~game.core.words.Addressed`, is spoken to everywhere). A
message naming that seat as its ``player`` uses its ``you`` msgid, which each catalogue
says in its own words: no sentence is bent by rules of one language.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from game.core.words import Addressed, addressed, imperative, personalise
from game.i18n.catalogue import SOURCE, translations
from game.i18n.message import Listing, Msg, Seat, Text, Value

log = logging.getLogger(__name__)

_TV_LANG = [SOURCE]


def set_language(lang: str) -> None:
    """The television's language from now on (the next frame draws in it)."""
    _TV_LANG[0] = lang


def language() -> str:
    """The television's language."""
    return _TV_LANG[0]


def render(text: Text, lang: str, names: Sequence[str] = (), reader: int | None = None) -> str:
    """``text`` in ``lang`` for a reader who knows the seats as ``names`` and is seat
    ``reader`` (None: a spectator, the television). A plain ``str`` is a text from no
    catalogue (a name, or an engine's English not yet made a message): it is shown as
    it is, with the names put in."""
    if not isinstance(text, Msg):
        return personalise(text, list(names)) if names else text
    return _render(text, lang, tuple(names), reader)


def say(text: Text, names: Sequence[str] = (), reader: int | None = None) -> str:
    """``text`` for the television's reader."""
    return render(text, _TV_LANG[0], names, reader)


def advice(text: Text, seat: int, names: Sequence[str] = ()) -> str:
    """An engine's description of ``seat``'s own action said to that player, as a hint
    names the move it suggests: a message in its ``you`` form ("You place the black on
    a1"), an English text in the imperative ("place the black on a1")."""
    if isinstance(text, Msg):
        return say(text, names, reader=seat)
    return imperative(text, seat)


def spoken_to(seat: int, names: Sequence[str], reader: int | None) -> bool:
    """Whether the reader is this seat (a phone's own seat, or an addressed one)."""
    return seat == reader or (0 <= seat < len(names) and addressed(names[seat]))


def seat_name(name: str, lang: str) -> str:
    """A seat's name as a reader in ``lang`` reads it: a seat spoken to (a lesson's
    learner) is that language's word for "you" ("You", "Du"), still flagged as
    :class:`~game.core.words.Addressed`; any other name as it was chosen."""
    if not addressed(name):
        return name
    from game.i18n.client import YOU

    return Addressed(_render(YOU, lang, (), None))


def pattern(msg: Msg, lang: str, you: bool = False) -> str:
    """The catalogue's words for ``msg`` in ``lang``, its placeholders not filled (the
    ``you`` form if asked and it has one; the plural form for its value ``n``): what a
    page that fills them itself is given."""
    catalogue = translations(msg.domain, lang)
    msgid = msg.you if you and msg.you is not None else msg.id
    n = msg.values.get("n")
    count = n if isinstance(n, int) else 0
    if msg.plural is not None:
        if msg.context is not None:
            return catalogue.npgettext(msg.context, msgid, msg.plural, count)
        return catalogue.ngettext(msgid, msg.plural, count)
    if msg.context is not None:
        return catalogue.pgettext(msg.context, msgid)
    return catalogue.gettext(msgid)


def _render(msg: Msg, lang: str, names: tuple[str, ...], reader: int | None) -> str:
    player = msg.values.get("player")
    you = msg.you is not None and isinstance(player, Seat) and spoken_to(
        player.index, names, reader)
    msgid = msg.you if you and msg.you is not None else msg.id
    n = msg.values.get("n")
    count = n if isinstance(n, int) else 0
    said = pattern(msg, lang, you)
    values = {k: _value(v, lang, names, reader) for k, v in msg.values.items()}
    try:
        return said.format_map(values)
    except (KeyError, IndexError, ValueError) as exc:
        # a catalogue whose placeholders do not match (validate and the tests catch it):
        # the English text, never a crash in the middle of a game
        log.warning("%s: the %s text of %r does not fit its values (%s)", msg.domain, lang,
                    msg.id, exc)
        english = msg.plural if msg.plural is not None and count != 1 else msgid
        try:
            return english.format_map(values)
        except (KeyError, IndexError, ValueError):
            return english


def _value(value: Value, lang: str, names: tuple[str, ...], reader: int | None) -> str:
    if isinstance(value, Msg):
        return _render(value, lang, names, reader)
    if isinstance(value, Seat):
        i = value.index
        if 0 <= i < len(names):
            return seat_name(names[i], lang)
        from game.i18n.client import PLAYER

        return _render(replace(PLAYER, values={"number": i + 1}), lang, names, reader)
    if isinstance(value, Listing):
        return listing([_value(v, lang, names, reader) for v in value.items], lang,
                       value.joint)
    return str(value)


def listing(items: list[str], lang: str, joint: str = "and") -> str:
    """"A", "A and B", "A, B and C" (or another :class:`Listing` joint) in ``lang``."""
    from game.i18n.client import JOINTS

    last, other = JOINTS.get(joint, JOINTS["and"])
    if not items:
        return ""
    out = items[-1]
    if len(items) > 1:
        out = _render(replace(last, values={"a": items[-2], "b": out}), lang, (), None)
    for item in reversed(items[:-2]):
        out = _render(replace(other, values={"a": item, "b": out}), lang, (), None)
    return out
