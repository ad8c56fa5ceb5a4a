"""A lesson in play: the real game on the real board view, with a card that teaches.

A :class:`LessonScene` is the play screen (:class:`~game.ui.scenes.play.PlayScene`) with
a script (:class:`game.core.lessons.model.Lesson`): a card under the board says what to do and why
and which keys do it, the board view marks where (``BoardView.show_target``: a ghost of
the move, the cursor left where it was), and the learner makes the move with their own
cursor, clicks or buttons: Enter alone plays whatever is at the cursor, as in a game. H
("show me") puts the cursor on the move (``BoardView.show_hint``). Every action the
learner takes is judged against the step before it reaches the engine:

- an accepted action (or the next of an accepted plan, e.g. a walk's next step) is
  played, and once the step's plan is complete the computer seats play its replies;
- another legal action is explained ("That works too, but ...") and taken back: it never
  reaches the game;
- an illegal one goes to the engine, which refuses it with its usual reason.

The computer seats are :class:`ScriptedSeat` drivers: they play the replies at the pace
of the computer players. Undo is off (the script checks each step as it comes). The game
is saved after every action in the lesson's own file (never the autosave of a real game),
so a lesson left with Esc resumes where it was; finishing it marks it done.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.core.lessons.model import Lesson, Position, Step, fill
from game.i18n import Msg, Seat, Text, language, say
from game.i18n.client import _
from game.i18n.render import advice, pattern
from game.i18n.yamltexts import lesson_text
from game.kit.client import theme
from game.kit.client.messages import personalise
from game.kit.client.text import fit, wrap
from game.ui import padcaps
from game.ui.input import shown_pad
from game.ui.scenes.play import MENU_SHORTCUTS, PlayScene
from game.ui.seats import ComputerSeat, Pace, SeatStatus, Turn
from game.ui.shell import soonest
from game.ui.widgets import INK

if TYPE_CHECKING:
    from game.api import Game
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.lessonstore import LessonStore
    from game.ui.session import Session
    from game.ui.shell import Shell

#: the board, and the lesson's card under it (logical units); the card ends above the
#: status line even when that takes two lines
LESSON_BOARD = (16.0, 8.0, 1312.0, 692.0)
CARD = (16.0, 708.0, 1312.0, 194.0)
#: the card's text: what players read is at least 40 logical pixels
TEXT_SIZE = 40
LINE = 44
MAX_LINES = 3
#: seconds the "that works too" note stays in place of the step's text
NOTE_SECONDS = 8.0
#: what a key does, for the footer
MEANING: dict[str, Text] = {
    "Enter": _("Do it"), "E": _("End turn"), "T": _("Spend AP token"), "Tab": _("Tool"),
    "R": _("Rotate"), "U": _("Undo"), "Y": _("Redo"), "Esc": _("Menu"), "H": _("Show me"),
    "Arrows": _("Move the cursor")}
#: a key cap's words (a letter or a digit is shown as it is)
CAPS: dict[str, Text] = {
    "Enter": _("Enter", context="key"), "Esc": _("Esc", context="key"),
    "Tab": _("Tab", context="key"), "Arrows": _("Arrows", context="key")}
#: a seat's colour inside a step's text ("the {colour} pawns"), by its palette name
COLOUR_IN_TEXT: dict[str, Text] = {
    "Orange": _("orange", context="colour in a sentence"),
    "Sky": _("sky", context="colour in a sentence"),
    "Green": _("green", context="colour in a sentence"),
    "Vermillion": _("vermillion", context="colour in a sentence"),
    "Yellow": _("yellow", context="colour in a sentence"),
    "Blue": _("blue", context="colour in a sentence"),
    "Purple": _("purple", context="colour in a sentence"),
    "White": _("white", context="colour in a sentence"),
    "Cyan": _("cyan", context="colour in a sentence"),
    "Pink": _("pink", context="colour in a sentence"),
    "Violet": _("violet", context="colour in a sentence")}


class ScriptedSeat(ComputerSeat):
    """A computer seat of a lesson: it plays the replies the script holds for it, one
    after another at the computer players' pace (Enter: faster, E: skip)."""

    def __init__(self, seat: int, scene: LessonScene, pace: Pace) -> None:
        super().__init__(seat, "easy", scene.session, scene.seats.worker, pace)
        self.scene = scene

    @property
    def label(self) -> str:
        return say(_("CPU", context="seat"))

    def poll(self, turn: Turn) -> str | None:
        self.pace.wait += turn.dt
        if not self.pace.due(turn.board.busy is True):
            return None
        return self.scene.next_reply(self.seat)

    def status(self) -> SeatStatus:
        step = self.scene.step
        if step is None or not step.accept:  # the card is read first: nothing is played
            return SeatStatus(say(_("Read the lesson card")), False, say(_("Enter: continue")))
        pace = self.pace
        mode = _("skipping to your turn") if pace.skipping else (
            _("fast · Enter: normal speed") if pace.fast else _("Enter: faster"))
        return SeatStatus(self.session.say(_("{player} plays", player=Seat(self.seat))), False,
                          say(_("{mode}  ·  E: skip", mode=mode)))

    def cancel(self) -> None:
        self.answer = None


