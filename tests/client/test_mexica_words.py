"""Mexica's board speaks the reader's language in its small words too: the tool named in
the footer and the badge on a district a calpulli token can found (issue 36: no text a
player sees is English in a German game)."""

from __future__ import annotations

import pygame

from game.api import new_game
from game.i18n import say
from game.kit.client import Screen
from game.ui import showcase
from tests.client.test_language import spoken
from variants.mexica.view import overlay
from variants.mexica.view.layout import make_layout


def test_the_footer_names_the_tool_in_use_in_words(app):
    with spoken("de"):
        play = showcase.start_play(app, new_game("mexica", 3, seed=1))
        showcase.frames(app, 3)
        keys = [say(word) for pair in play.shortcuts for word in pair]
    assert "Werkzeug: Ziehen" in keys, keys
    assert not any("walk" in key for key in keys), keys


def test_a_district_a_token_can_found_is_badged_in_the_readers_words(app, monkeypatch):
    said: list[str] = []
    monkeypatch.setattr(overlay, "_badge",
                        lambda scr, lay, cell, text, gold: said.append(say(text)))
    screen = Screen(pygame.Surface((1920, 1080)))
    lay = make_layout((0, 0, 1300, 1000), 13, 11)
    district = {"cells": frozenset({14, 15, 27, 28}), "size": 4, "token": True,
                "faint": False}
    with spoken("de"):
        overlay._paint_districts(screen, lay, [district])
    with spoken("en"):
        overlay._paint_districts(screen, lay, [district])
    assert said == ["4 Plättchen!", "4 token!"]
