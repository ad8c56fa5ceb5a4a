"""Endings (issue 16 §4): the results screen's bars, tie-breakers, facts and winner moment,
with the real board views of every game, and the shortcuts that keep a rematch and a
saved replay one press away."""

from __future__ import annotations

import pygame
import pytest

from game.api import new_game
from game.core.events import Event
from game.core.rng import Rng
from game.ui import scorebars
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import BARS_DONE, BOARD, CALM_AFTER, ResultsScene
from game.ui.sessions import make_session
from tests.client.conftest import Driver

GAMES = [("mexica", 4), ("tlatelolco-market", 4), ("aztlan", 3), ("aztlan-2p", 2),
         ("mexica-2p-neutral", 2)]


def finished(variant: str, players: int, seed: int = 2):
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        game.apply(game.playout_action(rng))
    return game


def open_results(ui: Driver, game, frames: int = 2) -> ResultsScene:
    names = ["Ana", "Ben", "Cy", "Dee"][:game.players]
    ui.app.stack.clear_to(ResultsScene(make_session(ui.app, game, names)))
    ui.frames(frames)
    scene = ui.top
    assert isinstance(scene, ResultsScene)
    return scene


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_every_game_gets_bars_that_add_up_facts_and_its_final_board(ui, variant, players):
    game = finished(variant, players)
    scene = open_results(ui, game)
    for seat in range(players):  # each bar is the whole score, split by reason
        assert sum(scene.breakdown[seat].values()) == game.scores[seat]
    assert "other" not in scene.reasons  # every point has a reason the legend names
    assert scene.make_view is not None and scene.facts  # it draws the final board
    before = game.to_json()
    ui.app.draw()
    first = ui.snapshot()
    ui.app.draw()
    assert ui.snapshot() == first and game.to_json() == before  # drawing changes nothing
    texts = ui.texts()
    for reason in scene.reasons:  # the legend: a label for every colour of the bars
        assert scorebars.label(reason) in texts
    assert scene.facts[0] in texts


@pytest.mark.parametrize(("variant", "players"), GAMES[:3])
def test_the_final_board_is_drawn_the_size_it_is_shown(ui, variant, players, monkeypatch):
    """The final board's picture is drawn at the scale of its panel, not at the
    window's and shrunk: at the window's scale its lake, stone and layers took 22 MB for a
    moment at 1080p, the highest point of an evening's memory. The picture fills its
    panel as before."""
    scene = open_results(ui, finished(variant, players), frames=0)
    assert scene.make_view is not None
    drawn: list[tuple[int, int]] = []
    made = scene.make_view

    def watched():
        view = made()
        draw = view.draw
        def spy(screen, area):
            drawn.append(screen.surface.get_size())
            return draw(screen, area)
        monkeypatch.setattr(view, "draw", spy)
        return view
    scene.make_view = watched
    ui.frames(2)
    window = ui.app.screen.surface.get_size()
    assert len(drawn) == 1  # once, then kept
    assert drawn[0][0] * drawn[0][1] < window[0] * window[1] * 0.6
    picture, _at = next(iter(scene.board_cache.values()))
    x, y, w, h = BOARD  # the panel's inside under its title, as draw_board lays it out
    inner = ui.app.screen.rect(x + 14, y + 52, w - 28, h - 66)
    assert picture.get_width() <= inner.w and picture.get_height() <= inner.h
    assert max(picture.get_width() / inner.w, picture.get_height() / inner.h) > 0.97


