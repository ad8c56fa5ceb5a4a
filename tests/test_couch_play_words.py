"""``tools/couch_play.py --lang de`` finds the menus, the setup's rows, a game and a
lesson by their words in the language the game is played in (the trace holds what the
screen shows), so a German table is played as an English one is."""

from __future__ import annotations

import pytest

from tools import couch_play


@pytest.fixture
def german():
    before = couch_play.LANG[0]
    couch_play.LANG[0] = "de"
    yield
    couch_play.LANG[0] = before


def test_the_menus_rows_games_and_lessons_are_found_by_their_german_words(german):
    _ = couch_play.client()
    assert couch_play.said(_("New game")) == "Neues Spiel"
    assert couch_play.said(_("Learn to play")) == "Spielen lernen"
    assert couch_play.said(_("Players")) == "Spieler"
    assert couch_play.variant_name("tlatelolco-market") == "Der Markt von Tlatelolco"
    assert couch_play.lesson_name("Mexica for two") == "Mexica zu zweit"


def test_in_english_they_are_the_words_the_code_writes():
    _ = couch_play.client()
    assert couch_play.said(_("New game")) == "New game"
    assert couch_play.variant_name("mexica") == "Mexica"
