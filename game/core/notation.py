"""Reading action text: the words and numbers every engine's notation is made of.

Actions are plain ASCII (docs/modding/rules-engine.md, "Notation rules"). Python's own
helpers are wider than that: ``str.isdigit`` is true for superscripts (``²``) that ``int``
then refuses with a ValueError, ``int`` reads Arabic-Indic digits (``٤`` is 4),
underscores and signs, and ``str.lower`` turns the Kelvin sign into ``k``. An engine that
used them would accept spellings nobody meant, or crash on them; these helpers are the one
place that decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from game.core.errors import IllegalAction, quote

T = TypeVar("T")

#: Longest action text read; the longest legal action of a built-in game has 21
#: characters. Anything longer is refused before an engine sees it.
MAX_ACTION_CHARS = 200


def action_words(action: str) -> list[str]:
    """The lower-case words of ``action``; IllegalAction if it is not plain ASCII text.

    Any whitespace separates words (a tab or a no-break space is harmless); every other
    character must be ASCII.
    """
    if len(action) > MAX_ACTION_CHARS:
        raise IllegalAction(f"{quote(action)} is not an action: actions are at most "
                            f"{MAX_ACTION_CHARS} characters long")
    words = action.split()
    if not action.isascii() and not all(word.isascii() for word in words):
        raise IllegalAction(f"{quote(action)} is not an action: write actions with plain "
                            "letters, digits and spaces (ASCII)")
    return [word.lower() for word in words]


def plain_number(word: str, max_digits: int = 9) -> int | None:
    """``word`` as a whole number if it is 1 to ``max_digits`` ASCII digits, else None.

    No sign, no underscores, no other scripts' digits: what a player types on a keyboard
    for a number of a game, and nothing that merely converts to one.
    """
    if not (0 < len(word) <= max_digits and word.isascii() and word.isdigit()):
        return None
    return int(word)


class KeptParses(Generic[T]):
    """An engine's parser with what each action text parsed to kept (at most ``size``
    texts; all are forgotten when full). Every ``apply`` parses its action, and the bots
    apply the same few dozen texts thousands of times a decision; what a text parses to
    is a pure function of the text and the engine's fixed tables. A text that does not
    parse is refused afresh each time (its IllegalAction is never kept)."""

    def __init__(self, parse: Callable[[str], T], size: int = 4096) -> None:
        self._parse = parse
        self._kept: dict[str, T] = {}
        self.size = size

    def __call__(self, text: str) -> T:
        kept = self._kept
        try:
            found = kept.get(text)
        except TypeError:  # not text at all (unhashable): parsed, and so refused, as ever
            return self._parse(text)
        if found is None:
            found = self._parse(text)
            if len(kept) >= self.size:
                kept.clear()
            kept[text] = found
        return found
