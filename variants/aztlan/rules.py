"""Aztlán's rules: the ages and their four phases, the cards, the end of the game.

The rules object is immutable after construction; all play data lives in an
:class:`AztlanState`. ``apply`` parses an action, refuses it unless ``legal_actions``
lists its canonical form (so the two can never disagree; ``refusals`` says why), and only
then calls the verb's handler from the table in ``handlers``, which changes the state.
After every action ``handlers.settle`` runs the automatic steps (ties, removals, scorings
without a decision, the next age) until some seat must decide.

Chance (the first stacking order, the prosperity deck) comes from the generator kept in
the state, so a seed and a log replay a game exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from game.core.engine import GameType, Rules
from game.core.errors import ConfigIssue, IllegalAction
from game.core.events import Event
from game.core.notation import KeptParses
from game.core.rng import Rng, mix_seed
from game.core.schema import Context, Obj
from game.i18n import Listing, Msg, Seat, Text
from game.i18n.message import Value, reason
from variants.aztlan import ai, facts
from variants.aztlan import cards as C
from variants.aztlan.cards import CardBook
from variants.aztlan.conflicts import Outcome, outcome, wins_outright
from variants.aztlan.handlers import HANDLERS, player_name, settle
from variants.aztlan.map import Island
from variants.aztlan.notation import VERBS, Action, parse
from variants.aztlan.params import (
    PARAMETERS,
    check_aztlan_params,
    check_aztlan_players,
)
from variants.aztlan.playout import greedy_playout_action
from variants.aztlan.refusals import refusal
from variants.aztlan.scoring import best_wild_type
from variants.aztlan.state import AztlanState, state_codec
from variants.aztlan.text import _, named, territory

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
        self.island = Island(params["map"])
        self.cards = CardBook(params)
        self.types: list[str] = list(params["territory_types"])
        self.type_tuple: tuple[str, ...] = tuple(self.types)
        self.type_names: dict[str, str] = dict(params["territory_types"])
        self.ages: int = params["ages"]
        self.bonus: list[int] = list(params["domain_bonus"])
        #: the bots' evaluations: domain totals by the territories a seat holds
        self.domain_totals = ai.DomainTotals(self.island, self.bonus)
        row = next((r for r in params["pawns_per_age"] if r["players"] == players), None)
        self.pawns_per_age: list[int] = list(row["pawns"]) if row else [0] * self.ages
        factions = params["factions"]
        self.factions = factions is not None
        if factions is not None:
            self.army_names = [f["name"] for f in factions]
            per = params["pawns_per_tribe"]
            self.army_pawns = [per * len(f["tribes"]) for f in factions]
        else:
            self.army_names = [t["name"] for t in params["tribes"][:players]]
            self.army_pawns = [params["pawns_per_tribe"]] * players
        self.armies = len(self.army_names)
        self.move_chance: int = params["playout_move_chance"]
        self.greedy_chance: int = params["playout_greedy_chance"]
        self.codec = state_codec(self.island, self.cards, players, self.armies, self.ages)
        ids = self.island.ids
        #: the texts of the develop phase's actions, written once: its legal list is
        #: asked for by every ``apply`` (membership) and the bots' searches
        self._place_texts = [f"place {t}" for t in ids]
        self._eagle_texts = [f"eagle {t}" for t in ids]
        self._move_texts = [[f"move {ids[a]} {ids[b]}" for b in self.island.nbrs[a]]
                            for a in range(self.island.size)]
        #: what action texts parse to here (``game.core.notation.KeptParses``)
        self.parsed = KeptParses(lambda text: parse(text, self.island, self.types))
        #: phase -> the legal actions of the seat to decide
        self._legal: dict[str, Callable[[AztlanState, int], list[str]]] = {
            "choose": self._legal_choose, "develop": self._legal_develop,
            "conflict": self._legal_conflict, "score": self._legal_score}

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
        self.start_age(s, [])
        return s

    def start_age(self, s: AztlanState, ev: list[Event]) -> None:
        s.phase = "choose"
        s.order = list(s.ranking)
        s.turn = 0
        s.revealed = False
        s.resolved, s.pending, s.scoring = [], None, None
        s.step, s.eagle = None, False
        want = self.pawns_per_age[s.age - 1]
        for army in range(self.armies):
            take = min(want, s.reserve[army])
            extra = min(want - take, s.removed[army])
            s.reserve[army] -= take
            s.removed[army] -= extra
            s.supply[army] += take + extra
        order = Listing(tuple(Seat(p) for p in s.order), "comma")
        text = _("Age {age} begins; turn order {order}", age=s.age, order=order)
        if self.factions:
            commands = Listing(tuple(_("{player} commands {army}", you="You command {army}",
                                       player=Seat(p),
                                       army=named(self.army_names[s.control[p]]))
                                     for p in range(self.players)), "comma")
            text = _("{age}; {commands}", context="age", age=text, commands=commands)
        ev.append(Event("age", text, data={"age": s.age, "order": list(s.order),
                                           "control": list(s.control),
                                           "pawns": list(s.supply)}))

    # =====================================================================================
    # protocol
    # =====================================================================================
    def action_vocabulary(self) -> list[str]:
        from variants.aztlan.notation import vocabulary

        return vocabulary(self.island, self.types, self.cards.strengths)

    def current_player(self, state: AztlanState) -> int | None:
        if state.phase == "over":
            return None
        p = state.pending
        if p is not None:
            return p.winner if p.kind == "decide" else p.queue[0]
        return state.order[state.turn]

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
    # small queries (the handlers, the refusals and the bots ask them)
    # =====================================================================================
    def army(self, s: AztlanState, seat: int) -> int:
        return s.control[seat]

    def commander(self, s: AztlanState, army: int) -> int:
        return s.control.index(army)

    def power_type(self, s: AztlanState, seat: int) -> str:
        """The territory type of ``seat``'s chosen power card."""
        card = s.chosen[seat]
        assert card is not None
        return self.cards.power_type[card]

    def strength(self, s: AztlanState) -> list[int]:
        out = [0] * self.armies
        for seat, army in enumerate(s.control):
            out[army] = s.chosen[seat] or 0
        return out

    def outcome(self, s: AztlanState, t: int, strength: list[int] | None = None) -> Outcome:
        return outcome(s.board[t], strength or self.strength(s))

    def contests(self, s: AztlanState, army: int) -> Iterator[tuple[int, Outcome]]:
        """The unresolved contested territories where ``army`` has pawns, with their
        outcome, in map order. Most territories hold one army or none and are passed
        over before any outcome is weighed: the bots' searches ask after every action of
        the conflict phase."""
        strength = self.strength(s)
        for t, counts in enumerate(s.board):
            if counts[army] and t not in s.resolved and sum(1 for n in counts if n) >= 2:
                yield t, self.outcome(s, t, strength)

    def won(self, s: AztlanState, seat: int) -> list[int]:
        """Unresolved conflicts that ``seat`` wins outright."""
        army = self.army(s, seat)
        strength = self.strength(s)
        return [t for t, counts in enumerate(s.board)  # where it has no pawns, it wins none
                if counts[army] and t not in s.resolved
                and wins_outright(counts, strength, army)]

    def tied_seats(self, s: AztlanState, o: Outcome) -> list[int]:
        tied = {self.commander(s, a) for a in o.top}
        return [p for p in s.order if p in tied]

    def next_tie(self, s: AztlanState, seat: int) -> int | None:
        """The first unresolved tie at the top whose earliest tied player is ``seat``."""
        for t, o in self.contests(s, self.army(s, seat)):
            if o.winner is None and self.tied_seats(s, o)[0] == seat:
                return t
        return None

    def has_pawns(self, s: AztlanState, seat: int) -> bool:
        return s.supply[self.army(s, seat)] > 0

    def eagle_source(self, s: AztlanState, army: int) -> str | None:
        if s.reserve[army]:
            return "reserve"
        if s.removed[army]:
            return "removed"
        return None

    def can_eagle(self, s: AztlanState, seat: int) -> bool:
        return (not s.eagle and self.cards.holds(s.prosperity[seat], C.EAGLE)
                and self.eagle_source(s, self.army(s, seat)) is not None)

    def raft_pairs(self, s: AztlanState, seat: int) -> list[tuple[int, int]]:
        if not self.cards.holds(s.prosperity[seat], C.RAFTS):
            return []
        isl = self.island
        owned = s.army_cells(self.army(s, seat))
        links = s.scoring.links if s.scoring is not None else []
        label = {}
        for k, group in enumerate(isl.components(owned, links)):
            for c in group:
                label[c] = k
        pairs = set()
        for shore in isl.shores.values():
            mine = [c for c in shore if c in owned]
            for i, a in enumerate(mine):
                for b in mine[i + 1:]:
                    if label[a] != label[b]:
                        pairs.add((a, b))
        return sorted(pairs)

    def blessings(self, s: AztlanState, seat: int) -> list[str]:
        held = {self.cards.bless_type[c] for c in s.prosperity[seat]
                if self.cards.effect[c] == C.BLESSING}
        return [t for t in self.types if t in held]

    def has_scoring_choice(self, s: AztlanState, seat: int) -> bool:
        return (self.cards.is_wild(s.chosen[seat]) or bool(self.blessings(s, seat))
                or bool(self.raft_pairs(s, seat)))

    # =====================================================================================
    # legal actions, one function per phase
    # =====================================================================================
    def legal_actions(self, state: AztlanState) -> list[str]:
        seat = self.current_player(state)
        if seat is None:
            return []
        return self._legal[state.phase](state, seat)

    def _legal_choose(self, s: AztlanState, seat: int) -> list[str]:
        return [f"choose {c}" for c in sorted(s.hands[seat])]

    def _legal_develop(self, s: AztlanState, seat: int) -> list[str]:
        if s.step == "place":
            return list(self._place_texts)
        out = list(self._eagle_texts) if self.can_eagle(s, seat) else []
        army = self.army(s, seat)
        moves = self._move_texts
        for a, counts in enumerate(s.board):
            if counts[army]:
                out += moves[a]
        out.append("stay")
        return out

    def _legal_conflict(self, s: AztlanState, seat: int) -> list[str]:
        ids = self.island.ids
        p = s.pending
        if p is not None:
            where = ids[p.territory]
            if p.kind == "decide":
                return [f"battle {where}", f"coexist {where}"]
            verb = "sacred" if p.kind == "sacred" else "tlatoani"
            return [f"{verb} {where}", "decline"]
        out = []
        for t in self.won(s, seat):
            out += [f"battle {ids[t]}", f"coexist {ids[t]}"]
        return out

    def _legal_score(self, s: AztlanState, seat: int) -> list[str]:
        ids = self.island.ids
        out = [f"bless {k}" for k in self.blessings(s, seat)]
        out += [f"rafts {ids[a]} {ids[b]}" for a, b in self.raft_pairs(s, seat)]
        if self.cards.is_wild(s.chosen[seat]):
            out += [f"wild {k}" for k in self.types]
        else:
            out.append("score")
        return out

    # =====================================================================================
    # apply: parse, look up in the legal list, one handler per verb
    # =====================================================================================
    def _accept(self, state: AztlanState, action: str) -> Action:
        """The parsed action if ``apply`` takes it now; else IllegalAction with a reason."""
        if not isinstance(action, str):
            raise IllegalAction(_("an action is a line of text, not {kind}",
                                  kind=type(action).__name__))
        if state.phase == "over":
            raise IllegalAction(_("the game is over"))
        a = self.parsed(action)
        if a.text not in self.legal_actions(state):
            raise IllegalAction(refusal(self, state, a))
        return a

    def apply(self, state: AztlanState, action: str) -> tuple[str, list[Event]]:
        a = self._accept(state, action)
        seat = self.current_player(state)
        assert seat is not None
        ev: list[Event] = []
        HANDLERS[a.verb](self, state, seat, a, ev)
        settle(self, state, ev)
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
        s = state
        legal = self.legal_actions(s)
        if s.phase == "develop" and s.step == "move":
            eagles = [x for x in legal if x.startswith("eagle ")]
            if eagles and rng.randbelow(2) == 0:
                return rng.choice(eagles)
            moves = [x for x in legal if x.startswith("move ")]
            if moves and rng.randbelow(100) < self.move_chance:
                return rng.choice(moves)
            return "stay"
        if s.phase == "score":
            return self._playout_scoring(s, legal, rng)
        return rng.choice(legal)

    def greedy_playout_action(self, state: AztlanState, rng: Rng) -> str:
        return greedy_playout_action(self, state, rng)

    def _playout_scoring(self, s: AztlanState, legal: list[str], rng: Rng) -> str:
        seat = self.current_player(s)
        assert seat is not None
        blessings = [x for x in legal if x.startswith("bless ")]
        if blessings:
            return blessings[0]
        rafts = [x for x in legal if x.startswith("rafts ")]
        if rafts and rng.randbelow(2) == 0:
            return rng.choice(rafts)
        if self.cards.is_wild(s.chosen[seat]):
            owned = s.army_cells(self.army(s, seat))
            links = s.scoring.links if s.scoring is not None else []
            return "wild " + best_wild_type(self.island, owned, self.types, self.bonus, links)
        return "score"

    # -- the computer players' hooks (variants.aztlan.ai) -----------------------------------
    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> AztlanState:
        return ai.determinize(self, view, seat, rng)

    def evaluate(self, view: AztlanState, seat: int,
                 weights: Mapping[str, float] | None = None) -> float:
        return ai.evaluate(self, view, seat, weights)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.aztlan.device import device_panel

        return device_panel(self.cards, self.type_names, view, seat)

    def describe_action(self, state: AztlanState, action: str) -> Text:
        seat = self.current_player(state)
        who: Value = Seat(seat) if seat is not None else _("Nobody")
        if action.split() == ["choose", "?"]:  # as redacted for the other seats
            return _("{player} chooses a power card face down",
                     you="You choose a power card face down", player=who)
        try:
            a = parse(action, self.island, self.types)
        except IllegalAction:
            return action
        words: list[Value] = [territory(self.island, x) if kind == "t" else
                              named(self.type_names[x]) if kind == "k" else x
                              for x, kind in zip(a.args, VERBS[a.verb], strict=True)]
        said = DESCRIPTIONS[a.verb]
        values = dict(zip(("first", "second"), words, strict=False))
        return Msg(said.domain, said.id, {"player": who, **values}, said.plural, said.you,
                   said.context)


