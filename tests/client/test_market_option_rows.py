"""A Market option row says its option whole in its two lines, in every language: a
refusal too long for them is named short, its reason read in the status line below
(issue 36: wrap, never cut)."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import say
from game.kit.client import Screen
from tests.client.test_language import spoken
from variants.market.text import COLOURS, _
from variants.market.view.panel import _option_lines

WIDTH = 476.0  # the option row's room for words in the side panel at 1080p


@pytest.mark.parametrize("lang", ["en", "de", "qps"])
def test_a_long_refusal_in_an_option_row_is_named_short_never_cut(pygame_display, lang):
    screen = Screen(pygame.Surface((1920, 1080)))
    reason = _("your buyer 1 has no coin; only a buyer with a coin can buy, and this "
               "one gets none before the next turn")
    option = _("{colour}: {reason}", colour=COLOURS["red"], reason=reason)
    with spoken(lang):
        lines = _option_lines(screen, option, WIDTH)
        short = say(_("{colour}: not now (why: below)", colour=COLOURS["red"]))
    assert len(lines) <= 2 and not any("…" in line for line in lines), lines
    assert " ".join(lines) == short
