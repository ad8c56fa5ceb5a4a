"""The ``aztec-arcade`` command (also ``python -m game``).

``play`` (also the default) opens the game window; ``play --headless`` runs a game between
random players and prints its log instead. The other subcommands list, validate, simulate
and replay variants and saved games. Mistakes a person can make (a bad argument, a broken
file, no display) end with a one-line message on stderr and exit code 2, never with a
traceback. The arguments each command takes are declared in :mod:`game.cli.parser`.
"""

from __future__ import annotations

import argparse
import os
import sys

from game.cli import host
from game.cli import parser as grammar
from game.cli.commands import (
    EXIT_USER_ERROR,
    cmd_balance,
    cmd_list,
    cmd_new_variant,
    cmd_play,
    cmd_replay,
    cmd_simulate,
    cmd_validate,
    one_line,
)
from game.cli.parser import PROG
from game.core.errors import AztecArcadeError, failure_origin

__all__ = ["main", "build_parser", "EXIT_USER_ERROR", "EXIT_BUG", "DEBUG_ENV"]


# ------------------------------------------------------------------------------------
# parser and entry point
# ------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The command line (its grammar is in :mod:`game.cli.parser`), each subcommand run
    by its ``cmd_*`` function (:mod:`game.cli.commands`, :mod:`game.cli.host`)."""
    return grammar.build_parser({
        "play": cmd_play, "list": cmd_list, "validate": cmd_validate,
        "simulate": cmd_simulate, "balance": cmd_balance, "new-variant": cmd_new_variant,
        "replay": cmd_replay}, more=(host.add_parser,))


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help, --version, usage errors (code 2)
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        if args.command is None:
            args = parser.parse_args(["play"])
        args.argv = list(sys.argv[1:] if argv is None else argv)  # for reports
        code: int = args.func(args)
        return code
    except AztecArcadeError as exc:
        print(f"{PROG}: error: {one_line(exc)}", file=sys.stderr)
        return EXIT_USER_ERROR
    except BrokenPipeError:
        # The reader went away (e.g. piped into head): stop quietly.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"{PROG}: error: {exc.strerror or exc}{where}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_USER_ERROR
    except Exception as exc:  # noqa: BLE001 - a plugin's (or our own) bug, not the user's
        origin = failure_origin(exc)
        print(f"{PROG}: error: {origin} failed ({type(exc).__name__}: {one_line(exc)}). "
              f"This is a bug, not something you did; set {DEBUG_ENV}=1 for the traceback.",
              file=sys.stderr)
        if os.environ.get(DEBUG_ENV):
            import traceback

            traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        return EXIT_BUG


#: set to see the traceback of an unexpected failure
DEBUG_ENV = "AZTEC_ARCADE_DEBUG"
EXIT_BUG = 3
