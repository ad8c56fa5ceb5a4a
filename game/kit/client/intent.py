"""What a person asks for, whatever the device: the one input a board view receives.

The client's shell maps keyboard, mouse and controller events to intents
(:mod:`game.ui.input`); a view (:class:`game.kit.client.boardview.BoardView`) handles
intents only, so it works the same with any device and never touches pygame's events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

IntentKind = Literal[
    # moving and choosing
    "up", "down", "left", "right", "confirm", "back", "tab", "tab_back", "rotate",
    "digit", "spend_token", "page_up", "page_down",
    # the game
    "undo", "redo", "end", "save", "help", "hint",
    # held: a player's own secrets show while the key (or the trigger) is down
    "peek", "peek_end",
    # text fields
    "text", "backspace",
    # the mouse (``pos`` in logical units; ``value`` of a scroll: the wheel's steps)
    "point", "click", "release", "rclick", "scroll",
    # the window and the devices
    "fullscreen", "quit", "controller_added", "controller_removed",
]
Point = tuple[float, float]


@dataclass(frozen=True)
class Intent:
    """What a person asks for, whatever the device: ``kind`` says what; ``value`` is the
    digit, the typed text, the wheel's steps or a controller's instance id; ``pos`` is in
    logical units for pointer intents; ``device`` is "keyboard", "mouse" or
    "controller:<instance id>"."""

    kind: IntentKind
    value: Any = None
    pos: Point | None = None
    device: str = "keyboard"
