"""The aztec-arcade command line, called in-process through ``main`` and once as a
subprocess (``python -m game``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game
from game.cli import main
from game.core.registry import Registry, get_registry, reset_registry

ROOT = Path(__file__).resolve().parent.parent

GOOD_VARIANT = """\
id: mexica-quick
name: Mexica (quick)
extends: mexica
parameters:
  ap_per_turn: 5
"""

BAD_VARIANT = """\
id: mexica-broken
name: Broken
extends: mexica
parameters:
  ap_per_turn: six
  costs:
    canal: -1
"""


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(tmp_path / "home"))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert game.__version__ in out


def test_list_shows_variants_and_where_they_come_from(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert "mexica" in out and "Mexica" in out
    assert "2-4 players" in out
    spec = get_registry().variants["mexica"]
    assert spec.provider in out
    assert spec.source in out


def test_list_shows_broken_plugins_and_variants(capsys, tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "bad-variant.yaml").write_text(BAD_VARIANT, encoding="utf-8")
    (folder / "crashes.py").write_text("raise RuntimeError('boom at import')\n",
                                       encoding="utf-8")
    reset_registry(Registry(plugin_folder=str(folder), entry_points=False))
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert "Could not be loaded" in out
    assert "mexica-broken" in out
    assert "bad-variant.yaml:5: parameters.ap_per_turn" in out
    assert "boom at import" in out


def test_validate_good_file(capsys, tmp_path):
    path = tmp_path / "quick.yaml"
    path.write_text(GOOD_VARIANT, encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0
    assert out.strip() == f"OK {path}"


def test_validate_shipped_variant(capsys):
    path = ROOT / "variants" / "mexica" / "mexica.yaml"
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0, out
    assert f"OK {path}" in out


def test_validate_bad_file_reports_every_problem_with_lines(capsys, tmp_path):
    good = tmp_path / "quick.yaml"
    good.write_text(GOOD_VARIANT, encoding="utf-8")
    bad = tmp_path / "broken.yaml"
    bad.write_text(BAD_VARIANT, encoding="utf-8")
    code, out, err = run(capsys, "validate", str(good), str(bad))
    assert code == 1
    assert f"OK {good}" in out
    assert f"{bad}:5: parameters.ap_per_turn: expected a whole number" in out
    assert f"{bad}:7: parameters.costs.canal: must be at least 0" in out
    assert "Traceback" not in out + err


def test_validate_unknown_parent_and_yaml_syntax(capsys, tmp_path):
    orphan = tmp_path / "orphan.yaml"
    orphan.write_text("id: orphan\nextends: no-such-variant\n", encoding="utf-8")
    syntax = tmp_path / "syntax.yaml"
    syntax.write_text("id: x\nname: [unclosed\nplayers: 2\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(orphan), str(syntax))
    assert code == 1
    assert f"{orphan}:2: extends: extends unknown variant 'no-such-variant'" in out
    assert f"{syntax}:" in out and "YAML syntax" in out


def test_validate_does_not_change_the_registry(capsys, tmp_path):
    path = tmp_path / "quick.yaml"
    path.write_text(GOOD_VARIANT, encoding="utf-8")
    registry = get_registry()
    before = (dict(registry.variants), list(registry.broken))
    run(capsys, "validate", str(path))
    assert (registry.variants, registry.broken) == before
    assert "mexica-quick" not in registry.variants


def test_simulate_small(capsys):
    code, out, _ = run(capsys, "simulate", "--players", "2", "--games", "3", "--seed", "5")
    assert code == 0
    assert "3 games of 2 random players (seeds 5-7)" in out
    assert "Player 1" in out and "Player 2" in out and "Player 3" not in out
    assert "Mean game length" in out
    assert "games/s" in out


def test_simulate_is_reproducible(capsys):
    _, first, _ = run(capsys, "simulate", "--players", "3", "--games", "2", "--seed", "9")
    _, second, _ = run(capsys, "simulate", "--players", "3", "--games", "2", "--seed", "9")
    strip = [line for line in first.splitlines() if not line.startswith("Speed")]
    assert strip == [line for line in second.splitlines() if not line.startswith("Speed")]


def test_play_prints_log_events_and_scores(capsys, tmp_path):
    save = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "3", "--save", str(save))
    assert code == 0
    assert "seed 3" in out
    assert "start " in out
    assert "+" in out and "place 1" in out  # score events with their reasons
    assert "Final scores:" in out
    assert "Winner" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["players"] == 2 and data["seed"] == 3 and data["log"]


def test_no_subcommand_opens_the_client(capsys, monkeypatch):
    """Bare ``aztec-arcade`` is ``aztec-arcade play``: it opens the game window."""
    import game.cli.commands as commands

    opened = []
    monkeypatch.setattr(commands, "_start_client", lambda args: opened.append(args) or 0)
    code, _out, _ = run(capsys)
    assert code == 0
    assert len(opened) == 1


def test_play_jobs_lets_the_clients_hard_players_think_with_that_many_processes(
        capsys, monkeypatch):
    import game.ai as ai
    import game.cli.commands as commands

    monkeypatch.setattr(commands, "_start_client", lambda args: 0)
    monkeypatch.setattr(ai, "_CLIENT", {"workers": 1})
    code, _out, _ = run(capsys, "play", "--jobs", "2")
    assert code == 0
    hard, normal = ai.client_bot("hard", seed=1), ai.client_bot("normal", seed=1)
    assert isinstance(hard, ai.MCTSBot) and hard.workers == 2
    assert hard.budget.seconds == ai.CLIENT_SECONDS and hard.budget.iterations is None
    assert isinstance(normal, ai.GreedyBot)


def test_headless_play_prints_a_random_game(capsys):
    code, out, _ = run(capsys, "play", "--headless")
    assert code == 0
    assert "random players" in out
    assert "Final scores:" in out


def test_replay_of_a_saved_game(capsys, tmp_path):
    save = tmp_path / "game.json"
    assert main(["play", "--players", "3", "--seed", "21", "--save", str(save)]) == 0
    played = capsys.readouterr().out
    code, out, _ = run(capsys, "replay", str(save))
    assert code == 0
    assert "The replay matches the saved state." in out
    final = played[played.index("Final scores:"):].splitlines()[:4]
    assert "\n".join(final) in out


def test_replay_of_an_unfinished_game(capsys, tmp_path):
    from game.api import new_game
    from game.core.rng import Rng

    g = new_game("mexica", players=2, seed=4)
    rng = Rng(4)
    for _ in range(25):
        g.apply(g.playout_action(rng))
    assert not g.is_over
    save = tmp_path / "half.json"
    save.write_text(g.to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(save))
    assert code == 0
    assert "the game is not over" in out
    assert "matches" in out


def test_replay_reports_divergence(capsys, tmp_path):
    from game.api import new_game

    g = new_game("mexica", players=2, seed=4)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    data = g.to_dict()
    data["state"]["scores"] = [99, 0]
    save = tmp_path / "tampered.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(save))
    assert code == 1
    assert "DIVERGES" in out and "scores" in out

    data = g.to_dict()
    data["log"][3] = "teleport a1"
    save.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(save))
    assert code == 1
    assert "DIVERGES at action 4" in out


@pytest.mark.parametrize("damage", ["junk action", "seed", "later state"])
def test_replay_and_load_game_agree_on_a_save_that_does_not_match_its_log(
        capsys, tmp_path, damage):
    from game.api import SaveError, load_game, new_game
    from game.core.rng import Rng

    g = new_game("tlatelolco-market", players=3, seed=4)
    rng = Rng(4)
    for _ in range(20):
        g.apply(g.playout_action(rng))
    data = g.to_dict()
    if damage == "junk action":
        data["log"].insert(9, "xyzzy 99")
    elif damage == "seed":
        data["seed"] = 5
    else:
        g.apply(g.playout_action(rng))
        data["state"] = g.to_dict()["state"]
    save = tmp_path / "edited.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        load_game(save.read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "replay", str(save))
    assert code == 1
    if damage == "junk action":
        assert "action 10 of 21 ('xyzzy 99')" in str(info.value)
        assert "Replay DIVERGES at action 10 ('xyzzy 99')" in out
    else:
        assert "after replaying all 20 actions" in str(info.value)
        problem = str(info.value).split("after replaying all 20 actions, ")[1]
        assert f"Replay DIVERGES from the saved state: {problem}" in out


def test_replay_of_a_corrupt_file(capsys, tmp_path):
    save = tmp_path / "corrupt.json"
    save.write_bytes(b"{half a save")
    code, out, err = run(capsys, "replay", str(save))
    assert code == 2
    assert "corrupt.json" in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in out + err
    assert save.read_bytes() == b"{half a save"


@pytest.mark.parametrize("argv, message", [
    (["play", "--variant", "nope"], "unknown variant 'nope'"),
    (["play", "--players", "9", "--seed", "1"], "2-4 players, not 9"),
    (["play", "--players", "two"], "whole number"),
    (["simulate", "--games", "-3"], "at least 1"),
    (["simulate", "--games", "0"], "at least 1"),
    (["simulate", "--players", "1", "--games", "1"], "2-4 players, not 1"),
    (["play", "--seed", "x"], "seed must be a whole number"),
    (["play", "--jobs", "0"], "at least 1"),
    (["play", "-o", "bot_weights={hard: {token_value: -1}}", "--seed", "1"],
     "bot_weights.hard.token_value: must be at least 0, got -1"),
    (["play", "--seed", "1", "-o", "ap_per_turn"], "NAME=VALUE"),
    (["play", "--seed", "1", "-o", "no_such=1"], "unknown parameter"),
    (["play", "--seed", "1", "-o", "costs..canal=1"], "NAME=VALUE"),
    (["play", "--seed", "1", "-o", "costs.nothing=1"], "costs.nothing"),
    (["replay", "/no/such/save.json"], "save.json"),
    (["play", "--seed", "1", "--save", "/no/such/dir/game.json"], "cannot save to"),
    (["validate"], "the following arguments are required"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_exit_2_without_traceback(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in out + err


def test_a_dotted_option_sets_one_key_and_keeps_the_rest_of_the_parameter():
    """``-o costs.canal=1`` changes the canal's cost only, as ``balance --sweep`` does."""
    from game.api import new_game
    from game.cli.options import parse_options

    options = parse_options(["costs.canal=1", "costs.bridge=2", "ap_per_turn=5"])
    assert options == {"costs": {"canal": 1, "bridge": 2}, "ap_per_turn": 5}
    table = new_game("mexica", 2, seed=1, options=options).rules.table
    usual = new_game("mexica", 2, seed=1).rules.table
    assert (table.c_canal, table.c_bridge, table.ap_per_turn) == (1, 2, 5)
    assert (table.c_step, table.c_teleport) == (usual.c_step, usual.c_teleport)


