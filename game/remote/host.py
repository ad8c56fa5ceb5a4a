"""``aztec-arcade host``: a game with no window, every person on a phone or browser.

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

import argparse
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

from game.core.errors import AztecArcadeError, ConfigError, IllegalAction, SaveError, quote
from game.core.rng import mix_seed
from game.remote import DEFAULT_PORT

if TYPE_CHECKING:  # the command line builds its parser without loading these
    from game.api import Game
    from game.remote.hub import RemoteHub
    from game.remote.keep import KeptSeats
    from game.ui.saves import SaveStore

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


class Keeper:
    """Saves the hosted game after every action and the devices' seats beside it whenever
    they change, as the game window does (:meth:`SaveStore.autosave
    <game.ui.saves.SaveStore.autosave>`, :meth:`~game.ui.saves.SaveStore.keep_phones`):
    atomic writes on writer threads, so a device's next state never waits for the disk
    (an fsync costs milliseconds, far more on an SD card). A ``kill -9`` can cost the
    action or two still being written, never the save before them. A write that fails
    is said once per reason and the game goes on: the last good save stays as it was."""

    def __init__(self, store: SaveStore, hub: RemoteHub, tag: str, kinds: list[str],
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


# ---------------------------------------------------------------------------------------
# the command
# ---------------------------------------------------------------------------------------
def _levels(text: str) -> list[str]:
    from game.ai import LEVELS

    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not levels:
        raise argparse.ArgumentTypeError("name at least one computer level, e.g. --bots hard")
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(f"unknown computer level {quote(level)}; "
                                             f"choose from {', '.join(LEVELS)}")
    return levels


def _takeover(text: str) -> float | None:
    if text.strip().lower() in ("off", "never"):
        return None
    try:
        value = float(text) if text.isascii() else -1.0
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:  # also refuses nan
        raise argparse.ArgumentTypeError(f"--takeover is a number of seconds from 0 to "
                                         f"86400, or off; got {quote(text)}")
    return value


def _pace(text: str) -> float:
    try:
        value = float(text) if text.isascii() else -1.0
    except ValueError:
        value = -1.0
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"--pace is a number of seconds from 0 to 60, "
                                         f"got {quote(text)}")
    return value


def add_parser(sub: Any) -> None:
    """The ``host`` subcommand, for ``game.cli``'s parser."""
    from game import cli_parser

    p = sub.add_parser(
        "host", help="run a game for phones and browsers (no window)",
        description="Run a game with no window for players on phones or browsers: print "
        "the join URL, the room code and a QR code, let computer players (--bots) take the "
        "last seats, and end when the game ends. The game is saved after every action; "
        "--resume continues it after Ctrl+C or a crash, and the phones rejoin their seats. "
        "Needs the remote extra: pip install \"aztec-arcade[remote]\".")
    cli_parser.game_args(p, 2)  # the same --variant/--players/-o as play
    p.add_argument("--seed", type=cli_parser.seed_arg, default=None,
                   help="random seed (default: random)")
    p.add_argument("--bots", type=_levels, default=[], metavar="LEVEL,...",
                   help="computer players for the last seats, one level each (easy, normal, "
                        "hard); the other seats wait for devices")
    again = p.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true",
                       help="continue the last hosted game (after Ctrl+C, a crash or a "
                            "restart), in the same room on the same port: the devices "
                            "rejoin their seats by themselves")
    again.add_argument("--load", metavar="FILE", type=Path, default=None,
                       help="continue the game saved in FILE (a save of the game window "
                            "too); its computer seats stay computers")
    p.add_argument("--port", type=cli_parser.whole(0, "the port", 65535), default=None,
                   help=f"TCP port (default: {DEFAULT_PORT}, or the resumed game's; 0: any "
                        "free port)")
    p.add_argument("--bind", metavar="ADDR", default=None,
                   help="address to listen on (default: this machine's address on the local "
                        "network; 127.0.0.1 for this machine only)")
    p.add_argument("--takeover", type=_takeover, default=TAKEOVER, metavar="SECONDS",
                   help=f"the computer plays a seat whose device has been away for SECONDS "
                        f"while it must decide (default: {TAKEOVER:g}; off: never)")
    p.add_argument("--pace", type=_pace, default=PACE, metavar="SECONDS",
                   help=f"pause before each computer move (default: {PACE:g})")
    p.add_argument("--no-pictures", action="store_true",
                   help="do not send devices a picture of the table")
    p.set_defaults(func=cmd_host, variant=None, players=None)  # None: a new game's defaults


