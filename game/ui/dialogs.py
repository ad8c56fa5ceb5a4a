"""Questions over the current screen: a menu dialog that Esc dismisses, and the yes/no
:class:`Confirm` built on it (the invite screen's choices are another)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.fx import motion_reduced
from game.kit.client.text import ease_out
from game.ui.shell import Scene
from game.ui.widgets import Menu, MenuItem, draw_footer

if TYPE_CHECKING:
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen


class MenuDialog(Scene):
    """A menu over the current screen (``menu``, set by the subclass): Up/Down and Enter
    choose, Esc calls :meth:`dismiss`. The subclass draws it."""

    overlay = True
    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Enter", context="key"), _("Select")), (_("Esc", context="key"), _("Cancel")))
    menu: Menu

    def __init__(self) -> None:
        super().__init__()
        self.t = 0.0

    def enter(self, app) -> None:  # type: ignore[no-untyped-def]
        super().enter(app)
        self.menu.sound = app.play_sound

    def dismiss(self) -> None:
        """Esc: close without choosing."""
        assert self.app is not None
        self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.dismiss()
            return
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.t += dt
        self.menu.update(dt)


#: a question's answers unless it names its own
YES, NO = _("Yes"), _("No")


class Confirm(MenuDialog):
    """A yes/no question over the current screen. Esc answers no."""

    def __init__(self, message: Text, on_yes: Callable[[], None],
                 on_no: Callable[[], None] | None = None, yes: Text = YES,
                 no: Text = NO, default_yes: bool = True) -> None:
        super().__init__()
        self.message = say(message)  # said once, as the question is asked
        self.on_yes = on_yes
        self.on_no = on_no
        self.menu = Menu([MenuItem(yes, self._yes), MenuItem(no, self._no)],
                         660, 540, 600, item_h=84)
        self.menu.focus = 0 if default_yes else 1

    def enter(self, app) -> None:  # type: ignore[no-untyped-def]
        super().enter(app)
        self.menu.calm = lambda: motion_reduced(app)

    def _yes(self) -> None:
        assert self.app is not None
        self.app.stack.pop()
        self.on_yes()

    def _no(self) -> None:
        assert self.app is not None
        self.app.stack.pop()
        if self.on_no is not None:
            self.on_no()

    def dismiss(self) -> None:
        self._no()

    def draw(self, screen: Screen) -> None:
        screen.box(*screen.whole(), (0, 0, 0, 170))
        grow = ease_out(self.t / 0.25)
        h = 480 * (0.85 + 0.15 * grow)
        frames.panel(screen, 460, 540 - h * 0.55, 1000, h, theme.ACCENT, radius=24, width=5)
        screen.text(self.message, 960, 330, theme.FONT_LARGE, theme.TEXT, "midtop", wrap=900)
        self.menu.draw(screen)
        draw_footer(screen, self.shortcuts)
