"""Saves, autosave and replays in the user folder.

Every write is atomic (temp file + rename), so a crash never leaves half a save. A file
that cannot be read is listed with its problem and never overwritten; the rest of the list
stays usable.
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
from game.resources import user_dir

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
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or (user_dir() / "saves")

    def path(self, name: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9 _-]", "", name).strip()[:60] or "save"
        return self.folder / f"{safe}.json"

    def write(self, name: str, game: Game, names: list[str] | None = None,
              meta: dict[str, Any] | None = None) -> Path:
        from game.records import write_atomic

        data = game.to_dict()
        data["meta"] = {"names": list(names or []), **(meta or {}), "saved": time.time(),
                        "name": name}
        path = self.path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data, separators=(",", ":")))
        return path

    def autosave(self, game: Game, names: list[str] | None = None,
                 meta: dict[str, Any] | None = None) -> Path:
        return self.write(AUTOSAVE, game, names, meta)

    def read(self, path: Path) -> tuple[Game, dict[str, Any]]:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"cannot read {path.name}: {exc}") from None
        try:
            game = load_game(text)
        except SaveError as exc:
            raise SaveError(f"{path.name}: {exc}") from None
        meta = json.loads(text).get("meta") or {}
        return game, meta if isinstance(meta, dict) else {}

    def list(self) -> list[SaveEntry]:
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
                entry.finished = game.is_over
                entry.actions = len(game.log)
            except SaveError as exc:
                entry.error = str(exc)
                entry.saved = path.stat().st_mtime
            out.append(entry)
        out.sort(key=lambda e: (e.name != AUTOSAVE, -e.saved))
        return out

    def has_autosave(self) -> bool:
        path = self.path(AUTOSAVE)
        if not path.is_file():
            return False
        try:
            game, _ = self.read(path)
        except SaveError:
            return False
        return not game.is_over
