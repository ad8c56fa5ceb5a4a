"""The pause menu over a game, and the save-game name entry."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game.core.errors import AztecArcadeError, SaveError
from game.i18n import Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.messages import one_line
from game.kit.client.text import ease_out
from game.ui.dialogs import Confirm
from game.ui.saves import AUTOSAVE, HOSTED
from game.ui.scenes.common import HasSession, MenuScene, TypingScene
from game.ui.seatchoice import SeatsScene, game_on_stack
from game.ui.variantwords import variant_text
from game.ui.widgets import Menu, MenuItem, TextField, draw_footer

if TYPE_CHECKING:
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.session import Session
    from game.ui.shell import Shell

QUIT_QUESTION = _("Quit to title? Your game is autosaved.")
#: why the save scene does not save a game built at a position (tests, puzzles)
NOT_SAVED = _("A test position, not a real game: it cannot be saved")


class PauseScene(MenuScene):
    overlay = True
    is_menu = True
    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Enter", context="key"), _("Select")), (_("Esc", context="key"), _("Resume")))

    def __init__(self, host: HasSession) -> None:
        super().__init__()
        #: the scene paused (the board, or the "Pass to" screen over it)
        self.host = host
        #: "Invite phones" while nothing listens; the seats phones hold once it does
        self.phones = MenuItem(_("Invite phones"), self.invite)
        self.menu = Menu(self._items(seats=False), 660, 260, 600)

    def _items(self, seats: bool) -> list[MenuItem]:
        """The menu; "Seats" (who plays each seat) in a game, not in a lesson."""
        return [
            MenuItem(_("Resume"), self.back),
            MenuItem(_("Save game"), self.save_game),
            MenuItem(_("Rules help"), self.rules),
            *([MenuItem(_("Seats"), self.seats)] if seats else []),
            self.phones,
            MenuItem(_("Settings"), self.settings),
            MenuItem(_("Quit to title"), self.quit_to_title),
        ]

    def enter(self, app: Shell) -> None:
        super().enter(app)
        if game_on_stack(app) is not None:
            self.menu.y, self.menu.item_h, self.menu.gap = 236, 80, 12
            self.menu.set_items(self._items(seats=True), keep_focus=False)

    def seats(self) -> None:
        """Who plays each seat: a person who must leave hands theirs to the computer."""
        assert self.app is not None
        self.app.stack.push(SeatsScene())

    def save_game(self) -> None:
        assert self.app is not None
        self.app.stack.push(SaveScene(self.host.session))

    def rules(self) -> None:
        assert self.app is not None
        self.app.stack.push("help", self.host.session.game)

    def settings(self) -> None:
        assert self.app is not None
        self.app.stack.push("settings")

    def invite(self) -> None:
        assert self.app is not None
        self.app.stack.push("invite")

    def quit_to_title(self) -> None:
        assert self.app is not None
        self.app.stack.push(Confirm(QUIT_QUESTION, self._really_quit))

    def _really_quit(self) -> None:
        assert self.app is not None
        app = self.app
        session = self.host.session
        if not session.game.is_over and session.autosave is not None:
            session.autosave(session.game)  # where this game saves (a lesson: its own file)
        app.stack.clear_to("title")

    def handle(self, intent: Intent) -> None:
        if intent.kind == "help":
            self.rules()
            return
        super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is not None:
            self.phones.label = _("Phones and seats") if self.app.remote.running else \
                _("Invite phones")

    def draw(self, screen: Screen) -> None:
        screen.box(*screen.whole(), (0, 0, 0, 180))
        # the menu stands on its own stone: no word of the game reads through it
        bottom = self.menu.y + self.menu.height + 40
        frames.panel(screen, 600, 24, 720, bottom - 24, theme.ACCENT, radius=24, width=5)
        slide = ease_out(self.t / 0.3)
        screen.text(say(_("Paused")).upper(), 960, 80 + 50 * slide, theme.FONT_TITLE,
                    theme.ACCENT, "center")
        self.menu.draw(screen)
        draw_footer(screen, self.shortcuts)


class SaveScene(TypingScene):
    """Name entry for a save; never overwrites the autosave or a damaged file."""

    overlay = True
    is_menu = True
    shortcuts = ((_("Type", context="key"), _("Name")), (_("Enter", context="key"), _("Save")),
                 (_("Backspace", context="key"), _("Delete")),
                 (_("Esc", context="key"), _("Cancel")))

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        default = f"{say(variant_text(session.game.spec.name))} " \
            f"{time.strftime('%Y-%m-%d %H-%M')}"
        self.field = TextField(default, max_len=40,
                               allowed=lambda ch: ch.isalnum() or ch in " _-")
        self.error: Text = NOT_SAVED if session.game.is_position else ""

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self.typing(True)

    def resume(self) -> None:
        self.typing(True)

    def handle(self, intent: Intent) -> None:
        assert self.app is not None
        if intent.kind == "back":
            self.app.play_sound("back")
            self.app.stack.pop()
            return
        if intent.kind == "confirm":
            self.save()
            return
        if self.field.handle(intent):
            self.error = ""

    def save(self, overwrite: bool = False) -> None:
        assert self.app is not None
        name = self.field.value.strip()
        if self.session.game.is_position:
            self.error = NOT_SAVED
            return
        if not name:
            self.error = _("Type a name for the save")
            return
        store = self.app.saves
        path = store.path(name)
        reserved = {store.path(AUTOSAVE): AUTOSAVE, store.path(HOSTED): HOSTED}
        if path in reserved:  # the window's autosave, and the headless host's
            self.error = _("'{name}' is reserved for the automatic save; choose another "
                           "name", name=reserved[path])
            return
        if path.exists() and not overwrite:
            try:
                store.read(path)
            except SaveError:
                self.error = _("A damaged file is called {file}; choose another name",
                               file=path.name)
                return
            self.app.stack.push(Confirm(_("Replace the save '{name}'?", name=path.stem),
                                        lambda: self.save(overwrite=True), default_yes=False))
            return
        try:
            written = store.write(name, self.session.game, self.session.names,
                                  self.session.meta())
        except (OSError, AztecArcadeError, ValueError) as exc:
            self.error = _("Could not save: {problem}", problem=one_line(exc))
            self.app.play_sound("error")
            return
        self.app.toast(_("Saved as '{name}'", name=written.stem))
        self.app.play_sound("click")
        self.app.stack.pop()

    def draw(self, screen: Screen) -> None:
        screen.box(*screen.whole(), (0, 0, 0, 180))
        frames.panel(screen, 360, 300, 1200, 420, theme.ACCENT, radius=24, width=5)
        screen.text(_("Save game"), 960, 360, theme.FONT_LARGE, theme.ACCENT, "center")
        screen.text(_("Name of the save:"), 420, 420, theme.FONT_BODY, theme.TEXT_DIM)
        self.field.draw(screen, 420, 470, 1080, 84, True, self.t, theme.FONT_LARGE)
        if self.error:
            screen.text(self.error, 420, 590, theme.FONT_BODY, theme.DANGER, wrap=1080)
        else:
            screen.text(_("Enter saves · Esc cancels"), 420, 590, theme.FONT_BODY,
                        theme.TEXT_DIM)
        draw_footer(screen, self.shortcuts)
