"""The action log keeps each entry's lines while the entry stays in the history: what it
shows after apply, undo, a different action and a rename is what a log built afresh
from the same history shows."""

from __future__ import annotations

import pytest

from game.api import new_game
from game.core.rng import Rng
from game.kit.client.layers import Snapshot
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


def painted(log, screen) -> tuple[list[str], bool]:
    """The log's rows as one frame paints them, and whether its title strip is drawn."""
    seen: list[str] = []
    log._paint = lambda s, shown, top: seen.extend(t for t, _c in shown)
    log._painted = Snapshot()
    log.draw(screen)
    del log._paint
    return seen, log.titled


INK = (255, 255, 255)


def test_a_newest_text_over_three_lines_is_read_whole_in_the_short_panel(stub_app):
    """Four long names at 1280x720: the panel is 142 high, two rows under its title, and
    the newest text wraps over three ("Itzpapalotl moves a pawn from t5 (Obsidian Crags)
    to t12 (Thunder Drum)"); its third line was lost. The title's room is a row there:
    the three lines show, whole, the newest at the bottom."""
    log = ActionLog((1344.0, 806.0, 560.0, 142.0))
    log.lines = [("Ana passes", INK), ("Itzpapalotl moves a pawn from t5", INK),
                 ("(Obsidian Crags) to t12 (Thunder", INK), ("Drum)", INK)]
    log.heads = [True, True, False, False]
    assert log.rows == 3
    seen, titled = painted(log, stub_app.screen)
    assert seen == ["Itzpapalotl moves a pawn from t5", "(Obsidian Crags) to t12 (Thunder",
                    "Drum)"]
    assert not titled


def test_a_panel_with_room_keeps_its_title_until_the_newest_text_needs_the_room(stub_app):
    """Three rows under the title: short texts keep it; a newest text of four lines (a
    German "spielt Heilige Spiele" with long names) takes the title's room and is read
    whole; scrolled back, the title strip is there to say what is below."""
    log = ActionLog((1344.0, 748.0, 560.0, 200.0))
    log.lines = [("Ana passes", INK), ("Bo passes", INK), ("Cy passes", INK)]
    log.heads = [True, True, True]
    seen, titled = painted(log, stub_app.screen)
    assert titled and seen == ["Ana passes", "Bo passes", "Cy passes"]
    long = ["Xochiquetzal spielt Heilige Spiele:", "Tlahuizcalpan muss in t13",
            "(Amaranthhügel) mit Xochiquetzal", "koexistieren"]
    log.lines += [(t, INK) for t in long]
    log.heads += [True, False, False, False]
    seen, titled = painted(log, stub_app.screen)
    assert seen == long and not titled
    log.scroll_by(3)
    seen, titled = painted(log, stub_app.screen)
    assert titled  # the strip says how many newer lines are below


def test_a_text_longer_than_the_whole_panel_shows_its_beginning(stub_app):
    """A text longer than the panel even without its title (a scoring in the
    pseudo-language) shows its beginning, never nothing."""
    log = ActionLog((1344.0, 806.0, 560.0, 142.0))
    log.lines = [("Ana passes", INK)] + [(f"part {i}", INK) for i in range(5)]
    log.heads = [True, True] + [False] * 4
    assert log.first_shown() == 1  # the newest text's first line
    seen, _titled = painted(log, stub_app.screen)
    assert seen == ["part 0", "part 1", "part 2"]
