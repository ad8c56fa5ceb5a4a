"""The market square: square names, the four sides and every buyer's line.

Squares are named by column letter and row number, row 1 at the top (``a1`` top left).
Each seat owns one side of the square; its buyers are numbered 1, 2, ... from the
player's left as they sit facing the market:

* south (seat 0) sits below row 4 and looks north: buyers 1-4 stand at columns a-d;
* west (seat 1) sits left of column a and looks east: buyers 1-4 stand at rows 1-4;
* north (seat 2) sits above row 1 and looks south: buyers 1-4 stand at columns d-a;
* east (seat 3) sits right of column d and looks west: buyers 1-4 stand at rows 4-1.

A buyer's *line* lists the squares of its column or row starting next to the buyer's
edge and running away from it, so "between the buyer and a vendor" is a prefix of it.
"""

from __future__ import annotations

from string import ascii_lowercase

from game.i18n import Msg
from variants.market.text import _

#: Seat order is clockwise round the table, seat 0 first.
SIDES: tuple[str, ...] = ("south", "west", "north", "east")
OPPOSITE = {"south": "north", "north": "south", "west": "east", "east": "west"}


class Geometry:
    """Precomputed names and lines for an ``n`` by ``n`` market."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.size = n * n
        self.names: list[str] = [f"{ascii_lowercase[i % n]}{i // n + 1}"
                                 for i in range(self.size)]
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        #: side -> buyer (0-based) -> squares from the buyer's edge inward
        self.lines: dict[str, list[tuple[int, ...]]] = {}
        #: side -> buyer -> "column a" / "row 3"
        self.line_names: dict[str, list[Msg]] = {}
        for side in SIDES:
            lines, labels = [], []
            for b in range(n):
                if side == "south":
                    col = b
                    sq = tuple(r * n + col for r in range(n - 1, -1, -1))
                elif side == "north":
                    col = n - 1 - b
                    sq = tuple(r * n + col for r in range(n))
                elif side == "west":
                    row = b
                    sq = tuple(row * n + c for c in range(n))
                else:  # east
                    row = n - 1 - b
                    sq = tuple(row * n + c for c in range(n - 1, -1, -1))
                lines.append(sq)
                labels.append(_("column {label}", label=ascii_lowercase[col])
                              if side in ("south", "north") else
                              _("row {label}", label=row + 1))
            self.lines[side] = lines
            self.line_names[side] = labels
        #: square -> the squares in its row and its column (itself excluded)
        self.cross: list[tuple[int, ...]] = []
        for i in range(self.size):
            r, c = divmod(i, n)
            self.cross.append(tuple(j for j in range(self.size)
                                    if j != i and (j // n == r or j % n == c)))


def sides_for(players: int) -> tuple[str, ...]:
    """The side of each seat: south, west, north, east in seat order (clockwise)."""
    return SIDES[:players]


def teams_for(players: int, partnerships: bool) -> list[tuple[int, ...]]:
    """The teams: facing partners when all four sides are taken, else one player each."""
    sides = sides_for(players)
    if partnerships and players == len(SIDES):
        seen: set[int] = set()
        teams: list[tuple[int, ...]] = []
        for seat, side in enumerate(sides):
            if seat in seen:
                continue
            mate = sides.index(OPPOSITE[side])
            seen.update((seat, mate))
            teams.append((seat, mate))
        return teams
    return [(seat,) for seat in range(players)]
