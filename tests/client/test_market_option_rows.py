"""A Market option row says its option whole in its two lines, in every language: a
refusal too long for them is named short, its reason read in the status line below
(issue 36: wrap, never cut)."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import say
from game.kit.client import Screen, theme, wrap
from tests.client.test_language import spoken
from variants.market.mechanics import Purchase
from variants.market.text import COLOURS, _
from variants.market.view.panel import _option_lines
from variants.market.view.preview import purchase_wordings

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


@pytest.mark.parametrize("coinless", [True, False])
@pytest.mark.parametrize("lang", ["en", "de", "qps"])
def test_a_long_purchase_is_said_in_fewer_words_never_cut(pygame_display, lang, coinless):
    """An affordable purchase whose porters and governors act ("buy 3 red: gets 1 (2
    porters return 1, governor gives the king 1), pays its coin"), and more so one that
    waits for the buyer's coin ("…, once it has a coin"), was cut in its two-line row
    ("…, pay…"). It is said in the fullest of its wordings that fits, by meaning (what
    it buys, whether it waits for a coin), and the status line below reads it whole."""
    screen = Screen(pygame.Surface((1920, 1080)))
    purchase = Purchase(vendor=7, taken=3, acts=((5, "porter"), (4, "porter"),
                                                 (3, "governor")),
                        to_vendor=1, to_king=1, to_buyer=1, keeps_coin=False)
    text, *shorter = purchase_wordings(purchase, "red", coinless)
    with spoken(lang):
        assert len(wrap(screen, text, theme.FONT_SMALL, WIDTH)) > 2  # too long whole
        lines = _option_lines(screen, text, WIDTH, tuple(shorter))
        wordings = [say(w) for w in shorter]
        waits = say(_("buy {n} {colour}, once it has a coin (more: below)", n=3,
                      colour=COLOURS["red"]))
    assert len(lines) <= 2 and not any("…" in line for line in lines), lines
    assert " ".join(lines) in wordings
    assert (waits in wordings) == coinless  # each wording says it waits for the coin
