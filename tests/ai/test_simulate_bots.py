"""``aztec-arcade simulate --bots``: a tournament table with 95 % confidence intervals."""

from __future__ import annotations

from game.cli import main


def test_simulate_bots_prints_a_table_per_level(capsys):
    code = main(["simulate", "--variant", "tlatelolco-market", "--bots", "normal,easy",
                 "--games", "2", "--seed", "4", "--progress"])
    out = capsys.readouterr().out
    assert code == 0
    assert "2 games, Normal vs Easy (seats alternate between games; seeds 4-5)" in out
    assert "95% CI" in out and "game    2 (seed 5)" in out
    rows = [line.split() for line in out.splitlines()
            if line.strip().startswith(("Normal ", "Easy "))]
    assert [r[0] for r in rows] == ["Normal", "Easy"]
    assert sum(float(r[1]) for r in rows) == 2.0  # every game won by someone
    assert all(r[2] == "2" for r in rows)


def test_simulate_bots_reports_the_hard_budget(capsys):
    code = main(["simulate", "--variant", "tlatelolco-market", "--bots", "hard,easy",
                 "--games", "1", "--iterations", "5"])
    assert code == 0
    assert "Hard budget: 5 iterations per decision" in capsys.readouterr().out


def test_simulate_bots_head_to_head_with_three_seats(capsys):
    code = main(["simulate", "--variant", "mexica", "--bots", "normal,easy,easy",
                 "--games", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "seats rotate" in out and "Normal   ahead of Easy" in out


def test_simulate_bots_refuses_bad_levels_and_counts(capsys):
    assert main(["simulate", "--bots", "normal,wizard"]) == 2
    assert "unknown computer level 'wizard'" in capsys.readouterr().err
    assert main(["simulate", "--bots", "normal"]) == 2
    assert "one level per seat" in capsys.readouterr().err
    assert main(["simulate", "--bots", "normal,easy", "--players", "3"]) == 2
    assert "--players is 3" in capsys.readouterr().err


def test_simulate_without_bots_still_plays_four_random_players(capsys):
    assert main(["simulate", "--games", "1"]) == 0
    assert "1 game of 4 random players" in capsys.readouterr().out
