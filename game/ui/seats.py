"""Who drives each seat: a person at this screen, or a computer player.

Every seat of a game in the play screen has one :class:`SeatDriver`. The play screen asks
the driver of the deciding seat for the seat's next action, hands it the input of this
screen when the driver wants none of the board's, and draws what the driver says about
itself (its tag on the seat cards, its status line, its keys), without knowing which
kind of driver it is. A new kind of seat (a device somewhere else) is a new subclass,
given its seat with :meth:`Seats.assign` (or made from a saved kind in
:meth:`Seats.driver_for`); no screen changes.

What drives a seat, in one place:

- ``"human"`` (the saved kind) -> :class:`LocalSeat`: a person here with mouse, keyboard
  or a controller. The board view turns their input into actions; in a game with
  secrets the screen is passed to them before they decide.
- ``"easy"``, ``"normal"``, ``"hard"`` -> :class:`ComputerSeat`: a computer player of
  :mod:`game.ai`. It thinks in the worker thread (:class:`~game.ai.worker.BotWorker`,
  one for all the computer seats of a game) on a copy of what its seat may see, and its
  moves are played at the :class:`Pace` the people watching set.
- a seat a phone or a browser holds -> :class:`RemoteSeat` (not a saved kind: the save
  keeps "human", and the device claims the seat again). Its actions come from the
  :class:`~game.remote.hub.RemoteHub`; :mod:`game.ui.remote` swaps it in when a device
  claims the seat and out when the device gives the seat up or the host takes it back.

``Session.kinds`` stays what a save keeps; :meth:`Seats.driver_for` is the one place a
kind becomes a driver.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.ai import client_bot
from game.ai.worker import BotWorker
from game.core.errors import AztecArcadeError, IllegalAction
from game.core.rng import Rng, mix_seed
from game.i18n import Seat, Text, say
from game.i18n.client import _
from game.kit.client.messages import one_line, report
from game.ui.input import pad_id, pad_label
from game.ui.isolation import PluginFailure
from game.ui.session import HUMAN, level_label

if TYPE_CHECKING:
    from game.ai.base import Bot
    from game.api import Game
    from game.kit.client.boardview import BoardView
    from game.kit.client.intent import Intent
    from game.remote.hub import RemoteHub
    from game.ui.session import Session

#: seconds between a computer's actions: watchable, and sped up with Enter
BOT_PACE = 0.6
BOT_PACE_FAST = 0.15

Shortcuts = tuple[tuple[Text, Text], ...]


@dataclass(frozen=True)
class Turn:
    """One frame's question to the deciding seat's driver."""

    #: seconds since the last frame
    dt: float
    #: the board view on this screen: a person's queued steps come from it, and while it
    #: is ``busy`` (playing out a walk) the next action waits
    board: BoardView


@dataclass(frozen=True)
class Reply:
    """What a driver makes of an input of this screen that is not for the board."""

    #: why the input is refused (the screen shows it with the error sound); "" if it is not
    refusal: str = ""
    #: a sound that acknowledges the input ("" for none)
    sound: str = ""


@dataclass(frozen=True)
class SeatStatus:
    """The status line while a seat decides elsewhere than on the board."""

    text: str
    #: still deciding: a spinner instead of the seat's mark, and dots after the text
    busy: bool
    #: the right-hand side: what the keys do now
    hint: str


class SeatDriver(ABC):
    """What drives one seat. The play screen calls :meth:`poll` every frame while the seat
    decides; everything else has a default, so a driver overrides what it needs."""

    #: True for a person at this screen: the board view turns the screen's input into
    #: this seat's actions, and the shared screen may show the seat's secrets (passed to
    #: it first when others could see them: :func:`privacy`). False: the board takes no
    #: input while the seat decides; the screen's input goes to :meth:`handle`.
    wants_local_input: bool = False
    #: A person plays the seat, here or on a device of their own: they may see the
    #: shared screen, so another seat's secrets are hidden from them. False only for a
    #: computer player. A new kind of seat is a person unless it says otherwise (the
    #: safe side: a hand-off too many, never a secret shown).
    person: bool = True

    def __init__(self, seat: int) -> None:
        self.seat = seat

    @property
    def label(self) -> str:
        """A tag under the seat's name on the seat card ("" for none)."""
        return ""

    @property
    def icon(self) -> str:
        """A shape drawn by the tag (a :func:`~game.kit.client.screen.draw_mark` name such as
        "phone"; "" for none), so the tag is not told by its words alone."""
        return ""

    @abstractmethod
    def poll(self, turn: Turn) -> str | None:
        """The seat's next action now, or None (not yet). Asked once a frame while the
        seat decides; the screen applies what it gets (a refused action is shown)."""

    def handle(self, intent: Intent, on_board: bool) -> Reply:
        """An input of this screen while the seat decides, when :attr:`wants_local_input`
        is False (``on_board``: a pointer on the board)."""
        return Reply()

    def status(self) -> SeatStatus | None:
        """The status line while the seat decides (None: the board view's status)."""
        return None

    def shortcuts(self) -> Shortcuts | None:
        """The keys of the footer while the seat decides, before the menu keys (None: the
        board's keys, undo, redo and end)."""
        return None

    def on_changed(self, game: Game) -> None:
        """The game changed (an action, an undo, a redo), whoever decides now."""
        return None  # a default: most drivers need not hear of it

    def cancel(self) -> None:
        """Drop what the driver is working on for a position that is gone."""
        return None  # a default: a person here has nothing to drop

    def close(self) -> None:
        """The game leaves the screen: stop for good."""
        self.cancel()


