"""Helpers shared by the scenes: seat colours, a game's history, the menus over a game.
Making a session is :mod:`game.ui.sessions`."""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any, Protocol

from game.api import Game
from game.core.events import personalise  # noqa: F401 - the scenes import it from here
from game.kit.client import theme
from game.kit.client.fx import motion_reduced
from game.ui.logwords import in_words
from game.ui.session import Session
from game.ui.sessions import palette_name
from game.ui.shell import ENTRANCE, Scene, ambient

if TYPE_CHECKING:
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell
    from game.ui.widgets import Menu


class HasSession(Protocol):
    """A scene over a game in play (the board, the "Pass to" screen): the pause menu
    over it needs the game's session."""

    session: Session


def random_seed() -> int:
    return random.SystemRandom().randrange(1 << 31)


def seat_colours(app: Shell, session: Session | None, players: int) -> list[tuple[int, int, int]]:
    """The colours chosen at setup (kept by the session), else the palette in seat order."""
    if session is not None:
        session.palette = palette_name(app)
        return session.colours
    return [theme.player_colour(palette_name(app), i) for i in range(players)]


def seat_mark(session: Session | None, seat: int) -> str:
    """The shape that goes with the seat's colour (so colour is never the only cue)."""
    if session is not None and 0 <= seat < len(session.marks):
        return session.marks[seat]
    return theme.MARKS[seat % len(theme.MARKS)]


def replay_history(game: Game) -> list[tuple[int | None, str, list[Any]]] | None:
    """(seat, action, events) for every action in ``game.log``, by replaying it from the
    start (the engine is deterministic); None if that fails. Used for loaded games, whose
    events were not kept."""
    try:
        fresh, behind = (Game(game.spec, game.rules, game.rules.new_state(game.seed),
                              game.seed, game.options, []) for _ in range(2))
        out: list[tuple[int | None, str, list[Any]]] = []
        for action in game.log:
            seat = fresh.current_player
            events = fresh.apply(action)
            # ``behind``, one action back, describes one no event tells (the session's way)
            out.append((seat, action, in_words(events, seat, action, lambda: behind)))
            behind.apply(action)
        return out
    except Exception:  # noqa: BLE001 - callers fall back to what they have
        return None


def when(stamp: Any) -> str:
    """A save's time for people; '?' for anything that is not a time the system knows."""
    try:
        if isinstance(stamp, bool) or not stamp or not math.isfinite(stamp):
            return "?"
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))
    except (TypeError, ValueError, OverflowError, OSError):
        return "?"


class BaseScene(Scene):
    """A scene with its own animation clock."""

    def __init__(self) -> None:
        super().__init__()
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    def ambient_wake(self) -> float | None:
        """:meth:`Scene.wakes_in` of a screen whose own motion is its entrance and then
        ambient (the menus' scenery, a pulsing focus): every frame while it comes in, then
        as the ambient motion setting says (:func:`game.ui.shell.ambient`)."""
        if self.t < ENTRANCE or self.app is None:
            return 0.0
        return ambient(self.app)

    def draw_text_block(self, screen: Screen, lines: list[tuple[str, Any]], x: float, y: float,
                        size: float = theme.FONT_BODY, gap: float = 8) -> float:
        for text, colour in lines:
            screen.text(text, x, y, theme.readable(size), colour)
            y += size + gap
        return y


class MenuScene(BaseScene):
    """A screen run by one :class:`~game.ui.widgets.Menu` (set as ``self.menu`` in
    ``__init__``): Esc goes :meth:`back`, every other intent goes to the menu, and typed
    letters are shortcuts again, so the menus all answer the same keys the same way."""

    menu: Menu

    def enter(self, app: Shell) -> None:
        super().enter(app)
        app.input.text_mode = False
        self.menu.sound = app.play_sound
        self.menu.calm = lambda: motion_reduced(app)

    def back(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            assert self.app is not None
            self.app.play_sound("back")  # a Back item sounds as a selection instead
            self.back()
            return
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.menu.update(dt)

    def wakes_in(self) -> float | None:
        return self.ambient_wake()


class TypingScene(BaseScene):
    """A screen with text fields. Letters type only while it is on top: once it is covered
    or gone they must be hotkeys again for the scene that shows instead."""

    def wakes_in(self) -> float | None:
        return self.ambient_wake()

    def typing(self, on: bool) -> None:
        if self.app is not None:
            self.app.input.text_mode = on

    def exit(self) -> None:
        self.typing(False)

    def pause(self) -> None:
        self.typing(False)


def open_game_menu(app: Shell, intent: Intent, host: HasSession) -> bool:
    """Esc (pad B, Start), F1 and S over a game: the pause menu, the player aid, the save
    name entry. The same keys do the same from the board and from the "Pass to" screen;
    True if ``intent`` was one of them."""
    session = host.session
    if intent.kind == "back":
        app.stack.push("pause", host)
    elif intent.kind == "help":
        app.stack.push("help", session.game)
    elif intent.kind == "save":
        app.stack.push("save", session)
    else:
        return False
    return True
