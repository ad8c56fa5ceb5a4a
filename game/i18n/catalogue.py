"""Catalogues: each domain's ``.po`` files, read at run time into the standard library's
:class:`gettext.GNUTranslations`.

Where: ``<folder>/<lang>/LC_MESSAGES/<domain>.po``, the folder given by the code that
owns the messages (``game/locale`` for the client, ``variants/market/locale`` for the
Market, a mod's own folder beside its YAML), so a mod ships its catalogues with itself.

Why the ``.po`` is read at run time and no ``.mo`` is committed: the runtime needs only
the standard library (Babel is a tool of the ``test`` extra), a modder edits one file and
sees it, and no compiled file can fall out of date. The reader below handles what
Babel and Poedit write (msgctxt, plurals, multi-line strings, escapes, fuzzy entries
are skipped as gettext's msgfmt does); it turns the catalogue into ``.mo`` bytes in
memory and hands them to :class:`gettext.GNUTranslations`, which evaluates the
catalogue's Plural-Forms. ``tests/i18n`` checks that it reads every shipped catalogue
exactly as Babel does.
"""

from __future__ import annotations

import ast
import gettext
import io
import logging
import struct
import threading
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

#: the source language: its text is the msgid, it has no catalogue
SOURCE = "en"
#: the pseudo-language of the tests (:mod:`game.i18n.pseudo`), made from the msgids
PSEUDO = "qps"
#: a catalogue larger than this is refused (a file in a mod is read with care)
MAX_PO_BYTES = 4 * 1024 * 1024

_FOLDERS: dict[str, Path] = {}
_CACHE: dict[tuple[str, str], gettext.NullTranslations] = {}
_LOCK = threading.Lock()


def register(domain: str, folder: object) -> None:
    """Where ``domain``'s catalogues are (the last registration wins: a reloaded mod)."""
    with _LOCK:
        _FOLDERS[domain] = Path(str(folder))
        for key in [k for k in _CACHE if k[0] == domain]:
            del _CACHE[key]


def domains() -> dict[str, Path]:
    """Every registered domain and its folder."""
    return dict(_FOLDERS)


def po_path(domain: str, lang: str, folder: Path | None = None) -> Path:
    folder = _FOLDERS[domain] if folder is None else folder
    return folder / lang / "LC_MESSAGES" / f"{domain}.po"


def languages(domain: str) -> list[str]:
    """The languages ``domain`` has a catalogue for, besides English."""
    folder = _FOLDERS.get(domain)
    if folder is None or not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if po_path(domain, p.name).is_file())


def translations(domain: str, lang: str) -> gettext.NullTranslations:
    """``domain``'s catalogue in ``lang`` (English: none; a missing or broken catalogue:
    none, logged once), read once."""
    key = (domain, lang)
    found = _CACHE.get(key)
    if found is not None:
        return found
    if lang == PSEUDO:
        from game.i18n.pseudo import PseudoTranslations

        made: gettext.NullTranslations = PseudoTranslations()
    else:
        made = _load(domain, lang)
    with _LOCK:
        _CACHE[key] = made
    return made


def _load(domain: str, lang: str) -> gettext.NullTranslations:
    if lang == SOURCE or domain not in _FOLDERS:
        return gettext.NullTranslations()
    path = po_path(domain, lang)
    if not path.is_file():
        return gettext.NullTranslations()
    try:
        if path.stat().st_size > MAX_PO_BYTES:
            raise ValueError(f"larger than {MAX_PO_BYTES:,} bytes")
        catalogue = read_po(path.read_text(encoding="utf-8"))
        return gettext.GNUTranslations(io.BytesIO(mo_bytes(catalogue)))
    except (OSError, ValueError, SyntaxError, UnicodeDecodeError) as exc:
        log.warning("the catalogue %s cannot be read (%s); its texts stay in English",
                    path, exc)
        return gettext.NullTranslations()


