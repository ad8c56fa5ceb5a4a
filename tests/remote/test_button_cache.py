"""The phone buttons' remembered words tell a learner spoken to as "You" (the
:class:`~game.core.words.Addressed` flag) from a player who typed "You" at setup: the two
names are equal strings, and the cache once gave one the other's sentence."""

from __future__ import annotations

from game.core.words import Addressed
from game.i18n import Seat
from game.remote.snapshot import _button_text, kinds
from variants.market.text import _


def test_a_player_named_you_and_a_learner_spoken_to_get_their_own_button_words():
    passes = _("{player} passes", you="You pass", player=Seat(1))  # seat 1, read by seat 0
    _button_text.cache_clear()
    named = _button_text(passes, 0, kinds(["Ana", "You"]), "en")
    spoken = _button_text(passes, 0, kinds(["Ana", Addressed("You")]), "en")
    assert named == "You passes"  # a name, said in the third person
    assert spoken == "You pass"  # the learner, spoken to
    _button_text.cache_clear()  # the other order: the learner's words remembered first
    assert _button_text(passes, 0, kinds(["Ana", Addressed("You")]), "en") == "You pass"
    assert _button_text(passes, 0, kinds(["Ana", "You"]), "en") == "You passes"
