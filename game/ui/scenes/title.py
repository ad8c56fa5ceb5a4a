"""The title screen: animated logo and the main menu."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.errors import SaveError
from game.ui import theme
from game.ui.saves import AUTOSAVE
from game.ui.scenes.common import (
    BaseScene,
    colours_from_meta,
    make_session,
    names_from_meta,
    one_line,
)
from game.ui.widgets import Menu, MenuItem, draw_backdrop, draw_footer, ease_out

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.input import Intent
    from game.ui.screen import Screen

TITLE = "AZTEC ARCADE"


class TitleScene(BaseScene):
    shortcuts = (("Up/Down", "Choose"), ("Enter", "Select"), ("F1", "Rules"),
                 ("F11", "Fullscreen"), ("Esc", "Quit"))

    def __init__(self) -> None:
        super().__init__()
        self.menu = Menu([], 660, 372, 600, item_h=80, gap=14)
        self.error = ""
        self.continue_detail = ""

    def enter(self, app: App) -> None:
        super().enter(app)
        app.input.text_mode = False
        self.menu.sound = app.play_sound
        self._build()

    def resume(self) -> None:
        assert self.app is not None
        self.app.input.text_mode = False
        self._build()

    def _build(self) -> None:
        assert self.app is not None
        items: list[MenuItem] = []
        if self.app.saves.has_autosave():
            items.append(MenuItem("Continue", self.continue_game, detail=self._autosave_info()))
        items += [
            MenuItem("New game", self.new_game),
            MenuItem("Load", self.load),
            MenuItem("Settings", self.settings),
            MenuItem("Rules help", self.rules),
            MenuItem("Quit", self.quit),
        ]
        self.menu.set_items(items, keep_focus=False)

    def _autosave_info(self) -> str:
        assert self.app is not None
        try:
            game, meta = self.app.saves.read(self.app.saves.path(AUTOSAVE))
        except SaveError:
            return ""
        names = names_from_meta(meta, game.players)
        return f"{game.spec.name} · {', '.join(names)} · {len(game.log)} actions"

    # -- menu actions ----------------------------------------------------------------
    def continue_game(self) -> None:
        assert self.app is not None
        app = self.app
        try:
            game, meta = app.saves.read(app.saves.path(AUTOSAVE))
        except SaveError as exc:
            self.error = f"Cannot continue: {one_line(exc)}"
            app.play_sound("error")
            self._build()
            return
        from game.ui.scenes.play import PlayScene

        session = make_session(app, game, names_from_meta(meta, game.players),
                               colours_from_meta(meta, game.players))
        app.stack.push(PlayScene(session))

    def new_game(self) -> None:
        assert self.app is not None
        from game.ui.scenes.setup import SetupScene

        self.app.stack.push(SetupScene())

    def load(self) -> None:
        assert self.app is not None
        from game.ui.scenes.load import LoadScene

        self.app.stack.push(LoadScene())

    def settings(self) -> None:
        assert self.app is not None
        from game.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene())

    def rules(self) -> None:
        assert self.app is not None
        from game.ui.scenes.help import HelpScene

        specs = sorted(self.app.registry.variants.values(), key=lambda s: s.name)
        self.app.stack.push(HelpScene.for_spec(specs[0] if specs else None))

    def quit(self) -> None:
        assert self.app is not None
        self.app.quit()

    # -- frame -----------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            quit_item = self.menu.items[-1]
            if self.menu.current is quit_item:
                self.quit()
            else:
                self.menu.focus = len(self.menu.items) - 1
            return
        if intent.kind == "help":
            self.rules()
            return
        self.error = ""
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.menu.update(dt)

    def draw(self, screen: Screen) -> None:
        draw_backdrop(screen, self.t)
        self._draw_logo(screen)
        self.menu.draw(screen)
        if self.error:
            screen.text(self.error, 960, 960, theme.FONT_BODY, theme.DANGER, "center")
        draw_footer(screen, self.shortcuts)

    def _draw_logo(self, screen: Screen) -> None:
        size = theme.FONT_TITLE * 1.35
        colours = theme.PALETTES["okabe-ito"]
        widths = [screen.text_width(ch, size) for ch in TITLE]
        total = sum(widths)
        x = 960 - total / 2
        drop = ease_out(self.t / 0.8)
        for i, (ch, w) in enumerate(zip(TITLE, widths, strict=True)):
            if ch == " ":
                x += w
                continue
            bob = math.sin(self.t * 2.6 + i * 0.55) * 12
            y = 200 + bob - (1 - drop) * (300 + i * 40)
            colour = colours[(i + int(self.t * 1.5)) % len(colours)]
            screen.text(ch, x + w / 2 + 6, y + 8, size, (0, 0, 0), "center")
            screen.text(ch, x + w / 2, y, size, colour, "center")
            x += w
        screen.text("couch board games on one shared screen", 960, 320, theme.FONT_BODY,
                    theme.TEXT_DIM, "center")
