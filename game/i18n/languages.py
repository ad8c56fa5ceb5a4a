"""Which language a reader gets: ``--lang`` on the command line, else the Language
setting, else the system's locale, else English; and the languages one may choose.

A language is a catalogue's folder name ("de", "en"); a locale ("de_AT.UTF-8",
"de-CH" from a browser) is read as its language. The pseudo-language ``qps`` is for
tests and translators: ``--lang qps`` shows it, Settings does not offer it.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping

from game.i18n.catalogue import PSEUDO, SOURCE, languages
from game.i18n.client import CLIENT

#: the setting's value for "the system's language"
SYSTEM = "system"
#: each language's name in itself, as Settings shows it (a language without an entry
#: shows its code)
NATIVE_NAMES = {"en": "English", "de": "Deutsch", PSEUDO: "[Ƥšéûđö]"}


def normalise(tag: str | None) -> str | None:
    """The language of a locale or browser tag ("de_AT.UTF-8", "de-CH", "C": None)."""
    if not tag:
        return None
    code = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if not code.isalpha() or code in ("c", "posix"):
        return None
    return code


def shipped() -> list[str]:
    """The languages the client speaks: English and every client catalogue."""
    return [SOURCE, *[lang for lang in languages(CLIENT) if lang != SOURCE]]


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language if the client speaks it, else English: the variables
    gettext reads (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then the locale Python sees."""
    env = os.environ if environ is None else environ
    candidates: list[str | None] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            candidates += value.split(":")
            break
    if environ is None:
        try:
            candidates.append(locale.getlocale()[0])
        except ValueError:
            pass
    known = shipped()
    for tag in candidates:
        code = normalise(tag)
        if code in known:
            return code
    return SOURCE


def choose(command_line: str | None, setting: str | None,
           environ: Mapping[str, str] | None = None) -> str:
    """The television's language: ``--lang``, else the setting, else the system's."""
    for wish in (command_line, setting):
        code = PSEUDO if wish == PSEUDO else normalise(wish)
        if wish and wish != SYSTEM and code is not None:
            return code
    return system_language(environ)
