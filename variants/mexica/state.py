"""Mexica's game state as typed data, and its JSON form declared once.

Inside the state a space is its board index (``row * width + col``); the JSON form uses
the names on the board (``Index``). Derived data (canal cells, district labels, bridge
ramps) is rebuilt from the stored facts on load, so a save holds only what the physical
table shows plus the hidden period-2 tokens and the random generator. The schema in
:func:`state_codec` checks every value of a save; :func:`check_state` holds what it cannot
say across fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.core.schema import Bool, Int, List, Map, Nullable, Str
from game.core.typedstate import Index, Record, StateCodec, Tuple, TupleOf, literal
from variants.mexica.board import Board
from variants.mexica.params import MAX_COUNT, MAX_SPACES

NEUTRAL = -1  # temple owner for the two-player variant's neutral colour

Phase = Literal["start", "play", "vote", "over"]
Axis = Literal["ns", "ew"]
#: what the supply counts (a canal tile of each size, bridges, AP tokens)
SUPPLY = ("single", "double", "bridges", "ap_tokens")
#: a generator state is 64 bits (``game.core.rng``)
RNG_MAX = (1 << 64) - 1
#: the most calpulli tokens a box can hold (``MAX_COUNT`` sizes, ``MAX_COUNT`` of each)
MAX_TOKENS = MAX_COUNT * MAX_COUNT
#: temple levels go up to 9 (the variant files' limit, ``params``)
MAX_LEVEL = 9


@dataclass(slots=True)
class Vote:
    """A proposal to remove a calpulli token in period 2: the seats after the proposer
    answer in turn; ``answers`` lists those who agreed so far."""

    size: int
    proposer: int
    answers: list[int] = field(default_factory=list)


@dataclass(slots=True)
class MexicaState:
    phase: Phase = "start"
    period: int = 1
    round: int = 1
    turn: int = 0
    ap: int = 0
    taken: int = 0                    # AP tokens taken this turn
    acted: bool = False               # this turn did something besides ending
    all_passed: bool = True           # nobody acted this round so far
    end_triggered: bool = False
    pilli: list[int | None] = field(default_factory=list)
    temples: dict[int, tuple[int, int]] = field(default_factory=dict)  # cell: owner, level
    tiles: list[tuple[int, ...]] = field(default_factory=list)  # canal tiles: 1 or 2 cells
    bridges: dict[int, str] = field(default_factory=dict)  # cell: axis
    tokens: dict[int, int] = field(default_factory=dict)   # cell: calpulli token size
    hands: list[list[int]] = field(default_factory=list)
    reserve: list[list[int]] = field(default_factory=list)  # temples for period 2
    display: list[int] = field(default_factory=list)
    hidden: list[int] = field(default_factory=list)         # period 2's, face down
    removed: list[int] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)    # SUPPLY: count
    ap_tokens: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    vote: Vote | None = None
    proposed: list[int] = field(default_factory=list)       # sizes proposed this turn
    rng: int = 0
    winners: list[int] = field(default_factory=list)
    # derived, never saved (``rebuild``):
    canal: bytearray = field(default_factory=bytearray)     # cell: 1 if a canal
    label: list[int] = field(default_factory=list)          # cell: its district's label
    dcells: dict[int, list[int]] = field(default_factory=dict)  # label: its cells
    ramps: dict[int, int] = field(default_factory=dict)     # land cell: bridges it holds

    # -- derived data ------------------------------------------------------------------
    # The districts are kept in one canonical form, so that laying a canal (``cut``) and
    # rebuilding from the stored facts (``rebuild``, on load) give equal states: a
    # district's label is its lowest cell, its cells are listed in ascending order, and
    # ``dcells`` lists the districts by label.
    def rebuild(self, board: Board) -> None:
        self.canal = bytearray(board.size)
        for tile in self.tiles:
            for c in tile:
                self.canal[c] = 1
        self.rebuild_ramps(board)
        self.label = [-1] * board.size
        self.dcells = {}
        for c in board.island:  # ascending: the first cell met is the district's lowest
            if self.label[c] < 0 and not self.canal[c]:
                self.flood(board, c, c).sort()

    def rebuild_ramps(self, board: Board) -> None:
        """Ramp cell -> how many bridges rest on it (a land cell can hold up several)."""
        self.ramps = {}
        for b, axis in self.bridges.items():
            for r in board.ramps(b, axis):
                self.ramps[r] = self.ramps.get(r, 0) + 1

    def flood(self, board: Board, start: int, label: int) -> list[int]:
        """Label the district around ``start`` (4-connected non-water cells)."""
        lab = self.label
        canal = self.canal
        nbrs = board.land_nbrs
        lab[start] = label
        cells = [start]
        for c in cells:  # grows while it is read: breadth first
            for n in nbrs[c]:
                if lab[n] != label and not canal[n]:
                    lab[n] = label
                    cells.append(n)
        self.dcells[label] = cells
        return cells

    def cut(self, board: Board, cells: tuple[int, ...]) -> None:
        """Lay a canal tile on ``cells`` (land of one district) and mend the districts.

        Only the district cut can change. It usually stays whole (the land around the
        tile still joins up): a search from one neighbour of the tile that stops once it
        has met the others says so, without labelling the district afresh. Otherwise
        it falls into pieces, each found by a search but the last (the rest)."""
        lab, canal = self.label, self.canal
        old = lab[cells[0]]
        for c in cells:
            canal[c] = 1
            lab[c] = -1
        rest = [c for c in self.dcells[old] if not canal[c]]
        around: list[int] = []
        for c in cells:
            for n in board.nbrs[c]:
                if lab[n] == old and n not in around:
                    around.append(n)
        pieces = _pieces(board.nbrs, lab, old, around, rest)
        if pieces is None and rest and rest[0] == old:
            self.dcells[old] = rest  # whole, and its lowest cell is still land
            return
        del self.dcells[old]
        for piece in pieces or ([rest] if rest else []):
            first = piece[0]
            if first != old:
                for c in piece:
                    lab[c] = first
            self.dcells[first] = piece
        self.dcells = dict(sorted(self.dcells.items()))

    def water(self, board: Board, c: int) -> bool:
        return c in board.lake or bool(self.canal[c])


def _pieces(nbrs: list[tuple[int, ...]], lab: list[int], old: int, around: list[int],
            rest: list[int]) -> list[list[int]] | None:
    """The pieces (each sorted) that district ``old`` falls into, now that a canal took
    some of its cells, or None if the rest (``rest``, sorted) still joins up. ``around``:
    its cells beside the canal; every piece holds one of them, so once all but one piece
    are found, the cells not yet met are the last piece."""
    if len(around) < 2:
        return None
    pieces: list[list[int]] = []
    seen: set[int] = set()
    for index, seed in enumerate(around):
        if seed in seen:
            continue
        if pieces and all(x in seen for x in around[index + 1:]):
            pieces.append([c for c in rest if c not in seen])
            break
        want = {x for x in around[index + 1:] if x not in seen}
        seen.add(seed)
        piece = [seed]
        for c in piece:  # grows while it is read: breadth first
            for n in nbrs[c]:
                if lab[n] == old and n not in seen:
                    seen.add(n)
                    piece.append(n)
                    want.discard(n)
            if not want and not pieces:
                return None  # the first search met every neighbour: no split
        piece.sort()
        pieces.append(piece)
    return pieces


def state_codec(board: Board, players: int) -> StateCodec[MexicaState]:
    """The JSON form of a state on this board with this many seats."""
    cell = Index(board.names, "space on this board")
    seat = Int(0, players - 1)
    count = Int(0)
    sizes = List(Int(1, MAX_SPACES), max_len=MAX_TOKENS)

    def per_seat(item: Int | List) -> List:
        return List(item, min_len=players, max_len=players)

    levels = List(Int(1, MAX_LEVEL), max_len=2 * MAX_COUNT)
    vote = Record(Vote, {"size": Int(1, MAX_SPACES), "proposer": seat,
                         "answers": List(seat, max_len=players)})
    record = Record(MexicaState, {
        "phase": literal(Phase), "period": Int(1, 2), "round": Int(1),
        "turn": seat, "ap": count, "taken": count, "acted": Bool(), "all_passed": Bool(),
        "end_triggered": Bool(),
        "pilli": List(Nullable(cell), min_len=players, max_len=players),
        "temples": Map(cell, Tuple(Int(NEUTRAL, players - 1), Int(1, MAX_LEVEL)),
                       max_len=board.size),
        "canal_tiles": List(TupleOf(cell, min_len=1, max_len=2), max_len=board.size),
        "bridges": Map(cell, literal(Axis), max_len=board.size),
        "tokens": Map(cell, Int(1, MAX_SPACES), max_len=board.size),
        "hands": per_seat(levels), "reserve": per_seat(levels),
        "display": sizes, "hidden": sizes, "removed": sizes,
        "supply": Map(Str(choices=SUPPLY), Int(0, MAX_SPACES), max_len=len(SUPPLY)),
        "ap_tokens": per_seat(count), "scores": per_seat(count),
        "vote": Nullable(vote), "proposed": sizes, "rng": Int(0, RNG_MAX),
        "winners": List(seat, max_len=players),
    }, attrs={"canal_tiles": "tiles"}, derived={
        "canal": bytearray, "label": list, "ramps": dict, "dcells": _copy_districts})
    return StateCodec(record, check_state)


def _copy_districts(dcells: dict[int, list[int]]) -> dict[int, list[int]]:
    return {label: list(cells) for label, cells in dcells.items()}


def check_state(s: MexicaState) -> None:
    """What the schema cannot say. Raises ValueError."""
    if set(s.supply) != set(SUPPLY):
        raise ValueError("supply must count single, double, bridges and ap_tokens")
    if (s.phase == "vote") != (s.vote is not None):
        raise ValueError("a vote record exists exactly while a vote is running")
    if s.phase != "start" and any(p is None for p in s.pilli):
        raise ValueError("every Pilli is on the board once play has started")
