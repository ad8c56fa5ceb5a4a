"""Mexica's mutable game state and its exact JSON form.

Derived data (canal cells, district labels, bridge ramps) is rebuilt from the stored
facts on load, so a save holds only what the physical table shows plus the hidden
period-2 tokens and the random generator.
"""

from __future__ import annotations

from typing import Any

from game.errors import quote
from variants.mexica.board import Board

NEUTRAL = -1  # temple owner for the two-player variant's neutral colour

PHASES = ("start", "play", "vote", "over")


class MexicaState:
    __slots__ = (
        "phase", "period", "round", "turn", "ap", "taken", "acted", "all_passed",
        "end_triggered", "pilli", "temples", "tiles", "bridges", "tokens", "hands",
        "reserve", "display", "hidden", "removed", "supply", "ap_tokens", "scores",
        "vote", "proposed", "rng", "winners",
        # derived, never saved:
        "canal", "label", "dcells", "ramps",
    )

    def __init__(self) -> None:
        self.phase = "start"
        self.period = 1
        self.round = 1
        self.turn = 0
        self.ap = 0
        self.taken = 0
        self.acted = False
        self.all_passed = True
        self.end_triggered = False
        self.pilli: list[int | None] = []
        self.temples: dict[int, tuple[int, int]] = {}
        self.tiles: list[tuple[int, ...]] = []
        self.bridges: dict[int, str] = {}
        self.tokens: dict[int, int] = {}
        self.hands: list[list[int]] = []
        self.reserve: list[list[int]] = []
        self.display: list[int] = []
        self.hidden: list[int] = []
        self.removed: list[int] = []
        self.supply: dict[str, int] = {}
        self.ap_tokens: list[int] = []
        self.scores: list[int] = []
        self.vote: dict[str, Any] | None = None
        self.proposed: list[int] = []
        self.rng = 0
        self.winners: list[int] = []
        self.canal: bytearray = bytearray()
        self.label: list[int] = []
        self.dcells: dict[int, list[int]] = {}
        self.ramps: dict[int, int] = {}

    # -- derived data ------------------------------------------------------------------
    def rebuild(self, board: Board) -> None:
        self.canal = bytearray(board.size)
        for tile in self.tiles:
            for c in tile:
                self.canal[c] = 1
        self.rebuild_ramps(board)
        self.label = [-1] * board.size
        self.dcells = {}
        for c in board.island:
            if self.label[c] < 0 and not self.canal[c]:
                self.flood(board, c, c)

    def rebuild_ramps(self, board: Board) -> None:
        """Ramp cell -> its bridge cell (a land cell can be a ramp of several bridges)."""
        self.ramps = {}
        for b, axis in self.bridges.items():
            for r in board.ramps(b, axis):
                self.ramps[r] = self.ramps.get(r, 0) + 1

    def flood(self, board: Board, start: int, label: int) -> list[int]:
        """Label the district around ``start`` (4-connected non-water cells)."""
        lab = self.label
        canal = self.canal
        lake = board.lake
        nbrs = board.nbrs
        lab[start] = label
        cells = [start]
        stack = [start]
        while stack:
            c = stack.pop()
            for n in nbrs[c]:
                if lab[n] != label and not canal[n] and n not in lake:
                    lab[n] = label
                    cells.append(n)
                    stack.append(n)
        self.dcells[label] = cells
        return cells

    def water(self, board: Board, c: int) -> bool:
        return c in board.lake or bool(self.canal[c])

    # -- JSON --------------------------------------------------------------------------
    def to_dict(self, board: Board) -> dict[str, Any]:
        n = board.names
        return {
            "phase": self.phase, "period": self.period, "round": self.round,
            "turn": self.turn, "ap": self.ap, "taken": self.taken, "acted": self.acted,
            "all_passed": self.all_passed, "end_triggered": self.end_triggered,
            "pilli": [None if p is None else n[p] for p in self.pilli],
            "temples": {n[c]: [o, lv] for c, (o, lv) in sorted(self.temples.items())},
            "canal_tiles": [[n[c] for c in t] for t in self.tiles],
            "bridges": {n[c]: a for c, a in sorted(self.bridges.items())},
            "tokens": {n[c]: s for c, s in sorted(self.tokens.items())},
            "hands": [list(h) for h in self.hands],
            "reserve": [list(h) for h in self.reserve],
            "display": list(self.display), "hidden": list(self.hidden),
            "removed": list(self.removed), "supply": dict(self.supply),
            "ap_tokens": list(self.ap_tokens), "scores": list(self.scores),
            "vote": None if self.vote is None else dict(self.vote, answers=list(
                self.vote["answers"])),
            "proposed": list(self.proposed), "rng": self.rng, "winners": list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], board: Board, players: int) -> MexicaState:
        def cell(name: Any) -> int:
            if not isinstance(name, str) or name not in board.index:
                raise ValueError(f"{quote(name)} is not a cell of this board")
            return board.index[name]

        def ints(value: Any, length: int | None = None) -> list[int]:
            if not isinstance(value, list) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise TypeError("expected a list of whole numbers")
            if length is not None and len(value) != length:
                raise ValueError(f"expected {length} entries, one per player")
            return list(value)

        def flag(value: Any) -> bool:
            if not isinstance(value, bool):
                raise TypeError("expected true or false")
            return value

        def num(value: Any) -> int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError("expected a whole number")
            return value

        s = cls()
        s.phase = data["phase"]
        if s.phase not in PHASES:
            raise ValueError(f"unknown phase {quote(s.phase)}")
        s.period, s.round, s.turn = num(data["period"]), num(data["round"]), num(data["turn"])
        if s.period not in (1, 2) or not 0 <= s.turn < players:
            raise ValueError("period or turn out of range")
        s.ap, s.taken = num(data["ap"]), num(data["taken"])
        s.acted, s.all_passed = flag(data["acted"]), flag(data["all_passed"])
        s.end_triggered = flag(data["end_triggered"])
        pilli = data["pilli"]
        if not isinstance(pilli, list) or len(pilli) != players:
            raise ValueError("pilli must list one position per player")
        s.pilli = [None if p is None else cell(p) for p in pilli]
        s.temples = {}
        for k, v in data["temples"].items():
            if not (isinstance(v, list) and len(v) == 2):
                raise ValueError("a temple is [owner, level]")
            owner, level = num(v[0]), num(v[1])
            if not (owner == NEUTRAL or 0 <= owner < players) or level < 1:
                raise ValueError("bad temple owner or level")
            s.temples[cell(k)] = (owner, level)
        s.tiles = []
        for t in data["canal_tiles"]:
            if not isinstance(t, list) or len(t) not in (1, 2):
                raise ValueError("a canal tile covers one or two cells")
            s.tiles.append(tuple(cell(c) for c in t))
        s.bridges = {}
        for k, v in data["bridges"].items():
            if v not in ("ns", "ew"):
                raise ValueError("bridge axis must be ns or ew")
            s.bridges[cell(k)] = v
        s.tokens = {cell(k): num(v) for k, v in data["tokens"].items()}
        s.hands = [ints(h) for h in data["hands"]]
        s.reserve = [ints(h) for h in data["reserve"]]
        if len(s.hands) != players or len(s.reserve) != players:
            raise ValueError("hands and reserves must have one entry per player")
        s.display, s.hidden = ints(data["display"]), ints(data["hidden"])
        s.removed = ints(data["removed"])
        supply = data["supply"]
        if not isinstance(supply, dict) or set(supply) != {"single", "double", "bridges",
                                                          "ap_tokens"}:
            raise ValueError("supply must count single, double, bridges and ap_tokens")
        s.supply = {k: num(v) for k, v in supply.items()}
        s.ap_tokens = ints(data["ap_tokens"], players)
        s.scores = ints(data["scores"], players)
        vote = data["vote"]
        if vote is not None:
            if not isinstance(vote, dict) or set(vote) != {"size", "proposer", "answers"}:
                raise ValueError("bad vote record")
            s.vote = {"size": num(vote["size"]), "proposer": num(vote["proposer"]),
                      "answers": ints(vote["answers"])}
        if (s.phase == "vote") != (s.vote is not None):
            raise ValueError("a vote record exists exactly while a vote is running")
        if s.vote is not None and not 0 <= s.vote["proposer"] < players:
            raise ValueError("the vote's proposer is not a player")
        if s.phase != "start" and any(p is None for p in s.pilli):
            raise ValueError("every Pilli is on the board once play has started")
        s.proposed = ints(data["proposed"])
        s.rng = num(data["rng"])
        s.winners = ints(data["winners"])
        s.rebuild(board)
        return s

    def copy(self) -> MexicaState:
        s = MexicaState.__new__(MexicaState)
        s.phase, s.period, s.round, s.turn = self.phase, self.period, self.round, self.turn
        s.ap, s.taken, s.acted, s.all_passed = self.ap, self.taken, self.acted, self.all_passed
        s.end_triggered = self.end_triggered
        s.pilli = list(self.pilli)
        s.temples = dict(self.temples)
        s.tiles = list(self.tiles)
        s.bridges = dict(self.bridges)
        s.tokens = dict(self.tokens)
        s.hands = [list(h) for h in self.hands]
        s.reserve = [list(h) for h in self.reserve]
        s.display, s.hidden, s.removed = list(self.display), list(self.hidden), list(
            self.removed)
        s.supply = dict(self.supply)
        s.ap_tokens, s.scores = list(self.ap_tokens), list(self.scores)
        s.vote = None if self.vote is None else dict(self.vote,
                                                     answers=list(self.vote["answers"]))
        s.proposed = list(self.proposed)
        s.rng = self.rng
        s.winners = list(self.winners)
        s.canal = bytearray(self.canal)
        s.label = list(self.label)
        s.dcells = {k: list(v) for k, v in self.dcells.items()}
        s.ramps = dict(self.ramps)
        return s
