"""The privacy hand-off: "Pass to <name>", in a game where seats keep secrets.

Pushed over the board whenever the decision passes to another person at this screen, it
hides the board (it is not an overlay) until that person presses Enter or clicks, so no
one else sees their secrets. Esc, F1 and S open the menus as on the board; a controller
claimed by another seat may not dismiss it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import Seat, Text
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.art import frames, scenery
from game.kit.client.screen import draw_mark
from game.kit.client.text import pulse
from game.ui.scenes.common import BaseScene, open_game_menu, seat_colours, seat_mark
from game.ui.seats import pad_refusal
from game.ui.shell import ENTRANCE, rests
from game.ui.widgets import draw_footer

if TYPE_CHECKING:
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.session import Session


class HandoffScene(BaseScene):
    backdrop = True
    shortcuts = ((_("Enter", context="key"), _("I am ready")),
                 (_("Esc", context="key"), _("Menu")))

    def __init__(self, session: Session, seat: int,
                 refuse: Callable[[Text], None] | None = None) -> None:
        super().__init__()
        self.session = session
        #: the seat the screen is passed to
        self.seat = seat
        #: shows why a press is refused, with the error sound (the play screen's status
        #: line, read once the screen is passed)
        self.refuse = refuse

    def handle(self, intent: Intent) -> None:
        assert self.app is not None
        if open_game_menu(self.app, intent, self):
            return
        refusal = pad_refusal(self.session, intent)
        if refusal:
            if self.refuse is not None:
                self.refuse(refusal)
            else:
                self.app.play_sound("error")
        elif intent.kind in ("confirm", "click"):
            self.app.play_sound("click")
            self.app.stack.pop()

    def wakes_in(self) -> float | None:
        """The pulsing words are a cue: the screen rests a few seconds after it came up
        (the device may take minutes to pass)."""
        return 0.0 if self.t < ENTRANCE or self.app is None else rests(self.app)

    def draw(self, screen: Screen) -> None:
        assert self.app is not None
        seat = self.seat
        colour = seat_colours(self.app, self.session, self.session.game.players)[seat]
        scenery.wall(screen)  # nothing of the board shows: the next player's secrets
        frames.panel(screen, -20, 300, 1960, 420, theme.PANEL_LIGHT, radius=0, width=0)
        screen.box(0, 300, 1920, 12, colour)  # one stone slab for every seat, its colour
        screen.box(0, 708, 1920, 12, colour)  # in the bands
        draw_mark(screen, seat_mark(self.session, seat), 960, 400, 56, colour)
        screen.text(self.session.say(_("Pass to {player}", player=Seat(seat))), 960, 530,
                    theme.FONT_TITLE, colour,
                    "center")
        k = pulse(self.t, 4)
        screen.text(_("Others look away. Press Enter when ready."), 960, 640,
                    theme.readable(theme.FONT_LARGE * (0.96 + 0.04 * k)), theme.TEXT, "center")
        draw_footer(screen, self.shortcuts)