# -- the .po reader -------------------------------------------------------------------------
@dataclass
class Entry:
    """One message of a ``.po`` file."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    line: int = 0


def read_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` file's text (the header is the entry of msgid "");
    obsolete (``#~``) entries are dropped. A malformed line raises ValueError."""
    entries: list[Entry] = []
    entry: Entry | None = None
    fuzzy = False  # the flags comment before an entry belongs to it
    target: tuple[str, int] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        if line.startswith('"'):
            if entry is None or target is None:
                raise ValueError(f"line {number}: a string continues no keyword")
            _extend(entry, target, _string(line, number))
            continue
        keyword, _, rest = line.partition(" ")
        starts = keyword == "msgctxt" or (keyword == "msgid" and (
            entry is None or entry.msgstr or entry.msgctxt is None))
        if starts:
            if entry is not None:
                entries.append(entry)
            entry, fuzzy = Entry(fuzzy=fuzzy, line=number), False
        if entry is None:
            raise ValueError(f"line {number}: {keyword[:20]!r} before any msgid")
        target = _target(entry, keyword, number)
        _extend(entry, target, _string(rest.strip(), number))
    if entry is not None:
        entries.append(entry)
    return entries


def _target(entry: Entry, keyword: str, number: int) -> tuple[str, int]:
    """Which part of ``entry`` the strings after ``keyword`` make (started empty)."""
    if keyword == "msgctxt":
        entry.msgctxt = ""
        return ("msgctxt", 0)
    if keyword == "msgid":
        return ("msgid", 0)
    if keyword == "msgid_plural":
        entry.msgid_plural = ""
        return ("msgid_plural", 0)
    if keyword == "msgstr" or (keyword.startswith("msgstr[") and keyword.endswith("]")
                               and keyword[7:-1].isdigit()):
        index = int(keyword[7:-1]) if keyword != "msgstr" else 0
        entry.msgstr.setdefault(index, "")
        return ("msgstr", index)
    raise ValueError(f"line {number}: unknown keyword {keyword[:20]!r}")


def _string(token: str, number: int) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"line {number}: expected a quoted string")
    value = ast.literal_eval(token)  # C escapes are Python's: \n \t \" \\
    if not isinstance(value, str):
        raise ValueError(f"line {number}: expected a quoted string")
    return value


def _extend(entry: Entry, target: tuple[str, int], text: str) -> None:
    name, index = target
    if name == "msgstr":
        entry.msgstr[index] = entry.msgstr.get(index, "") + text
    elif name == "msgid":
        entry.msgid += text
    else:
        setattr(entry, name, (getattr(entry, name) or "") + text)


def mo_bytes(entries: list[Entry]) -> bytes:
    """The ``.mo`` file gettext's msgfmt would write for ``entries`` (untranslated and
    fuzzy entries left out, as msgfmt does; the header always kept)."""
    table: dict[bytes, bytes] = {}
    for e in entries:
        if (e.fuzzy and e.msgid) or not any(e.msgstr.values()):
            continue
        key = e.msgid if e.msgctxt is None else f"{e.msgctxt}\x04{e.msgid}"
        if e.msgid_plural is not None:
            key += "\x00" + e.msgid_plural
            value = "\x00".join(e.msgstr.get(i, "") for i in range(len(e.msgstr)))
        else:
            value = e.msgstr.get(0, "")
        table[key.encode()] = value.encode()
    keys = sorted(table)
    n = len(keys)
    ids_at, strs_at = 7 * 4, 7 * 4 + n * 8
    data_at = strs_at + n * 8
    blob, ids, strs = io.BytesIO(), [], []
    for k in keys:
        ids.append((len(k), data_at + blob.tell()))
        blob.write(k + b"\x00")
    for k in keys:
        strs.append((len(table[k]), data_at + blob.tell()))
        blob.write(table[k] + b"\x00")
    head = struct.pack("<7I", 0x950412DE, 0, n, ids_at, strs_at, 0, 0)
    pairs = b"".join(struct.pack("<2I", *p) for p in ids + strs)
    return head + pairs + blob.getvalue()
