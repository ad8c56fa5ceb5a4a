"""``aztec-arcade host``: the command that runs a game for phones and browsers.

Its arguments, the game it plays (a new one, or one continued with ``--resume`` or
``--load`` and the seats its devices held) and what it prints; the loop that plays is
:class:`game.remote.host.Host`, with its autosave :class:`game.remote.host.Keeper`.
"""

from __future__ import annotations

import argparse
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli import parser as grammar
from game.cli.options import parse_options, start_game
from game.core.errors import ConfigError, SaveError, quote
from game.core.rng import mix_seed
from game.remote import DEFAULT_PORT
from game.remote.host import HUMAN, PACE, TAKEOVER, Host, Keeper

if TYPE_CHECKING:
    from game.api import Game
    from game.remote.keep import KeptSeats
    from game.ui.saves import SaveStore


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
    p = sub.add_parser(
        "host", help="run a game for phones and browsers (no window)",
        description="Run a game with no window for players on phones or browsers: print "
        "the join URL, the room code and a QR code, let computer players (--bots) take the "
        "last seats, and end when the game ends. The game is saved after every action; "
        "--resume continues it after Ctrl+C or a crash, and the phones rejoin their seats. "
        "Needs the remote extra: pip install \"aztec-arcade[remote]\".")
    grammar.game_args(p, 2)  # the same --variant/--players/-o as play
    p.add_argument("--seed", type=grammar.seed_arg, default=None,
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
    p.add_argument("--port", type=grammar.whole(0, "the port", 65535), default=None,
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
    options = parse_options(args.option)
    seed = args.seed if args.seed is not None else int(time.time_ns() % (2**31))
    game = start_game(args.variant or "mexica", args.players or 2, seed, options)
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
    from game.ai import make_bot
    from game.i18n.client import _
    from game.remote import RemoteError, require
    from game.remote.hub import RemoteHub
    from game.remote.keep import new_tag
    from game.remote.net import lan_address
    from game.remote.snapshot import SeatInfo, default_table
    from game.ui.saves import HOSTED, SaveStore
    from game.ui.session import level_label

    require()
    store = SaveStore(autosave_name=HOSTED)
    resumed = args.resume or args.load is not None
    plan = _saved_table(args, store) if resumed else _new_table(args)
    game, kept = plan.game, plan.kept
    bots = {seat: make_bot(kind, seed=mix_seed(game.seed, "seat", seat))
            for seat, kind in enumerate(plan.kinds) if kind != HUMAN}
    table = [s if seat not in bots else SeatInfo(s.name, s.colour, s.mark, open=False,
                                                  driver=_("Computer ({level})",
                                                           level=level_label(kind)))
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
