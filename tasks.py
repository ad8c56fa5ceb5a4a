#!/usr/bin/env python3
"""Developer tasks that need nothing but Python 3.11+ on the machine.

    python3 tasks.py play [aztec-arcade play arguments...]
    python3 tasks.py test [--checks] [FILE_OR_NODE_ID...] [pytest arguments...]
    python3 tasks.py bundle [tools/bundle.py arguments...]

Each creates ``.venv`` if it is missing and installs into it what it needs, once: the
game (editable) with the ``remote`` extra for ``play`` (what a couch needs, phones
included), the ``test`` extra (test tools, and every other extra so their tests run) for
``test``, the ``bundle`` extra (PyInstaller) for ``bundle``. A stamp in ``.venv`` keeps
which extras are in, so switching between the commands installs only what is missing,
and ``pyproject.toml`` changing installs the project again.

This file deliberately avoids syntax newer than Python 3.6 so that an old Python can
still read it and print a clear message instead of a syntax error.
"""

import hashlib
import os
import re
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
                   (extra ARGS go to pytest); naming test files, folders or node ids
                   runs only pytest on them (add --checks for the checks as well)
  bundle [ARGS...] build dist/aztec-arcade/, the game with its own Python, with
                   PyInstaller, and start it headless to check it
                   (try: python3 tasks.py bundle --help)
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


def _normal(name):
    """A distribution or extra name as packaging compares them (PEP 503 and 685)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def extras_table():
    """The project's name and its extras: {extra: [requirement, ...]} from pyproject.toml.

    Read here (tomllib, Python 3.11+: check_python ran first) rather than written out in
    this file, so that which extra includes which can never drift from pyproject.toml."""
    import tomllib
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        project = tomllib.load(handle)["project"]
    table = project.get("optional-dependencies", {})
    return _normal(project["name"]), {_normal(k): v for k, v in table.items()}


def _self_extras(requirement, name):
    """The extras of a requirement on the project itself ('aztec-arcade[lab]'), else None."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*\[([^\]]*)\]", requirement)
    if not match or _normal(match.group(1)) != name:
        return None
    return [_normal(e) for e in match.group(2).split(",") if e.strip()]


def extras_closure(extras):
    """Every extra that installing ``.[extras]`` brings, following the project's extras
    that name the project again (the test extra includes remote, lab, ...)."""
    name, table = extras_table()
    found, todo = set(), [_normal(e) for e in extras]
    while todo:
        extra = todo.pop()
        if extra in found:
            continue
        if extra not in table:
            fail(f"pyproject.toml has no extra named {extra!r}")
        found.add(extra)
        for requirement in table[extra]:
            todo.extend(_self_extras(requirement, name) or [])
    return found


def requirements_of(extras):
    """The third-party requirements of ``extras`` (not the project itself), in order."""
    name, table = extras_table()
    wanted = []
    for extra in sorted(extras):
        for requirement in table[extra]:
            if _self_extras(requirement, name) is None and requirement not in wanted:
                wanted.append(requirement)
    return wanted


def read_stamp():
    """(pyproject.toml hash, extras installed) of the last install into .venv.

    The stamp's first line is the hash of pyproject.toml the project was installed with,
    the second the extras installed since (with everything they include). A stamp of one
    line comes from the tasks.py of before, which always installed the test extra."""
    try:
        with open(STAMP) as handle:
            lines = handle.read().split("\n")
    except OSError:
        return None, set()
    extras = lines[1].split() if len(lines) > 1 and lines[1].strip() else None
    if extras is None:
        return lines[0].strip(), extras_closure(["test"])
    return lines[0].strip(), set(extras)


def write_stamp(digest, extras):
    with open(STAMP, "w") as handle:
        handle.write(digest + "\n" + " ".join(sorted(extras)) + "\n")


def pip_install(args, what):
    step(f"installing {what} into .venv (pip install {' '.join(args)})")
    if run([VENV_PYTHON, "-m", "pip", "install", "--quiet"] + list(args)) != 0:
        fail("pip could not install the project; see its messages above")


def ensure_venv(extra):
    """Create .venv if needed and install what ``extra`` needs, and nothing twice.

    pyproject.toml changed (or nothing installed yet): install the project, editable,
    with ``extra``. Otherwise only the extras not installed yet are added, by their
    requirements alone (the project is not built again): after ``test``, whose extra
    includes ``remote``, ``play`` installs nothing; after ``play``, ``test`` adds only
    the test tools, the lab, and so on."""
    if not os.path.exists(VENV_PYTHON):
        step(f"creating the virtual environment .venv ({sys.executable} -m venv .venv)")
        if run([sys.executable, "-m", "venv", VENV]) != 0:
            fail("could not create .venv; on Debian or Ubuntu install the venv module "
                 "first (apt install python3-venv), then try again")
    wanted = pyproject_hash()
    needed = extras_closure([extra])
    installed, have = read_stamp()
    if installed != wanted:
        pip_install(["-e", f".[{extra}]"], f"the game with its '{extra}' extra")
        write_stamp(wanted, needed)
        return
    missing = needed - have
    if not missing:
        step(f"the game and its '{extra}' extra are already installed in .venv")
        return
    requirements = requirements_of(missing)
    if requirements:
        pip_install(requirements, f"what the '{extra}' extra adds")
    write_stamp(wanted, have | needed)


def tool(name):
    return os.path.join(BIN, name + EXE)


def task_play(args):
    ensure_venv("remote")
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


def names_tests(arg):
    """True if ``arg`` names a test file, a folder or a node id (tests/x.py::test_y)."""
    if arg.startswith("-"):
        return False
    return os.path.exists(os.path.join(ROOT, arg.split("::")[0]))


def task_test(args):
    """The checks and the whole suite; only pytest when test files are named.

    The checks read the whole tree and take about a minute, which is in the way when
    one test file is being fixed: naming files or node ids runs pytest on them alone,
    and ``--checks`` runs the checks all the same."""
    ensure_venv("test")
    args = list(args)
    checks = "--checks" in args or not any(names_tests(a) for a in args)
    args = [a for a in args if a != "--checks"]
    env = test_env()
    failed = 0
    for what, cmd in CHECKS if checks else []:
        step("running " + what)
        code = run(cmd, env=env)
        if code != 0:
            step(f"{what.split()[0]} found problems (exit code {code}); going on")
            failed = failed or code
    pytest = ["-m", "pytest", "-q"] + PARALLEL + args
    step(" ".join(["running python"] + pytest))
    tests = run([VENV_PYTHON] + pytest, env=env)
    # Nothing is printed after pytest, so its summary line stays the last line.
    if tests != 0:
        return tests
    return failed


def task_bundle(args):
    """A folder with the game and its own Python, for players without Python."""
    ensure_venv("bundle")
    step(" ".join(["running tools/bundle.py"] + list(args)))
    return run([VENV_PYTHON, os.path.join("tools", "bundle.py")] + list(args))


TASKS = {"play": task_play, "test": task_test, "bundle": task_bundle}


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
