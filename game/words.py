"""Words for people: a count with its noun in the right number ("1 space", "2 levels").

Every message a player reads (logs, status lines, refusals, panels) says counts through
:func:`plural`, so no screen shows "1 spaces" and every game spells them the same way.
"""

from __future__ import annotations


def plural(count: int, one: str, many: str | None = None) -> str:
    """``count`` and the noun for it: ``plural(1, "space")`` is "1 space",
    ``plural(2, "space")`` is "2 spaces"; irregular nouns name their plural
    (``plural(3, "entry", "entries")``). Units that do not change ("AP") are given as both."""
    return f"{count} {one if count == 1 else many if many is not None else one + 's'}"


ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def roman(n: int) -> str:
    """An age or a period as the rulebooks number them ("age III"); past X, the digits."""
    return ROMAN[n - 1] if 1 <= n <= len(ROMAN) else str(n)
