"""Hard's own options are held to the bounds a variant file's are: a number that is not
finite (``nan``, ``inf``, YAML's ``.nan``) is refused with one line, exit 2, never "This is a
bug"; and Hard asks for at most the processes ``game.core.cores.most_processes`` allows, the
refusal naming that cap."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game import ai, cli
from game.ai import make_bot
from game.api import new_game
from game.core.cores import most_processes
from game.core.errors import ConfigError
from tests.processes import PATIENCE


def balance(capsys, tmp_path, *options: str) -> tuple[int, str]:
    """``aztec-arcade balance`` of one Mexica game, Hard against Normal; exit code, stderr."""
    code = cli.main(["balance", "mexica", "--bots", "hard,normal", "--games", "1",
                     "--iterations", "10", "--no-progress", "--out", str(tmp_path / "out"),
                     *options])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("typed", ["nan", ".nan", "inf", "-inf", ".inf", "-.inf", "1e999"])
def test_a_search_setting_that_is_not_finite_is_refused_in_one_line(capsys, tmp_path,
                                                                    typed):
    code, err = balance(capsys, tmp_path, "--bot-option", f"hard:exploration={typed}")
    assert code == 2
    assert "exploration: must be a finite number, got" in err
    assert "bug" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()  # refused before any game


@pytest.mark.parametrize("option", ["widening", "prior_visits"])
def test_every_fractional_search_setting_refuses_nan(option):
    with pytest.raises(ConfigError, match=f"{option}: must be a finite number, got nan"):
        make_bot("hard", **{option: float("nan")})


def test_an_own_weight_that_is_not_finite_is_refused():
    with pytest.raises(ValueError, match="'token_value' must be a finite number, got inf"):
        make_bot("hard", weights={"token_value": float("inf")})


@pytest.mark.parametrize("written", [".nan", ".inf", "-.inf", "nan"])
def test_a_variant_file_number_that_is_not_finite_is_refused(written):
    """The same check, where it lives: every number field of a variant's parameters (here
    a weight of Hard's evaluation), whatever YAML made of the text."""
    import yaml

    value = yaml.safe_load(written)
    with pytest.raises(ConfigError) as err:
        new_game("mexica", 2, seed=1, options={"bot_weights": {"hard": {"token_value": value}}})
    assert "bot_weights.hard.token_value: must be a finite number, got" in str(err.value)


@pytest.mark.slow
def test_hard_asks_for_at_most_the_processes_the_machine_allows(tmp_path):
    """In a process of its own, with a bound: a billion processes asked for, and not
    refused, would build a billion seeds before the first move (the defect this checks)."""
    cap = most_processes()
    run = subprocess.run(
        [sys.executable, "-m", "game", "balance", "mexica", "--bots", "hard,normal",
         "--games", "1", "--iterations", "10", "--no-progress", "--out",
         str(tmp_path / "out"), "--bot-option", "hard:workers=1000000000"],
        capture_output=True, text=True, timeout=PATIENCE)
    assert run.returncode == 2
    assert f"workers must be at most {cap} on this machine" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    with pytest.raises(ConfigError, match=f"at most {cap} "):
        make_bot("hard", workers=cap + 1)
    assert make_bot("hard", workers=cap).workers == cap  # type: ignore[attr-defined]


def test_the_window_asks_for_at_most_the_processes_the_machine_allows(monkeypatch):
    """``aztec-arcade play --jobs``: the same cap, the same sentence."""
    monkeypatch.setitem(ai._CLIENT, "workers", 1)
    with pytest.raises(ConfigError, match=f"at most {most_processes()} on this machine"):
        ai.set_client_workers(most_processes() + 1, offload=True)
    assert ai._CLIENT["workers"] == 1
