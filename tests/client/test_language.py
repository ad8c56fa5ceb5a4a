"""The language at the table: chosen in Settings and applied at once, and every text the
converted screens draw comes from a catalogue (the pseudo-language shows any that does
not) and fits."""

from __future__ import annotations

import contextlib
import re

import pygame
import pytest
import yaml

from game.core.settings import user_settings_path
from game.i18n import language, render, say, set_language
from game.i18n.pseudo import unmarked
from game.kit.client.screen import Screen
from game.kit.client.text import wrap
from game.ui.scenes.settings import SettingsScene
from game.ui.variantwords import variant_text
from tests.client.conftest import every_text_drawn
from tests.client.drawn_texts import texts_drawn


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


def english_words(line: str, allowed: set[str]) -> list[str]:
    """The words of a drawn line that are plain English letters, the ``allowed`` ones
    aside. A pseudo-language word has accented letters (``véñđöŕ``); a line wrapped from
    a long message may hold none of its ``[…]`` marks, so the words are what is judged."""
    return [w for w in re.findall(r"[^\W\d_]{2,}", line) if w.isascii() and w not in allowed]


class Marks:
    """Sees each line drawn; keeps those not from a catalogue and those cut to fit."""

    def __init__(self) -> None:
        self.unmarked: list[str] = []
        self.cuts: list[str] = []

    def drawn(self, text: str, size: float, role: str) -> None:
        if unmarked(text):
            self.unmarked.append(text)

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        """A cut the words would not need: two lines of the same width would hold them
        (the project's rule, tests/client/test_text_sizes.py; a longer text is cut and
        read whole elsewhere, as the Market's purchase options are on the status line)."""
        lines = wrap(screen, text, size, width)
        if len(lines) <= 2 and all(screen.text_width(ln, size) <= width for ln in lines):
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


#: the words a player reads as written: the default names of the setup, and the engine's
#: notation of an action the log names ("Ben: end")
AS_WRITTEN = ("Ana", "Ben", "Cy", "Dee", "end")


@pytest.mark.parametrize("lang", ["qps", "de"])
def test_every_screen_around_a_market_game_comes_from_a_catalogue_and_fits(ui, lang):
    """Under the pseudo-language a text with no marks did not come from a catalogue and a
    cut one has no room for a longer language: title, setup, a Market game (status line,
    banners, panel, board, footer), pause, save, the controls, the scoring reveal and the
    results. The players' names, the square names (one letter and a number) and the
    numbers are the players' and the board's, not words to translate. In German, nothing
    is cut either."""
    from game.api import new_game
    from game.core.rng import Rng
    from game.ui import showcase
    from game.ui.scenes.results import ResultsScene

    names = ("Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Quetzalcoatl")
    marks = Marks()
    app = ui.app
    settled: list[tuple[str, tuple[float, float, float, float]]] = []
    with spoken(lang):
        Screen.recorder = marks
        try:
            app.stack.clear_to("title")
            ui.frames(30)
            app.stack.push("setup")
            ui.frames(20)
            for _ in range(6):
                ui.key(pygame.K_DOWN)
            ui.frames(5)
            app.stack.clear_to("title")
            game = new_game("tlatelolco-market", 4, seed=5)  # partners: two names win
            rng = Rng(5)
            play = showcase.start_play(app, game)
            play.session.names[:] = list(names)
            ui.frames(10)
            for key in (pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_ESCAPE, pygame.K_s):
                ui.key(key)
                ui.frames(10)
            ui.key(pygame.K_ESCAPE)
            app.stack.push("rules", None)  # the controls (a game's own pages are its own)
            ui.frames(10)
            ui.key(pygame.K_ESCAPE)
            while not play.game.is_over:
                while app.stack.top is not play and not play.game.is_over:
                    ui.frames(60)  # the overlay (a scoring) in place: all of it in view
                    settled.extend(texts_drawn(app))
                    ui.key(pygame.K_RETURN)
                    ui.frames(3)
                play.apply(play.game.playout_action(rng))
                ui.frames(1)
            for _ in range(40):
                ui.key(pygame.K_RETURN)
                ui.frames(5)
            ui.frames(60)
            results = app.stack.top
            assert isinstance(results, ResultsScene)
            settled.extend(texts_drawn(app))
        finally:
            Screen.recorder = None
    # the results' facts are messages too (game.kit.facts), and a variant's name and
    # description come from its game's catalogue (game.i18n.yamltexts)
    facts = {say(fact) for fact in results.facts}
    assert facts
    allowed = {*names, *AS_WRITTEN}
    cut_names = {t for t in marks.unmarked if t.endswith("…") and any(
        name.startswith(t[:-1]) for name in names)}  # a name cut where it has no room
    found = sorted({t for t in marks.unmarked
                    if english_words(t, allowed) and t not in cut_names})
    assert lang != "qps" or found == [], "\n".join(found[:80])
    # nothing runs past the window's edge (a two-name headline, the scoring's title)
    outside = sorted({text for text, (x, _y, w, _h) in settled if x < -1 or x + w > 1921})
    assert outside == [], outside
    # (a save's name is the player's to type: the field shows its end)
    # (and a long name cut where the seat's colour and mark say who it is is the layout's)
    cuts = sorted({c for c in marks.cuts if c not in facts and c not in names and not
                   c.startswith(tuple(render(variant_text(spec.name), lang)
                                      for spec in app.registry.variants.values()))})
    assert cuts == [], "\n".join(cuts)
