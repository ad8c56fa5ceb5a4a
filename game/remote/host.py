"""The host loop of ``aztec-arcade host`` (:mod:`game.cli.host`, the command): a game
with no window, every person on a phone or browser.

The host loop owns the game, as the client's frame thread will: it publishes every change
to the :class:`~game.remote.hub.RemoteHub`, applies what devices send through
``Game.apply``, lets the computer seats (``--bots``) play through :mod:`game.ai`, and
ends when the game ends (the devices get the results). A seat whose device stays away
while the seat must decide is played by the computer after ``--takeover`` seconds (the
game never stalls); the device takes over again the moment it comes back.

The game outlives its host. It is saved after every action, atomically, as ``hosted.json``
in the client's saves folder (:class:`~game.ui.saves.SaveStore`, the same mechanism as
the television's autosave, on its writer thread: the devices never wait for the disk),
and the seats the devices hold are kept beside it (:mod:`game.remote.keep`). Ctrl+C (or
SIGTERM) stops at the next safe point, between two actions, and tells the devices the game
goes on later; ``host --resume`` (or ``--load FILE``) continues it after that, a crash or
``kill -9``, in the same room on the same port, so every phone's page rejoins its own
seat by itself.
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from game.core.errors import AztecArcadeError, IllegalAction
from game.core.rng import mix_seed

if TYPE_CHECKING:  # the command line builds its parser without loading these
    from game.api import Game
    from game.remote.hub import RemoteHub
    from game.remote.keep import KeptSeats

#: default seconds a remote seat may be away while it decides before the computer plays
TAKEOVER = 120.0
#: default pause before a computer's move, so people can follow it on their devices
PACE = 0.6
#: how long the loop waits for news at most between checks of the takeover clock
TICK = 0.5
#: what a seat is when nobody computes its moves (as in the client's saves)
HUMAN = "human"


class _Stop(BaseException):
    """Ctrl+C or SIGTERM while the host waits: leave the loop at once (nothing is half
    done while it waits)."""


class GameStore(Protocol):
    """What the Keeper writes through: the client's saves folder
    (:class:`game.ui.saves.SaveStore`) has this shape. A protocol, not that class, so the
    host (below the client in the house) never imports the client."""

    autosave_name: str

    def path(self, name: str) -> Path: ...
    def autosave(self, game: Game, names: list[str] | None = None,
                 meta: dict[str, Any] | None = None) -> Any: ...
    def keep_phones(self, kept: KeptSeats) -> None: ...
    def end_phones(self, forget: bool) -> None: ...
    def flush(self) -> None: ...
    def errors(self) -> list[str]: ...
    def notices(self) -> list[str]: ...


class Keeper:
    """Saves the hosted game after every action and the devices' seats beside it whenever
    they change, as the game window does (:meth:`SaveStore.autosave
    <game.ui.saves.SaveStore.autosave>`, :meth:`~game.ui.saves.SaveStore.keep_phones`):
    atomic writes on writer threads, so a device's next state never waits for the disk
    (an fsync costs milliseconds, far more on an SD card). A ``kill -9`` can cost the
    action or two still being written, never the save before them. A write that fails
    is said once per reason and the game goes on: the last good save stays as it was."""

    def __init__(self, store: GameStore, hub: RemoteHub, tag: str, kinds: list[str],
                 say: Callable[[str], None]) -> None:
        self.store, self.hub, self.tag, self.kinds, self.say = store, hub, tag, kinds, say
        self.path = store.path(store.autosave_name)
        self._kept: KeptSeats | None = None
        self._failed: set[str] = set()

    def save(self, game: Game) -> None:
        """The game (its meta naming the seats kept) and the seats, if they changed."""
        self.seats()
        names = [seat.name for seat in self.hub.table]
        try:
            self.store.autosave(game, names, {"seats": self.kinds})
        except (OSError, AztecArcadeError, ValueError) as exc:
            self._report(f"The game could not be saved: {exc}")
        self._report()

    def seats(self) -> None:
        """The seats, if they changed since they were last kept (a claim, a last act)."""
        from game.remote.keep import KeptSeats

        kept = KeptSeats(self.tag, self.hub.room, self.hub.port, self.hub.export_claims())
        if kept != self._kept:
            self._kept = kept
            self.store.keep_phones(kept)

    def forget(self) -> None:
        """The game is over: its seats' tokens are of no more use, so they go."""
        self.store.end_phones(forget=True)
        self.store.flush()
        self._report()

    def _report(self, *more: str) -> None:
        """Say each new failure (a background write's too) and notice, once."""
        for text in [*more, *self.store.errors(), *self.store.notices()]:
            if text not in self._failed:
                self._failed.add(text)
                self.say(text)


