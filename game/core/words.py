"""Words for people: a count with its noun in the right number ("1 space", "2 levels"),
and the names chosen at setup in the engine's texts, in the second person for a seat that
is spoken to (:class:`Addressed`: "You win", "your turn").

Every message a player reads (logs, status lines, refusals, panels) says counts through
:func:`plural`, so no screen shows "1 spaces" and every game spells them the same way; and
names through :func:`personalise`, so no screen shows "You wins" or "You's turn".
"""

from __future__ import annotations

import re


def plural(count: int, one: str, many: str | None = None) -> str:
    """``count`` and the noun for it: ``plural(1, "space")`` is "1 space",
    ``plural(2, "space")`` is "2 spaces"; irregular nouns name their plural
    (``plural(3, "entry", "entries")``). Units that do not change ("AP") are given as both."""
    return f"{count} {one if count == 1 else many if many is not None else one + 's'}"


def listing(items: list[str]) -> str:
    """"A", "A and B", "A, B and C": a list read aloud, which a row of "and"s is not."""
    if len(items) < 3:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def indefinite(phrase: str) -> str:
    """``phrase`` after "a" or "an" as it is said: "a 6-space district", "an 8-space
    district", "an 11-space district", "an ivory tile"."""
    word = phrase.split("-")[0].split(" ")[0]
    if word.isdigit():
        # eight, eighty, eight hundred...; eleven and eighteen, and thousands of them
        an = word.startswith("8") or (len(word) % 3 == 2 and word[:2] in ("11", "18"))
    else:
        an = bool(word) and word[0].lower() in "aeiou"
    return f"{'an' if an else 'a'} {phrase}"


# -- names in the engine's texts -------------------------------------------------------------
class Addressed(str):
    """The name of a seat that is spoken to, not about: a lesson's learner, a phone's own
    seat ("You win", "Your turn"). The flag is the name's type, never its letters: the
    learner reads "You" in English and "Du" in German, and a player who types "You" at
    setup is named, not spoken to."""

    __slots__ = ()


#: "Player 2" or "Player 2's", the engine's way of naming a seat in a text
MENTION = re.compile(r"\bPlayer (\d+)\b('s\b)?")
#: a clause starts here: the start of the text or after punctuation (a subject may follow)
CLAUSE_START = re.compile(r"(?:^|[.;:!?,(—]\s*)$")
#: a sentence starts here: "You"/"Your" take a capital
SENTENCE_START = re.compile(r"(?:^|[.:!?]\s*)$")
#: where a clause ends: the verbs after it belong to another subject
CLAUSE_END = re.compile(r"[.;:!?,—]")
#: verbs whose second person is not the third's without its -s
IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
#: words between a subject and its verb ("You also win")
ADVERBS = frozenset({"also", "always", "never", "still", "now", "then", "only", "just",
                     "often", "sometimes", "again", "first", "finally"})
#: words in -s that may follow a subject but are no verbs
NOT_VERBS = ADVERBS | {"perhaps", "afterwards", "its", "his", "hers", "plus", "thus", "less"}


def player(seat: int) -> str:
    """How the engine names a seat in its texts; :func:`personalise` puts the name in."""
    return f"Player {seat + 1}"


def addressed(name: str) -> bool:
    """Whether a seat of this name is spoken to in the second person (:class:`Addressed`)."""
    return isinstance(name, Addressed)


def base_form(word: str) -> str | None:
    """The second person of a verb in the third ("wins" -> "win", "passes" -> "pass",
    "carries" -> "carry", "is" -> "are"), or None if ``word`` is no such verb form (a count,
    a name, a word without the -s): the engine's texts follow their subject with the verb."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if len(word) < 3 or not word.isalpha() or not word.islower() or not word.endswith("s") \
            or word.endswith(("ss", "us", "is")) or word in NOT_VERBS:
        return None
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return word[:-2]
    return word[:-1]


def _speak_to(rest: str) -> str:
    """The clause after a second-person subject with its verbs in the second person: the
    first word, past any adverb ("You wins" -> "You win", "You also win"), and every verb
    joined by "and" ("You coexist in t10 and draw a card"). Nothing changes if that word is
    no verb ("You +3 for founding")."""
    end = CLAUSE_END.search(rest)
    clause, tail = (rest[:end.start()], rest[end.start():]) if end else (rest, "")
    words = clause.split(" ")
    at = 1
    while at < len(words) - 1 and words[at] in ADVERBS:
        at += 1
    if len(words) <= at or base_form(words[at]) is None:
        return rest
    words[at] = base_form(words[at]) or words[at]
    for i in range(at + 1, len(words) - 1):
        if words[i] == "and":
            words[i + 1] = base_form(words[i + 1]) or words[i + 1]
    return " ".join(words) + tail


def personalise(text: str, names: list[str]) -> str:
    """Engine texts say "Player 2"; show the names chosen at setup instead. A seat whose
    name is :class:`Addressed` is spoken to: "Player 1 wins" reads "You win", "Player 1's
    turn" "Your turn", "No coin for Player 1" "No coin for you", so a lesson never says
    "You wins"."""
    if not names:
        return text
    out: list[str] = []
    while (match := MENTION.search(text)) is not None:
        i = int(match.group(1)) - 1
        before, text = text[:match.start()], text[match.end():]
        if not 0 <= i < len(names):
            out += [before, match.group(0)]
            continue
        if not addressed(names[i]):
            out += [before, names[i], match.group(2) or ""]
            continue
        said = "".join(out) + before
        capital = SENTENCE_START.search(said) is not None
        if match.group(2):
            out += [before, "Your" if capital else "your"]
            continue
        out += [before, "You" if capital else "you"]
        if CLAUSE_START.search(said):
            text = _speak_to(text)
    return "".join(out) + text


def imperative(text: str, seat: int) -> str:
    """An engine's description of ``seat``'s own action, said to that player as advice:
    "Player 1 places the black on a1" becomes "place the black on a1" (a hint names the
    move it suggests to the one who makes it). Other texts are kept as they are."""
    subject = player(seat) + " "
    if not text.startswith(subject):
        return text
    verb, _, rest = text[len(subject):].partition(" ")
    base = base_form(verb)
    if base is None:
        return text
    return f"{base} {rest}".rstrip()


ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def roman(n: int) -> str:
    """An age or a period as the rulebooks number them ("age III"); past X, the digits."""
    return ROMAN[n - 1] if 1 <= n <= len(ROMAN) else str(n)
