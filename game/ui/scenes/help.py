"""The player aid overlay: action costs, the scoring summary and the controls.

Every number is read from the variant's parameters, so a variant with other costs shows
its own aid. Parts whose parameters a variant lacks are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ui import theme
from game.ui.scenes.common import BaseScene
from game.ui.widgets import INK, draw_footer, ease_out, fit

if TYPE_CHECKING:
    from game.ui.input import Intent
    from game.ui.screen import Screen

COST_LABELS = {
    "step": "Walk one space",
    "boat_per_bridge": "Boat ride, per bridge reached or passed",
    "teleport": "Teleport to any free space",
    "canal": "Canal tile (single or double)",
    "bridge": "Build a bridge",
    "relocate": "Move a bridge (once the supply has none)",
    "temple_per_level": "Temple",
    "take_token": "Take an AP token",
}

CONTROLS: tuple[tuple[str, str], ...] = (
    ("Arrows / mouse", "Move the cursor, choose"),
    ("Enter / Space / click", "Do it"),
    ("Tab", "Next tool"),
    ("R", "Rotate a canal or bridge"),
    ("1-9", "Pick a numbered choice"),
    ("U  or  Ctrl+Z", "Undo (within your turn)"),
    ("Y  or  Ctrl+Shift+Z", "Redo"),
    ("E", "End the turn"),
    ("S", "Save the game"),
    ("Esc", "Pause menu"),
    ("F1", "This help"),
    ("F11", "Fullscreen"),
    ("Controller", "A do · B back · X end turn · Y/RB tool · LB rotate · Start menu"),
)

Row = tuple[str, str]


def _action_rows(params: dict[str, Any]) -> tuple[str, list[Row]]:
    rows: list[Row] = []
    costs = params.get("costs") if isinstance(params.get("costs"), dict) else {}
    take_limit = params.get("ap_token_take_limit")
    order = list(COST_LABELS)
    ranked = sorted(costs.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order
                    else len(order))
    for key, cost in ranked:
        label = COST_LABELS.get(key, key.replace("_", " ").capitalize())
        if key == "temple_per_level":
            value = f"{cost} AP per level (level 3: {3 * cost} AP)"
        elif key == "take_token" and isinstance(take_limit, int):
            value = f"{cost} AP, at most {take_limit} a turn"
        else:
            value = f"{cost} AP"
        rows.append((label, value))
    if "calpulli_tokens" in params:
        rows.append(("Found a district (token of its size)", "free"))
    if "ap_tokens" in (params.get("components") or {}):
        rows.append(("Spend your AP tokens", "+1 AP each"))
    ap = params.get("ap_per_turn")
    intro = f"{ap} action points (AP) every turn; unused AP are lost." if isinstance(
        ap, int) else ""
    return intro, rows


def _scoring_lines(params: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    temples = params.get("temples") if isinstance(params.get("temples"), dict) else {}
    if "period1" in temples and "period2" in temples:
        lines.append("Two periods. A period ends once the calpulli tokens on display are "
                     "used and a player has built every temple in hand; the round is "
                     "finished, then the period is scored. A full round without any action "
                     "also ends it.")
    tokens = params.get("calpulli_tokens")
    if isinstance(tokens, list) and tokens:
        lines.append("Founding: the founder scores the token's founder number; every other "
                     "Pilli standing in the district scores its presence number.")
        lines.append("Each scoring: in every founded district, most temple levels is 1st, "
                     "then 2nd and 3rd. Ties share the full points of their place.")
        table = "  ".join(
            f"{t['size']}: " + "/".join(str(p) for p in t.get("places", []))
            for t in tokens if isinstance(t, dict) and "size" in t)
        lines.append(f"Points for 1st/2nd/3rd by district size:  {table}")
    scoring = params.get("scoring") if isinstance(params.get("scoring"), dict) else {}
    if "unfounded_places" in scoring:
        lines.append("Period 2 also scores unfounded districts: 1st its size, 2nd half of "
                     "that, 3rd half again (rounded up).")
    if "palace_bonus" in scoring:
        lines.append(f"+{scoring['palace_bonus']} at each scoring for a Pilli on a palace "
                     "start space.")
    if "ap_tokens" in (params.get("components") or {}):
        lines.append("Most prestige wins; a tie goes to the most AP tokens left, then the "
                     "win is shared.")
    return lines


class HelpScene(BaseScene):
    overlay = True
    shortcuts = (("Left/Right", "Page"), ("Esc / F1", "Close"))
    PAGES = ("Actions", "Scoring", "Controls")

    def __init__(self, title: str = "Rules help", params: dict[str, Any] | None = None,
                 description: str = "") -> None:
        super().__init__()
        self.title = title
        self.params = params or {}
        self.description = description
        self.intro, self.cost_rows = _action_rows(self.params)
        self.scoring = _scoring_lines(self.params)
        self.page = 0 if (self.cost_rows or self.intro) else (1 if self.scoring else 2)

    @classmethod
    def for_game(cls, game: Any) -> HelpScene:
        return cls(f"{game.spec.name}: player aid", dict(game.rules.params),
                   game.spec.description)

    @classmethod
    def for_spec(cls, spec: Any | None) -> HelpScene:
        if spec is None:
            return cls("Controls")
        return cls(f"{spec.name}: player aid", dict(spec.params), spec.description)

    def handle(self, intent: Intent) -> None:
        assert self.app is not None
        kind = intent.kind
        if kind in ("back", "help", "confirm"):
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
        screen.box(x, y, w, h, theme.PANEL, radius=24)
        screen.box(x, y, w, h, theme.ACCENT, radius=24, width=5)
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
