"""``benchmarks/hard_vs.py``: one script for Hard against Normal, against Hard at another
budget, and for a lever against today's Hard (it absorbed ``hard_vs_hard.py``); the
commands the docs show keep working and say who won."""

from __future__ import annotations

import json

from benchmarks.hard_vs import main


def test_a_lever_against_todays_hard_is_told_game_by_game_and_kept(capsys, tmp_path):
    out = tmp_path / "reuse.jsonl"
    assert main(["tlatelolco-market", "--rival", "hard", "--option", "reuse=true",
                 "--iterations", "4", "--games", "2", "--seed", "7000",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Hard at 4 iterations (reuse=true) against Hard at 4 iterations" in text
    records = [json.loads(line) for line in out.read_text().splitlines()]
    # seats rotate, and each game's line says whether the measured Hard won it
    assert [r["seats"] for r in records] == [["hard-new", "hard-rival"],
                                             ["hard-rival", "hard-new"]]
    won = sum(r["new_won"] for r in records)
    assert "game 2/2 seed 7001: seats ['hard-rival', 'hard-new']" in text
    assert f"  hard-new: won {won:g} of 2 (" in text
    assert f"  hard-rival: won {2 - won:g} of 2 (" in text


def test_hard_against_hard_at_another_budget_as_the_docs_write_it(capsys):
    assert main(["--variant", "tlatelolco-market", "--iterations", "4",
                 "--rival-iterations", "6", "--games", "1", "--seed", "7000"]) == 0
    text = capsys.readouterr().out
    assert "Hard at 4 iterations (as it is) against Hard at 6 iterations" in text
    assert "  hard: won " in text and "  hard-rival: won " in text
