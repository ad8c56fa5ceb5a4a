"""Which event tells an action in words, and the game's own sentence for an action that
none tells: what the action log shows as the action's line (:mod:`game.ui.actionlog`).

Apart from the log, so that the session, which adds the sentence to its history as it
applies an action, and the replay of a loaded game use the same rule as the log."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.core.events import Event

if TYPE_CHECKING:
    from game.api import Game


def narration(events: Sequence[Event], seat: int | None, action: str) -> Event | None:
    """The event in which the engine tells the action itself in words ("Ana starts on
    h8" for "start h8", "Ana passes" for "pass"), if it wrote one: the first public event
    (a turn change aside) when it is the acting seat's and either of the action's own kind
    ("founded" for "found") or no score ("Ana agrees"). The log shows that line in place
    of the notation, so an action is one line, not the notation and then its words."""
    if seat is None:
        return None
    verb = action.split(" ", 1)[0]
    for event in events:
        if not event.visible(None) or event.kind == "turn":
            continue
        if event.seat == seat and (event.kind.startswith(verb) or not event.points):
            return event
        return None
    return None


def in_words(events: list[Event], seat: int | None, action: str,
             before: Callable[[], Game]) -> list[Event]:
    """``events``, with the game's own sentence for the action first when none of them
    tells it: its ``describe_action`` on ``before()``, the game as it was before the
    action (asked for only then). So the log never falls back to the notation
    ("Cuauhtemoc: stay", seen in a German game) while the game has words for the move.
    An action whose notation spectators may not see (redacted for them), or that the
    game describes by its notation alone, keeps the log's notation line."""
    if seat is None or narration(events, seat, action) is not None:
        return events
    game = before()
    if game.rules.redact(action, seat, None) != action:
        return events
    said = game.describe(action)
    if not str(said).strip() or said == action:
        return events
    return [Event(action.split(" ", 1)[0], said, seat), *events]