class Host:
    """Runs one game to its end. Seats in ``bots`` are computer players; every other
    seat is waiting for a device."""

    def __init__(self, game: Game, hub: RemoteHub, bots: dict[int, Any],
                 takeover: float | None = TAKEOVER, takeover_level: str = "normal",
                 pace: float = PACE, out: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 keeper: Keeper | None = None) -> None:
        self.game = game
        self.hub = hub
        self.bots = bots
        self.takeover = takeover
        self.takeover_level = takeover_level
        self.pace = pace
        self.out = out or sys.stdout
        self.clock = clock
        self.keeper = keeper
        #: the signal that asked the host to stop ("" until one did)
        self.stopped = ""
        self._waiting = False
        self._away_since: dict[int, float] = {}
        self._stand_ins: dict[int, Any] = {}

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> None:
        """Play until the game is over, or a signal (:meth:`interrupt`) stops it between
        two actions; the caller stops the hub."""
        self.hub.publish(self.game)
        try:
            while not self.game.is_over and not self.stopped:
                self.step()
        except _Stop:
            pass
        if self.game.is_over:
            self.say(f"Game over: {self._results()}")

    def interrupt(self, signum: int, _frame: FrameType | None = None) -> None:
        """A signal handler (SIGINT, SIGTERM): stop once the action under way is applied
        and saved, at once if the host is only waiting. A second Ctrl+C stops even a
        computer player thinking (the save holds the last whole action)."""
        if self.stopped and signum == signal.SIGINT:
            raise KeyboardInterrupt
        self.stopped = signal.Signals(signum).name
        if self._waiting:
            raise _Stop

    def _wait(self, seconds: float) -> None:
        self._waiting = True
        try:
            if not self.stopped:
                self.hub.wait(seconds)
        finally:
            self._waiting = False

    def step(self) -> None:
        """One decision's worth of work, or a short wait for news."""
        self._news()
        if self.hub.needs_publish:
            self.hub.publish(self.game)
        seat = self.game.current_player
        if seat is None:
            return
        bot = self.bots.get(seat)
        if bot is not None:
            if self.pace > 0:
                self._wait(self.pace)  # a device's news may cut the pause short
                if self.stopped:
                    return
            self._play(seat, bot.choose(self.game.rules, self.game.view(seat),
                                        self.game.legal_actions()), "")
            return
        action = self.hub.take_action(seat)
        if action is not None:
            self._play(seat, action, "")
            return
        if self._takeover_due(seat):
            from game.ai import make_bot

            stand_in = self._stand_ins.get(seat)
            if stand_in is None:
                stand_in = make_bot(self.takeover_level,
                                    seed=mix_seed(self.game.seed, "takeover", seat))
                self._stand_ins[seat] = stand_in
            choice = stand_in.choose(self.game.rules, self.game.view(seat),
                                     self.game.legal_actions())
            self._play(seat, choice, f" (the computer plays for {self._name(seat)})")
            return
        self._wait(TICK)

    def _takeover_due(self, seat: int) -> bool:
        if seat in self.hub.connected_seats():
            self._away_since.pop(seat, None)
            return False
        if self.takeover is None:
            return False
        since = self._away_since.setdefault(seat, self.clock())
        return self.clock() - since >= self.takeover

    def _play(self, seat: int, action: str, note: str) -> None:
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.hub.report_refusal(seat, str(exc))
            return
        self._away_since.pop(seat, None)
        shown = self.game.rules.redact(self.game.log[-1], seat, None)
        self.say(f"{len(self.game.log):5d}. {self._name(seat)}: {shown}{note}")
        self.hub.publish(self.game, events)
        if self.keeper is not None:
            self.keeper.save(self.game)

    def _news(self) -> None:
        changed = False
        table = self.hub.table
        heard = self.hub.news()
        for event in heard:
            name = self._name(event.seat)
            if event.kind == "joined":
                if event.name and event.seat < len(table):
                    table[event.seat] = replace(table[event.seat], name=event.name)
                    changed = True
                self.say(f"Seat {event.seat + 1} is taken by a device"
                         f"{' (' + event.name + ')' if event.name else ''}")
            elif event.kind == "rejoined":
                self.say(f"{name}'s device is back")
            elif event.kind == "left":
                self.say(f"{name}'s device dropped; it can rejoin"
                         + (f" (the computer plays for it after {self.takeover:g} s away)"
                            if self.takeover is not None else ""))
            else:
                self.say(f"{name}'s seat is free again")
        if changed:
            self.hub.set_table(table)
        if self.keeper is not None and changed:  # the device's name is in the save too
            self.keeper.save(self.game)
        elif self.keeper is not None and heard:
            self.keeper.seats()  # written only if a claim changed

    def _name(self, seat: int) -> str:
        table = self.hub.table
        return table[seat].name if 0 <= seat < len(table) else f"Player {seat + 1}"

    def _results(self) -> str:
        names = [s.name for s in self.hub.table]
        scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(self.game.scores))
        winners = " and ".join(names[w] for w in self.game.winners) or "nobody"
        return f"{scores}; {'winners' if len(self.game.winners) > 1 else 'winner'}: {winners}"
