"""A mod's catalogues checked where a player or modder runs ``aztec-arcade validate``.

The tests check the shipped catalogues; a modder needs the same checks on their own
package before they share it: a message the code says but the catalogue lacks shows
as English in a German game, a translation with other placeholders fails when it is
drawn, and a Plural-Forms header gettext cannot read breaks every count. A catalogue
is checked against the code and the YAML texts (lessons, variant names) of the package
it sits in
(``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``).
"""

from __future__ import annotations

from pathlib import Path

from game.core.readlimit import read_at_most
from game.i18n.extract import check
from game.i18n.yamltexts import domain_uses

#: the largest catalogue read (a whole game's texts are a few hundred KB)
PO_LIMIT = 4 * 1024 * 1024


def is_catalogue(path: Path) -> bool:
    return path.suffix == ".po"


def package_of(po: Path) -> Path | None:
    """The package whose code a catalogue translates, or None where the file does not
    sit where the game looks for catalogues."""
    parents = po.resolve().parents
    if len(parents) < 4 or parents[0].name != "LC_MESSAGES" or parents[2].name != "locale":
        return None
    return parents[3]


def catalogues_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.po") if p.parent.name == "LC_MESSAGES")


def check_catalogue(po: Path, shown: str | None = None) -> list[str]:
    """The problems of one catalogue file against its package's code, one line each as
    ``FILE:LINE: MESSAGE``; [] when it is complete and exact."""
    where = shown or str(po)
    package = package_of(po)
    if package is None:
        return [f"{where}: a catalogue must sit in <package>/locale/<language>/"
                "LC_MESSAGES/<domain>.po, beside the code it translates"]
    try:
        data = read_at_most(po, PO_LIMIT)
    except OSError as exc:
        return [f"{where}: cannot be read ({exc.strerror or exc})"]
    if data is None:
        return [f"{where}: larger than {PO_LIMIT // (1024 * 1024)} MB; not a catalogue"]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [f"{where}: not UTF-8 text (byte {exc.start})"]
    try:
        found, problems = domain_uses(package, package)
    except (SyntaxError, UnicodeDecodeError, ValueError) as exc:
        return [f"{where}: the package's code cannot be read ({exc})"]
    return problems + check(text, {use.key for use in found}, where)
