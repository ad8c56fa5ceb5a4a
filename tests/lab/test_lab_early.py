"""The balance lab fails early and clearly: a report folder that cannot be written, or an
optional library that does not import, is one line and exit code 2 before the first
game; a real bug names the module that failed (a plugin only when it is a plugin's),
never the standard library's; small mistakes of the command line read right.

"Before the first game" is shown by the lab's test hook (``game.lab.play.TEST_ENV``):
with ``hold 0 GATE`` and GATE already there, the first game to begin writes GATE.pid and
goes on at once; no GATE.pid, no game began.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

from game.cli import main
from game.core.cores import most_processes
from game.core.errors import ConfigError, failure_origin
from game.lab.play import TEST_ENV

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def gate(tmp_path, monkeypatch) -> Path:
    """A hook that notes (GATE.pid) whether any game began."""
    door = tmp_path / "gate"
    door.touch()
    monkeypatch.setenv(TEST_ENV, f"hold 0 {door}")
    return door


def begun(door: Path) -> bool:
    return Path(f"{door}.pid").exists()


def balance(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_hook_shows_when_a_game_begins(tmp_path, capsys, gate):
    code, _out, err = balance(capsys, "mexica", "--games", "1", "--bots", "easy", "--out",
                              str(tmp_path / "report"))
    assert code == 0, err
    assert begun(gate)


# ---------------------------------------------------------------------------------------
# the report's folder
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("where", "message"), [
    ("afile", "is a file, not a folder"),
    ("afile/report", "cannot write the report into --out"),
    ("/dev/null", "is a file, not a folder"),
    ("/proc/aztec-arcade-report", "cannot write the report into --out"),
])
def test_an_out_that_cannot_be_written_is_refused_before_the_first_game(
        tmp_path, capsys, gate, monkeypatch, where, message):
    if where.startswith(("/dev", "/proc")) and not Path(where).parent.is_dir():
        pytest.skip(f"no {Path(where).parent} here")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("a file in the way\n")
    code, _out, err = balance(capsys, "mexica", "--games", "1", "--bots", "easy", "--out",
                              where)
    assert code == 2
    assert message in err and err.count("\n") == 1, err
    assert "Traceback" not in err and "This is a bug" not in err
    assert not begun(gate)
    assert (tmp_path / "afile").read_text() == "a file in the way\n"


def test_the_probe_leaves_nothing_behind(tmp_path, capsys):
    out = tmp_path / "report"
    code, _out, err = balance(capsys, "mexica", "--games", "1", "--bots", "easy", "--out",
                              str(out))
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == ["games.jsonl", "plan.json",
                                                     "report.html"]


# ---------------------------------------------------------------------------------------
# a missing extra
# ---------------------------------------------------------------------------------------
#: Starts the command with some modules found but failing to import, as a broken install
#: (a library of their own missing) or an uninstalled extra does.
BROKEN_IMPORTS = textwrap.dedent("""
    import importlib.abc, importlib.machinery, sys

    REFUSED = set(sys.argv[1].split(","))

    class Broken(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in REFUSED:
                return importlib.machinery.ModuleSpec(name, self)
            return None

        def create_module(self, spec):
            return None

        def exec_module(self, module):
            raise ImportError(f"libthing.so.1: cannot open shared object file "
                              f"({module.__name__})")

    sys.meta_path.insert(0, Broken())
    from game.cli import main
    sys.exit(main(sys.argv[2:]))
""")


@pytest.mark.slow
@pytest.mark.parametrize(("modules", "argv", "extra"), [
    ("matplotlib", [], "lab"),
    ("tqdm", [], "lab"),
    ("dask,distributed", ["--backend", "dask"], "cluster"),
])
def test_a_missing_extra_is_one_line_naming_the_pip_command(tmp_path, modules, argv,
                                                            extra):
    door = tmp_path / "gate"
    door.touch()
    env = dict(os.environ, **{TEST_ENV: f"hold 0 {door}"})
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", BROKEN_IMPORTS, modules, "balance", "mexica", "--games", "1",
         "--bots", "easy", "--no-progress", "--out", str(tmp_path / "report"), *argv],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert f'pip install "aztec-arcade[{extra}]"' in done.stderr
    assert repr(modules.split(",")[0]) in done.stderr
    assert "This is a bug" not in done.stderr and "plugin" not in done.stderr
    assert not begun(door)


# ---------------------------------------------------------------------------------------
# a bug names the module that failed
# ---------------------------------------------------------------------------------------
def failing_module(name: str):
    """A module called ``name`` whose ``fail()`` has the standard library raise."""
    module = types.ModuleType(name)
    exec("import json\ndef fail():\n    return json.loads('{')\n", module.__dict__)
    return module


@pytest.mark.parametrize(("name", "origin"), [
    ("game.lab.pretend", "Aztec Arcade (game.lab.pretend)"),
    ("variants.pretend.rules", "the plugin module 'variants.pretend.rules'"),
    ("aztec_arcade_dropin_pretend", "the plugin module 'aztec_arcade_dropin_pretend'"),
])
def test_the_failing_frame_is_the_innermost_of_ours_or_a_plugins(name, origin):
    with pytest.raises(ValueError) as caught:
        failing_module(name).fail()
    assert failure_origin(caught.value) == origin  # not json.decoder, a library


CRASHY = textwrap.dedent("""
    from game.modkit import hookimpl
    from variants.mexica.rules import MexicaRules


    class CrashyRules(MexicaRules):
        engine_id = "crashy"

        def legal_actions(self, state):
            raise RuntimeError("kaboom in a plugin")


    @hookimpl
    def register_rules(register):
        register(CrashyRules)
""")


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_plugins_bug_in_a_worker_names_the_plugin_and_the_game(tmp_path, jobs):
    """A drop-in plugin whose engine raises: the message names its module and the game,
    in this process or from a worker process (never concurrent.futures)."""
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "crashy.py").write_text(CRASHY)
    (folder / "crashy.yaml").write_text("id: crashy\nextends: mexica\nplugin: crashy\n"
                                        "name: Crashy\n")
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.yaml").write_text(f"plugin_folder: {folder}\n")
    env = dict(os.environ, AZTEC_ARCADE_HOME=str(home))
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "game", "balance", "crashy", "--games", "2", "--bots", "easy",
         "--seed", "4", "-j", jobs, "--no-progress", "--out", str(tmp_path / "report")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 3, done.stderr
    error = done.stderr.strip().splitlines()[-1]
    # both games crash; with two workers either may be the first to report: the message
    # names the game it comes from, with that game's own seed (game n plays seed 3 + n)
    named = [f"in game {n} of crashy (seed {3 + n}) " for n in (1, 2)]
    assert any(game in error for game in named), error
    assert error.startswith("aztec-arcade: error: the plugin module "
                            "'aztec_arcade_dropin_crashy' in game "), error
    assert error.endswith("failed (RuntimeError: kaboom in a plugin). This is a bug, not "
                          "something you did; set AZTEC_ARCADE_DEBUG=1 for the traceback."), error
    if jobs == "1":  # one worker: the games come in order
        assert named[0] in error, error
    assert "concurrent" not in done.stderr and "Traceback" not in done.stderr


# ---------------------------------------------------------------------------------------
# small ones
# ---------------------------------------------------------------------------------------
def test_balance_help_shows_one_percent_sign(capsys):
    assert main(["balance", "--help"]) == 0
    out = capsys.readouterr().out
    assert "95% intervals" in out and "%%" not in out


def test_a_23_digit_number_of_games_is_said_to_be_too_large(capsys, tmp_path):
    code, _out, err = balance(capsys, "mexica", "--games", "1" * 23, "--out", str(tmp_path))
    assert code == 2
    assert ("the number of games must be a whole number at most 1000000000, got a number "
            "of 23 digits") in err


def test_jobs_are_capped_at_four_per_core(capsys, tmp_path):
    most = most_processes()
    for jobs in (str(most + 1), "1" * 10):
        code, _out, err = balance(capsys, "mexica", "-j", jobs, "--out", str(tmp_path))
        assert code == 2
        assert f"the number of jobs must be a whole number at most {most} (4 per core" in err \
            or f"the number of jobs must be at most {most} (4 per core" in err
        assert f"this machine has {os.cpu_count()} core" in err
    assert not (tmp_path / "games.jsonl").exists()


def test_new_variant_into_a_file_says_it_is_a_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x")
    assert main(["new-variant", "modtest-race", "--dir", "afile"]) == 2
    err = capsys.readouterr().err
    assert "'afile' is a file, not a folder" in err and "does not exist" not in err


def test_a_sweeps_value_is_read_within_the_limits_of_every_file():
    # the lab read its command line's values with plain yaml.safe_load: an alias bomb of
    # a hundred characters there made a hundred thousand values
    from game.lab.plan import read_value

    assert read_value("[5, 6]", "ap_per_turn") == [5, 6]
    bomb = ("[&a [1,1,1,1,1,1,1,1,1,1], &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a], "
            "&c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b], &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c], "
            "[*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]]")
    with pytest.raises(ConfigError, match="cannot read the value"):
        read_value(bomb, "hard:exploration")
