"""When a game's screen may rest (:meth:`game.ui.shell.Scene.wakes_in`).

A board in front of people thinking is still for minutes at a time: nothing on it moves
but the pulse of the cursor, which says where the cursor is, not that anything happens.
So once the board's own motion is over (pieces landed, bursts faded, queued steps
played), no computer or phone is deciding and nobody has touched anything for
:data:`~game.ui.shell.SETTLE` seconds, the play screen asks for no more frames and the
client sleeps until the next input: the pulse pauses where it is and starts again with
the next key, and a still board costs the machine nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.kit.client import fx
from game.ui.shell import ENTRANCE, rests

if TYPE_CHECKING:
    from game.kit.client.boardview import BoardView
    from game.ui.hints import Hinter
    from game.ui.seats import Seats
    from game.ui.shell import Shell
    from game.ui.widgets import Banner


class Board(Protocol):
    """What :func:`board_wake` reads of the play screen (which imports it)."""

    app: Shell | None
    done: bool
    t: float
    results_pending: bool
    banner: Banner
    refused_t: float
    seats: Seats
    view: BoardView

    @property
    def hinter(self) -> Hinter: ...


def board_wake(scene: Board) -> float | None:
    """The play screen's :meth:`~game.ui.shell.Scene.wakes_in`: every frame while
    anything on it moves or waits on a clock (its entrance, the turn banner, a refusal's
    shake, a computer or a phone deciding, a hint being worked out, the results coming),
    then none once it has settled."""
    app = scene.app
    if app is None or scene.done or scene.t < ENTRANCE or scene.results_pending:
        return 0.0
    if scene.banner.active or scene.refused_t < fx.SHAKE_TIME or scene.hinter.thinking:
        return 0.0
    driver = scene.seats.deciding()
    if driver is not None and not driver.wants_local_input:
        return 0.0  # a computer thinks (its pace is a clock), a phone's move is polled
    if scene.view.moving:
        return 0.0
    return rests(app)