class LocalSeat(SeatDriver):
    """A person here: their clicks, keys and pads go to the board view, which returns the
    actions; a multi-step input (a walk) hands its later steps out one per frame."""

    wants_local_input = True

    def poll(self, turn: Turn) -> str | None:
        return turn.board.next_action()


@dataclass
class Pace:
    """How the computer seats' moves are shown, the same for all of them: one after
    another at a watchable pace, faster on request, or straight through to the next
    decision of someone else ("skip")."""

    fast: bool = False
    skipping: bool = False
    #: seconds since the last action
    wait: float = 0.0

    @property
    def seconds(self) -> float:
        return BOT_PACE_FAST if self.fast else BOT_PACE

    def due(self, board_busy: bool) -> bool:
        """May the next computer move be played now?"""
        return self.skipping or (self.wait >= self.seconds and not board_busy)


class ComputerSeat(SeatDriver):
    """A computer player. It asks the worker thread to think on a copy of
    ``game.view(seat)`` and the legal actions (never the live state), and plays the answer
    when the :class:`Pace` allows. A plugin failing in the worker is raised here, on the
    frame thread; any other error, or an answer that is not legal, is printed for the
    developer and replaced by a legal action drawn from the game's seed."""

    person = False

    def __init__(self, seat: int, kind: str, session: Session, worker: BotWorker,
                 pace: Pace) -> None:
        super().__init__(seat)
        self.kind = kind
        self.session = session
        self.worker = worker
        self.pace = pace
        self.bot: Bot = client_bot(kind, seed=mix_seed(session.game.seed, "seat", seat))
        self.bot.prepare(session.game.rules)  # Hard's processes start now, not at its turn
        #: (session version, seat) and the action decided for it, waiting for the pace
        self.answer: tuple[tuple[int, int], str] | None = None

    @property
    def label(self) -> str:
        return say(_("CPU {level}", level=level_label(self.kind)))

    def close(self) -> None:
        super().close()
        self.bot.close()  # Hard's search processes, if it has any

    def poll(self, turn: Turn) -> str | None:
        self.pace.wait += turn.dt
        key = (self.session.version, self.seat)
        if self.answer is not None and self.answer[0] != key:
            self.answer = None
        if self.answer is None:
            action = self._think(key)
            if action is None:
                return None
            self.answer = (key, action)
        if not self.pace.due(turn.board.busy is True):
            return None
        action = self.answer[1]
        self.answer = None
        return action

    def _think(self, key: tuple[int, int]) -> str | None:
        """The worker's answer for ``key`` once it has one (asking it first if it is
        free); None while it thinks."""
        worker, session = self.worker, self.session
        game = session.game
        if worker.key != key and worker.idle:
            view = json.loads(json.dumps(game.view(self.seat)))
            worker.request(self.bot, game.rules, view, list(session.legal()), key)
        asked = worker.key
        answered, action, error = worker.poll()
        if not answered or asked != key:
            return None
        if isinstance(error, PluginFailure):
            raise error  # the plugin failed in the worker: handled as on this thread
        if error is None and isinstance(action, str) and session.is_legal(action):
            return action
        if error is not None:
            report(error)
        legal = session.legal()
        if not legal:
            return None
        self.bot.reset()
        return Rng(mix_seed(game.seed, "fallback", len(game.log))).choice(legal)

    def handle(self, intent: Intent, on_board: bool) -> Reply:
        """Enter (a click on the board, the pad's A) toggles the faster pace; E (pad X)
        skips to the next decision of someone else; undo waits."""
        kind = intent.kind
        if kind == "confirm" or (kind == "click" and on_board):
            self.pace.fast = not self.pace.fast
            return Reply(sound="click")
        if kind == "end":
            self.pace.skipping = True
            return Reply(sound="click")
        if kind in ("undo", "redo"):
            return Reply(refusal=say(_("Wait for the computer to finish its turn")))
        return Reply()

    def status(self) -> SeatStatus:
        level = level_label(self.kind)
        thinking = self.worker.busy
        pace = self.pace
        mode = _("skipping to the next human") if pace.skipping else (
            _("fast · Enter: normal speed") if pace.fast else _("Enter: faster"))
        said = _("{player} (computer, {level}) is thinking", player=Seat(self.seat),
                 level=level) if thinking else \
            _("{player} (computer, {level}) plays", player=Seat(self.seat), level=level)
        return SeatStatus(self.session.say(said), thinking,
                          say(_("{mode}  ·  E: skip", mode=mode)))

    def shortcuts(self) -> Shortcuts:
        return ((_("Enter", context="key"), _("Normal speed") if self.pace.fast else
                 _("Faster")), (_("E", context="key"), _("Skip to the next human")))

    def on_changed(self, game: Game) -> None:
        self.cancel()  # whatever it thought about is for a position that is gone

    def cancel(self) -> None:
        self.answer = None
        key: Any = self.worker.key
        if self.worker.busy and isinstance(key, tuple) and key[1:] == (self.seat,):
            self.worker.cancel()


