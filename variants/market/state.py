"""The market's mutable game state and its exact JSON form.

Phases:

* ``place``  setup: the players lay the market tiles in turn;
* ``coins``  setup: each player puts their start coins on buyers;
* ``turn``   a turn: pass or play (a play in progress stays in this phase);
* ``move``, ``coin``, ``king``  the decisions of a pass, after the draw;
* ``over``   the game has ended.

Everything a table shows is saved, plus the bag, the removed tokens and the random
generator (which ``view`` hides) and the take-back snapshot of a play in progress.
"""

from __future__ import annotations

from typing import Any

from game.errors import quote
from variants.market.geometry import Geometry
from variants.market.params import COLOURS, TILE_NAMES

PHASES = ("place", "coins", "turn", "move", "coin", "king", "over")
_MASK = (1 << 64) - 1
_KEYS = ("phase", "turn", "round", "market", "vendors", "king", "bag", "removed", "supply",
         "buyers", "purchases", "paid", "moves_left", "last_moved", "coins_left",
         "king_left", "placed", "undo", "rng", "winners")


class MarketState:
    __slots__ = ("phase", "turn", "round", "market", "vendors", "king", "bag", "removed",
                 "supply", "buyers", "purchases", "paid", "moves_left", "last_moved",
                 "coins_left", "king_left", "placed", "undo", "rng", "winners")

    def __init__(self) -> None:
        self.phase = "place"
        self.turn = 0
        self.round = 1
        #: square -> tile name, None for the hole (or an empty square while placing)
        self.market: list[str | None] = []
        #: colour -> tokens on that colour's vendor tile
        self.vendors: dict[str, int] = dict.fromkeys(COLOURS, 0)
        self.king: dict[str, int] = dict.fromkeys(COLOURS, 0)
        self.bag: dict[str, int] = dict.fromkeys(COLOURS, 0)
        self.removed: dict[str, int] = dict.fromkeys(COLOURS, 0)
        #: coins in the money supply
        self.supply = 0
        #: seat -> buyer -> [has coin, colour held or None, tokens held]
        self.buyers: list[list[list[Any]]] = []
        #: purchases made in the play in progress
        self.purchases = 0
        #: buyer number (1-based) whose coin pays for the next shift of a play
        self.paid: int | None = None
        #: pass: tile moves still to make; the square the last one filled
        self.moves_left = 0
        self.last_moved: int | None = None
        self.coins_left = 0
        self.king_left = 0
        #: setup: start coins placed so far
        self.placed = 0
        #: the market, own coins and supply at the start of a play (for the take-back);
        #: None before the table changes, once it is back as it was, and after a purchase
        self.undo: dict[str, Any] | None = None
        self.rng = 0
        self.winners: list[int] = []

    def hole(self) -> int:
        return self.market.index(None)

    def copy(self) -> MarketState:
        s = MarketState.__new__(MarketState)
        s.phase, s.turn, s.round = self.phase, self.turn, self.round
        s.market = list(self.market)
        s.vendors, s.king = dict(self.vendors), dict(self.king)
        s.bag, s.removed = dict(self.bag), dict(self.removed)
        s.supply = self.supply
        s.buyers = [[list(b) for b in seat] for seat in self.buyers]
        s.purchases, s.paid = self.purchases, self.paid
        s.moves_left, s.last_moved = self.moves_left, self.last_moved
        s.coins_left, s.king_left, s.placed = self.coins_left, self.king_left, self.placed
        s.undo = None if self.undo is None else {
            "market": list(self.undo["market"]), "coins": list(self.undo["coins"]),
            "supply": self.undo["supply"]}
        s.rng = self.rng
        s.winners = list(self.winners)
        return s

    # -- JSON --------------------------------------------------------------------------
    def to_dict(self, geo: Geometry) -> dict[str, Any]:
        names = geo.names
        return {
            "phase": self.phase, "turn": self.turn, "round": self.round,
            "market": dict(zip(names, self.market, strict=True)),
            "vendors": dict(self.vendors), "king": dict(self.king),
            "bag": dict(self.bag), "removed": dict(self.removed),
            "supply": self.supply,
            "buyers": [[{"coin": b[0], "colour": b[1], "tokens": b[2]} for b in seat]
                       for seat in self.buyers],
            "purchases": self.purchases, "paid": self.paid,
            "moves_left": self.moves_left,
            "last_moved": None if self.last_moved is None else names[self.last_moved],
            "coins_left": self.coins_left, "king_left": self.king_left,
            "placed": self.placed,
            "undo": None if self.undo is None else {
                "market": dict(zip(names, self.undo["market"], strict=True)),
                "coins": list(self.undo["coins"]), "supply": self.undo["supply"]},
            "rng": self.rng, "winners": list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: Any, geo: Geometry, params: dict[str, Any],
                  players: int) -> MarketState:
        """Rebuild and check a state; bad data raises ValueError, TypeError or KeyError."""
        if not isinstance(data, dict):
            raise TypeError("a market state must be a mapping")
        extra = set(data) - set(_KEYS)
        if extra:
            raise ValueError(f"unknown keys in the state: {sorted(extra)}")
        n = geo.n
        s = cls()
        s.phase = data["phase"]
        if s.phase not in PHASES:
            raise ValueError(f"unknown phase {quote(s.phase)}")
        s.turn = _num(data["turn"], "turn", 0, players - 1)
        s.round = _num(data["round"], "round", 1)
        s.market = _market(data["market"], geo)
        for key in ("vendors", "king", "bag", "removed"):
            setattr(s, key, _colours(data[key], key))
        s.supply = _num(data["supply"], "supply", 0)
        buyers = data["buyers"]
        if not isinstance(buyers, list) or len(buyers) != players:
            raise ValueError(f"buyers must list {players} seats")
        s.buyers = []
        for seat in buyers:
            if not isinstance(seat, list) or len(seat) != n:
                raise ValueError(f"each seat has {n} buyers")
            row = []
            for b in seat:
                if not isinstance(b, dict) or set(b) != {"coin", "colour", "tokens"}:
                    raise ValueError("a buyer is {coin, colour, tokens}")
                if not isinstance(b["coin"], bool):
                    raise TypeError("a buyer's coin is true or false")
                tokens = _num(b["tokens"], "a buyer's tokens", 0)
                colour = b["colour"]
                if colour is not None and colour not in COLOURS:
                    raise ValueError(f"unknown colour {quote(colour)}")
                if (colour is None) != (tokens == 0):
                    raise ValueError("a buyer has a colour exactly when it holds tokens")
                row.append([b["coin"], colour, tokens])
            s.buyers.append(row)
        s.purchases = _num(data["purchases"], "purchases", 0)
        paid = data["paid"]
        s.paid = None if paid is None else _num(paid, "paid", 1, n)
        s.moves_left = _num(data["moves_left"], "moves_left", 0)
        last = data["last_moved"]
        if last is not None and last not in geo.index:
            raise ValueError(f"{quote(last)} is not a square")
        s.last_moved = None if last is None else geo.index[last]
        s.coins_left = _num(data["coins_left"], "coins_left", 0)
        s.king_left = _num(data["king_left"], "king_left", 0)
        s.placed = _num(data["placed"], "placed", 0)
        undo = data["undo"]
        if undo is not None and s.purchases:
            # Saves written before issue 12 was fixed hold a snapshot taken by a tile
            # move after a purchase. It can never be used (a purchase cannot be
            # taken back), so such an autosave loads as the game it is, without it.
            undo = None
        if undo is not None:
            if not isinstance(undo, dict) or set(undo) != {"market", "coins", "supply"}:
                raise ValueError("the take-back snapshot is {market, coins, supply}")
            coins = undo["coins"]
            if not (isinstance(coins, list) and len(coins) == n
                    and all(isinstance(c, bool) for c in coins)):
                raise ValueError(f"the snapshot lists {n} coins as true/false")
            s.undo = {"market": _market(undo["market"], geo), "coins": list(coins),
                      "supply": _num(undo["supply"], "the snapshot's supply", 0)}
        s.rng = _num(data["rng"], "rng", 0, _MASK)
        winners = data["winners"]
        if not isinstance(winners, list):
            raise TypeError("winners must be a list")
        s.winners = [_num(w, "a winner", 0, players - 1) for w in winners]
        _consistent(s, geo, params, players)
        return s


