"""Mexica's rules facade: setup and the protocol, each answered by the part that knows.

The rules object is immutable after construction; all play data lives in a
:class:`MexicaState`, and what the variant's numbers say lives in its
:class:`MexicaTable`. ``apply`` parses an action into a verb and its words and runs the
verb's check and then its handler (``variants.mexica.verbs``), so an illegal action
leaves the state exactly as it was; ``why_not`` is the check alone. The legal moves are
``variants.mexica.legal``'s, the scorings ``variants.mexica.scoring``'s; each part is
handed the table and the state, never these rules.

Rule variants (the two-player neutral temples) extend the table (``table_type``, with
the scorings' hooks ``district_levels``, ``rank`` and ``award``) and override
``setup_extra`` here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any, ClassVar

from game.core.engine import GameType, Rules
from game.core.errors import ConfigIssue, IllegalAction
from game.core.events import Event
from game.core.rng import Rng, mix_seed
from game.core.schema import Context, Obj
from game.i18n import Msg, Text
from variants.mexica import facts
from variants.mexica.ai import MexicaAIMixin
from variants.mexica.geometry import first_round
from variants.mexica.legal import legal_actions
from variants.mexica.params import PARAMETERS, check_mexica_params
from variants.mexica.scoring import score_period
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable, current_player, deciding
from variants.mexica.text import _, ap
from variants.mexica.verbs import ACTIONS, TURN_STEPS, check, parse, play, refusal, sentence


class MexicaRules(Rules[MexicaState], MexicaAIMixin):
    engine_id: ClassVar[str] = "mexica"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: int = 20_000
    #: the calpulli tokens are drawn at random and period 2's lie face down for everyone
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded")
    #: the table these rules build from their parameters (a rule variant's extends it)
    table_type: ClassVar[type[MexicaTable]] = MexicaTable

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        self.table = table = self.table_type.from_params(params, players)
        #: what the views and the tests read of the rules: the table's board and costs
        self.board = table.board
        self.token_info = table.token_info
        self.c_canal, self.c_bridge, self.c_relocate = (table.c_canal, table.c_bridge,
                                                        table.c_relocate)
        self.c_step, self.c_teleport = table.c_step, table.c_teleport
        self.c_take, self.c_level = table.c_take, table.c_level
        self.ap_per_turn = table.ap_per_turn
        self.codec = table.codec

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        check_mexica_params(params, ctx)

    def action_vocabulary(self) -> list[str]:
        from variants.mexica.vocabulary import vocabulary

        return vocabulary(self)

    @classmethod
    def check_players(cls, params: dict[str, Any], players: int) -> list[ConfigIssue]:
        starts = "".join(params["board"]).count("S")
        if starts < players:
            return [ConfigIssue(None, "board", f"{players} players need {players} palace "
                                f"start spaces; this board has {starts}")]
        return []

    # =====================================================================================
    # setup
    # =====================================================================================
    def new_state(self, seed: int) -> MexicaState:
        p = self.params
        b = self.table.board
        s = MexicaState()
        rng = Rng(mix_seed(seed, "mexica"))
        n = self.players
        s.pilli = [None] * n
        s.hands = [sorted(p["temples"]["period1"]) for _ in range(n)]
        s.reserve = [sorted(p["temples"]["period2"]) for _ in range(n)]
        comps = p["components"]
        s.supply = {"single": comps["canal_single"], "double": comps["canal_double"],
                    "bridges": comps["bridges"], "ap_tokens": comps["ap_tokens"]}
        s.tiles = []
        for tile in b.precanal_tiles:
            s.tiles.append(tile)
            s.supply["double" if len(tile) == 2 else "single"] -= 1
        if p["calpulli"] is not None:
            s.display = sorted(p["calpulli"]["period1"])
            s.hidden = sorted(p["calpulli"]["period2"])
        else:
            box = [t["size"] for t in p["calpulli_tokens"] for _ in range(t["count"])]
            rng.shuffle(box)
            k = p["calpulli_draw"]
            s.display, s.hidden = sorted(box[:k]), sorted(box[k:])
        s.ap_tokens = [0] * n
        s.scores = [0] * n
        s.rebuild(b)
        self.setup_extra(s, rng)
        s.rng = rng.state
        s.phase = "start"
        s.turn = 0
        return s

    # -- hooks for rule variants ----------------------------------------------------------
    def setup_extra(self, state: MexicaState, rng: Rng) -> None:
        """Hook: extra setup before the starting placement (neutral temples)."""

    # =====================================================================================
    # protocol
    # =====================================================================================
    def player_aid(self) -> dict[str, Any]:
        from variants.mexica.aid import player_aid

        return player_aid(self.params)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.mexica.device import device_panel

        return device_panel(view, seat)

    def device_plans(self, state: MexicaState, seat: int) -> list[dict[str, Any]]:
        from variants.mexica.plans import walk_plans

        return walk_plans(self, state, seat)

    def forgoes(self, state: MexicaState, action: str) -> Text:
        """Ending the turn with action points left loses them."""
        if action.split() == ["end"] and state.phase != "over" and state.ap > 0:
            return _("{left} left", left=ap(state.ap))
        return ""

    # -- the state, whose decision it is, what is legal ----------------------------------
    def to_dict(self, state: MexicaState) -> dict[str, Any]:
        return self.table.codec.dump(state)

    def from_dict(self, data: dict[str, Any]) -> MexicaState:
        return self.table.load(data)

    def clone(self, state: MexicaState) -> MexicaState:
        return self.table.codec.copy(state)

    def current_player(self, state: MexicaState) -> int | None:
        return current_player(self.table, state)

    def legal_actions(self, state: MexicaState) -> list[str]:
        return legal_actions(self.table, state)

    def turn_seat(self, state: MexicaState) -> int | None:
        """During a removal vote the proposer still holds the turn."""
        return None if state.phase == "over" else state.turn

    def is_over(self, state: MexicaState) -> bool:
        return state.phase == "over"

    def scores(self, state: MexicaState) -> list[int]:
        return list(state.scores)

    def winners(self, state: MexicaState) -> list[int]:
        return list(state.winners)

    def game_facts(self, state: MexicaState, events: Sequence[Any]) -> list[Any]:
        return facts.game_facts(events)

    def tie_break(self, state: MexicaState) -> Text:
        """"Tied on 60 points: decided by AP tokens left" when the tie-breaker chose."""
        top = max(state.scores, default=0)
        tied = [seat for seat, score in enumerate(state.scores) if score == top]
        if len(tied) < 2 or set(tied) <= set(state.winners):
            return ""
        return _.n("Tied on {n} point: decided by AP tokens left",
                   "Tied on {n} points: decided by AP tokens left", n=top)

    def view(self, state: MexicaState, seat: int | None) -> dict[str, Any]:
        data = self.to_dict(state)
        data.pop("rng")
        data["hidden"] = {"hidden": len(state.hidden)}  # period-2 tokens lie face down
        return data

    # =====================================================================================
    # apply: parse, check, carry out
    # =====================================================================================
    def explain(self, view: MexicaState, seat: int, action: str,
                then: Sequence[str] = ()) -> Msg | None:
        from variants.mexica.explain import explain

        return explain(self, view, seat, [action, *then])

    def describe_action(self, state: MexicaState, action: str) -> Text:
        """The action in the player's words with its cost ("Player 1 builds a 2-level
        temple on k3: 2 AP"), from its checked plan; an action the rules refuse here
        keeps its notation."""
        t = self.table
        try:
            verb, args = parse(action)
            _canonical, plan = check(t, state, verb, args)
        except IllegalAction:
            return action
        return sentence(t, state, deciding(t, state), verb, plan)

    def apply(self, state: MexicaState, action: str) -> tuple[str, list[Event]]:
        return play(self.table, state, action)

    def progresses(self, action: str) -> bool:
        """Every Mexica action but a free walk leads past every earlier position.

        Every view shows, in this order of weight: the period, the Pilli placed, the
        round, whose turn it is, the AP tokens taken this turn, the tokens the player in
        turn holds (fewer is further), the pieces on the board, the AP left (fewer is
        further) and the removal votes of the turn (proposals, answers and the votes'
        ends, counted).
        Nothing any action does takes that sequence back (a period starts at round 1 but
        is a later period; the pieces on the board only ever grow, a relocated bridge
        is moved, not removed), and each action moves it forward: a start places a
        Pilli, ``end`` passes the turn, ``take`` and ``spend`` change the tokens, a
        canal, bridge, temple or calpulli token is a piece more, a proposal, an answer and
        a vote's end move the votes on, and a step, boat, teleport or relocation costs
        AP. Only when the variant makes one of those four free can it come back (there and
        back again): it is then not marked.
        """
        words = action.split(None, 1)
        if not words:
            return False
        verb = words[0].lower()
        if verb in self._travel_costs:
            return self._travel_costs[verb] > 0
        return verb in ACTIONS or verb in TURN_STEPS

    @cached_property
    def _travel_costs(self) -> dict[str, int]:
        """The verbs that only move a piece, and what each costs at least."""
        t = self.table
        return {"move": t.c_step, "boat": t.c_boat, "teleport": t.c_teleport,
                "relocate": t.c_relocate}

    def why_not(self, state: MexicaState, action: str) -> Text | None:
        return refusal(self.table, state, action)

    # -- asked by the tests of the rules' parts -------------------------------------------
    def _first_round(self, s: MexicaState) -> bool:
        return first_round(self.table, s)

    def _score_period(self, s: MexicaState) -> list[Event]:
        return score_period(self.table, s)
