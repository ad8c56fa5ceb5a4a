"""The board view of last resort: any legal action picked from a list.

The play screen uses it when no plugin provides a board view for the game's engine (or
the one registered could not be loaded), so every installed variant stays playable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import Text
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.boardview import Area, BoardView
from game.kit.client.text import draw_panel, fit, inside
from game.ui.widgets import INK

if TYPE_CHECKING:
    from game.core.events import Event
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.kit.client.services import SessionView, ViewServices

ROW_H = 44
CHOOSE = _("Choose an action from the list")


class ActionListView(BoardView):
    """Up/Down (or the wheel) pick an action, Enter or a click applies it."""

    shortcuts = ((_("Up/Down", context="key"), _("Pick action")),
                 (_("Enter", context="key"), _("Apply")))

    def __init__(self, session: SessionView, services: ViewServices, note: Text = "") -> None:
        super().__init__(session, services)
        self.note = note
        self.index = 0
        self.status = session.say(note or CHOOSE)

    def handle(self, intent: Intent, area: Area) -> str | None:
        legal = self.session.legal()
        if not legal:
            return None
        self.index = min(self.index, len(legal) - 1)
        kind = intent.kind
        if kind in ("up", "down", "scroll"):
            up = kind == "up" or (kind == "scroll" and (intent.value or 0) > 0)
            self.index = (self.index + (-1 if up else 1)) % len(legal)
        elif kind == "confirm":
            return legal[self.index]
        elif kind == "click" and inside(intent.pos, area) and intent.pos is not None:
            row = int((intent.pos[1] - area[1] - 70) // ROW_H)
            first = max(0, self.index - 8)
            if 0 <= row and first + row < len(legal):
                self.index = first + row
                return legal[self.index]
        return None

    def on_reset(self) -> None:
        self.index = 0

    def on_events(self, action: str, events: list[Event]) -> None:
        self.index = 0
        self.status = self.session.say(self.note or CHOOSE)

    def draw(self, screen: Screen, area: Area) -> None:
        x, y, w, h = area
        top = draw_panel(screen, x, y, w, h, _("Legal actions"))
        legal = self.session.legal()
        index = min(self.index, max(0, len(legal) - 1))
        first = max(0, index - 8)
        rows = int((h - 80) // ROW_H)
        for i, action in enumerate(legal[first:first + rows]):
            yy = top + 18 + i * ROW_H
            focused = first + i == index
            if focused:
                screen.box(x + 12, yy - 4, w - 24, 42, theme.ACCENT, radius=8)
            screen.text(fit(screen, action, theme.FONT_BODY, w - 60), x + 30, yy,
                        theme.FONT_BODY, INK if focused else theme.TEXT)
