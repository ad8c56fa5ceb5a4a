"""The text map sees what a person sees: texts running into each other, a text hidden under
a panel or a veil, and not a near miss (the readable tour relies on it)."""

from __future__ import annotations

import pygame
import pytest

from game.kit.client import theme
from game.kit.client.screen import Screen
from game.kit.client.textmap import TextMap, overlaps


@pytest.fixture
def seen(pygame_display):
    """A 1920x1080 window drawn on by a Screen whose recorder is a fresh text map."""
    window = pygame.Surface((1920, 1080))
    window.fill(theme.BG)
    screen = Screen(window)
    tmap = TextMap(window=window)
    Screen.recorder = tmap
    yield screen, tmap
    Screen.recorder = None


def texts(tmap: TextMap) -> set[str]:
    return {p.text for p in tmap.visible()}


def test_two_texts_drawn_over_each_other_run_into_each_other(seen):
    screen, tmap = seen
    screen.text("Place your Pilli", 100, 100, 40)
    screen.text("Period 1 · Round 1", 300, 104, 40)
    pairs = overlaps(tmap.visible())
    assert [(a.text, b.text) for a, b in pairs] == [("Place your Pilli", "Period 1 · Round 1")]


def test_texts_apart_or_only_near_do_not(seen):
    screen, tmap = seen
    screen.text("Tlahuizcalpan", 100, 100, 40)  # its descender's band reaches down...
    screen.text("8", 400, 146, 28)  # ...beside this number, whose letters it never meets
    screen.text("Ben", 100, 300, 40)
    assert texts(tmap) == {"Tlahuizcalpan", "8", "Ben"}
    assert overlaps(tmap.visible()) == []


def test_a_text_under_a_panel_or_a_dark_veil_is_not_seen(seen):
    screen, tmap = seen
    screen.text("under the panel", 100, 100, 40)
    screen.text("under the veil", 100, 400, 40, theme.TEXT)
    screen.text("in the open", 100, 700, 40)
    screen.box(80, 80, 600, 120, theme.PANEL)  # an opaque panel over the first
    screen.box(80, 380, 600, 120, (0, 0, 0, 200))  # a menu's dimming over the second
    assert texts(tmap) == {"in the open"}


def test_a_key_cap_wholly_under_anothers_letters_is_not_a_text_of_its_own(seen):
    screen, tmap = seen
    screen.text("U", 100, 100, 28, theme.TEXT)
    screen.text("Up/Down", 100, 100, 28, theme.TEXT)  # the next bar's first key, in place
    assert overlaps(tmap.visible()) == []


def test_a_passing_effect_may_cross_other_words(seen):
    screen, tmap = seen
    screen.text("×2", 100, 100, 40)
    screen.text("+4", 110, 104, 40, theme.GOOD, role=theme.PASSING)
    assert overlaps(tmap.visible()) == []


def test_a_text_replaced_in_a_later_frame_is_the_new_one_only(seen):
    screen, tmap = seen
    screen.text("6 AP", 100, 100, 40)
    tmap.next_frame()
    screen.box(90, 90, 300, 70, theme.BG)  # the panel repainted under the new words
    screen.text("3 AP", 100, 100, 40)
    assert texts(tmap) == {"3 AP"}
    assert overlaps(tmap.visible()) == []


def test_two_numbers_side_by_side_with_no_gap_read_as_one(seen):
    """A score track's "103" and "106" two pixels apart read "103106"."""
    screen, tmap = seen
    first = screen.text("103", 100, 100, 28)
    screen.text("106", first.right - 1, 100, 28)  # their letters 3 px apart
    screen.text("110", first.right + 60, 100, 28)  # well apart: two numbers
    assert [(a.text, b.text) for a, b in overlaps(tmap.visible())] == [("103", "106")]