class RemoteSeat(SeatDriver):
    """A seat held by a phone or a browser. Its device sends the seat's actions to the
    hub; each frame while the seat decides, :meth:`poll` takes the one sent for the
    current state. An action the engine would refuse goes back to the device with the
    engine's reason and never reaches the game (the screen here has nothing to show for
    it); what the seat may see is published to the device by :mod:`game.ui.remote`. A
    person plays it (``person`` stays True): they may look at the shared screen too."""

    def __init__(self, seat: int, session: Session, hub: RemoteHub) -> None:
        super().__init__(seat)
        self.session = session
        self.hub = hub

    @property
    def connected(self) -> bool:
        """Its device is connected now (a locked phone is not, until it rejoins)."""
        return self.seat in self.hub.connected_seats()

    @property
    def label(self) -> str:
        return say(_("Phone") if self.connected else _("Phone away"))

    @property
    def icon(self) -> str:
        return "phone"

    def poll(self, turn: Turn) -> str | None:
        action = self.hub.take_action(self.seat)
        if action is None or self.session.is_legal(action):
            return action
        reason = refusal(self.session.game, action)
        if reason:
            self.hub.report_refusal(self.seat, reason)
            return None
        return action  # not as the rules list it, but accepted (another spelling)

    def handle(self, intent: Intent, on_board: bool) -> Reply:
        """Undo, redo and ending the turn are the phone's to do, not this screen's."""
        if intent.kind in ("undo", "redo", "end"):
            return Reply(refusal=self.session.say(_("{player} decides on a phone",
                                                    player=Seat(self.seat))))
        return Reply()

    def status(self) -> SeatStatus:
        name = self.session.name(self.seat)
        if self.connected:
            device = self.hub.device_name(self.seat)
            said = _("{player} decides on a phone ({device})", player=Seat(self.seat),
                     device=device) if device and device != name else \
                _("{player} decides on a phone", player=Seat(self.seat))
            return SeatStatus(self.session.say(said), True, say(_("Esc: menu")))
        return SeatStatus(self.session.say(_("{player}'s phone is away: it can rejoin",
                                             player=Seat(self.seat))), False,
                          say(_("Esc › Phones and seats: play it here or by the computer")))

    def shortcuts(self) -> Shortcuts:
        return ()


