"""Remote tests run the real server on 127.0.0.1, port 0 (any free port)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.remote import INSTALL_HINT, missing_packages

if missing_packages():  # the test extra installs them; say how if it did not
    pytest.skip(f"remote play needs {', '.join(missing_packages())}: {INSTALL_HINT}",
                allow_module_level=True)

from game.remote.hub import RemoteHub  # noqa: E402
from game.remote.ports import Limits  # noqa: E402
from game.remote.snapshot import default_table  # noqa: E402

#: test devices act as fast as the machine allows: no rate limit unless a test sets one
FAST = Limits(rate=1e9, burst=10**9)


@pytest.fixture
def make_hub() -> Iterator[Callable[..., RemoteHub]]:
    """Start hubs on 127.0.0.1 (no table pictures unless asked); all stop afterwards."""
    hubs: list[RemoteHub] = []

    def make(players: int, names: list[str] | None = None, **kwargs: Any) -> RemoteHub:
        kwargs.setdefault("pictures", False)
        kwargs.setdefault("limits", FAST)
        table = kwargs.pop("table", None) or default_table(players, names or [])
        hub = RemoteHub(table, **kwargs)
        hub.start("127.0.0.1", 0)
        hubs.append(hub)
        return hub

    yield make
    for hub in hubs:
        hub.stop()
