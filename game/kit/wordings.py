"""Shorter wordings of a game's own messages, found by the message: what a game's
``log_wordings`` hook (:class:`game.core.facets.Presentation`) answers for the action
log, where four long names in German on a small screen leave a text three rows.

Why by the message and not by the drawn text: a shorter wording is said by meaning
("Ana adds 71 at the end" for the scoring with every reason), in each language by its
catalogue, so it is a message of its own with the long one's values; cutting the drawn
text at a comma would leave half a clause, and in another language the wrong half.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from game.i18n.message import Listing, Msg, Text, Value

#: the shorter wordings of one message, from its values, the shortest last
Shorter = Callable[[Mapping[str, Value]], Sequence[Text]]


def shorter(text: Text, table: Mapping[str, Shorter],
            squeeze: Callable[[Value], Value] | None = None) -> list[Text]:
    """``text``'s shorter wordings, the fullest first: with ``squeeze`` (a value in fewer
    words, e.g. a territory by its label alone: "t5" for "t5 (Salt Flats)") the same
    message with squeezed values, then ``table``'s wordings for its msgid (squeezed too).
    A text that is not a message, or has neither, has none."""
    if not isinstance(text, Msg):
        return []
    short = squeezed(text, squeeze) if squeeze is not None else text
    out: list[Text] = [short] if short != text else []
    make = table.get(text.id)
    if make is not None:
        out += make(short.values)
    return list(dict.fromkeys(out))


def squeezed(text: Msg, squeeze: Callable[[Value], Value]) -> Msg:
    """``text`` with every value, in the messages it holds too, as ``squeeze`` says it."""
    def each(value: Value) -> Value:
        value = squeeze(value)
        if isinstance(value, Listing):
            return Listing(tuple(each(item) for item in value.items), value.joint)
        return squeezed(value, squeeze) if isinstance(value, Msg) else value

    return replace(text, values={key: each(value) for key, value in text.values.items()})
