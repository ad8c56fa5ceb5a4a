"""The New game screen (issue 31, point 6): a variant's description is read whole on its
card and never runs under the rows below it, at every size; and New game opens as the
last game was set up (game, players, options, names, colours, who plays each seat), with
Start focused, so a group that plays again changes only what is new."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.i18n import language, say, set_language
from game.ui.scenes.play import PlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.setupdraw import BUTTONS_Y, player_counts
from tests.client.conftest import Driver
from tests.client.drawn_texts import overlap, texts_drawn

SIZES = [(1920, 1080), (1280, 720), (1280, 800)]
LONG_NAMES = ["Tlahuizcalpan", "Xochiquetzal", "Cuauhtemoc", "Itzpapalotl"]


def open_setup(ui: Driver) -> SetupScene:
    assert isinstance(ui.top, TitleScene)
    menu = ui.top.menu
    menu.focus = next(i for i, item in enumerate(menu.items) if str(item.label) == "New game")
    ui.key(pygame.K_RETURN)
    setup = ui.top
    assert isinstance(setup, SetupScene)
    return setup


def left_rows(setup: SetupScene):
    return [row for row in setup.rows if row.key in ("players", "seed")
            or row.key.startswith("param:")]


def description_texts(ui: Driver, setup: SetupScene) -> list[tuple[str, tuple]]:
    """The lines of the description drawn in a frame (pieces of it of two words or more,
    not the line of player counts)."""
    spec = setup.spec
    whole = " ".join(spec.description.split())
    counts = say(player_counts(spec))
    return [(text, rect) for text, rect in texts_drawn(ui.app)
            if len(text.split()) > 1 and text != counts and text.rstrip("…") in whole]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_description_is_read_whole_above_the_players_row(make_app, size):
    ui = Driver(make_app(size=size, fullscreen=False))
    setup = open_setup(ui)
    for index, spec in enumerate(setup.specs):
        setup._choose_variant(index)
        ui.frames(30)  # the rows have slid in
        lines = description_texts(ui, setup)
        assert " ".join(text for text, _rect in lines) == " ".join(
            spec.description.split()), spec.id  # every word, nothing cut
        players = next(row for row in setup.rows if row.key == "players")
        for text, rect in lines:
            assert rect[1] + rect[3] <= players.rect[1], (spec.id, text)
            for row in setup.rows:
                assert not overlap(rect, row.rect), (spec.id, text, row.key)
        assert max(r.rect[1] + r.rect[3] for r in left_rows(setup)) <= BUTTONS_Y


def test_a_description_too_long_for_the_screen_is_cut_and_the_rows_keep_their_place(
        make_app):
    ui = Driver(make_app(size=(1280, 720), fullscreen=False))
    setup = open_setup(ui)
    long = dataclasses.replace(setup.spec, description=" ".join(["A long story."] * 80))
    setup.specs[setup.variant_index] = long
    setup._choose_variant(setup.variant_index)
    ui.frames(30)
    lines = description_texts(ui, setup)
    assert lines[-1][0].endswith("…")  # it says that more was left out
    players = next(row for row in setup.rows if row.key == "players")
    assert all(rect[1] + rect[3] <= players.rect[1] for _text, rect in lines)
    assert max(r.rect[1] + r.rect[3] for r in left_rows(setup)) <= BUTTONS_Y


def set_up_a_market_for_three(ui: Driver, setup: SetupScene) -> None:
    """The Market for three with long names, the random market on, the third seat a
    Hard computer and the first in blue; started."""
    while setup.spec.id != "tlatelolco-market":
        setup.focus_on("variant")
        ui.key(pygame.K_RIGHT)
    while setup.players != 3:
        setup.focus_on("players")
        ui.key(pygame.K_RIGHT if setup.players < 3 else pygame.K_LEFT)
    setup.focus_on("param:random_market")
    ui.key(pygame.K_RIGHT)
    for seat, name in enumerate(LONG_NAMES[:3]):
        setup.focus_on(f"name{seat}")
        for _ in setup.names[seat].value:
            ui.key(pygame.K_BACKSPACE)
        ui.type(name)
    setup.focus_on("colour0")
    while setup.colour_index[0] != 5:
        ui.key(pygame.K_RIGHT)
    setup.focus_on("kind2")
    while setup.kinds[2] != "hard":
        ui.key(pygame.K_RIGHT)
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)


def test_new_game_opens_as_the_last_game_was_set_up(make_app):
    ui = Driver(make_app())
    setup = open_setup(ui)
    assert setup.spec.id == "mexica"  # nothing set up before: the first game
    set_up_a_market_for_three(ui, setup)
    play = next(s for s in ui.app.stack.scenes if isinstance(s, PlayScene))
    assert play.game.options == {"random_market": True}
    ui.app.stack.clear_to("title")
    ui = Driver(make_app())  # even after a restart of the program
    again = open_setup(ui)
    assert again.spec.id == "tlatelolco-market" and again.players == 3
    assert [again.names[s].value for s in range(3)] == LONG_NAMES[:3]
    assert again.colour_index[0] == 5 and len(set(again.colour_index[:3])) == 3
    assert again.kinds[:3] == ["human", "human", "hard"]
    assert again.params["random_market"] is True
    assert again.seed.value == ""  # a new seed: Random
    assert again.current.key == "start"  # Enter, and the group plays again
    texts = [text for text, _rect in texts_drawn(ui.app)]
    assert all(name in texts for name in LONG_NAMES[:3])  # every name whole
    ui.key(pygame.K_RETURN)
    play = next(s for s in ui.app.stack.scenes if isinstance(s, PlayScene))
    assert play.session.names == LONG_NAMES[:3] and play.game.players == 3
    assert play.session.kinds == ["human", "human", "hard"]


def test_a_last_setup_the_screen_no_longer_offers_falls_back_quietly(make_app, home):
    from game.ui.lastsetup import FILE

    (home / FILE).write_text('{"variant": "mexica", "players": 3, "options": '
                             '{"ap_per_turn": 100, "unknown": 1}, "meta": {"names": '
                             '["Ana", 7], "colours": [0, 0, 1], "seats": ["alien"]}}')
    ui = Driver(make_app())
    setup = open_setup(ui)
    assert setup.spec.id == "mexica" and setup.players == 3
    assert setup.params == {name: setup.spec.params.get(name) for name in setup.spec.exposed}
    assert [f.value for f in setup.names[:3]] == ["Ana", "7", "Cy"]
    assert len(set(setup.colour_index[:3])) == 3  # colours that clash are not taken
    assert setup.kinds[:3] == ["human"] * 3


@pytest.mark.parametrize("lang", ["en", "de", "qps"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_who_plays_a_seat_is_read_whole_beside_its_label(make_app, size, lang):
    """Each seat's "Plays" row says who plays it (Human, a computer's level) with its
    label beside it when both fit: in the pseudo-language, 40 % longer, "Plays" ran into
    "Human" on the same row. Every value, every language: the row's words never touch."""
    ui = Driver(make_app(size=size, fullscreen=False))
    before = language()
    set_language(lang)  # (after the app, which speaks the settings' language)
    try:
        setup = open_setup(ui)
        setup._choose_variant(next(i for i, spec in enumerate(setup.specs)
                                   if spec.id == "mexica"))
        ui.frames(30)
        kinds = [row for row in setup.rows if row.key.startswith("kind")]
        assert kinds
        for _kind in range(4):  # Human and each computer level
            texts = texts_drawn(ui.app)
            for row in kinds:
                inside = [(text, rect) for text, rect in texts
                          if overlap(rect, row.rect, slack=4)]
                assert inside, row.key
                for i, (a, ra) in enumerate(inside):
                    for b, rb in inside[i + 1:]:
                        assert not overlap(ra, rb), (lang, row.key, a, b)
                setup._adjust_kind(int(row.key[4:]), 1)
            ui.frames(1)
    finally:
        set_language(before)
