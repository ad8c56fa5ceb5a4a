#!/usr/bin/env python3
"""Developer tasks that need nothing but Python 3.11+ on the machine.

    python3 tasks.py play [aztec-arcade play arguments...]
    python3 tasks.py test [pytest arguments...]

Both create ``.venv`` if it is missing and (re)install the project into it, editable and
with its test tools, whenever ``pyproject.toml`` changed since the last install.

This file deliberately avoids syntax newer than Python 3.6 so that an old Python can
still read it and print a clear message instead of a syntax error.
"""

import hashlib
import os
import subprocess
import sys

MIN_PYTHON = (3, 11)
ROOT = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.join(ROOT, ".venv")
BIN = os.path.join(VENV, "Scripts" if os.name == "nt" else "bin")
EXE = ".exe" if os.name == "nt" else ""
VENV_PYTHON = os.path.join(BIN, "python" + EXE)
STAMP = os.path.join(VENV, ".aztec-arcade-installed")
# pytest-xdist: one worker per CPU core (at most 4), tests handed out one by one so that
# the long ones do not queue behind each other in one file (tests/conftest.py puts those
# that took longest in the last run first). "loadgroup" would keep tests marked with
# @pytest.mark.xdist_group in one worker, but under pytest 9 it does not (pytest-xdist
# renames a node id pytest no longer reads): no test may rely on it. Extra arguments come
# after these: "-n 0" runs every test in this one process (for --pdb, or to read output
# in order).
PARALLEL = ["-n", "auto", "--maxprocesses", "4", "--dist", "loadgroup"]
USAGE = """usage: python3 tasks.py COMMAND [ARGS...]

commands:
  play [ARGS...]   run 'aztec-arcade play' (try: python3 tasks.py play --help)
  test [ARGS...]   run the checks (ruff, mypy, the size limits), then pytest
                   (extra ARGS go to pytest)
"""


def step(message):
    print("[tasks] " + message, flush=True)


def fail(message, code=1):
    print("[tasks] error: " + message, file=sys.stderr, flush=True)
    sys.exit(code)


def check_python():
    if sys.version_info[:2] < MIN_PYTHON:
        fail("Aztec Arcade needs Python {}.{} or newer; this is Python {}.{} ({}). "
             "Install a newer Python and run this script with it.".format(
                 *(MIN_PYTHON + tuple(sys.version_info[:2]) + (sys.executable,))))


def run(cmd, env=None):
    """Run ``cmd`` from the repository root; return its exit code."""
    try:
        return subprocess.call(cmd, cwd=ROOT, env=env)
    except OSError as exc:
        fail(f"cannot run {cmd[0]}: {exc}")
    except KeyboardInterrupt:
        fail("interrupted", 130)


def pyproject_hash():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def ensure_venv():
    """Create .venv if needed and install the project when pyproject.toml changed."""
    if not os.path.exists(VENV_PYTHON):
        step(f"creating the virtual environment .venv ({sys.executable} -m venv .venv)")
        if run([sys.executable, "-m", "venv", VENV]) != 0:
            fail("could not create .venv; on Debian or Ubuntu install the venv module "
                 "first (apt install python3-venv), then try again")
    wanted = pyproject_hash()
    try:
        with open(STAMP) as handle:
            installed = handle.read().strip()
    except OSError:
        installed = None
    if installed == wanted:
        step("the project is already installed in .venv (pyproject.toml unchanged)")
        return
    step("installing the project and its test tools into .venv "
         "(pip install -e \".[test]\")")
    if run([VENV_PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[test]"]) != 0:
        fail("pip could not install the project; see its messages above")
    with open(STAMP, "w") as handle:
        handle.write(wanted + "\n")


def tool(name):
    return os.path.join(BIN, name + EXE)


def task_play(args):
    ensure_venv()
    step(" ".join(["running aztec-arcade play"] + list(args)))
    return run([tool("aztec-arcade"), "play"] + list(args))


#: The checks before pytest: (what, command). Each runs even if one before it failed, so
#: one run shows every problem; ``mypy`` reads its settings (strict, over game/ and
#: variants/) from pyproject.toml and keeps its cache in .mypy_cache.
CHECKS = [
    ("ruff check .", [tool("ruff"), "check", "."]),
    ("mypy (strict, game/ and variants/)", [tool("mypy")]),
    ("tools/limits.py (modules <= 600 lines, functions <= 60)",
     [VENV_PYTHON, os.path.join("tools", "limits.py")]),
]


#: Where the test run keeps compiled modules (Python's and pytest's, whose test modules
#: are compiled with their asserts rewritten): inside .venv, so the checkout gets no
#: __pycache__ folders, and kept even when PYTHONDONTWRITEBYTECODE is set, since without
#: them every pytest worker compiles every module again (about 4 s of CPU each run).
PYCACHE = os.path.join(VENV, "pycache")


def test_env():
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    return env


def task_test(args):
    ensure_venv()
    env = test_env()
    failed = 0
    for what, cmd in CHECKS:
        step("running " + what)
        code = run(cmd, env=env)
        if code != 0:
            step(f"{what.split()[0]} found problems (exit code {code}); going on")
            failed = failed or code
    pytest = ["-m", "pytest", "-q"] + PARALLEL + list(args)
    step(" ".join(["running python"] + pytest))
    tests = run([VENV_PYTHON] + pytest, env=env)
    # Nothing is printed after pytest, so its summary line stays the last line.
    if tests != 0:
        return tests
    return failed


TASKS = {"play": task_play, "test": task_test}


def main(argv):
    check_python()
    if not argv or argv[0] not in TASKS:
        if argv and argv[0] in ("-h", "--help", "help"):
            print(USAGE, end="")
            return 0
        print(USAGE, end="", file=sys.stderr)
        if argv:
            fail(f"unknown command {argv[0]!r}", 2)
        return 2
    return TASKS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
