"""The pseudo-language ``qps``: every message's English made longer (by about 40 %, as
German and French run longer than English), its letters accented and the whole marked
``[…]``, so a test sees at once a text that did not come from a catalogue (it has no
mark) and a screen that cannot take longer words (it cuts or overlaps).

It is made from the msgids as they are read (:class:`PseudoTranslations`), not kept in a
file, so it always holds every message the code has; ``tools/i18n.py pseudo`` writes it
out as a ``.po`` for a look in Poedit.
"""

from __future__ import annotations

import gettext
import re

#: the language's marks: a pseudo text starts and ends with them
OPEN, CLOSE = "[", "]"
#: what grows a text: about 40 % more characters, in a word a reader can still guess
GROWTH = 0.4
_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöƥqŕšţûvŵxýžÀƁÇĐÉƑĜĤÎĴĶĹMÑÖƤQŔŠŢÛVŴXÝŽ")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
#: marked runs (which may hold names and numbers)
_MARKED = re.compile(r"\[[^\[\]]*\]")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: placeholders kept, the rest accented, padded with
    "·" to 140 % and marked."""
    if not text:
        return text
    parts = _PLACEHOLDER.split(text)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    plain = sum(len(p) for i, p in enumerate(parts) if not i % 2)
    return f"{OPEN}{out}{'·' * max(1, round(plain * GROWTH))}{CLOSE}"


def unmarked(text: str, allowed: tuple[str, ...] = ()) -> str:
    """What of a drawn ``text`` did not come from a catalogue: the words left once the
    marked runs and the ``allowed`` texts (the players' names) are
    taken out, and single letters (a square's label "c3"). '' when the text is all from a
    catalogue."""
    rest, before = text, ""
    while rest != before:  # innermost first: a message may hold another
        before, rest = rest, _MARKED.sub(" ", rest)
    for name in sorted(allowed, key=len, reverse=True):
        if name:
            rest = rest.replace(name, " ")
    return " ".join(re.findall(r"[^\W\d_]{2,}", rest))


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language for every catalogue: each msgid made :func:`pseudo`, English
    plural rules."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
