"""Every shipped catalogue is complete and exact: it holds each message the code uses,
translated, with the same placeholders, and no message that no code uses; the run-time
reader reads each one as Babel (the translators' tool) does."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.i18n.catalogue import read_po
from game.i18n.extract import check, uses
from game.i18n.yamltexts import domain_uses

babel_pofile = pytest.importorskip("babel.messages.pofile")

ROOT = Path(__file__).resolve().parents[2]
#: domain -> its folder (every ``locale/<domain>.pot`` of the checkout)
DOMAINS = {pot.stem: pot.parent.parent for pot in sorted(ROOT.glob("*/**/locale/*.pot"))
           if ".venv" not in pot.parts}
CATALOGUES = [(domain, po) for domain, folder in DOMAINS.items()
              for po in sorted((folder / "locale").glob(f"*/LC_MESSAGES/{domain}.po"))]


def used(domain: str) -> set:
    found, problems = domain_uses(DOMAINS[domain], DOMAINS[domain])
    assert not problems
    return {u.key for u in found}


def test_the_client_and_the_market_ship_german():
    assert {"aztec-arcade", "market"} <= set(DOMAINS)
    assert {(d, p.parent.parent.name) for d, p in CATALOGUES} >= {
        ("aztec-arcade", "de"), ("market", "de")}


@pytest.mark.parametrize(("domain", "po"), CATALOGUES, ids=[str(p.relative_to(ROOT))
                                                          for _, p in CATALOGUES])
def test_a_catalogue_holds_every_message_the_code_uses_and_no_other(domain, po):
    assert check(po.read_text(encoding="utf-8"), used(domain), po.name) == []


def test_a_catalogue_lacking_a_message_or_holding_an_unused_one_fails():
    po = (DOMAINS["market"] / "locale/de/LC_MESSAGES/market.po").read_text(encoding="utf-8")
    keys = used("market")
    lacking = po.replace('msgid "{player} passes"\nmsgstr "{player} passt"\n', "")
    assert lacking != po
    assert any("lacks '{player} passes'" in p for p in check(lacking, keys, "de"))
    unused = po + '\nmsgid "The llama spits"\nmsgstr "Das Lama spuckt"\n'
    assert any("'The llama spits', which no code uses" in p for p in check(unused, keys, "de"))
    wrong = po.replace('msgstr "{player} passt"', 'msgstr "{spieler} passt"')
    assert any("placeholders" in p for p in check(wrong, keys, "de"))


def test_a_message_whose_id_is_not_written_out_is_refused(tmp_path):
    code = tmp_path / "bad.py"
    code.write_text("from x import _\nname = 'pass'\n_(name)\n_('fine')\n", encoding="utf-8")
    found, problems = uses([code], tmp_path)
    assert [u.key for u in found] == [(None, "fine", None)]
    assert problems == ["bad.py:3: a message's ids must be literal strings"]


@pytest.mark.parametrize(("domain", "po"), CATALOGUES, ids=[str(p.relative_to(ROOT))
                                                          for _, p in CATALOGUES])
def test_the_run_time_reader_reads_a_catalogue_as_babel_does(domain, po):
    text = po.read_text(encoding="utf-8")
    ours = {(e.msgctxt, e.msgid, e.msgid_plural): [e.msgstr[i] for i in sorted(e.msgstr)]
            for e in read_po(text) if e.msgid}
    theirs = {}
    for m in babel_pofile.read_po(io.BytesIO(text.encode()), locale="de"):
        if not m.id:
            continue
        key = (m.context, *(m.id if isinstance(m.id, tuple) else (m.id, None)))
        theirs[key] = list(m.string) if isinstance(m.string, tuple) else [m.string]
    assert ours == theirs


def test_the_reader_takes_escapes_contexts_plurals_and_skips_fuzzy_entries():
    entries = read_po('msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                      '#, fuzzy\nmsgid "old"\nmsgstr "alt"\n\n'
                      'msgctxt "tile"\nmsgid "king"\nmsgstr "König"\n\n'
                      'msgid "a \\"quoted\\"\\n"\n"line"\nmsgstr "ein \\"Zitat\\"\\nZeile"\n\n'
                      'msgid "{n} coin"\nmsgid_plural "{n} coins"\n'
                      'msgstr[0] "{n} Münze"\nmsgstr[1] "{n} Münzen"\n')
    got = {(e.msgctxt, e.msgid): (e.fuzzy, e.msgstr) for e in entries if e.msgid}
    assert got[(None, "old")][0] is True
    assert got[("tile", "king")] == (False, {0: "König"})
    assert got[(None, 'a "quoted"\nline')] == (False, {0: 'ein "Zitat"\nZeile'})
    assert got[(None, "{n} coin")] == (False, {0: "{n} Münze", 1: "{n} Münzen"})


def test_every_shipped_variants_name_and_description_is_a_message_of_its_game():
    """A variant's words come from its YAML; the catalogue of the package beside it holds
    them (game.i18n.yamltexts), so a German table reads "Der Markt von Tlatelolco"; a
    changed YAML text fails the catalogue test above, not a German player's screen."""
    from game.core.registry import get_registry
    from game.i18n import Msg, render
    from game.ui.variantwords import PARAM_LABELS, variant_text

    registry = get_registry()
    for spec in registry.variants.values():
        for text in (spec.name, spec.description):
            said = variant_text(text)
            assert isinstance(said, Msg) and said.domain != "aztec-arcade", (spec.id, text)
            assert render(said, "de") != text or text in ("Mexica", "Aztlán"), text
        for name in spec.exposed:
            assert name in PARAM_LABELS, (spec.id, name)
    market = registry.variants["tlatelolco-market"]
    assert variant_text(market.name).domain == "market"
    assert render(variant_text(market.name), "de") == "Der Markt von Tlatelolco"
    assert render(variant_text(registry.variants["mexica-2p-neutral"].name), "de") == \
        "Mexica zu zweit"
    assert variant_text("A mod's own game") == "A mod's own game"


def test_every_text_of_a_shipped_lesson_is_a_message_of_its_games_catalogue():
    """Name, description and each step's title, text and note, in German: none of them
    reads as its English (but a game's own name)."""
    from game.core.registry import get_registry
    from game.i18n import Msg
    from game.i18n.render import pattern
    from game.i18n.yamltexts import lesson_text

    lessons = get_registry().lessons().lessons.values()
    assert len(lessons) >= 5
    for lesson in lessons:
        texts = [lesson.name, lesson.description] + [
            t for s in lesson.steps for t in (s.title, s.text, s.other) if t]
        for text in texts:
            said = lesson_text(text, lesson.source)
            assert isinstance(said, Msg) and said.context == "lesson", (lesson.id, text)
            assert pattern(said, "de") != text or text in ("Mexica", "Aztlán"), text


def test_a_lesson_text_no_catalogue_holds_or_one_no_lesson_says_fails_the_check():
    po = (DOMAINS["mexica"] / "locale/de/LC_MESSAGES/mexica.po").read_text(encoding="utf-8")
    keys = used("mexica")
    entry = 'msgctxt "lesson"\nmsgid "Well done"\nmsgstr "Gut gemacht"\n'
    assert entry in po and check(po, keys, "de") == []
    assert any("lacks 'Well done' (context 'lesson')" in p
               for p in check(po.replace(entry, ""), keys, "de"))
    stale = po + '\nmsgctxt "lesson"\nmsgid "Build a pyramid"\nmsgstr "Baue eine Pyramide"\n'
    assert any("'Build a pyramid' (context 'lesson'), which no code uses" in p
               for p in check(stale, keys, "de"))
