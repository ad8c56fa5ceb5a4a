"""The Market follows the engine template (issue 35, section 5 of the plan): one record
per verb, helpers that never reach back into the rules facade, and the facets the
engine declares.

Why a player cares: a verb that can be typed is refused, done and said by one record,
so the log's sentence, the refusal and the effect cannot drift apart; and what the bots
and the screens ask reaches the Market's own answers, not a generic default.
"""

from __future__ import annotations

import ast
from pathlib import Path

from game.api import new_game
from game.core.facets import bot_hooks, has_own, presentation
from game.i18n import say
from tests.market import VARIANT, scenario
from variants.market import notation
from variants.market.bot import MarketBot
from variants.market.present import MarketPresentation
from variants.market.verbs import VERBS

PACKAGE = Path(notation.__file__).resolve().parent


def test_every_verb_a_player_can_type_has_a_check_a_handler_and_a_sentence():
    assert set(VERBS) == set(notation.VERBS)
    assert all(record.say is not None for record in VERBS.values())


def test_the_log_says_each_kind_of_move_before_it_is_played():
    """The sentence comes from the verb's own record, with the action's squares,
    buyers, tiles and colours (the standard market: the messenger on d2, the hole c3)."""
    game = scenario(vendors={"red": 2})
    words = {action: say(game.describe(action))
             for action in ("buy 1 red", "pay 1", "shift d2", "pass", "end")}
    assert words == {
        "buy 1 red": "Player 1's buyer 1 buys from the red vendor",
        "pay 1": "Player 1 pays for a tile move with buyer 1's coin",
        "shift d2": "Player 1 moves the messenger from d2 into the hole",
        "pass": "Player 1 passes",
        "end": "Player 1 ends the play",
    }
    setup = new_game(VARIANT, 2, seed=1)
    assert say(setup.describe("place b3 crowd")) == "Player 1 places the crowd on b3"
    assert say(setup.describe("coin 2")) == "Player 1 puts a coin on buyer 2"
    assert say(setup.describe("king a1")) == \
        "Player 1 gives the king a token from the vendor on a1"
    assert say(setup.describe("king skip")) == "Player 1 leaves the king as he is"


def test_a_verb_the_phase_does_not_wait_for_is_refused_in_the_phases_words():
    """The phase speaks first (what the game waits for), then the verb's own check."""
    setup = new_game(VARIANT, 2, seed=1)
    assert say(setup.why_not("buy 1 red")) == \
        "setup: lay the market tiles first, one each in turn"
    game = scenario()
    assert say(game.why_not("king a1")) == \
        "king is only possible during a pass; now pass or play"
    assert say(game.why_not("end")) == \
        "a play needs at least one purchase before end; buy something or pass"


def test_the_bots_and_the_screens_get_the_markets_own_answers():
    rules = new_game(VARIANT, 4, seed=3).rules
    assert isinstance(rules, MarketBot) and isinstance(rules, MarketPresentation)
    assert bot_hooks(rules) is rules and presentation(rules) is rules
    for hook in ("playout_action", "determinize", "evaluate"):
        assert has_own(bot_hooks(rules), hook), hook
    for hook in ("describe_action", "player_aid", "device_panel", "game_facts",
                 "tie_break", "forgoes"):
        assert has_own(presentation(rules), hook), hook
    assert bot_hooks(rules).evaluation_scale == 12.0


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_rules_helpers_never_import_the_facade():
    """They take ``(table, state)``: only the plugin and the board view know the rules."""
    helpers = [path for path in sorted(PACKAGE.glob("*.py"))
               if path.name not in ("rules.py", "plugin.py")]
    assert {path.name for path in helpers} >= {"verbs.py", "legal.py", "bot.py",
                                               "present.py", "scoring.py", "table.py"}
    wrong = [path.name for path in helpers if "variants.market.rules" in imports(path)]
    assert not wrong, wrong
