"""Step through a saved game, forwards and backwards, drawn by the variant's board view.

The game is rebuilt from its variant, players, seed and options and the log is replayed;
a snapshot is cached every ``SNAPSHOT_EVERY`` actions so jumping around stays quick. The
board view is read-only here: any action it returns is ignored. The rules and the view
are behind the plugin guard, as in a game: a plugin failing goes back to the title.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.api import Game
from game.core.errors import AztecArcadeError, IllegalAction
from game.i18n import say
from game.i18n.client import _
from game.i18n.message import reason
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.boardview import BoardView
from game.kit.client.layout import (
    BOARD_AREA,
    LOG_AREA,
    STATUS_AREA,
    Area,
    log_area,
    panel_area,
    taller,
)
from game.kit.client.messages import one_line
from game.kit.client.text import draw_panel, fit
from game.ui.actionlog import entry_head, wrap_text
from game.ui.cues import GameSounds
from game.ui.isolation import start_game
from game.ui.playersbar import draw_players_bar, wide_cards
from game.ui.scenes.common import BaseScene, seat_colours
from game.ui.session import Session
from game.ui.variantwords import variant_text
from game.ui.widgets import draw_footer

if TYPE_CHECKING:
    from game.core.events import Event
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell

SNAPSHOT_EVERY = 20
AUTOPLAY_SECONDS = 0.8
#: the notes of the current action sit where the play screen has its log
INFO_AREA = LOG_AREA


def fresh_game(saved: Game) -> tuple[Game, str]:
    """The saved game's starting position; a note if the installed variant differs."""
    try:
        g = start_game(saved.variant, saved.players, saved.seed, saved.options)
        if g.rules.params == saved.rules.params:
            return g, ""
        note = say(_("the installed variant differs from the save's; using the saved "
                     "parameters"))
    except AztecArcadeError as exc:
        note = say(_("{problem}; using the saved parameters", problem=one_line(exc)))
    rules = saved.rules
    return Game(saved.spec, rules, rules.new_state(saved.seed), saved.seed, saved.options,
                []), note


