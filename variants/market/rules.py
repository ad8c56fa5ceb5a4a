"""The Market of Tlatelolco's rules: the facade the program talks to.

The rules object is immutable after construction: it builds the :class:`MarketTable` (what
the parameters fix) and dispatches to the helpers, which take the table and the state
and know nothing of this facade. All play data lives in a :class:`MarketState`.
``apply`` parses an action, asks ``verbs.verdict`` for a reason to refuse it (the phase's
gate, then the verb's check; the same predicates build ``legal``'s actions), and only
then calls the verb's ``do`` from :data:`~variants.market.verbs.VERBS`, which changes the
state. Chance (the bag, the random market) comes from the generator stored in the state,
so a seed and a log replay a game exactly.

The rules inherit their facets: the computer players' hooks from
:class:`~variants.market.bot.MarketBot` and what people are shown from
:class:`~variants.market.present.MarketPresentation`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.core.engine import GameType, Rules
from game.core.errors import ConfigIssue, IllegalAction
from game.core.events import Event
from game.core.rng import Rng, mix_seed
from game.core.schema import Context, Obj
from game.i18n import Msg, Text
from game.i18n.message import reason
from game.kit.sampling import SampledViews
from game.kit.verbs import dispatch
from variants.market import legal, scoring
from variants.market.bot import MarketBot
from variants.market.mechanics import Purchase, draw, king_sources
from variants.market.notation import canonical
from variants.market.params import (
    COLOURS,
    PARAMETERS,
    TILE_NAMES,
    check_market_params,
    check_market_players,
)
from variants.market.present import MarketPresentation
from variants.market.state import Buyer, MarketState
from variants.market.table import MarketTable
from variants.market.text import player_name
from variants.market.verbs import VERBS, after_market, verdict

__all__ = ["MarketRules", "player_name"]


class MarketRules(Rules[MarketState], MarketBot, MarketPresentation):
    """The Market's rules, with the computer players' hooks (``bot``) and what people
    are shown (``present``) as its facets."""

    engine_id: ClassVar[str] = "tlatelolco-market"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: int = 5_000
    #: commodities are drawn from a bag nobody sees into, after some were removed unseen
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded")

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        #: what the parameters fix: the geometry, the seats' sides, lines and teams, the
        #: state's JSON form; the helpers, the views and the tests read it here
        t = self.table = MarketTable.build(params, players)
        # The rules' own parts, besides their table: the contract's answers that callers
        # knowing no game read of any rules object (the results screen the teams, the
        # conformance kit, saves and the bots the playout bound), and the bots' working
        # memory, which changes as they sample.
        #: the contract's ``Rules.teams``: the table's own list, not a copy
        self.teams = t.teams
        # A safe bound for the playout policy, which makes progress every play (see
        # variants.market.policy): plays <= tokens, passes with a draw <= tokens / draw.
        tokens = sum(params["commodities"].values())
        turns = tokens + -(-tokens // t.draw_count) + 2 * players
        per_turn = max(3, 1 + t.pass_moves + t.pass_coins + t.pass_king)
        setup = t.geo.size + players * t.start_coins
        self.playout_limit = max(type(self).playout_limit, 4 * (setup + turns * per_turn))
        #: the bots' samples of one view share its state (``game.kit.sampling``)
        self.sampled_views: SampledViews[MarketState] = SampledViews(t.codec.trusted,
                                                                     t.codec.copy)

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
        s.market = [None] * self.table.geo.size
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
        s.buyers = [[Buyer(False, None, 0)] * self.table.n for _ in range(self.players)]
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

        return vocabulary(self.table.geo)

    def current_player(self, state: MarketState) -> int | None:
        return None if state.phase == "over" else state.turn

    def is_over(self, state: MarketState) -> bool:
        return state.phase == "over"

    def scores(self, state: MarketState) -> list[int]:
        return scoring.scores(scoring.holdings(state.buyers), state.king, self.table.teams)

    def winners(self, state: MarketState) -> list[int]:
        return list(state.winners)

    def to_dict(self, state: MarketState) -> dict[str, Any]:
        return self.table.codec.dump(state)

    def from_dict(self, data: dict[str, Any]) -> MarketState:
        if isinstance(data, dict) and data.get("undo") is not None and data.get("purchases"):
            # States written before issue 12 was fixed hold a snapshot taken by a tile
            # move after a purchase. It can never be used (a purchase cannot be taken
            # back), so such a state reads as the game it is, without it.
            data = {**data, "undo": None}
        s = self.table.codec.load(data)
        if s.phase == "king" and not king_sources(s, self.table.geo.cross):
            raise ValueError("a pass waits for the king but no vendor can give him a token")
        return s

    def clone(self, state: MarketState) -> MarketState:
        return self.table.codec.copy(state)

    def view(self, state: MarketState, seat: int | None) -> dict[str, Any]:
        data = self.to_dict(state)
        data.pop("rng")
        data["bag"] = {"hidden": sum(state.bag.values())}
        data["removed"] = {"hidden": sum(state.removed.values())}
        data["sides"] = list(self.table.sides)
        data["teams"] = [list(t) for t in self.table.teams]
        return data

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
    # apply: parse, check, the verb's handler
    # =====================================================================================
    def _accept(self, state: MarketState, action: str) -> tuple[str, tuple[Any, ...],
                                                                Purchase | None]:
        """(verb, args, the purchase if it is one) when ``apply`` takes ``action`` now;
        else IllegalAction with the reason."""
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a line of text, not {type(action).__name__}")
        verb, args = self.table.parsed(action)
        checked = verdict(self.table, state, verb, args)
        if isinstance(checked, Msg):
            raise IllegalAction(checked)
        return verb, args, checked

    def apply(self, state: MarketState, action: str) -> tuple[str, list[Event]]:
        verb, args, purchase = self._accept(state, action)
        events = dispatch(VERBS, verb).do(self.table, state, (args, purchase))
        return canonical(verb, args, self.table.geo), events

    def why_not(self, state: MarketState, action: str) -> Text | None:
        """The same check as ``apply``'s, without a copy of the state."""
        try:
            self._accept(state, action)
        except IllegalAction as exc:
            return reason(exc)
        return None
