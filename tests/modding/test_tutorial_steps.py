"""The modding tutorial, followed to the letter in a real install.

A fresh virtual environment gets a real (non-editable) install of Aztec Arcade, as a
modder's machine would have; then every step of docs/modding/tutorial.md runs in order in
an empty folder: its shell commands as written (``aztec-arcade new-variant``, ``cd``,
``pip install -e .``, ``aztec-arcade list`` and ``validate``, ``python -m pytest``, the
games), and its edits where its prose puts them (``tutorial_steps.py``). Every command
must succeed, and every run of the package's tests must pass: the tutorial promises a
green ``python -m pytest`` after each step.

Only what a test cannot do is adapted, and said here: pip installs offline, from the
folders alone, with the build backend of the environment running the tests (the venv
sees its packages, pytest among them, through a ``.pth`` line, as in
``test_example_mod.py``); and ``aztec-arcade play`` with a window runs under SDL's dummy
driver for a few frames (``--frames``), since nobody closes it.
"""

from __future__ import annotations

import os

import pytest

from .conftest import ROOT
from .test_example_mod import NEEDED, _clean_env, _make_venv, _pip, _run
from .tutorial_steps import Step, steps


def _command(words: list[str], bindir, python) -> list[str]:
    """The tutorial's command as this test runs it (see the module docstring)."""
    exe = ".exe" if os.name == "nt" else ""
    head, rest = words[0], words[1:]
    if head == "pip":
        assert rest[:1] == ["install"], f"the test does not know 'pip {' '.join(rest)}'"
        return _pip(python, "install", "-q", "--no-build-isolation", "--no-deps",
                    "--no-index", "--no-cache-dir", *rest[1:])
    if head == "python":
        return [str(python), *rest]
    if head == "aztec-arcade":
        if rest[:1] == ["play"] and "--headless" not in rest and "--variant" not in rest:
            rest = [*rest, "--frames", "3"]
        return [str(bindir / f"aztec-arcade{exe}"), *rest]
    raise AssertionError(f"the test does not know how to run {words!r}")


def _run_step(step: Step, cwd, env, bindir, python):
    """Run a ``run`` step's commands in order; return the folder it ends in."""
    for words in step.commands():
        if words[0] == "cd":
            cwd = cwd / words[1]
            assert cwd.is_dir(), f"{step.where}: cd {words[1]}: no such folder"
            continue
        done = _run(_command(words, bindir, python), cwd, env, timeout=600)
        said = done.stdout + done.stderr
        assert done.returncode == 0, f"{step.where}: {' '.join(words)} failed:\n{said}"
        if words[:3] == ["python", "-m", "pytest"]:
            assert " passed" in done.stdout and "failed" not in done.stdout, said
        if words[:2] == ["aztec-arcade", "list"]:
            assert "from package aztec-arcade-pyramid-race" in done.stdout, said
        if words[:2] == ["aztec-arcade", "validate"]:
            assert done.stdout.count("OK ") == len(words) - 2, said
    return cwd


@pytest.mark.slow
def test_the_tutorial_followed_to_the_letter(tmp_path):
    env = _clean_env()
    env["AZTEC_ARCADE_HOME"] = str(tmp_path / "home")  # no user settings, no drop-ins
    bindir, python = _make_venv(tmp_path / "venv", env)
    missing = _run([python, "-c", f"import importlib.util as u; print(' '.join(r for m, r "
                    f"in {NEEDED + (('pytest', 'pytest'),)!r} if u.find_spec(m) is None))"],
                   tmp_path, env).stdout.split()
    if missing:
        pytest.skip(f"the tests' environment lacks {missing} (the test extra brings them)")
    done = _run(_pip(python, "install", "-q", "--no-build-isolation", "--no-deps",
                     "--no-index", "--no-cache-dir", ROOT), tmp_path, env, timeout=600)
    assert done.returncode == 0, f"pip install of Aztec Arcade failed:\n{done.stderr}"
    env["PATH"] = os.pathsep.join([str(bindir), env.get("PATH", "")])

    work = tmp_path / "work"
    work.mkdir()
    cwd, package, tests_run = work, None, 0
    for step in steps():
        if step.kind == "skip":
            continue
        if step.kind == "run":
            cwd = _run_step(step, cwd, env, bindir, python)
            tests_run += ["python", "-m", "pytest"] in step.commands()
            if (work / "pyramid-race").is_dir():
                package = work / "pyramid-race"
            continue
        assert package is not None, f"{step.where}: an edit before the package exists"
        step.apply(package)
    assert tests_run == 4
    where = _run([python, "-c", "import game, pyramid_race; print(game.__file__); "
                  "print(pyramid_race.__file__)"], work, env)
    game_file, mod_file = where.stdout.split()
    assert str(tmp_path / "venv") in game_file  # the installed copy, not the checkout
    assert str(package) in mod_file             # the editable install of the mod