def test_the_bars_split_by_period_age_colour_and_the_final_count():
    events = [
        Event("score", "", 0, 6, {"reason": "founding"}),
        Event("score", "", 0, 10, {"reason": "district", "period": 2}),
        Event("score", "", 1, 12, {"reason": "age", "age": 3, "bonus": 2}),
        Event("final", "", 1, 9, {"power_card": 4, "prosperity": 3, "offerings": 2}),
        Event("score", "", 1, 8, {"reason": "green"}),
    ]
    parts, order = scorebars.breakdown(events, [20, 29])
    assert parts[0] == {"founding": 6, "district2": 10, "other": 4}
    assert parts[1] == {"age3": 12, "power_card": 4, "prosperity": 3, "offerings": 2,
                        "green": 8}
    assert order == ["founding", "district2", "age3", "power_card", "prosperity",
                     "offerings", "green", "other"]
    assert [scorebars.label(r) for r in ("district2", "age3", "power_card", "green")] == [
        "Districts II", "Age III", "Unused card", "Green"]
    looks = scorebars.looks_for(order)
    assert looks["other"] == scorebars.OTHER_LOOK
    assert len({looks[r] for r in order}) == len(order)  # no two reasons look alike


def test_the_winner_moment_bursts_over_the_winners_then_the_music_comes_back(ui):
    scene = open_results(ui, finished("mexica", 4))
    assert not scene.cheered and scene.ducks_music()
    ui.frames(round(BARS_DONE * 60) + 2)
    assert scene.cheered and scene.fx.active
    ui.frames(4 * 60)
    assert not scene.ducks_music() and not scene.fx.active


def test_rematch_is_one_key_away_but_not_a_key_held_from_the_game(ui):
    game = finished("mexica", 2, seed=3)
    scene = open_results(ui, game)
    ui.key(pygame.K_r)  # still pressing keys from the last turn: nothing happens
    assert ui.top is scene
    ui.frames(round(CALM_AFTER * 60))
    ui.key(pygame.K_s)  # S saves the replay
    assert [e for e in ui.app.saves.list() if e.name.startswith("Replay")]
    assert not scene.menu.items[1].enabled
    ui.key(pygame.K_r)
    play = ui.top
    assert isinstance(play, PlayScene) and play.game.log == []
    assert play.session.names == ["Ana", "Ben"]


def test_a_tie_broken_by_the_rules_is_shown():
    from game.i18n import render
    from game.kit.facts import decided_by
    from variants.market import scoring

    assert str(decided_by([40, 40, 30], [1], "AP tokens left")) == \
        "Tied on 40 points: decided by AP tokens left"
    assert render(decided_by([40, 40, 30], [1], "den Aktions-Chips"), "de") == \
        "Gleichstand mit 40 Punkten: entschieden durch den Aktions-Chips"
    assert decided_by([40, 40], [0, 1], "AP tokens left") == ""  # a shared win
    assert decided_by([41, 40], [0], "AP tokens left") == ""  # the points decided
    held = [{"black": 2, "blue": 0, "red": 0, "green": 0},
            {"black": 2, "blue": 0, "red": 0, "green": 0}]
    king = {"black": 3, "blue": 0, "red": 0, "green": 0}
    teams = [(0,), (1,)]
    assert str(scoring.tie_break(held, king, [1, 0], teams, [0])) == \
        "Tied on 6 points: decided by coins left"
    assert scoring.tie_break(held, king, [1, 1], teams, [0, 1]) == ""


def test_the_results_name_the_tie_breaker_that_decided(ui):
    game = finished("mexica", 2, seed=3)
    game.rules.tie_break = lambda state: "Tied on 50 points: decided by AP tokens left"
    scene = open_results(ui, game)
    assert scene.tie_note == "Tied on 50 points: decided by AP tokens left"
    assert scene.tie_note in ui.texts()


def test_facts_come_from_public_events_and_name_the_players(ui):
    game = finished("tlatelolco-market", 3)
    scene = open_results(ui, game)
    king = game.state.king
    best = max(king, key=lambda c: king[c])
    assert scene.facts[0] == f"The king's favourite colour: {best} ×{king[best]}"
    assert not any("Player " in fact for fact in scene.facts)  # the chosen names


def test_a_game_without_facts_shows_none(ui):
    from game.core.facets import Presentation

    game = finished("mexica", 2, seed=3)
    game.rules.game_facts = lambda state, events: Presentation.game_facts(game.rules, state, events)
    scene = open_results(ui, game)
    assert scene.facts == []
    assert "No facts for this game" in ui.texts()
