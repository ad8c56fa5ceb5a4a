"""Every text of the action log is read whole at its tightest, in every language: four
long names on Aztlán's cards with their facts leave the log ``LOG_MIN_H`` (three rows),
where a German tie ("Gleichstand in t18 (Papageienwald): Xochiquetzal, Cuauhtemoc und
Tlahuizcalpan koexistieren mit je Stärke 8; keine Wohlstandskarte") wrapped over five
and the pseudo-language's age over seven, and only their beginnings showed. The game
says such a text in fewer words by meaning (its ``log_wordings``), and the log shows the
fullest wording that fits. The games' scripted plays (the golden games) are played
through the log, action by action, in English, German and the pseudo-language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.api import new_game
from game.i18n import say
from game.kit.client.layout import LOG_MIN_H, log_area
from game.ui.actionlog import ActionLog
from game.ui.session import Session
from tests.client.test_action_log import painted
from tests.client.test_language import spoken

GOLDEN = json.loads((Path(__file__).parents[1] / "fixtures" / "golden-plays.json")
                    .read_text(encoding="utf-8"))
NAMES = ["Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl"]
#: the tightest log: four seats, a line of facts on each card, cards one per row
TIGHTEST = log_area(4, 1, wide=True)


def texts(log: ActionLog) -> list[list[str]]:
    """The log's texts, each as its wrapped lines."""
    out: list[list[str]] = []
    for (line, _colour), head in zip(log.lines, log.heads, strict=True):
        if head or not out:
            out.append([])
        out[-1].append(line)
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "de", "qps"])
def test_every_newest_log_text_of_every_golden_game_is_drawn_whole(make_app, size, lang):
    assert TIGHTEST[3] == LOG_MIN_H
    app = make_app(size=size, fullscreen=False)
    longest = 0
    with spoken(lang):
        for key in sorted(GOLDEN):
            variant, players = key.split("/")
            session = Session(new_game(variant, int(players), seed=35),
                              NAMES[:int(players)])
            log = ActionLog(TIGHTEST)
            for action in GOLDEN[key]["log"]:
                session.apply(action)
                log.rebuild(app.screen, session, session.colours)
                newest = texts(log)[-1]
                seen, _titled = painted(log, app.screen)
                assert seen[-len(newest):] == newest, (key, action, newest, seen)
                longest = max(longest, len(newest))
            # and every text, an action's among its events too, fits the panel whole
            for lines in texts(log):
                assert len(lines) <= log.rows, (key, lines)
    assert longest == 3  # the room is used: no text is told shorter than it must


def test_a_long_text_is_said_in_its_fullest_wording_that_fits(make_app):
    """A German Aztlán tie of two long names: the whole sentence where the log has
    room (two seats: four rows), in the tightest log the same with the territory by its
    label alone, the fullest wording that fits; never cut."""
    from game.core.events import Event
    from game.i18n import Listing, Seat
    from variants.aztlan.text import _, territory

    game = new_game("aztlan", 4, seed=35)
    island = game.rules.table.island
    tie = Event("tie", _("Tie in {territory}: {players} coexist with power {power} each; "
                         "no prosperity card", territory=territory(island, 17),
                         players=Listing((Seat(0), Seat(1))), power=8))
    session = Session(game, NAMES)
    session.apply(game.legal_actions()[0])
    session.history[-1][2].append(tie)
    app = make_app(size=(1920, 1080), fullscreen=False)
    with spoken("de"):
        whole = say(tie.text, NAMES)
        roomy = ActionLog(log_area(2))
        roomy.rebuild(app.screen, session, session.colours)
        tight = ActionLog(TIGHTEST)
        tight.rebuild(app.screen, session, session.colours)
    said = [" ".join(t.strip() for t in lines) for lines in texts(roomy)]
    assert said[-1] == whole
    short = [" ".join(t.strip() for t in lines) for lines in texts(tight)][-1]
    assert short == ("Gleichstand in t18: Xochiquetzal und Cuauhtemoc koexistieren mit je "
                     "Stärke 8; keine Wohlstandskarte")
    assert len(texts(tight)[-1]) <= tight.rows


@pytest.mark.parametrize("package", ["aztlan", "mexica", "market"])
def test_each_shorter_wording_answers_a_message_the_game_says(package):
    """A shorter wording is found by its long message's msgid (a message with a count:
    its singular): a key that is no msgid of the game's catalogue (a typo, a sentence
    reworded since) would never be used."""
    from importlib import import_module

    from babel.messages.pofile import read_po

    table = import_module(f"variants.{package}.present").SHORTER
    pot = Path(__file__).parents[2] / "variants" / package / "locale" / f"{package}.pot"
    with pot.open("rb") as f:
        # a message with a count is found by its singular (``Msg.id``)
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    assert table and set(table) <= ids, set(table) - ids
