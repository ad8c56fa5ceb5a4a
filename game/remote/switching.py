"""The interpreter's thread switch interval while a hub works beside a frame thread.

Python hands the interpreter from a busy thread to a waiting one every 5 ms by default.
The hub's threads (the server's loop, the publisher) run in the television's process;
when one of them is busy just as a frame starts, the frame waits for the interpreter for
up to that long, which is most of a 60 fps frame's budget. While any background hub
runs, the interval is 1 ms, and the old one comes back when the last one stops.
"""

from __future__ import annotations

import sys
import threading

#: seconds between switches while a background hub runs (Python's default is 0.005)
FRAME_SWITCH_INTERVAL = 0.001

_lock = threading.Lock()
_holders = 0
_saved = 0.0


def hold() -> None:
    """A background hub starts: switch threads often (counted; see :func:`release`)."""
    global _holders, _saved
    with _lock:
        if _holders == 0:
            _saved = sys.getswitchinterval()
            sys.setswitchinterval(min(_saved, FRAME_SWITCH_INTERVAL))
        _holders += 1


def release() -> None:
    """A background hub stopped: the last one puts the old interval back."""
    global _holders
    with _lock:
        if _holders == 0:
            return
        _holders -= 1
        if _holders == 0:
            sys.setswitchinterval(_saved)
