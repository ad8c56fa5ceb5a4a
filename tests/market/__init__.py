"""Tests of The Market of Tlatelolco, and helpers to build positions for them.

``scenario(rows, ...)`` starts a real game through the public API: the tiles are laid
with ``place`` actions in turn (reading order) and every seat places its start coin with
``coin``. The rest of the position is then written into the state with the components
conserved: tokens put on vendors, buyers or the king come out of the bag, coins come out
of the supply; the game returned starts at that position (``Game.at_position``, whose
check through the engine's codec says whether it is consistent).

Rows name the tiles of each market row, row 1 first, ``.`` for the hole::

    ["red    crowd  .     king",
     ...]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from game.api import Game, IllegalAction, new_game

VARIANT = "tlatelolco-market"
COLOURS = ("black", "blue", "red", "green")

#: A legal layout: vendors and the king spread, one crowd per row.
STANDARD = [
    "red       crowd     porter    king",
    "governor  blue      crowd     messenger",
    "porter    crowd     .         black",
    "green     ambassador governor crowd",
]


#: The box: every tile and how many of it.
BOX = {"black": 1, "blue": 1, "red": 1, "green": 1, "crowd": 4, "porter": 2,
       "governor": 2, "ambassador": 1, "messenger": 1, "king": 1}
NAMES = [f"{c}{r}" for r in "1234" for c in "abcd"]


def layout(fixed: Mapping[str, str]) -> list[str]:
    """Rows with ``fixed`` {square: tile or "."} and the rest of the box elsewhere.

    Without a "." the hole is the last free square. The leftover tiles fill the free
    squares in reading order, crowds last.
    """
    left = dict(BOX)
    for tile in fixed.values():
        if tile != ".":
            left[tile] -= 1
            assert left[tile] >= 0, f"the box has no more {tile} tiles"
    rest = [t for t in BOX if t != "crowd" for _ in range(left[t])]
    rest += ["crowd"] * left["crowd"]
    if "." not in fixed.values():
        rest.append(".")
    free = [sq for sq in NAMES if sq not in fixed]
    assert len(free) == len(rest), "the fixed tiles do not leave room for the box"
    cells = dict(fixed) | dict(zip(free, rest, strict=True))
    return [" ".join(cells[f"{c}{r}"] for c in "abcd") for r in "1234"]


def squares(rows: Sequence[str]) -> list[tuple[str, str]]:
    """(square, tile) in reading order, the hole as '.'."""
    out = []
    for r, row in enumerate(rows):
        for c, tile in enumerate(row.split()):
            out.append((f"{'abcdefghi'[c]}{r + 1}", tile))
    return out


def scenario(
    rows: Sequence[str] = STANDARD,
    players: int = 2,
    *,
    vendors: Mapping[str, int] | None = None,
    king: Mapping[str, int] | None = None,
    held: Mapping[int, Mapping[int, tuple[str, int]]] | None = None,
    coins: Mapping[int, Sequence[int]] | None = None,
    supply: int | None = None,
    bag: Mapping[str, int] | None = None,
    turn: int = 0,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> Game:
    """A game at the start of ``turn``'s turn with the described position.

    ``vendors`` / ``king``  colour -> tokens on that vendor / on the king.
    ``held``    seat -> buyer number -> (colour, tokens).
    ``coins``   seat -> the buyer numbers that hold a coin (default: buyer 1 each).
    ``supply``  checked only: every coin not on a buyer is in the supply.
    ``bag``     colour -> tokens left in the bag; the rest of each colour that is not
                on the table is set aside with the removed tokens.
    """
    game = new_game(VARIANT, players, seed=seed, options=dict(options or {}))
    s = game.state
    # -- the market, laid through the real API -------------------------------------------
    layout = squares(rows)
    assert len(layout) == len(s.market), "the rows must cover the whole market"
    for sq, tile in layout:
        if tile != ".":
            assert game.current_player == s.turn
            game.apply(f"place {sq} {tile}")
    assert s.phase == "coins", "the rows must use every tile of the box once"
    assert game.view(None)["market"][[sq for sq, t in layout if t == "."][0]] is None
    # -- start coins through the API, then the coins wanted ------------------------------
    coins = {seat: list(v) for seat, v in (coins or {}).items()}
    for seat in range(players):
        first = coins.get(seat, [1])
        game.apply(f"coin {first[0] if first else 1}")
    assert s.phase == "turn"
    total = game.rules.params["coins"]
    for seat in range(players):
        s.buyers[seat] = [buyer._replace(coin=(b + 1) in coins.get(seat, [1]))
                          for b, buyer in enumerate(s.buyers[seat])]
    s.supply = total - sum(b[0] for seat in s.buyers for b in seat)
    assert s.supply >= 0, "more coins on buyers than the game has"
    if supply is not None:
        assert s.supply == supply, f"the coins leave {s.supply} in the supply, not {supply}"
    # -- tokens, out of the bag ------------------------------------------------------------
    pool = {c: s.bag[c] + s.removed[c] for c in COLOURS}

    def take(colour: str, n: int) -> None:
        assert pool[colour] >= n, f"not enough {colour} commodities"
        pool[colour] -= n

    for c, n in (vendors or {}).items():
        take(c, n)
        s.vendors[c] = n
    for c, n in (king or {}).items():
        take(c, n)
        s.king[c] = n
    for seat, by_buyer in (held or {}).items():
        for b, (c, n) in by_buyer.items():
            take(c, n)
            s.buyers[seat][b - 1] = s.buyers[seat][b - 1]._replace(
                colour=c if n else None, tokens=n)
    for c in COLOURS:
        kept = pool[c] - min(s.removed[c], pool[c])  # keep the removed ones set aside
        left = kept if bag is None or c not in bag else bag[c]
        assert left <= pool[c], f"the bag cannot hold {left} {c}"
        s.bag[c] = left
        s.removed[c] = pool[c] - left
    s.turn = turn
    s.round = 2
    # a game at that position: the codec checks it (components conserved)
    return game.at_position(game.rules.to_dict(s))


def at(game: Game, square: str) -> str | None:
    """The tile on a square (None for the hole)."""
    return game.view(None)["market"][square]


def buyer(game: Game, seat: int, number: int) -> dict[str, Any]:
    return game.view(None)["buyers"][seat][number - 1]


def assert_illegal(game: Game, action: str, match: str | None = None) -> None:
    """Refused with a reason, not listed, and the state unchanged."""
    before = game.to_json()
    listed = action in game.legal_actions()
    with pytest.raises(IllegalAction, match=match) as info:
        game.apply(action)
    assert str(info.value).strip()
    assert game.to_json() == before, f"{action!r} was refused but changed the state"
    assert not listed, f"{action!r} is refused by apply but listed by legal_actions"


def assert_legal(game: Game, action: str) -> None:
    assert action in game.legal_actions(), f"{action!r} should be legal"


def play(game: Game, *actions: str) -> list:
    """Apply actions in order; every one must be listed first. Returns all events."""
    events = []
    for a in actions:
        assert_legal(game, a)
        events.extend(game.apply(a))
    return events


def all_actions(game: Game) -> list[str]:
    """Every well-formed action of the notation, legal or not."""
    geo = game.rules.table.geo
    tiles = ("black", "blue", "red", "green", "crowd", "porter", "governor", "ambassador",
             "messenger", "king")
    buyers = range(1, geo.n + 1)
    out = [f"place {sq} {t}" for sq in geo.names for t in tiles]
    out += [f"coin {b}" for b in buyers] + [f"pay {b}" for b in buyers]
    out += [f"shift {sq}" for sq in geo.names] + [f"king {sq}" for sq in geo.names]
    out += [f"buy {b} {c}" for b in buyers for c in COLOURS]
    out += ["king skip", "pass", "end"]
    return out
