"""Words for people: errors on one line (the traceback for a developer), and the names
chosen at setup in the engine's texts.

Shared by the loop (:mod:`game.ui.app`), the screens, the widgets and the computer seats,
so it sits below all of them and imports nothing of the client.
"""

from __future__ import annotations

import sys
import traceback

from game.core.events import personalise as personalise  # one definition; the screens read it here

#: the names seats start with: short, friendly and easy to tell apart from a sofa (each
#: begins with another letter), so a group that starts at once reads "Ben's turn", not
#: "Player 2's turn" cut to "Playe…" on a narrow seat card
DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")


def default_name(seat: int) -> str:
    """The name ``seat`` has until someone types another ("Seat 9" past the list)."""
    return DEFAULT_NAMES[seat] if 0 <= seat < len(DEFAULT_NAMES) else f"Seat {seat + 1}"


def one_line(exc: BaseException | str) -> str:
    """An error's message on one line (its type's name if it has none)."""
    lines = [ln.strip() for ln in str(exc).splitlines() if ln.strip()]
    return "; ".join(lines) or (type(exc).__name__ if isinstance(exc, BaseException) else "")


def short(text: str, limit: int = 110) -> str:
    """One line, at most ``limit`` characters, for a toast."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def report(exc: BaseException) -> None:
    """Print a plugin failure's traceback for developers; the player sees a toast."""
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)


def param_label(name: str) -> str:
    """A parameter's name as a person reads it: ``ap_per_turn`` -> "AP per turn"."""
    words = name.split("_")
    shown = [w.upper() if w in ("ap", "id") else w for w in words]
    text = " ".join(shown)
    return text[:1].upper() + text[1:]
