"""The action log keeps each entry's lines while the entry stays in the history: what it
shows after apply, undo, a different action and a rename is what a log built afresh
from the same history shows."""

from __future__ import annotations

import pytest

from game.api import new_game
from game.core.rng import Rng
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
    assert any(text.startswith("Zoë ") for text, _colour in play.log.lines)


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




def test_an_action_the_engine_tells_is_one_line_in_its_words(stub_app):
    """Mexica's placements read "Ana starts on i9", once, in Ana's colour: not the
    notation "Ana: start i9" and then the same again in words (issue 31)."""
    play = showcase.start_play(stub_app, new_game("mexica", 4, seed=5))
    rng = Rng(5)
    for _ in range(4):
        play.apply(play.game.playout_action(rng))
    names = play.session.names
    texts = [text for text, _colour in play.log.lines]
    starts = [t for t in texts if " starts on " in t]
    assert [t.split()[0] for t in starts] == names[:4]
    assert not any(": start " in t for t in texts)
    for seat, name in enumerate(names[:4]):
        line = next((t, c) for t, c in play.log.lines if t.startswith(f"{name} starts on "))
        assert line[1] == tuple(play.colours[seat])  # in the seat's colour, not indented


@pytest.mark.parametrize(("variant", "players"), [("mexica", 3), ("mexica-2p-neutral", 2),
                                                  ("tlatelolco-market", 4), ("aztlan", 3)])
def test_no_action_is_told_twice(stub_app, variant, players):
    """Over a stretch of play: no action shows both its notation ("Ana: pass") and the
    engine's words for it ("Ana passes"); Mexica tells every action in words with its
    cost ("Ana walks to f8: 1 AP"), never as notation ("Ana: move f8")."""
    play = showcase.start_play(stub_app, new_game(variant, players, seed=3))
    rng = Rng(3)
    names = play.session.names[:players]
    for _ in range(90):
        if play.game.is_over:
            break
        play.apply(play.game.playout_action(rng))
    lines = [text for text, _colour in play.log.lines]
    told = 0
    for i, text in enumerate(lines):
        for name in names:
            if text.startswith(f"{name}: ") and i + 1 < len(lines):
                nxt = lines[i + 1].strip()
                assert not nxt.startswith(f"{name} "), (text, nxt)
            told += text.startswith(f"{name} ")
    assert told  # the engine's words are shown, as lines of their own
    notation = [t for t in lines if any(t.startswith(f"{n}: ") for n in names)]
    if variant.startswith("mexica"):
        assert not notation, notation
        assert any(" AP" in t for t in lines)


def test_a_newest_text_longer_than_the_panel_shows_its_beginning(stub_app):
    """At 1280x720 the panel holds two rows, and with long names the newest text can
    wrap over three ("Xochiquetzal places a People of the Ocelot pawn in t22 (Moon
    Plaza)"): the panel shows that text's beginning, never nothing at all."""
    from game.ui.actionlog import LOG_LINE

    log = ActionLog((1344.0, 792.0, 560.0, 70 + 2 * LOG_LINE))
    assert log.rows == 2
    ink = (255, 255, 255)
    log.lines = [("Ana passes", ink), ("Xochiquetzal places a People", ink),
                 ("of the Ocelot pawn in t22", ink), ("(Moon Plaza)", ink)]
    log.heads = [True, True, False, False]
    first = log.first_shown()
    assert first == 1  # the newest text's first line
    seen: list[str] = []
    log._paint = lambda screen, shown, top: seen.extend(t for t, _c in shown)
    log.draw(stub_app.screen)
    assert seen == ["Xochiquetzal places a People", "of the Ocelot pawn in t22"]
