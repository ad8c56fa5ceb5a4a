"""An engine's parser with what each text parsed to kept (game.core.notation.KeptParses): the
same answers as the parser, refusals never kept."""

from __future__ import annotations

import pytest

from game.api import new_game
from game.core.errors import IllegalAction
from game.core.notation import KeptParses


def test_a_text_is_parsed_once_and_a_refusal_every_time():
    calls: list[object] = []

    def parse(text):
        calls.append(text)
        if text == "bad":
            raise IllegalAction("no such action")
        return ("verb", (len(text),))

    kept = KeptParses(parse, size=2)
    assert kept("move a1") == kept("move a1") == ("verb", (7,))
    for _ in range(2):
        with pytest.raises(IllegalAction, match="no such action"):
            kept("bad")
    assert calls == ["move a1", "bad", "bad"]
    kept("x"), kept("yy")  # the third text kept: all are forgotten and kept afresh
    assert kept("move a1") == ("verb", (7,)) and calls[-1] == "move a1"
    assert kept(["not", "text"]) == ("verb", (2,))  # unhashable: the parser judges it
    assert calls[-1] == ["not", "text"]


@pytest.mark.parametrize(("variant", "players"), [("tlatelolco-market", 2), ("aztlan", 3)])
def test_a_refused_text_is_refused_again_after_a_good_one(variant, players):
    game = new_game(variant, players, seed=1)
    legal = game.legal_actions()[0]
    for action in ("xyzzy", legal.upper() + " extra", "xyzzy"):
        with pytest.raises(IllegalAction):
            game.apply(action)
    game.apply(legal.upper())  # another spelling of a legal action, parsed and kept
    assert game.log[-1] == legal
