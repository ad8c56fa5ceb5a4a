"""Making a session for a game: names and colours from a save's meta, the autosave after
every change, the palette the settings name.

Why apart from the scenes: the last setup (:mod:`game.ui.lastsetup`) and the tools that
drive the client build sessions too, and none of them should import a scene to do it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import AztecArcadeError
from game.core.words import Addressed
from game.i18n import say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.messages import default_name, one_line
from game.ui.saves import bound_name
from game.ui.session import Session

if TYPE_CHECKING:
    from game.api import Game
    from game.ui.shell import Shell


def palette_name(app: Shell) -> str:
    return str(app.settings.get("palette", "okabe-ito"))


def safe_autosave(app: Shell, game: Game, names: list[str],
                  meta: dict[str, Any] | None = None) -> str:
    """Autosave; on failure toast the reason and return it instead of raising."""
    try:
        app.saves.autosave(game, names, meta)
    except (OSError, AztecArcadeError, ValueError, TypeError) as exc:
        message = say(_("Autosave failed: {problem}", problem=one_line(exc)))
        app.toast(message)
        return message
    return ""


def make_session(app: Shell, game: Game, names: list[str],
                 colour_index: list[int] | None = None) -> Session:
    """A session that autosaves after every change (never raising on a full disk)."""
    names = list(names)
    while len(names) < game.players:
        names.append(default_name(len(names)))
    session = Session(game, names[:game.players],
                      autosave=lambda g: safe_autosave(app, g, session.names, session.meta()),
                      colour_index=colour_index, palette=palette_name(app))
    return session


def colours_from_meta(meta: dict[str, Any], players: int) -> list[int] | None:
    """Palette slots saved with a game, if they are sane (distinct small numbers)."""
    raw = meta.get("colours") if isinstance(meta, dict) else None
    if (isinstance(raw, list) and len(raw) == players
            and all(isinstance(i, int) and 0 <= i < len(theme.MARKS) for i in raw)
            and len(set(raw)) == players):
        return list(raw)
    return None


def names_from_meta(meta: dict[str, Any], players: int) -> list[str]:
    """The seats' names saved with a game; a seat spoken to (a lesson saved as a game) is
    spoken to again, in whatever language the table reads now."""
    raw = meta.get("names") if isinstance(meta, dict) else None
    names = [bound_name(str(n)) for n in raw[:players]] if isinstance(raw, list) else []
    while len(names) < players:
        names.append(default_name(len(names)))
    spoken = meta.get("addressed") if isinstance(meta, dict) else None
    for seat in spoken if isinstance(spoken, list) else []:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
            names[seat] = Addressed(names[seat])
    return names
