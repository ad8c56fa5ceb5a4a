"""The messages a domain's code uses, read from its source (an ``ast`` walk over the
calls ``_("…")`` and ``_.n("…", "…", n=…)`` with their ``you=`` and ``context=``; its
YAML's texts are read by :mod:`game.i18n.yamltexts`), and
the problems of a catalogue against them: a message missing or untranslated, a message
no code uses, placeholders that do not match, a Plural-Forms header gettext cannot use.

Used by the tests (every shipped catalogue), by ``tools/i18n.py`` (the template a
translator starts from) and by ``aztec-arcade validate`` for a mod's catalogues. The
standard library only: a mod is checked on a player's machine.
"""

from __future__ import annotations

import ast
import gettext
import re
import string
from dataclasses import dataclass
from pathlib import Path

from game.i18n.catalogue import Entry, read_po

#: a message's key in a catalogue: (context, msgid, plural msgid)
Key = tuple[str | None, str, str | None]


@dataclass(frozen=True)
class Use:
    """Where the code uses a message."""

    key: Key
    file: str
    line: int


def source_files(folder: Path) -> list[Path]:
    """The Python files of the domain rooted at ``folder``: every one below it but those
    of a package with its own ``locale`` folder (another domain)."""
    return domain_files(folder, "*.py")


def domain_files(folder: Path, pattern: str) -> list[Path]:
    """The files matching ``pattern`` of the domain rooted at ``folder`` (its code, its
    YAML): every one below it but those of a package with its own ``locale`` folder."""
    out = []
    for path in sorted(folder.rglob(pattern)):
        rel = path.relative_to(folder).parts[:-1]
        if any((folder.joinpath(*rel[:i + 1]) / "locale").is_dir() for i in range(len(rel))):
            continue
        out.append(path)
    return out


def uses(files: list[Path], root: Path | None = None) -> tuple[list[Use], list[str]]:
    """The messages ``files`` use, and the calls that are no literal message (a msgid
    must be written out, so that this walk and a translator's tools find it)."""
    found: list[Use] = []
    problems: list[str] = []
    for path in files:
        name = str(path.relative_to(root)) if root else str(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), name)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            plural = isinstance(node.func, ast.Attribute) and node.func.attr == "n" and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "_"
            if not plural and not (isinstance(node.func, ast.Name) and node.func.id == "_"):
                continue
            keys = _keys(node, plural)
            if keys is None:
                problems.append(f"{name}:{node.lineno}: a message's ids must be literal "
                                "strings")
                continue
            found += [Use(k, name, node.lineno) for k in keys]
    return found, problems


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) \
        else None


def _keys(node: ast.Call, plural: bool) -> list[Key] | None:
    args = [_literal(a) for a in node.args[:2 if plural else 1]]
    kw = {k.arg: k.value for k in node.keywords if k.arg in ("you", "context")}
    context = _literal(kw["context"]) if "context" in kw else None
    if any(a is None for a in args) or len(args) != (2 if plural else 1) or \
            ("context" in kw and context is None):
        return None
    keys: list[Key] = [(context, str(args[0]), str(args[1]) if plural else None)]
    if "you" in kw:
        you = _literal(kw["you"])
        if you is None:
            return None
        keys.append((context, you, None))
    return keys


def placeholders(text: str) -> set[str]:
    """The named placeholders of a msgid or msgstr ("{player} passes": {"player"})."""
    try:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}
    except ValueError:
        return {"<malformed>"}


def key_of(entry: Entry) -> Key:
    return (entry.msgctxt, entry.msgid, entry.msgid_plural)


def check(po_text: str, used: set[Key], where: str) -> list[str]:
    """The problems of one catalogue (a ``.po`` file's text) against the messages the
    code uses; [] when it is complete and exact."""
    try:
        entries = read_po(po_text)
    except ValueError as exc:
        return [f"{where}: {exc}"]
    header = next((e for e in entries if not e.msgid and e.msgctxt is None), None)
    problems = _plural_problems(header, where)
    nplurals = _nplurals(header)
    held = {key_of(e): e for e in entries if e.msgid}
    for key in sorted(used - set(held), key=str):
        problems.append(f"{where}: lacks {_show(key)}")
    for key in sorted(set(held) - used, key=str):
        problems.append(f"{where}:{held[key].line}: holds {_show(key)}, which no code uses")
    for key, entry in held.items():
        if key in used:
            problems += _entry_problems(entry, nplurals, where)
    return problems


def _show(key: Key) -> str:
    context, msgid, plural = key
    return repr(msgid) + (f" (plural {plural!r})" if plural else "") + \
        (f" (context {context!r})" if context else "")


def _entry_problems(entry: Entry, nplurals: int | None, where: str) -> list[str]:
    at = f"{where}:{entry.line}"
    if entry.fuzzy or not all(entry.msgstr.values()) or not entry.msgstr:
        return [f"{at}: {entry.msgid!r} is not translated (or fuzzy)"]
    known = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
    out = []
    for i, text in sorted(entry.msgstr.items()):
        have = placeholders(text)
        missing = placeholders(entry.msgid) - have - ({"n"} if entry.msgid_plural else set())
        if have - known or missing:
            out.append(f"{at}: the translation {i} of {entry.msgid!r} has the placeholders "
                       f"{sorted(have)}, the message {sorted(known)}")
    if entry.msgid_plural is not None and nplurals is not None and \
            sorted(entry.msgstr) != list(range(nplurals)):
        out.append(f"{at}: {entry.msgid!r} needs {nplurals} plural forms")
    return out


def _nplurals(header: Entry | None) -> int | None:
    match = re.search(r"nplurals\s*=\s*(\d+)", header.msgstr.get(0, "") if header else "")
    return int(match.group(1)) if match else None


def _plural_problems(header: Entry | None, where: str) -> list[str]:
    text = header.msgstr.get(0, "") if header else ""
    match = re.search(r"Plural-Forms:\s*nplurals\s*=\s*\d+;\s*plural\s*=([^\n]*)", text)
    if match is None:
        return [f"{where}: the header has no Plural-Forms"]
    try:
        gettext.c2py(match.group(1).strip().rstrip(";"))
    except (ValueError, RecursionError) as exc:
        return [f"{where}: the Plural-Forms cannot be read ({exc})"]
    return []
