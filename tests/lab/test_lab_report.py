"""The balance report as a designer reads it: each reason in its own colour (the game's
where it has one: the Market's commodities in their tokens' colours), the same in every
chart and report; the game's length in turns as well as actions; each computer level's
win rate in the summary; a win rate of 0 % or 100 % drawn whole."""

from __future__ import annotations

import json
import re

import pytest

from game.ai.arena import play_match
from game.cli import main
from game.core.registry import get_registry
from game.lab.plan import make_plan
from game.lab.play import play_task
from game.lab.report import RATE_MARGIN, rates_figure, rates_plot, reason_colours
from game.lab.stats import Rate, summarise


def balance(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def hex_of(rgb: tuple[int, int, int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb)


# ---------------------------------------------------------------------------------------
# colours
# ---------------------------------------------------------------------------------------
def test_the_markets_commodities_are_drawn_in_their_tokens_colours(capsys, tmp_path):
    from variants.market.view.paint import COMMODITY

    code, _out, err = balance(capsys, "tlatelolco-market", "--games", "2", "--bots", "easy",
                              "--out", str(tmp_path))
    assert code == 0, err
    page = (tmp_path / "report.html").read_text()
    svg = page[page.index("Where the points come from</h2>"):]
    drawn = {why for line in (tmp_path / "games.jsonl").read_text().splitlines()
             for seat in json.loads(line)["points"] for why in seat}
    assert len(drawn) >= 3
    for why in drawn:
        board = hex_of(COMMODITY[why])
        # the legend's swatch in the table and the bars in the chart
        assert f'background:{board}"></span>{why}' in page
        assert f"fill: {board.lower()}" in svg.lower()


def test_a_reason_keeps_its_colour_whatever_its_rank():
    market = get_registry().variants["tlatelolco-market"].colours
    by_rank = reason_colours(["green", "red", "black", "blue"], {"m": market})
    other_rank = reason_colours(["blue", "black"], {"m": market})
    assert by_rank["black"] == other_rank["black"] == "#222228"
    assert by_rank["blue"] == other_rank["blue"] == "#2874EC"
    # reasons the variant gives no colour: chosen by name, the same in every report
    alone = reason_colours(["bonus"], {})
    assert reason_colours(["zebra", "bonus"], {})["bonus"] == alone["bonus"]
    # and never the same colour twice in one chart
    many = reason_colours([f"reason{k}" for k in range(8)], {})
    assert len(set(many.values())) == 8


def test_the_built_in_games_give_their_reasons_distinct_colours():
    colours = {v: spec.colours for v, spec in get_registry().variants.items()}
    assert colours["mexica-festival"] == colours["mexica"]  # inherited with extends
    every = [c for v in ("mexica", "aztlan", "tlatelolco-market") for c in
             colours[v].values()]
    assert len(every) == len(set(every))


def test_a_colour_that_is_not_a_colour_is_refused(tmp_path, capsys):
    path = tmp_path / "odd.yaml"
    path.write_text("id: odd\nextends: mexica\ncolours: {district: red}\n")
    assert main(["validate", str(path)]) == 1
    assert "colours.district" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------
# length in turns
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [3, 4])
def test_a_mexica_turn_is_what_a_player_counts_as_one(seed):
    """In Mexica a player's turn ends with 'end', and placing the leader at the start
    is a turn of its own: that many turns."""
    task = make_plan(["mexica"], ["easy"], 2, 1, seed, 4, None, [], []).tasks()[0]
    record = play_task(task)
    log = play_match(task.variant, task.levels, task.index, task.seed, task.options,
                     iterations=task.iterations).game.log
    assert len(log) == record["length"]
    assert record["turns"] == log.count("end") + sum(a.startswith("start ") for a in log)


def test_a_sweep_of_what_a_turn_allows_shows_in_actions_not_in_turns(capsys, tmp_path):
    code, out, err = balance(capsys, "tlatelolco-market", "--sweep", "pass.moves=1,3",
                             "--games", "2", "--bots", "easy", "--out", str(tmp_path))
    assert code == 0, err
    records = [json.loads(line) for line in
               (tmp_path / "games.jsonl").read_text().splitlines()]
    assert all(r["turns"] < r["length"] for r in records)
    page = (tmp_path / "report.html").read_text()
    assert "mean turns" in page and "turns per game" in page and "rounds" in page
    assert re.search(r"pass\.moves=1: .*mean length \d+ turns, \d+ actions", out)


# ---------------------------------------------------------------------------------------
# levels
# ---------------------------------------------------------------------------------------
def test_the_summary_has_each_levels_win_rate(capsys, tmp_path):
    code, out, err = balance(capsys, "tlatelolco-market", "--games", "2", "--bots",
                             "normal,easy", "--out", str(tmp_path))
    assert code == 0, err
    records = [json.loads(line) for line in
               (tmp_path / "games.jsonl").read_text().splitlines()]
    arm = summarise(records, ["tlatelolco-market"])[0]
    page = (tmp_path / "report.html").read_text()
    summary = page[page.index("<h2>Summary</h2>"):page.index("<h2>Win rate by seat")]
    assert "<th>Normal wins</th>" in summary and "<th>Easy wins</th>" in summary
    for level, name in (("normal", "Normal"), ("easy", "Easy")):
        assert f"{100 * arm.levels[level].rate:.1f}% [" in summary
        assert f"{name} {100 * arm.levels[level].rate:.0f}%" in out


@pytest.mark.parametrize("wins", [0, 6])
def test_a_win_rate_of_none_or_all_is_drawn_whole(wins):
    """Six games won of six: Wilson's upper bound is a hair under 100 %, which once made
    the plot refuse a negative error bar; the dot at 0 % or 100 % is not cut in half."""
    from game.lab.stats import ArmSummary

    arm = ArmSummary("x", seats=[Rate(wins, 6), Rate(6 - wins, 6)])
    rates_figure([arm], ["Seat 1", "Seat 2"], [arm.seats], "rates", 0.5)  # draws
    fig = rates_plot([arm], ["Seat 1", "Seat 2"], [arm.seats], "rates", 0.5)
    ax = fig.axes[0]
    low, high = ax.get_ylim()
    assert low <= -RATE_MARGIN / 2 and high >= 1 + RATE_MARGIN / 2
    dots = [line for line in ax.lines if line.get_marker() == "o"]
    assert len(dots) == 2 and not any(dot.get_clip_on() for dot in dots)


def test_the_length_tables_median_is_the_one_the_box_plot_draws():
    # an even count of games: the middle two's mean, as matplotlib's box draws it (the
    # table once named the upper one, 68 beside a box whose line stood at 64)
    from game.lab.report import _median

    assert _median([44, 52, 60, 68, 70, 78]) == "64"
    assert _median([1, 2]) == "1.5"
    assert _median([5, 1, 3]) == "3"
