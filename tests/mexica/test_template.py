"""Mexica follows the engines' template (issue 35, plan section 5): one table of verbs,
each refused, done and said by its own entry; the facade's parts handed the table and the
state, never the facade; the bots' and the screens' hooks as the engine's own facets.

What a player would notice if it broke: a verb the log tells in notation instead of
words, a hint or a phone panel that falls back to the defaults (no whole-turn plans, no
"You build a 2-level temple on k3: 2 AP"), a rule variant whose table forgets its
neutral temples.
"""

from __future__ import annotations

import ast
from pathlib import Path

from game.api import new_game
from game.core.facets import BotHooks, Presentation, bot_hooks, has_own, presentation
from variants.mexica.bot import MexicaBot
from variants.mexica.notation import NOTATION
from variants.mexica.present import MexicaPresentation
from variants.mexica.table import MexicaTable
from variants.mexica.verbs import VERBS

PACKAGE = Path(__file__).resolve().parents[2] / "variants" / "mexica"
#: the modules that may name the facade: itself, the plugin that registers it and the
#: board view, which is handed these rules by the client
MAY_NAME_THE_FACADE = {"rules.py", "plugin.py"}


def test_every_verb_of_the_notation_has_its_check_handler_and_sentence():
    assert set(VERBS) == {verb.strip() for verb in NOTATION.split(",")}
    assert all(entry.say is not None for entry in VERBS.values())


def test_every_first_legal_action_is_said_in_words_not_notation():
    """Each verb's sentence is its own: along a game, every legal action a player is
    offered reads as a sentence with the player's name, never as the notation."""
    game = new_game("mexica", players=2, seed=5)
    seen: set[str] = set()
    for _step in range(40):
        if game.is_over:
            break
        fresh = []
        for action in game.legal_actions():
            verb = action.split()[0]
            if verb in seen:
                continue
            seen.add(verb)
            fresh.append(action)
            words = str(game.describe(action))
            assert words != action and words.startswith("Player "), (action, words)
        game.apply(next((a for a in fresh if a != "end"), game.legal_actions()[0]))
    assert {"start", "end", "canal", "bridge", "temple", "move", "teleport", "take",
            "spend"} <= seen


def test_the_rules_offer_their_own_bot_and_screen_hooks():
    rules = new_game("mexica", players=3, seed=1).rules
    assert isinstance(rules, MexicaBot) and isinstance(rules, MexicaPresentation)
    assert bot_hooks(rules) is rules and presentation(rules) is rules
    hooks: BotHooks[object] = bot_hooks(rules)
    screens: Presentation[object] = presentation(rules)
    for name in ("candidates", "evaluate", "determinize", "playout_action", "explain",
                 "progresses"):
        assert has_own(hooks, name), name
    for name in ("describe_action", "player_aid", "device_panel", "device_plans",
                 "game_facts", "tie_break", "forgoes"):
        assert has_own(screens, name), name


def test_the_rules_parts_never_import_the_facade():
    """Verbs, legal moves, scorings, bots and screens are handed (table, state): none of
    them imports ``rules.py``, so none of them can reach back into the facade."""
    wrong = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in MAY_NAME_THE_FACADE:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "variants.mexica.rules":
                wrong.append(path.name)
    assert not wrong, wrong


def test_the_neutral_variant_s_table_extends_mexica_s_with_its_temples():
    game = new_game("mexica-2p-neutral", players=2, seed=3)
    table = game.rules.table
    assert isinstance(table, MexicaTable)
    levels = sorted(level for owner, level in game.state.temples.values() if owner < 0)
    assert levels == sorted(table.neutral_levels) and levels  # laid before the Pilli
