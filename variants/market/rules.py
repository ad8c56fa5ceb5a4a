"""The Market of Tlatelolco's rules: setup, the pass, the play, the end and scoring.

The rules object is immutable after construction; all play data lives in a
:class:`MarketState`. ``apply`` parses an action, asks :meth:`MarketRules.why_not` for a
reason to refuse it (the same predicates build ``legal_actions``), and only then changes
the state. Chance (the bag, the random market) comes from the generator stored in the
state, so a seed and a log replay a game exactly.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.engine import GameType, Rules
from game.errors import ConfigIssue, IllegalAction
from game.events import Event
from game.rng import Rng, mix_seed
from game.schema import Context, Obj
from variants.market import scoring
from variants.market.ai import MarketAIMixin
from variants.market.geometry import Geometry, sides_for, teams_for
from variants.market.mechanics import Purchase, check_purchase, draw, king_sources
from variants.market.notation import canonical, parse
from variants.market.params import (
    COLOURS,
    MESSENGER,
    PARAMETERS,
    TILE_NAMES,
    check_market_params,
    check_market_players,
)
from variants.market.policy import playout_choice
from variants.market.state import MarketState

_PASS_HINT = {
    "move": "move a market tile: shift <square>",
    "coin": "take a coin onto an empty buyer: coin <buyer>",
    "king": "move a token to the king (king <vendor square>) or king skip",
}


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


class MarketRules(MarketAIMixin, Rules):
    engine_id: ClassVar[str] = "tlatelolco-market"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: ClassVar[int] = 5_000
    #: commodities are drawn from a bag nobody sees into, after some were removed unseen
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded")

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        self.geo = Geometry(params["grid"])
        self.n = params["grid"]
        self.sides = sides_for(players)
        self.teams = teams_for(players, params["partnerships"])
        self.team_of = {m: team for team in self.teams for m in team}
        #: seat -> buyer (0-based) -> squares of its line from the buyer's edge
        self.lines = [self.geo.lines[side] for side in self.sides]
        self.line_names = [self.geo.line_names[side] for side in self.sides]
        step = params["pass"]
        self.draw_count = step["draw"]
        self.pass_moves = step["moves"]
        self.pass_coins = step["coins"]
        self.pass_king = step["king"]
        self.start_coins = params["start_coins"]
        # A safe bound for the playout policy, which makes progress every play (see
        # variants.market.policy): plays <= tokens, passes with a draw <= tokens / draw.
        tokens = sum(params["commodities"].values())
        turns = tokens + -(-tokens // self.draw_count) + 2 * players
        per_turn = max(3, 1 + self.pass_moves + self.pass_coins + self.pass_king)
        setup = self.geo.size + players * self.start_coins
        self.playout_limit = max(type(self).playout_limit, 4 * (setup + turns * per_turn))

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        check_market_params(params, ctx)

    @classmethod
    def check_players(cls, params: dict[str, Any], players: int) -> list[ConfigIssue]:
        return check_market_players(params, players)

    # =====================================================================================
    # setup
    # =====================================================================================
    def new_state(self, seed: int) -> MarketState:
        p = self.params
        rng = Rng(mix_seed(seed, "market"))
        s = MarketState()
        s.market = [None] * self.geo.size
        s.bag = {c: p["commodities"][c] for c in COLOURS}
        s.removed = dict.fromkeys(COLOURS, 0)
        if p["removed_evenly"]:
            kinds = [c for c in COLOURS if s.bag[c]]
            for c in kinds:
                s.removed[c] = p["removed"] // len(kinds)
                s.bag[c] -= s.removed[c]
        else:
            for c in draw(s.bag, p["removed"], rng):
                s.removed[c] += 1
        s.supply = p["coins"]
        s.buyers = [[[False, None, 0] for _ in range(self.n)] for _ in range(self.players)]
        if p["random_market"]:
            layout: list[str | None] = [t for t in TILE_NAMES for _ in range(p["tiles"][t])]
            layout.append(None)
            rng.shuffle(layout)
            s.market = layout
            self._after_market(s)
        s.rng = rng.state
        return s

    def _after_market(self, s: MarketState) -> None:
        s.turn = 0
        s.phase = "coins" if self.start_coins else "turn"

    # =====================================================================================
    # protocol
    # =====================================================================================
    def action_vocabulary(self) -> list[str]:
        from variants.market.notation import vocabulary

        return vocabulary(self.geo)

    def current_player(self, state: MarketState) -> int | None:
        return None if state.phase == "over" else state.turn

    def player_aid(self) -> dict[str, Any]:
        from variants.market.aid import player_aid

        return player_aid(self.params, self.players)

    def is_over(self, state: MarketState) -> bool:
        return state.phase == "over"

    def scores(self, state: MarketState) -> list[int]:
        return scoring.scores(scoring.holdings(state.buyers), state.king, self.teams)

    def winners(self, state: MarketState) -> list[int]:
        return list(state.winners)

    def to_dict(self, state: MarketState) -> dict[str, Any]:
        return state.to_dict(self.geo)

    def from_dict(self, data: dict[str, Any]) -> MarketState:
        s = MarketState.from_dict(data, self.geo, self.params, self.players)
        if s.phase == "king" and not king_sources(s, self.geo.cross):
            raise ValueError("a pass waits for the king but no vendor can give him a token")
        return s

    def clone(self, state: MarketState) -> MarketState:
        return state.copy()

    def view(self, state: MarketState, seat: int | None) -> dict[str, Any]:
        data = self.to_dict(state)
        data.pop("rng")
        data["bag"] = {"hidden": sum(state.bag.values())}
        data["removed"] = {"hidden": sum(state.removed.values())}
        data["sides"] = list(self.sides)
        data["teams"] = [list(t) for t in self.teams]
        return data

    def playout_action(self, state: MarketState, rng: Rng) -> str:
        return playout_choice(self, state, rng)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.market.device import device_panel

        return device_panel(view, seat)

    def describe_action(self, state: MarketState, action: str) -> str:
        try:
            verb, args = parse(action, self.geo)
        except IllegalAction:
            return action
        who = player_name(state.turn)
        names = self.geo.names
        if verb == "place":
            return f"{who} places the {args[1]} on {names[args[0]]}"
        if verb == "coin":
            return f"{who} puts a coin on buyer {args[0]}"
        if verb == "shift":
            tile = state.market[args[0]]
            return f"{who} moves the {tile} from {names[args[0]]} into the hole"
        if verb == "buy":
            return f"{who}'s buyer {args[0]} buys from the {args[1]} vendor"
        if verb == "pay":
            return f"{who} pays for a tile move with buyer {args[0]}'s coin"
        if verb == "pass":
            return f"{who} passes"
        if verb == "king":
            if args[0] is None:
                return f"{who} leaves the king as he is"
            return f"{who} gives the king a token from the vendor on {names[args[0]]}"
        return f"{who} ends the play"

    # =====================================================================================
    # legal actions
    # =====================================================================================
    def legal_actions(self, state: MarketState) -> list[str]:
        s = state
        names = self.geo.names
        phase = s.phase
        if phase == "over":
            return []
        if phase == "place":
            left = self.tiles_left(s)
            kinds = [t for t in TILE_NAMES if left[t]]
            return [f"place {names[sq]} {t}" for sq, tile in enumerate(s.market)
                    if tile is None for t in kinds]
        if phase in ("coins", "coin"):
            return [f"coin {b + 1}" for b, buyer in enumerate(s.buyers[s.turn])
                    if not buyer[0]]
        if phase == "move":
            return [f"shift {names[sq]}" for sq, tile in enumerate(s.market)
                    if tile is not None and sq != s.last_moved]
        if phase == "king":
            return [f"king {names[sq]}" for sq in king_sources(s, self.geo.cross)] + [
                "king skip"]
        # a turn: pass or play
        if s.paid is not None:
            return [f"shift {names[sq]}" for sq, tile in enumerate(s.market)
                    if tile is not None and tile != MESSENGER]
        out = [f"buy {b} {c}" for b, c in self.purchases(s)]
        out += [f"pay {b + 1}" for b, buyer in enumerate(s.buyers[s.turn]) if buyer[0]]
        out += [f"shift {names[sq]}" for sq, tile in enumerate(s.market) if tile == MESSENGER]
        out.append("end" if s.purchases else "pass")
        return out

    def purchases(self, s: MarketState) -> list[tuple[int, str]]:
        """(buyer number, colour) of every purchase the player to move may make now."""
        out = []
        lines, line_names = self.lines[s.turn], self.line_names[s.turn]
        vendors = s.vendors
        for b, buyer in enumerate(s.buyers[s.turn]):
            if not buyer[0]:
                continue
            for sq in lines[b]:
                tile = s.market[sq]
                if tile in vendors and vendors[tile] and not isinstance(
                        check_purchase(s, lines[b], line_names[b], b + 1, tile), str):
                    out.append((b + 1, tile))
        out.sort()
        return out

    def tiles_left(self, s: MarketState) -> dict[str, int]:
        left = dict(self.params["tiles"])
        for t in s.market:
            if t is not None:
                left[t] -= 1
        return left

    def check_buy(self, s: MarketState, buyer: int, colour: str) -> Purchase | str:
        return check_purchase(s, self.lines[s.turn][buyer - 1],
                              self.line_names[s.turn][buyer - 1], buyer, colour)

    def why_not(self, s: MarketState, verb: str, args: tuple) -> str | Purchase | None:
        """The reason ``verb args`` is refused now; None (or the purchase) if allowed."""
        phase = s.phase
        names = self.geo.names
        if phase == "over":
            return "the game is over"
        if phase == "place":
            if verb != "place":
                return ("setup: lay the market tiles first, one each in turn: "
                        "place <square> <tile>")
            sq, tile = args
            if s.market[sq] is not None:
                return f"{names[sq]} already holds the {s.market[sq]}; choose an empty square"
            if not self.tiles_left(s)[tile]:
                return f"no {tile} tile is left to place"
            return None
        if phase == "coins":
            if verb != "coin":
                return "setup: put your first coin on one of your buyers: coin <buyer>"
            return self._coin_reason(s, args[0])
        if phase in _PASS_HINT:
            want = {"move": "shift", "coin": "coin", "king": "king"}[phase]
            if verb != want:
                return f"you are in the middle of a pass: {_PASS_HINT[phase]}"
            if phase == "coin":
                return self._coin_reason(s, args[0])
            if phase == "move":
                sq = args[0]
                if s.market[sq] is None:
                    return f"{names[sq]} is the hole; shift a square that holds a tile"
                if sq == s.last_moved:
                    return (f"moving the {s.market[sq]} straight back would undo your last "
                            "move; a pass moves different tiles")
                return None
            sq = args[0]
            if sq is not None and sq not in king_sources(s, self.geo.cross):
                return (f"{names[sq]} is not a vendor with commodities in the king's row or "
                        "column")
            return None
        # a turn: pass or play
        if verb in ("place", "coin", "king"):
            where = {"place": "at setup", "coin": "at setup and during a pass",
                     "king": "during a pass"}[verb]
            return f"{verb} is only possible {where}; now pass or play"
        if s.paid is not None and verb != "shift":
            return (f"buyer {s.paid}'s coin is paid: now shift a tile into the hole "
                    "(shift <square>)")
        if verb == "shift":
            sq = args[0]
            tile = s.market[sq]
            if tile is None:
                return f"{names[sq]} is the hole; shift a square that holds a tile"
            if s.paid is not None:
                if tile == MESSENGER:
                    return (f"the messenger moves free; use buyer {s.paid}'s coin to move "
                            "another tile")
                return None
            if tile != MESSENGER:
                return (f"moving the {tile} costs a coin: first pay <buyer> (only the "
                        "messenger moves free)")
            return None
        if verb == "pay":
            b = args[0]
            if not s.buyers[s.turn][b - 1][0]:
                return f"your buyer {b} has no coin to pay with"
            return None
        if verb == "buy":
            return self.check_buy(s, *args)
        if verb == "pass":
            if s.purchases:
                return "you have bought this turn, so this is a play: finish it with end"
            return None
        # end
        if not s.purchases:
            return "a play needs at least one purchase before end; buy something or pass"
        return None

    def _coin_reason(self, s: MarketState, b: int) -> str | None:
        if s.buyers[s.turn][b - 1][0]:
            return f"your buyer {b} already has a coin; a buyer holds at most one"
        return None

    # =====================================================================================
    # apply
    # =====================================================================================
    def apply(self, state: MarketState, action: str) -> tuple[str, list[Event]]:
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a line of text, not {type(action).__name__}")
        verb, args = parse(action, self.geo)
        reason = self.why_not(state, verb, args)
        if isinstance(reason, str):
            raise IllegalAction(reason)
        text = canonical(verb, args, self.geo)
        s = state
        seat = s.turn
        who = player_name(seat)
        names = self.geo.names
        if verb == "place":
            sq, tile = args
            s.market[sq] = tile
            ev = [Event("place", f"{who} places the {tile} on {names[sq]}", seat,
                        data={"square": names[sq], "tile": tile})]
            if s.market.count(None) == 1:
                self._after_market(s)
                ev.append(Event("market", f"The market is laid; {names[s.hole()]} is the "
                                "hole", data={"hole": names[s.hole()]}))
            else:
                s.turn = (seat + 1) % self.players
            return text, ev
        if verb == "coin":
            return text, self._coin(s, seat, args[0])
        if verb == "shift":
            return text, self._shift(s, seat, args[0])
        if verb == "pay":
            s.paid = args[0]  # the table changes with the shift, which takes the snapshot
            return text, [Event("pay", f"{who} pays with buyer {args[0]}'s coin for the next "
                                "tile move", seat, data={"buyer": args[0]})]
        if verb == "buy":
            assert isinstance(reason, Purchase)
            return text, self._buy(s, seat, args[0], args[1], reason)
        if verb == "pass":
            return text, self._pass(s, seat)
        if verb == "king":
            sq = args[0]
            if sq is None:
                s.king_left = 0
                ev = [Event("king_skip", f"{who} leaves the king as he is", seat)]
            else:
                colour = s.market[sq]
                s.vendors[colour] -= 1
                s.king[colour] += 1
                s.king_left -= 1
                ev = [Event("king", f"{who} moves a {colour} token from {names[sq]} to the "
                            "king", seat, data={"square": names[sq], "colour": colour})]
            return text, ev + self._advance_pass(s)
        return text, self._end_turn(s)

    def _coin(self, s: MarketState, seat: int, b: int) -> list[Event]:
        s.buyers[seat][b - 1][0] = True
        s.supply -= 1
        ev = [Event("coin", f"{player_name(seat)} puts a coin on buyer {b}", seat,
                    data={"buyer": b})]
        if s.phase == "coin":
            s.coins_left -= 1
            return ev + self._advance_pass(s)
        s.placed += 1
        if s.placed == self.players * self.start_coins:
            s.phase, s.turn, s.round = "turn", 0, 1
            ev.append(Event("turn", f"{player_name(0)}'s turn", 0))
        else:
            s.turn = s.placed % self.players
        return ev

    def _shift(self, s: MarketState, seat: int, sq: int) -> list[Event]:
        names = self.geo.names
        hole = s.hole()
        tile = s.market[sq]
        data: dict[str, Any] = {"tile": tile, "from": names[sq], "to": names[hole]}
        text = f"{player_name(seat)} moves the {tile} from {names[sq]} to {names[hole]}"
        if s.phase == "turn":
            self._snapshot(s)
            if s.paid is not None:
                s.buyers[seat][s.paid - 1][0] = False
                s.supply += 1
                data["paid_by"] = s.paid
                text += f", paid by buyer {s.paid}"
                s.paid = None
        s.market[hole], s.market[sq] = tile, None
        if s.undo is not None and s.undo == self._table(s):
            # The messenger went there and back: nothing to take back, the same position
            # as before the play (a bot recognises a position by what the table shows).
            s.undo = None
        ev = [Event("shift", text, seat, data=data)]
        if s.phase == "move":
            s.moves_left -= 1
            s.last_moved = hole
            ev += self._advance_pass(s)
        return ev

    def _snapshot(self, s: MarketState) -> None:
        """Remember the table at the start of a play, for a take-back by pass (when a
        tile moves; a shift that brings the table back to it forgets it again).

        Only before the play's first purchase: a purchase cannot be taken back (``pass``
        is refused, the play ends with ``end``), so it drops the snapshot for good. A
        snapshot taken after it would restore nothing a player can reach, and the saved
        game would not load (``from_dict`` rightly refuses a snapshot beside a purchase).
        """
        if s.undo is None and not s.purchases:
            s.undo = self._table(s)

    @staticmethod
    def _table(s: MarketState) -> dict[str, Any]:
        """What a take-back restores: the market, the own buyers' coins and the supply."""
        return {"market": list(s.market), "coins": [b[0] for b in s.buyers[s.turn]],
                "supply": s.supply}

    def _buy(self, s: MarketState, seat: int, b: int, colour: str, p: Purchase) -> list[Event]:
        names = self.geo.names
        buyer = s.buyers[seat][b - 1]
        s.vendors[colour] = p.to_vendor
        s.king[colour] += p.to_king
        if p.to_buyer:
            buyer[1] = colour
            buyer[2] += p.to_buyer
        if not p.keeps_coin:
            buyer[0] = False
            s.supply += 1
        s.purchases += 1
        s.undo = None
        who = player_name(seat)
        ev = [Event("buy", f"{who}'s buyer {b} buys {p.taken} {colour} from the vendor on "
                    f"{names[p.vendor]}", seat,
                    data={"buyer": b, "colour": colour, "vendor": names[p.vendor],
                          "taken": p.taken, "kept": p.to_buyer})]
        for sq, tile in p.acts:
            dest = "back to the vendor" if tile == "porter" else "to the king"
            ev.append(Event(tile, f"The {tile} on {names[sq]} carries a {colour} token {dest}",
                            seat, data={"square": names[sq], "colour": colour}))
        if p.keeps_coin:
            ev.append(Event("ambassador", f"The ambassador lets buyer {b} keep its coin", seat,
                            data={"buyer": b}))
        return ev

    def _pass(self, s: MarketState, seat: int) -> list[Event]:
        who = player_name(seat)
        ev = []
        if s.undo is not None:
            s.market = list(s.undo["market"])
            for buyer, coin in zip(s.buyers[seat], s.undo["coins"], strict=True):
                buyer[0] = coin
            s.supply = s.undo["supply"]
            s.undo = None
            ev.append(Event("take_back", f"{who} takes the play back: the market and coins "
                            "are as at the start of the turn", seat))
        ev.append(Event("pass", f"{who} passes", seat))
        if sum(s.bag.values()):
            rng = Rng(s.rng)
            drawn = draw(s.bag, self.draw_count, rng)
            s.rng = rng.state
            for c in drawn:
                s.vendors[c] += 1
            counts = {c: drawn.count(c) for c in COLOURS if c in drawn}
            listed = ", ".join(f"{k} {c}" for c, k in counts.items())
            ev.append(Event("draw", f"{who} draws {listed} for the vendors "
                            f"({sum(s.bag.values())} left in the bag)", seat,
                            data={"drawn": counts, "bag": sum(s.bag.values())},
                            barrier=True))
        else:
            ev.append(Event("no_draw", "The bag is empty: nothing to draw", seat))
        s.moves_left, s.last_moved = self.pass_moves, None
        s.coins_left, s.king_left = self.pass_coins, self.pass_king
        return ev + self._advance_pass(s)

    def _advance_pass(self, s: MarketState) -> list[Event]:
        """Go to the next decision of a pass, skipping steps with nothing to choose."""
        if s.moves_left:
            s.phase = "move"
            return []
        s.last_moved = None
        ev = []
        if s.coins_left:
            if s.supply and any(not b[0] for b in s.buyers[s.turn]):
                s.phase = "coin"
                return []
            reason = ("the money supply is empty" if not s.supply
                      else "every buyer already has a coin")
            ev.append(Event("no_coin", f"No coin for {player_name(s.turn)}: {reason}",
                            s.turn))
            s.coins_left = 0
        if s.king_left:
            if king_sources(s, self.geo.cross):
                s.phase = "king"
                return ev
            s.king_left = 0
        return ev + self._end_turn(s)

    def _end_turn(self, s: MarketState) -> list[Event]:
        s.purchases, s.paid, s.undo = 0, None, None
        s.moves_left, s.last_moved, s.coins_left, s.king_left = 0, None, 0, 0
        if s.turn == self.players - 1 and not sum(s.bag.values()):
            return self._finish(s)
        s.phase = "turn"
        s.turn = (s.turn + 1) % self.players
        if s.turn == 0:
            s.round += 1
        return [Event("turn", f"{player_name(s.turn)}'s turn", s.turn)]

    def _finish(self, s: MarketState) -> list[Event]:
        held = scoring.holdings(s.buyers)
        coins = [sum(b[0] for b in seat) for seat in s.buyers]
        s.phase = "over"
        s.winners = scoring.winners(held, s.king, coins, self.teams)
        points = scoring.scores(held, s.king, self.teams)
        names = ", ".join(player_name(w) for w in s.winners)
        table = "; ".join(" + ".join(player_name(m) for m in t) + f" {points[t[0]]}"
                          for t in self.teams)
        return [Event("game_over", f"The bag is empty and the round is over. {table}. "
                      f"Winner: {names}", data={"scores": points, "winners": list(s.winners)})]
