"""A fitted evaluation (issue 38): Mexica's evaluation as terms per seat (its score, what
its districts are expected to bring, its AP tokens, the levels in its hand, the seats that
move before it...), weighed with coefficients fitted to the final scores of Normal's games
(``tools/fit_evaluation.py``, the result in the variant file's ``bot_fit``) when a level's
weights say ``fitted: 1``."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from game.ai import make_bot
from game.api import ConfigError, Game, new_game
from tools import fit_evaluation
from variants.mexica.bot_values import TERMS


def _midgame(seed: int = 5, options: dict | None = None) -> Game:
    game = new_game("mexica", 3, seed=seed, options=options)
    normal = make_bot("normal", seed=1)
    for _ in range(60):
        seat = game.current_player
        game.apply(normal.choose(game.rules, game.view(seat), list(game.legal_actions())))
    return game


def _turn_start(game: Game) -> None:
    normal = make_bot("normal", seed=1)
    while game.rules.evaluation_terms(game.state) is None:
        seat = game.current_player
        game.apply(normal.choose(game.rules, game.view(seat), list(game.legal_actions())))


def test_a_turns_start_gives_every_seats_terms_and_a_periods_coefficients():
    game = _midgame()
    _turn_start(game)
    state = game.state
    name, terms = game.rules.evaluation_terms(state)
    assert name == f"players_3_period_{state.period}"
    assert len(terms) == 3 and all(len(row) == len(TERMS) for row in terms)
    column = {t: [row[i] for row in terms] for i, t in enumerate(TERMS)}
    assert column["score"] == list(map(float, state.scores))
    assert column["tokens"] == list(map(float, state.ap_tokens))
    assert column["hand"] == [float(sum(h)) for h in state.hands]
    # the seat to move waits for nobody, the next one for one seat, the last for two
    assert column["wait"][state.turn] == 0
    assert sorted(column["wait"]) == [0.0, 1.0, 2.0]
    # mid-turn (an action spent) there is nothing to fit
    seat = state.turn
    move = next(a for a in game.legal_actions() if not a.startswith("end"))
    game.apply(move)
    if game.current_player == seat and game.state.phase == "play":
        assert game.rules.evaluation_terms(game.state) is None


def test_fitted_weights_weigh_the_terms_with_the_files_coefficients():
    game = _midgame()
    rules, state = game.rules, game.state
    coefs = rules.params["bot_fit"][f"players_3_period_{state.period}"]
    hard = {**rules.params["bot_weights"]["hard"], "fitted": 1.0}
    expected = [sum(c * t for c, t in zip(coefs, row, strict=True))
                for row in rules.ai_terms(state, hard)]
    assert rules.ai_values(state, hard) == pytest.approx(expected)
    # unfitted, the hand-set sum: the score and the districts' points count once each
    plain = {**hard, "fitted": 0.0}
    values = rules.ai_values(state, plain)
    assert values != pytest.approx(expected)
    hand = rules.hand_set_coefficients(plain)[f"players_3_period_{state.period}"]
    near = [sum(c * t for c, t in zip(hand, row, strict=True))
            for row in rules.ai_terms(state, plain)]
    assert values == pytest.approx(near)


def test_fitted_weights_without_coefficients_are_refused_by_name():
    with pytest.raises(ConfigError) as err:
        new_game("mexica", 3, seed=1, options={"bot_fit": None,
                                               "bot_weights": {"hard": {"fitted": 1}}})
    assert "bot_weights.hard.fitted" in str(err.value)
    assert "bot_fit" in str(err.value)


def test_a_player_count_without_coefficients_keeps_the_hand_set_sum():
    two = new_game("mexica", 2, seed=3, options={"bot_weights": {"hard": {"fitted": 1}}})
    rules, state = two.rules, two.state
    assert not any(name.startswith("players_2_") for name in rules.params["bot_fit"])
    hard = rules.params["bot_weights"]["hard"]
    assert rules.ai_values(state, hard) == rules.ai_values(state, {**hard, "fitted": 0.0})


def test_least_squares_finds_the_coefficients_that_made_the_targets():
    xs = [[float(i % 7), float((i * 3) % 5), 0.0] for i in range(40)]
    ys = [2.0 * a - 0.5 * b for a, b, _ in xs]
    coefs = fit_evaluation.solve(xs, ys, fallback=[9.0, 9.0, 0.25])
    assert coefs[:2] == pytest.approx([2.0, -0.5])
    assert coefs[2] == 0.25  # never varied: the hand-set coefficient is kept
    assert fit_evaluation.r2(xs, ys, coefs) == pytest.approx(1.0)


def test_the_fit_is_played_from_a_command_and_read_back_the_same(tmp_path: Path):
    data = tmp_path / "terms.jsonl"
    args = ["mexica", "--players", "3", "--games", "4", "--seed", "77", "--data", str(data)]
    outputs = []
    for _ in range(2):  # played, then read back from --data
        out = io.StringIO()
        with redirect_stdout(out):
            assert fit_evaluation.main(args) == 0
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1]
    games = [json.loads(line) for line in data.read_text().splitlines()]
    assert [g["seed"] for g in games] == [77, 78, 79, 80]
    assert all(len(g["scores"]) == 3 and g["rows"] for g in games)
    lines = outputs[0].splitlines()
    block = lines[lines.index("bot_fit:") + 1:]
    assert [line.split(":")[0].strip() for line in block] == [
        "players_3_period_1", "players_3_period_2"]
    for line in block:
        assert len(json.loads(line.split(":", 1)[1])) == len(TERMS)


def test_a_variant_without_terms_is_refused_before_any_game_is_played(capsys):
    with pytest.raises(SystemExit) as stop:
        fit_evaluation.main(["tlatelolco-market", "--players", "2", "--games", "2"])
    assert stop.value.code == 2
    assert "tlatelolco-market: its rules have no evaluation_terms hook" in \
        capsys.readouterr().err
