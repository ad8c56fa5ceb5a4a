"""While a hub works beside the television's frames, the interpreter switches threads
every millisecond, so a frame never waits long for a busy network thread; a hub on its
own (``aztec-arcade host``) and the time after the last one stops keep Python's interval."""

from __future__ import annotations

import sys

from game.remote.switching import FRAME_SWITCH_INTERVAL


def test_background_hubs_shorten_the_switch_interval_until_the_last_one_stops(make_hub):
    before = sys.getswitchinterval()
    assert before > FRAME_SWITCH_INTERVAL  # Python's default, 5 ms
    alone = make_hub(2)  # a host with no window: no frames to keep smooth
    assert sys.getswitchinterval() == before
    first = make_hub(2, background=True)
    assert sys.getswitchinterval() == FRAME_SWITCH_INTERVAL
    second = make_hub(3, background=True)
    first.stop()
    assert sys.getswitchinterval() == FRAME_SWITCH_INTERVAL  # the other still runs
    first.stop()  # twice: safe, and it does not count twice
    second.stop()
    assert sys.getswitchinterval() == before
    alone.stop()
    assert sys.getswitchinterval() == before
