"""How many processes one command may start: a cap shared by every option that spreads
work over processes (``hard:workers``, ``balance --jobs``).

Why a cap at all: each process costs start-up time and memory, and a number far above the
machine's cores makes the first decision (or the first batch of games) build that many seeds
and workers before anything happens, so a typo of ``10**9`` looked like a hang. Four times
the cores leaves room for machines whose processes wait on I/O, and no more.
"""

from __future__ import annotations

import os

#: How many processes per core one command may ask for.
PER_CORE = 4


def most_processes() -> int:
    """The largest number of processes an option may ask for on this machine."""
    return PER_CORE * (os.cpu_count() or 1)
