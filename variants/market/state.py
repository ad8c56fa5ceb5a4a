"""The market's game state as typed data, and its JSON form declared once.

Phases:

* ``place``  setup: the players lay the market tiles in turn;
* ``coins``  setup: each player puts their start coins on buyers;
* ``turn``   a turn: pass or play (a play in progress stays in this phase);
* ``move``, ``coin``, ``king``  the decisions of a pass, after the draw;
* ``over``   the game has ended.

Everything a table shows is saved, plus the bag, the removed tokens and the random
generator (which ``view`` hides) and the take-back snapshot of a play in progress. The
schema in :func:`state_codec` checks every value of a save; :func:`check_state` holds
what must add up across fields (components are conserved, the phase's bookkeeping).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from game.core.schema import Bool, Field, Int, List, Nullable, Obj, Str
from game.core.typedstate import ByName, Index, Record, StateCodec, literal
from variants.market.geometry import Geometry
from variants.market.params import COLOURS, TILE_NAMES

Phase = Literal["place", "coins", "turn", "move", "coin", "king", "over"]
#: the largest count (tokens, coins, rounds) a save may hold
MAX_COUNT = 1_000_000
RNG_MAX = (1 << 64) - 1


class Buyer(NamedTuple):
    """One of a seat's buyers: a coin on it or not, and the tokens it holds (of one
    colour; ``colour`` is None exactly when it holds none). Immutable: a change puts a
    new Buyer in its place (``buyer._replace(coin=False)``)."""

    coin: bool
    colour: str | None
    tokens: int


@dataclass(slots=True)
class TakeBack:
    """The table at the start of a play, restored if the player passes instead: the
    market, the player's coins on their buyers and the money supply."""

    market: list[str | None]
    coins: list[bool]
    supply: int


def _no_colours() -> dict[str, int]:
    return dict.fromkeys(COLOURS, 0)


@dataclass(slots=True)
class MarketState:
    phase: Phase = "place"
    turn: int = 0
    round: int = 1
    #: square -> tile name, None for the hole (or an empty square while placing)
    market: list[str | None] = field(default_factory=list)
    #: colour -> tokens on that colour's vendor tile
    vendors: dict[str, int] = field(default_factory=_no_colours)
    king: dict[str, int] = field(default_factory=_no_colours)
    bag: dict[str, int] = field(default_factory=_no_colours)
    removed: dict[str, int] = field(default_factory=_no_colours)
    #: coins in the money supply
    supply: int = 0
    #: seat -> its buyers, from its left
    buyers: list[list[Buyer]] = field(default_factory=list)
    #: purchases made in the play in progress
    purchases: int = 0
    #: buyer number (1-based) whose coin pays for the next shift of a play
    paid: int | None = None
    #: pass: tile moves still to make; the square the last one filled
    moves_left: int = 0
    last_moved: int | None = None
    coins_left: int = 0
    king_left: int = 0
    #: setup: start coins placed so far
    placed: int = 0
    #: the table at the start of a play (for the take-back); None before the table
    #: changes, once it is back as it was, and after a purchase
    undo: TakeBack | None = None
    rng: int = 0
    winners: list[int] = field(default_factory=list)

    def hole(self) -> int:
        return self.market.index(None)


def state_codec(geo: Geometry, params: Mapping[str, Any],
                players: int) -> StateCodec[MarketState]:
    """The JSON form of a state for this market and this many seats."""
    n = geo.n
    count = Int(0, MAX_COUNT)
    colours = Obj({c: Field(Int(0, MAX_COUNT), required=True) for c in COLOURS})
    market = ByName(geo.names, Nullable(Str(choices=TILE_NAMES)), what="square")
    buyer = Record(Buyer, {"coin": Bool(), "colour": Nullable(Str(choices=COLOURS)),
                           "tokens": count})
    take_back = Record(TakeBack, {"market": market,
                                  "coins": List(Bool(), min_len=n, max_len=n),
                                  "supply": count})
    record = Record(MarketState, {
        "phase": literal(Phase), "turn": Int(0, players - 1), "round": Int(1, MAX_COUNT),
        "market": market, "vendors": colours, "king": colours, "bag": colours,
        "removed": colours, "supply": count,
        "buyers": List(List(buyer, min_len=n, max_len=n), min_len=players,
                       max_len=players),
        "purchases": count, "paid": Nullable(Int(1, n)), "moves_left": count,
        "last_moved": Nullable(Index(geo.names, "square")), "coins_left": count,
        "king_left": count, "placed": count, "undo": Nullable(take_back),
        "rng": Int(0, RNG_MAX), "winners": List(Int(0, players - 1), max_len=players),
    })
    return StateCodec(record, lambda s: check_state(s, geo, params, players))


