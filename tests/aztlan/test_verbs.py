"""Aztlán's verbs table (``variants/aztlan/verbs.py``): every verb a player can type is
refused with a reason, done, and said in the log in words, from one entry per verb; and
the engine answers the bots' and the screens' questions itself (its facets).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.api import new_game
from game.core.facets import bot_hooks, has_own, presentation
from game.i18n import render
from variants.aztlan.notation import ARGUMENTS
from variants.aztlan.verbs import VERBS

from . import VARIANT

#: one well-formed action per verb (parsing checks words, not the position)
SAMPLES = {"choose": "choose 4", "place": "place t3", "eagle": "eagle t3",
           "move": "move t1 t2", "stay": "stay", "battle": "battle t5",
           "coexist": "coexist t5", "sacred": "sacred t5", "tlatoani": "tlatoani t5",
           "decline": "decline", "bless": "bless jungle", "rafts": "rafts t3 t1",
           "score": "score", "wild": "wild desert"}
ENGINE = Path(__file__).resolve().parents[2] / "variants" / "aztlan"


def test_every_verb_of_the_notation_has_one_entry_in_the_table() -> None:
    assert set(VERBS) == set(ARGUMENTS) == set(SAMPLES)
    assert all(verb.say is not None for verb in VERBS.values())


@pytest.mark.parametrize("verb", sorted(SAMPLES))
def test_the_log_says_every_verb_in_words_naming_the_player(verb: str) -> None:
    g = new_game(VARIANT, 3, seed=1)
    seat = g.current_player
    assert seat is not None
    said = render(presentation(g.rules).describe_action(g.state, SAMPLES[verb]), "en")
    assert said.startswith(f"Player {seat + 1} ")
    assert said != SAMPLES[verb]
    if " " in SAMPLES[verb]:
        assert SAMPLES[verb] not in said  # its arguments in words, not in the notation
    if verb in ("move", "rafts"):
        assert "t1 (Maize Terraces)" in said and ("t2 (" in said or "t3 (" in said)


def test_a_verb_out_of_its_phase_is_refused_with_the_phases_reason() -> None:
    g = new_game(VARIANT, 3, seed=1)
    reason = g.why_not("place t3")
    assert reason is not None
    assert "choosing phase" in render(reason, "en")
    assert g.why_not(g.legal_actions()[0]) is None


def test_the_engine_answers_the_bots_and_the_screens_itself() -> None:
    rules = new_game(VARIANT, 3, seed=1).rules
    assert bot_hooks(rules) is rules and presentation(rules) is rules
    for hook in ("playout_action", "greedy_playout_action", "evaluate", "determinize",
                 "progresses"):
        assert has_own(bot_hooks(rules), hook), hook
    for hook in ("describe_action", "player_aid", "device_panel", "game_facts",
                 "tie_break"):
        assert has_own(presentation(rules), hook), hook


def test_no_helper_of_the_engine_imports_the_rules_facade() -> None:
    """The helpers take ``(table, state)``: only the plugin names the facade."""
    wrong = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name in ("rules.py", "plugin.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "variants.aztlan.rules":
                wrong.append(path.name)
    assert not wrong, wrong