class LessonScene(PlayScene):
    board_1080 = LESSON_BOARD

    def __init__(self, session: Session, lesson: Lesson, store: LessonStore,
                 where: Position | None = None) -> None:
        super().__init__(session)
        self.lesson = lesson
        self.store = store
        where = where or Position(0)
        #: the step being taught (0-based; len(steps): the lesson is over)
        self.index = where.step
        #: the learner's actions of this step so far, whether they complete it, and how
        #: many of its replies the computer seats have played
        self.taken: tuple[str, ...] = where.done
        self.acted = where.acted
        self.replied = where.replies
        #: "that works too, but ..." in place of the step's text, for a while
        self.lesson_note = ""
        self.note_t = 0.0
        self.finished = False
        #: the board marks the step's move (its ghost): the learner goes there
        self.marked = False
        #: H put the board view's cursor on the step's move (Enter there plays it)
        self.on_cursor = False
        session.autosave = self.save
        for seat in range(session.game.players):
            if seat != lesson.learner:
                self.seats.assign(seat, ScriptedSeat(seat, self, self.seats.pace))

    # -- the script ----------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def secrets(self) -> bool:
        """One person plays a lesson: nothing to hide from anyone at this screen."""
        return False

    def save(self, game: Game) -> None:
        """Keep the game in the lesson's own file, with the step on show (a step to read
        leaves no trace in the log)."""
        self.store.save(self.lesson, game, {**self.session.meta(), "step": self.index})

    def next_reply(self, seat: int) -> str | None:
        """The reply the script has for ``seat`` now (None: none is due)."""
        step = self.step
        if step is None or not self.acted or self.replied >= len(step.replies):
            return None
        if self.game.current_player != seat:
            return None
        return step.replies[self.replied]

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self._advance()
        self._present()

    def exit(self) -> None:
        super().exit()
        self.store.flush()

    def _present(self, point: bool = False) -> None:
        """Show the step on the board: its move marked where it is played, and with
        ``point`` (H, "show me") the cursor on it, so that Enter plays it."""
        step = self.step
        show = step.show if step is not None and step.accept and not self.acted else None
        self.marked = self.view.show_target(show)
        self.on_cursor = self.view.show_hint(show) if point and show else False
        if not show:
            self.view.show_hint(None)

    def _advance(self) -> None:
        """On to the next step once this one's action and replies are done (a step
        without an action waits for Enter)."""
        step = self.step
        moved = False
        while step is not None and step.accept and self.acted and \
                self.replied >= len(step.replies):
            self.index += 1
            self.taken, self.acted, self.replied = (), False, 0
            self.lesson_note = ""
            step = self.step
            moved = True
        if moved:
            self._present()
        if step is None and not self.finished:
            self._finish()

    def _continue(self) -> None:
        """Enter on a step to read: the next step."""
        assert self.app is not None
        self.index += 1
        self.taken, self.acted, self.replied = (), False, 0
        self.lesson_note = ""
        self.app.play_sound("select")
        if self.step is None:
            self._finish()
        else:
            self._present()

    def _finish(self) -> None:
        assert self.app is not None
        self.finished = True
        self.marked = self.view.show_target(None)
        self.view.show_hint(None)
        try:
            self.store.mark_done(self.lesson.id)
        except OSError as exc:
            self.app.toast(_("Could not note the lesson as done: {problem}",
                             problem=str(exc.strerror or exc)))
        self.app.toast(_("Lesson complete: {lesson}", lesson=self.name), 5.0)
        self.app.play_sound("winner")
        if not self.game.is_over:  # the results follow a finished game by themselves
            self.done = True
            self.app.stack.clear_to("title")
            self.app.stack.push("lessons")

    def results_ready(self) -> bool:
        return self.finished

    # -- actions -------------------------------------------------------------------------
    def apply(self, action: str) -> bool:
        if self.done or self.game.is_over:
            return False
        seat = self.game.current_player
        if seat != self.lesson.learner:
            if not super().apply(action):
                return False
            self.replied += 1
            self._advance()
            return True
        step = self.step
        if step is None or not step.accept or self.acted:
            self.refuse(_("Read the step, then press Enter"))
            return False
        if step.matches(self.taken, action) is None and self.session.is_legal(action):
            self._other(step, action)
            return False
        if not super().apply(action):
            return False
        done = self.game.log[-1]
        plan = step.matches(self.taken, done) or step.matches(self.taken, action)
        self.taken += (done,)
        if plan is not None and self.taken == plan:
            self.acted = True
            self.marked = self.view.show_target(None)
            self.view.show_hint(None)
            self._advance()
        return True

    def _other(self, step: Step, action: str) -> None:
        """A legal action the step does not ask for: said, and taken back."""
        assert self.app is not None
        wanted = (step.expect or ("",))[len(self.taken)] if step.expect else ""
        try:  # advice to the learner: "choose power card 7", not "You choose ..."
            said = advice(self.game.describe(wanted), self.lesson.learner, self.session.names) \
                if wanted else ""
        except Exception:  # noqa: BLE001 - a plugin's wording failing: the notation
            said = wanted
        self.lesson_note = self.words(step.other) if step.other else self.session.say(
            _("That works too, but try this now: {move}.", move=said))
        self.note_t = 0.0
        self.view.on_reset()  # drop a walk the view had queued
        self._present()
        self.app.play_sound("refused")

    # -- input ---------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if self.done:
            return
        if self._lesson_input(intent):
            return
        super().handle(intent)

    def _lesson_input(self, intent: Intent) -> bool:
        """The lesson's own keys: Enter on a step to read, H to show the step again, no
        undo. True if ``intent`` was one of them."""
        assert self.app is not None
        kind = intent.kind
        if kind in ("back", "help", "save") or self.app.stack.top is not self:
            return False
        step = self.step
        if step is not None and not step.accept:
            if kind in ("confirm", "click"):
                self._continue()
                return True
            return kind not in ("point", "scroll", "page_up", "page_down")
        learner = self.game.current_player == self.lesson.learner
        if kind == "hint":  # show me: the cursor on the step's move
            if learner and step is not None and not self.acted:
                self.view.on_reset()
                self._present(point=True)
                self.app.play_sound("select")
            return True
        if kind in ("undo", "redo") and learner:
            self.refuse(_("A lesson checks every step as you go: there is no undo"))
            return True
        return False

    def wakes_in(self) -> float | None:
        """The board's, and the lesson's note going when its time is up."""
        board = super().wakes_in()
        return soonest(board, max(0.0, NOTE_SECONDS - self.note_t)) if self.lesson_note \
            else board

    def update(self, dt: float) -> None:
        self.note_t += dt
        if self.lesson_note and self.note_t >= NOTE_SECONDS:
            self.lesson_note = ""
        super().update(dt)

    @property
    def shortcuts(self) -> tuple[tuple[Text, Text], ...]:  # type: ignore[override]
        """The step's keys while the learner decides, else the computers' keys."""
        step = self.step
        if step is not None and not step.accept:
            return ((_("Enter", context="key"), _("Continue")), *MENU_SHORTCUTS)
        driver = self.seats.deciding()
        if driver is not None and not driver.wants_local_input:
            return (*(driver.shortcuts() or ()), *MENU_SHORTCUTS)
        return (*((CAPS.get(k, k), MEANING.get(k, MEANING["Enter"]))
                  for k in self.step_keys(step)),
                (_("H", context="key"), MEANING["H"]), *MENU_SHORTCUTS)

    def step_keys(self, step: Step | None) -> tuple[str, ...]:
        """The keys that make the step's move: the step's own, after the arrows when the
        board marks where to go (the cursor is the learner's to move there)."""
        keys = step.keys if step is not None else ("Enter",)
        if self.marked and not self.on_cursor and "Enter" in keys and "Arrows" not in keys:
            at = keys.index("Enter")
            return (*keys[:at], "Arrows", *keys[at:])
        return keys

    # -- drawing -------------------------------------------------------------------------
    def draw(self, screen: Screen) -> None:
        super().draw(screen)
        self._draw_card(screen)

    def _draw_card(self, screen: Screen) -> None:
        screen = screen.foot()  # over the status line, however tall the board grows
        x, y, w, h = CARD
        step = self.step
        screen.box(x, y, w, h, theme.PANEL, radius=16)
        glow = 0.5 + 0.5 * math.sin(self.t * 3.0)
        border = theme.ACCENT if not self.lesson_note else theme.DANGER
        screen.box(x, y, w, h, border, radius=16, width=3 + round(glow))
        if step is None:
            text = say(_("You have finished the lesson {lesson}.", lesson=self.name))
        else:
            text = self.words(step.text)
        self._draw_head(screen, step)
        shown = self.lesson_note or text
        colour = theme.ACCENT if self.lesson_note else theme.TEXT
        # a step's words step down a size or two before any of them is cut (a window's
        # own font size can wrap them onto one line more than the logical canvas does)
        size = float(TEXT_SIZE)
        lines = wrap(screen, shown, size, w - 48)
        while len(lines) > MAX_LINES and size > theme.FONT_SMALL + 4:
            size -= 3
            lines = wrap(screen, shown, size, w - 48)
        if len(lines) > MAX_LINES:
            lines = lines[:MAX_LINES - 1] + [fit(screen, " ".join(lines[MAX_LINES - 1:]),
                                                 size, w - 48)]
        step_y = LINE * size / TEXT_SIZE + (TEXT_SIZE - size) * 0.4  # (no tighter leading)
        for i, line in enumerate(lines):
            screen.text(line, x + 24, y + 50 + step_y * i, size, colour)

    @property
    def name(self) -> Text:
        """The lesson's name in the reader's language."""
        return lesson_text(self.lesson.name, self.lesson.source)

    def words(self, text: str) -> str:
        """A text of the lesson file in the television's language (its package's
        catalogue), the seats' colours filled in where it names them."""
        said = lesson_text(text, self.lesson.source)
        words = pattern(said, language()) if isinstance(said, Msg) else said
        return personalise(fill(words, self.colour_names(), self.lesson.learner),
                           self.session.names)

    def colour_names(self) -> list[str]:
        """Each seat's colour as people call the one the screen shows ("orange"), in the
        television's language."""
        names = theme.colour_names(self.session.palette)
        return [say(COLOUR_IN_TEXT.get(name, name.lower()))
                for name in (names[i % len(names)] for i in self.session.colour_index)]

    def _draw_head(self, screen: Screen, step: Step | None) -> None:
        """The step's number and title on the left, its keys as key caps on the right;
        the title takes the room the caps leave (shorter "13/29" first, then the
        controller's names drop out of the caps before a word of the title is cut)."""
        x, y, w, _h = CARD
        size = theme.FONT_SMALL
        keys: tuple[str, ...] = ()
        if step is not None and not step.accept:
            keys = ("Enter",)
        elif step is not None and not self.acted and \
                self.game.current_player == self.lesson.learner:
            keys = self.step_keys(step)
        total = len(self.lesson.steps)
        if step is None:
            heads = [say(_("Lesson complete")).upper()]
        else:
            title = f" · {self.words(step.title)}" if step.title else ""
            heads = [say(_("Step {number} of {total}{title}", number=step.number, total=total,
                           title=title)).upper(),
                     say(_("Step {number}/{total}{title}", number=step.number, total=total,
                           title=title)).upper()]
        for pads in (True, False):
            caps = self._caps(keys, pads)
            room = w - 48 - sum(screen.text_width(label, size) + 32 for label, _main in caps)
            head = next((h for h in heads if screen.text_width(h, size) <= room), None)
            if head is not None:
                break
        if head is None:
            head = fit(screen, heads[-1], size, room)
        screen.text(head, x + 24, y + 12, size, theme.ACCENT)
        right = x + w - 24
        for label, main in reversed(caps):
            width = screen.text_width(label, size) + 20
            if main:
                screen.box(right - width, y + 10, width, 36, theme.ACCENT, radius=6)
                screen.text(label, right - width / 2, y + 28, size, INK, "center")
            else:
                screen.text(label, right - 4, y + 28, size, theme.TEXT_DIM, "midright")
            right -= width + 12

    @staticmethod
    def _caps(keys: tuple[str, ...], pads: bool) -> list[tuple[str, bool]]:
        """The key caps (label, a key rather than its controller button); when the last
        input came from a pad, that pad's buttons (:mod:`game.ui.padcaps`) instead."""
        caps: list[tuple[str, bool]] = []
        family = shown_pad()
        for key in keys:
            pad = padcaps.words(CAPS.get(key, key), family or "xbox")
            caps.append((pad if family and pad else say(CAPS.get(key, key)), True))
            if pad and pads and not family:
                caps.append((say(_("pad {button}", context="key", button=pad)), False))
        return caps
