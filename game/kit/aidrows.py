"""The rows of a player aid's pages, as ``Rules.player_aid`` returns them.

A page's groups list rows: a label, what it costs, a note, and the picture beside it (a
piece the board view's ``draw_aid_figure`` knows by name). Every game's aid, built-in or a
mod's, writes the same dictionaries, so the rules side needs no drawing code and the help
screen reads one shape.
"""

from __future__ import annotations

from typing import Any

from game.i18n.message import Text


def aid_row(label: Text, note: Text, piece: str, cost: Text | None = None) -> dict[str, Any]:
    """One row: ``label`` (what you do), ``note`` (how), ``piece`` (its icon's name), and
    ``cost`` when it has one ("2 AP", "a coin")."""
    row: dict[str, Any] = {"label": label, "note": note,
                           "icon": {"kind": "icon", "piece": piece}}
    if cost is not None:
        row["cost"] = cost
    return row
