"""``aztec-arcade validate`` checks a mod's catalogues as the tests check the shipped ones:
against the code of the package the catalogue sits in."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]
PO = Path("locale/de/LC_MESSAGES/market.po")


@pytest.fixture
def mod(tmp_path: Path) -> Path:
    """A copy of a game package with a complete German catalogue, as a modder's own
    (its code and catalogue: its variant's id is the built-in game's)."""
    target = tmp_path / "mymarket"
    shutil.copytree(ROOT / "variants" / "market", target,
                    ignore=shutil.ignore_patterns("__pycache__", "*.yaml", "lessons"))
    po = target / PO
    kept = [block for block in po.read_text(encoding="utf-8").split("\n\n")
            if not any(f'msgctxt "{c}"' in block for c in ("lesson", "variant"))]
    po.write_text("\n\n".join(kept), encoding="utf-8")  # the YAML's texts left with it
    return target


def validate(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, str]:
    code = main(["validate", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_complete_catalogue_is_valid(capsys, mod):
    code, out = validate(capsys, mod / PO)
    assert code == 0 and out.strip() == f"OK {mod / PO}"


def test_a_folder_stands_for_its_catalogues(capsys, mod):
    code, out = validate(capsys, mod)
    assert code == 0 and f"OK {mod / PO}" in out


def test_a_translation_with_other_placeholders_is_refused(capsys, mod):
    edit(mod / PO, 'msgstr "Keine Münze für {player}: Der Münzvorrat ist leer"',
         'msgstr "Keine Münze für {spieler}: Der Münzvorrat ist leer"')
    code, out = validate(capsys, mod / PO)
    assert code == 1
    assert "'No coin for {player}: the money supply is empty' has the placeholders " \
           "['spieler'], the message ['player']" in out


def test_a_message_the_code_says_but_the_catalogue_lacks_is_named(capsys, mod):
    with (mod / "rules.py").open("a", encoding="utf-8") as code_file:
        code_file.write('\n\ndef _said() -> object:\n    return _("The king smiles")\n')
    code, out = validate(capsys, mod / PO)
    assert code == 1 and f"{mod / PO}: lacks 'The king smiles'" in out


def test_an_unreadable_plural_rule_is_refused(capsys, mod):
    edit(mod / PO, "plural=(n != 1);", "plural=(n !=== 1);")
    code, out = validate(capsys, mod / PO)
    assert code == 1 and "the Plural-Forms cannot be read" in out


def test_a_catalogue_outside_a_locale_folder_is_told_where_it_belongs(capsys, mod):
    stray = mod / "market.po"
    shutil.copy(mod / PO, stray)
    code, out = validate(capsys, stray)
    assert code == 1 and "must sit in <package>/locale/<language>/LC_MESSAGES" in out


HEADER = ('msgid ""\nmsgstr ""\n"Language: de\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
          '"Content-Type: text/plain; charset=utf-8\\n"\n')
RACE = "id: snail-race\nname: Snail race\ndescription: Two snails, one leaf.\n"
LESSON = ("lesson: snail-race\nname: Learn the snail race\nsetup: {variant: snail-race, "
          "players: 2}\nsteps:\n  - title: Off you go\n    text: Move your {colour} snail.\n")
GERMAN = {("variant", "Snail race"): "Schneckenrennen",
          ("variant", "Two snails, one leaf."): "Zwei Schnecken, ein Blatt.",
          ("lesson", "Learn the snail race"): "Lerne das Schneckenrennen",
          ("lesson", "Off you go"): "Los geht's",
          ("lesson", "Move your {colour} snail."): "Ziehe deine Schnecke in {colour}."}


def test_a_mods_lesson_and_variant_texts_are_checked_and_read_from_its_catalogue(
        capsys, tmp_path):
    """A mod's YAML texts (its variant's name and description, its lesson's steps) are
    messages of its own catalogue: validate names one the catalogue lacks, and a German
    table reads them from it."""
    from game.i18n.render import pattern
    from game.i18n.yamltexts import lesson_text

    package = tmp_path / "snailrace"
    (package / "lessons").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "snail-race.yaml").write_text(RACE, encoding="utf-8")
    (package / "lessons" / "snails.yaml").write_text(LESSON, encoding="utf-8")
    po = package / "locale" / "de" / "LC_MESSAGES" / "snailrace.po"
    po.parent.mkdir(parents=True)
    entries = [f'msgctxt "{c}"\nmsgid "{e}"\nmsgstr "{d}"\n' for (c, e), d in GERMAN.items()]
    po.write_text("\n".join([HEADER, *entries[1:]]), encoding="utf-8")
    code, out = validate(capsys, po)
    assert code == 1 and f"{po}: lacks 'Snail race' (context 'variant')" in out
    po.write_text("\n".join([HEADER, *entries]), encoding="utf-8")
    code, out = validate(capsys, po)
    assert code == 0, out
    said = lesson_text("Move your {colour} snail.", package / "lessons" / "snails.yaml")
    assert pattern(said, "de") == "Ziehe deine Schnecke in {colour}."


def test_a_mods_catalogue_named_like_a_game_does_not_take_the_games_place(tmp_path):
    """A lesson beside a catalogue called ``market`` that is not the Market's: its texts
    stay as written, and the Market still reads German from its own."""
    from game.i18n import render
    from game.i18n.yamltexts import lesson_text
    from game.ui.variantwords import variant_text

    package = tmp_path / "copycat"
    (package / "lessons").mkdir(parents=True)
    po = package / "locale" / "de" / "LC_MESSAGES" / "market.po"
    po.parent.mkdir(parents=True)
    po.write_text(HEADER, encoding="utf-8")
    assert lesson_text("Off you go", package / "lessons" / "x.yaml") == "Off you go"
    assert render(variant_text("The Market of Tlatelolco"), "de") == "Der Markt von Tlatelolco"
