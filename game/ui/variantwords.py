"""The built-in variants' names, descriptions and exposed parameters in the reader's
language.

A variant's words live in its YAML (``config/variants``), which the catalogue tools do
not read: here each shipped one is a message of the client's catalogue, found by its
English text, so the setup, the title, the rules help and the results say "Der Markt von
Tlatelolco". A text with no message (a mod's variant) is shown as its YAML writes it.
``tests/i18n`` fails when a shipped variant's text has no message here.
"""

from __future__ import annotations

from game.i18n import Text
from game.i18n.client import _
from game.kit.client.messages import param_label

#: every shipped variant's name and description, by its English text
VARIANT_TEXTS: dict[str, Text] = {m.id: m for m in (
    _("Aztlán", context="variant"),
    _("Aztlán - Aztec Gods", context="variant"),
    _("Mexica", context="variant"),
    _("Mexica for two", context="variant"),
    _("Mexica for two, harder", context="variant"),
    _("Mexica — Festival of Toxcatl", context="variant"),
    _("The Market of Tlatelolco", context="variant"),
    _("Five ages on a mythical island: choose a secret power card, spread your tribe's "
      "pawns, battle or coexist where you are strongest, and score domains rich in your "
      "card's territory type. 3-4 players.", context="variant"),
    _("Aztlán for two: each player commands a faction of two tribes and the factions "
      "change hands after every age. Your cards and your score stay yours.",
      context="variant"),
    _("Carve Tenochtitlan into districts with canals, found them with calpulli tokens and "
      "out-build your rivals with temples. Two periods, two scorings, 2-4 players.",
      context="variant"),
    _("The two-player game with a neutral colour: ten neutral temples stand on the island "
      "from the start, taking places in every district's ranking.", context="variant"),
    _("Two players against a stronger neutral colour: its ten temples carry 28 levels "
      "instead of 20.", context="variant"),
    _("House rule: 8 action points a turn and up to 3 AP tokens taken per turn, for a "
      "faster, bolder game of Mexica.", context="variant"),
    _("Move the market's tiles, buy commodities from the vendors with your four buyers and "
      "feed the king's whims: his tokens of a colour multiply its worth. Partnerships with "
      "four players, 2-4 players.", context="variant"),
)}
#: the parameters a shipped variant lets the setup change, by their key
PARAM_LABELS: dict[str, Text] = {
    "ap_per_turn": _("AP per turn", context="parameter"),
    "random_market": _("Random market", context="parameter"),
}


def variant_text(text: str) -> Text:
    """A variant's name or description in the reader's language (as written if unknown)."""
    return VARIANT_TEXTS.get(text, text)


def parameter_label(name: str) -> Text:
    """An exposed parameter's label ("AP per turn"), or its key made readable."""
    return PARAM_LABELS.get(name, param_label(name))
