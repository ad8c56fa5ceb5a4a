"""``aztec-arcade balance``: the report a variant designer reads, the raw results, and the
promise that the same seeds give the same numbers however the games are spread."""

from __future__ import annotations

import json
import re

import pytest

from game.cli import main
from game.core.errors import ConfigError
from game.core.events import Event
from game.lab import extras
from game.lab.plan import make_plan, split_values
from game.lab.play import UNITEMISED, play_task, points_by_reason
from game.lab.run import run_tasks
from game.lab.stats import summarise
from game.lab.store import records_text
from variants.market.params import COLOURS


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(tmp_path / "home"))


def balance(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def market_plan(games: int = 3, levels=("normal", "easy")):
    return make_plan(["tlatelolco-market"], list(levels), None, games, 5, 4, None, [], [])


# ---------------------------------------------------------------------------------------
# the report
# ---------------------------------------------------------------------------------------
def test_a_report_compares_two_variants_on_the_same_axes(capsys, tmp_path):
    out = tmp_path / "report"
    code, stdout, err = balance(capsys, "mexica", "mexica-festival", "--games", "2",
                                "--bots", "easy", "--out", str(out))
    assert code == 0, err
    records = lines(out / "games.jsonl")
    assert [(r["label"], r["game"]) for r in records] == [
        ("mexica", 0), ("mexica", 1), ("mexica-festival", 0), ("mexica-festival", 1)]
    page = (out / "report.html").read_text()
    assert "Mexica vs Mexica — Festival of Toxcatl" in page
    assert "aztec-arcade balance mexica mexica-festival --games 2 --bots easy" in page
    # one self-contained file: SVG inline, nothing fetched from elsewhere
    assert page.count("<svg") >= 4
    assert not re.search(r"<script|<link|<img|src=|@import|url\(http", page)
    hrefs = re.findall(r'href="([^"]*)"', page)
    assert all(h.startswith("#") for h in hrefs)
    # every plot shows both arms: one colour each, in the legend
    assert "Win rate by seat" in page and "Where the points come from" in page
    assert page.count(">mexica-festival<") >= 1
    assert "Report: " in stdout and "4 games in" in stdout


def test_the_summary_shows_each_seats_win_rate_with_its_interval(capsys, tmp_path):
    code, _out, err = balance(capsys, "tlatelolco-market", "--games", "4", "--bots",
                              "easy", "--players", "3", "--out", str(tmp_path))
    assert code == 0, err
    records = lines(tmp_path / "games.jsonl")
    wins = [0.0, 0.0, 0.0]
    for r in records:
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
    page = (tmp_path / "report.html").read_text()
    for seat in range(3):
        assert f"{100 * wins[seat] / 4:.1f}% [" in page
    assert "<th>Seat 3 wins</th>" in page


def test_a_sweep_plays_one_arm_per_value(capsys, tmp_path):
    code, out, err = balance(capsys, "mexica", "--sweep", "ap_per_turn=5,7", "--games",
                             "1", "--bots", "easy", "--out", str(tmp_path))
    assert code == 0, err
    records = lines(tmp_path / "games.jsonl")
    assert [r["label"] for r in records] == ["ap_per_turn=5", "ap_per_turn=7"]
    assert [r["options"] for r in records] == [{"ap_per_turn": 5}, {"ap_per_turn": 7}]
    assert "sweep of ap_per_turn" in (tmp_path / "report.html").read_text()


def test_a_sweep_over_a_bot_option_reaches_the_bots():
    plan = make_plan(["tlatelolco-market"], ["hard", "normal"], None, 1, 0, 3, None,
                     ["hard:exploration=0.2,1.5"], ["normal:width=2"])
    assert [a.label for a in plan.arms] == ["hard:exploration=0.2", "hard:exploration=1.5"]
    assert plan.arms[0].bot_options == {"hard": {"exploration": 0.2},
                                        "normal": {"width": 2}}


def test_a_sweep_over_hards_evaluation_weights_changes_hard_only():
    """Tuning Hard is a balance run: its weights are a parameter of the variant file."""
    from game.ai.base import level_weights
    from game.api import new_game

    plan = make_plan(["mexica-2p-neutral"], ["hard", "normal"], None, 1, 0, 3, None,
                     ["bot_weights.hard.token_value=0.3,1.2"], [])
    assert [a.label for a in plan.arms] == ["bot_weights.hard.token_value=0.3",
                                            "bot_weights.hard.token_value=1.2"]
    rules = new_game("mexica-2p-neutral", 2, 0, plan.arms[1].options).rules
    assert level_weights(rules, "hard")["token_value"] == 1.2
    assert level_weights(rules, "normal") == new_game(
        "mexica-2p-neutral", 2, 0).rules.evaluation_weights("normal")


def test_a_sweep_over_hards_search_settings_is_a_sweep_over_the_variant_file():
    """``bot_search.hard.NAME`` is a parameter like the weights: each arm's Hard
    searches with its value, a bad value is refused before the first game."""
    from game.api import new_game

    plan = make_plan(["aztlan"], ["hard", "normal", "normal"], None, 1, 0, 3, None,
                     ["bot_search.hard.widening=1,2"], [])
    assert [a.label for a in plan.arms] == ["bot_search.hard.widening=1",
                                            "bot_search.hard.widening=2"]
    rules = new_game("aztlan", 3, 0, plan.arms[0].options).rules
    assert rules.search_settings("hard") == {"widening": 1}
    with pytest.raises(ConfigError, match="bot_search.hard.widening: must be at least"):
        make_plan(["aztlan"], ["hard", "normal", "normal"], None, 1, 0, 3, None,
                  ["bot_search.hard.widening=0,2"], [])


def test_sweep_values_may_be_lists():
    assert split_values("[1, 2],[3,4], 5") == ["[1, 2]", "[3,4]", "5"]


# ---------------------------------------------------------------------------------------
# what the numbers mean
# ---------------------------------------------------------------------------------------
def test_points_by_reason_add_up_to_the_final_scores():
    plan = make_plan(["mexica"], ["easy"], 2, 1, 3, 4, None, [], [])
    record = play_task(plan.tasks()[0])
    for seat, score in enumerate(record["scores"]):
        assert sum(record["points"][seat].values()) == score
    reasons = set().union(*record["points"])
    assert reasons <= {"district", "founding", "presence", "palace"}
    assert "district" in reasons


def test_points_the_events_do_not_itemise_are_booked_as_such():
    # a variant that reports (part of) its scores only as the end result
    events = [Event("score", "Player 1 +2", 0, 2, {"reason": "bonus"})]
    assert points_by_reason(events, [5, 3]) == [{"bonus": 2, UNITEMISED: 3},
                                                {UNITEMISED: 3}]


def test_the_market_itemises_its_points_by_colour():
    record = play_task(market_plan(1).tasks()[0])
    for seat, score in enumerate(record["scores"]):
        assert UNITEMISED not in record["points"][seat]
        assert sum(record["points"][seat].values()) == score
    assert set().union(*record["points"]) <= set(COLOURS)


def test_a_shared_win_counts_one_half_for_each_winner():
    base = {"arm": 0, "seats": ["easy", "easy"], "first": 0, "length": 10,
            "points": [{}, {}]}
    records = [dict(base, scores=[5, 5], winners=[0, 1]),
               dict(base, scores=[7, 2], winners=[0])]
    arm = summarise(records, ["x"])[0]
    assert [s.wins for s in arm.seats] == [1.5, 0.5]
    assert sum(s.rate for s in arm.seats) == pytest.approx(1.0)


def test_seats_rotate_so_each_level_plays_first_in_turn():
    # Hard at the plan's 4 iterations decides faster than Normal's beam: the same rotation
    records = [play_task(t) for t in market_plan(2, ("hard", "easy")).tasks()]
    assert [r["seats"] for r in records] == [["hard", "easy"], ["easy", "hard"]]
    assert [r["seed"] for r in records] == [5, 6]


# ---------------------------------------------------------------------------------------
# same seeds, same numbers
# ---------------------------------------------------------------------------------------
def test_the_results_do_not_depend_on_the_number_of_jobs():
    tasks = market_plan(4, ("hard", "easy")).tasks()
    alone = run_tasks(tasks, jobs=1, progress=False)
    spread = run_tasks(tasks, jobs=2, progress=False)
    assert records_text(spread) == records_text(alone)
    assert [r["game"] for r in spread] == [0, 1, 2, 3]


def test_the_results_do_not_depend_on_the_backend():
    """A Dask cluster on this machine (threads in this process), reached by its scheduler
    address as a real cluster would be, plays exactly the games of a local run."""
    from distributed import LocalCluster

    tasks = market_plan(3, ("hard", "easy")).tasks()
    local = run_tasks(tasks, jobs=1, progress=False)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      protocol="tcp://", host="127.0.0.1", dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        remote = run_tasks(tasks, backend="dask", scheduler=cluster.scheduler_address,
                           progress=False)
    assert records_text(remote) == records_text(local)


# ---------------------------------------------------------------------------------------
# mistakes get a sentence and exit code 2
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "message"), [
    (["nowhere"], "unknown variant 'nowhere'"),
    (["mexica", "--sweep", "ap_per_turn"], "write it as NAME=V1,V2"),
    (["mexica", "--sweep", "ap_per_turn=5,,6"], "a value is empty"),
    (["mexica", "--sweep", "ap_per_turn=5,six"],
     "mexica with ap_per_turn=six: invalid options for mexica"),
    (["mexica", "--sweep", "nothing=1,2"], "unknown parameter for mexica"),
    (["aztlan", "--bots", "easy,easy"], "Aztlán is for 3-4 players, not 2"),
    (["mexica", "--bots", "easy,easy", "--players", "3"], "--bots names 2 seats"),
    (["mexica", "--bots", "easy,wizard"], "unknown computer level 'wizard'"),
    (["mexica", "--bots", "hard,easy", "--sweep", "hard:courage=1,2"],
     "the hard bot has no option 'courage'"),
    (["mexica", "--bots", "easy", "--bot-option", "hard:exploration=1"],
     "no hard bot plays"),
    (["mexica", "--scheduler", "tcp://127.0.0.1:1"], "add --backend dask"),
    (["mexica-2p-neutral", "aztlan", "--bots", "easy"], "no player count in common"),
])
def test_bad_arguments_are_refused_with_a_sentence(capsys, tmp_path, argv, message):
    code, _out, err = balance(capsys, *argv, "--games", "1", "--out", str(tmp_path))
    assert code == 2
    assert message in err
    assert "Traceback" not in err
    assert not (tmp_path / "games.jsonl").exists()


def test_a_missing_extra_names_the_pip_command(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(extras, "missing", lambda extra: ["matplotlib"])
    code, _out, err = balance(capsys, "mexica", "--out", str(tmp_path))
    assert code == 2
    assert 'pip install "aztec-arcade[lab]"' in err
