"""Where the parts of a game screen sit on the logical 1920x1080 canvas.

The play screen and the replay show a game the same way (the board at the left from the
top of the screen to the status line, and a right column of the seat cards, the side
panel and the log or the replay's notes; the status line and the footer across the
bottom), so the numbers live here once and both import them.

The board is the star: it has the whole height above the status line, because every
board is bound by its height on a 16:9 screen; what a player reads beside it (whose turn,
the scores) stands in the column at the right, one card per seat.

The numbers are the 1920x1080 canvas's. A taller window (16:10, a Steam Deck's) has a
taller canvas (``Screen.extra`` more units): the board and the log reach that much lower
(:func:`taller`, ``log_area``'s ``extra``), and the status line and the shortcut bar stand
on the bottom edge (``Screen.foot``), so nothing is letterboxed.
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
#: the board area: 59 % of the canvas; each view reports the part its board covers
#: (``BoardView.board_rect``)
BOARD_AREA: Area = (16.0, 8.0, 1312.0, 940.0)
PANEL_AREA: Area = (RIGHT_X, 184.0, RIGHT_W, 552.0)
#: the action log in play, the notes of the current action in a replay
LOG_AREA: Area = (RIGHT_X, 748.0, RIGHT_W, 200.0)
LOG_LINE = 36.0
STATUS_AREA: Area = (16.0, 956.0, 1888.0, 54.0)


#: a seat card on a row of its own (names too long to stand two abreast): one line, its
#: name, its turn tag and its score; with a game's facts (``seat_fact_lines``) two, the
#: facts beside the tag (a card this wide needs no line of its own for them)
WIDE_CARD_H = 56.0
WIDE_FACTS_CARD_H = 80.0
#: where the side panel and the log end (the status line is under the log)
PANEL_BOTTOM = PANEL_AREA[1] + PANEL_AREA[3]
LOG_BOTTOM = LOG_AREA[1] + LOG_AREA[3]
#: the gap between the seat cards, the panel and the log
COLUMN_GAP = 12.0
#: the least height of the side panel: below it the log gives up rows (it keeps at
#: least ``LOG_MIN_H``)
PANEL_MIN_H = 500.0
LOG_MIN_H = 142.0


def _grid(players: int, wide: bool = False) -> tuple[int, int]:
    """Columns and rows of seat cards: two abreast from three seats on, unless ``wide``
    (a name needs the column's whole width)."""
    cols = 1 if players <= 2 or wide else 2
    return cols, -(-players // cols)


def seat_cards(players: int, fact_lines: int = 0,
               wide: bool = False) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) of each seat's card, in seat order (left to right, then down); with
    ``fact_lines`` each card is that many fact lines taller, unless ``wide`` puts every
    card on a row of its own (three or four seats then take more of the column's
    height, and the facts stand on the card's second line)."""
    x, y, w, h = SEATS_AREA
    cols, rows = _grid(players, wide)
    cw = (w - SEAT_GAP * (cols - 1)) / cols
    if wide and players > 2:
        ch = WIDE_FACTS_CARD_H if fact_lines else WIDE_CARD_H
    else:
        ch = min(SEAT_MAX_H, (h - SEAT_GAP * (rows - 1)) / max(1, rows)) + \
            fact_lines * SEAT_FACT_H
    return [(x + (i % cols) * (cw + SEAT_GAP), y + (i // cols) * (ch + SEAT_GAP), cw, ch)
            for i in range(players)]


def seats_area(players: int, fact_lines: int = 0, wide: bool = False) -> Area:
    """The seat cards' part of the right column (grown by a game's facts per seat, and
    by cards on rows of their own); the turn banner lies over all of it for a moment."""
    x, y, w, h = SEATS_AREA
    cards = seat_cards(players, fact_lines, wide)
    bottom = max(cy + ch for _cx, cy, _cw, ch in cards) if cards else y + h
    return (x, y, w, max(h, bottom - y))


def panel_area(players: int, fact_lines: int = 0, wide: bool = False) -> Area:
    """The side panel under the seat cards: it starts lower by what the cards take, and
    keeps at least ``PANEL_MIN_H`` by reaching down into the log's room."""
    x, sy, w, sh = seats_area(players, fact_lines, wide)
    top = sy + sh + COLUMN_GAP
    bottom = max(PANEL_BOTTOM, min(top + PANEL_MIN_H, LOG_BOTTOM - LOG_MIN_H - COLUMN_GAP))
    return (x, top, w, bottom - top)


def log_area(players: int, fact_lines: int = 0, wide: bool = False,
             extra: float = 0.0) -> Area:
    """The action log under the panel, down to the status line; on a canvas ``extra``
    units taller than 1080 (``Screen.extra``: a 16:10 screen) the log takes them, as
    lines of the game's story, while the cards and the panel keep their places."""
    x, py, w, ph = panel_area(players, fact_lines, wide)
    top = py + ph + COLUMN_GAP
    return (x, top, w, LOG_BOTTOM + extra - top)


def taller(area: Area, extra: float) -> Area:
    """``area`` reaching ``extra`` units lower: a board on a canvas that much taller
    than 1080 (its status line and the shortcut bar stand that much lower)."""
    x, y, w, h = area
    return (x, y, w, h + extra)
