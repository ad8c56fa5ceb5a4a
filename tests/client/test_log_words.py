"""Every move of every game reads in words in the action log, in the reader's language:
"Cuauhtemoc bewegt keine Figur", never the notation "Cuauhtemoc: stay" (seen in a German
game of Aztlán, whose "stay" told nothing of itself). The games' scripted plays (the
golden games of ``tests/fixtures/golden-plays.json``) go through the log as they are
played and as a loaded game replays them; a game that tells a move in no event is told
by its ``describe_action``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.api import new_game
from game.core.events import Event
from game.core.registry import reset_registry
from game.i18n import say
from game.ui.actionlog import entry_head
from game.ui.scenes.common import replay_history
from game.ui.session import Session
from tests.client.test_language import spoken
from tests.race_rules import Race
from tests.toy_registry import toy_registry

GOLDEN = json.loads((Path(__file__).parents[1] / "fixtures" / "golden-plays.json")
                    .read_text(encoding="utf-8"))
#: one scripted game of each variant (its largest table)
GAMES = sorted({key.split("/")[0]: key for key in sorted(GOLDEN)}.values())
NAMES = ["Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl"]


def heads(session: Session, entries: list[Any]) -> list[tuple[str, str, bool]]:
    """(action, the log's line for it, whether the game told it in words) per entry."""
    out = []
    for seat, action, events in entries:
        text, _colour, told = entry_head(session, session.colours, seat, action, events)
        out.append((action, text, told is not None))
    return out


@pytest.mark.parametrize("key", GAMES)
def test_every_move_of_every_game_reads_in_words_in_every_language(key):
    variant, players = key.split("/")
    game = new_game(variant, int(players), seed=35)
    session = Session(game, NAMES[:game.players])
    for action in GOLDEN[key]["log"]:
        session.apply(action)
    loaded = replay_history(game)  # the same game opened from a save
    assert loaded is not None
    for lang in ("en", "de", "qps"):
        with spoken(lang):
            played, replayed = heads(session, session.history), heads(session, loaded)
        assert played == replayed
        for action, text, told in played:
            shown = game.rules.redact(action, None, None)
            assert told, (lang, action, text)  # the game's own words, not the notation
            assert f": {shown}" not in text, (lang, action, text)
            if lang != "en":  # no word of the notation's verb is left in another language
                assert not re.search(rf"\b{re.escape(action.split()[0])}\b", text), \
                    (lang, action, text)


class Silent(Race):
    """The race, telling nothing in its events; its log sentence is its describe."""

    engine_id = "silent-race"

    def apply(self, state, action):
        canonical, _events = super().apply(state, action)
        return canonical, [Event("moved", "", None)]  # an event, but no one's words

    def describe_action(self, state, action):
        return f"Player {state['turn'] + 1} runs {action.split()[1]} ahead"


class Mute(Silent):
    """As :class:`Silent`, with the default description (the notation)."""

    engine_id = "mute-race"

    def describe_action(self, state, action):
        return action


@pytest.fixture
def silent_games(tmp_path):
    yield from toy_registry(tmp_path, [Silent, Mute], "silent_race_plugin")
    reset_registry()


def test_a_move_no_event_tells_is_said_by_the_games_describe_action(silent_games):
    """The log's fallback is the game's sentence for the move (on the state before it):
    "Ana runs 2 ahead", whose turn it was, not "Ben runs 2 ahead" nor "Ana: step 2"; a
    game whose sentence is the notation keeps the notation line."""
    game = new_game("silent-race", 2, seed=1)
    session = Session(game, ["Ana", "Ben"])
    for action in ("step 2", "step 1", "step 2"):
        session.apply(action)
    loaded = replay_history(game)
    assert loaded is not None
    expected = [("step 2", "Ana runs 2 ahead", True), ("step 1", "Ben runs 1 ahead", True),
                ("step 2", "Ana runs 2 ahead", True)]
    assert heads(session, session.history) == expected
    assert heads(session, loaded) == expected
    assert [say(e.text) for e in session.history[0][2]] == ["Player 1 runs 2 ahead", ""]
    mute = Session(new_game("mute-race", 2, seed=1), ["Ana", "Ben"])
    mute.apply("step 2")
    assert heads(mute, mute.history) == [("step 2", "Ana: step 2", False)]
