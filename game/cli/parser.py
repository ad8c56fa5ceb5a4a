"""The grammar of the ``aztec-arcade`` command: its subcommands, their arguments and
the argparse types that refuse a bad value with a sentence a person understands.

Kept apart from :mod:`game.cli`, which runs the commands, so that each stays short enough
to read at once; ``game.cli.build_parser`` puts the two together.
"""

from __future__ import annotations

import argparse
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NoReturn

import game
from game.core.errors import quote
from game.core.notation import plain_number

if TYPE_CHECKING:
    Handler = Callable[[argparse.Namespace], int]
    Subparsers = argparse._SubParsersAction["Parser"]

PROG = "aztec-arcade"
#: ``simulate --seconds``: Hard's budget per decision, at most an hour
MAX_SECONDS = 3600.0
#: ``balance --out``: the report's folder
BALANCE_OUT = "balance-report"
#: ``balance --backend``: where the games are played (game.lab.run)
BALANCE_BACKENDS = ("local", "dask")
#: Longest message line from argparse (its own errors quote what was typed).
_MAX_USAGE_CHARS = 300


class Parser(argparse.ArgumentParser):
    """argparse, with what it quotes from the command line cut to a short prefix."""

    def error(self, message: str) -> NoReturn:
        message = re.sub(r"'([^'…]{41,})'", lambda m: quote(m.group(1)), message)
        if len(message) > _MAX_USAGE_CHARS:
            message = message[:_MAX_USAGE_CHARS] + "…"
        super().error(message)


