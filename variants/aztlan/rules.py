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

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from game.core.engine import GameType, Rules
from game.core.errors import ConfigIssue, IllegalAction
from game.core.events import Event
from game.core.rng import Rng, mix_seed
from game.core.schema import Context, Obj
from game.i18n import Text
from game.i18n.message import reason
from game.kit.verbs import dispatch
from variants.aztlan import ai, facts
from variants.aztlan import cards as C
from variants.aztlan.legal import legal_actions
from variants.aztlan.mechanics import settle, start_age
from variants.aztlan.notation import Action, parse
from variants.aztlan.params import (
    PARAMETERS,
    check_aztlan_params,
    check_aztlan_players,
)
from variants.aztlan.playout import greedy_playout_action, playout_action
from variants.aztlan.state import AztlanState
from variants.aztlan.table import AztlanTable
from variants.aztlan.text import _
from variants.aztlan.verbs import VERBS, actor
from variants.aztlan.words import player_name

__all__ = ["AztlanRules", "player_name"]


class AztlanRules(Rules):
    engine_id: ClassVar[str] = "aztlan"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: int = 5_000
    #: a shuffled deck, and secret choices and hands (power cards, prosperity cards): the
    #: client passes a shared screen to the decider before a secret decision (choosing a
    #: power card: ``secret_decision``)
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded", private=True)
    evaluation_scale: ClassVar[float] = ai.EVALUATION_SCALE

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        #: what the parameters fix, which the helpers read (``variants.aztlan.table``)
        self.table = table = AztlanTable(params, players)
        self.island = table.island
        self.cards = table.cards
        self.types = table.types
        self.type_names = table.type_names
        self.ages = table.ages
        self.bonus = table.bonus
        self.factions = table.factions
        self.army_names = table.army_names
        self.army_pawns = table.army_pawns
        self.armies = table.armies
        self.codec = table.codec

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
        n = self.players
        rng = Rng(mix_seed(seed, "aztlan"))
        s = AztlanState()
        s.ranking = list(range(n))
        rng.shuffle(s.ranking)  # the first stacking order of the score counters
        s.scores = [0] * n
        s.control = list(range(n))
        s.hands = [list(self.cards.strengths) for _ in range(n)]
        s.chosen = [None] * n
        s.used = [[] for _ in range(n)]
        s.prosperity = [[] for _ in range(n)]
        s.deck = list(self.cards.deck)
        rng.shuffle(s.deck)
        s.board = [[0] * self.armies for _ in range(self.island.size)]
        s.reserve = list(self.army_pawns)
        s.supply = [0] * self.armies
        s.removed = [0] * self.armies
        s.rng = rng.state
        start_age(self.table, s, [])
        return s

    # =====================================================================================
    # protocol
    # =====================================================================================
    def action_vocabulary(self) -> list[str]:
        from variants.aztlan.notation import vocabulary

        return vocabulary(self.island, self.types, self.cards.strengths)

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

    def player_aid(self) -> dict[str, Any]:
        from variants.aztlan.aid import player_aid

        return player_aid(self.params, self.players)

    def is_over(self, state: AztlanState) -> bool:
        return state.phase == "over"

    def scores(self, state: AztlanState) -> list[int]:
        return list(state.scores)

    def winners(self, state: AztlanState) -> list[int]:
        return list(state.winners)

    def game_facts(self, state: AztlanState, events: Sequence[Any]) -> list[Any]:
        return facts.game_facts(events)

    def tie_break(self, state: AztlanState) -> Text:
        """"Tied on 60 points: decided by the counter lower in the score stack"."""
        top = max(state.scores, default=0)
        tied = [seat for seat, score in enumerate(state.scores) if score == top]
        if len(tied) < 2 or set(tied) <= set(state.winners):
            return ""
        return _.n("Tied on {n} point: decided by the counter lower in the score stack",
                   "Tied on {n} points: decided by the counter lower in the score stack",
                   n=top)

    def to_dict(self, state: AztlanState) -> dict[str, Any]:
        return self.codec.dump(state)

    def from_dict(self, data: dict[str, Any]) -> AztlanState:
        return self.codec.load(data)

    def clone(self, state: AztlanState) -> AztlanState:
        return self.codec.copy(state)

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
                    data["hands"][i] = [c for c in self.cards.strengths
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

    def progresses(self, action: str) -> bool:
        """A pawn placed from the age's supply: the age never goes back and within an age
        the supply (every view shows it) only shrinks (it is filled at the start of the
        next), so no earlier position had the same age and supply. The other verbs move
        pawns, answer conflicts or play cards whose effects can come back."""
        words = action.split(None, 1)
        return bool(words) and words[0].lower() == "place"

    # =====================================================================================
    # playouts and descriptions
    # =====================================================================================
    def playout_action(self, state: AztlanState, rng: Rng) -> str:
        return playout_action(self.table, state, rng)

    def greedy_playout_action(self, state: AztlanState, rng: Rng) -> str:
        return greedy_playout_action(self.table, state, rng)

    # -- the computer players' hooks (variants.aztlan.ai) -----------------------------------
    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> AztlanState:
        return ai.determinize(self.table, view, seat, rng)

    def evaluate(self, view: AztlanState, seat: int,
                 weights: Mapping[str, float] | None = None) -> float:
        return ai.evaluate(self.table, view, seat, weights)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.aztlan.device import device_panel

        return device_panel(self.cards, self.type_names, view, seat)

    def describe_action(self, state: AztlanState, action: str) -> Text:
        if action.split() == ["choose", "?"]:  # as redacted for the other seats
            return _("{player} chooses a power card face down",
                     you="You choose a power card face down",
                     player=actor(self.table, state))
        try:
            a = parse(action, self.island, self.types)
        except IllegalAction:
            return action
        say = dispatch(VERBS, a.verb).say
        assert say is not None
        said: Text = say(self.table, state, a)
        return said

