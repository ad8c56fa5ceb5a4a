"""The list of saved games. Damaged files are shown with their problem and left alone."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.core.errors import SaveError
from game.i18n import Listing, Text
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.messages import one_line
from game.ui.saves import AUTOSAVE, SaveEntry
from game.ui.scenes.common import MenuScene, when
from game.ui.sessions import colours_from_meta, make_session, names_from_meta
from game.ui.variantwords import variant_text
from game.ui.widgets import Menu, MenuItem, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell


def describe(entry: SaveEntry, variant_name: str = "") -> Text:
    names: Listing | Text = Listing(tuple(entry.names), "comma") if entry.names else \
        _.n("{n} player", "{n} players", n=entry.players)
    state = _("finished", context="save") if entry.finished else \
        _("in progress", context="save")
    return _.n("{game} · {names} · {when} · {n} action · {state}",
               "{game} · {names} · {when} · {n} actions · {state}", n=entry.actions,
               game=variant_text(variant_name) if variant_name else entry.variant,
               names=names, when=when(entry.saved),
               state=state)


#: where the list starts; with no saves, where the sentence saying so and Back stand
MENU_Y = 200.0
EMPTY_TEXT_Y = 260.0
EMPTY_MENU_Y = 340.0


class LoadScene(MenuScene):
    backdrop = True
    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Enter", context="key"), _("Load / Replay")),
                 (_("Esc", context="key"), _("Back")))

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []
        self.menu = Menu([], 160, MENU_Y, 1600, item_h=96, gap=12, visible=7,
                         font=theme.FONT_BODY * 1.15, align="left")
        self.message: Text = ""
        self.message_bad = False

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        assert self.app is not None
        self.entries = self.app.saves.list()
        items: list[MenuItem] = []
        for entry in self.entries:
            label: Text = _("Autosave (last game)") if entry.name == AUTOSAVE else entry.name
            if entry.ok:
                if entry.finished:
                    label = _("{save}  ·  Replay", save=label)
                spec = self.app.registry.variants.get(entry.variant)
                items.append(MenuItem(label, partial(self.open, entry),
                                      detail=describe(entry, spec.name if spec else "")))
            else:
                items.append(MenuItem(_("{file}  (damaged)", file=entry.path.name), None,
                                      enabled=False, error=_("Cannot be loaded: {problem}",
                                                             problem=one_line(entry.error))))
        items.append(MenuItem(_("Back"), self.back))
        self.menu.set_items(items)
        # with no saves the sentence saying so stands where the list would, Back below it
        self.menu.y = MENU_Y if self.entries else EMPTY_MENU_Y

    def open(self, entry: SaveEntry) -> None:
        assert self.app is not None
        app = self.app
        try:
            game, meta = app.saves.read(entry.path)
        except SaveError as exc:
            self.message, self.message_bad = one_line(exc), True
            app.play_sound("error")
            self.refresh()
            return
        names = names_from_meta(meta, game.players)
        if game.is_over:
            app.stack.push("replay", game, names, colours_from_meta(meta, game.players))
            return
        session = make_session(app, game, names, colours_from_meta(meta, game.players))
        session.apply_meta(meta)  # the computer seats
        app.stack.replace("play", session)

    def handle(self, intent: Intent) -> None:
        if intent.kind in ("page_up", "page_down"):
            self.menu.move(-self.menu.visible if intent.kind == "page_up" else self.menu.visible)
            return
        if intent.kind in ("click", "confirm"):
            i = self.menu.hit(intent.pos) if intent.kind == "click" else self.menu.focus
            if i is not None and 0 <= i < len(self.menu.items) and \
                    not self.menu.items[i].enabled:
                self.message = _("This file is damaged and cannot be loaded; it is left as "
                                 "it is.")
                self.message_bad = True
                if self.app is not None:
                    self.app.play_sound("error")
                return
        self.message = ""
        super().handle(intent)

    def draw(self, screen: Screen) -> None:
        draw_backdrop(screen, self.t)
        count = sum(1 for e in self.entries if e.ok)
        damaged = len(self.entries) - count
        sub: Text = _.n("{n} saved game", "{n} saved games", n=count)
        if damaged:
            sub = _("{saves}, {damaged}", saves=sub, damaged=_.n(
                "{n} damaged file", "{n} damaged files", n=damaged))
        draw_header(screen, _("Load game"), self.t, sub)
        if not self.entries:
            screen.text(_("No saved games yet. A game in progress is saved automatically."),
                        960, EMPTY_TEXT_Y, theme.FONT_BODY, theme.TEXT_DIM, "center")
        self.menu.draw(screen)
        if self.message:
            screen.text(self.message, 960, 960, theme.FONT_BODY,
                        theme.DANGER if self.message_bad else theme.GOOD, "center")
        draw_footer(screen, self.shortcuts)
