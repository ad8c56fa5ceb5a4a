"""The player aid overlay: action costs, the scoring summary and the controls.

The text comes from the rules (``Rules.player_aid``), built from the variant's numbers,
so the shell never special-cases a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.isolation import guard_rules
from game.plugins import get_registry
from game.ui import theme
from game.ui.art import frames
from game.ui.scenes.common import BaseScene, MenuScene
from game.ui.widgets import (
    INK,
    Menu,
    MenuItem,
    draw_backdrop,
    draw_footer,
    draw_header,
    ease_out,
    fit,
)
from game.words import plural

if TYPE_CHECKING:
    from game.ui.input import Intent
    from game.ui.screen import Screen

CONTROLS: tuple[tuple[str, str], ...] = (
    ("Arrows / mouse", "Move the cursor, choose"),
    ("Enter / Space / click", "Do it"),
    ("Tab", "Next tool"),
    ("R / right click", "Turn the piece, or the next option"),
    ("1-9", "Pick a numbered choice"),
    ("U  or  Ctrl+Z", "Undo (within your turn)"),
    ("Y  or  Ctrl+Shift+Z", "Redo"),
    ("E", "End the turn (with AP left: E again)"),
    ("P (hold)  or  LT", "Peek at your own secret cards"),
    ("S", "Save the game"),
    ("Esc", "Pause menu"),
    ("F1", "This help"),
    ("F11", "Fullscreen"),
    ("Controller", "A do · B back · X end turn · Y/RB tool · LB rotate · Start menu"),
)

Row = tuple[str, str]


def _aid(rules: Any) -> dict[str, Any] | None:
    """The rules' player aid if it is a mapping. The rules are behind the plugin guard:
    if ``player_aid`` raises, the failure unwinds to the App like any other."""
    aid = rules.player_aid()
    return aid if isinstance(aid, dict) else None


class HelpScene(BaseScene):
    overlay = True
    is_menu = True
    shortcuts = (("Left/Right", "Page"), ("Esc / F1", "Close"))
    PAGES = ("Actions", "Scoring", "Controls")

    def __init__(self, title: str = "Rules help", aid: dict[str, Any] | None = None,
                 description: str = "") -> None:
        super().__init__()
        self.title = title
        aid = aid or {}
        self.description = description
        self.intro = str(aid.get("intro", ""))
        self.cost_rows = [(str(a), str(b)) for a, b in aid.get("actions", [])]
        self.scoring = [str(line) for line in aid.get("scoring", [])]
        self.page = 0 if (self.cost_rows or self.intro) else (1 if self.scoring else 2)

    @classmethod
    def for_game(cls, game: Any) -> HelpScene:
        return cls(f"{game.spec.name}: player aid", _aid(game.rules), game.spec.description)

    @classmethod
    def for_spec(cls, spec: Any | None) -> HelpScene:
        if spec is None:
            return cls("Controls")
        try:
            _spec, rules = get_registry().make_rules(spec.id, spec.min_players)
        except Exception:  # noqa: BLE001 - help must open even for a broken variant
            return cls(f"{spec.name}: player aid", None, spec.description)
        return cls(f"{spec.name}: player aid", _aid(guard_rules(rules)), spec.description)

    def handle(self, intent: Intent) -> None:
        assert self.app is not None
        kind = intent.kind
        if kind in ("back", "help", "confirm"):
            self.app.play_sound("back")
            self.app.stack.pop()
        elif kind in ("right", "tab", "down", "page_down"):
            self.page = (self.page + 1) % len(self.PAGES)
        elif kind in ("left", "tab_back", "up", "page_up"):
            self.page = (self.page - 1) % len(self.PAGES)
        elif kind == "click" and intent.pos is not None:
            for i in range(len(self.PAGES)):
                x = 180 + i * 330
                if x <= intent.pos[0] < x + 310 and 160 <= intent.pos[1] < 224:
                    self.page = i
                    return
            self.app.stack.pop()

    def draw(self, screen: Screen) -> None:
        screen.box(0, 0, 1920, 1080, (0, 0, 0, 190))
        grow = ease_out(self.t / 0.25)
        x, y, w, h = 140.0, 60.0 + (1 - grow) * 60, 1640.0, 930.0
        frames.panel(screen, x, y, w, h, theme.ACCENT, radius=24, width=5)
        screen.text(self.title, x + 40, y + 30, theme.FONT_LARGE, theme.ACCENT)
        for i, name in enumerate(self.PAGES):
            tx = 180 + i * 330
            active = i == self.page
            screen.box(tx, y + 100, 310, 64, theme.ACCENT if active else theme.PANEL_LIGHT,
                       radius=12)
            screen.text(name, tx + 155, y + 132, theme.FONT_BODY,
                        INK if active else theme.TEXT, "center")
        cy = y + 196
        page = self.PAGES[self.page]
        if page == "Actions":
            if self.intro:
                screen.text(self.intro, x + 50, cy, theme.FONT_BODY, theme.TEXT)
                cy += 60
            for label, value in self.cost_rows:
                screen.box(x + 40, cy - 6, w - 80, 56, theme.PANEL_LIGHT, radius=10)
                screen.text(fit(screen, label, theme.FONT_BODY, 900), x + 60, cy + 22,
                            theme.FONT_BODY, theme.TEXT, "midleft")
                screen.text(value, x + w - 60, cy + 22, theme.FONT_BODY, theme.ACCENT,
                            "midright")
                cy += 62
            if not self.cost_rows:
                screen.text(self.description or "This variant lists no action costs.",
                            x + 50, cy, theme.FONT_BODY, theme.TEXT, wrap=w - 100)
        elif page == "Scoring":
            lines = self.scoring or [self.description or "No scoring summary available."]
            for line in lines:
                r = screen.text(line, x + 50, cy, theme.FONT_BODY, theme.TEXT, wrap=w - 100)
                cy += r.height / screen.scale + 22
        else:
            for key, meaning in CONTROLS:
                screen.text(key, x + 60, cy, theme.FONT_BODY, theme.ACCENT)
                screen.text(meaning, x + 560, cy, theme.FONT_BODY, theme.TEXT)
                cy += 50
        draw_footer(screen, self.shortcuts)


class RulesChoiceScene(MenuScene):
    """Rules help from the title: which game's? Every installed game is listed; the chosen
    one's player aid opens in its place."""

    shortcuts = (("Up/Down", "Choose"), ("Enter", "Show its rules"), ("Esc", "Back"))

    def __init__(self, specs: list[Any]) -> None:
        super().__init__()
        self.specs = list(specs)
        items = [MenuItem(spec.name, self._chooser(spec), detail=_players(spec))
                 for spec in self.specs]
        items.append(MenuItem("Back", self.back))
        self.menu = Menu(items, 360, 200, 1200, item_h=88, gap=12, visible=8)

    def _chooser(self, spec: Any) -> Any:
        return lambda: self.choose(spec)

    def choose(self, spec: Any) -> None:
        assert self.app is not None
        self.app.stack.replace("rules", spec)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "help":
            self.back()
            return
        super().handle(intent)

    def draw(self, screen: Screen) -> None:
        draw_backdrop(screen, self.t)
        draw_header(screen, "Rules help", self.t, "Which game?")
        self.menu.draw(screen)
        draw_footer(screen, self.shortcuts)


def _players(spec: Any) -> str:
    """ "2-4 players", "2 players": a game's player counts, for the menu."""
    low, high = int(spec.min_players), int(spec.max_players)
    return plural(high, "player") if low == high else f"{low}–{high} players"