def refusal(game: Game, action: str) -> str:
    """Why the engine refuses ``action`` now ("" if it accepts it), found on a copy of
    the game, so the game itself never sees an action from elsewhere that fails."""
    try:
        game.clone().apply(action)
    except IllegalAction as exc:
        return str(exc)
    except AztecArcadeError as exc:
        return one_line(exc)
    return ""


@dataclass(frozen=True)
class Privacy:
    """What the shared screen may show now (:func:`privacy` decides)."""

    #: whose secrets the screen may show (None: nobody's, the board as a spectator sees it)
    shown: int | None = None
    #: the seat the screen must be passed to before the game goes on ("Pass to ...")
    handoff: int | None = None


def privacy(game: Game, drivers: Sequence[SeatDriver], holder: int | None) -> Privacy:
    """Whose secrets the shared screen may show, and whether it must change hands first:
    the one place that decides it, from what drives each seat. ``holder`` is the seat the
    screen was last passed to.

    A hand-off is needed only when a person here must decide with their secrets in view
    (``Game.secret_decision``) while some other person could see the screen. So:

    - a game without private information, or no person here: nobody's secrets;
    - the only person of the game sits here: their secrets, always (a computer's never
      show, and there is nobody to hide them from);
    - a person here makes a secret decision: their secrets, once the screen has been
      passed to them (a hand-off, unless it already was, for an earlier step of the
      same secret decision);
    - any other decision is made over the board as everyone may see it: nobody's secrets.
      A hidden card the decider may play there (``Game.secret_play``) is asked for by its
      holder: the peek key shows their secrets (:func:`peeker`) and the board view offers
      the card's play while they show; once played, the card is public. So an optional
      card never turns a decision into a hand-off.
    """
    if not game.rules.has_secrets:
        return Privacy()
    here = [d.seat for d in drivers if d.wants_local_input]
    people = [d.seat for d in drivers if d.person or d.wants_local_input]
    if len(people) == 1 and people == here:
        return Privacy(shown=here[0])
    seat = game.current_player
    if seat is None or seat not in here or not game.secret_decision():
        return Privacy()
    if holder == seat:
        return Privacy(shown=seat)
    return Privacy(handoff=seat)


def peeker(game: Game, drivers: Sequence[SeatDriver], controllers: dict[int, int],
           device: str, shown: int | None) -> tuple[int | None, str]:
    """Whose secrets a held peek key shows, or why none (seat, refusal).

    On a shared screen a peek shows one person's secrets to whoever looks, so it must be
    clear whose they are: a controller claimed at setup peeks for its own seat at any
    time; the keyboard and an unclaimed pad, which everyone shares, peek for the person
    here who decides now (or for the only person here). Nobody peeks at a computer's
    secrets, nor over another person's secret decision on screen."""
    if not game.rules.has_secrets:
        return None, say(_("Nothing in this game is secret"))
    here = [d.seat for d in drivers if d.wants_local_input]
    pad = pad_id(device)
    seat = controllers.get(pad) if pad is not None else None
    if seat is None:
        deciding = game.current_player
        seat = deciding if deciding in here else here[0] if len(here) == 1 else None
    if seat is None or seat not in here:
        return None, say(_("Peek while you decide, or hold your own controller's left "
                           "trigger"))
    if shown is not None and shown != seat:
        return None, say(_("Another player's secret decision is on the screen"))
    return seat, ""


