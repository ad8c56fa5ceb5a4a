"""Aztlán's game state as typed data, and its JSON form declared once.

Seats are players; *armies* own the pawns. In the standard game army ``i`` is seat
``i``'s tribe; in Aztec Gods an army is a faction and ``control[seat]`` says which one a
seat commands this age. Inside the state a territory is its map index; the JSON form
uses the territory ids of the YAML map (``Index``). The schema in :func:`state_codec`
checks every value of a save; :func:`check_state` holds the invariants across fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from game.core.schema import Bool, Int, List, Nullable, Schema, Str
from game.core.typedstate import ByName, Index, Record, StateCodec, Tuple, literal
from variants.aztlan.cards import CardBook
from variants.aztlan.map import Island

Phase = Literal["choose", "develop", "conflict", "score", "over"]
Step = Literal["place", "move"]
PendingKind = Literal["decide", "sacred", "tlatoani"]
#: the largest number that a count (pawns, points) may reach in a save
MAX_COUNT = 1_000_000
RNG_MAX = (1 << 64) - 1


@dataclass(slots=True)
class Pending:
    """A conflict decision out of the turn order, or the winner's battle-or-coexist.

    ``decide``: ``winner`` (who won a tie with Great Tlatoani) battles or coexists;
    ``sacred``: the losers in ``queue`` may play Sacred Games (``saved`` did) against
    ``winner``'s battle; ``tlatoani``: the tied seats in ``queue`` may play Great
    Tlatoani (``winner`` is None until one does).
    """

    kind: PendingKind
    territory: int
    winner: int | None
    queue: list[int]
    saved: list[int]


@dataclass(slots=True)
class Scoring:
    """The scoring in progress of the seat whose turn it is: blessings' points so far and
    the territories joined by Rafts and Canoes."""

    bonus: int = 0
    links: list[tuple[int, int]] = field(default_factory=list)


class Tally(NamedTuple):
    """A seat's points added at the end of the game, by reason."""

    power_card: int
    prosperity: int
    offerings: int


@dataclass(slots=True)
class AztlanState:
    phase: Phase = "choose"
    age: int = 1
    order: list[int] = field(default_factory=list)      # turn order of this age (seats)
    turn: int = 0                                       # index into order: whose turn
    ranking: list[int] = field(default_factory=list)    # the score stack, top first
    scores: list[int] = field(default_factory=list)
    control: list[int] = field(default_factory=list)    # seat -> army it commands
    hands: list[list[int]] = field(default_factory=list)  # power cards (chosen excluded)
    chosen: list[int | None] = field(default_factory=list)
    used: list[list[int]] = field(default_factory=list)   # earlier ages' cards, face up
    revealed: bool = False
    prosperity: list[list[str]] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)       # top card last
    discard: list[str] = field(default_factory=list)
    board: list[list[int]] = field(default_factory=list)  # territory -> pawns per army
    reserve: list[int] = field(default_factory=list)    # per army: pawns in the box
    supply: list[int] = field(default_factory=list)     # per army: to place this age
    removed: list[int] = field(default_factory=list)    # per army: removed in conflicts
    step: Step | None = None                            # during development only
    eagle: bool = False                 # Eagle and Jaguar played with this placement
    resolved: list[int] = field(default_factory=list)   # conflicts settled this age
    pending: Pending | None = None
    scoring: Scoring | None = None
    final: list[Tally] | None = None
    rng: int = 0
    winners: list[int] = field(default_factory=list)

    def army_cells(self, army: int) -> set[int]:
        return {t for t, counts in enumerate(self.board) if counts[army]}


def state_codec(island: Island, cards: CardBook, players: int, armies: int,
                ages: int) -> StateCodec[AztlanState]:
    """The JSON form of a state for this map, these cards and this many seats."""
    seat = Int(0, players - 1)

    def per_seat(item: Schema) -> List:
        return List(item, min_len=players, max_len=players)

    def per_army() -> List:
        return List(Int(0, MAX_COUNT), min_len=armies, max_len=armies)

    territory = Index(island.ids, "territory")
    power = Int(min(cards.strengths), max(cards.strengths))
    powers = List(power, max_len=len(cards.strengths))
    card_ids = List(Str(choices=tuple(cards.effect)), max_len=len(cards.deck))
    pending = Record(Pending, {
        "kind": literal(PendingKind), "territory": territory, "winner": Nullable(seat),
        "queue": List(seat, max_len=players), "saved": List(seat, max_len=players)})
    scoring = Record(Scoring, {
        "bonus": Int(0, MAX_COUNT),
        "links": List(Tuple(territory, territory), max_len=len(cards.deck))})
    tally = Record(Tally, {"power_card": Int(0, MAX_COUNT), "prosperity": Int(0, MAX_COUNT),
                           "offerings": Int(0, MAX_COUNT)})
    record = Record(AztlanState, {
        "phase": literal(Phase), "age": Int(1, ages), "order": per_seat(seat),
        "turn": Int(0, players - 1), "ranking": per_seat(seat),
        "scores": per_seat(Int(0, MAX_COUNT)), "control": per_seat(Int(0, armies - 1)),
        "hands": per_seat(powers), "chosen": per_seat(Nullable(power)),
        "used": per_seat(powers), "revealed": Bool(), "prosperity": per_seat(card_ids),
        "deck": card_ids, "discard": card_ids,
        "board": ByName(island.ids, per_army(), default=[0] * armies, what="territory"),
        "reserve": per_army(), "supply": per_army(), "removed": per_army(),
        "step": Nullable(literal(Step)), "eagle": Bool(),
        "resolved": List(territory, max_len=island.size), "pending": Nullable(pending),
        "scoring": Nullable(scoring), "final": Nullable(per_seat(tally)),
        "rng": Int(0, RNG_MAX), "winners": List(seat, max_len=players),
    })
    return StateCodec(record, lambda s: check_state(s, cards, players))


def check_state(s: AztlanState, cards: CardBook, players: int) -> None:
    """What the schema cannot say: turn orders are permutations, the cards add up, and
    the records of a phase exist exactly during it. Raises ValueError."""
    every = list(range(players))
    if sorted(s.order) != every or sorted(s.ranking) != every:
        raise ValueError("order and ranking must list every seat exactly once")
    if len(set(s.control)) != players:
        raise ValueError("two seats command the same army")
    for seat in every:
        chosen = s.chosen[seat]
        held = s.hands[seat] + s.used[seat] + ([] if chosen is None else [chosen])
        if sorted(held) != cards.strengths:
            raise ValueError(f"seat {seat}'s power cards are not one full set")
    if (s.phase == "develop") != (s.step is not None):
        raise ValueError("a development step exists exactly during development")
    if s.pending is not None:
        _check_pending(s.pending, s.phase)
    if (s.phase == "score") != (s.scoring is not None):
        raise ValueError("a scoring record exists exactly during the scoring phase")
    if len(set(s.winners)) != len(s.winners):
        raise ValueError("a seat is listed twice among the winners")
    if (s.phase == "over") != bool(s.winners):
        raise ValueError("winners exist exactly once the game is over")


def _check_pending(p: Pending, phase: Phase) -> None:
    if len(set(p.queue)) != len(p.queue) or len(set(p.saved)) != len(p.saved):
        raise ValueError("a seat is listed twice in a pending decision")
    if p.kind != "tlatoani" and p.winner is None:
        raise ValueError("this decision needs a conflict winner")
    if p.kind != "decide" and not p.queue:
        raise ValueError("an out-of-turn decision needs a seat to ask")
    if phase != "conflict":
        raise ValueError("decisions are pending only in the conflict phase")
