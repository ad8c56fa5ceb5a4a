"""A message is data rendered per reader: in each reader's language, with the catalogue's
plural forms, the reader's own seat spoken to, and kept as JSON that reads in any
language later."""

from __future__ import annotations

import json

import pytest

from game.api import new_game
from game.core.rng import Rng
from game.core.words import Addressed
from game.i18n import Seat, from_data, render
from game.i18n.languages import choose, normalise, system_language
from game.i18n.pseudo import pseudo, unmarked
from variants.market.text import _


def test_a_message_reads_in_each_readers_language():
    msg = _("{player} passes", you="You pass", player=Seat(1))
    names = ["Ana", "Xochiquetzal"]
    assert render(msg, "en", names) == "Xochiquetzal passes"
    assert render(msg, "de", names) == "Xochiquetzal passt"
    assert str(msg) == "Player 2 passes"  # a log file: the engine's English


def test_the_readers_own_seat_is_spoken_to_in_each_language():
    msg = _("{player}'s turn", you="Your turn", player=Seat(0))
    assert render(msg, "en", ["Ana", "Ben"], reader=0) == "Your turn"
    assert render(msg, "de", ["Ana", "Ben"], reader=0) == "Du bist dran"
    assert render(msg, "de", ["Ana", "Ben"], reader=1) == "Ana ist dran"
    assert render(msg, "de", [Addressed("You"), "Ben"]) == "Du bist dran"  # a lesson's learner
    assert render(msg, "de", ["You", "Ben"]) == "You ist dran"  # a player named so


def test_the_seat_spoken_to_is_named_in_each_readers_language():
    """A lesson's learner is no English word: each reader names the seat in theirs."""
    from game.i18n.client import _ as client

    msg = client("{pad} disconnected; {player} plays on with keyboard or mouse", pad="Pad 1",
                 player=Seat(0))  # a sentence with no "you" form names the seat
    names = [Addressed("You"), "Ben"]
    assert "; You plays" in render(msg, "en", names)
    german = render(msg, "de", names)
    assert "; Du spielt" in german and "You" not in german


@pytest.mark.parametrize(("n", "en", "de"), [(1, "1 buyer could still buy",
                                              "1 Käufer könnte noch kaufen"),
                                             (3, "3 buyers could still buy",
                                              "3 Käufer könnten noch kaufen")])
def test_a_count_takes_the_catalogues_plural_form(n, en, de):
    msg = _.n("{n} buyer could still buy", "{n} buyers could still buy", n=n)
    assert (render(msg, "en"), render(msg, "de")) == (en, de)


def test_a_game_played_in_german_reads_in_english_from_its_data():
    game = new_game("tlatelolco-market", 3, seed=4)
    rng = Rng(4)
    kept = []
    while len(kept) < 40:
        kept += [e.to_dict() for e in game.apply(game.playout_action(rng))]
    stored = json.loads(json.dumps(kept))  # what a log or a snapshot keeps
    names = ["Ana", "Ben", "Cy"]
    for data in stored:
        msg = from_data(data["message"])
        german, english = render(msg, "de", names), render(msg, "en", names)
        assert german != english or data["kind"] == "score"
        assert english == render(msg, "en", names) and german
    assert any(render(from_data(d["message"]), "de", names).startswith("Ana ")
               for d in stored if d.get("seat") == 0)


def test_the_pseudo_language_marks_and_lengthens_every_text():
    said = pseudo("{player} passes")
    assert said.startswith("[{player} ") and said.endswith("]")
    assert len(said) >= 1.3 * len("{player} passes")
    msg = _("{player} passes", you="You pass", player=Seat(0))
    assert unmarked(render(msg, "qps", ["Ana"]), ("Ana",)) == ""
    assert unmarked("Ana passes", ("Ana",)) == "passes"  # text from no catalogue shows


def test_the_language_is_the_command_lines_then_the_settings_then_the_systems():
    assert normalise("de_AT.UTF-8") == normalise("de-CH") == "de"
    assert normalise("C.UTF-8") is None
    assert system_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert system_language({"LANG": "ja_JP.UTF-8"}) == "en"  # not shipped: English
    assert system_language({"LANGUAGE": "fr:de", "LANG": "en_GB"}) == "de"
    assert choose("en", "de", {"LANG": "de_DE"}) == "en"
    assert choose(None, "de", {"LANG": "en_GB"}) == "de"
    assert choose(None, "system", {"LANG": "de_DE"}) == "de"


def test_a_messages_own_text_is_what_an_english_reader_reads():
    """``str(msg)`` (a log file, an exception) needs no renderer: it is the English an
    English reader without names reads, seats as "Player N" and lists with the client
    catalogue's joints."""
    from game.i18n.client import JOINTS, PLAYER
    from game.i18n.message import ENGLISH_JOINTS, ENGLISH_SEAT

    assert ENGLISH_SEAT == PLAYER.id
    assert {k: (a.id, b.id) for k, (a, b) in JOINTS.items()} == ENGLISH_JOINTS
    seats = [Seat(i) for i in range(3)]
    messages = [_("{player} passes", you="You pass", player=Seat(1)),
                _.n("{n} coin left", "{n} coins left", n=1),
                _.n("{n} coin left", "{n} coins left", n=4)]
    messages += [_("{player} passes", player=_.listing(seats[:k], joint))
                 for k in (0, 1, 2, 3) for joint in ("and", "comma", "plus", "semicolon")]
    for msg in messages:
        assert str(msg) == render(msg, "en")
