"""The example mod (examples/patolli): its own tests, and the real install path.

``test_pip_install_into_a_fresh_venv`` does what a player does: creates a virtual
environment, pip-installs Aztec Arcade (not editable) and the mod into it, and checks
that the installed game discovers the mod through its entry point and plays it headless.
The venv is made without its own pip (the running pip installs into it with
``--python``: the same install, without seconds of ``ensurepip``), and it sees the
game's dependencies (pygame-ce, PyYAML, pluggy, and the build backend hatchling, which the
``test`` extra brings) in the environment running the tests, through a ``.pth`` line:
nothing is downloaded, and the game and the mod themselves are real, non-editable installs.
It is skipped, with the reason, only where ``venv`` or ``pip`` is unavailable.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from game.api import new_game
from game.core.registry import Registry, reset_registry
from game.kit.conformance import check_variant

from .conftest import EXAMPLE, ROOT


@pytest.fixture
def patolli():
    sys.path.insert(0, str(EXAMPLE))
    registry = Registry(entry_points=False, extra_plugins=("aztec_patolli.plugin",))
    reset_registry(registry)
    return registry


def test_the_example_loads_and_passes_the_conformance_kit(patolli):
    assert not [b for b in patolli.broken if "patolli" in b.name + b.source], patolli.broken
    assert {"patolli", "patolli-quick"} <= set(patolli.variants)
    check_variant("patolli", games=1)
    check_variant("patolli-quick", games=1)
    game = new_game("patolli", 2, seed=0)
    assert game.legal_actions() == ["throw"]


@pytest.mark.slow
def test_the_examples_own_tests_pass():
    env = _clean_env()
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                            cwd=EXAMPLE, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout


# ---------------------------------------------------------------------------------------
# the real path: pip into a fresh virtual environment
# ---------------------------------------------------------------------------------------
#: module -> requirement: the game's dependencies and its build backend
NEEDED = (("pygame", "pygame-ce>=2.5.8,<2.6"), ("yaml", "pyyaml>=6.0"),
          ("pluggy", "pluggy>=1.3"), ("hatchling", "hatchling>=1.18"))


def _clean_env() -> dict[str, str]:
    """The environment without anything that would make the checkout importable or
    limit the plugins loaded."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "AZTEC_ARCADE_LOAD_PLUGINS",
                        "VIRTUAL_ENV", "PYTHONSTARTUP") and not k.startswith("PYTEST_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
    return env


def _run(cmd, cwd, env, timeout=180):
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def _make_venv(folder, env):
    """A venv whose site-packages also reads the running environment's (for the
    dependencies), or pytest.skip with the reason."""
    if importlib.util.find_spec("venv") is None:
        pytest.skip("the venv module is not available in this Python")
    if importlib.util.find_spec("pip") is None:
        pytest.skip("pip is not available in the Python running the tests")
    made = _run([sys.executable, "-m", "venv", "--without-pip", folder], folder.parent, env)
    if made.returncode != 0:
        pytest.skip(f"cannot create a virtual environment (python -m venv failed: "
                    f"{made.stderr.strip().splitlines()[-1:]})")
    bindir = folder / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    site = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                folder.parent, env)
    assert site.returncode == 0, site.stderr
    ours = {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}
    (Path(site.stdout.strip()) / "_aztec_arcade_test_deps.pth").write_text(
        "".join(f"{p}\n" for p in sorted(ours)), encoding="utf-8")
    return bindir, python


def _pip(python, *args):
    """The running pip, installing into the venv of ``python``."""
    return [sys.executable, "-m", "pip", "--python", python, *args]


@pytest.mark.slow
def test_pip_install_into_a_fresh_venv(tmp_path):
    env = _clean_env()
    env["AZTEC_ARCADE_HOME"] = str(tmp_path / "home")  # no user settings, no drop-ins
    bindir, python = _make_venv(tmp_path / "venv", env)

    probe = _run([python, "-c", f"import importlib.util as u; print(' '.join(r for m, r in "
                  f"{NEEDED!r} if u.find_spec(m) is None))"], tmp_path, env)
    assert probe.returncode == 0, probe.stderr
    missing = probe.stdout.split()
    if missing:  # a test environment without the test extra: fetch what it lacks
        got = _run(_pip(python, "install", "-q", *missing), tmp_path, env, timeout=600)
        assert got.returncode == 0, (f"could not install {missing} into the venv:\n"
                                     + got.stdout + got.stderr)
    # real installs, not editable, both in one pip run
    # from the two folders alone: no index is asked, no wheel is kept in pip's cache
    done = _run(_pip(python, "install", "-q", "--no-build-isolation", "--no-deps",
                     "--no-index", "--no-cache-dir", ROOT, EXAMPLE), tmp_path, env)
    assert done.returncode == 0, f"pip install of the game and the mod failed:\n{done.stderr}"

    # the installed copies are used, not the checkout
    where = _run([python, "-c", "import game, aztec_patolli; print(game.__file__); "
                  "print(aztec_patolli.__file__)"], tmp_path, env)
    assert where.returncode == 0, where.stderr
    for line in where.stdout.split():
        assert str(tmp_path / "venv") in line, where.stdout

    arcade = bindir / ("aztec-arcade.exe" if os.name == "nt" else "aztec-arcade")
    listed = _run([arcade, "list"], tmp_path, env)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    for variant in ("patolli", "patolli-quick"):
        [at] = [i for i, line in enumerate(lines) if line.split()[:1] == [variant]]
        detail = lines[at + 1]
        assert ("from package aztec-arcade-patolli 0.1.0 (plugin patolli): "
                in detail), listed.stdout
        assert str(tmp_path / "venv") in detail and "aztec_patolli" in detail
    assert "Could not be loaded" not in listed.stdout or "patolli" not in \
        listed.stdout.split("Could not be loaded", 1)[1]
    # the built-in games too: each from the installed package, its YAML inside it
    built_in = [line for line in lines if "from built-in game " in line]
    assert len(built_in) == 7, listed.stdout
    at = [line.split()[:1] for line in lines].index(["mexica"])  # the variant, then its lesson
    mexica = lines[at + 1]
    assert "from built-in game mexica (package aztec-arcade " in mexica
    assert mexica.endswith(str(Path("variants") / "mexica" / "mexica.yaml"))
    assert str(tmp_path / "venv") in mexica and "Could not be loaded" not in listed.stdout

    simulated = _run([arcade, "simulate", "--variant", "patolli", "--players", "2",
                      "--games", "2"], tmp_path, env)
    assert simulated.returncode == 0, simulated.stderr
    assert "Patolli: 2 games of 2 random players" in simulated.stdout
    assert "Mean game length" in simulated.stdout

    played = _run([arcade, "play", "--headless", "--variant", "patolli-quick", "--players",
                   "3", "--seed", "4"], tmp_path, env)
    assert played.returncode == 0, played.stderr
    assert "throw" in played.stdout and "Winner: Player" in played.stdout

    kit = _run([python, "-c", "from game.kit.conformance import check_variant; "
                "check_variant('patolli', games=1); print('conformant')"], tmp_path, env)
    assert kit.returncode == 0 and "conformant" in kit.stdout, kit.stderr
