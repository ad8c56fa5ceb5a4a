"""Optional libraries: which extra of ``pyproject.toml`` brings them, and the message a
person gets when one is missing (what to install, exactly), before any game is played.

A library counts as there only when it imports: one that is found but fails to import (a
dependency of its own missing, a broken install) would otherwise fail later, in the
middle of the run, as what looks like a bug of Aztec Arcade.
"""

from __future__ import annotations

import importlib

from game.core.errors import AztecArcadeError

#: extra name -> (the modules it provides, the packages it installs)
EXTRAS: dict[str, tuple[tuple[str, ...], str]] = {
    "lab": (("matplotlib", "tqdm"), "matplotlib and tqdm"),
    "cluster": (("dask", "distributed"), "Dask (dask and distributed)"),
    "openspiel": (("pyspiel", "numpy"), "OpenSpiel (open_spiel)"),
}


class MissingExtra(AztecArcadeError):
    """An optional library is not installed."""


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here."""
    modules, _what = EXTRAS[extra]
    return [m for m in modules if not _imports(m)]


def _imports(module: str) -> bool:
    try:
        importlib.import_module(module)
    except Exception:  # noqa: BLE001 - any failure to import means "not usable here"
        return False
    return True


def require(extra: str, purpose: str) -> None:
    """Raise :class:`MissingExtra` naming the pip command when ``extra`` is missing."""
    gone = missing(extra)
    if gone:
        _modules, what = EXTRAS[extra]
        verb = "is" if len(gone) == 1 else "are"
        raise MissingExtra(
            f"{purpose} needs {what}: {' and '.join(repr(m) for m in gone)} {verb} not "
            "installed or cannot be imported. Install them with: "
            f'pip install "aztec-arcade[{extra}]" (in a checkout: '
            f'.venv/bin/pip install -e ".[{extra}]")')
