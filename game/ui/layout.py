"""Where the parts of a game screen sit on the logical 1920x1080 canvas.

The play screen and the replay show a game the same way (the players bar on top, the
board, the side panel, the log or the replay's notes, the status line), so the numbers
live here once and both import them.
"""

from __future__ import annotations

Area = tuple[float, float, float, float]  # logical x, y, w, h

#: the players bar: one card per seat, centred, across the top
BAR_Y = 8.0
BAR_H = 92.0
BAR_GAP = 12.0
BAR_MAX_W = 470.0
#: the board is the star: the area its view draws in is 55 % of the canvas, and each
#: view reports the part its board covers (``BoardView.board_rect``)
BOARD_AREA: Area = (16.0, 112.0, 1368.0, 836.0)
PANEL_AREA: Area = (1400.0, 112.0, 504.0, 560.0)
#: the action log in play, the notes of the current action in a replay
LOG_AREA: Area = (1400.0, 684.0, 504.0, 264.0)
LOG_LINE = 36.0
STATUS_AREA: Area = (16.0, 956.0, 1888.0, 54.0)


def bar_cards(players: int) -> list[tuple[float, float]]:
    """(x, width) of each seat's card in the players bar."""
    w = min(BAR_MAX_W, (1920 - 32 - BAR_GAP * (players - 1)) / players)
    x = (1920 - (w * players + BAR_GAP * (players - 1))) / 2
    cards = []
    for _seat in range(players):
        cards.append((x, w))
        x += w + BAR_GAP
    return cards
