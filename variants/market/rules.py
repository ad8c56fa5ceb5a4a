"""The Market of Tlatelolco's rules: setup, the pass, the play, the end and scoring.

The rules object is immutable after construction: it builds the :class:`MarketTable` (what
the parameters fix) and dispatches to the helpers, which take the table and the state
and know nothing of this facade. All play data lives in a :class:`MarketState`.
``apply`` parses an action, asks the phase's check in ``refusals`` for a reason to refuse
it (the same predicates build ``legal``'s actions), and only then calls the verb's handler
from the table in ``handlers``, which changes the state. Chance
(the bag, the random market) comes from the generator stored in the state, so a seed and
a log replay a game exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from game.core.engine import GameType, Rules
from game.core.errors import ConfigIssue, IllegalAction
from game.core.events import Event
from game.core.notation import KeptParses
from game.core.rng import Rng, mix_seed
from game.core.schema import Context, Obj
from game.i18n import Msg, Seat, Text
from game.i18n.message import Value, reason
from game.kit.sampling import SampledViews
from variants.market import ai, facts, legal, scoring
from variants.market.handlers import HANDLERS, after_market, player_name
from variants.market.mechanics import Purchase, draw, king_sources
from variants.market.notation import canonical, parse
from variants.market.params import (
    COLOURS,
    PARAMETERS,
    TILE_NAMES,
    check_market_params,
    check_market_players,
)
from variants.market.policy import playout_choice
from variants.market.refusals import verdict
from variants.market.state import Buyer, MarketState, state_codec
from variants.market.table import MarketTable
from variants.market.text import _, colour_of, tile_of

__all__ = ["MarketRules", "player_name"]


class MarketRules(Rules):
    engine_id: ClassVar[str] = "tlatelolco-market"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: int = 5_000
    #: commodities are drawn from a bag nobody sees into, after some were removed unseen
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded")
    evaluation_scale: ClassVar[float] = ai.EVALUATION_SCALE

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        t = self.table = MarketTable.build(params, players)
        #: the bots' samples of one view share its state (``game.kit.sampling``)
        self.sampled_views: SampledViews[MarketState] = SampledViews(self.from_own_dict,
                                                                     self.clone)
        #: the table's data the views read from the rules
        self.geo, self.n, self.sides, self.teams = t.geo, t.n, t.sides, t.teams
        self.lines, self.line_names = t.lines, t.line_names
        #: what action texts parse to on this market (``game.core.notation.KeptParses``)
        self.parsed = KeptParses(lambda text: parse(text, t.geo))
        # A safe bound for the playout policy, which makes progress every play (see
        # variants.market.policy): plays <= tokens, passes with a draw <= tokens / draw.
        tokens = sum(params["commodities"].values())
        turns = tokens + -(-tokens // t.draw_count) + 2 * players
        per_turn = max(3, 1 + t.pass_moves + t.pass_coins + t.pass_king)
        setup = t.geo.size + players * t.start_coins
        self.playout_limit = max(type(self).playout_limit, 4 * (setup + turns * per_turn))
        self.codec = state_codec(t.geo, params, players)

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
        s.buyers = [[Buyer(False, None, 0)] * self.n for _ in range(self.players)]
        if p["random_market"]:
            layout: list[str | None] = [t for t in TILE_NAMES for _ in range(p["tiles"][t])]
            layout.append(None)
            rng.shuffle(layout)
            s.market = layout
            after_market(self.table, s)
        s.rng = rng.state
        return s

    # =====================================================================================
    # protocol
    # =====================================================================================
    def action_vocabulary(self) -> list[str]:
        from variants.market.notation import vocabulary

        return vocabulary(self.geo)

    def current_player(self, state: MarketState) -> int | None:
        return None if state.phase == "over" else state.turn

    def forgoes(self, state: MarketState, action: str) -> Text:
        """Ending the play while buyers could still buy gives those purchases up."""
        if action.split() != ["end"] or state.phase != "turn":
            return ""
        buyers = {b for b, _ in self.purchases(state)}
        return _.n("{n} buyer could still buy", "{n} buyers could still buy",
                   n=len(buyers)) if buyers else ""

    def player_aid(self) -> dict[str, Any]:
        from variants.market.aid import player_aid

        return player_aid(self.params, self.players)

    def is_over(self, state: MarketState) -> bool:
        return state.phase == "over"

    def scores(self, state: MarketState) -> list[int]:
        return scoring.scores(scoring.holdings(state.buyers), state.king, self.teams)

    def winners(self, state: MarketState) -> list[int]:
        return list(state.winners)

    def game_facts(self, state: MarketState, events: Sequence[Any]) -> list[Any]:
        return facts.game_facts(state.king, events)

    def tie_break(self, state: MarketState) -> Text:
        return scoring.tie_break(scoring.holdings(state.buyers), state.king,
                                 [sum(b.coin for b in seat) for seat in state.buyers],
                                 self.teams, state.winners)

    def to_dict(self, state: MarketState) -> dict[str, Any]:
        return self.codec.dump(state)

    def from_dict(self, data: dict[str, Any]) -> MarketState:
        if isinstance(data, dict) and data.get("undo") is not None and data.get("purchases"):
            # States written before issue 12 was fixed hold a snapshot taken by a tile
            # move after a purchase. It can never be used (a purchase cannot be taken
            # back), so such a state reads as the game it is, without it.
            data = {**data, "undo": None}
        s = self.codec.load(data)
        if s.phase == "king" and not king_sources(s, self.geo.cross):
            raise ValueError("a pass waits for the king but no vendor can give him a token")
        return s

    def from_own_dict(self, data: dict[str, Any]) -> MarketState:
        """``from_dict`` of a JSON form these rules wrote (a view the bots sample from),
        without checking it again (``StateCodec.trusted``)."""
        return self.codec.trusted(data)

    def clone(self, state: MarketState) -> MarketState:
        return self.codec.copy(state)

    def view(self, state: MarketState, seat: int | None) -> dict[str, Any]:
        data = self.to_dict(state)
        data.pop("rng")
        data["bag"] = {"hidden": sum(state.bag.values())}
        data["removed"] = {"hidden": sum(state.removed.values())}
        data["sides"] = list(self.sides)
        data["teams"] = [list(t) for t in self.teams]
        return data

    def playout_action(self, state: MarketState, rng: Rng) -> str:
        return playout_choice(self.table, state, rng)

    # -- the computer players' hooks (variants.market.ai) ----------------------------------
    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> MarketState:
        return ai.determinize(self.table, self.sampled_views, view, seat, rng)

    def evaluate(self, view: MarketState, seat: int,
                 weights: Mapping[str, float] | None = None) -> float:
        return ai.evaluate(self.table, view, seat)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.market.device import device_panel

        return device_panel(view, seat)

    def describe_action(self, state: MarketState, action: str) -> Text:
        try:
            verb, args = parse(action, self.geo)
        except IllegalAction:
            return action
        first: Any = args[0] if args else None
        if verb == "king" and first is None:
            verb = "king skip"
        said = DESCRIPTIONS[verb]
        values: dict[str, Value] = {"player": Seat(state.turn)}
        if verb in ("place", "shift", "king"):
            values["square"] = self.geo.names[first]
        if verb in ("coin", "buy", "pay"):
            values["buyer"] = first
        if verb in ("place", "shift"):
            values["tile"] = tile_of(args[1] if verb == "place" else state.market[first])
        if verb == "buy":
            values["colour"] = colour_of(args[1])
        return replace(said, values=values)

    # =====================================================================================
    # legal actions
    # =====================================================================================
    def legal_actions(self, state: MarketState) -> list[str]:
        return legal.legal_actions(self.table, state)

    def purchases(self, s: MarketState) -> list[tuple[int, str]]:
        """(buyer number, colour) of every purchase the player to move may make now."""
        return legal.purchases(self.table, s)

    def tiles_left(self, s: MarketState) -> dict[str, int]:
        return legal.tiles_left(self.table, s)

    def check_buy(self, s: MarketState, buyer: int, colour: str) -> Purchase | Msg:
        return legal.check_buy(self.table, s, buyer, colour)

    # =====================================================================================
    # apply: parse, check, one handler per verb
    # =====================================================================================
    def _accept(self, state: MarketState, action: str) -> tuple[str, tuple[Any, ...],
                                                                Purchase | None]:
        """(verb, args, the purchase if it is one) when ``apply`` takes ``action`` now;
        else IllegalAction with the reason."""
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a line of text, not {type(action).__name__}")
        verb, args = self.parsed(action)
        checked = verdict(self.table, state, verb, args)
        if isinstance(checked, Msg):
            raise IllegalAction(checked)
        return verb, args, checked

    def apply(self, state: MarketState, action: str) -> tuple[str, list[Event]]:
        verb, args, purchase = self._accept(state, action)
        events = HANDLERS[verb](self.table, state, state.turn, args, purchase)
        return canonical(verb, args, self.geo), events

    def why_not(self, state: MarketState, action: str) -> Text | None:
        """The same check as ``apply``'s, without a copy of the state."""
        try:
            self._accept(state, action)
        except IllegalAction as exc:
            return reason(exc)
        return None


#: verb -> the log's sentence: ``player`` acts, ``square`` is the action's square,
#: ``buyer`` its buyer, ``tile`` the tile placed or shifted, ``colour`` the vendor's
DESCRIPTIONS: dict[str, Msg] = {
    "place": _("{player} places the {tile} on {square}",
               you="You place the {tile} on {square}"),
    "coin": _("{player} puts a coin on buyer {buyer}", you="You put a coin on buyer {buyer}"),
    "shift": _("{player} moves the {tile} from {square} into the hole",
               you="You move the {tile} from {square} into the hole"),
    "buy": _("{player}'s buyer {buyer} buys from the {colour} vendor",
             you="Your buyer {buyer} buys from the {colour} vendor"),
    "pay": _("{player} pays for a tile move with buyer {buyer}'s coin",
             you="You pay for a tile move with buyer {buyer}'s coin"),
    "pass": _("{player} passes", you="You pass"),
    "king": _("{player} gives the king a token from the vendor on {square}",
              you="You give the king a token from the vendor on {square}"),
    "king skip": _("{player} leaves the king as he is", you="You leave the king as he is"),
    "end": _("{player} ends the play", you="You end the play"),
}
