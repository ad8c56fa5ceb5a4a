"""Remote seats: phones and browsers take seats over a WebSocket, served by the game.

The host's engine stays the one authority. :class:`~game.remote.hub.RemoteHub` runs an
asyncio server in its own thread; the owner of the game (the client's frame thread, or
the headless host loop) publishes what changed and takes the actions devices sent,
applying them itself through ``Game.apply``. See ``docs/remote.md`` for the protocol and
the security model.

The server and QR libraries are an optional extra (``pip install "aztec-arcade[remote]"``):
:func:`require` says exactly what to install when they are missing, and nothing here
imports them until a server is started.
"""

from __future__ import annotations

import importlib.util

from game.core.errors import AztecArcadeError

#: the packages of the ``remote`` extra, by import name: what pip calls them
PACKAGES = {"websockets": "websockets", "segno": "segno"}
INSTALL_HINT = 'pip install "aztec-arcade[remote]"'
#: the port the server listens on unless told (0: any free port)
DEFAULT_PORT = 8765


class RemoteError(AztecArcadeError):
    """The remote server cannot do what was asked (missing packages, a busy port)."""


def missing_packages() -> list[str]:
    """The packages of the ``remote`` extra that are not installed."""
    return [pip for module, pip in PACKAGES.items()
            if importlib.util.find_spec(module) is None]


def require() -> None:
    """Raise RemoteError naming what to install if the server libraries are missing."""
    missing = missing_packages()
    if missing:
        raise RemoteError(f"remote play needs {', '.join(missing)}: install them with "
                          f"{INSTALL_HINT} (python3 tasks.py play installs them too)")
