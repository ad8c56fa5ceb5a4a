"""The action log keeps each entry's lines while the entry stays in the history: what it
shows after apply, undo, a different action and a rename is what a log built afresh
from the same history shows."""

from __future__ import annotations

from game.api import new_game
from game.rng import Rng
from game.ui import showcase
from game.ui.actionlog import ActionLog


def fresh_lines(play) -> list:
    log = ActionLog(play.log.area)
    log.rebuild(play.app.screen, play.session, play.colours)
    return log.lines


def test_the_kept_lines_are_the_lines_built_afresh_after_undo_redo_and_a_rename(stub_app):
    play = showcase.start_play(stub_app, new_game("mexica", 3, seed=5))
    rng = Rng(5)
    for _ in range(6):
        play.apply(play.game.playout_action(rng))
    assert play.log.lines == fresh_lines(play)
    kept = len(play.session.history)
    play.undo()
    assert len(play.session.history) == kept - 1
    assert play.log.lines == fresh_lines(play)
    play.redo()
    assert play.log.lines == fresh_lines(play)
    play.session.names[0] = "Zoë"
    play.session.version += 1  # a rename is a change the log redraws for
    play.log.rebuild(play.app.screen, play.session, play.colours)
    assert play.log.lines == fresh_lines(play)
    assert any(text.startswith("Zoë: ") for text, _colour in play.log.lines)


def test_the_log_never_begins_with_the_rest_of_a_wrapped_line(stub_app):
    """A long entry wraps over two lines. When only its second line would fit at the top
    of the panel ("Pyramid)" alone), that row stays empty instead: the panel begins with
    a whole text, and the newest line is still the last one shown."""
    play = showcase.start_play(stub_app, new_game("aztlan", 4, seed=7))
    rng = Rng(7)
    log = play.log
    cut = 0
    for _ in range(80):
        play.apply(play.game.playout_action(rng))
        log.rebuild(play.app.screen, play.session, play.colours)
        plain = max(0, len(log.lines) - log.rows)  # the last rows, whatever they begin with
        first = log.first_shown()
        assert first == 0 or log.heads[first]
        assert not any(log.heads[plain:first])  # only the rest of one cut text is left out
        assert first < len(log.lines)  # the newest line shows
        cut += first > plain
    assert cut  # some of these positions would have begun with a text's rest
    log.scroll_by(3)
    first = log.first_shown()
    assert first == 0 or log.heads[first]
