"""Patolli's board view for the Aztec Arcade client.

The play screen draws the frame (players, scores, log, status line, menus); this view
draws the mat into the board area and turns input into actions. All coordinates are
logical units of a 1920x1080 screen; ``area`` is (x, y, width, height).

Enter throws, moves the chosen stone or passes; Left/Right choose the stone; 1-4 move
stone a-d; a click on one of your stones moves it. The bean picture is the variant's
``bean_image`` file, found with ``asset_file`` (confined to the variant's folder); without
it the beans are drawn.
"""

from __future__ import annotations

from typing import Any

import pygame
from game.modkit import AztecArcadeError, BoardView, asset_file, draw_panel, inside, theme

from aztec_patolli.rules import LETTERS

Area = tuple[float, float, float, float]


class PatolliView(BoardView):
    shortcuts = (("Enter", "Throw / move"), ("Left/Right", "Stone"), ("1-4", "Move stone"))

    def __init__(self, session: Any, app: Any) -> None:
        super().__init__(session, app)
        self.selected = 0
        self.marks: int | None = None  # the last throw, for the panel
        self._bean: pygame.Surface | None = None
        self._scaled: dict[tuple[int, int], pygame.Surface] = {}
        try:
            self._bean = pygame.image.load(str(asset_file(session.game, "bean_image")))
        except (AztecArcadeError, pygame.error, OSError):
            self._bean = None  # no picture named, or a game from a save: draw the beans

    # -- helpers ---------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.session.game

    def _movable(self) -> list[int]:
        legal = self.session.legal()
        return [LETTERS.index(a[-1]) for a in legal if a.startswith("move ")]

    def _cell(self, area: Area, space: int) -> tuple[float, float, float, float]:
        """Space ``space`` (0 start, 1..track, track + 1 home) as x, y, w, h."""
        x, y, w, h = area
        track = self.game.rules.params["track"]
        size = min((w - 60 - 2 * 150) / track, 110.0)
        left = x + (w - size * track - 2 * 150) / 2 + 150
        if space == 0:
            return left - 150, y + 130, 136, h - 260
        if space > track:
            return left + size * track + 14, y + 130, 136, h - 260
        return left + (space - 1) * size + 3, y + h / 2 - size / 2, size - 6, size - 6

    def _stone_spots(self, area: Area) -> list[tuple[int, int, float, float, float]]:
        """(seat, stone, x, y, r) for every stone on the mat."""
        rules = self.game.rules
        spots = []
        for seat, stones in enumerate(self.game.state["pos"]):
            for stone, space in enumerate(stones):
                cx, cy, cw, ch = self._cell(area, space)
                if space in (0, rules.home):  # stacked: a row per seat
                    r = min(cw / (2 * rules.params["stones"] + 1), 26.0)
                    sx = cx + cw / 2 + (stone - (rules.params["stones"] - 1) / 2) * 2.3 * r
                    sy = cy + 40 + r + seat * (ch - 60) / max(1, self.game.players)
                else:
                    r = cw * 0.34
                    sx, sy = cx + cw / 2, cy + ch / 2
                spots.append((seat, stone, sx, sy, r))
        return spots

    def _bean_surface(self, size: tuple[int, int]) -> pygame.Surface | None:
        if self._bean is None:
            return None
        if size not in self._scaled:
            self._scaled[size] = pygame.transform.smoothscale(self._bean, size)
        return self._scaled[size]

    def _enter_action(self) -> str | None:
        legal = self.session.legal()
        if not legal:
            return None
        if legal[0] in ("throw", "pass"):
            return legal[0]
        movable = self._movable()
        if self.selected not in movable:
            self.selected = movable[0]
        return f"move {LETTERS[self.selected]}"

    # -- input -----------------------------------------------------------------------
    def handle(self, intent: Any, area: Area) -> str | None:
        movable = self._movable()
        if intent.kind in ("left", "right") and movable:
            step = 1 if intent.kind == "right" else -1
            index = movable.index(self.selected) if self.selected in movable else 0
            self.selected = movable[(index + step) % len(movable)]
        elif intent.kind == "digit" and isinstance(intent.value, int):
            if 1 <= intent.value <= len(LETTERS):
                return f"move {LETTERS[intent.value - 1]}"  # refused with a reason if need be
        elif intent.kind == "confirm":
            return self._enter_action()
        elif intent.kind == "click" and intent.pos is not None and inside(intent.pos, area):
            seat = self.game.current_player
            for who, stone, x, y, r in self._stone_spots(area):
                if who == seat and (intent.pos[0] - x) ** 2 + (intent.pos[1] - y) ** 2 <= r * r:
                    return f"move {LETTERS[stone]}"
            if self.session.legal() == ["throw"]:
                return "throw"
        action = self._enter_action()
        if action is not None:
            self.status = "Enter: " + self.game.describe(action).lower()
        return None

    def on_events(self, action: str, events: list[Any]) -> None:
        for event in events:
            if event.kind == "throw":
                self.marks = event.data.get("marks")
        self.status = ""

    def on_reset(self) -> None:
        self.marks = self.game.state["roll"]
        self.status = ""

    # -- drawing ---------------------------------------------------------------------
    def draw(self, screen: Any, area: Area) -> None:
        draw_panel(screen, *area, title="Patolli")
        rules = self.game.rules
        state = self.game.state
        temples = set(rules.params["temples"])
        for space in range(rules.home + 1):
            x, y, w, h = self._cell(area, space)
            if space == 0 or space == rules.home:
                screen.box(x, y, w, h, theme.PANEL_LIGHT, radius=14)
                label = "start" if space == 0 else "home"
                screen.text(label, x + w / 2, y - 24, theme.FONT_SMALL, theme.TEXT_DIM,
                            "center")
                continue
            screen.box(x, y, w, h, theme.PALACE if space in temples else theme.LAND,
                       radius=8)
            screen.text(str(space), x + w / 2, y + h + 22, theme.FONT_SMALL * 0.8,
                        theme.TEXT_DIM, "center")
        colours = self.session.colours
        seat = self.game.current_player
        movable = self._movable()
        for who, stone, x, y, r in self._stone_spots(area):
            screen.circle(x, y, r, colours[who % len(colours)])
            screen.circle(x, y, r, theme.BG, width=3)
            screen.text(LETTERS[stone], x, y, theme.FONT_SMALL, theme.BG, "center")
            if who == seat and stone in movable:
                ring = 6 if stone == self.selected else 2
                screen.circle(x, y, r + 6, theme.ACCENT, width=ring)
        if state["roll"] is not None and seat is not None and self.selected in movable:
            end = rules.target(state, self.selected)
            if end is not None:
                x, y, w, h = self._cell(area, end)
                screen.box(x, y, w, h, theme.ACCENT, radius=8, width=5)

    def draw_panel(self, screen: Any, area: Area) -> None:
        x, y, w, h = area
        top = draw_panel(screen, x, y, w, h, "Beans")
        beans = self.game.rules.params["beans"]
        marks = self.game.state["roll"] if self.game.state["roll"] is not None else self.marks
        size = min(72.0, (w - 40) / beans - 8)
        for i in range(beans):
            bx, by = x + 20 + i * (size + 8), top + 10
            marked = marks is not None and i < marks
            picture = self._bean_surface(screen.rect(bx, by, size, size).size)
            if picture is not None and marked:
                screen.surface.blit(picture, screen.rect(bx, by, size, size))
            else:
                colour = theme.TOKEN if marked else theme.PANEL_LIGHT
                screen.circle(bx + size / 2, by + size / 2, size * 0.4, colour)
        text = "Throw the beans" if marks is None else f"{marks} marked: move {marks}"
        if self.game.state["roll"] is None and marks is not None:
            text = f"Last throw: {marks} marked"
        screen.text(text, x + 20, top + size + 30, theme.FONT_BODY, theme.TEXT)
        temples = ", ".join(str(t) for t in self.game.rules.params["temples"]) or "none"
        screen.text(f"Temples (throw again): {temples}", x + 20, top + size + 80,
                    theme.FONT_SMALL, theme.TEXT_DIM)
