"""``aztec-arcade host``: a game with no window, every person on a phone or browser.

The host loop owns the game, as the client's frame thread will: it publishes every change
to the :class:`~game.remote.hub.RemoteHub`, applies what devices send through
``Game.apply``, lets the computer seats (``--bots``) play through :mod:`game.ai`, and
ends when the game ends (the devices get the results). A seat whose device stays away
while the seat must decide is played by the computer after ``--takeover`` seconds (the
game never stalls); the device takes over again the moment it comes back.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TextIO

from game.errors import ConfigError, IllegalAction, quote
from game.remote import DEFAULT_PORT
from game.rng import mix_seed

if TYPE_CHECKING:  # the command line builds its parser without loading these
    from game.api import Game
    from game.remote.hub import RemoteHub

#: default seconds a remote seat may be away while it decides before the computer plays
TAKEOVER = 120.0
#: default pause before a computer's move, so people can follow it on their devices
PACE = 0.6
#: how long the loop waits for news at most between checks of the takeover clock
TICK = 0.5


class Host:
    """Runs one game to its end. Seats in ``bots`` are computer players; every other
    seat is waiting for a device."""

    def __init__(self, game: Game, hub: RemoteHub, bots: dict[int, Any],
                 takeover: float | None = TAKEOVER, takeover_level: str = "normal",
                 pace: float = PACE, out: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.hub = hub
        self.bots = bots
        self.takeover = takeover
        self.takeover_level = takeover_level
        self.pace = pace
        self.out = out or sys.stdout
        self.clock = clock
        self._away_since: dict[int, float] = {}
        self._stand_ins: dict[int, Any] = {}

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> None:
        """Play until the game is over; the caller stops the hub."""
        self.hub.publish(self.game)
        while not self.game.is_over:
            self.step()
        self.say(f"Game over: {self._results()}")

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
                self.hub.wait(self.pace)  # a device's news may cut the pause short
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
        self.hub.wait(TICK)

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

    def _news(self) -> None:
        changed = False
        table = self.hub.table
        for event in self.hub.news():
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
        "last seats, and end when the game ends. Needs the remote extra: "
        "pip install \"aztec-arcade[remote]\".")
    cli_parser.game_args(p, 2)  # the same --variant/--players/-o as play
    p.add_argument("--seed", type=cli_parser.seed_arg, default=None,
                   help="random seed (default: random)")
    p.add_argument("--bots", type=_levels, default=[], metavar="LEVEL,...",
                   help="computer players for the last seats, one level each (easy, normal, "
                        "hard); the other seats wait for devices")
    p.add_argument("--port", type=cli_parser.whole(0, "the port", 65535),
                   default=DEFAULT_PORT, help=f"TCP port (default: {DEFAULT_PORT}; 0: any free "
                                              "port)")
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
    p.set_defaults(func=cmd_host)


def cmd_host(args: argparse.Namespace) -> int:
    from game import cli
    from game.ai import level_name, make_bot
    from game.remote import require
    from game.remote.hub import RemoteHub
    from game.remote.net import lan_address
    from game.remote.qr import qr_text
    from game.remote.snapshot import SeatInfo, default_table

    require()
    options = cli._options(args.option)  # noqa: SLF001
    seed = args.seed if args.seed is not None else int(time.time_ns() % (2**31))
    game = cli._new_game(args.variant, args.players, seed, options)  # noqa: SLF001
    if len(args.bots) > game.players:
        raise ConfigError(f"{len(args.bots)} computer players do not fit {game.players} "
                          "seats")
    first_bot = game.players - len(args.bots)
    bots = {first_bot + i: make_bot(level, seed=mix_seed(seed, "seat", first_bot + i))
            for i, level in enumerate(args.bots)}
    table = [s if seat not in bots else SeatInfo(s.name, s.colour, s.mark, open=False,
                                                  driver=f"Computer ({level_name(lv)})")
             for seat, (s, lv) in enumerate(zip(default_table(game.players),
                                                [""] * first_bot + args.bots, strict=True))]
    hub = RemoteHub(table, pictures=not args.no_pictures)
    bind = args.bind or lan_address()
    hub.start(bind, args.port)
    host = Host(game, hub, bots, takeover=args.takeover, pace=args.pace)
    try:
        host.say(f"{game.spec.name} for {game.players} (seed {seed})"
                 + (f"; the computer plays seat {first_bot + 1}"
                    f"{'-' + str(game.players) if len(bots) > 1 else ''}" if bots else ""))
        host.say(f"Listening on {hub.host} port {hub.port}")
        host.say(f"Join: {hub.url}")
        host.say(f"Room code: {hub.room}")
        host.say(qr_text(hub.url))
        host.say("Ctrl+C stops the game.")
        host.run()
    except KeyboardInterrupt:
        hub.stop("The host stopped the game")
        raise
    hub.stop("The game is over")
    return 0
