"""Closing the window while a Hard player thinks: the real window (dummy video driver) in a
process of its own, a Hard player searching in another process with an hour to think, as
``aztec-arcade play`` has it. The window is closed as a person closes it (SDL's quit
event); the decision is cancelled rather than waited for, the process exits, and no
search process is left behind."""

from __future__ import annotations

import json
import signal
import sys

import pytest

from tests.processes import PATIENCE, alive, end_all, start_searching_window, wait_for

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not sys.platform.startswith("linux"),
                                 reason="watches the processes through /proc")]


def test_closing_the_window_cancels_hards_decision_and_exits(tmp_path):
    window, searching = start_searching_window(tmp_path)
    try:
        window.send_signal(signal.SIGUSR1)  # the window's close button
        out, err = window.communicate(timeout=PATIENCE)  # not the hour the search had
        assert window.returncode == 0, err
        report = json.loads(out.strip().splitlines()[-1])
        assert report["deciding_at_close"] == 1  # closed mid-decision...
        assert report["deciding_after"] == 0  # ...which was cancelled, not waited for
        assert all(report["cancelled"])
        wait_for(lambda: not any(alive(proc) for proc in searching),
                 "the closed window's search process ends")
    finally:
        if window.poll() is None:
            window.kill()
            window.communicate()
        end_all(searching)
