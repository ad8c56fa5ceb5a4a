"""Showing a move on Aztlán's board: a hint (the cursor put on it) or a lesson's step
(marked where it is played, the cursor left to the learner).

Functions of the board view they serve, read as a
:class:`~variants.aztlan.view.ports.Hinter`; they change the view's cursor, focus or
mark, never the game.
"""

from __future__ import annotations

from variants.aztlan.view import preview as vpreview
from variants.aztlan.view.model import plays_target
from variants.aztlan.view.ports import Hinter

#: the verbs played on territories of the map (the rest are options of the panel)
MAP_VERBS = ("place", "eagle", "move")
#: the verbs whose territories a step's mark shows, though the panel plays them
ABOUT_VERBS = ("battle", "coexist", "sacred", "tlatoani", "rafts")


def words_of(v: Hinter, action: str) -> tuple[str, str, list[int]]:
    """The first action of ``action`` (a plan), its verb and the territories it names."""
    first = " ".join(action.split(";")[0].split())
    words = first.split()
    m = v.model
    index = m.island.index if m is not None else {}
    return first, (words[0] if words else ""), [index[w] for w in words[1:] if w in index]


def point_at(v: Hinter, action: str | None) -> bool:
    """Put the cursor, or the focus, on ``action``: Enter (or a click there) plays it.
    False if the board cannot point at it (nothing is then changed but the hover)."""
    v._sync()
    v.hover_t = v.hover_button = v.hover_card = None
    if action is None:
        v._refresh()
        return False
    first, verb, where = words_of(v, action)
    if verb in MAP_VERBS and where:
        begun = v.begun()
        # (Eagle & Jaguar begins only where the cards show: never a hidden card's play)
        offered = any(o.mode == "eagle" for o in v.decision.options)
        v.mode = "eagle" if verb == "eagle" and offered else None
        v.source = where[0] if verb == "move" else None
        v._redecide(begun)
        v.cursor = where[-1]
        v._refresh()
        return v.decision.kind in ("place", "move") and \
            vpreview.plan(v, v.cursor).action == first
    if verb in ("battle", "coexist") and where:
        v.conflict_t = where[0]
        v._decide()
        v.cursor = where[0]
    options = v.decision.options
    focus = next((i for i, o in enumerate(options) if o.action == first), None)
    if focus is None or not v.kb_focus:  # Enter acts on the map, not this button
        v._refresh()
        return False
    v.focus = focus
    v._refresh()
    return True


def mark(v: Hinter, action: str | None) -> bool:
    """Mark ``action`` where it is played: its territories (a pawn's ghost where one
    lands, a move from one to the other) and the option or card of the panel that plays
    it, without moving the cursor or the focus. False if nothing of it can be marked."""
    v._sync()
    v.target, v.target_cells = None, ()
    if action is None:
        v._refresh()
        return False
    first, verb, where = words_of(v, action)
    d = v.decision
    cells: tuple[int, ...] = ()
    if where and ((verb in MAP_VERBS and d.kind in ("place", "move")) or verb in ABOUT_VERBS):
        cells = tuple(where)
    v.target = first
    if not cells and not any(marked(v, o.action, o.mode) for o in d.options):
        v.target = None
        v._refresh()
        return False
    v.target_cells = cells
    v._refresh()
    return True


def marked(v: Hinter, action: str | None, mode: str | None = None) -> bool:
    """Whether an option of the panel plays the step marked on the board."""
    return plays_target(v.target, v.mode, action, mode)
