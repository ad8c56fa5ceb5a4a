"""How a district's standing spaces its rows: roomy where it has the room, closer where
four rows must fit over the action log under four long names' panel (above the panel's
seat rows it would cover the tools and the display)."""

from __future__ import annotations

from game.kit.client import Area

#: a standing's spacing: (where its heading's words stand, its first row, one row to the
#: next, the room under the last row), in logical units. Close, its words still stand
#: apart (28-unit words in 32-unit rows) and four rows fit over the log under four long
#: names' panel; above the panel's seat rows the box covers the tools and the display
ROOMY = (8.0, 46.0, 38.0, 6.0)
CLOSE = (4.0, 38.0, 32.0, 8.0)
STANDING_SPACINGS = (ROOMY, CLOSE)


def standing_height(rows: int, spacing: tuple[float, float, float, float]) -> float:
    _head, first, step, foot = spacing
    return first + step * rows + foot


def standing_spacing(box: Area, rows: int) -> tuple[float, float, float, float]:
    """The spacing ``frame.standing_box`` gave the box of a standing of ``rows`` rows."""
    return next((sp for sp in STANDING_SPACINGS
                 if abs(standing_height(rows, sp) - box[3]) < 0.5), ROOMY)
