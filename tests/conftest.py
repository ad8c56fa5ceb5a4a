"""What every test shares: a private user folder, a fresh plugin registry per test, and
the shipped YAML files parsed once per session.

* **User folder.** ``AZTEC_ARCADE_HOME`` points at an empty temporary folder for the whole
  session (each xdist worker or run gets its own), so the settings, plugin folder and saves
  of whoever runs the tests never leak in, and no test writes into them. Tests that need a
  folder of their own still set it with ``monkeypatch``.
* **Registry.** :func:`fresh_registry` forgets the cached registry before and after every
  test: each test loads the registry its own environment describes, and whatever registry
  a test installs with ``reset_registry(Registry(...))`` is gone when it ends. No test
  module resets the registry itself.
* **YAML parse cache.** Building a registry parses the shipped variant files, and PyYAML's
  pure-Python parser (kept for its line marks) spent about 0.15 s of each build's 0.17 s on
  them; a fresh registry per test would cost minutes. Parsing is a pure function of the
  text, the file name and the limits in ``game.yamlload``, so results for the same inputs
  are kept for the session and handed out as copies. Every check after parsing (schemas,
  ``extends``, the engines' own checks) still runs on every build, and a file whose text
  changes (``--dev`` reload tests) or that fails to parse is parsed again.

The client's fixtures (a dummy display, Apps, a synthesised-input driver) are in
``tests/client/conftest.py``; the modding tests' in ``tests/modding/conftest.py``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

# Before anything imports pygame: no window and no sound device in any test.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from game import ai, yamlload  # noqa: E402
from game.plugins import reset_registry  # noqa: E402

_SESSION: dict[str, Any] = {}


def pytest_configure(config: pytest.Config) -> None:
    """Runs before collection, which already loads the registry (parametrized variant
    lists), so the private user folder and the parse cache are in place for it."""
    home = tempfile.mkdtemp(prefix="aztec-arcade-tests-home-")
    _SESSION["home"] = home
    _SESSION["old_home"] = os.environ.get("AZTEC_ARCADE_HOME")
    os.environ["AZTEC_ARCADE_HOME"] = home
    _SESSION["parse"] = yamlload.load_yaml_text
    yamlload.load_yaml_text = _cached_parse


def pytest_unconfigure(config: pytest.Config) -> None:
    if "parse" in _SESSION:
        yamlload.load_yaml_text = _SESSION.pop("parse")
    if "home" in _SESSION:
        old = _SESSION.pop("old_home")
        if old is None:
            os.environ.pop("AZTEC_ARCADE_HOME", None)
        else:
            os.environ["AZTEC_ARCADE_HOME"] = old
        shutil.rmtree(_SESSION.pop("home"), ignore_errors=True)


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
# the parse cache
# ---------------------------------------------------------------------------------------
_PARSED: dict[tuple[Any, ...], tuple[Any, dict[Any, int]]] = {}
#: texts longer than this are parsed every time (the limits tests' huge files)
_CACHE_TEXT = 64_000


def _limits() -> tuple[Any, ...]:
    """The module's limits as they are now (a test may lower one with monkeypatch)."""
    return tuple(sorted((name, value) for name, value in vars(yamlload).items()
                        if name.isupper() and isinstance(value, int)))


def _copy(data: Any) -> Any:
    """A deep copy of parsed YAML (mappings, lists and scalars), faster than deepcopy."""
    if isinstance(data, dict):
        return {key: _copy(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_copy(value) for value in data]
    return data


def _cached_parse(text: str, filename: str | None = None) -> tuple[Any, dict[Any, int]]:
    parse = _SESSION["parse"]
    if len(text) > _CACHE_TEXT:
        return parse(text, filename)
    key = (text, filename, _limits())
    if key not in _PARSED:
        _PARSED[key] = parse(text, filename)  # a ConfigError is raised, never kept
    data, lines = _PARSED[key]
    return _copy(data), dict(lines)
