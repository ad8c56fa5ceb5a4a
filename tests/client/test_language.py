"""The language at the table: chosen in Settings and applied at once, and every text the
converted screens draw comes from a catalogue (the pseudo-language shows any that does
not) and fits."""

from __future__ import annotations

import contextlib

import pygame
import yaml

from game.core.settings import user_settings_path
from game.i18n import language, set_language
from game.i18n.pseudo import unmarked
from game.kit.client.screen import Screen
from game.ui.scenes.settings import SettingsScene
from tests.client.conftest import every_text_drawn


@contextlib.contextmanager
def spoken(lang: str):
    """The television in ``lang`` for the block, English again after."""
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def open_settings(ui) -> SettingsScene:
    scene = SettingsScene()
    ui.app.stack.push(scene)
    ui.frames(30)
    return scene


def focus(ui, label: str) -> None:
    menu = ui.top.menu
    for _ in range(len(menu.items) + 1):
        if str(menu.current.label) == label:
            return
        ui.key(pygame.K_DOWN)
    raise AssertionError(label)


def test_the_language_setting_changes_every_text_at_once_and_is_kept(ui, home):
    open_settings(ui)
    focus(ui, "Language")
    with every_text_drawn(ui) as seen:
        ui.key(pygame.K_RIGHT)  # System -> English
        ui.key(pygame.K_RIGHT)  # English -> Deutsch
        ui.frames(2)
    try:
        assert language() == "de"
        assert "Einstellungen" in seen and "Sprache" in seen and "Deutsch" in seen
        assert yaml.safe_load(user_settings_path().read_text())["language"] == "de"
        ui.key(pygame.K_RIGHT)  # Deutsch -> System (the test machine's: English)
        with every_text_drawn(ui) as seen:
            ui.frames(2)
        assert language() == "en" and "Settings" in seen and "Einstellungen" not in seen
    finally:
        set_language("en")


class Marks:
    """Sees each line drawn; keeps those not from a catalogue and those cut to fit."""

    def __init__(self) -> None:
        self.unmarked: list[str] = []
        self.cuts: list[str] = []

    def drawn(self, text: str, size: float, role: str) -> None:
        if unmarked(text):
            self.unmarked.append(text)

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        self.cuts.append(text)


def test_every_text_of_the_settings_comes_from_a_catalogue_and_fits(ui):
    marks = Marks()
    with spoken("qps"):
        open_settings(ui)
        Screen.recorder = marks
        try:
            for _ in range(8):
                ui.key(pygame.K_DOWN)
            ui.frames(3)
        finally:
            Screen.recorder = None
    # the path a setting was saved to is the player's own; a number and a key stay
    assert sorted(set(marks.unmarked)) == [] and sorted(set(marks.cuts)) == []


def test_the_system_row_names_the_language_in_use_under_lang_de(ui):
    """``--lang de`` on an English system: Settings' Language row says what the table
    reads, "System (Deutsch)", not the system's English."""
    with spoken("de"):
        open_settings(ui)
        with every_text_drawn(ui) as seen:
            ui.frames(2)
    assert "System (Deutsch)" in seen and "System (English)" not in seen
