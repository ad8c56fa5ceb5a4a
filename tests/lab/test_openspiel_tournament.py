"""``aztec-arcade balance --bots hard,openspiel-mcts``: Hard against OpenSpiel's MCTS through
the real lab, seats alternating, the counts and their intervals in the report; without the
OpenSpiel extra, the lab's one-line install message and exit code 2."""

from __future__ import annotations

import json

import pytest

from game.api import new_game
from game.cli import main
from game.lab import extras


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(tmp_path / "home"))


def balance(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_a_tiny_tournament_against_openspiel_mcts_reports_its_counts(capsys, tmp_path):
    pytest.importorskip("pyspiel")
    out = tmp_path / "report"
    code, stdout, err = balance(
        capsys, "aztlan-2p", "--bots", "hard,openspiel-mcts", "--games", "2",
        "--iterations", "4", "--bot-option", "openspiel-mcts:cpu=2",
        "--bot-option", "openspiel-mcts:start=4", "--out", str(out))
    assert code == 0, err
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    # seats alternate: Hard sits first in game 1 and second in game 2
    assert [r["seats"] for r in records] == [["hard", "openspiel-mcts"],
                                             ["openspiel-mcts", "hard"]]
    hard = sum(1 / len(r["winners"]) for r in records
               if r["seats"].index("hard") in r["winners"])
    # each record says what each side spent, since MCTS's budget is a multiple of it
    assert all(set(r["cpu"]) == {"hard", "openspiel-mcts"} for r in records)
    # and keeps its moves (they hang on timings): replayed, they end with its scores
    for r in records:
        replay = new_game("aztlan-2p", 2, r["seed"])
        for action in r["log"]:
            replay.apply(action)
        assert replay.is_over and replay.scores == r["scores"]
        assert len(r["log"]) == r["length"]
    # and the summary says how many times the thriftier side's CPU the other got, by game
    assert "CPU per decision, as a multiple of the thriftiest level's: " in stdout
    assert "x (per game " in stdout
    assert f"Hard {50 * hard:.0f}% (won {hard:g} of 2, 95% interval" in stdout
    assert f"OpenSpiel MCTS {50 * (2 - hard):.0f}% (won {2 - hard:g} of 2" in stdout
    page = (out / "report.html").read_text()
    assert f"<td>{hard:g} of 2</td>" in page
    assert f"<td>{2 - hard:g} of 2</td>" in page
    assert "OpenSpiel MCTS: openspiel-mcts (2x hard&#x27;s CPU); options cpu=2, start=4." \
        in page


@pytest.mark.slow
def test_one_hard_plays_against_two_mcts_players_at_a_table_for_three(capsys, tmp_path):
    pytest.importorskip("pyspiel")
    out = tmp_path / "report"
    code, stdout, err = balance(
        capsys, "aztlan", "--bots", "hard,openspiel-mcts,openspiel-mcts", "--games", "1",
        "--iterations", "4", "--bot-option", "openspiel-mcts:simulations=3",
        "--out", str(out))
    assert code == 0, err
    record = json.loads((out / "games.jsonl").read_text())
    assert record["seats"] == ["hard", "openspiel-mcts", "openspiel-mcts"]
    assert "Hard " in stdout and "OpenSpiel MCTS " in stdout and " of 1, 95% interval" in stdout


def test_an_unknown_option_of_the_mcts_player_is_named_before_any_game(capsys, tmp_path):
    pytest.importorskip("pyspiel")
    code, _out, err = balance(capsys, "aztlan-2p", "--bots", "hard,openspiel-mcts",
                              "--bot-option", "openspiel-mcts:budget=3",
                              "--out", str(tmp_path / "r"))
    assert code == 2
    assert "the openspiel-mcts bot has no option 'budget'" in err
    assert "cpu" in err and not (tmp_path / "r" / "games.jsonl").exists()


def test_without_openspiel_the_lab_says_what_to_install(capsys, tmp_path, monkeypatch):
    real = extras._imports
    monkeypatch.setattr(extras, "_imports", lambda m: m != "pyspiel" and real(m))
    code, _out, err = balance(capsys, "aztlan-2p", "--bots", "hard,openspiel-mcts",
                              "--out", str(tmp_path / "r"))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "--bots openspiel-mcts needs OpenSpiel" in lines[0]
    assert 'pip install "aztec-arcade[openspiel]"' in lines[0]
