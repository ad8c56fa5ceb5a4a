"""Keep the catalogues in step with the code (Babel, from the ``test`` extra).

    python tools/i18n.py update              # every domain: the .pot from the code, and
                                             # each language's .po merged with it
    python tools/i18n.py new FOLDER DOMAIN LANG   # start a catalogue (a mod's, a language)
    python tools/i18n.py pseudo DOMAIN OUT.po     # the pseudo-language written out
    python tools/i18n.py check               # what the tests check, for every domain

A domain is a folder holding ``locale/<domain>.pot`` (``game`` for the client,
``variants/market`` for the Market, a mod's folder); its code is every ``.py`` below the
folder that is not another domain's, and the texts of its YAML (a lesson's steps, a
variant's name and description: ``game.i18n.yamltexts``). The translations are the
``.po`` files beside: ``locale/<lang>/LC_MESSAGES/<domain>.po``. After ``update``,
translate the new entries (Poedit, Weblate or an editor): the tests fail on an
untranslated or unused message.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from game.i18n.extract import Use, check  # noqa: E402
from game.i18n.pseudo import pseudo  # noqa: E402
from game.i18n.yamltexts import domain_uses  # noqa: E402


def domains(root: Path = ROOT) -> dict[str, Path]:
    """Every domain of the checkout: name -> its folder."""
    out = {}
    for pot in sorted(root.glob("**/locale/*.pot")):
        if ".venv" not in pot.parts:
            out[pot.stem] = pot.parent.parent
    return out


def used(folder: Path) -> list[Use]:
    found, problems = domain_uses(folder, folder)
    if problems:
        raise SystemExit("\n".join(problems))
    return found


def template(domain: str, folder: Path) -> Catalog:
    catalog = Catalog(domain=domain, project="Aztec Arcade", fuzzy=False)
    for use in used(folder):
        context, msgid, plural = use.key
        catalog.add((msgid, plural) if plural else msgid, locations=[(use.file, use.line)],
                    context=context)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=96, sort_output=True, ignore_obsolete=True,
             include_previous=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def update(root: Path = ROOT) -> None:
    for domain, folder in domains(root).items():
        pot = template(domain, folder)
        write(pot, folder / "locale" / f"{domain}.pot")
        for po in sorted((folder / "locale").glob(f"*/LC_MESSAGES/{domain}.po")):
            lang = po.parent.parent.name
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=lang, domain=domain)
            catalog.update(pot, no_fuzzy_matching=True)
            write(catalog, po)
            print(f"{po.relative_to(root)}: {len(catalog)} messages")


def new(folder: Path, domain: str, lang: str) -> None:
    (folder / "locale").mkdir(parents=True, exist_ok=True)
    pot = template(domain, folder)
    write(pot, folder / "locale" / f"{domain}.pot")
    catalog = Catalog(locale=lang, domain=domain, project="Aztec Arcade", fuzzy=False)
    catalog.update(pot, no_fuzzy_matching=True)
    path = folder / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
    write(catalog, path)  # Babel writes the language's Plural-Forms
    print(f"{path}: {len(catalog)} messages to translate")


def write_pseudo(domain: str, out: Path) -> None:
    folder = domains()[domain]
    catalog = Catalog(locale="en", domain=domain, project="Aztec Arcade", fuzzy=False)
    for use in used(folder):
        context, msgid, plural = use.key
        text = (pseudo(msgid), pseudo(plural)) if plural else pseudo(msgid)
        catalog.add((msgid, plural) if plural else msgid, text, context=context)
    write(catalog, out)


def check_all(root: Path = ROOT) -> list[str]:
    problems = []
    for domain, folder in domains(root).items():
        keys = {u.key for u in used(folder)}
        for po in sorted((folder / "locale").glob(f"*/LC_MESSAGES/{domain}.po")):
            problems += check(po.read_text(encoding="utf-8"), keys,
                              str(po.relative_to(root)))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("update")
    sub.add_parser("check")
    p_new = sub.add_parser("new")
    p_new.add_argument("folder", type=Path)
    p_new.add_argument("domain")
    p_new.add_argument("lang")
    p_pseudo = sub.add_parser("pseudo")
    p_pseudo.add_argument("domain")
    p_pseudo.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.command == "update":
        update()
    elif args.command == "new":
        new(args.folder, args.domain, args.lang)
    elif args.command == "pseudo":
        write_pseudo(args.domain, args.out)
    else:
        problems = check_all()
        print("\n".join(problems) or "every catalogue is complete")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
