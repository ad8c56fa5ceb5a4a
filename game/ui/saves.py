"""Saves, autosave and replays in the user folder.

Every write is atomic (temp file + rename), so a crash never leaves half a save. A file
that cannot be read is listed with its problem and never overwritten; the rest of the list
stays usable. The autosave after every action is written by a background thread (see
:mod:`game.ui.writer`); everything that reads the folder waits for it first.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.api import Game, load_game
from game.errors import SaveError
from game.isolation import PluginFailure, guard_game, rules_plugin
from game.resources import user_dir
from game.ui.writer import FileWriter

AUTOSAVE = "autosave"


@dataclass
class SaveEntry:
    name: str
    path: Path
    variant: str = ""
    players: int = 0
    names: tuple[str, ...] = ()
    saved: float = 0.0
    finished: bool = False
    actions: int = 0
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


class SaveStore:
    def __init__(self, folder: Path | None = None, background: bool = True) -> None:
        self.folder = folder or (user_dir() / "saves")
        #: autosaves go through a writer thread (False: written before autosave returns)
        self.background = background
        self.writer = FileWriter(_write_file)

    def path(self, name: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9 _-]", "", name).strip()[:60] or "save"
        return self.folder / f"{safe}.json"

    def _text(self, name: str, game: Game, names: list[str] | None,
              meta: dict[str, Any] | None) -> str:
        data = game.to_dict()
        data["meta"] = {"names": list(names or []), **(meta or {}), "saved": time.time(),
                        "name": name}
        return json.dumps(data, separators=(",", ":"))

    def write(self, name: str, game: Game, names: list[str] | None = None,
              meta: dict[str, Any] | None = None) -> Path:
        """Save now (a named save: the player waits for it and hears if it failed)."""
        self.flush()
        path = self.path(name)
        _write_file(path, self._text(name, game, names, meta))
        return path

    def autosave(self, game: Game, names: list[str] | None = None,
                 meta: dict[str, Any] | None = None) -> Path:
        """Save the game as it is now under :data:`AUTOSAVE`; in the background unless
        ``background`` is off (failures then come from :meth:`errors`)."""
        if not self.background:
            return self.write(AUTOSAVE, game, names, meta)
        path = self.path(AUTOSAVE)
        self.writer.submit(path, self._text(AUTOSAVE, game, names, meta))
        return path

    def rescue(self, game: Game, names: list[str] | None = None,
               meta: dict[str, Any] | None = None) -> Path:
        """Write the autosave now, after a plugin failed: only a text that loads back
        replaces the last autosave, so a failing plugin never overwrites a good save with
        a bad one. Raises whatever went wrong (a PluginFailure from ``to_dict`` too)."""
        self.flush()
        text = self._text(AUTOSAVE, game, names, meta)
        load_game(text)
        path = self.path(AUTOSAVE)
        _write_file(path, text)
        return path

    def flush(self) -> None:
        """Wait for an autosave still being written."""
        self.writer.flush()

    def errors(self) -> list[str]:
        """Background autosaves that failed since the last call, one reason each."""
        return self.writer.errors()

    def read(self, path: Path) -> tuple[Game, dict[str, Any]]:
        self.flush()
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"cannot read {path.name}: {exc}") from None
        try:
            game = load_game(text)
        except SaveError as exc:
            raise SaveError(f"{path.name}: {exc}") from None
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - the engine's own checks
            raise SaveError(f"{path.name}: {_plugin_failed(text, exc)}") from None
        meta = json.loads(text).get("meta") or {}
        return guard_game(game), meta if isinstance(meta, dict) else {}

    def list(self) -> list[SaveEntry]:
        self.flush()
        if not self.folder.is_dir():
            return []
        out = []
        for path in sorted(self.folder.glob("*.json")):
            entry = SaveEntry(name=path.stem, path=path)
            try:
                game, meta = self.read(path)
                entry.variant = game.variant
                entry.players = game.players
                names = meta.get("names") or []
                entry.names = tuple(str(n) for n in names)
                entry.saved = float(meta.get("saved") or path.stat().st_mtime)
                entry.finished = _over(game)
                entry.actions = len(game.log)
            except SaveError as exc:
                entry.error = str(exc)
                entry.saved = path.stat().st_mtime
            out.append(entry)
        out.sort(key=lambda e: (e.name != AUTOSAVE, -e.saved))
        return out

    def has_autosave(self) -> bool:
        self.flush()
        path = self.path(AUTOSAVE)
        if not path.is_file():
            return False
        try:
            game, _ = self.read(path)
        except SaveError:
            return False
        return not _over(game)


def _plugin_failed(text: str, exc: BaseException) -> str:
    """Why a save could not be read when its engine's code raised while checking it (its
    ``check_params``, ``check_players``): the plugin named, as for a failure in play."""
    engine = json.loads(text).get("engine")
    failure = PluginFailure(*rules_plugin(str(engine)), f"the '{engine}' rules",
                            "while reading this save", exc)
    return failure.summary()


def _over(game: Game) -> bool:
    """Whether a saved game is finished; False if its plugin fails to say (playing it
    then reports the failure)."""
    try:
        return bool(game.is_over)
    except PluginFailure:
        return False


def _write_file(path: Path, text: str) -> None:
    from game.records import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text)
