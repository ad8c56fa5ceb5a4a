"""Build a Mexica position from a description, boardgame.io-style, for rule tests.

``scenario(rows, ...)`` starts a real game on a small custom board through the public
API (``new_game`` + the ``start`` actions in seat order), then writes the rest of the
position straight into ``game.state`` and calls ``state.rebuild`` so the derived data
(canal cells, districts, bridge ramps) matches. Supplies stay consistent: every canal
tile, bridge and AP token put on the table comes out of the supply.

Cells are written as on the board: column letter + row number, row 1 at the top.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from game.api import Game, IllegalAction, new_game

#: default hands when a test does not give any (the published period-1 / period-2 sets)
P1_HAND = [1, 1, 1, 2, 2, 2, 3, 3, 4]
P2_HAND = [1, 1, 1, 2, 2, 3, 3, 4, 4]


def _seats(value: Any, players: int) -> dict[int, Any]:
    """Accept {seat: x} or [x0, x1, ...]."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return dict(value)
    return dict(enumerate(value))


def scenario(
    board: Sequence[str],
    players: int = 2,
    *,
    pilli: Mapping[int, str | None] | Sequence[str | None] | None = None,
    temples: Mapping[str, tuple[int, int]] | None = None,
    canals: Iterable[Sequence[str]] = (),
    bridges: Mapping[str, str] | None = None,
    tokens: Mapping[str, int] | None = None,
    display: Sequence[int] = (),
    hidden: Sequence[int] = (),
    hands: Mapping[int, Sequence[int]] | Sequence[Sequence[int]] | None = None,
    reserve: Mapping[int, Sequence[int]] | Sequence[Sequence[int]] | None = None,
    ap: int | None = None,
    ap_tokens: Mapping[int, int] | Sequence[int] | None = None,
    scores: Mapping[int, int] | Sequence[int] | None = None,
    supply: Mapping[str, int] | None = None,
    turn: int = 0,
    period: int = 1,
    round: int = 2,  # noqa: A002 - the game's word
    taken: int = 0,
    all_passed: bool | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> Game:
    """A game in the play phase at the described position.

    ``pilli``      seat -> cell (``None`` keeps the seat's start space).
    ``temples``    cell -> (owner, level). Unless ``hands`` is given, each placed temple
                   leaves its owner's hand (if the hand holds that level).
    ``canals``     tiles laid besides the board's pre-printed ``=``: ("d2", "d3") or ("f4",).
    ``bridges``    cell -> "ns" | "ew".
    ``tokens``     cell -> calpulli size (founded districts).
    ``display``    sizes on the Emperor's display; ``hidden`` the set-aside period-2 sizes.
    ``hands`` / ``reserve``  temple levels per seat (reserve = the period-2 set aside).
    ``ap``         AP of the player whose turn it is (default: a fresh turn).
    ``supply``     absolute overrides of the supply after the subtraction, e.g. {"bridges": 0}.
    ``all_passed`` whether nobody has acted yet this round (default: only if turn == 0).
    """
    opts: dict[str, Any] = {
        "board": list(board),
        "calpulli": {"period1": sorted(display) if period == 1 else [],
                     "period2": sorted(hidden) if period == 1 else []},
    }
    if options:
        opts.update(options)
    game = new_game("mexica", players, seed=seed, options=opts)
    rules, s = game.rules, game.state
    b = rules.table.board
    idx = b.index

    def cell(name: str) -> int:
        assert name in idx, f"{name} is not on the test board"
        return idx[name]

    # -- starting placement, through the real API, in seat order ------------------------
    wanted = _seats(pilli, players)
    _start(game, wanted)

    # -- direct edits --------------------------------------------------------------------
    for seat, where in wanted.items():
        if where is not None:
            s.pilli[seat] = cell(where)
    assert len(set(s.pilli)) == players, "two Pilli on one space"

    if period == 2:
        s.period = 2
        s.display = sorted(display)
        s.hidden = sorted(hidden)
    _deal_temples(game, period, hands, reserve)

    for name, (owner, level) in (temples or {}).items():
        s.temples[cell(name)] = (owner, level)
        if hands is None and owner >= 0 and level in s.hands[owner]:
            s.hands[owner].remove(level)

    for tile in canals:
        cells = tuple(sorted(cell(n) for n in tile))
        assert len(cells) in (1, 2)
        s.tiles.append(cells)
        kind = "double" if len(cells) == 2 else "single"
        s.supply[kind] -= 1
        assert s.supply[kind] >= 0, "not enough canal tiles in the components"

    for name, axis in (bridges or {}).items():
        assert axis in ("ns", "ew")
        s.bridges[cell(name)] = axis
        s.supply["bridges"] -= 1
        assert s.supply["bridges"] >= 0, "not enough bridges in the components"

    for name, size in (tokens or {}).items():
        s.tokens[cell(name)] = size

    for seat, n in _seats(ap_tokens, players).items():
        s.ap_tokens[seat] = n
        s.supply["ap_tokens"] -= n
    assert s.supply["ap_tokens"] >= 0
    for seat, v in _seats(scores, players).items():
        s.scores[seat] = v
    for key, v in (supply or {}).items():
        assert key in s.supply
        s.supply[key] = v

    s.turn = turn
    s.round = round
    s.ap = rules.table.ap_per_turn if ap is None else ap
    s.taken = taken
    s.acted = False
    s.all_passed = (turn == 0) if all_passed is None else all_passed
    s.end_triggered = False
    s.proposed = []
    s.vote = None
    s.rebuild(b)
    return game


def _start(game: Game, wanted: dict[int, Any]) -> None:
    """Each seat places its Pilli on a start space with the ``start`` action: the one it
    wants if free, else a free one nobody wants (so later seats still get theirs)."""
    s, b = game.state, game.rules.table.board
    starts = [b.names[c] for c in b.starts]
    claimed = {w for w in wanted.values() if w is not None}
    for seat in range(game.players):
        free = [c for c in starts if b.index[c] not in s.pilli]
        want = wanted.get(seat)
        spare = [c for c in free if c not in claimed] or free
        choice = want if want in free else spare[0]
        assert game.current_player == seat
        game.apply(f"start {choice}")
    assert s.phase == "play"


def _deal_temples(game: Game, period: int, hands: Any, reserve: Any) -> None:
    """The temple levels in hand and in reserve: as given, else in period 2 every level
    in hand (the period-2 set has joined it) and none in reserve."""
    s, players = game.state, game.players
    temples = game.rules.params["temples"]
    if hands is not None:
        for seat, h in _seats(hands, players).items():
            s.hands[seat] = sorted(h)
    elif period == 2:
        both = list(temples["period1"]) + list(temples["period2"])
        s.hands = [sorted(both) for _ in range(players)]
    if reserve is not None:
        for seat, h in _seats(reserve, players).items():
            s.reserve[seat] = sorted(h)
    elif period == 2:
        s.reserve = [[] for _ in range(players)]


# -- small helpers for assertions ---------------------------------------------------------

def where(game: Game, seat: int) -> str | None:
    """The cell a seat's Pilli stands on."""
    p = game.state.pilli[seat]
    return None if p is None else game.rules.table.board.names[p]


def ap(game: Game) -> int:
    return game.state.ap


def district_size(game: Game, name: str) -> int:
    """Size of the district containing a (non-water) cell."""
    s = game.state
    c = game.rules.table.board.index[name]
    assert not s.canal[c]
    return len(s.dcells[s.label[c]])


def play(game: Game, *actions: str) -> list[int]:
    """Apply actions in order; return the AP left after each one."""
    left = []
    for a in actions:
        game.apply(a)
        left.append(game.state.ap)
    return left


def assert_illegal(game: Game, action: str, match: str | None = None) -> None:
    """The action raises IllegalAction, changes nothing and is not offered."""
    before = game.to_json()
    offered = action in game.legal_actions()
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert game.to_json() == before, f"{action!r} was refused but changed the state"
    assert not offered, f"{action!r} is refused by apply but listed by legal_actions"


def assert_legal(game: Game, action: str) -> None:
    """The action is offered by legal_actions (does not apply it)."""
    assert action in game.legal_actions(), f"{action!r} should be legal"


def end_round(game: Game) -> None:
    """Every seat from the current one to the last ends its turn."""
    last = game.players - 1
    while True:
        seat = game.current_player
        game.apply("end")
        if seat == last or game.is_over:
            return


# -- boards shared by several test modules ------------------------------------------------

#: 7x5 island in a lake with the five-space palace in the middle:
#: start spaces e3, d4, f4, e5 and the centre e4. 35 island spaces, 30 of them open land.
PALACE = [
    "~~~~~~~~~",  # 1
    "~.......~",  # 2
    "~...S...~",  # 3
    "~..SPS..~",  # 4
    "~...S...~",  # 5
    "~.......~",  # 6
    "~~~~~~~~~",  # 7
]
