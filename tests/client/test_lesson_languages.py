"""A lesson reads in the table's language: the list of lessons, each step's title, text
and "other" note come from the catalogue of the game that ships the lesson, and the
pseudo-language shows no word of a lesson that did not."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import get_registry
from game.core.words import addressed
from game.i18n import Seat, render, say
from game.i18n.client import _
from game.kit.client.screen import Screen
from game.ui.lessonworker import lesson_worker
from tests.client.test_language import Marks, english_words, spoken
from tests.client.test_lessons import lesson_ids, open_lesson, play_steps

#: a sentence about the learner's seat
PLAYER_TURN = _("{player}'s turn", you="Your turn", player=Seat(0))


def test_the_mexica_lesson_in_german_says_its_steps_in_german(ui):
    with spoken("de"):
        scene = open_lesson(ui, "mexica")
        ui.frames(2)
        first = " ".join(ui.texts())
        ui.key(pygame.K_RETURN)  # on to the first step with a move
        ui.frames(2)
        second = " ".join(ui.texts())
    assert "Du bist ein Adliger, der die Stadt auf ihrer Insel baut." in first
    assert "WILLKOMMEN IN TENOCHTITLAN" in first and "Welcome" not in first
    assert "Setze deinen Mexica, deinen Adligen, auf das leuchtende Startfeld c2." in second
    assert scene.step is not None and scene.step.number == 2


def test_the_list_of_lessons_in_german_names_and_describes_each_in_german(ui):
    assert lesson_worker(ui.app.registry).join(timeout=60) is not None  # checked first
    with spoken("de"):
        ui.app.stack.push("lessons")
        ui.frames(5)
        texts = " ".join(ui.texts())
    assert "Kanäle, Brücken, Züge über Wasser, Gründungen und Gebäude auf einer kleinen " \
           "Insel." in texts
    assert "Mexica zu zweit" in texts and "Der Markt von Tlatelolco" in texts
    assert "Canals, bridges" not in texts


def test_the_aztlan_lesson_in_german_names_your_colour_in_german(ui):
    with spoken("de"):
        open_lesson(ui, "aztlan")
        ui.frames(2)
        texts = " ".join(ui.texts())
    assert "Du führst das Volk des Quetzal, die Figuren in Orange." in texts


def test_a_step_the_learner_does_otherwise_is_explained_in_german(ui):
    """The step's own "other" note (the Mexica lesson's third step has one)."""
    with spoken("de"):
        scene = open_lesson(ui, "mexica")
        play_steps(ui, scene, until_step=3)
        scene.apply("canal d4 e4")  # legal, but the step asks for the temple on k3
        ui.frames(1)
        texts = " ".join(ui.texts())
    assert "Das geht auch, aber baue jetzt das 1er-Gebäude auf k3." in texts


def test_the_learners_card_names_them_in_the_tables_language(ui):
    """The learner's seat card reads the table's word for "you", in German "Du", and a
    language chosen during the lesson renames it at once (the seat is spoken to by a
    flag, never by the English word its name once was)."""
    scene = open_lesson(ui, "mexica")
    ui.frames(2)
    assert "You" in ui.texts()
    with spoken("de"):
        ui.frames(1)
        german = ui.texts()
        said = scene.session.say(PLAYER_TURN)
    assert "Du" in german and "You" not in german, sorted(german)
    assert said == "Du bist dran"


def test_a_lesson_saved_as_a_game_still_speaks_to_its_learner(ui):
    """"Save game" in a lesson keeps which seat is spoken to: loaded, in any language,
    the learner is "you" again, not a player named "You"."""
    from game.ui.sessions import names_from_meta

    scene = open_lesson(ui, "mexica")
    with spoken("de"):
        names = names_from_meta(scene.session.meta(), scene.game.players)
    assert names[0] == "Du" and addressed(names[0]) and not addressed(names[1])
    with spoken("en"):
        assert render(PLAYER_TURN, "en", names) == "Your turn"


#: the seats' names of the shipped lessons, as their files write them, and an age's number
AS_WRITTEN = {"Ana", "Ben", "Cy", "II", "III", "IV"}


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_every_word_of_a_lesson_comes_from_a_catalogue(ui, lesson_id):
    """Under the pseudo-language: the lesson's name and description in the list, and
    each step's card (head, text, key caps) up to the first two moves."""
    lesson = get_registry().lessons().lessons[lesson_id]
    marks = Marks()
    with spoken("qps"):
        Screen.recorder = marks
        try:
            ui.app.stack.push("lessons")
            ui.frames(5)
            ui.app.stack.pop()
            scene = open_lesson(ui, lesson_id)
            moves = [s.number for s in lesson.steps if s.accept]
            play_steps(ui, scene, until_step=moves[1])
            ui.frames(3)
        finally:
            Screen.recorder = None
    # a wrapped line of a long text may hold none of its marks: its words are judged
    found = sorted({t for t in marks.unmarked if english_words(t, AS_WRITTEN)})
    assert found == [], found


