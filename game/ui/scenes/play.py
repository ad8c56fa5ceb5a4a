"""The play screen: a generic shell around any variant's board view.

The shell owns the frame (players and scores, status line, action log, footer, banners,
undo/redo, pause, scoring overlay, results); the board view from the variant's
``register_views`` hook owns the board and the side panel and turns input into engine
actions. The view and the rules are plugin code behind guards (:mod:`game.isolation`):
whatever they raise, here or in the computer players' thread, unwinds to
``App.plugin_failed``, which autosaves, names the plugin and goes back to the title.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from game.ai import CLIENT_SECONDS, level_name, make_bot
from game.ai.worker import BotWorker
from game.errors import AztecArcadeError, IllegalAction
from game.isolation import PluginFailure
from game.rng import Rng, mix_seed
from game.ui import theme
from game.ui.boardview import BoardView
from game.ui.input import pad_id, pad_label
from game.ui.scenes.common import (
    BaseScene,
    one_line,
    personalise,
    replay_history,
    report,
    seat_colours,
    seat_mark,
)
from game.ui.screen import draw_mark
from game.ui.widgets import (
    INK,
    Banner,
    draw_footer,
    draw_panel,
    fit,
    inside,
    pulse,
    wrap,
)

if TYPE_CHECKING:
    from game.events import Event
    from game.ui.app import App
    from game.ui.input import Intent
    from game.ui.screen import Screen
    from game.ui.session import Session

TOP_H = 116
BOARD_AREA = (16.0, 128.0, 1344.0, 812.0)
PANEL_AREA = (1376.0, 128.0, 528.0, 392.0)
LOG_AREA = (1376.0, 532.0, 528.0, 408.0)
STATUS_Y = 952.0
LOG_LINE = 34.0
LOG_KEEP = 400

BASE_SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("U", "Undo"), ("Y", "Redo"), ("E", "End turn"), ("Esc", "Menu"), ("F1", "Rules"),
)
#: while a computer decides (Enter: faster or back to watching; E: skip ahead)
BOT_SHORTCUTS: tuple[tuple[str, str], ...] = (("Esc", "Menu"), ("F1", "Rules"))
#: seconds between a computer's actions: watchable, and sped up with Enter
BOT_PACE = 0.6
BOT_PACE_FAST = 0.15
#: shown when the board view lists no shortcuts of its own
VIEW_SHORTCUTS: tuple[tuple[str, str], ...] = (("Tab", "Tool"), ("R", "Rotate"),
                                              ("1-9", "Choose"))


# ---------------------------------------------------------------------------------------
# shared drawing: the players bar (also used by the replay)
# ---------------------------------------------------------------------------------------
def turn_holder(game: Any) -> int | None:
    """Whose turn it is (the rules' ``turn_seat``), which may differ from who decides."""
    seat = game.rules.turn_seat(game.state)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players:
        return seat
    return game.current_player


def draw_players_bar(screen: Screen, game: Any, names: list[str],
                     colours: list[tuple[int, int, int]], t: float,
                     scores: list[int] | None = None, marks: list[str] | None = None
                     ) -> None:
    n = game.players
    scores = game.scores if scores is None else scores
    current = game.current_player
    turn = turn_holder(game) if current is not None else None
    gap = 12.0
    w = min(470.0, (1920 - 32 - gap * (n - 1)) / n)
    x = (1920 - (w * n + gap * (n - 1))) / 2
    for seat in range(n):
        deciding = seat == current
        holds_turn = seat == turn
        colour = colours[seat]
        grow = 4 * pulse(t, 5) if deciding else 0
        screen.box(x - grow, 8 - grow / 2, w + 2 * grow, 100 + grow,
                   theme.PANEL_LIGHT if deciding else theme.PANEL, radius=14)
        if deciding:
            screen.box(x - grow, 8 - grow / 2, w + 2 * grow, 100 + grow, theme.ACCENT,
                       radius=14, width=5)
        screen.box(x, 8, 84, 100, colour, radius=14)
        mark = marks[seat] if marks and seat < len(marks) else seat_mark(None, seat)
        draw_mark(screen, mark, x + 42, 58, 24, INK)
        name = fit(screen, names[seat] if seat < len(names) else f"Player {seat + 1}",
                   theme.FONT_BODY, w - 210)
        screen.text(name, x + 100, 20, theme.FONT_BODY, theme.TEXT)
        if deciding and holds_turn:
            tag, tag_colour = "TURN", theme.ACCENT
        elif deciding:
            tag, tag_colour = "DECIDES", theme.ACCENT
        elif holds_turn:
            tag, tag_colour = "TURN", theme.TEXT_DIM
        else:
            tag, tag_colour = "", theme.TEXT_DIM
        if tag:
            tw = screen.text_width(tag, theme.FONT_SMALL) + 18
            screen.box(x + 100, 64, tw, 32, tag_colour, radius=8)
            screen.text(tag, x + 100 + tw / 2, 80, theme.FONT_SMALL, INK, "center")
        score = scores[seat] if seat < len(scores) else 0
        screen.text(str(score), x + w - 18, 58, theme.FONT_LARGE * 1.2, theme.TEXT, "midright")
        x += w + gap


def wrap_text(screen: Screen, text: str, size: float, width: float) -> list[str]:
    """Like :func:`~game.ui.widgets.wrap`, but blank text still takes one (empty) line,
    so every log entry keeps its place."""
    return wrap(screen, text, size, width) or [""]


# ---------------------------------------------------------------------------------------
# fallback view for variants without a board view
# ---------------------------------------------------------------------------------------
class ActionListView(BoardView):
    """Used when no plugin provides a board view: pick any legal action from a list."""

    shortcuts = (("Up/Down", "Pick action"), ("Enter", "Apply"))

    def __init__(self, session: Session, app: App, note: str = "") -> None:
        super().__init__(session, app)
        self.note = note
        self.index = 0
        self.status = note or "Choose an action from the list"

    def handle(self, intent: Intent, area: tuple[float, float, float, float]) -> str | None:
        legal = self.session.legal()
        if not legal:
            return None
        self.index = min(self.index, len(legal) - 1)
        if intent.kind == "up":
            self.index = (self.index - 1) % len(legal)
        elif intent.kind == "down":
            self.index = (self.index + 1) % len(legal)
        elif intent.kind == "scroll":
            self.index = (self.index - (1 if (intent.value or 0) > 0 else -1)) % len(legal)
        elif intent.kind == "confirm":
            return legal[self.index]
        elif intent.kind == "click" and inside(intent.pos, area):
            row = int((intent.pos[1] - area[1] - 70) // 44) if intent.pos else -1
            first = max(0, self.index - 8)
            if 0 <= row and first + row < len(legal):
                self.index = first + row
                return legal[self.index]
        return None

    def on_reset(self) -> None:
        self.index = 0

    def on_events(self, action: str, events: list[Event]) -> None:
        self.index = 0
        self.status = self.note or "Choose an action from the list"

    def draw(self, screen: Screen, area: tuple[float, float, float, float]) -> None:
        x, y, w, h = area
        top = draw_panel(screen, x, y, w, h, "Legal actions")
        legal = self.session.legal()
        index = min(self.index, max(0, len(legal) - 1))
        first = max(0, index - 8)
        rows = int((h - 80) // 44)
        for i, action in enumerate(legal[first:first + rows]):
            yy = top + 18 + i * 44
            focused = first + i == index
            if focused:
                screen.box(x + 12, yy - 4, w - 24, 42, theme.ACCENT, radius=8)
            screen.text(fit(screen, action, theme.FONT_BODY, w - 60), x + 30, yy,
                        theme.FONT_BODY, INK if focused else theme.TEXT)


# ---------------------------------------------------------------------------------------
# the play scene
# ---------------------------------------------------------------------------------------
class PlayScene(BaseScene):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.view: Any = None
        self.banner = Banner()
        self.privacy: int | None = None  # seat the device must be passed to
        self.refusal = ""
        self.note = ""
        self.log_lines: list[tuple[str, tuple[int, int, int]]] = []
        self.log_scroll = 0
        self.pointer: tuple[float, float] | None = None
        self.results_pending = False
        self.done = False
        self._log_version = -1
        self._wrapped: dict[tuple[str, float], list[str]] = {}
        self.prior: list[tuple[int | None, str, list[Event]]] = []  # before this session
        #: computer players by seat; they think in ``worker``, off the render thread
        self.bots: dict[int, Any] = {}
        self.worker = BotWorker()
        self.bot_fast = False      # Enter during a computer's turn: shorter pauses
        self.skipping = False      # E during a computer's turn: straight to a human
        self.bot_wait = 0.0        # seconds since the last action
        self.bot_answer: tuple[Any, str] | None = None  # (key, action) ready to play

    # -- helpers ---------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def secrets(self) -> bool:
        return self.game.rules.has_secrets is True

    @property
    def colours(self) -> list[tuple[int, int, int]]:
        assert self.app is not None
        return seat_colours(self.app, self.session, self.game.players)

    @property
    def shortcuts(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        """Core keys, then the view's own (or generic Tab/R/digits), Tab naming the tool.
        While a computer decides: speed and skip."""
        if self.computer_turn:
            return (("Enter", "Normal speed" if self.bot_fast else "Faster"),
                    ("E", "Skip to the next human"), *BOT_SHORTCUTS)
        view = self.view
        extra = (tuple(view.shortcuts or ()) if view is not None else ()) or VIEW_SHORTCUTS
        has_tools = view is not None and bool(view.tools)
        tool = view.tool if view is not None else None
        out = list(BASE_SHORTCUTS)
        for key, meaning in extra:
            if key == "Tab":
                if not has_tools:
                    continue
                if isinstance(tool, str) and tool:
                    meaning = f"Tool: {tool}"
            out.append((str(key), str(meaning)))
        return tuple(out)

    @property
    def computer_turn(self) -> bool:
        """The seat deciding now is played by the computer."""
        game = self.game
        return not game.is_over and self.session.is_computer(game.current_player)

    def call(self, name: str, *args: Any, default: Any = None) -> Any:
        """Call the board view's method ``name`` if it has one (``default`` if not). The
        view is behind the plugin guard: if it raises, the failure unwinds to the App."""
        method = getattr(self.view, name, None) if self.view is not None else None
        return method(*args) if callable(method) else default

    # -- lifecycle -------------------------------------------------------------------
    def enter(self, app: App) -> None:
        super().enter(app)
        app.input.text_mode = False
        self._make_bots()
        self.view = self._make_view()
        earlier = len(self.game.log) - len(self.session.history)
        if earlier > 0:  # a loaded game: recover the log's events by replaying it
            self.prior = (replay_history(self.game) or [])[:earlier]
        self._rebuild_log()
        if self.game.is_over:
            self.results_pending = True
        else:
            self._announce(None, first=True)

    def resume(self) -> None:
        assert self.app is not None
        self.app.input.text_mode = False
        if self.session.handover is not None and not self.game.is_over:
            # The scoring overlay is closed: now the device changes hands.
            self.privacy = self.session.handover
        self.session.handover = None

    def exit(self) -> None:
        self.done = True
        self.worker.cancel()

    def _make_bots(self) -> None:
        """One computer player per computer seat, seeded by the game's seed and the seat
        (the Hard level thinks for ``CLIENT_SECONDS`` of wall-clock time)."""
        self.bots = {}
        for seat, kind in enumerate(self.session.kinds):
            if self.session.is_computer(seat):
                seconds = CLIENT_SECONDS if kind == "hard" else None
                self.bots[seat] = make_bot(kind, seed=mix_seed(self.game.seed, "seat", seat),
                                           seconds=seconds)

    def _make_view(self) -> Any:
        assert self.app is not None
        view = self.app.make_view(self.session)
        if view is not None:
            return view
        engine = self.game.rules.engine_id
        why = next((b.message for b in self.app.registry.broken
                    if b.kind == "plugin" and "register_views" in b.message), "")
        note = f"No board view for '{engine}'" + (f" ({why})" if why else "") + \
            ": choose actions from the list"
        return ActionListView(self.session, self.app, one_line(note))

    # -- applying actions ------------------------------------------------------------
    def apply(self, action: str) -> bool:
        """Apply ``action`` through the session; a refusal is shown, never raised."""
        if self.done or self.game.is_over:
            return False
        assert self.app is not None
        before = self.game.current_player
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self._refuse(action, str(exc))
            return False
        except AztecArcadeError as exc:
            self._refuse(action, one_line(exc))
            return False
        self.refusal = ""
        self.note = ""
        self.call("on_events", action, events)
        self._after(events, before)
        return True

    def _refuse(self, action: str, reason: str) -> None:
        assert self.app is not None
        self.refusal = reason
        self.call("refused", action, reason)
        self.app.play_sound("error")

    def _after(self, events: list[Event], before: int | None) -> None:
        assert self.app is not None
        self.bot_wait = 0.0
        if not self.computer_turn:
            self.skipping = False  # a human decides: skipping is over
        self._rebuild_log()
        self.log_scroll = 0
        if any(e.points for e in events):
            self.app.play_sound("score")
        else:
            self.app.play_sound("place")
        if any(e.kind == "scoring" for e in events) or (
                self.view is not None and any(e.kind == "score" for e in events)
                and self.view.scoring_overlay):
            from game.ui.scenes.scoring import ScoringScene

            self.app.stack.push(ScoringScene(self.session, self, events))
        if self.game.is_over:
            self.results_pending = True
            self.banner.hide()
            self.privacy = None
        else:
            self._announce(before)

    def _announce(self, before: int | None, first: bool = False) -> None:
        assert self.app is not None
        now = self.game.current_player
        if now is None or (now == before and not first):
            return
        name = self.session.name(now)
        if self.secrets and not self.session.is_computer(now):
            if self.app.stack.top is not self:
                # A scoring overlay is showing: everyone reads it over the board, drawn
                # for a spectator; the "Pass to" screen follows when it closes.
                self.session.handover = now
                self.call("update", 0.0)  # the view forgets the last seat's secrets now
            else:
                self.privacy = now
            self.banner.hide()
        else:
            turn = turn_holder(self.game)
            sub = "" if turn in (None, now) else f"while it is {self.session.name(turn)}'s turn"
            text = f"{name} decides" if sub else f"{name}'s turn"
            self.banner.show(text, self.colours[now], 1.8, sub)
        if not first:
            self.app.play_sound("turn")

    def undo(self) -> None:
        assert self.app is not None
        try:
            self.session.undo()
        except IllegalAction as exc:
            self.refusal = str(exc)
            self.app.play_sound("error")
            return
        self.refusal = ""
        self.note = "Undone"
        self.call("on_reset")
        self._rebuild_log()
        self.app.play_sound("click")

    def redo(self) -> None:
        assert self.app is not None
        before = self.game.current_player
        try:
            events = self.session.redo()
        except IllegalAction as exc:
            self.refusal = str(exc)
            self.app.play_sound("error")
            return
        self.refusal = ""
        self.note = "Redone"
        self.call("on_reset")
        self._after(events, before)

    def end_turn(self, intent: Intent) -> None:
        if self.session.is_legal("end"):
            self.apply("end")
            return
        action = self.call("handle", intent, BOARD_AREA)
        if isinstance(action, str) and action:
            self.apply(action)
        else:
            assert self.app is not None
            self.refusal = "You cannot end the turn now"
            self.app.play_sound("error")

    # -- log -------------------------------------------------------------------------
    def _rebuild_log(self) -> None:
        """Re-derive the log lines from the session history (after apply/undo/redo)."""
        if self.app is None:
            return
        self._log_version = self.session.version
        names = self.session.names
        colours = self.colours
        screen = self.app.screen
        width = LOG_AREA[2] - 44
        size = theme.FONT_SMALL
        lines: list[tuple[str, tuple[int, int, int]]] = []
        earlier = len(self.game.log) - len(self.session.history) - len(self.prior)
        if earlier > 0:
            lines.append((f"{earlier} earlier actions (loaded game)", theme.TEXT_DIM))
        entries = (self.prior + self.session.history)[-LOG_KEEP:]
        rules = self.game.rules
        if len(self._wrapped) > 5000:
            self._wrapped.clear()

        def wrap(text: str, w: float) -> list[str]:
            key = (text, w)
            if key not in self._wrapped:
                self._wrapped[key] = wrap_text(screen, text, size, w)
            return self._wrapped[key]

        for seat, action, events in entries:
            who = self.session.name(seat) if seat is not None else "—"
            colour = colours[seat] if seat is not None and 0 <= seat < len(colours) else \
                theme.TEXT
            shown = rules.redact(action, seat, None)  # a shared screen: public form
            for part in wrap(f"{who}: {shown}", width):
                lines.append((part, colour))
            for event in events:
                if not event.visible(None) or event.kind == "turn":
                    continue
                text = personalise(event.text, names)
                tint = theme.GOOD if event.points else theme.TEXT_DIM
                if event.kind in ("scoring", "period", "game_over"):
                    tint = theme.ACCENT
                for part in wrap(text, width - 24):
                    lines.append(("   " + part, tint))
        self.log_lines = lines[-LOG_KEEP * 3:]
        self.log_scroll = min(self.log_scroll, max(0, len(self.log_lines) - 1))

    def _log_rows(self) -> int:
        return int((LOG_AREA[3] - 70) // LOG_LINE)

    def scroll_log(self, delta: int) -> None:
        limit = max(0, len(self.log_lines) - self._log_rows())
        self.log_scroll = max(0, min(limit, self.log_scroll + delta))

    # -- input -----------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if self.done:
            return
        assert self.app is not None
        kind = intent.kind
        if kind == "point":
            self.pointer = intent.pos
        if kind == "back":
            from game.ui.scenes.pause import PauseScene

            self.app.stack.push(PauseScene(self))
            return
        if kind == "help":
            from game.ui.scenes.help import HelpScene

            self.app.stack.push(HelpScene.for_game(self.game))
            return
        if kind == "save":
            from game.ui.scenes.pause import SaveScene

            self.app.stack.push(SaveScene(self.session))
            return
        if self.results_pending:
            return
        refusal = self.pad_refusal(intent)
        if refusal:
            self.refusal = refusal
            self.app.play_sound("error")
            return
        if self.privacy is not None:
            if kind in ("confirm", "click"):
                self.privacy = None
                self.app.play_sound("click")
            return
        if self.computer_turn:
            self._handle_computer_turn(intent)
            return
        if kind == "undo":
            self.undo()
            return
        if kind == "redo":
            self.redo()
            return
        if kind == "end":
            self.end_turn(intent)
            return
        if kind in ("page_up", "page_down"):
            self.scroll_log(self._log_rows() if kind == "page_up" else -self._log_rows())
            return
        if kind == "scroll" and inside(self.pointer, LOG_AREA):
            self.scroll_log(3 if (intent.value or 0) > 0 else -3)
            return
        if kind == "release" and (self.view is None or not self.view.uses_release):
            return  # only views that drag want the mouse button going up
        action = self.call("handle", intent, BOARD_AREA)
        if isinstance(action, str) and action:
            self.apply(action)

    def _handle_computer_turn(self, intent: Intent) -> None:
        """A computer decides: the board takes no input; Enter (or a click, or the pad's
        A) toggles a faster pace, E (pad X) skips to the next human decision."""
        assert self.app is not None
        kind = intent.kind
        if kind in ("confirm", "speed") or (kind == "click" and inside(intent.pos,
                                                                       BOARD_AREA)):
            self.bot_fast = not self.bot_fast
            self.app.play_sound("click")
        elif kind == "end":
            self.skipping = True
            self.app.play_sound("click")
        elif kind in ("undo", "redo"):
            self.refusal = "Wait for the computer to finish its turn"
            self.app.play_sound("error")
        elif kind in ("page_up", "page_down"):
            self.scroll_log(self._log_rows() if kind == "page_up" else -self._log_rows())
        elif kind == "scroll" and inside(self.pointer, LOG_AREA):
            self.scroll_log(3 if (intent.value or 0) > 0 else -3)

    def pad_refusal(self, intent: Intent) -> str:
        """Why a claimed controller may not play now ("" if it may): a pad claimed at
        setup plays only while its seat decides. Unclaimed pads, the keyboard and the
        mouse play for whoever decides."""
        pad = pad_id(intent.device)
        seat = self.session.controllers.get(pad) if pad is not None else None
        deciding = self.game.current_player
        if seat is None or deciding is None or seat == deciding:
            return ""
        return (f"{pad_label(pad)} is {self.session.name(seat)}'s controller; "
                f"{self.session.name(deciding)} decides now")

    def controller_removed(self, instance_id: int) -> str | None:
        seat = self.session.controllers.pop(instance_id, None)
        return None if seat is None else self.session.name(seat)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.done:
            return
        assert self.app is not None
        self.banner.update(dt)
        self.call("update", dt)
        if self._log_version != self.session.version:
            self._rebuild_log()
        if self.privacy is None and not self.results_pending and self.app.stack.top is self:
            if self.computer_turn:
                self._drive_computer(dt)
            else:
                self.skipping = False
                action = self.call("next_action")
                if isinstance(action, str) and action:
                    self.apply(action)
        if self.results_pending and self.app.stack.top is self:
            self.done = True
            from game.ui.scenes.results import ResultsScene

            self.app.stack.replace(ResultsScene(self.session))

    # -- computer players --------------------------------------------------------------
    def _drive_computer(self, dt: float) -> None:
        """Ask the deciding computer (in the worker thread) and play its answer at a
        watchable pace. The worker gets a copy of ``game.view(seat)`` and the legal
        actions, never the live state."""
        seat = self.game.current_player
        bot = self.bots.get(seat) if seat is not None else None
        if bot is None:
            return
        self.bot_wait += dt
        key = (self.session.version, seat)
        if self.bot_answer is not None and self.bot_answer[0] != key:
            self.bot_answer = None
        if self.bot_answer is None:
            if self.worker.key != key and self.worker.idle:
                view = json.loads(json.dumps(self.game.view(seat)))
                self.worker.request(bot, self.game.rules, view, list(self.session.legal()),
                                    key)
            polled_key = self.worker.key
            answered, action, error = self.worker.poll()
            if not answered or polled_key != key:
                return
            if isinstance(error, PluginFailure):
                raise error  # the plugin failed in the bot's thread: handled as here
            if error is not None or not isinstance(action, str) or \
                    not self.session.is_legal(action):
                if error is not None:
                    report(error)
                legal = self.session.legal()
                if not legal:
                    return
                bot.reset()
                action = Rng(mix_seed(self.game.seed, "fallback", len(self.game.log))
                             ).choice(legal)
            self.bot_answer = (key, action)
        if not self.skipping:
            pace = BOT_PACE_FAST if self.bot_fast else BOT_PACE
            if self.bot_wait < pace or (self.view is not None and self.view.busy is True):
                return
        _key, action = self.bot_answer
        self.bot_answer = None
        self.apply(action)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, screen: Screen) -> None:
        if self.privacy is not None:
            self._draw_privacy(screen)
            return
        names = self.session.names
        draw_players_bar(screen, self.game, names, self.colours, self.t, self._shown_scores(),
                         self.session.marks)
        self._draw_computer_tags(screen)
        if self.view is not None:
            self.view.draw(screen, BOARD_AREA)
            self.view.draw_panel(screen, PANEL_AREA)
        else:
            draw_panel(screen, *BOARD_AREA)
        self._draw_log(screen)
        self._draw_status(screen)
        draw_footer(screen, self.shortcuts)
        self.banner.draw(screen)

    def _shown_scores(self) -> list[int] | None:
        """While the scoring overlay counts up, the bar shows its numbers."""
        from game.ui.scenes.scoring import ScoringScene

        assert self.app is not None
        for scene in self.app.stack.visible():
            if isinstance(scene, ScoringScene) and scene.session is self.session \
                    and scene.baseline:
                return [round(v) for v in scene.shown_scores()]
        return None

    def _draw_log(self, screen: Screen) -> None:
        x, y, w, h = LOG_AREA
        top = draw_panel(screen, x, y, w, h, "Action log")
        rows = self._log_rows()
        end = len(self.log_lines) - self.log_scroll
        start = max(0, end - rows)
        for i, (text, colour) in enumerate(self.log_lines[start:end]):
            screen.text(fit(screen, text, theme.FONT_SMALL, w - 40), x + 20,
                        top + i * LOG_LINE, theme.FONT_SMALL, colour)
        if self.log_scroll:
            screen.text(f"{self.log_scroll} newer lines below (PgDn)", x + w - 20, y + 14,
                        theme.FONT_SMALL * 0.8, theme.TEXT_DIM, "topright")

    def _draw_status(self, screen: Screen) -> None:
        y = STATUS_Y
        if self.refusal:
            screen.box(16, y, 1888, 54, (90, 24, 24), radius=12)
            screen.box(16, y, 1888, 54, theme.DANGER, radius=12, width=3)
            text, colour = f"Not allowed: {self.refusal}", (255, 190, 180)
        elif self.computer_turn:
            self._draw_computer_status(screen)
            return
        else:
            screen.box(16, y, 1888, 54, theme.PANEL, radius=12)
            status = str(self.view.status or "") if self.view is not None else ""
            text = status or self.note or self._default_status()
            colour = theme.TEXT
        screen.text(fit(screen, text, theme.FONT_BODY, 1500), 36, y + 27, theme.FONT_BODY,
                    colour, "midleft")
        hints = []
        if self.session.can_undo():
            hints.append("U undo")
        if self.session.can_redo():
            hints.append("Y redo")
        hints.append(f"action {len(self.game.log)}")
        screen.text("  ·  ".join(hints), 1884, y + 27, theme.FONT_SMALL, theme.TEXT_DIM,
                    "midright")

    def _draw_computer_tags(self, screen: Screen) -> None:
        """A small "CPU Hard" under the name of every computer seat in the players bar
        (the bar's own geometry, see ``draw_players_bar``)."""
        n = self.game.players
        if not self.bots:
            return
        gap = 12.0
        w = min(470.0, (1920 - 32 - gap * (n - 1)) / n)
        x0 = (1920 - (w * n + gap * (n - 1))) / 2
        for seat in self.bots:
            x = x0 + seat * (w + gap)
            label = f"CPU {level_name(self.session.kinds[seat])}"
            screen.text(label, x + w - 18, 24, theme.FONT_SMALL * 0.8, theme.TEXT_DIM,
                        "topright")

    def _draw_computer_status(self, screen: Screen) -> None:
        """The status line while a computer decides, with a spinner while it thinks."""
        y = STATUS_Y
        seat = self.game.current_player
        kind = self.session.kinds[seat] if seat is not None else ""
        colour = self.colours[seat] if seat is not None and seat < len(self.colours) \
            else theme.ACCENT
        screen.box(16, y, 1888, 54, theme.PANEL, radius=12)
        screen.box(16, y, 1888, 54, colour, radius=12, width=3)
        thinking = self.worker.busy
        cx, cy = 46.0, y + 27
        if thinking:  # a ring of dots, the bright one going round
            for i in range(8):
                angle = i * math.pi / 4
                lit = (int(self.t * 10) - i) % 8
                shade = colour if lit == 0 else theme.TEXT_DIM
                screen.circle(cx + 13 * math.cos(angle), cy + 13 * math.sin(angle),
                              3.5 if lit else 5, shade)
        else:
            draw_mark(screen, seat_mark(self.session, seat or 0), cx, cy, 12, colour)
        who = f"{self.session.name(seat)} (computer, {level_name(kind)})"
        text = f"{who} is thinking" + "." * (int(self.t * 3) % 4) if thinking else \
            f"{who} plays"
        screen.text(fit(screen, text, theme.FONT_BODY, 1100), 76, cy, theme.FONT_BODY,
                    theme.TEXT, "midleft")
        mode = "skipping to the next human" if self.skipping else (
            "fast · Enter: normal speed" if self.bot_fast else "Enter: faster")
        screen.text(f"{mode}  ·  E: skip  ·  action {len(self.game.log)}", 1884, cy,
                    theme.FONT_SMALL, theme.TEXT_DIM, "midright")

    def _default_status(self) -> str:
        seat = self.game.current_player
        if seat is None:
            return "The game is over"
        return f"{self.session.name(seat)} to play"

    def _draw_privacy(self, screen: Screen) -> None:
        seat = self.privacy if self.privacy is not None else 0
        colour = self.colours[seat]
        screen.fill(theme.BG)
        screen.box(0, 300, 1920, 420, theme.PANEL)
        screen.box(0, 300, 1920, 12, colour)
        screen.box(0, 708, 1920, 12, colour)
        draw_mark(screen, seat_mark(self.session, seat), 960, 400, 56, colour)
        screen.text(f"Pass to {self.session.name(seat)}", 960, 530, theme.FONT_TITLE, colour,
                    "center")
        k = pulse(self.t, 4)
        screen.text("Others look away. Press Enter when ready.", 960, 640,
                    theme.FONT_LARGE * (0.96 + 0.04 * k), theme.TEXT, "center")
        draw_footer(screen, (("Enter", "I am ready"), ("Esc", "Menu")))