def _num(value: Any, what: str, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be a whole number")
    if value < lo or (hi is not None and value > hi):
        raise ValueError(f"{what} is out of range: {quote(value)}")
    return value


def _market(value: Any, geo: Geometry) -> list[str | None]:
    if not isinstance(value, dict) or list(value) != geo.names:
        raise ValueError(f"the market must map every square {geo.names[0]}..{geo.names[-1]} "
                         "in order")
    out = []
    for tile in value.values():
        if tile is not None and tile not in TILE_NAMES:
            raise ValueError(f"unknown tile {quote(tile)}")
        out.append(tile)
    return out


def _colours(value: Any, what: str) -> dict[str, int]:
    if not isinstance(value, dict) or list(value) != list(COLOURS):
        raise ValueError(f"{what} must count {', '.join(COLOURS)} in that order")
    return {c: _num(v, f"{what}.{c}", 0) for c, v in value.items()}


def _consistent(s: MarketState, geo: Geometry, params: dict[str, Any], players: int) -> None:
    """The components add up and the phase's bookkeeping makes sense."""
    tiles = params["tiles"]
    laid = {t: 0 for t in TILE_NAMES}
    for t in s.market:
        if t is not None:
            laid[t] += 1
    for t in TILE_NAMES:
        if laid[t] > tiles[t]:
            raise ValueError(f"the market shows {laid[t]} {t} tiles; the box has {tiles[t]}")
    for m in ([s.undo["market"]] if s.undo else []):
        if sorted(map(str, m)) != sorted(map(str, s.market)):
            raise ValueError("the take-back snapshot holds other tiles than the market")
    empty = s.market.count(None)
    if s.phase == "place":
        if empty < 2 or s.turn != (geo.size - empty) % players:
            raise ValueError("placing: the tiles laid do not match the seat to lay next")
    elif empty != 1:
        raise ValueError("the market must have exactly one hole")
    goods = params["commodities"]
    for c in COLOURS:
        held = sum(b[2] for seat in s.buyers for b in seat if b[1] == c)
        total = s.vendors[c] + s.king[c] + s.bag[c] + s.removed[c] + held
        if total != goods[c]:
            raise ValueError(f"{total} {c} commodities in play; the game has {goods[c]}")
        if s.vendors[c] and c not in s.market:
            raise ValueError(f"tokens lie on the {c} vendor, which is not in the market")
    coins = s.supply + sum(b[0] for seat in s.buyers for b in seat)
    if coins != params["coins"]:
        raise ValueError(f"{coins} coins in play; the game has {params['coins']}")
    if s.undo is not None:
        before = s.undo["supply"] + sum(s.undo["coins"])
        now = s.supply + sum(b[0] for b in s.buyers[s.turn])
        if before != now or s.phase != "turn" or s.purchases:
            raise ValueError("the take-back snapshot does not fit the play in progress")
    if s.paid is not None and (s.phase != "turn" or not s.buyers[s.turn][s.paid - 1][0]):
        raise ValueError("a payment is pending without a play or a coin")
    if s.phase == "coins":
        if s.turn != s.placed % players or s.placed >= players * params["start_coins"]:
            raise ValueError("start coins: the count does not match the seat to place")
    if s.phase == "move" and not s.moves_left:
        raise ValueError("a pass waits for a tile move but has none left")
    if s.phase == "coin" and not (s.coins_left and s.supply
                                  and any(not b[0] for b in s.buyers[s.turn])):
        raise ValueError("a pass waits for a coin that cannot be taken")
    if s.phase == "king" and not s.king_left:
        raise ValueError("a pass waits for the king but has no king move left")
    if (s.phase == "over") != bool(s.winners):
        raise ValueError("winners are set exactly when the game is over")