@pytest.mark.slow
def test_python_m_game_list():
    env = dict(os.environ)
    env["AZTEC_ARCADE_HOME"] = str(ROOT / "tests" / "no-such-home")
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    done = subprocess.run([sys.executable, "-m", "game", "list"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "mexica" in done.stdout
    assert "Traceback" not in done.stderr


def test_a_plugin_bug_is_reported_without_a_traceback(capsys, monkeypatch):
    """An engine that raises mid-game names the failing module and exits 3, no traceback."""
    import variants.mexica.rules as mexica_rules

    # the engine's own code raising: a function whose globals are the plugin module's
    scope = dict(vars(mexica_rules))
    exec("def boom(self, state):\n    raise RuntimeError('kaboom')\n", scope)
    boom = scope["boom"]

    monkeypatch.setattr(mexica_rules.MexicaRules, "legal_actions", boom)
    monkeypatch.setattr(mexica_rules.MexicaRules, "playout_action",
                        lambda self, state, rng: boom(self, state))
    code = main(["simulate", "--variant", "mexica", "--players", "2", "--games", "1"])
    err = capsys.readouterr().err
    assert code == 3
    assert "the plugin module 'variants.mexica.rules' failed (RuntimeError: kaboom)" in err
    assert "Traceback" not in err


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="elsewhere SDL finds a screen without DISPLAY")
def test_no_display_is_one_clear_line_naming_a_command_that_works_here():
    """Without a screen SDL prints a stray line of its own (XDG_RUNTIME_DIR); the player
    reads only ours, whose hint works from the checkout."""
    root = Path(__file__).resolve().parent.parent
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, "-m", "game", "play", "--frames", "1"], cwd=root,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "XDG_RUNTIME_DIR" not in done.stderr, done.stderr
    assert lines[0].startswith("aztec-arcade: error: no display is available")
    assert lines[0].endswith("To play without a window: python3 tasks.py play --headless")
