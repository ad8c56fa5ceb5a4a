"""Optional libraries: which extra of ``pyproject.toml`` brings them, and the message a
person gets when one is missing (what to install, exactly), before any game is played."""

from __future__ import annotations

import importlib.util

from game.errors import AztecArcadeError

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
    return [m for m in modules if importlib.util.find_spec(m) is None]


def require(extra: str, purpose: str) -> None:
    """Raise :class:`MissingExtra` naming the pip command when ``extra`` is missing."""
    gone = missing(extra)
    if gone:
        _modules, what = EXTRAS[extra]
        raise MissingExtra(
            f"{purpose} needs {what}, which is not installed (no module "
            f"{', '.join(repr(m) for m in gone)}). Install it with: "
            f"pip install 'aztec-arcade[{extra}]' (in a checkout: "
            f".venv/bin/pip install -e '.[{extra}]')")
