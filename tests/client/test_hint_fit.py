"""A hint is said whole, in every language and at every window size: its reason is never
cut at a number of characters ("... eine Wa…", "... um etwa 1…" were seen in German), and
the status line draws it wrapped, or in fewer clauses where its room is bounded, but
never with "…". Scripted games (the golden games) ask for a hint every few actions, in
English, German and the pseudo-language, with long names, at 1920x1080, 1280x800 and
1280x720."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.hint import Hint, suggest
from game.api import new_game
from game.kit.client.layout import STATUS_AREA
from game.ui import showcase
from tests.client.conftest import Driver
from tests.client.drawn_texts import text_hook
from tests.client.test_language import spoken

GOLDEN = json.loads((Path(__file__).parents[1] / "fixtures" / "golden-plays.json")
                    .read_text(encoding="utf-8"))
GAMES = ("mexica/3", "tlatelolco-market/4", "aztlan/3")
#: a hint is asked every this many actions of a scripted game
EVERY = 40
SIZES = [(1920, 1080), (1280, 800), (1280, 720)]
LANGS = ("en", "de", "qps")
LONG_NAMES = ("Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl")
#: the hints, asked once for all three window sizes
_HINTS: dict[tuple[str, int, str], Hint] = {}


def words(text: str) -> str:
    return " ".join(text.split())


def status_lines(app) -> list[tuple[str, float]]:
    """The status line's texts of one frame, with their widths in logical units (the
    status line stands on the bottom edge: ``Screen.foot``)."""
    seen: list[tuple[str, float]] = []

    def record(text, rect, scale, keywords):
        if keywords.get("role") == "status":
            seen.append((str(text), rect.width / scale))

    with text_hook(app, record):  # the kept status is painted again, to be seen
        app.draw()
    return seen


def hint_at(key: str, index: int, lang: str, game: Any) -> Hint:
    if (key, index, lang) not in _HINTS:
        seat = game.current_player
        with spoken(lang):  # the reason is worded in the television's language
            _HINTS[key, index, lang] = suggest(game.rules, game.view(seat),
                                               game.legal_actions(), seed=index)
    return _HINTS[key, index, lang]


@pytest.mark.parametrize("size", SIZES)
def test_every_hint_of_scripted_games_is_drawn_whole(make_app, size):
    app = make_app(size=size, fullscreen=False)
    ui = Driver(app)
    asked = cut_before = 0
    for key in GAMES:
        variant, players = key.split("/")
        log = GOLDEN[key]["log"]
        for index in range(0, len(log), EVERY):
            game = new_game(variant, int(players), seed=35)
            for action in log[:index]:
                game.apply(action)
            play = showcase.start_play(app, game)
            play.session.names[:] = list(LONG_NAMES[:game.players])
            ui.frames(1)
            for _ in range(3):  # a secret choice is handed over first: Enter when ready
                if app.stack.top is not play:
                    ui.key(pygame.K_RETURN)
            assert app.stack.top is play, (key, index, type(app.stack.top).__name__)
            for lang in LANGS:
                hint = hint_at(key, index, lang, game)
                shower = play.hints
                shower.hinter.cancel()
                shower.hinter.hint = hint
                shower.hinter.key = (play.session.version, hint.seat)
                with spoken(lang):
                    shower.show(play.view)
                    lines = status_lines(app)
                    reasons = [words(play.session.say(r))
                               for r in (hint.reason, *getattr(hint, "shorter", ()))]
                asked += 1
                drawn = words(" ".join(text for text, _width in lines))
                where = (key, index, lang, size, drawn)
                assert lines and "…" not in drawn, where
                assert all(width <= STATUS_AREA[2] - 40 + 1 for _text, width in lines), where
                # one of the hint's wordings, whole: its move and a whole reason
                shown = (shower.text, *getattr(shower.text, "shorter", ()))
                assert drawn in {words(w) for w in shown}, where
                assert any(reason in drawn for reason in reasons), where
                cut_before += any(len(r) >= 110 for r in reasons)
                shower.hide(play.view)
    assert asked == 3 * sum(len(range(0, len(GOLDEN[k]["log"]), EVERY)) for k in GAMES)
    assert cut_before  # some of these reasons were longer than the old cut
