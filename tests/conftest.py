"""What every test shares: a private user folder and a fresh plugin registry per test.

* **User folder.** ``AZTEC_ARCADE_HOME`` points at an empty temporary folder for the whole
  session (each xdist worker or run gets its own), so the settings, plugin folder and saves
  of whoever runs the tests never leak in, and no test writes into them. Tests that need a
  folder of their own still set it with ``monkeypatch``.
* **Registry.** :func:`fresh_registry` forgets the cached registry before and after every
  test: each test loads the registry its own environment describes, and whatever registry
  a test installs with ``reset_registry(Registry(...))`` is gone when it ends. No test
  module resets the registry itself.
* **Memos.** A fresh registry per test is cheap because the project's loaders keep what
  they parse and check, keyed by all of its inputs (:mod:`game.core.memo`: the files' text, the
  engine's code, the lesson itself), and hand out copies; a test that writes its own YAML,
  registers another plugin or patches an engine gets its own, freshly checked result.

* **Longest first.** Tests that took a second or more in the last run start first (the
  run records every test's time in pytest's cache, ``.pytest_cache``), so that pytest-xdist
  does not hand a long test out last and end the run on one core; the rest keep their
  order. Without a record (a fresh clone, as in CI) the times in ``tests/long_tests.json``
  stand in (``tools/long_tests.py`` writes it from a run), then the ``slow`` tests and the
  Hypothesis tests go first. No test depends on the order.

The client's fixtures (a dummy display, Apps, a synthesised-input driver) are in
``tests/client/conftest.py``; the modding tests' in ``tests/modding/conftest.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Before anything imports pygame: no window and no sound device in any test.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the pictures and texts the tests expect are English whatever the machine speaks; a test of
# another language asks for it (game.i18n.set_language, App(lang=...))
os.environ["LANGUAGE"] = "en"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Hypothesis loads every installed package's hypothesis plugin when it is imported; the
# only one here is trio's (selenium brings trio), which no test uses and which costs each
# process a quarter of a second of importing trio.
os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")

import pytest  # noqa: E402

from game import ai  # noqa: E402
from game.core import yamlload  # noqa: E402
from game.core.registry import reset_registry  # noqa: E402

_SESSION: dict[str, Any] = {}


def pytest_configure(config: pytest.Config) -> None:
    """Runs before collection, which already loads the registry (parametrized variant
    lists), so the private user folder and the parse cache are in place for it."""
    home = tempfile.mkdtemp(prefix="aztec-arcade-tests-home-")
    _SESSION["home"] = home
    _SESSION["old_home"] = os.environ.get("AZTEC_ARCADE_HOME")
    os.environ["AZTEC_ARCADE_HOME"] = home


def pytest_unconfigure(config: pytest.Config) -> None:
    if "home" in _SESSION:
        old = _SESSION.pop("old_home")
        if old is None:
            os.environ.pop("AZTEC_ARCADE_HOME", None)
        else:
            os.environ["AZTEC_ARCADE_HOME"] = old
        shutil.rmtree(_SESSION.pop("home"), ignore_errors=True)


@pytest.fixture(params=["libyaml", "pure"])
def yaml_parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs a test once with libyaml's C parser and once with PyYAML's pure-Python one
    (the fallback where PyYAML has no libyaml): YAML files must read, and be refused, in
    the same words with either."""
    if request.param == "libyaml" and not yamlload.yaml.__with_libyaml__:
        pytest.skip("this PyYAML was built without libyaml")
    monkeypatch.setattr(yamlload, "LIBYAML", request.param == "libyaml")
    return str(request.param)


@pytest.fixture(autouse=True)
def fresh_registry() -> Iterator[None]:
    """No registry is cached when a test starts, and none is left when it ends."""
    reset_registry()
    yield
    reset_registry()


@pytest.fixture(autouse=True)
def client_bots_as_built() -> Iterator[None]:
    """``aztec-arcade play`` says once, for the whole process, how the window's Hard
    players think (processes, in other processes only): a test that runs it must not
    leave that to the tests after it."""
    saved = dict(ai._CLIENT)  # noqa: SLF001
    yield
    ai._CLIENT.clear()  # noqa: SLF001
    ai._CLIENT.update(saved)  # noqa: SLF001


# ---------------------------------------------------------------------------------------
# longest first
# ---------------------------------------------------------------------------------------
#: where the last run's times are kept in pytest's cache (node id -> seconds)
DURATIONS = "aztec-arcade/durations"
#: tests that took at least this long (seconds, setup and teardown included) go first
LONG = 1.0
#: without a record: what a slow test and a Hypothesis test count as
GUESSES = {"slow": 10.0, "hypothesis": 2.0}
#: the long tests' times from a whole run, for a clone without a record of its own
KNOWN_LONG = Path(__file__).resolve().parent / "long_tests.json"
_TIMES: dict[str, float] = {}


def _known_long() -> dict[str, float]:
    try:
        known = json.loads(KNOWN_LONG.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return known if isinstance(known, dict) else {}


def _weight(item: pytest.Item, durations: dict[str, float]) -> float:
    if item.nodeid in durations:
        return durations[item.nodeid]
    if item.get_closest_marker("slow") is not None:
        return GUESSES["slow"]
    if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return GUESSES["hypothesis"]
    return 0.0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long tests first, longest first (each xdist worker orders its collection the
    same way: all read the same record)."""
    cache = getattr(config, "cache", None)
    durations = cache.get(DURATIONS, {}) if cache is not None else {}
    if not isinstance(durations, dict):
        durations = {}
    durations = {**_known_long(), **durations}
    weights = {item.nodeid: _weight(item, durations) for item in items}
    long = sorted((i for i in items if weights[i.nodeid] >= LONG),
                  key=lambda i: -weights[i.nodeid])
    items[:] = long + [i for i in items if weights[i.nodeid] < LONG]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Each test's time, setup and teardown included (in an xdist run the workers' reports
    arrive here in the controller)."""
    _TIMES[report.nodeid] = _TIMES.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    cache = getattr(session.config, "cache", None)
    if cache is None or hasattr(session.config, "workerinput") or not _TIMES:
        return
    known = cache.get(DURATIONS, {})
    known = known if isinstance(known, dict) else {}
    known.update({nodeid: round(seconds, 2) for nodeid, seconds in _TIMES.items()})
    cache.set(DURATIONS, known)