#: verb -> the log's sentence, with the actor (``player``) and the action's arguments
#: (``first``, ``second``: territories, a type, a card)
DESCRIPTIONS: dict[str, Msg] = {
    "choose": _("{player} chooses power card {first}", you="You choose power card {first}"),
    "place": _("{player} places a pawn in {first}", you="You place a pawn in {first}"),
    "eagle": _("{player} plays Eagle and Jaguar Warriors for an extra pawn in {first}",
               you="You play Eagle and Jaguar Warriors for an extra pawn in {first}"),
    "move": _("{player} moves a pawn from {first} to {second}",
              you="You move a pawn from {first} to {second}"),
    "stay": _("{player} moves no pawn", you="You move no pawn"),
    "battle": _("{player} removes every opponent from {first}",
                you="You remove every opponent from {first}"),
    "coexist": _("{player} coexists in {first} and draws a prosperity card",
                 you="You coexist in {first} and draw a prosperity card"),
    "sacred": _("{player} plays Sacred Games to stay in {first}",
                you="You play Sacred Games to stay in {first}"),
    "tlatoani": _("{player} plays Great Tlatoani to win the tie in {first}",
                  you="You play Great Tlatoani to win the tie in {first}"),
    "decline": _("{player} plays no card", you="You play no card"),
    "bless": _("{player} plays the blessing for {first}",
               you="You play the blessing for {first}"),
    "rafts": _("{player} plays Rafts and Canoes to join {first} and {second}",
               you="You play Rafts and Canoes to join {first} and {second}"),
    "wild": _("{player} scores with {first} as the wild type",
              you="You score with {first} as the wild type"),
    "score": _("{player} scores the age", you="You score the age"),
}
