"""Shared helpers for the two-player neutral-temple tests (no engine internals beyond the
documented state fields)."""

from __future__ import annotations

from string import ascii_lowercase

from game.api import Game, new_game

NEUTRAL = -1
VARIANT = "mexica-2p-neutral"


def cell_xy(name: str) -> tuple[int, int]:
    """'f5' -> (column 5, row index 4)."""
    return ascii_lowercase.index(name[0]), int(name[1:]) - 1


def manhattan(a: str, b: str) -> int:
    (ax, ay), (bx, by) = cell_xy(a), cell_xy(b)
    return abs(ax - bx) + abs(ay - by)


def kind_at(rows: list[str], name: str) -> str:
    """The map letter of a space; everything off the drawn map is lake."""
    x, y = cell_xy(name)
    if 0 <= y < len(rows) and 0 <= x < len(rows[y]):
        return rows[y][x]
    return "~"


def touches_lake(rows: list[str], name: str) -> bool:
    x, y = cell_xy(name)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nx, ny = x + dx, y + dy
        if not (0 <= ny < len(rows) and 0 <= nx < len(rows[ny])):
            return True  # off the drawn map: lake
        if rows[ny][nx] == "~":
            return True
    return False


def neutral_layout(game: Game) -> dict[str, int]:
    """{space: level} of the neutral temples, by space name."""
    names = game.rules.table.board.names
    return {names[c]: level for c, (owner, level) in game.state.temples.items()
            if owner == NEUTRAL}


def open_island(width: int, height: int) -> list[str]:
    """A rectangular island of open land with a two-space palace, ringed by lake."""
    rows = ["~" * width] + ["~" + "." * (width - 2) + "~" for _ in range(height - 2)]
    rows.append("~" * width)
    rows[2] = "~.SS" + rows[2][4:]
    return rows


# -- scenario boards ---------------------------------------------------------------------
def scenario_board(width: int, height: int = 1) -> list[str]:
    """Palace district b2 c2 / b3 c3 on the left (lake column d between), and a district of
    ``width`` x ``height`` open land starting at e2 on the right, all ringed by lake."""
    w = width
    rows = ["~" * (w + 5), "~SS~" + "." * w + "~",
            "~..~" + ("." * w if height >= 2 else "~" * w) + "~"]
    for _ in range(height - 2):
        rows.append("~~~~" + "." * w + "~")
    rows.append("~" * (w + 5))
    return rows


def scenario_game(width: int, height: int, neutral: dict[str, int],
                  period1: list[int] | None = None, period2: list[int] | None = None,
                  **extra: object) -> Game:
    """A started two-player game on :func:`scenario_board`; both Pilli are moved off the
    palace start spaces (to b3 and c3) so no palace bonus muddies the district points."""
    options: dict[str, object] = {
        "board": scenario_board(width, height),
        "neutral_temples": dict(neutral),
        "calpulli": {"period1": list(period1 or []), "period2": list(period2 or [])},
    }
    options.update(extra)
    game = new_game(VARIANT, 2, seed=0, options=options)
    game.apply("start b2")
    game.apply("start c2")
    idx = game.rules.table.board.index
    game.state.pilli = [idx["b3"], idx["c3"]]
    return game


def build(game: Game, seat: int, space: str, level: int) -> None:
    """Put one of ``seat``'s temples from its hand on ``space`` (scenario set-up)."""
    state = game.state
    state.hands[seat].remove(level)  # raises if the hand has no such temple
    c = game.rules.table.board.index[space]
    assert c not in state.temples
    state.temples[c] = (seat, level)


def found(game: Game, space: str, size: int) -> None:
    """Lay a displayed calpulli token of ``size`` on ``space`` (scenario set-up)."""
    state = game.state
    state.display.remove(size)
    c = game.rules.table.board.index[space]
    assert len(state.dcells[state.label[c]]) == size, "token size must match the district"
    state.tokens[c] = size
