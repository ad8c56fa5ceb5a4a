"""Saves, autosave and replays in the user folder.

Every write is atomic (temp file + rename), so a crash never leaves half a save, and the
temporary files of writes killed half-way are cleaned up when the store opens. A file
that cannot be read is listed with its problem and never overwritten; the rest of the list
stays usable. That holds for the autosave too: before a new one replaces an autosave that
cannot be loaded, the old file is renamed aside and the player is told its name. The
autosave after every action is written by a background thread (see
:mod:`game.ui.writer`); everything that reads the folder waits for it first.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.api import Game, load_game
from game.core.errors import SaveError
from game.core.records import clean_stale_temp, read_save_bytes, write_atomic
from game.core.userdirs import user_data_dir
from game.i18n import say
from game.i18n.client import _
from game.remote.keep import META_KEY, SEATS, KeptSeats, read_seats, seats_path, write_seats
from game.ui.isolation import PluginFailure, guard_game, rules_plugin
from game.ui.writer import FileWriter

AUTOSAVE = "autosave"
#: the autosave of ``aztec-arcade host`` (``host --resume`` continues it)
HOSTED = "hosted"
#: a player name read from a file is cut to this many characters (setup allows 14)
NAME_MAX = 40
#: the latest time a save may say it was written (the end of year 9999)
MAX_STAMP = 253402300799.0


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


@dataclass
class Autosave:
    """What the autosave file holds: a game with its details, or why it cannot load."""

    game: Game | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: why the file cannot be loaded ('' if it can, or if there is no file)
    problem: str = ""


class SaveStore:
    def __init__(self, folder: Path | None = None, background: bool = True,
                 autosave_name: str = AUTOSAVE) -> None:
        self.folder = folder or (user_data_dir() / "saves")
        #: autosaves go through a writer thread (False: written before autosave returns)
        self.background = background
        #: the autosave's name: the television's :data:`AUTOSAVE`, the headless host's
        #: :data:`HOSTED`; the same guard keeps a damaged one aside
        self.autosave_name = autosave_name
        self.writer = FileWriter(_write_file)
        #: the autosave file is this store's own (it wrote it, or kept a damaged one aside)
        self._autosave_ours = False
        #: (file identity, problem) of the autosave last looked at, to read it only once
        self._autosave_checked: tuple[tuple[int, int, int], str] | None = None
        self._notices: list[str] = []
        #: the listing by file, while the file is unchanged: loading replays the log, so
        #: a folder of finished games is read once, not every time Load opens
        self._entries: dict[Path, tuple[tuple[int, int, int], SaveEntry]] = {}
        #: the phones' seats beside the autosave (:mod:`game.remote.keep`), written off
        #: the frame thread like the autosave, by a writer of their own
        self.seats_writer = FileWriter(write_seats)
        #: the tag of the phones kept beside the autosave, named in its meta ('' if none)
        self.phones = ""
        #: the last game :meth:`read` from a save that had phones, with its file and meta
        self.opened: tuple[Game, Path, dict[str, Any]] | None = None
        clean_stale_temp(self.folder)
        clean_stale_temp(self.folder / SEATS)

    def path(self, name: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9 _-]", "", name).strip()[:60] or "save"
        return self.folder / f"{safe}.json"

    def _text(self, name: str, game: Game, names: list[str] | None,
              meta: dict[str, Any] | None) -> str:
        data = game.to_dict()
        data["meta"] = {"names": list(names or []), **(meta or {}), "saved": time.time(),
                        "name": name}
        if name == self.autosave_name and self.phones:
            data["meta"][META_KEY] = self.phones
        return json.dumps(data, separators=(",", ":"))

    def write(self, name: str, game: Game, names: list[str] | None = None,
              meta: dict[str, Any] | None = None) -> Path:
        """Save now (a named save: the player waits for it and hears if it failed)."""
        self.flush()
        path = self.path(name)
        if path == self.path(self.autosave_name):
            self._guard_autosave()
        _write_file(path, self._text(name, game, names, meta))
        return path

    def autosave(self, game: Game, names: list[str] | None = None,
                 meta: dict[str, Any] | None = None) -> Path:
        """Save the game as it is now under :data:`AUTOSAVE`; in the background unless
        ``background`` is off (failures then come from :meth:`errors`)."""
        if not self.background:
            return self.write(self.autosave_name, game, names, meta)
        self._guard_autosave()
        path = self.path(self.autosave_name)
        self.writer.submit(path, self._text(self.autosave_name, game, names, meta))
        return path

    def rescue(self, game: Game, names: list[str] | None = None,
               meta: dict[str, Any] | None = None) -> Path:
        """Write the autosave now, after a plugin failed: only a text that loads back
        replaces the last autosave, so a failing plugin never overwrites a good save with
        a bad one. Raises whatever went wrong (a PluginFailure from ``to_dict`` too)."""
        self.flush()
        text = self._text(self.autosave_name, game, names, meta)
        load_game(text)
        path = self.path(self.autosave_name)
        _write_file(path, text)
        return path

    def _guard_autosave(self) -> None:
        """Before this store first writes the autosave: a file there that cannot be loaded
        is another game's only record (damaged, or needing rules not installed now), so it
        is renamed aside, never overwritten, and the player is told where it went. If it
        cannot be renamed, the autosave fails (SaveError) rather than replace it."""
        if self._autosave_ours:
            return
        if self.autosave_problem():
            path = self.path(self.autosave_name)
            try:
                kept = _keep_aside(path)
            except OSError as exc:
                reason = exc.strerror or str(exc)
                raise SaveError(f"the damaged autosave cannot be kept aside ({reason}), so "
                                "it is not overwritten") from None
            self._autosave_checked = None
            self._notices.append(say(_("The damaged autosave was kept as {file} (Load "
                                       "lists it)", file=kept.name)))
        self._autosave_ours = True

    def set_aside(self, why: str) -> Path:
        """Rename the autosave aside, ``NAME-<why>-DATE.json``, before a new game takes its
        place (the headless host never replaces an unfinished game: Load lists it, and
        ``host --load`` continues it with its phones). Returns where it went."""
        self.flush()
        kept = _keep_aside(self.path(self.autosave_name), why)
        self._autosave_checked = None
        return kept

    def flush(self) -> None:
        """Wait for an autosave (and its phones' seats) still being written."""
        self.writer.flush()
        self.seats_writer.flush()

    @property
    def pending(self) -> bool:
        """An autosave (or its phones' seats) is still being written: the window looks
        again for its outcome (a failure is said in a toast) even when nothing moves."""
        return self.writer.writing or self.seats_writer.writing

    def errors(self) -> list[str]:
        """Background autosaves that failed since the last call, one reason each."""
        return self.writer.errors() + [say(_("The phones' seats were not kept: {problem}",
                                             problem=reason))
                                       for reason in self.seats_writer.errors()]

    # -- the phones of the autosaved game (see game.remote.keep) ---------------------------
    def keep_phones(self, kept: KeptSeats) -> None:
        """The game being autosaved has phones: keep their seats beside the autosave
        (``seats/autosave.json``, mode 0600) and name them in its meta from now on, so
        continuing it lets every phone back into its seat."""
        self.phones = kept.tag
        self.seats_writer.submit(seats_path(self.path(self.autosave_name)), kept.to_text())

    def end_phones(self, forget: bool) -> None:
        """The game being autosaved has no phones from now on. ``forget``: delete the
        seats kept beside the autosave too (the host stopped inviting phones, or the game
        ended); otherwise they stay for the game autosaved last (left to the title, the
        window closed), which continues with them."""
        self.phones = ""
        if forget:
            self.seats_writer.submit(seats_path(self.path(self.autosave_name)), "")

    def phones_for(self, game: Game) -> KeptSeats | None:
        """The phones kept beside the save ``game`` was just read from (:meth:`read`), once;
        None if it had none, or ``game`` is not the game read last. SaveError (naming the
        file) if it had phones whose seats cannot be read: they must claim them again."""
        opened = self.opened
        if opened is None or opened[0] is not game:
            return None
        self.opened = None
        self.flush()
        return read_seats(opened[1], opened[2], game.players)

    def notices(self) -> list[str]:
        """Things the player should hear about the saves since the last call (a damaged
        autosave kept aside)."""
        out, self._notices = self._notices, []
        return out

    def read(self, path: Path) -> tuple[Game, dict[str, Any]]:
        """The game in ``path`` and its checked details (see :func:`clean_meta`)."""
        self.flush()
        try:
            data = read_save_bytes(path)
            game = load_game(data)
            meta = clean_meta(json.loads(data).get("meta"), game.players)
        except SaveError as exc:
            raise SaveError(f"{path.name}: {exc}") from None
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - the engine's own checks
            raise SaveError(f"{path.name}: {_plugin_failed(data, exc)}") from None
        game = guard_game(game)
        if META_KEY in meta:
            self.opened = (game, path, meta)
        return game, meta

    def peek_autosave(self) -> Autosave:
        """The autosave as it is now; whether it loads is remembered for this version of
        the file, so the first autosave of a game need not read it again."""
        self.flush()
        path = self.path(self.autosave_name)
        key = _identity(path)
        if key is None:
            return Autosave()
        try:
            game, meta = self.read(path)
        except SaveError as exc:
            self._autosave_checked = (key, str(exc))
            return Autosave(problem=str(exc))
        self._autosave_checked = (key, "")
        return Autosave(game, meta)

    def autosave_problem(self) -> str:
        """Why the autosave file cannot be loaded ('' if it can, or there is none)."""
        self.flush()
        key = _identity(self.path(self.autosave_name))
        if key is None:
            return ""
        if self._autosave_checked is not None and self._autosave_checked[0] == key:
            return self._autosave_checked[1]
        return self.peek_autosave().problem

    def list(self) -> list[SaveEntry]:
        """Every save in the folder; one that cannot be loaded is listed with its problem
        (this never raises for a file's content)."""
        self.flush()
        if not self.folder.is_dir():
            return []
        out = []
        known, self._entries = self._entries, {}
        for path in sorted(self.folder.glob("*.json")):
            identity = _identity(path)
            cached = known.get(path)
            if cached is not None and identity is not None and cached[0] == identity:
                self._entries[path] = cached
                out.append(cached[1])
                continue
            entry = SaveEntry(name=path.stem, path=path)
            try:
                game, meta = self.read(path)
                entry.variant = game.variant
                entry.players = game.players
                entry.names = tuple(meta.get("names", ()))
                entry.saved = meta.get("saved") or _mtime(path)
                entry.finished = _over(game)
                entry.actions = len(game.log)
            except SaveError as exc:
                entry.error = str(exc)
            except Exception as exc:  # noqa: BLE001 - a plugin's rules failing on its save
                entry.error = f"{path.name}: {type(exc).__name__}: {exc}"
            if entry.error:
                entry.saved = _mtime(path)
            if identity is not None:
                self._entries[path] = (identity, entry)
            out.append(entry)
        out.sort(key=lambda e: (e.name != AUTOSAVE, -e.saved))
        return out

    def has_autosave(self) -> bool:
        """Whether there is a game to continue (an autosave that loads and is not over)."""
        game = self.peek_autosave().game
        return game is not None and not _over(game)


def clean_meta(raw: Any, players: int) -> dict[str, Any]:
    """The client's details saved with a game (``meta``), checked.

    A file without them is fine (a save from ``aztec-arcade play --save``). Details of the
    wrong kind (names that are not text, a save time that is no time) mean the file was
    damaged or edited, and raise SaveError like any other damage. Names are cut to
    :data:`NAME_MAX` printable characters and to one per seat: a screen has no room for
    more, and text that long would only cost memory and time to draw.
    """
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise SaveError("its details (meta) are damaged: not a mapping")
    meta = dict(raw)
    names = raw.get("names")
    if names is not None:
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            raise SaveError("its details (meta) are damaged: the names are not a list of "
                            "names")
        meta["names"] = [bound_name(n) for n in names[:players]]
    saved = raw.get("saved")
    if saved is not None:
        if (isinstance(saved, bool) or not isinstance(saved, int | float)
                or not 0 <= saved <= MAX_STAMP):
            raise SaveError("its details (meta) are damaged: the time it was saved is not "
                            "a time")
        meta["saved"] = float(saved)
    return meta


def bound_name(name: str) -> str:
    """A player name from a file as the screen may show it: at most :data:`NAME_MAX`
    characters, control characters as spaces."""
    return "".join(ch if ch.isprintable() else " " for ch in name[:NAME_MAX])


def _identity(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another; None if there is no file."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _keep_aside(path: Path, why: str = "damaged") -> Path:
    """Rename ``path`` to ``NAME-<why>-YYYYMMDD-HHMMSS.json`` (never over a file), and
    the phones' seats kept beside it with it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        suffix = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{path.stem}-{why}-{stamp}{suffix}{path.suffix}")
        if not target.exists():
            os.rename(path, target)
            with contextlib.suppress(OSError):  # a game without phones has none
                os.rename(seats_path(path), seats_path(target))
            return target
    raise OSError(errno.EEXIST, f"too many {why} autosaves kept this second")


def _plugin_failed(data: str | bytes, exc: BaseException) -> str:
    """Why a save could not be read when its engine's code raised while checking it (its
    ``check_params``, ``check_players``): the plugin named, as for a failure in play."""
    engine = json.loads(data).get("engine")
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
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text)
