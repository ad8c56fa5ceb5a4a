"""The action notation (variants/market/NOTATION.md): parsing and canonical text.

Canonical actions are lower case with single spaces:

``place a1 crowd``  ``coin 3``  ``shift c3``  ``buy 2 red``  ``pay 3``  ``pass``
``king b4``  ``king skip``  ``end``

Parsing only checks the shape of an action; whether it is allowed now is the rules'
business. Input is accepted in any case and with any spacing.
"""

from __future__ import annotations

from typing import Any

from game.core.errors import IllegalAction, quote
from game.core.notation import action_words
from variants.market.geometry import Geometry
from variants.market.params import COLOURS, TILE_NAMES

VERBS = ("place", "coin", "shift", "buy", "pay", "pass", "king", "end")

#: verb -> how it is written, for error messages
USAGE = {
    "place": "place <square> <tile>, e.g. place a1 crowd",
    "coin": "coin <buyer 1-{n}>, e.g. coin 3",
    "shift": "shift <square>, e.g. shift c3 (moves that tile into the hole)",
    "buy": "buy <buyer 1-{n}> <colour>, e.g. buy 2 red",
    "pay": "pay <buyer 1-{n}>, e.g. pay 3",
    "pass": "pass",
    "king": "king <vendor square> or king skip",
    "end": "end",
}


def parse(text: str, geo: Geometry) -> tuple[str, tuple[Any, ...]]:
    """``(verb, args)`` with squares as indices and buyers as 1-based numbers."""
    words = action_words(text)
    if not words:
        raise IllegalAction("empty action; try pass, buy <buyer> <colour>, shift <square> ...")
    verb, args = words[0], words[1:]
    if verb not in VERBS:
        raise IllegalAction(f"unknown action {quote(verb)}; the actions are {', '.join(VERBS)}")
    n = geo.n
    usage = USAGE[verb].format(n=n)
    numbers = {str(i) for i in range(1, n + 1)}

    def square(word: str) -> int:
        if word not in geo.index:
            raise IllegalAction(f"{quote(word)} is not a square of the market "
                                f"({geo.names[0]} to {geo.names[-1]})")
        return geo.index[word]

    def buyer(word: str) -> int:
        if word not in numbers:
            raise IllegalAction(f"{quote(word)} is not a buyer; your buyers are 1 to {n}, "
                                "numbered from your left")
        return int(word)

    want = {"place": 2, "coin": 1, "shift": 1, "buy": 2, "pay": 1, "pass": 0, "king": 1,
            "end": 0}[verb]
    if len(args) != want:
        raise IllegalAction(f"write it as: {usage}")
    if verb == "place":
        if args[1] not in TILE_NAMES:
            raise IllegalAction(f"{quote(args[1])} is not a tile; the tiles are "
                                f"{', '.join(TILE_NAMES)}")
        return verb, (square(args[0]), args[1])
    if verb in ("coin", "pay"):
        return verb, (buyer(args[0]),)
    if verb == "shift":
        return verb, (square(args[0]),)
    if verb == "buy":
        if args[1] not in COLOURS:
            raise IllegalAction(f"{quote(args[1])} is not a commodity colour; buy from a "
                                f"{', '.join(COLOURS)} vendor")
        return verb, (buyer(args[0]), args[1])
    if verb == "king":
        return verb, (None if args[0] == "skip" else square(args[0]),)
    return verb, ()


def canonical(verb: str, args: tuple[Any, ...], geo: Geometry) -> str:
    if verb == "place":
        return f"place {geo.names[args[0]]} {args[1]}"
    if verb in ("coin", "pay"):
        return f"{verb} {args[0]}"
    if verb == "shift":
        return f"shift {geo.names[args[0]]}"
    if verb == "buy":
        return f"buy {args[0]} {args[1]}"
    if verb == "king":
        return "king skip" if args[0] is None else f"king {geo.names[args[0]]}"
    return verb


def vocabulary(geo: Geometry) -> list[str]:
    """Every canonical action on this market (a superset of what can be legal), in a
    fixed order: the OpenSpiel bridge numbers actions by their position in it."""
    squares, buyers = geo.names, [str(b) for b in range(1, geo.n + 1)]
    out = ["pass", "end", "king skip"]
    out += [f"place {sq} {tile}" for sq in squares for tile in TILE_NAMES]
    out += [f"{verb} {b}" for verb in ("coin", "pay") for b in buyers]
    out += [f"buy {b} {c}" for b in buyers for c in COLOURS]
    out += [f"{verb} {sq}" for verb in ("shift", "king") for sq in squares]
    return out
