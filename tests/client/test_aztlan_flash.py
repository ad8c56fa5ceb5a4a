"""A seat's gain rising over its facts ("+4", "+1 card") steps by whole logical pixels,
and the seat cards' key holds the step: the cards are painted again when the words move,
not every frame of their 1.6 s rise (the key was None then, so every frame)."""

from __future__ import annotations

from types import SimpleNamespace

from variants.aztlan.view.anim import POP_TIME
from variants.aztlan.view.facts import FLASH_RISE, flash_step
from variants.aztlan.view.keys import seat_facts_key


def view(flashes: dict[int, tuple[str, float]]) -> SimpleNamespace:
    return SimpleNamespace(_key=("model", 1), army_colours=[(1, 2, 3), (4, 5, 6)],
                           army_marks=["o", "x"], panel_flash=flashes)


def test_a_rising_gain_keys_the_seat_cards_by_its_step():
    step = 1 / FLASH_RISE  # seconds a step lasts
    early, later = view({1: ("+4", 0.1 * step)}), view({1: ("+4", 0.9 * step)})
    assert seat_facts_key(early) is not None
    assert seat_facts_key(early) == seat_facts_key(later)  # the same pixels
    assert seat_facts_key(view({1: ("+4", 1.1 * step)})) != seat_facts_key(early)
    assert seat_facts_key(view({1: ("+5", 0.1 * step)})) != seat_facts_key(early)
    assert seat_facts_key(view({})) != seat_facts_key(early)  # the gain gone


def test_the_gain_rises_in_a_few_dozen_steps():
    frames = [i / 60 for i in range(int(POP_TIME * 60))]
    steps = [flash_step(t) for t in frames]
    assert steps == sorted(steps)
    assert len(set(steps)) < len(frames) / 3  # a key change every few frames, not each
