"""The texts a package writes in its YAML as messages of the package's own catalogue: a
lesson's name, description and steps (title, text, the "other" note), a variant's name
and description.

Why YAML texts are messages at all: a lesson is data, and a German lesson that reads
its prompts in English beside German engine lines is no German lesson. Why they are
found in the YAML rather than listed in code: the file is where a lesson's author (a
mod's too) writes them, so the extractor reads them there (``tools/i18n.py update``
puts them in the ``.pot`` beside the code's messages) and the checks find a text no
catalogue holds, or an entry no file says any more, exactly as for code. The English
text is the msgid, with the context ``lesson`` or ``variant`` (the same English said
in code stays a message of its own).

A package's catalogue is the one in the ``locale`` folder nearest above its YAML (a
mod's beside its files): a lesson is rendered in its own domain, found from its file;
a variant's text in the domain whose package's YAML says it.
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path
from typing import Any

from game.core.errors import ConfigError
from game.core.yamlload import Lines, load_yaml_file
from game.i18n.catalogue import domains, register
from game.i18n.extract import Key, Use, domain_files, source_files, uses
from game.i18n.message import Msg, Text

log = logging.getLogger(__name__)

#: the contexts of the texts of a lesson file and of a variant file
LESSON = "lesson"
VARIANT = "variant"
#: the keys of a lesson file whose values are texts, and those of each of its steps
LESSON_KEYS = ("name", "description")
STEP_KEYS = ("title", "text", "other")
VARIANT_KEYS = ("name", "description")


def yaml_files(folder: Path) -> list[Path]:
    """The YAML files of the domain rooted at ``folder`` (not another domain's below)."""
    return domain_files(folder, "*.yaml") + domain_files(folder, "*.yml")


def texts(data: Any) -> list[tuple[str, tuple[Any, ...], str]]:
    """The texts of a YAML file's data, each ``(context, key path, English text)``: a
    lesson's (a top-level ``lesson:`` key) or a variant's (``id:``); none of anything else."""
    if not isinstance(data, dict):
        return []
    found: list[tuple[str, tuple[Any, ...], Any]] = []
    if "lesson" in data and "id" not in data:
        found += [(LESSON, (key,), data.get(key)) for key in LESSON_KEYS]
        steps = data.get("steps")
        for i, step in enumerate(steps if isinstance(steps, list) else []):
            if isinstance(step, dict):
                found += [(LESSON, ("steps", i, key), step.get(key)) for key in STEP_KEYS]
    elif "id" in data:
        found += [(VARIANT, (key,), data.get(key)) for key in VARIANT_KEYS]
    return [(context, path, text) for context, path, text in found
            if isinstance(text, str) and text.strip()]


def yaml_uses(files: list[Path], root: Path | None = None) -> tuple[list[Use], list[str]]:
    """The messages ``files`` (YAML) say, and the files that cannot be read."""
    found: list[Use] = []
    problems: list[str] = []
    for path in files:
        name = str(path.relative_to(root)) if root else str(path)
        try:
            data, lines = load_yaml_file(path)
        except ConfigError as exc:
            first = exc.issues[0].message if exc.issues else str(exc)
            problems.append(f"{name}: the YAML cannot be read ({first})")
            continue
        found += [Use((context, text, None), name, _line(lines, path_))
                  for context, path_, text in texts(data)]
    return found, problems


def _line(lines: Lines, path: tuple[Any, ...]) -> int:
    return lines.get(path, lines.get(path[:-1], 1))


@functools.lru_cache(maxsize=64)
def package_texts(package: Path) -> frozenset[Key]:
    """The messages the YAML of ``package`` says (read once per package)."""
    found, _problems = yaml_uses(yaml_files(package))
    return frozenset(use.key for use in found)


def domain_of(path: str | Path) -> str | None:
    """The domain of the catalogue nearest above a file (a lesson's), registered so that
    it renders; None where no ``locale`` folder with a catalogue is above it."""
    for parent in Path(path).resolve().parents:
        locale = parent / "locale"
        if not locale.is_dir():
            continue
        name = _domain_in(locale)
        if name is not None:
            return name
    return None


def _domain_in(locale: Path) -> str | None:
    """The domain whose catalogues ``locale`` holds (registering it when no code has)."""
    for name, folder in domains().items():
        if folder.resolve() == locale:
            return name
    files = sorted(locale.glob("*.pot")) or sorted(locale.glob("*/LC_MESSAGES/*.po"))
    if not files:
        return None
    name = files[0].stem
    if name in domains():  # another package's (a mod named like a game): never taken over
        log.warning("%s: the catalogue %r is another package's; its texts stay as written",
                    locale, name)
        return None
    register(name, locale)
    return name


def lesson_text(text: str, source: str | Path) -> Text:
    """A text of the lesson file ``source`` as a message of its package's catalogue (as
    written where the package has none)."""
    domain = domain_of(source) if source and text.strip() else None
    return Msg(domain, text, context=LESSON) if domain else text


def variant_text(text: str) -> Text:
    """A variant's name or description as a message of the catalogue of the package
    whose YAML says it (as written where none does: a mod with no catalogue)."""
    for domain, folder in domains().items():
        if (VARIANT, text, None) in package_texts(folder.resolve().parent):
            return Msg(domain, text, context=VARIANT)
    return text


def domain_uses(folder: Path, root: Path | None = None) -> tuple[list[Use], list[str]]:
    """Every message of the domain rooted at ``folder``: its code's and its YAML's, and
    the problems of reading them (what the catalogue checks hold a catalogue to)."""
    code, problems = uses(source_files(folder), root)
    data, unread = yaml_uses(yaml_files(folder), root)
    return code + data, problems + unread
