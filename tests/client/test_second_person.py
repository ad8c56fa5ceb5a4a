"""Issue 17: the learner of a lesson is spoken to (its name is
:class:`~game.core.words.Addressed`, "You" in English), and every line the client draws about
that seat speaks to them ("You win", "Your turn", "You pay"), never "You wins" or "You's
prosperity cards"; a person named Ana still reads "Ana wins"."""

from __future__ import annotations

import pytest

from game.api import new_game
from game.core.rng import Rng
from game.remote.snapshot import results
from game.ui.session import Session
from tests.test_words import THIRD_PERSON_YOU, YOU

from .conftest import every_text_drawn
from .test_lessons import lesson_ids, open_lesson, play_steps


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_a_lesson_speaks_to_its_learner_in_the_second_person(ui, lesson_id):
    with every_text_drawn(ui) as seen:
        scene = open_lesson(ui, lesson_id)
        play_steps(ui, scene)
        ui.frames(30)  # the results screen, for a lesson that plays to the end
    assert scene.finished
    lines = set(seen)
    wrong = sorted(t for t in lines if THIRD_PERSON_YOU.search(t))
    assert not wrong, wrong[:8]
    assert "Your turn" in lines  # the banner when the learner's turn comes
    # the log says what the learner did, addressed to them
    assert any(t.startswith(("You ", "you ")) for t in lines), sorted(lines)[:40]


def test_the_results_and_banners_say_you_win_and_ana_wins():
    game = new_game("mexica", 3, seed=1)
    you = Session(game, [YOU, "Ana", "Ben"])
    ana = Session(game, ["Ana", YOU, "Ben"])
    assert you.say("{0} wins!", 0) == "You win!"
    assert ana.say("{0} wins!", 0) == "Ana wins!"
    assert you.say("{0}'s turn", 0) == "Your turn"
    assert ana.say("{0}'s turn", 0) == "Ana's turn"
    assert ana.say("{0} decides; it is {1}'s turn", 1, 2) == "You decide; it is Ben's turn"
    assert you.say("Pass to {0}", 0) == "Pass to you"


def test_a_phone_reads_you_win_and_ana_wins():
    game = new_game("mexica", 2, seed=3)
    rng = Rng(3)
    while not game.is_over:
        game.apply(game.playout_action(rng))
    assert len(game.winners) == 1
    names = ["Ana", "Ben"]
    winner = game.winners[0]
    assert results(game, names)["text"] == f"{names[winner]} wins"
    names[winner] = YOU
    assert results(game, names)["text"] == "You win"
