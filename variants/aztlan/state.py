"""Aztlán's mutable game state and its exact JSON form.

Seats are players; *armies* own the pawns. In the standard game army ``i`` is seat
``i``'s tribe; in Aztec Gods an army is a faction and ``control[seat]`` says which one a
seat commands this age. Inside the state a territory is its map index; the JSON form
uses the territory ids of the YAML map.
"""

from __future__ import annotations

from typing import Any

from game.errors import quote
from variants.aztlan.cards import CardBook
from variants.aztlan.map import Island

PHASES = ("choose", "develop", "conflict", "score", "over")
STEPS = ("place", "move")
PENDING = ("decide", "sacred", "tlatoani")


class AztlanState:
    __slots__ = ("phase", "age", "order", "turn", "ranking", "scores", "control", "hands",
                 "chosen", "used", "revealed", "prosperity", "deck", "discard", "board",
                 "reserve", "supply", "removed", "step", "eagle", "resolved", "pending",
                 "scoring", "final", "rng", "winners")

    def __init__(self) -> None:
        self.phase = "choose"
        self.age = 1
        self.order: list[int] = []        # turn order of this age (seats)
        self.turn = 0                     # index into order: whose turn it is
        self.ranking: list[int] = []      # the score stack, top (first to play) first
        self.scores: list[int] = []
        self.control: list[int] = []      # seat -> army it commands this age
        self.hands: list[list[int]] = []  # power cards in hand (the chosen one excluded)
        self.chosen: list[int | None] = []
        self.used: list[list[int]] = []   # power cards of earlier ages, face up
        self.revealed = False
        self.prosperity: list[list[str]] = []
        self.deck: list[str] = []         # top card last
        self.discard: list[str] = []
        self.board: list[list[int]] = []  # territory -> pawns per army
        self.reserve: list[int] = []      # per army: pawns still in the box
        self.supply: list[int] = []       # per army: pawns still to place this age
        self.removed: list[int] = []      # per army: pawns removed in conflicts
        self.step: str | None = None      # development: "place" or "move"
        self.eagle = False                # Eagle and Jaguar played with this placement
        self.resolved: list[int] = []     # conflicts settled this age
        self.pending: dict[str, Any] | None = None
        self.scoring: dict[str, Any] | None = None  # {"bonus": int, "links": [(a, b)]}
        self.final: list[dict[str, int]] | None = None
        self.rng = 0
        self.winners: list[int] = []

    # -- queries -------------------------------------------------------------------------
    def army_cells(self, army: int) -> set[int]:
        return {t for t, counts in enumerate(self.board) if counts[army]}

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self, island: Island) -> dict[str, Any]:
        ids = island.ids
        pending = None
        if self.pending is not None:
            p = self.pending
            pending = {"kind": p["kind"], "territory": ids[p["territory"]],
                       "winner": p["winner"], "queue": list(p["queue"]),
                       "saved": list(p["saved"])}
        scoring = None
        if self.scoring is not None:
            scoring = {"bonus": self.scoring["bonus"],
                       "links": [[ids[a], ids[b]] for a, b in self.scoring["links"]]}
        return {
            "phase": self.phase, "age": self.age, "order": list(self.order),
            "turn": self.turn, "ranking": list(self.ranking), "scores": list(self.scores),
            "control": list(self.control), "hands": [list(h) for h in self.hands],
            "chosen": list(self.chosen), "used": [list(u) for u in self.used],
            "revealed": self.revealed, "prosperity": [list(h) for h in self.prosperity],
            "deck": list(self.deck), "discard": list(self.discard),
            "board": {ids[t]: list(c) for t, c in enumerate(self.board) if any(c)},
            "reserve": list(self.reserve), "supply": list(self.supply),
            "removed": list(self.removed), "step": self.step, "eagle": self.eagle,
            "resolved": [ids[t] for t in self.resolved], "pending": pending,
            "scoring": scoring,
            "final": None if self.final is None else [dict(f) for f in self.final],
            "rng": self.rng, "winners": list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], island: Island, cards: CardBook, players: int,
                  armies: int, ages: int) -> AztlanState:
        if not isinstance(data, dict):
            raise TypeError("state must be a mapping")

        def num(v: Any, lo: int | None = None, hi: int | None = None) -> int:
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"expected a whole number, got {quote(v)}")
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                raise ValueError(f"{quote(v)} is out of range")
            return v

        def ints(v: Any, length: int | None = None, lo: int | None = 0,
                 hi: int | None = None) -> list[int]:
            if not isinstance(v, list):
                raise TypeError("expected a list of whole numbers")
            if length is not None and len(v) != length:
                raise ValueError(f"expected {length} entries, got {len(v)}")
            return [num(x, lo, hi) for x in v]

        def seats(v: Any) -> list[int]:
            out = ints(v, None, 0, players - 1)
            if len(set(out)) != len(out):
                raise ValueError("a seat is listed twice")
            return out

        def perm(v: Any) -> list[int]:
            out = seats(v)
            if sorted(out) != list(range(players)):
                raise ValueError("expected every seat exactly once")
            return out

        def cell(v: Any) -> int:
            if not isinstance(v, str) or v not in island.index:
                raise ValueError(f"{quote(v)} is not a territory of this map")
            return island.index[v]

        def flag(v: Any) -> bool:
            if not isinstance(v, bool):
                raise TypeError("expected true or false")
            return v

        def card_list(v: Any) -> list[str]:
            if not isinstance(v, list) or not all(isinstance(c, str) and c in cards.effect
                                                  for c in v):
                raise ValueError("expected a list of prosperity card ids")
            return list(v)

        def power_list(v: Any) -> list[int]:
            out = ints(v)
            if any(c not in cards.power_type for c in out):
                raise ValueError("unknown power card")
            return out

        s = cls()
        s.phase = data["phase"]
        if s.phase not in PHASES:
            raise ValueError(f"unknown phase {quote(s.phase)}")
        s.age = num(data["age"], 1, ages)
        s.order = perm(data["order"])
        s.turn = num(data["turn"], 0, players - 1)
        s.ranking = perm(data["ranking"])
        s.scores = ints(data["scores"], players)
        s.control = ints(data["control"], players, 0, armies - 1)
        if len(set(s.control)) != players:
            raise ValueError("two seats command the same army")
        hands, chosen, used = data["hands"], data["chosen"], data["used"]
        if not (isinstance(hands, list) and isinstance(chosen, list) and isinstance(used, list)
                and len(hands) == len(chosen) == len(used) == players):
            raise ValueError("hands, chosen and used need one entry per player")
        s.hands = [power_list(h) for h in hands]
        s.chosen = [None if c is None else power_list([c])[0] for c in chosen]
        s.used = [power_list(u) for u in used]
        for seat in range(players):
            every = s.hands[seat] + s.used[seat] + (
                [] if s.chosen[seat] is None else [s.chosen[seat]])
            if sorted(every) != cards.strengths:
                raise ValueError(f"seat {seat}'s power cards are not one full set")
        s.revealed = flag(data["revealed"])
        pros = data["prosperity"]
        if not isinstance(pros, list) or len(pros) != players:
            raise ValueError("prosperity needs one hand per player")
        s.prosperity = [card_list(h) for h in pros]
        s.deck = card_list(data["deck"])
        s.discard = card_list(data["discard"])
        board = data["board"]
        if not isinstance(board, dict):
            raise TypeError("board must map territories to pawn counts")
        s.board = [[0] * armies for _ in range(island.size)]
        for k, v in board.items():
            s.board[cell(k)] = ints(v, armies)
        s.reserve = ints(data["reserve"], armies)
        s.supply = ints(data["supply"], armies)
        s.removed = ints(data["removed"], armies)
        s.step = data["step"]
        if s.step is not None and s.step not in STEPS:
            raise ValueError(f"unknown step {quote(s.step)}")
        if (s.phase == "develop") != (s.step is not None):
            raise ValueError("a development step exists exactly during development")
        s.eagle = flag(data["eagle"])
        if not isinstance(data["resolved"], list):
            raise TypeError("resolved must be a list of territories")
        s.resolved = [cell(t) for t in data["resolved"]]
        p = data["pending"]
        if p is not None:
            if not isinstance(p, dict) or set(p) != {"kind", "territory", "winner", "queue",
                                                     "saved"}:
                raise ValueError("bad pending decision")
            if p["kind"] not in PENDING:
                raise ValueError(f"unknown pending decision {quote(p['kind'])}")
            winner = None if p["winner"] is None else num(p["winner"], 0, players - 1)
            s.pending = {"kind": p["kind"], "territory": cell(p["territory"]),
                         "winner": winner, "queue": seats(p["queue"]),
                         "saved": seats(p["saved"])}
            if p["kind"] != "tlatoani" and winner is None:
                raise ValueError("this decision needs a conflict winner")
            if p["kind"] != "decide" and not s.pending["queue"]:
                raise ValueError("an out-of-turn decision needs a seat to ask")
            if s.phase != "conflict":
                raise ValueError("decisions are pending only in the conflict phase")
        sc = data["scoring"]
        if sc is not None:
            if not isinstance(sc, dict) or set(sc) != {"bonus", "links"}:
                raise ValueError("bad scoring record")
            links = sc["links"]
            if not isinstance(links, list) or not all(
                    isinstance(x, list) and len(x) == 2 for x in links):
                raise ValueError("links are pairs of territories")
            s.scoring = {"bonus": num(sc["bonus"], 0),
                         "links": [(cell(a), cell(b)) for a, b in links]}
        if (s.phase == "score") != (s.scoring is not None):
            raise ValueError("a scoring record exists exactly during the scoring phase")
        final = data["final"]
        if final is not None:
            if not isinstance(final, list) or len(final) != players or not all(
                    isinstance(f, dict) for f in final):
                raise ValueError("final needs one breakdown per player")
            s.final = [{str(k): num(v, 0) for k, v in f.items()} for f in final]
        s.rng = num(data["rng"], 0, (1 << 64) - 1)
        s.winners = seats(data["winners"])
        if (s.phase == "over") != bool(s.winners):
            raise ValueError("winners exist exactly once the game is over")
        return s

    def copy(self) -> AztlanState:
        s = AztlanState.__new__(AztlanState)
        s.phase, s.age, s.turn, s.revealed = self.phase, self.age, self.turn, self.revealed
        s.order, s.ranking = list(self.order), list(self.ranking)
        s.scores, s.control = list(self.scores), list(self.control)
        s.hands = [list(h) for h in self.hands]
        s.chosen = list(self.chosen)
        s.used = [list(u) for u in self.used]
        s.prosperity = [list(h) for h in self.prosperity]
        s.deck, s.discard = list(self.deck), list(self.discard)
        s.board = [list(c) for c in self.board]
        s.reserve, s.supply, s.removed = list(self.reserve), list(self.supply), list(
            self.removed)
        s.step, s.eagle = self.step, self.eagle
        s.resolved = list(self.resolved)
        s.pending = None if self.pending is None else dict(
            self.pending, queue=list(self.pending["queue"]), saved=list(self.pending["saved"]))
        s.scoring = None if self.scoring is None else {
            "bonus": self.scoring["bonus"], "links": list(self.scoring["links"])}
        s.final = None if self.final is None else [dict(f) for f in self.final]
        s.rng = self.rng
        s.winners = list(self.winners)
        return s