@dataclass
class _Table:
    """What the host plays: a new game, or one continued from a save with its phones."""

    game: Game
    names: list[str]
    #: each seat's kind: "human" (a device plays it) or a computer level
    kinds: list[str]
    kept: KeptSeats | None = None
    notes: list[str] = field(default_factory=list)


def _new_table(args: argparse.Namespace) -> _Table:
    from game import cli

    options = cli._options(args.option)  # noqa: SLF001
    seed = args.seed if args.seed is not None else int(time.time_ns() % (2**31))
    game = cli._new_game(args.variant or "mexica", args.players or 2, seed,  # noqa: SLF001
                         options)
    if len(args.bots) > game.players:
        raise ConfigError(f"{len(args.bots)} computer players do not fit {game.players} "
                          "seats")
    kinds = [HUMAN] * (game.players - len(args.bots)) + list(args.bots)
    return _Table(game, [], kinds)


def _saved_table(args: argparse.Namespace, store: SaveStore) -> _Table:
    """The game to continue (``--resume``, ``--load``), its seats and the phones kept
    beside it; SaveError, with what to do, if there is none to play."""
    from game.ai import LEVELS
    from game.remote.keep import read_seats

    given = [flag for flag, value in (("--variant", args.variant), ("--players", args.players),
                                      ("-o", args.option), ("--seed", args.seed),
                                      ("--bots", args.bots or None)) if value is not None]
    if given:
        raise ConfigError(f"{' and '.join(given)} cannot change a saved game: "
                          f"{'--resume' if args.resume else '--load'} continues it as it was")
    path = store.path(store.autosave_name) if args.resume else args.load
    if not path.exists():
        raise SaveError(f"there is no hosted game to resume ({path} does not exist); start "
                        "one with: aztec-arcade host" if args.resume else
                        f"there is no file {path} to continue")
    try:
        game, meta = store.read(path)
    except SaveError as exc:
        reason = str(exc).removeprefix(f"{path.name}: ")
        raise SaveError(f"cannot continue the game in {path}: {reason}; the file is left "
                        "as it is") from None
    if game.is_over:
        raise SaveError(f"the game in {path} is over: there is nothing to continue (aztec-"
                        f"arcade replay {path} shows it); start a new one with: aztec-arcade "
                        "host")
    raw = meta.get("seats")
    kinds = [str(k) if str(k) in LEVELS else HUMAN for k in raw] if isinstance(raw, list) \
        else []
    kinds = (kinds + [HUMAN] * game.players)[:game.players]
    table = _Table(game, list(meta.get("names", [])), kinds)
    try:
        table.kept = read_seats(path, meta, game.players)
    except SaveError as exc:
        table.notes.append(f"The devices' seats cannot be read ({exc}): the phones must "
                           "claim their seats again")
    return table


