"""Mexica in German: the rulebook's own words, every count through the catalogue, and a
game that keeps data, never text, so a game played in German reads in English."""

from __future__ import annotations

import json

import pytest

from game.api import load_game, new_game
from game.core.rng import Rng
from game.i18n import from_data, render, set_language
from game.i18n.pseudo import unmarked
from tests.mexica.scenario import scenario

NAMES = ["Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan"]
#: words of the German catalogue that no English text holds
GERMAN = ("Kanalteil", "Gebäude", "Bezirk", "Aktions-Chip", "Wertung", "Runde", "Zug ")


def played(variant: str = "mexica", players: int = 3, seed: int = 5, steps: int = 3000):
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    events = []
    for _ in range(steps):
        if game.is_over:
            break
        events += game.apply(game.playout_action(rng))
    return game, events


def test_the_log_says_the_rulebooks_german_words_and_each_readers_own_you():
    g = scenario(["S......", ".......", "S......"], pilli={0: "b2", 1: "a3"}, ap=6)
    temple = g.describe("temple c2 2")
    assert render(temple, "de", NAMES) == "Xochiquetzal errichtet ein 2er-Gebäude auf c2: 2 AP"
    assert render(temple, "de", NAMES, reader=0) == "Du errichtest ein 2er-Gebäude auf c2: 2 AP"
    assert render(g.describe("take"), "de", NAMES) == \
        "Xochiquetzal erwirbt einen Aktions-Chip: 1 AP"
    assert render(g.describe("canal d1 d2"), "de", NAMES) == \
        "Xochiquetzal legt ein Kanalteil auf d1–d2: 1 AP"
    assert render(g.describe("end"), "de", NAMES) == "Xochiquetzal beendet den Zug (6 AP verfallen)"
    assert render(g.why_not("spend"), "de") == "du hast keine Aktions-Chips zum Einsetzen"


def test_a_scoring_and_the_end_read_in_german_with_their_counts():
    game, events = played()
    assert game.is_over
    said = {e.kind: render(e.text, "de", NAMES) for e in events}
    assert said["scoring"] == "2. Wertung"
    assert said["game_over"].startswith("Spielende: ") and "Wertungspunkten" in said["game_over"]
    districts = [render(e.text, "de") for e in events if e.kind == "district_scored"]
    assert any(d.endswith(" Feldern") for d in districts)
    one = [e for e in events if e.kind == "district_scored" and e.data["size"] == 1]
    assert all(render(e.text, "de").endswith(" 1 Feld") for e in one)


def test_every_text_of_a_whole_game_comes_from_the_catalogue():
    """The pseudo-language marks every catalogue text: an event, a description, a refusal,
    a fact or the tie-break without its marks was written past the catalogue."""
    for variant, players in (("mexica", 3), ("mexica-2p-neutral", 2)):
        game, events = played(variant, players)
        texts = [e.text for e in events]
        texts += game.rules.game_facts(game.state, events)
        texts += [game.rules.player_aid()["intro"], *game.rules.player_aid()["scoring"]]
        for text in texts:
            assert unmarked(render(text, "qps", NAMES), tuple(NAMES)) == "", render(text, "en")


@pytest.mark.parametrize("variant", ["mexica", "mexica-2p-neutral"])
def test_a_game_saved_in_german_reads_in_english(variant):
    """With German on, the save holds actions and state (data), never a German word, and
    the game loaded from it tells its log in English, and in German for a German reader."""
    set_language("de")
    try:
        game, events = played(variant, 3 if variant == "mexica" else 2, steps=120)
        saved = game.to_json()
        kept = json.loads(json.dumps([e.to_dict() for e in events]))
    finally:
        set_language("en")
    assert not any(word in saved for word in GERMAN)
    again = load_game(saved)
    assert again.log == game.log
    replay = new_game(variant, again.players, seed=again.seed)
    told = [render(e.text, "en", NAMES) for a in again.log for e in replay.apply(a)]
    assert told == [render(e.text, "en", NAMES) for e in events]
    assert any(t.startswith("Xochiquetzal ") for t in told)
    for data in kept:  # an event kept as data reads in either language
        msg = from_data(data["message"])
        assert render(msg, "en") == data["text"]
        assert render(msg, "de") != data["text"] or data["kind"] in ("start",)


def test_the_player_aid_pages_come_from_the_catalogue():
    for variant, players in (("mexica", 3), ("mexica-2p-neutral", 2)):
        aid = new_game(variant, players, seed=1).rules.player_aid()
        for page in aid["pages"]:
            texts = [page.get("title"), page.get("lead"), *page.get("text", [])]
            for group in page.get("groups", []):
                texts.append(group.get("heading"))
                texts += [v for row in group["rows"] for v in (row.get("label"),
                                                             row.get("note"), row.get("cost"))]
            for text in (t for t in texts if t):
                assert unmarked(render(text, "qps")) == "", render(text, "en")