class Seats:
    """The drivers of one game's seats, and what the computer seats share (the worker
    thread they think in, one at a time, and the pace)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.worker = BotWorker()
        self.pace = Pace()
        self.drivers: list[SeatDriver] = [self.driver_for(seat, kind)
                                          for seat, kind in enumerate(session.kinds)]
        #: the seat the screen was last passed to, while its secret decision lasts
        self.holder: int | None = None
        #: the seat whose secrets a held peek key shows (None: no peek)
        self.peeking: int | None = None

    def privacy(self) -> Privacy:
        """What the screen may show now (:func:`privacy`), told to the board views through
        the session (``Session.shown``, ``Session.deciding_here``); asked after every
        change of the game or of a seat's driver. Until :meth:`passed` says the screen
        changed hands, a hand-off it asks for shows nobody's secrets."""
        p = privacy(self.session.game, self.drivers, self.holder)
        if p.shown != self.holder:
            self.holder = None  # the secret decision is over: the next one needs a hand-off
        self.session.shown = self.peeking if self.peeking is not None else p.shown
        driver = self.deciding()
        self.session.deciding_here = driver.seat if driver is not None \
            and driver.wants_local_input else None
        return p

    def peek(self, device: str) -> str:
        """A peek key held on ``device``: the seat's secrets show until :meth:`unpeek`
        (:func:`peeker` says whose). Why not, said for a person ("" if it shows)."""
        seat, refusal = peeker(self.session.game, self.drivers, self.session.controllers,
                               device, privacy(self.session.game, self.drivers,
                                               self.holder).shown)
        if seat is not None:
            self.peeking = seat
            self.privacy()
        return refusal

    def unpeek(self) -> bool:
        """The peek key is let go (or the game moved on): the secrets hide again. Whether
        a peek was showing."""
        if self.peeking is None:
            return False
        self.peeking = None
        self.privacy()
        return True

    def passed(self, seat: int) -> None:
        """The screen is passed to ``seat`` (the "Pass to" screen hides the board until
        its person is there): its secrets may show for its secret decision."""
        self.holder = seat
        self.privacy()

    def driver_for(self, seat: int, kind: str) -> SeatDriver:
        """The driver of a seat of a saved kind ("human" or a computer level)."""
        if kind == HUMAN:
            return LocalSeat(seat)
        return ComputerSeat(seat, kind, self.session, self.worker, self.pace)

    def __getitem__(self, seat: int) -> SeatDriver:
        return self.drivers[seat]

    def __len__(self) -> int:
        return len(self.drivers)

    def assign(self, seat: int, driver: SeatDriver) -> None:
        """Hand ``seat`` to another driver (the old one is closed)."""
        self.drivers[seat].close()
        self.drivers[seat] = driver

    def deciding(self) -> SeatDriver | None:
        """The driver of the seat that decides now (None once the game is over)."""
        game = self.session.game
        if game.is_over:
            return None
        seat = game.current_player
        if seat is None or not 0 <= seat < len(self.drivers):
            return None
        return self.drivers[seat]

    def poll(self, turn: Turn) -> str | None:
        """The deciding seat's next action, if it has one now."""
        driver = self.deciding()
        return driver.poll(turn) if driver is not None else None

    def changed(self) -> None:
        """After every change of the game: the pace starts over, a skip ends at the next
        decision that is not a computer's, and every driver hears of it."""
        self.pace.wait = 0.0
        if not isinstance(self.deciding(), ComputerSeat):
            self.pace.skipping = False
        game = self.session.game
        for driver in self.drivers:
            driver.on_changed(game)

    def labels(self) -> list[str]:
        return [driver.label for driver in self.drivers]

    def icons(self) -> list[str]:
        return [driver.icon for driver in self.drivers]

    def computers(self) -> dict[int, ComputerSeat]:
        """The computer seats by seat number."""
        return {d.seat: d for d in self.drivers if isinstance(d, ComputerSeat)}

    def close(self) -> None:
        for driver in self.drivers:
            driver.close()
        self.worker.cancel()


def pad_refusal(session: Session, intent: Intent) -> str:
    """Why a claimed controller may not play now ("" if it may): a pad claimed at setup
    plays only while its seat decides. Unclaimed pads, the keyboard and the mouse play for
    whoever decides."""
    pad = pad_id(intent.device)
    seat = session.controllers.get(pad) if pad is not None else None
    deciding = session.game.current_player
    if pad is None or seat is None or deciding is None or seat == deciding:
        return ""
    return session.say(_("{pad} is {player}'s controller; {deciding} decides now",
                         pad=pad_label(pad), player=Seat(seat), deciding=Seat(deciding)))