def check_state(s: MarketState, geo: Geometry, params: Mapping[str, Any],
                players: int) -> None:
    """What the schema cannot say: the components add up and the phase's bookkeeping
    makes sense. Raises ValueError."""
    _check_tiles(s, geo, params, players)
    _check_goods(s, params)
    _check_coins(s, params)
    _check_phase(s, params, players)


def _check_tiles(s: MarketState, geo: Geometry, params: Mapping[str, Any],
                 players: int) -> None:
    tiles = params["tiles"]
    for t in TILE_NAMES:
        laid = s.market.count(t)
        if laid > tiles[t]:
            raise ValueError(f"the market shows {laid} {t} tiles; the box has {tiles[t]}")
    if s.undo is not None and sorted(map(str, s.undo.market)) != sorted(map(str, s.market)):
        raise ValueError("the take-back snapshot holds other tiles than the market")
    empty = s.market.count(None)
    if s.phase == "place":
        if empty < 2 or s.turn != (geo.size - empty) % players:
            raise ValueError("placing: the tiles laid do not match the seat to lay next")
    elif empty != 1:
        raise ValueError("the market must have exactly one hole")


def _check_goods(s: MarketState, params: Mapping[str, Any]) -> None:
    for seat in s.buyers:
        for b in seat:
            if (b.colour is None) != (b.tokens == 0):
                raise ValueError("a buyer has a colour exactly when it holds tokens")
    goods = params["commodities"]
    for c in COLOURS:
        held = sum(b.tokens for seat in s.buyers for b in seat if b.colour == c)
        total = s.vendors[c] + s.king[c] + s.bag[c] + s.removed[c] + held
        if total != goods[c]:
            raise ValueError(f"{total} {c} commodities in play; the game has {goods[c]}")
        if s.vendors[c] and c not in s.market:
            raise ValueError(f"tokens lie on the {c} vendor, which is not in the market")


def _check_coins(s: MarketState, params: Mapping[str, Any]) -> None:
    coins = s.supply + sum(b.coin for seat in s.buyers for b in seat)
    if coins != params["coins"]:
        raise ValueError(f"{coins} coins in play; the game has {params['coins']}")
    if s.undo is not None:
        before = s.undo.supply + sum(s.undo.coins)
        now = s.supply + sum(b.coin for b in s.buyers[s.turn])
        if before != now or s.phase != "turn" or s.purchases:
            raise ValueError("the take-back snapshot does not fit the play in progress")
    if s.paid is not None and (s.phase != "turn" or not s.buyers[s.turn][s.paid - 1].coin):
        raise ValueError("a payment is pending without a play or a coin")


def _check_phase(s: MarketState, params: Mapping[str, Any], players: int) -> None:
    if s.phase == "coins" and (s.turn != s.placed % players
                               or s.placed >= players * params["start_coins"]):
        raise ValueError("start coins: the count does not match the seat to place")
    if s.phase == "move" and not s.moves_left:
        raise ValueError("a pass waits for a tile move but has none left")
    if s.phase == "coin" and not (s.coins_left and s.supply
                                  and any(not b.coin for b in s.buyers[s.turn])):
        raise ValueError("a pass waits for a coin that cannot be taken")
    if s.phase == "king" and not s.king_left:
        raise ValueError("a pass waits for the king but has no king move left")
    if (s.phase == "over") != bool(s.winners):
        raise ValueError("winners are set exactly when the game is over")
