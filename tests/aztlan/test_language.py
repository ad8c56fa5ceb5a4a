"""Aztlán in German: every text from the catalogue (the variant file's names too), and a
game that keeps data, never text, so a game played in German reads in English."""

from __future__ import annotations

import json

from game.api import load_game, new_game
from game.core.rng import Rng
from game.i18n import from_data, render, set_language
from game.i18n.pseudo import unmarked

NAMES = ["Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan"]


def played(players: int = 3, seed: int = 7, steps: int = 5000):
    game = new_game("aztlan" if players > 2 else "aztlan-2p", players, seed=seed)
    rng = Rng(seed)
    events = []
    for _ in range(steps):
        if game.is_over:
            break
        events += game.apply(game.playout_action(rng))
    return game, events


def test_a_whole_game_reads_in_german_with_its_names_translated():
    game, events = played()
    assert game.is_over
    german = [render(e.text, "de", NAMES) for e in events]
    assert any(t.startswith("Zeitalter 2 beginnt; Reihenfolge ") for t in german)
    assert any("setzt eine Figur (Volk des " in t for t in german)
    assert any(" gewinnt mit " in t for t in german)
    placed = next(e for e in events if e.kind == "place")
    assert render(placed.text, "de", NAMES, reader=placed.seat).startswith("Du setzt eine Figur")
    fresh = new_game("aztlan", 3, seed=7)
    assert render(fresh.why_not("place t4"), "de", NAMES) == (
        "es ist die Auswahlphase: Xochiquetzal wählt eine Machtkarte (choose <Karte>)")
    assert render(fresh.why_not("place t4"), "de", NAMES, reader=0) == (
        "es ist die Auswahlphase: Du wählst eine Machtkarte (choose <Karte>)")


def test_every_text_of_a_whole_game_comes_from_the_catalogue():
    for players in (2, 3):
        game, events = played(players)
        texts = [e.text for e in events] + game.rules.game_facts(game.state, events)
        tie = game.rules.tie_break(game.state)
        texts += [tie] if tie else []
        for text in texts:
            assert unmarked(render(text, "qps", NAMES), tuple(NAMES)) == "", render(text, "en")


def test_a_game_saved_in_german_reads_in_english():
    set_language("de")
    try:
        game, events = played(steps=150)
        saved = game.to_json()
        kept = json.loads(json.dumps([e.to_dict() for e in events]))
    finally:
        set_language("en")
    assert not any(w in saved for w in ("Gebiet", "Figur", "Zeitalter", "Wohlstand"))
    again = load_game(saved)
    replay = new_game("aztlan", again.players, seed=again.seed)
    told = [render(e.text, "en", NAMES) for a in again.log for e in replay.apply(a)]
    assert told == [render(e.text, "en", NAMES) for e in events]
    for data in kept:
        assert render(from_data(data["message"]), "en") == data["text"]


def page_texts(page: dict) -> list:
    texts = [page.get("title"), page.get("lead"), *page.get("text", [])]
    for group in page.get("groups", []):
        texts.append(group.get("heading"))
        for row in group["rows"]:
            texts += [row.get("label"), row.get("note")]
    return [t for t in texts if t]


def test_the_player_aid_pages_come_from_the_catalogue():
    """Every word of the rules help's pages, for Aztlán and Aztec Gods (its numbers,
    territory ids and the example's letters are no words)."""
    for variant, players in (("aztlan", 3), ("aztlan-2p", 2)):
        aid = new_game(variant, players, seed=1).rules.player_aid()
        for page in aid["pages"]:
            for text in page_texts(page):
                said = render(text, "qps")
                assert unmarked(said, ("Ana",)) == "", render(text, "en")