@pytest.mark.parametrize(("variant", "players", "german", "english"), [
    ("mexica", 3, "Aktions-Chip einsetzen", "Spend AP token"),
    ("aztlan", 3, "Gebiet / Option", "Territory / option")])
def test_a_games_own_footer_keys_read_in_german(ui, variant, players, german, english):
    """The board view's own shortcuts for the footer ("T: Spend AP token") are its
    catalogue's words."""
    from game.api import new_game
    from game.ui import showcase

    with spoken("de"):
        play = showcase.start_play(ui.app, new_game(variant, players, seed=1))
        ui.frames(5)
        if ui.app.stack.top is not play:  # Aztlán's secret cards: the hand-off first
            ui.key(pygame.K_RETURN)
            ui.frames(5)
        drawn = ui.texts()
        keys = [say(word) for pair in play.shortcuts for word in pair]
    assert german in keys and english not in keys, keys
    # (Aztlán's card phase draws the core keys only: its own are there once it plays)
    assert variant != "mexica" or german in drawn


@pytest.mark.parametrize("lang", ["qps", "de"])
def test_the_markets_rules_help_comes_from_its_catalogue_and_fits(make_app, lang):
    """Every page of the Market's player aid (text, tables and the pictures' captions):
    under the pseudo-language no word without its mark, in German nothing cut, outside
    the panel or overlapping."""
    from tests.client.conftest import Driver
    from tests.client.test_help import page_problems, seen_texts

    ui = Driver(make_app())
    problems: list[str] = []
    titles, drawn = [], []
    with spoken(lang):
        ui.app.stack.push("rules", ui.app.registry.spec("tlatelolco-market"))
        ui.frames(20)
        scene = ui.top
        for page in range(len(scene.pages)):
            problems += page_problems(ui, scene, page)
            titles.append(say(scene.pages[page].title))
            with seen_texts(ui.app) as seen:
                scene.draw(ui.app.screen)
            drawn += [words for words, _size, _rect in seen.texts]
    if lang == "de":
        assert "Der Markt und dein Zug" in titles and "Kaufen" in titles, titles
        assert problems == [], "\n".join(problems)
    else:
        found = sorted({t for t in drawn if english_words(t, AS_WRITTEN | {"Dee", "F1"})})
        assert found == [], found


def test_ending_a_turn_with_ap_left_asks_in_a_german_sentence():
    """"Sicher? Noch 6 AP übrig: …": the question's second sentence starts as one."""
    from game.api import new_game
    from game.core.rng import Rng
    from game.i18n import render
    from game.i18n.client import _
    from game.ui.scenes.play import AGAIN

    game = new_game("mexica", 3, seed=1)
    rng = Rng(1)
    while game.state.phase != "play":
        game.apply(game.playout_action(rng))
    forgone = game.forgoes("end")
    asked = render(_("Sure? {forgone}: {again} (anything else cancels)", forgone=forgone,
                     again=AGAIN), "de")
    assert asked.startswith("Sicher? Noch 6 AP übrig: "), asked


def test_a_long_status_never_runs_into_the_hints_at_its_right(pygame_display):
    """The status line's words beside "U rückgängig  ·  Aktion 168": a hint as long as
    the couch saw at 1920 (action 168) goes onto the line without the hints, never under
    them."""
    from game.kit.client import theme
    from game.kit.client.textmap import TextMap, overlaps
    from game.ui.statusline import draw_status

    window = pygame.Surface((1920, 1080))
    window.fill(theme.BG)
    screen = Screen(window)
    tmap = TextMap(window=window)
    Screen.recorder = tmap
    try:
        draw_status(screen, "Tipp: Du legst ein Kanalteil auf j11–j12: 1 AP – gründet den "
                            "9er-Bezirk: jetzt +5", ["U rückgängig", "Aktion 168"])
    finally:
        Screen.recorder = None
    assert overlaps(tmap.visible()) == []
    assert any(p.text.startswith("Tipp: Du legst") for p in tmap.visible())


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800), (1280, 720)])
def test_the_list_of_lessons_in_german_cuts_no_description(make_app, size):
    """Each lesson's one-line description fits beside nothing but the row's width (seen
    cut at 1280x800: "den König fütte…")."""
    from tests.client.conftest import Driver

    ui = Driver(make_app(size=size, fullscreen=False))
    marks = Marks()
    assert lesson_worker(ui.app.registry).join(timeout=60) is not None  # checked first
    with spoken("de"):
        ui.app.stack.push("lessons")
        ui.frames(10)
        Screen.recorder = marks
        try:
            ui.frames(2)
        finally:
            Screen.recorder = None
    assert marks.cuts == [], marks.cuts