class ReplayScene(BaseScene):
    has_board = True
    tall = True  # the board and the notes grow into a 16:10 screen, as in play
    shortcuts = ((_("Left/Right", context="key"), _("Step")),
                 (_("PgUp", context="key"), _("Start")), (_("PgDn", context="key"), _("End")),
                 (_("Enter", context="key"), _("Autoplay")),
                 (_("F1", context="key"), _("Rules")), (_("Esc", context="key"), _("Back")))

    def __init__(self, saved: Game, names: list[str],
                 colour_index: list[int] | None = None) -> None:
        super().__init__()
        self.saved = saved
        self.names = list(names)
        self.colour_index = colour_index
        self.actions = saved.log
        self.total = len(self.actions)
        self.pos = 0
        self.events: list[Event] = []
        #: who played the last action replayed (None: the start, or nobody)
        self.actor: int | None = None
        self.snapshots: dict[int, Game] = {}
        self.session: Session | None = None
        #: the board view, read-only here (None: no plugin provides one)
        self.view: BoardView | None = None
        self.note = ""
        self.error = ""
        self.autoplay = False
        self.timer = 0.0
        self.track = GameSounds.for_game(saved).music

    def music(self) -> str:
        return self.track

    def enter(self, app: Shell) -> None:
        super().enter(app)
        app.input.text_mode = False
        start, self.note = fresh_game(self.saved)
        self.session = Session(start, self.names, colour_index=self.colour_index,
                               palette=str(self.app.settings.get("palette", "okabe-ito"))
                               if self.app is not None else "okabe-ito")
        self.snapshots = {0: self.session.game.clone()}  # the guarded game's
        self.view = app.make_view(self.session)

    # -- stepping --------------------------------------------------------------------
    def goto(self, target: int) -> None:
        assert self.session is not None
        target = max(0, min(self.total, target))
        if target == self.pos:
            return
        if target == self.pos + 1:
            game = self.session.game
            start = self.pos
        else:
            # from the snapshot before the target, so its last action's events show
            start = max(i for i in self.snapshots if i < target or i == target == 0)
            game = self.snapshots[start].clone()
        events: list[Event] = []
        actor = None
        for i in range(start, target):
            try:
                actor = game.current_player
                events = game.apply(self.actions[i])
            except IllegalAction as exc:
                self.error = say(_("The replay diverges at action {number} ({action}): "
                                   "{problem}", number=i + 1, action=self.actions[i],
                                   problem=self.session.say(reason(exc))
                                   if self.session else str(exc)))
                self.total = i
                target = i
                break
            if (i + 1) % SNAPSHOT_EVERY == 0 and (i + 1) not in self.snapshots:
                self.snapshots[i + 1] = game.clone()
        self.pos = target
        self.events = events if target > 0 else []
        self.actor = actor if target > 0 else None
        self.session.game = game
        self.session._changed()  # new version: drop the cached legal actions
        if self.view is not None:  # behind the plugin guard: a failure unwinds to the App
            self.view.on_reset()
            if start == target - 1 and events:
                self.view.on_events(self.actions[target - 1], events)

    # -- input and time --------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        assert self.app is not None
        kind = intent.kind
        if kind == "back":
            self.app.play_sound("back")
            self.app.stack.pop()
        elif kind == "right":
            self.autoplay = False
            self.goto(self.pos + 1)
        elif kind == "left":
            self.autoplay = False
            self.goto(self.pos - 1)
        elif kind == "page_up":
            self.autoplay = False
            self.goto(0)
        elif kind == "page_down":
            self.autoplay = False
            self.goto(self.total)
        elif kind == "confirm":
            if self.pos >= self.total:
                self.goto(0)
            self.autoplay = not self.autoplay
            self.timer = 0.0
        elif kind == "help":
            self.app.stack.push("help", self.saved)
        elif kind in ("point", "scroll") and self.view is not None:
            self.view.handle(intent, self.board_area)  # hover only; actions are ignored

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.view is not None:
            self.view.update(dt)
        if self.autoplay:
            self.timer += dt
            if self.timer >= AUTOPLAY_SECONDS:
                self.timer = 0.0
                self.goto(self.pos + 1)
                if self.pos >= self.total:
                    self.autoplay = False

    # -- drawing ---------------------------------------------------------------------
    @property
    def board_area(self) -> Area:
        """The board as tall as the canvas allows (as in play)."""
        return taller(BOARD_AREA, self.app.screen.extra if self.app is not None else 0.0)

    def draw(self, screen: Screen) -> None:
        assert self.app is not None and self.session is not None
        game = self.session.game
        board = self.board_area
        colours = seat_colours(self.app, self.session, game.players)
        wide = wide_cards(screen, self.names, game.players)
        draw_players_bar(screen, game, self.names, colours, self.t,
                         marks=self.session.marks if self.session else None, view=self.view,
                         wide=wide)
        if self.view is not None:
            self.view.draw(screen, board)
            self.view.draw_panel(screen, panel_area(game.players, self.view.seat_fact_lines,
                                                    wide))
        else:
            draw_panel(screen, *board)
            screen.text(_("No board view: the log and scores still replay"),
                        board[0] + board[2] / 2, board[1] + board[3] / 2,
                        theme.FONT_BODY, theme.TEXT_DIM, "center")
        facts = self.view.seat_fact_lines if self.view is not None else 0
        self._draw_info(screen, log_area(game.players, facts, wide, screen.extra))
        self._draw_progress(screen.foot())
        draw_footer(screen, self.shortcuts)

    def _draw_info(self, screen: Screen, area: Area = INFO_AREA) -> None:
        x, y, w, h = area
        top = draw_panel(screen, x, y, w, h, _("Replay · action {number} of {total}",
                                               number=self.pos, total=self.total))
        size = theme.FONT_SMALL
        lines: list[tuple[str, Any]] = []
        if self.pos == 0:
            lines.append((say(_("The starting position")), theme.TEXT_DIM))
        else:
            assert self.session is not None
            colours = seat_colours(self.app, self.session, self.session.game.players) \
                if self.app is not None else []
            text, colour, told = entry_head(self.session, colours, self.actor,
                                            self.actions[self.pos - 1], self.events)
            lines += [(part, colour) for part in wrap_text(screen, text, size, w - 60)]
            for e in self.events:  # the one that told the action is its line already
                if e.visible(None) and e.kind != "turn" and e is not told:
                    text = say(e.text, self.names)
                    tint = theme.GOOD if e.points else theme.TEXT
                    lines += [(part, tint) for part in wrap_text(screen, text, size, w - 60)]
        if self.note:
            lines += [(part, theme.TEXT_DIM) for part in
                      wrap_text(screen, say(_("Note: {note}", note=self.note)), size,
                                w - 40)]
        if self.error:
            lines += [(part, theme.DANGER) for part in wrap_text(screen, self.error, size,
                                                                  w - 40)]
        rows = int((h - 70) // 34)
        for i, (text, colour) in enumerate(lines[:rows]):
            screen.text(fit(screen, text, theme.readable(size), w - 40), x + 20, top + i * 34,
                        theme.readable(size), colour)

    def _draw_progress(self, screen: Screen) -> None:
        x, y, w, h = STATUS_AREA
        frames.panel(screen, x, y, w, h, theme.PANEL_LIGHT, radius=12, width=2)
        frac = self.pos / self.total if self.total else 1.0
        screen.box(x, y, max(24.0, w * frac), h, theme.PANEL_LIGHT, radius=12)
        state = _("Playing") if self.autoplay else _("Paused")
        screen.text(_("{state} · {game} · seed {seed}", state=state,
                      game=variant_text(self.saved.spec.name), seed=self.saved.seed), x + 20,
                    y + h / 2, theme.FONT_BODY, theme.TEXT, "midleft")
        screen.text(f"{self.pos} / {self.total}", x + w - 20, y + h / 2, theme.FONT_BODY,
                    theme.ACCENT, "midright")
