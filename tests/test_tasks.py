"""``tasks.py``: each command installs what it needs, once, and ``test FILE`` runs pytest
on that file alone.

pip itself is not run here (a real install takes tens of seconds and the network; the
figures of a real one on a fresh clone are in the README): the commands tasks.py would
run are recorded instead, against real stamp files in a temporary ``.venv``.
"""

from __future__ import annotations

import ast
import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def tasks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, list[list[str]]]:
    """tasks.py in a checkout of its own (this pyproject.toml), with a .venv whose
    python exists, and every command it runs recorded (and succeeding)."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "tests").mkdir()
    for name in ("test_tasks.py", "test_words.py"):
        (tmp_path / "tests" / name).touch()
    spec = importlib.util.spec_from_file_location("tasks_under_test", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").touch()
    monkeypatch.setattr(module, "ROOT", str(tmp_path))
    monkeypatch.setattr(module, "VENV", str(venv))
    monkeypatch.setattr(module, "VENV_PYTHON", str(venv / "bin" / "python"))
    monkeypatch.setattr(module, "STAMP", str(venv / ".aztec-arcade-installed"))
    ran: list[list[str]] = []

    def run(cmd: list[str], env: dict[str, str] | None = None) -> int:
        ran.append(list(cmd))
        return 0

    monkeypatch.setattr(module, "run", run)
    return module, ran


def pip_runs(ran: list[list[str]]) -> list[list[str]]:
    """The pip commands, from 'install' on."""
    return [cmd[cmd.index("install"):] for cmd in ran if "pip" in cmd]


def test_play_installs_the_game_with_the_remote_extra_only(tasks):
    module, ran = tasks
    module.ensure_venv("remote")
    assert pip_runs(ran) == [["install", "--quiet", "-e", ".[remote]"]]


def test_after_test_play_installs_nothing(tasks):
    module, ran = tasks
    module.ensure_venv("test")
    assert pip_runs(ran) == [["install", "--quiet", "-e", ".[test]"]]
    ran.clear()
    module.ensure_venv("remote")
    module.ensure_venv("test")
    assert pip_runs(ran) == []


def test_after_play_test_adds_only_what_is_missing(tasks):
    module, ran = tasks
    module.ensure_venv("remote")
    ran.clear()
    module.ensure_venv("test")
    (added,) = pip_runs(ran)
    names = [req.split(">")[0].split("<")[0].split("=")[0] for req in added[2:]]
    assert "pytest" in names and "matplotlib" in names and "open_spiel" in names
    assert "websockets" not in names and "segno" not in names  # the remote extra is in
    assert not any(n.startswith(("-e", ".", "aztec-arcade")) for n in names), \
        "the game itself is not installed again"
    ran.clear()
    module.ensure_venv("remote")
    module.ensure_venv("test")
    assert pip_runs(ran) == []


def test_a_changed_pyproject_installs_the_game_again(tasks, tmp_path):
    module, ran = tasks
    module.ensure_venv("test")
    with open(tmp_path / "pyproject.toml", "a") as handle:
        handle.write("\n# a new pin\n")
    ran.clear()
    module.ensure_venv("remote")
    assert pip_runs(ran) == [["install", "--quiet", "-e", ".[remote]"]]


def test_a_stamp_of_the_tasks_py_before_counts_as_the_test_extra(tasks):
    """The tasks.py of before wrote the hash alone, after installing '.[test]'."""
    module, ran = tasks
    with open(module.STAMP, "w") as handle:
        handle.write(module.pyproject_hash() + "\n")
    module.ensure_venv("remote")
    module.ensure_venv("test")
    assert pip_runs(ran) == []


def test_the_bundle_extra_is_not_part_of_play_or_test(tasks):
    module, _ran = tasks
    assert "bundle" not in module.extras_closure(["test"])
    assert module.extras_closure(["remote"]) == {"remote"}
    assert module.extras_closure(["bundle"]) == {"bundle", "remote"}


def test_naming_a_test_file_runs_only_pytest_on_it(tasks):
    module, ran = tasks
    assert module.task_test(["tests/test_tasks.py", "-x"]) == 0
    (only,) = [cmd for cmd in ran if "pip" not in cmd]
    assert only[1:3] == ["-m", "pytest"] and only[-2:] == ["tests/test_tasks.py", "-x"]


@pytest.mark.parametrize("args", [[], ["-k", "words"], ["--checks", "tests/test_words.py"],
                                  ["tests/test_words.py::test_x", "--checks"]])
def test_the_checks_run_without_a_named_file_or_with_checks(tasks, args):
    module, ran = tasks
    assert module.task_test(list(args)) == 0
    commands = [cmd for cmd in ran if "pip" not in cmd]
    assert [Path(cmd[0]).name for cmd in commands[:2]] == ["ruff", "mypy"]
    assert commands[2][-1].endswith("limits.py")
    assert commands[3][1:3] == ["-m", "pytest"] and "--checks" not in commands[3]
    assert len(commands) == 4


def test_tasks_py_reads_on_an_old_python():
    """An old Python must be able to read tasks.py to say which Python it needs."""
    ast.parse((ROOT / "tasks.py").read_text(), feature_version=(3, 6))
