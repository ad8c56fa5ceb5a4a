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

from typing import Any, ClassVar

from game.core.engine import GameType, Rules
from game.core.errors import ConfigIssue
from game.core.events import Event
from game.core.rng import Rng, mix_seed
from game.core.schema import Context, Obj
from game.i18n import Text
from variants.mexica.bot import MexicaBot
from variants.mexica.legal import legal_actions
from variants.mexica.params import PARAMETERS, check_mexica_params
from variants.mexica.present import MexicaPresentation
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable, current_player
from variants.mexica.verbs import play, refusal


class MexicaRules(Rules[MexicaState], MexicaBot, MexicaPresentation):
    """The facade: the protocol of :class:`Rules`, with the bots' hooks
    (``variants.mexica.bot``) and the screens' (``variants.mexica.present``)."""

    engine_id: ClassVar[str] = "mexica"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: int = 20_000
    #: the calpulli tokens are drawn at random and period 2's lie face down for everyone
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded")
    #: the table these rules build from their parameters (a rule variant's extends it)
    table_type: ClassVar[type[MexicaTable]] = MexicaTable

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        #: what the parameters fix: the board, the costs, the state's JSON form; the
        #: parts of the rules, the views and the tests read it here
        self.table = self.table_type.from_params(params, players)

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        check_mexica_params(params, ctx)

    def action_vocabulary(self) -> list[str]:
        from variants.mexica.notation import vocabulary

        return vocabulary(self.table)

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

    def view(self, state: MexicaState, seat: int | None) -> dict[str, Any]:
        data = self.to_dict(state)
        data.pop("rng")
        data["hidden"] = {"hidden": len(state.hidden)}  # period-2 tokens lie face down
        return data

    # -- apply: parse, check, carry out (``variants.mexica.verbs``) -------------------------
    def apply(self, state: MexicaState, action: str) -> tuple[str, list[Event]]:
        return play(self.table, state, action)

    def why_not(self, state: MexicaState, action: str) -> Text | None:
        return refusal(self.table, state, action)
