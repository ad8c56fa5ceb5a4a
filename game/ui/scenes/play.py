"""The play screen: a generic shell around any variant's board view.

The shell owns the frame (the seat cards, the status line, the action log, the footer,
banners, undo and redo) and the flow of a game (the scoring overlay, the "Pass to"
screen, the results). The board view from the variant's ``register_views`` hook owns the
board and the side panel and turns a person's input into engine actions. Who plays each
seat is the business of its driver (:mod:`game.ui.seats`): every frame the shell asks the
deciding seat's driver for the next action, without knowing whether a person or a
computer plays it.

The view and the rules are plugin code behind guards (:mod:`game.ui.isolation`): whatever
they raise, here or in the computer players' thread, unwinds to ``App.plugin_failed``,
which autosaves, names the plugin and goes back to the title.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from game.core.errors import AztecArcadeError, IllegalAction
from game.i18n import Msg, Seat, Text
from game.i18n.client import _
from game.i18n.message import reason
from game.kit.client import fx
from game.kit.client.boardview import Area, BoardView
from game.kit.client.layout import BOARD_AREA, log_area, panel_area, seats_area, taller
from game.kit.client.messages import one_line
from game.kit.client.text import inside
from game.ui import playframe
from game.ui.actionlog import ActionLog
from game.ui.cues import GameSounds
from game.ui.hints import Hinter, HintShow
from game.ui.listview import ActionListView
from game.ui.playersbar import draw_players_bar, turn_holder, wide_cards
from game.ui.refusals import Refusing
from game.ui.resting import board_wake
from game.ui.scenes.common import BaseScene, open_game_menu, replay_history, seat_colours
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.seats import Reply, SeatDriver, Seats, Turn, pad_refusal
from game.ui.services import AppServices
from game.ui.sessions import palette_name
from game.ui.widgets import Banner

if TYPE_CHECKING:
    from game.api import Game
    from game.core.events import Event
    from game.kit.client.damage import Part
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.session import Session
    from game.ui.shell import Shell

#: the menu keys, shown whoever decides
MENU_SHORTCUTS: tuple[tuple[Text, Text], ...] = ((_("Esc", context="key"), _("Menu")),
                                                 ("F1", _("Rules")))
BASE_SHORTCUTS: tuple[tuple[Text, Text], ...] = (
    ("U", _("Undo")), ("Y", _("Redo")), ("E", _("End turn")), ("H", _("Hint")), *MENU_SHORTCUTS)
#: in a game with secrets: hold P (a controller's left trigger) to see one's own
PEEK_SHORTCUT: tuple[tuple[Text, Text], ...] = ((_("P / LT", context="key"), _("Hold: peek")),)
#: shown when the board view lists no shortcuts of its own
VIEW_SHORTCUTS: tuple[tuple[Text, Text], ...] = (
    (_("Tab", context="key"), _("Tool")), ("R", _("Rotate")), ("1-9", _("Choose")))
AGAIN = _("do it again to confirm")  # how a move that gives something up is confirmed


class PlayScene(Refusing, BaseScene):
    has_board = True
    settles_heap = True
    tall = True  # the board and the log grow into a 16:10 screen
    #: where the board view draws and takes its input on the 1080 canvas (a lesson keeps
    #: room for its card)
    board_1080: Area = BOARD_AREA

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        #: what drives each seat (a person here, a computer)
        self.seats = Seats(session)
        #: the variant's board view (the action list without one), made on enter
        self.view: BoardView
        self.log = ActionLog()
        self.banner = Banner()
        self.refusal = ""  # (:class:`~game.ui.refusals.Refusing`)
        self._refused_at = None
        self.refused_t = fx.SHAKE_TIME
        #: what the last undo or redo did, while the view has no status of its own
        self.note: Text = ""
        #: a person's action that gives something up ("5 AP left"), waiting for one press
        #: more: (session version, action, what the status line asks)
        self.confirming: tuple[int, str, str] | None = None
        #: the game is over: the results follow once the scoring overlay is closed
        self.results_pending = False
        #: the scene has left the stack (or is leaving it)
        self.done = False
        #: what each action sounds like, and the game's music
        self.sounds = GameSounds.for_game(session.game)
        #: the hint key's suggestions (the Normal player's choice, worked out off-frame)
        self.hints = HintShow(session)
        #: the scale and colours the status line's seat frames were painted for (a pixel
        #: cache's note, like a view's layers)
        self.warmed: tuple[float, tuple[tuple[int, int, int], ...]] | None = None
        #: the seat cards stand one under another (a name too long for two abreast)
        self.wide = False

    # -- helpers ---------------------------------------------------------------------
    @property
    def extra(self) -> float:
        """Logical units the window's canvas has beyond 1080 (``Screen.extra``)."""
        return self.app.screen.extra if self.app is not None else 0.0

    @property
    def board_area(self) -> Area:
        """Where the board view draws and takes its input: as tall as the canvas allows."""
        return taller(self.board_1080, self.extra)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def secrets(self) -> bool:
        """Whether the game has private information (hand-offs may happen)."""
        return self.game.rules.has_secrets is True

    @property
    def colours(self) -> list[tuple[int, int, int]]:
        assert self.app is not None
        return seat_colours(self.app, self.session, self.game.players)

    @property
    def privacy(self) -> int | None:
        """The seat the "Pass to" screen over this game waits for (None: none shows)."""
        for scene in reversed(self.app.stack.scenes if self.app is not None else []):
            if scene is self:
                break
            if isinstance(scene, HandoffScene) and scene.session is self.session:
                return scene.seat
        return None

    @property
    def shortcuts(self) -> tuple[tuple[Text, Text], ...]:  # type: ignore[override]
        """The deciding seat's keys if its driver has its own; else the core keys, then
        the view's own (or generic Tab/R/digits), Tab naming the tool."""
        driver = self.seats.deciding()
        keys = driver.shortcuts() if driver is not None else None
        peek = PEEK_SHORTCUT if self.secrets else ()
        if keys is not None:
            return (*keys, *peek, *MENU_SHORTCUTS)
        view = self.view
        extra = tuple(view.shortcuts or ()) or VIEW_SHORTCUTS
        tool = view.tool_label()
        out = list(BASE_SHORTCUTS)
        for key, meaning in extra:
            if str(key) == "Tab":  # a message's own text is its English
                if not view.tools:
                    continue
                if isinstance(tool, str | Msg) and tool:
                    meaning = _("Tool: {tool}", tool=tool)
            out.append((key, meaning))
        return (*out, *peek)

    # -- lifecycle -------------------------------------------------------------------
    def enter(self, app: Shell) -> None:
        super().enter(app)
        app.input.text_mode = False
        for problem in self.sounds.problems:
            app.toast(problem, 6.0)
        self.seats.privacy()  # before the view first asks whose secrets it may draw
        self.view = self._make_view(app)
        self._lay_out()
        earlier = len(self.game.log) - len(self.session.history)
        if earlier > 0:  # a loaded game: recover the log's events by replaying it
            self.log.prior = (replay_history(self.game) or [])[:earlier]
        self._rebuild_log()
        if self.game.is_over:
            self.results_pending = True
        else:
            self._announce(None, first=True)

    def pause(self) -> None:
        """Another screen covers the board (a menu, a hand-off): a peek ends, as the
        release of its key may never reach this screen."""
        self.seats.unpeek()

    def resume(self) -> None:
        assert self.app is not None
        self.app.input.text_mode = False
        seat, self.session.handover = self.session.handover, None
        if seat is not None and not self.game.is_over:
            # The scoring overlay is closed: now the screen changes hands.
            self.app.stack.push("handoff", self.session, seat, self.refuse)
            self.seats.passed(seat)

    def exit(self) -> None:
        self.done = True
        self.seats.close()
        self.hints.close()

    def assign_seat(self, seat: int, driver: SeatDriver) -> None:
        """Hand ``seat`` to another driver (a device claims it or gives it back, a
        computer takes over). If the seat decides now it is announced again, so a person
        here who takes it over in a game with secrets gets the "Pass to" screen first."""
        self.seats.assign(seat, driver)
        if self.app is not None and not self.game.is_over \
                and self.game.current_player == seat:
            self._announce(None, first=True)
        else:
            self.seats.privacy()  # one person fewer or more who may see the screen

    def _make_view(self, app: Shell) -> BoardView:
        view = app.make_view(self.session)
        if view is not None:
            return view
        engine = self.game.rules.engine_id
        why = next((b.message for b in app.registry.broken
                    if b.kind == "plugin" and "register_views" in b.message), "")
        return ActionListView(self.session, AppServices(app), _(
            "No board view for '{engine}' ({why}): choose actions from the list", engine=engine,
            why=one_line(why)) if why else _(
            "No board view for '{engine}': choose actions from the list", engine=engine))

    def music(self) -> str:
        return self.sounds.music

    def _lay_out(self) -> None:
        """Stand the seat cards one under another if a name needs it (names can change:
        a phone takes a seat), and give the log what the cards and the panel leave."""
        assert self.app is not None
        self.wide = wide_cards(self.app.screen, self.session.names, self.game.players)
        area = log_area(self.game.players, self.view.seat_fact_lines, self.wide, self.extra)
        if area != self.log.area:
            self.log.area = area
            self._rebuild_log()

    # -- applying actions ------------------------------------------------------------
    def apply(self, action: str) -> bool:
        """Apply ``action`` through the session; a refusal is shown, never raised."""
        if self.done or self.game.is_over:
            return False
        before = self.game.current_player
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self._refuse(action, self.session.say(reason(exc)))
            return False
        except AztecArcadeError as exc:
            self._refuse(action, one_line(exc))
            return False
        self.refusal = ""
        self.note = ""
        self.seats.peeking = None  # the game moved on: a peek ends with the decision
        self.seats.privacy()
        self.view.on_events(action, events)
        self._after(action, events, before)
        return True

    def _refuse(self, action: str, reason: str) -> None:
        self.view.refused(action, reason)
        self.refuse(reason)

    def _after(self, action: str, events: list[Event], before: int | None) -> None:
        assert self.app is not None
        self.seats.changed()
        self._rebuild_log()
        self.log.scroll = 0
        public = [e for e in events if e.visible(None)]  # the room hears it: no secrets
        self.app.play_sound(self.sounds.action_sound(
            action, [e.kind for e in public], any(e.points for e in public)))
        if any(e.kind == "scoring" for e in events) or (
                self.view.scoring_overlay and any(e.kind == "score" for e in events)):
            self.app.stack.push("scoring", self.session, self.view, events)
        if self.game.is_over:
            self.results_pending = True
            self.banner.hide()
        else:
            self._announce(before)

    def _announce(self, before: int | None, first: bool = False) -> None:
        """After a change: if a person here must now decide with their secrets in view
        while others could see them, the screen is passed to them ("Pass to ...",
        :func:`game.ui.seats.privacy` decides); else, when the decision passed to another
        seat, a banner names it."""
        assert self.app is not None
        now = self.game.current_player
        handoff = self.seats.privacy().handoff
        if handoff is not None:
            if self.app.stack.top is not self:
                # A scoring overlay is showing: everyone reads it over the board, drawn
                # for a spectator; the "Pass to" screen follows when it closes.
                self.session.handover = handoff
                self.view.update(0.0)  # the view forgets the last seat's secrets now
            else:
                self.app.stack.push("handoff", self.session, handoff, self.refuse)
                self.seats.passed(handoff)
            self.banner.hide()
        elif now is None or (now == before and not first):
            return
        else:
            turn = turn_holder(self.game)
            sub = "" if turn in (None, now) else self.session.say(_(
                "while it is {player}'s turn", you="while it is your turn", player=Seat(turn)))
            self.banner.show(self.session.say(
                _("{player} decides", you="You decide", player=Seat(now)) if sub else
                _("{player}'s turn", you="Your turn", player=Seat(now))),
                self.colours[now], 1.8, sub)
        if not first:
            self.app.play_sound("turn")

    def undo(self, pending: tuple[int, str, str] | None = None) -> None:
        """U: take back the last action. Taking back another seat's end of turn (the
        next seat has not acted yet) is asked once more first: whoever sits at the keys
        now may not have meant to give the turn back."""
        assert self.app is not None
        before = self.game.current_player
        back_to = self.session.undo_crosses()
        if back_to is not None and (pending is None
                                    or pending[:2] != (self.session.version, "undo")):
            self.ask("undo", self.session.say(_(
                "Sure? U again gives the turn back to {player} (anything else "
                "cancels)", player=Seat(back_to))))
            return
        try:
            self.session.undo()
        except IllegalAction as exc:
            self.refuse(reason(exc))
            return
        self.refusal = ""
        self.note = _("Undone") if back_to is None else self.session.say(_(
            "Undone: {player}'s turn again", you="Undone: your turn again", player=Seat(back_to)))
        self.seats.privacy()
        self.view.on_reset()
        self.seats.changed()
        self._rebuild_log()
        self.app.play_sound("back")
        # a banner when the turn came back; a secret step undone to a public one
        self._announce(before if back_to is not None else self.game.current_player)

    def redo(self) -> None:
        before = self.game.current_player
        try:
            events = self.session.redo()
        except IllegalAction as exc:
            self.refuse(reason(exc))
            return
        self.refusal = ""
        self.note = _("Redone")
        self.seats.privacy()
        self.view.on_reset()
        action = self.session.history[-1][1] if self.session.history else ""
        self._after(action, events, before)

    def end_turn(self, intent: Intent, pending: tuple[int, str, str] | None = None) -> None:
        if self.session.is_legal("end"):
            self.apply_local("end", pending, _("E again (pad: X) ends the turn"))
            return
        action = self.view.handle(intent, self.board_area)
        if isinstance(action, str) and action:
            self.apply_local(action, pending, _("E again (pad: X) to confirm"))
        else:
            self.refuse(_("You cannot end the turn now"))

    def apply_local(self, action: str, pending: tuple[int, str, str] | None,
                    again: Text = AGAIN) -> bool:
        """A person's action. One that gives something up (``Game.forgoes``: ending a
        turn with AP left) is applied only when the same is asked again right after
        (``pending`` is that first ask), the same in every game; anything else in
        between cancels it."""
        assert self.app is not None
        left = self.game.forgoes(action)
        if left and (pending is None or pending[:2] != (self.session.version, action)):
            self.ask(action, self.session.say(_("Sure? {forgone}: {again} (anything else "
                                                "cancels)", forgone=left, again=again)))
            return False
        return self.apply(action)

    def ask(self, action: str, question: str) -> None:
        """Ask before ``action`` (the same press again does it). The question takes the
        status line: a refusal shown before it is put away, so what is asked is seen."""
        assert self.app is not None
        self.confirming = (self.session.version, action, question)
        self.refusal = ""
        self.app.play_sound("click")

    def _rebuild_log(self) -> None:
        assert self.app is not None
        self.log.rebuild(self.app.screen, self.session, self.colours)

    # -- input -----------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if self.done:
            return
        assert self.app is not None
        if intent.kind != "point":  # any press closes the turn banner (and still acts)
            self.banner.hide()
        if intent.kind not in ("point", "release", "peek_end", "scroll"):
            self.refusal = ""  # a new press: the last refusal is old news
        if intent.kind in ("peek", "peek_end"):
            self._peek(intent)
            return
        if open_game_menu(self.app, intent, self) or self.results_pending:
            return
        refusal = pad_refusal(self.session, intent)
        if refusal:
            self.refuse(refusal)
            return
        if self.log.handle(intent, self.app.input.pointer):
            return
        if intent.kind == "hint":
            self.ask_hint()
            return
        driver = self.seats.deciding()
        if driver is None or driver.wants_local_input:
            self._handle_local(intent)
        else:  # the board takes no input; the seat's driver may make something of it
            self._answer(driver.handle(intent, inside(intent.pos, self.board_area)))

    def _peek(self, intent: Intent) -> None:
        """Hold to peek: a person's own secrets show while the key is held (whose:
        :func:`game.ui.seats.peeker`), hidden again on release."""
        assert self.app is not None
        if intent.kind == "peek_end":
            self.seats.unpeek()
            return
        if self.results_pending or self.game.is_over:
            return
        refusal = self.seats.peek(intent.device)
        if refusal:
            self.refuse(refusal)

    def _handle_local(self, intent: Intent) -> None:
        """A person here decides: undo, redo, end the turn, or the board view's input."""
        kind = intent.kind
        pending = self.confirming
        if kind not in ("point", "release"):  # a press: a pending confirmation is
            self.confirming = None  # answered by it, or cancelled
        if kind == "undo":
            self.undo(pending)
        elif kind == "redo":
            self.redo()
        elif kind == "end":
            self.end_turn(intent, pending)
        elif kind == "confirm" and (hinted := self.hints.enter_action()) is not None:
            self.apply_local(hinted, pending, _("Enter again to confirm"))
        elif kind != "release" or self.view.uses_release:  # only views that drag
            action = self.view.handle(intent, self.board_area)
            if isinstance(action, str) and action:
                self.apply_local(action, pending)

    def _answer(self, reply: Reply) -> None:
        assert self.app is not None
        if reply.refusal:
            self.refuse(reply.refusal)
        elif reply.sound:
            self.app.play_sound(reply.sound)

    # -- hints ---------------------------------------------------------------------------
    @property
    def hinter(self) -> Hinter:
        return self.hints.hinter

    @property
    def hint_text(self) -> str:
        return self.hints.text

    def ask_hint(self) -> None:
        """H: the Normal player's choice for the person deciding here (:class:`HintShow`)."""
        assert self.app is not None
        driver = self.seats.deciding()
        if driver is None or not driver.wants_local_input:
            self.refuse("Hints are for the person deciding here: wait for your turn")
            return
        if self.hints.ask(driver.seat, self.view):
            self.app.play_sound("select")

    def controller_removed(self, instance_id: int) -> str | None:
        seat = self.session.controllers.pop(instance_id, None)
        return None if seat is None else self.session.name(seat)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.done:
            return
        assert self.app is not None
        self.banner.update(dt)
        self.refused_t += dt
        self._forget_stale_refusal()
        # the colours chosen in Settings (the pause menu's), before the view reads them
        self.session.palette = palette_name(self.app)
        self.view.update(dt)
        self._lay_out()
        self.hints.update(self.view)
        if self.log.stale(self.session):
            self._rebuild_log()
        if not self.results_pending and self.app.stack.top is self:
            action = self.seats.poll(Turn(dt, self.view))
            if isinstance(action, str) and action:
                self.apply(action)
        if self.results_pending and self.app.stack.top is self and self.results_ready():
            self.done = True
            self.app.stack.replace("results", self.session)

    def results_ready(self) -> bool:
        """Whether the results may follow the end of the game now (a lesson first says
        what there is to say about it)."""
        return True

    wakes_in = board_wake

    # -- drawing ---------------------------------------------------------------------
    def draw(self, screen: Screen) -> None:
        for part in self._painting(screen):
            part(screen)

    def _painting(self, screen: Screen) -> list[Callable[[Screen], None]]:
        """The frame's painting in order: what :meth:`parts` cuts into parts."""
        panel = panel_area(self.game.players, self.view.seat_fact_lines, self.wide)
        out = [self.draw_bar, self.draw_board, self.log.draw,
               lambda s: self.view.draw_panel(s, panel),  # (after the log: it may reach over)
               lambda s: playframe.paint_status_and_footer(self, s)]
        if self.app is not None and self.app.stack.top is self:  # never over a menu
            # over the whole list of seat cards, never a part of it (a card half hidden
            # under "Itzpapalotl ist dran" read as a broken screen)
            out.append(lambda s: self.banner.draw(s, self.banner_area()))
        return out

    def banner_area(self) -> tuple[float, float, float, float]:
        """Where the turn banner lies: over every seat card."""
        return seats_area(self.game.players, self.view.seat_fact_lines, self.wide)

    def parts(self, screen: Screen) -> list[Part] | None:
        """The frame cut into parts when the view says what decides its pixels
        (:mod:`game.ui.playframe`); a subclass drawing more than this scene does paints
        whole frames."""
        if type(self).draw is not PlayScene.draw:
            return None
        return playframe.parts(self, screen)

    def secrets_shown(self) -> Hashable:
        return self.session.shown

    def draw_bar(self, screen: Screen) -> None:
        draw_players_bar(screen, self.game, self.session.names, self.colours, self.t,
                         self.shown_scores(), self.session.marks, self.seats.labels(),
                         self.seats.icons(), self.view, self.wide, over_wall=True)

    def draw_board(self, screen: Screen) -> None:
        """The view's board; a keyed view's clipped to its area, as it promises (so a
        burst flying out of the board ends at its edge in every frame alike)."""
        if not self.view.keyed:
            self.view.draw(screen, self.board_area)
            return
        surface = screen.surface
        clip = surface.get_clip()
        surface.set_clip(screen.rect(*self.board_area).clip(clip))
        try:
            self.view.draw(screen, self.board_area)
        finally:
            surface.set_clip(clip)

    def opaque_rects(self, screen: Screen) -> list[pygame.Rect]:
        rect = self.view.opaque_rect(screen, self.board_area)
        return [rect] if isinstance(rect, pygame.Rect) else []

    def scoring(self) -> ScoringScene | None:
        """This game's scoring overlay, if it is showing."""
        assert self.app is not None
        for scene in self.app.stack.visible():
            if isinstance(scene, ScoringScene) and scene.session is self.session:
                return scene
        return None

    def shown_scores(self) -> list[int] | None:
        """While the scoring overlay counts up, the bar shows its numbers."""
        scene = self.scoring()
        if scene is not None and scene.baseline:
            return [round(v) for v in scene.shown_scores()]
        return None

    def _default_status(self) -> Text:
        seat = self.game.current_player
        if seat is None:
            return _("The game is over")
        return self.session.say(_("{player} to play", you="Your turn", player=Seat(seat)))
