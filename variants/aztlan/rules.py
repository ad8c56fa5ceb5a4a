"""Aztlán's rules: the ages and their four phases, the cards, the end of the game.

The rules object is immutable after construction; all play data lives in an
:class:`AztlanState`. ``apply`` parses an action and looks its verb up in
``verbs.VERBS``: the verb's check refuses it unless ``legal_actions`` lists its canonical
form (so the two can never disagree) and says why, and only then does the verb's handler
change the state. After every action ``mechanics.settle`` runs the automatic steps (ties,
removals, scorings without a decision, the next age) until some seat must decide.

Chance (the first stacking order, the prosperity deck) comes from the generator kept in
the state, so a seed and a log replay a game exactly.

This module is the facade only: what the parameters fix and the small queries live in
:class:`~variants.aztlan.table.AztlanTable`, the legal lists in ``legal``, and every
helper takes ``(table, state)``, so none of them imports the facade.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.core.engine import GameType, Rules
from game.core.errors import ConfigIssue, IllegalAction
from game.core.events import Event
from game.core.rng import Rng, mix_seed
from game.core.schema import Context, Obj
from game.i18n import Text
from game.i18n.message import reason
from game.kit.verbs import dispatch
from variants.aztlan import cards as C
from variants.aztlan.bot import AztlanBot
from variants.aztlan.legal import legal_actions
from variants.aztlan.mechanics import settle, start_age
from variants.aztlan.notation import Action
from variants.aztlan.params import (
    PARAMETERS,
    check_aztlan_params,
    check_aztlan_players,
)
from variants.aztlan.present import AztlanPresentation
from variants.aztlan.state import AztlanState
from variants.aztlan.table import AztlanTable
from variants.aztlan.text import _
from variants.aztlan.verbs import VERBS
from variants.aztlan.words import player_name

__all__ = ["AztlanRules", "player_name"]


class AztlanRules(Rules[AztlanState], AztlanBot, AztlanPresentation):
    """The facade: the rules proper here, the computer players' hooks in ``bot``, what
    people are shown in ``present`` (the facets of ``game.core.facets``)."""

    engine_id: ClassVar[str] = "aztlan"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: int = 5_000
    #: a shuffled deck, and secret choices and hands (power cards, prosperity cards): the
    #: client passes a shared screen to the decider before a secret decision (choosing a
    #: power card: ``secret_decision``)
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded", private=True)

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        #: what the parameters fix (``variants.aztlan.table``): the island, the cards, the
        #: armies, the state's JSON form; the helpers, the views and the tests read it here
        self.table = AztlanTable(params, players)

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        check_aztlan_params(params, ctx)

    @classmethod
    def check_players(cls, params: dict[str, Any], players: int) -> list[ConfigIssue]:
        return check_aztlan_players(params, players)

    # =====================================================================================
    # setup
    # =====================================================================================
    def new_state(self, seed: int) -> AztlanState:
        n, t = self.players, self.table
        rng = Rng(mix_seed(seed, "aztlan"))
        s = AztlanState()
        s.ranking = list(range(n))
        rng.shuffle(s.ranking)  # the first stacking order of the score counters
        s.scores = [0] * n
        s.control = list(range(n))
        s.hands = [list(t.cards.strengths) for _ in range(n)]
        s.chosen = [None] * n
        s.used = [[] for _ in range(n)]
        s.prosperity = [[] for _ in range(n)]
        s.deck = list(t.cards.deck)
        rng.shuffle(s.deck)
        s.board = [[0] * t.armies for _ in range(t.island.size)]
        s.reserve = list(t.army_pawns)
        s.supply = [0] * t.armies
        s.removed = [0] * t.armies
        s.rng = rng.state
        start_age(t, s, [])
        return s

    # =====================================================================================
    # protocol
    # =====================================================================================
    def action_vocabulary(self) -> list[str]:
        from variants.aztlan.notation import vocabulary

        return vocabulary(self.table.island, self.table.types, self.table.cards.strengths)

    def current_player(self, state: AztlanState) -> int | None:
        return self.table.current_player(state)

    def legal_actions(self, state: AztlanState) -> list[str]:
        return legal_actions(self.table, state)

    def turn_seat(self, state: AztlanState) -> int | None:
        """The seat whose turn it is in the score order (``state.turn`` is a position)."""
        return None if state.phase == "over" else state.order[state.turn]

    def secret_decision(self, state: AztlanState) -> bool:
        """Choosing a power card: the only decision made with the decider's secrets in
        view (the hand of power cards, face down until the reveal). Every other decision
        is made over the board: placing, moving, battle or coexistence, Sacred Games or
        Great Tlatoani (asked only of a holder, so the question is public) and scoring.
        A prosperity card the decider may play there stays hidden until its holder asks
        for it (the client's peek key shows their own cards, and a card is played from
        there): once played it is public, so no card play needs the screen to itself."""
        return state.phase == "choose" and self.current_player(state) is not None

    def secret_play(self, state: AztlanState, action: str) -> bool:
        """Eagle & Jaguar, a blessing, Rafts and Canoes: each plays a card of the hidden
        hand, so the client offers it only once its holder asks to see their cards."""
        return action.split(" ", 1)[0] in C.SECRET_PLAYS

    def is_over(self, state: AztlanState) -> bool:
        return state.phase == "over"

    def scores(self, state: AztlanState) -> list[int]:
        return list(state.scores)

    def winners(self, state: AztlanState) -> list[int]:
        return list(state.winners)

    def to_dict(self, state: AztlanState) -> dict[str, Any]:
        return self.table.codec.dump(state)

    def from_dict(self, data: dict[str, Any]) -> AztlanState:
        return self.table.codec.load(data)

    def clone(self, state: AztlanState) -> AztlanState:
        return self.table.codec.copy(state)

    def view(self, state: AztlanState, seat: int | None) -> dict[str, Any]:
        data = self.to_dict(state)
        data.pop("rng")
        data["deck"] = {"hidden": len(state.deck)}
        data["prosperity"] = [list(h) if i == seat else {"hidden": len(h)}
                              for i, h in enumerate(state.prosperity)]
        if not state.revealed:
            for i, card in enumerate(state.chosen):
                if i != seat and card is not None:
                    # Another player's hand shows every card not yet face up, so that the
                    # hand does not give the chosen card away.
                    data["chosen"][i] = {"hidden": 1}
                    data["hands"][i] = [c for c in self.table.cards.strengths
                                        if c not in state.used[i]]
        return data

    def redact(self, action: str, actor: int | None, seat: int | None) -> str:
        if action.split()[:1] == ["choose"] and (seat is None or seat != actor):
            return "choose ?"
        return action

    # =====================================================================================
    # apply: parse, then the verb's check and handler (``verbs.VERBS``)
    # =====================================================================================
    def _accept(self, state: AztlanState, action: str) -> Action:
        """The parsed action if ``apply`` takes it now; else IllegalAction with a reason."""
        if not isinstance(action, str):
            raise IllegalAction(_("an action is a line of text, not {kind}",
                                  kind=type(action).__name__))
        if state.phase == "over":
            raise IllegalAction(_("the game is over"))
        a = self.table.parsed(action)
        why = dispatch(VERBS, a.verb).check(self.table, state, a)
        if why is not None:
            raise IllegalAction(why)
        return a

    def apply(self, state: AztlanState, action: str) -> tuple[str, list[Event]]:
        a = self._accept(state, action)
        ev: list[Event] = dispatch(VERBS, a.verb).do(self.table, state, a)
        settle(self.table, state, ev)
        return a.text, ev

    def why_not(self, state: AztlanState, action: str) -> Text | None:
        """The legal list decides, as in ``apply``; no copy of the state is needed."""
        try:
            self._accept(state, action)
        except IllegalAction as exc:
            return reason(exc)
        return None

