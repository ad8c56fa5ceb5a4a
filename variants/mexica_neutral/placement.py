"""Random placement of the neutral temples, with backtracking and a hard work limit.

Pure functions over a :class:`Board`: used at setup (seeded) and at validation time, where
an impossible map must be a configuration error rather than a hang.
"""

from __future__ import annotations

from game.core.rng import Rng
from variants.mexica.board import LAND, Board

#: search nodes before giving up; far more than any playable board needs
WORK_LIMIT = 20_000


def allowed_cells(board: Board) -> list[int]:
    """Open land (not palace, not pre-printed canal) with no orthogonal lake neighbour."""
    return [c for c in board.island
            if board.kind[c] == LAND and not board.lake_adjacent(c)]


def place(board: Board, levels: list[int], min_distance: int, rng: Rng | None
          ) -> dict[int, int] | None:
    """Cells for ``levels`` pairwise at least ``min_distance`` apart, or None if the search
    finds no layout within ``WORK_LIMIT`` steps. With ``rng`` None the order is fixed
    (reading order), which makes the validation check deterministic."""
    cells = allowed_cells(board)
    if rng is not None:
        rng.shuffle(cells)
    order = sorted(levels, reverse=True)
    chosen: list[int] = []
    work = 0

    w = board.width

    def search(start_options: list[int]) -> bool:
        nonlocal work
        if len(chosen) == len(order):
            return True
        options = start_options
        if chosen:  # the options are far enough from the others already: ask the newest
            x = chosen[-1]
            col, row = x % w, x // w
            options = [c for c in start_options
                       if abs(c % w - col) + abs(c // w - row) >= min_distance]
        if len(options) < len(order) - len(chosen):
            return False
        for i, c in enumerate(options):
            work += 1
            if work > WORK_LIMIT:
                return False
            chosen.append(c)
            if search(options[i + 1:]):
                return True
            chosen.pop()
        return False

    if not search(cells):
        return None
    return dict(zip(chosen, order, strict=True))


def raised_levels(temples: list[int], total: int, max_level: int) -> list[int]:
    """The harder game's composition rule: upgrade the lowest temple one level at a time
    (never past ``max_level``) until the levels add up to ``total``."""
    levels = sorted(temples)
    while sum(levels) < total:
        i = min(range(len(levels)), key=lambda k: (levels[k], k))
        if levels[i] >= max_level:
            break
        levels[i] += 1
    return sorted(levels)