def whole(minimum: int, what: str, maximum: int = 10**9,
          why: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``minimum`` to ``maximum``, in ASCII digits,
    with a clear message; ``why`` follows the maximum in it (" (4 per core here)")."""

    def parse(text: str) -> int:
        digits = text.strip()
        sign = -1 if digits.startswith("-") else 1
        body = digits[1:] if sign < 0 else digits
        if body.isascii() and body.isdigit():
            body = body.lstrip("0") or "0"
            if len(body) > len(str(maximum)):  # a whole number, only far too large
                if sign < 0:
                    raise argparse.ArgumentTypeError(
                        f"{what} must be at least {minimum}, got a negative number of "
                        f"{len(body):,} digits")
                raise argparse.ArgumentTypeError(
                    f"{what} must be a whole number at most {maximum}{why}, got a number "
                    f"of {len(body):,} digits")
        value = plain_number(body, len(str(maximum)))
        if value is None:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, got {quote(text)}")
        value *= sign
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{what} must be at least {minimum}, got {value}")
        if value > maximum:
            raise argparse.ArgumentTypeError(
                f"{what} must be at most {maximum}{why}, got {value}")
        return value

    return parse


def jobs_arg(what: str) -> Callable[[str], int]:
    """An argparse type: a number of processes, at most :func:`game.core.cores.most_processes`
    (the one cap for every option that starts processes)."""
    from game.core.cores import PER_CORE, most_processes

    cores = os.cpu_count() or 1
    return whole(1, what, most_processes(),
                 f" ({PER_CORE} per core; this machine has {cores} "
                 f"core{'s' if cores != 1 else ''})")


def seed_arg(text: str) -> int:
    """An argparse type: a seed as ``new_game`` takes it (0 <= seed < 2**63)."""
    from game.api import SEED_LIMIT

    value = plain_number(text.strip(), len(str(SEED_LIMIT)))
    if value is None or value >= SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number from 0 to "
                                         f"{SEED_LIMIT - 1}, got {quote(text)}")
    return value


def seconds_arg(text: str) -> float:
    """An argparse type: a positive, finite number of seconds, at most ``MAX_SECONDS``."""
    try:
        value = float(text) if text.isascii() else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(f"the seconds must be a number above 0 and at most "
                                         f"{MAX_SECONDS:g}, got {quote(text)}")
    return value


#: ``balance --bots`` also takes these players from outside the game's own levels:
#: level -> the extra of pyproject.toml it needs (game.cli.commands makes them)
GUEST_LEVELS = {"openspiel-mcts": "openspiel"}


def _levels(text: str, guests: Sequence[str] = ()) -> list[str]:
    """Computer levels separated by commas, each one the game knows (or a guest's)."""
    from game.ai import LEVELS

    known = [*LEVELS, *guests]
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    for level in levels:
        if level not in known:
            raise argparse.ArgumentTypeError(f"unknown computer level {quote(level)}; "
                                             f"choose from {', '.join(known)}")
    return levels


def bot_levels(text: str) -> list[str]:
    """``--bots easy,hard``: one computer level per seat."""
    levels = _levels(text)
    if len(levels) < 2:
        raise argparse.ArgumentTypeError("name one level per seat, at least two, e.g. "
                                         "--bots normal,easy")
    return levels


def levels_arg(text: str) -> list[str]:
    """``balance --bots hard,normal``: one level per seat, or one level for every seat
    (OpenSpiel's MCTS too: ``openspiel-mcts``)."""
    levels = _levels(text, list(GUEST_LEVELS))
    if not levels:
        raise argparse.ArgumentTypeError("name a computer level per seat, e.g. "
                                         "--bots hard,normal")
    return levels


def game_args(parser: argparse.ArgumentParser, players: int) -> None:
    """The same --variant, --players and -o wherever a game starts (play, simulate, host)."""
    parser.add_argument("--variant", default="mexica",
                        help="variant id, see 'aztec-arcade list' (default: mexica)")
    parser.add_argument("--players", type=whole(1, "the number of players", 99),
                        default=players, help=f"number of players (default: {players})")
    parser.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                        help="override a variant parameter, e.g. -o ap_per_turn=5, or "
                             "one key inside it, -o costs.canal=1 (repeatable)")


def build_parser(handlers: Mapping[str, Handler],
                 more: Sequence[Callable[[Subparsers], None]] = ()) -> argparse.ArgumentParser:
    """The whole command line; ``handlers`` maps each subcommand to the function that runs
    it, and each of ``more`` adds a subcommand that declares its own arguments and handler
    (``host``, :func:`game.cli.host.add_parser`). This module imports no command."""
    parser = Parser(
        prog=PROG, description="Aztec Arcade: couch-play board games on one shared screen. "
        "Without a subcommand, runs 'play'.")
    parser.add_argument("--version", action="version", version=f"{PROG} {game.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, add in (("play", _add_play), ("list", _add_list), ("validate", _add_validate),
                      ("simulate", _add_simulate), ("balance", _add_balance),
                      ("new-variant", _add_new_variant), ("replay", _add_replay)):
        add(sub, handlers[name])
    for add_more in more:
        add_more(sub)
    return parser


def _add_play(sub: Subparsers, handler: Handler) -> None:
    """``play``: the game window, or a headless game between random players."""
    p = sub.add_parser("play", help="open the game window (or --headless: random players)",
                       description="Open the game window. With --headless, run a game "
                       "between random players instead and print every action, the events "
                       "it caused, and the final scores. --variant, --players, -o, --seed "
                       "and --save apply to that headless game and imply --headless.")
    p.add_argument("--headless", action="store_true",
                   help="no window: play random players and print the game")
    p.add_argument("--frames", type=whole(1, "the number of frames", 10**7), default=None,
                   metavar="N", help="close the window after N frames (smoke tests)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true", default=None,
                      help="start in fullscreen (default: as in the settings)")
    mode.add_argument("--windowed", action="store_true",
                      help="start in a window (default: as in the settings)")
    p.add_argument("--lang", metavar="LANG", default=None,
                   help="the language of the screens (en, de; default: as in the settings, "
                        "else the system's)")
    p.add_argument("--dev", action="store_true",
                   help="for modders: reload the variant YAML files whenever they change "
                        "(problems show on screen)")
    p.add_argument("--jobs", "-j", type=jobs_arg("the number of jobs"), default=1,
                   metavar="J", help="processes each Hard computer player thinks with "
                   "(root-parallel search; default 1)")
    game_args(p, 4)
    p.add_argument("--seed", type=seed_arg, default=None,
                   help="random seed for the setup and the players (default: random)")
    p.add_argument("--save", metavar="FILE", help="save the finished game to FILE (JSON)")
    p.set_defaults(func=handler, variant=None, players=None)  # None: see PLAY_DEFAULTS


def _add_list(sub: Subparsers, handler: Handler) -> None:
    """``list``: the variants, and what failed to load."""
    p = sub.add_parser("list", help="list variants, lessons and anything that failed to load",
                       description="List the playable variants (id, name, players, where "
                       "each came from), the lessons, and the plugins, variant files or "
                       "lessons that failed to load.")
    p.set_defaults(func=handler)


def _add_validate(sub: Subparsers, handler: Handler) -> None:
    """``validate``: variant files checked as loading checks them."""
    p = sub.add_parser("validate", help="check variant and lesson YAML files and catalogues",
                       description="Check variant (and lesson) YAML files exactly as "
                       "loading would, and translation catalogues (.po) against the code of "
                       "the package they sit in. A folder stands for its YAML files and "
                       "catalogues. Prints 'OK FILE' or each problem as FILE:LINE: KEY: "
                       "MESSAGE; exits with 1 if any file has problems.")
    p.add_argument("files", nargs="+", metavar="FILE_OR_FOLDER")
    p.set_defaults(func=handler)


def _add_simulate(sub: Subparsers, handler: Handler) -> None:
    """``simulate``: many headless games, random players or computer levels."""
    p = sub.add_parser("simulate", help="run many headless random games and summarise them",
                       description="Run headless games between random players (game i uses "
                       "seed SEED+i) and print wins and scores per seat, game length and "
                       "speed. With --bots, computer players of the given levels play "
                       "instead and each level's win rate is shown.")
    game_args(p, 4)
    p.add_argument("--games", type=whole(1, "the number of games", 10**7), default=100,
                   help="number of games (default: 100)")
    p.add_argument("--seed", type=seed_arg, default=0, help="seed of the first game (default: 0)")
    p.add_argument("--bots", type=bot_levels, metavar="LEVEL,LEVEL",
                   help="computer players instead of random ones, one level per seat "
                        "(easy, normal, hard); seats rotate between games and the table "
                        "shows each level's win rate with a 95%% confidence interval")
    p.add_argument("--iterations", type=whole(1, "the iteration budget"), default=None,
                   metavar="N", help="Hard's search budget per decision in iterations "
                   "(reproducible; default 300 unless --seconds is given)")
    p.add_argument("--seconds", type=seconds_arg, default=None, metavar="S",
                   help="Hard's wall-clock budget per decision, above 0 and at most "
                        f"{MAX_SECONDS:g} (not reproducible)")
    p.add_argument("--progress", action="store_true",
                   help="with --bots: print each game's result as it ends")
    p.set_defaults(func=handler, players=None)  # None: 4, or one per --bots level


def _add_balance(sub: Subparsers, handler: Handler) -> None:
    """``balance``: the balance lab's tournaments (game.lab, imported only to run them:
    building the parser for every command must not cost the lab's imports)."""
    p = sub.add_parser("balance", help="tournaments between computer players, as an HTML "
                       "report (needs the 'lab' extra)",
                       description="Play tournaments between computer players in one or "
                       "more variants (and over the values of --sweep) and write a report: "
                       "DIR/report.html (win rate per seat with 95% intervals, scores, game "
                       "length, points by reason, every arm on the same axes) and "
                       "DIR/games.jsonl (one line per game). Game i of every arm uses seed "
                       "SEED+i; the results do not depend on --jobs or --backend.")
    p.add_argument("variants", nargs="+", metavar="VARIANT",
                   help="variant ids to compare, see 'aztec-arcade list'")
    p.add_argument("--games", type=whole(1, "the number of games"), default=100,
                   metavar="N", help="games per variant and sweep value (default: 100)")
    p.add_argument("--bots", type=levels_arg, default=["normal"], metavar="LEVEL,...",
                   help="computer level per seat (easy, normal, hard, or openspiel-mcts: "
                        "OpenSpiel's MCTS at --bot-option openspiel-mcts:cpu=10 times "
                        "Hard's CPU, needs the 'openspiel' extra), or one level for every "
                        "seat; seats rotate between games (default: normal)")
    p.add_argument("--players", type=whole(1, "the number of players"), default=None,
                   metavar="K", help="players per game (default: one per --bots level, or "
                   "the smallest count every variant allows)")
    p.add_argument("--sweep", action="append", metavar="NAME=V1,V2,...",
                   help="compare values of a variant parameter (ap_per_turn=5,6,7; a "
                        "dotted path such as costs.canal=1,2) or of a bot option "
                        "(hard:exploration=0.5,1.0); repeatable: every combination")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="override a variant parameter in every arm, or one key inside "
                        "it (costs.canal=1; repeatable)")
    p.add_argument("--bot-option", action="append", metavar="LEVEL:NAME=VALUE",
                   help="an option for every bot of that level, e.g. "
                        "hard:exploration=0.5 (repeatable)")
    p.add_argument("--iterations", type=whole(1, "the iteration budget"), default=300,
                   metavar="N", help="Hard's search per decision (default: 300)")
    p.add_argument("--seed", type=seed_arg, default=0, help="seed of game 1 (default: 0)")
    p.add_argument("--jobs", "-j", type=jobs_arg("the number of jobs"), default=1,
                   metavar="J", help="worker processes (default: 1; at most 4 per core)")
    p.add_argument("--backend", choices=BALANCE_BACKENDS, default="local",
                   help="local: this machine (--jobs processes); dask: a Dask cluster "
                        "(needs the 'cluster' extra)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="with --backend dask: the scheduler to use, e.g. "
                        "tcp://10.0.0.5:8786 (default: a local cluster of --jobs workers)")
    p.add_argument("--out", default=BALANCE_OUT, metavar="DIR",
                   help=f"folder for report.html and games.jsonl (default: {BALANCE_OUT}); "
                   "each game is written there as it ends")
    p.add_argument("--resume", action="store_true",
                   help="carry on a run that stopped (Ctrl+C, a crash): keep the games "
                        "in DIR/games.jsonl and play only the others (the same command "
                        "otherwise; --games may grow)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=handler)


def _add_new_variant(sub: Subparsers, handler: Handler) -> None:
    """``new-variant``: a pip-installable package for a new game."""
    p = sub.add_parser("new-variant", help="create a new variant as a pip-installable package",
                       description="Create NAME/ (in the current folder or --dir): a package "
                       "with the aztec_arcade.variants entry point, a plugin module, a rules "
                       "engine for a tiny playable race, its YAML variant, a board view and "
                       "tests that run the conformance kit. Refuses an existing folder.")
    p.add_argument("name", metavar="NAME",
                   help="variant id: lower-case letters, digits and hyphens, e.g. "
                        "pyramid-race")
    p.add_argument("--dir", default=".", metavar="DIR",
                   help="folder to create NAME/ in (default: the current folder)")
    p.set_defaults(func=handler)


def _add_replay(sub: Subparsers, handler: Handler) -> None:
    """``replay``: a saved game re-played and checked."""
    p = sub.add_parser("replay", help="replay a saved game and check it",
                       description="Re-play a saved game's log from its start, print every "
                       "action with its events and the scoring, and check that the result "
                       "matches the saved state (exit code 1 if not).")
    p.add_argument("file", metavar="FILE")
    p.set_defaults(func=handler)
