"""What decides the pixels of Mexica's board and side panel, so that the play screen
paints and presents only the parts of a frame that changed (issue 37,
:mod:`game.kit.client.damage`).

Every key is made of facts the view already holds (the session's version, the tool and
its settings, the preview's serial, the clock of the motion): no text is measured or
rendered and nothing is laid out to make one, since a key is worked out every frame
whether or not anything changed.

The board and the panel are handed over as parts (:mod:`variants.mexica.view.frame`),
each with its own key; :func:`board_key` stands for the whole board where one key is
asked for, and :func:`panel_key` is the key of the panel's own part (the standing of the
district under the cursor beside it and a token flying from it are parts of their own).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any


def board_key(view: Any) -> Hashable:
    """What the board's pixels depend on, None while pieces move, points rise or bursts
    burn. The board's layers follow the game (its version), the seats' colours and
    marks, the preview (its serial: every move of the cursor and change of tool or
    setting makes a new one, and the cursor's look follows them) and the scoring's
    highlight; over them the cursor, the Pilli and the lake's glints. The lake's light,
    the deciding Pilli's breath and the cursor's pulse follow the view's clock, so the
    key holds only while the clock does (a frame with no time passing). The frame itself
    follows the parts' own keys, finer than this one: a still board repaints only its
    moving lights."""
    if view.anims or view.pops or view.fx.active:
        return None
    game = view.session.game
    return (view.session.version, id(game), view.time, view._serial, view._hl_serial,
            tuple(view.colours), tuple(view.marks))


def panel_key(view: Any) -> Hashable:
    """What the side panel's pixels depend on: the game (AP, period and round, the
    display, the supply, the hands and scores, whose turn), the tool in hand and the
    settings its mode line names (the canal's shape, the bridge's way, the temple's
    level, the bridge picked up, the token chosen in the menu), the seats' looks and
    the "+N" rising over a seat's row. The cursor alone changes none of it: a bridge's
    way is the preview's, which may turn with the space under the cursor."""
    return (*panel_layout_key(view), tuple(sorted(view.panel_pops.items())))


def panel_layout_key(view: Any) -> tuple[Any, ...]:
    """:func:`panel_key` but for the "+N" rising (which moves every frame for a while, and
    moves nothing else): what the panel's layout follows."""
    game = view.session.game
    preview = view.preview
    return (view.session.version, id(game), view.tool, view.canal_mode, preview.axis,
            view.level, view.source, preview.menu_index, tuple(view.colours),
            tuple(view.marks))
