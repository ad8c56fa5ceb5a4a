"""The end of a game: the final board beside the ranking, where the points came from,
what decided a tie, a few facts to read out, and what next (Rematch, Save replay).

Everything shown is computed once, when the screen opens: the points by reason from the
game's events (:mod:`game.ui.scorebars`), the facts and the tie-breaker from the rules'
optional ``game_facts`` and ``tie_break`` hooks, the board from the game's own board
view drawn as a spectator sees it (no one's secrets). ``draw`` only draws.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from game.core.errors import AztecArcadeError
from game.core.facets import presentation
from game.i18n import Listing, Msg, Seat, Text, say
from game.i18n.client import _
from game.kit.client.boardview import BoardView
from game.kit.client.fx import Effects
from game.kit.client.messages import one_line
from game.ui import scorebars
from game.ui.cues import GameSounds
from game.ui.lastsetup import Setup
from game.ui.resultspanels import (
    BOARD,
    FACTS,
    MENU,
    MENU_GAP,
    RANK,
    draw_board,
    draw_facts,
    draw_ranking,
    draw_table,
    row_centre,
)
from game.ui.scenes.common import MenuScene, random_seed, replay_history, seat_colours
from game.ui.shell import ENTRANCE
from game.ui.variantwords import variant_text
from game.ui.widgets import Menu, MenuItem, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.core.events import Event
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.session import Session
    from game.ui.shell import Shell

#: seconds of the winner moment (the fanfare over ducked music, the bursts)
WINNER_MOMENT = 3.0
#: when the bars have grown and the winner's bursts begin
BARS_DONE = 1.6
#: The results stay until someone leaves them on purpose. Presses pressed on through the
#: final count (Enter again and again to skip it) were meant for the count: the screen
#: takes no press for CALM_AFTER seconds after it opens, nor until presses have stopped
#: for QUIET seconds; and the menu has no focus until a first press gives it one, so
#: a Rematch or the title is always a second, deliberate press (or R, or a click).
CALM_AFTER = 1.5
QUIET = 0.7
#: what does not count as a press: the pointer moving, a button or key let go
NOT_PRESSES = ("point", "release", "peek_end")
#: at most this many facts are read out
MAX_FACTS = 4


def game_events(session: Session) -> list[Event]:
    """The events of the whole game in order. A game loaded from a save has none for its
    earlier actions; they are recovered by replaying the log (the engine is
    deterministic)."""
    game = session.game
    history = session.history
    if len(history) < len(game.log):
        replayed = replay_history(game)
        if replayed is not None:
            history = replayed
    return [e for _seat, _action, events in history for e in events]


def score_breakdown(session: Session) -> dict[int, dict[str, int]]:
    """Points per seat per reason (see :func:`game.ui.scorebars.breakdown`)."""
    return scorebars.breakdown(game_events(session), session.game.scores)[0]


def view_table(app: Shell, view: BoardView | None, session: Session) -> dict[str, Any] | None:
    """The board view's optional score table (``BoardView.results_table``), or None. The
    view is plugin code behind the guard: if it raises, the failure unwinds to the App."""
    factory = getattr(app, "views", {}).get(session.game.rules.engine_id)
    if view is None or factory is None or (isinstance(factory, type) and (
            not issubclass(factory, BoardView)
            or factory.results_table is BoardView.results_table)):
        return None
    table = view.results_table()
    if not isinstance(table, dict) or not isinstance(table.get("rows"), list):
        return None
    return table


class ResultsScene(MenuScene):
    backdrop = True
    #: no toast lies over the results: what one says shows in the facts panel's strip
    is_menu = True

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.error: Text = ""
        self.saved_as = ""
        self.table: dict[str, Any] | None = None  # the board view's, set on enter
        #: makes the game's own board view, which draws the final board once (set on
        #: enter; None: the game has no view)
        self.make_view: Callable[[], BoardView | None] | None = None
        #: what the left of the screen shows: the final board, or the view's score table
        self.page = "board"
        #: the final board's picture, drawn once per window size (a pixel cache)
        self.board_cache: dict[Any, Any] = {}
        game = session.game
        self.track = GameSounds.for_game(game).music
        self.scores = game.scores
        self.winners = game.winners
        n = game.players

        def rank_key(seat: int) -> tuple[int, bool]:
            return (-self.scores[seat], seat not in self.winners)

        self.order = sorted(range(n), key=lambda s: (rank_key(s), s))
        self.places = {seat: 1 + sum(1 for o in range(n) if rank_key(o) < rank_key(seat))
                       for seat in range(n)}
        events = game_events(session)
        self.breakdown, self.reasons = scorebars.breakdown(events, self.scores)
        self.reason_looks = scorebars.looks_for(self.reasons)
        teams = game.rules.teams
        #: the winners are one partnership (they win together, not by a tie)
        self.team_win = any(set(self.winners) == set(t) for t in teams if len(t) > 1)
        self.tie_note = self._tie_note()
        public = [e for e in events if e.visible(None)]  # a fact never tells a secret
        facts = presentation(game.rules).game_facts(game.state, public)  # the default: none
        self.facts = [session.say(f) for f in (
            facts if isinstance(facts, list) else [])[:MAX_FACTS]
            if isinstance(f, str | Msg) and f]
        self.fx = Effects()
        self.cheered = False
        #: when the last press came that the screen took no notice of
        self.ignored_at = -QUIET
        #: whether a press gave the menu its focus (until then none shows)
        self.chosen = False
        #: the messages for the players (a lesson completed, a replay saved), newest last
        self.notes: list[Text] = []
        self.menu = Menu([
            MenuItem(_("Rematch"), self.play_again),
            MenuItem(_("Save replay"), self.save_replay),
            MenuItem(_("Title"), self.to_title),
        ], MENU[0], MENU[1], MENU[2], item_h=MENU[3], gap=MENU_GAP, font=44)

    def _tie_note(self) -> str:
        """The tie-breaker when it decided, or a shared win; "" when points decided."""
        game = self.session.game
        if self.team_win:
            return ""
        if len(self.winners) > 1:
            return say(_("Shared win: tied on points and on the tie-breaker"))
        note = presentation(game.rules).tie_break(game.state)
        return self.session.say(note) if isinstance(note, str | Msg) and note else ""

    @property
    def shortcuts(self) -> tuple[tuple[Text, Text], ...]:  # type: ignore[override]
        keys: list[tuple[Text, Text]] = [
            (_("R", context="key"), _("Rematch (same seats, new seed)")),
            (_("S", context="key"), _("Save replay"))]
        if self.table:
            keys.append((_("Tab", context="key"),
                         _("Board") if self.page == "table" else _("Score table")))
        return (*keys, (_("Esc", context="key"), _("Title")))

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self.fx = Effects(app)
        # the board as a spectator sees it: the game is over, nobody decides here
        self.session.shown = None
        self.session.deciding_here = None
        self.session.handover = None
        view = app.make_view(self.session)
        self.table = view_table(app, view, self.session)
        if view is not None:  # made again for the board's picture, not kept meanwhile
            self.make_view = partial(app.make_view, self.session)
        app.play_sound("winner")

    def music(self) -> str:
        return self.track

    def ducks_music(self) -> bool:
        return self.t < WINNER_MOMENT

    # -- input and time ----------------------------------------------------------------
    @property
    def calm(self) -> bool:
        """Whether a press now is meant for this screen (see :data:`CALM_AFTER`)."""
        return self.t >= CALM_AFTER and self.t - self.ignored_at >= QUIET

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind == "point":
            self.chosen = self.menu.handle(intent) or self.chosen
            return
        if kind in NOT_PRESSES:
            return
        if kind in ("tab", "tab_back"):  # the board or the table: it leaves nothing
            if self.table:
                self.page = "table" if self.page == "board" else "board"
            return
        if not self.calm:
            self.ignored_at = self.t  # pressed on through the count: not for here yet
            return
        if kind == "rotate" or (kind == "end" and intent.device != "keyboard"):
            self.play_again()  # R (a controller's X): the rematch, one press away
        elif kind == "save":
            if self.menu.items[1].enabled:
                self.save_replay()
        elif kind in ("confirm", "up", "down") and not self.chosen:
            # the first press shows where the focus is; the next one chooses
            self.chosen = True
            self.menu.focus = len(self.menu.items) - 1 if kind == "up" else 0
            if self.app is not None:
                self.app.play_sound("move")
        else:
            super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fx.update(dt)
        if not self.cheered and self.t >= BARS_DONE:
            self.cheered = True
            self._cheer()
        if self.app is not None and self.app.toasts:  # they show here, in the facts' strip
            self.notes += [message for message, _until in self.app.toasts]
            self.app.toasts.clear()

    def wakes_in(self) -> float | None:
        """The bars grow, the winners are cheered, the bursts fade: then ambient."""
        if self.t < BARS_DONE + ENTRANCE or self.fx.active:
            return 0.0
        return self.ambient_wake()

    def _cheer(self) -> None:
        """The winner moment: bursts in the winners' colours over their rows and the
        headline, one after another while the fanfare plays."""
        assert self.app is not None
        colours = seat_colours(self.app, self.session, self.session.game.players)
        gold = (255, 206, 60)
        for i, seat in enumerate(w for w in self.order if w in self.winners):
            colour = colours[seat] if seat < len(colours) else gold
            at = row_centre(self, seat)
            self.fx.burst(at, colour, count=40, ring=150, delay=0.2 * i)
            # at the end of the winner's bar, beside the total: the glow never hides it
            total = (RANK[0] + RANK[2] - 250, at[1])
            self.fx.burst(total, gold, count=30, ring=60, delay=0.35 + 0.2 * i)
        for k, x in enumerate((260.0, 620.0, 980.0)):
            self.fx.burst((x, 80.0), gold if k % 2 else colours[self.order[0]], count=26,
                          speed=260, ring=0, delay=0.5 + 0.3 * k)

    # -- actions ---------------------------------------------------------------------
    def play_again(self) -> None:
        assert self.app is not None
        try:  # the same seats, each played as before (a computer stays a computer)
            session = Setup.of(self.session).session(self.app, random_seed())
        except AztecArcadeError as exc:
            self.error = one_line(exc)
            self.app.play_sound("error")
            return
        session.controllers = dict(self.session.controllers)
        self.app.stack.replace("play", session)

    def save_replay(self) -> None:
        assert self.app is not None
        game = self.session.game
        name = say(_("Replay {game} {when}", game=variant_text(game.spec.name),
                     when=time.strftime('%Y-%m-%d %H-%M-%S')))
        try:
            path = self.app.saves.write(name, game, self.session.names, self.session.meta())
        except (OSError, AztecArcadeError, ValueError) as exc:
            self.error = _("Could not save the replay: {problem}", problem=one_line(exc))
            self.app.play_sound("error")
            return
        self.saved_as = path.stem
        self.app.toast(_("Replay saved as '{name}'", name=path.stem))
        item = self.menu.items[1]  # its name shows in the facts' strip
        item.label, item.enabled, item.detail, item.error = _("Replay saved"), False, "", ""
        self.menu.set_items(self.menu.items)

    def to_title(self) -> None:
        assert self.app is not None
        self.app.stack.clear_to("title")

    def back(self) -> None:
        """There is no game to go back to: Esc leaves for the title."""
        self.to_title()

    # -- drawing ---------------------------------------------------------------------
    def draw(self, screen: Screen) -> None:
        assert self.app is not None
        draw_backdrop(screen, self.t)
        game = self.session.game
        colours = seat_colours(self.app, self.session, game.players)
        draw_header(screen, self._headline(), self.t, _.n(
            "{game} · seed {seed} · {n} action", "{game} · seed {seed} · {n} actions",
            n=len(game.log), game=variant_text(game.spec.name), seed=game.seed))
        if self.page == "table" and self.table:
            x, y, w, _h = BOARD
            draw_table(screen, self.table, x, y, RANK[0] + RANK[2] - x, colours,
                       self.session)
        else:
            draw_board(screen, self.make_view, BOARD, self.board_cache)
            draw_ranking(screen, self, colours)
        draw_facts(screen, FACTS, self.facts, self.error, self.notes[-1] if self.notes else "")
        self.menu.draw(screen, focused=self.chosen)
        self.fx.draw(screen)
        draw_footer(screen, self.shortcuts)

    def _headline(self) -> str:
        winners = self.winners
        if len(winners) == 1:
            return self.session.say(_("{player} wins!", you="You win!",
                                      player=Seat(winners[0])))
        together = Listing(tuple(Seat(w) for w in winners))
        if winners and self.team_win:
            return self.session.say(_("{players} win together!", players=together))
        if winners:
            return self.session.say(_("{players} share the win!", players=together))
        return say(_("Game over"))