def cmd_host(args: argparse.Namespace) -> int:
    from game.ai import level_name, make_bot
    from game.remote import RemoteError, require
    from game.remote.hub import RemoteHub
    from game.remote.keep import new_tag
    from game.remote.net import lan_address
    from game.remote.snapshot import SeatInfo, default_table
    from game.ui.saves import HOSTED, SaveStore

    require()
    store = SaveStore(autosave_name=HOSTED)
    resumed = args.resume or args.load is not None
    plan = _saved_table(args, store) if resumed else _new_table(args)
    game, kept = plan.game, plan.kept
    bots = {seat: make_bot(kind, seed=mix_seed(game.seed, "seat", seat))
            for seat, kind in enumerate(plan.kinds) if kind != HUMAN}
    table = [s if seat not in bots else SeatInfo(s.name, s.colour, s.mark, open=False,
                                                  driver=f"Computer ({level_name(kind)})")
             for seat, (s, kind) in enumerate(zip(default_table(game.players, plan.names),
                                                  plan.kinds, strict=True))]
    hub = RemoteHub(table, room=kept.room if kept else None, pictures=not args.no_pictures)
    if kept is not None:
        hub.restore_claims(kept.claims)
    port = args.port if args.port is not None else kept.port if kept else DEFAULT_PORT
    try:
        hub.start(args.bind or lan_address(), port)
    except RemoteError as exc:
        if kept is None or args.port is not None:
            raise
        raise RemoteError(f"{exc}; it is the port the devices know: choose another with "
                          "--port, and they rejoin their seats once they open the new "
                          "address") from None
    hosted = store.path(store.autosave_name)
    if not args.resume and (args.load is None or args.load.resolve() != hosted.resolve()) \
            and store.has_autosave():  # never lose the game a --resume would play
        kept_as = store.set_aside("unfinished")
        plan.notes.append(f"The unfinished hosted game was kept as {kept_as}: aztec-arcade "
                          f"host --load {kept_as} continues it")
    host = Host(game, hub, bots, takeover=args.takeover, pace=args.pace)
    host.keeper = Keeper(store, hub, kept.tag if kept else new_tag(), plan.kinds, host.say)
    host.keeper.save(game)
    store.flush()  # resumable from the moment the address is printed, room and port too
    _introduce(host, plan, resumed)
    if kept is not None and kept.port != hub.port:
        host.say(f"The devices were on port {kept.port}: they rejoin their seats once they "
                 "open the new address (the room code is the same)")
    for note in plan.notes:
        host.say(note)
    return _run(host, store)


def _introduce(host: Host, plan: _Table, resumed: bool) -> None:
    from game.remote.qr import qr_text

    game, hub, bots = host.game, host.hub, sorted(host.bots)
    computers = ", ".join(str(seat + 1) for seat in bots)
    host.say(f"{game.spec.name} for {game.players} (seed {game.seed})"
             + (f"; the computer plays seat{'s' if len(bots) > 1 else ''} {computers}"
                if bots else ""))
    if resumed:
        held = len(plan.kept.claims) if plan.kept else 0
        host.say(f"Continuing after {len(game.log)} actions"
                 + (f"; {held} device{'s' if held != 1 else ''} may rejoin "
                    f"{'their seats' if held != 1 else 'its seat'} by "
                    f"{'themselves' if held != 1 else 'itself'}" if held else ""))
    host.say(f"Listening on {hub.host} port {hub.port}")
    host.say(f"Join: {hub.url}")
    host.say(f"Room code: {hub.room}")
    host.say(qr_text(hub.url))
    assert host.keeper is not None
    host.say(f"Saved after every action in {host.keeper.path}")
    host.say("Ctrl+C stops the game; aztec-arcade host --resume continues it.")


def _run(host: Host, store: SaveStore) -> int:
    """Play; Ctrl+C or SIGTERM stop between two actions, with the game saved."""
    handled = (signal.SIGINT, signal.SIGTERM)
    before = {signum: signal.getsignal(signum) for signum in handled}
    for signum in handled:
        signal.signal(signum, host.interrupt)
    try:
        host.run()
    except BaseException:
        host.hub.stop("The host stopped the game")
        raise
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
    store.flush()
    assert host.keeper is not None
    if host.game.is_over:
        host.hub.stop("The game is over")
        host.keeper.forget()
        return 0
    host.hub.stop("The host paused the game: it goes on soon, and this page rejoins by "
                  "itself", resume=True)
    held = host.hub.claimed_seats()
    host.say(f"Stopped ({host.stopped}) after {len(host.game.log)} actions. The game is "
             f"saved in {host.keeper.path}: aztec-arcade host --resume continues it"
             + (", and the devices rejoin their seats by themselves" if held else ""))
    return 2
