"""Aztlán's action notation (variants/aztlan/NOTATION.md): parsing and canonical forms.

Parsing only checks the words (a known verb, the right number of arguments, known
territories and types); whether the action is allowed *now* is the engine's question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalAction, quote
from game.core.notation import action_words, plain_number
from variants.aztlan.map import Island
from variants.aztlan.text import _

#: verb -> kinds of its arguments: "t" territory, "n" number, "k" territory type
ARGUMENTS: dict[str, str] = {
    "choose": "n", "place": "t", "eagle": "t", "move": "tt", "stay": "",
    "battle": "t", "coexist": "t", "sacred": "t", "tlatoani": "t", "decline": "",
    "bless": "k", "rafts": "tt", "score": "", "wild": "k",
}

_USAGE = {
    "choose": "choose <power card>, e.g. choose 7",
    "place": "place <territory>, e.g. place t12",
    "eagle": "eagle <territory>, e.g. eagle t7",
    "move": "move <from> <to>, e.g. move t3 t4",
    "battle": "battle <territory>", "coexist": "coexist <territory>",
    "sacred": "sacred <territory>", "tlatoani": "tlatoani <territory>",
    "bless": "bless <territory type>, e.g. bless jungle",
    "rafts": "rafts <territory> <territory>, e.g. rafts t3 t9",
    "wild": "wild <territory type>, e.g. wild desert",
}


@dataclass(frozen=True)
class Action:
    verb: str
    args: tuple[Any, ...]  # territory indices, a card strength or a type id
    text: str    # canonical form


def parse(action: str, island: Island, types: list[str]) -> Action:
    words = action_words(action)
    if not words:
        raise IllegalAction(_("empty action"))
    verb, rest = words[0], words[1:]
    if verb not in ARGUMENTS:
        raise IllegalAction(_("unknown action {verb}; actions are: {verbs}",
                              verb=quote(words[0]), verbs=", ".join(ARGUMENTS)))
    kinds = ARGUMENTS[verb]
    if len(rest) != len(kinds):
        usage = _USAGE.get(verb, verb)
        raise IllegalAction(_.n("{verb} takes {n} argument: {usage}",
                                "{verb} takes {n} arguments: {usage}", n=len(kinds),
                                verb=verb, usage=usage))
    args: list[Any] = []
    for word, kind in zip(rest, kinds, strict=True):
        if kind == "t":
            if word not in island.index:
                raise IllegalAction(_("{word} is not a territory (t1..t{size})",
                                      word=quote(word), size=island.size)
                                    if word.startswith("t") else
                                    _("{word} is not a territory; name territories by id, "
                                      "such as t5", word=quote(word)))
            args.append(island.index[word])
        elif kind == "n":
            number = plain_number(word, 3)
            if number is None:
                raise IllegalAction(_("{word} is not a power card number", word=quote(word)))
            args.append(number)
        else:
            if word not in types:
                raise IllegalAction(_("{word} is not a territory type ({types})",
                                      word=quote(word), types=", ".join(types)))
            args.append(word)
    if verb == "rafts":
        if args[0] == args[1]:
            raise IllegalAction(_("Rafts and Canoes joins two different territories"))
        args.sort()
    if verb == "move" and args[0] == args[1]:
        raise IllegalAction(_("a move goes to another territory"))
    return Action(verb, tuple(args), canonical(verb, tuple(args), island))


def canonical(verb: str, args: tuple[Any, ...], island: Island) -> str:
    words = [verb]
    for arg, kind in zip(args, ARGUMENTS[verb], strict=True):
        words.append(island.ids[arg] if kind == "t" else str(arg))
    return " ".join(words)


def vocabulary(island: Island, types: list[str], strengths: list[int]) -> list[str]:
    """Every canonical action on this island (a superset of what can be legal), in a
    fixed order: the OpenSpiel bridge numbers actions by their position in it."""
    ids = island.ids
    out = [verb for verb, kinds in ARGUMENTS.items() if not kinds]
    out += [f"choose {c}" for c in sorted(set(strengths))]
    out += [f"{verb} {t}" for verb, kinds in ARGUMENTS.items() if kinds == "t" for t in ids]
    out += [f"{verb} {k}" for verb, kinds in ARGUMENTS.items() if kinds == "k" for k in types]
    out += [f"move {ids[a]} {ids[b]}" for a in range(island.size) for b in island.nbrs[a]]
    out += [f"rafts {ids[a]} {ids[b]}" for a in range(island.size)
            for b in range(a + 1, island.size)]
    return out
