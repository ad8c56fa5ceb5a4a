"""Helpers shared by the scenes: seat colours, sessions, the menus over a game."""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any, Protocol

from game.api import Game
from game.core.errors import AztecArcadeError
from game.core.events import personalise  # noqa: F401 - the scenes import it from here
from game.i18n import say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.fx import motion_reduced
from game.kit.client.messages import default_name, one_line
from game.ui.saves import bound_name
from game.ui.scene import Scene
from game.ui.session import Session

if TYPE_CHECKING:
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.app import App
    from game.ui.widgets import Menu


class HasSession(Protocol):
    """A scene over a game in play (the board, the "Pass to" screen): the pause menu
    over it needs the game's session."""

    session: Session


def random_seed() -> int:
    return random.SystemRandom().randrange(1 << 31)


def palette_name(app: App) -> str:
    return str(app.settings.get("palette", "okabe-ito"))


def seat_colours(app: App, session: Session | None, players: int) -> list[tuple[int, int, int]]:
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


def safe_autosave(app: App, game: Game, names: list[str],
                  meta: dict[str, Any] | None = None) -> str:
    """Autosave; on failure toast the reason and return it instead of raising."""
    try:
        app.saves.autosave(game, names, meta)
    except (OSError, AztecArcadeError, ValueError, TypeError) as exc:
        message = say(_("Autosave failed: {problem}", problem=one_line(exc)))
        app.toast(message)
        return message
    return ""


def make_session(app: App, game: Game, names: list[str],
                 colour_index: list[int] | None = None) -> Session:
    """A session that autosaves after every change (never raising on a full disk)."""
    names = list(names)
    while len(names) < game.players:
        names.append(default_name(len(names)))
    session = Session(game, names[:game.players],
                      autosave=lambda g: safe_autosave(app, g, session.names, session.meta()),
                      colour_index=colour_index, palette=palette_name(app))
    return session


def replay_history(game: Game) -> list[tuple[int | None, str, list[Any]]] | None:
    """(seat, action, events) for every action in ``game.log``, by replaying it from the
    start (the engine is deterministic); None if that fails. Used for loaded games, whose
    events were not kept."""
    try:
        fresh = Game(game.spec, game.rules, game.rules.new_state(game.seed), game.seed,
                     game.options, [])
        out: list[tuple[int | None, str, list[Any]]] = []
        for action in game.log:
            seat = fresh.current_player
            events = fresh.apply(action)
            out.append((seat, action, events))
        return out
    except Exception:  # noqa: BLE001 - callers fall back to what they have
        return None


def colours_from_meta(meta: dict[str, Any], players: int) -> list[int] | None:
    """Palette slots saved with a game, if they are sane (distinct small numbers)."""
    raw = meta.get("colours") if isinstance(meta, dict) else None
    if (isinstance(raw, list) and len(raw) == players
            and all(isinstance(i, int) and 0 <= i < len(theme.MARKS) for i in raw)
            and len(set(raw)) == players):
        return list(raw)
    return None


def names_from_meta(meta: dict[str, Any], players: int) -> list[str]:
    raw = meta.get("names") if isinstance(meta, dict) else None
    names = [bound_name(str(n)) for n in raw[:players]] if isinstance(raw, list) else []
    while len(names) < players:
        names.append(default_name(len(names)))
    return names


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

    def enter(self, app: App) -> None:
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


class TypingScene(BaseScene):
    """A screen with text fields. Letters type only while it is on top: once it is covered
    or gone they must be hotkeys again for the scene that shows instead."""

    def typing(self, on: bool) -> None:
        if self.app is not None:
            self.app.input.text_mode = on

    def exit(self) -> None:
        self.typing(False)

    def pause(self) -> None:
        self.typing(False)


def open_game_menu(app: App, intent: Intent, host: HasSession) -> bool:
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
