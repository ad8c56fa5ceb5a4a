"""Where the parts of a game screen sit on the logical 1920x1080 canvas.

The play screen and the replay show a game the same way (the board at the left from the
top of the screen to the status line, and a right column of the seat cards, the side
panel and the log or the replay's notes; the status line and the footer across the
bottom), so the numbers live here once and both import them.

The board is the star: it has the whole height above the status line, because every
board is bound by its height on a 16:9 screen; what a player reads beside it (whose turn,
the scores) stands in the column at the right, one card per seat.
"""

from __future__ import annotations

Area = tuple[float, float, float, float]  # logical x, y, w, h

#: the right column: seat cards, then the panel, then the log
RIGHT_X = 1344.0
RIGHT_W = 560.0
#: the seat cards, two abreast (one under another for two seats), the deciding seat's
#: ringed in gold; more than four seats get shallower cards
SEATS_AREA: Area = (RIGHT_X, 10.0, RIGHT_W, 162.0)
SEAT_GAP = 10.0
SEAT_MAX_H = 76.0
#: a line of a game's own facts under a seat's name (``BoardView.seat_fact_lines``: pawns
#: left, cards in hand); the cards grow by it and the panel under them gives up the room
SEAT_FACT_H = 48.0
#: the turn banner lies over the seat cards for a moment (never over the board)
BANNER_AREA: Area = (RIGHT_X, 10.0, RIGHT_W, 162.0)
#: the board area: 59 % of the canvas; each view reports the part its board covers
#: (``BoardView.board_rect``)
BOARD_AREA: Area = (16.0, 8.0, 1312.0, 940.0)
PANEL_AREA: Area = (RIGHT_X, 184.0, RIGHT_W, 552.0)
#: the action log in play, the notes of the current action in a replay
LOG_AREA: Area = (RIGHT_X, 748.0, RIGHT_W, 200.0)
LOG_LINE = 36.0
STATUS_AREA: Area = (16.0, 956.0, 1888.0, 54.0)


def _grid(players: int) -> tuple[int, int]:
    """Columns and rows of seat cards: two abreast from three seats on."""
    cols = 1 if players <= 2 else 2
    return cols, -(-players // cols)


def _fact_room(players: int, fact_lines: int) -> float:
    """How much taller the seat cards' column grows for ``fact_lines`` lines per card."""
    return _grid(players)[1] * fact_lines * SEAT_FACT_H


def seats_area(players: int, fact_lines: int = 0) -> Area:
    """The seat cards' part of the right column, grown by a game's facts per seat."""
    x, y, w, h = SEATS_AREA
    return (x, y, w, h + _fact_room(players, fact_lines))


def panel_area(players: int, fact_lines: int = 0) -> Area:
    """The side panel under the seat cards: it starts lower by what the facts take."""
    x, y, w, h = PANEL_AREA
    room = _fact_room(players, fact_lines)
    return (x, y + room, w, h - room)


def seat_cards(players: int, fact_lines: int = 0) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) of each seat's card, in seat order (left to right, then down); with
    ``fact_lines`` each card is that many fact lines taller."""
    x, y, w, h = SEATS_AREA
    cols, rows = _grid(players)
    cw = (w - SEAT_GAP * (cols - 1)) / cols
    ch = min(SEAT_MAX_H, (h - SEAT_GAP * (rows - 1)) / max(1, rows)) + \
        fact_lines * SEAT_FACT_H
    return [(x + (i % cols) * (cw + SEAT_GAP), y + (i // cols) * (ch + SEAT_GAP), cw, ch)
            for i in range(players)]
