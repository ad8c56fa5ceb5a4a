"""The last game set up, kept for the title's **Rematch**.

Starting a game from New game writes its setup (the variant, the number of players, the
options, and each seat's name, colour and who plays it) to ``last-setup.json`` in the
user folder, atomically; Rematch starts the same setup again with a new seed, as Play
again does from the results. The file is a convenience, never a source of errors: one
that cannot be written is skipped, and one that cannot be read, is damaged or names a
game that is no longer installed simply means no Rematch.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.readlimit import read_at_most
from game.core.records import write_atomic
from game.core.userdirs import user_data_dir
from game.ui.isolation import start_game
from game.ui.sessions import colours_from_meta, make_session, names_from_meta

if TYPE_CHECKING:
    from game.ui.session import Session
    from game.ui.shell import Shell

FILE = "last-setup.json"
#: a setup is a few hundred bytes; anything much larger is not one
MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class Setup:
    """What a game was set up with; ``meta`` is :meth:`Session.meta` (names, colours,
    which seats the computer plays), the same details a save keeps."""

    variant: str
    players: int
    options: dict[str, Any] | None
    meta: dict[str, Any]

    @classmethod
    def of(cls, session: Session) -> Setup:
        game = session.game
        return cls(game.variant, game.players, game.options, session.meta())

    def names(self) -> list[str]:
        return names_from_meta(self.meta, self.players)

    def session(self, app: Shell, seed: int) -> Session:
        """A new game of this setup (AztecArcadeError if the variant refuses it)."""
        game = start_game(self.variant, self.players, seed, self.options)
        session = make_session(app, game, self.names(), colours_from_meta(self.meta,
                                                                          self.players))
        session.apply_meta(self.meta)  # who plays each seat
        return session


def path(folder: Path | None = None) -> Path:
    return (folder or user_data_dir()) / FILE


def remember(setup: Setup, folder: Path | None = None) -> bool:
    """Keep ``setup`` for Rematch; False if it could not be written (nothing else
    changes: the game starts all the same)."""
    data = {"variant": setup.variant, "players": setup.players, "options": setup.options,
            "meta": setup.meta}
    target = path(folder)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, json.dumps(data))
    except (OSError, TypeError, ValueError):
        return False
    return True


def recall(installed: dict[str, Any], folder: Path | None = None) -> Setup | None:
    """The last setup, if there is a readable one of a variant in ``installed`` (the
    registry's variants by id) for a player count it allows; else None."""
    try:
        raw = read_at_most(path(folder), MAX_BYTES)
        data = None if raw is None else json.loads(raw)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    variant, players = data.get("variant"), data.get("players")
    options, meta = data.get("options"), data.get("meta")
    spec = installed.get(variant) if isinstance(variant, str) else None
    if (spec is None or not isinstance(variant, str) or isinstance(players, bool)
            or not isinstance(players, int)
            or not spec.min_players <= players <= spec.max_players
            or not (options is None or isinstance(options, dict))
            or not isinstance(meta, dict)):
        return None
    return Setup(variant, players, options, meta)
