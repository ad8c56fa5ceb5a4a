"""Aztlán's catalogue (``variants/aztlan/locale``) and its names as messages.

Engine and view modules say ``from variants.aztlan.text import _``. The names a variant
file gives (territories, lakes, territory types, tribes, factions, cards) are the YAML's
English; the shipped ones are listed here as messages (context "name"), so a reader sees
them in their language, and a mod's own names stay as its file spells them
(:func:`named`). Aztlán has no German rulebook: the German terms are explained in
``locale/de/LC_MESSAGES/aztlan.po``'s header.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.i18n import Domain, Msg, Seat, Text

_ = Domain("aztlan", Path(__file__).resolve().parent / "locale")

#: the shipped variant files' names, by their English
NAMES: dict[str, Msg] = {m.id: m for m in (
    # territory types
    _("Desert", context="name"), _("Terraced fields", context="name"),
    _("Jungle", context="name"), _("Mountains", context="name"), _("City", context="name"),
    # tribes and the two-player factions
    _("People of the Quetzal", context="name"), _("People of the Coyote", context="name"),
    _("People of the Serpent", context="name"), _("People of the Ocelot", context="name"),
    _("Coyote and Quetzal", context="name"), _("Ocelot and Serpent", context="name"),
    # prosperity cards
    _("Blessing of Mixcoatl", context="name"), _("Blessing of Tepeyollotl", context="name"),
    _("Blessing of Xipe Totec", context="name"), _("Offering to the Gods", context="name"),
    _("Sacred Games", context="name"), _("Rafts and Canoes", context="name"),
    _("Great Tlatoani", context="name"), _("Eagle and Jaguar Warriors", context="name"),
    # lakes
    _("Lake of Reeds", context="name"), _("Mirror Lake", context="name"),
    _("Heron Lake", context="name"),
    # territories
    _("Maize Terraces", context="name"), _("Jaguar Thicket", context="name"),
    _("Smoking Peak", context="name"), _("Red Dunes", context="name"),
    _("Obsidian Crags", context="name"), _("Bean Steps", context="name"),
    _("Jade City", context="name"), _("Ceiba Grove", context="name"),
    _("Salt Flats", context="name"), _("Eagle Ridge", context="name"),
    _("Sun Pyramid", context="name"), _("Thunder Cone", context="name"),
    _("Amaranth Rise", context="name"), _("Scorpion Sands", context="name"),
    _("Feather Court", context="name"), _("Chili Slopes", context="name"),
    _("Ash Summit", context="name"), _("Parrot Wood", context="name"),
    _("Serpent Gate", context="name"), _("Bone Wash", context="name"),
    _("Squash Gardens", context="name"), _("Moon Plaza", context="name"),
    _("Vine Hollow", context="name"), _("Cacao Ledges", context="name"),
    _("Sunstone Barrens", context="name"), _("Turquoise Hall", context="name"),
    _("Mist Forest", context="name"), _("Howler Glade", context="name"),
    _("Dust Hollow", context="name"), _("Flint Heights", context="name"),
)}

#: the cards a rule names (their effects), for texts that name the card by what it does
SACRED_GAMES = NAMES["Sacred Games"]
TLATOANI = NAMES["Great Tlatoani"]
RAFTS = NAMES["Rafts and Canoes"]
EAGLE = NAMES["Eagle and Jaguar Warriors"]


def named(name: str) -> Text:
    """A name from the variant file in the reader's language (a mod's: as it is)."""
    return NAMES.get(name, name)


def territory(island: Any, i: int) -> Msg:
    """A territory as messages name it: "t5 (Salt Flats)"."""
    return _("{id} ({name})", context="territory", id=island.ids[i],
             name=named(island.names[i]))


def seat(index: int) -> Seat:
    return Seat(index)


#: the shipped prosperity cards' names where a line lists them ("Mixcoatl ×2, Rafts &
#: Canoes"): the gods without "Blessing of", "&" for "and"
SHORT: dict[str, Msg] = {
    "Blessing of Mixcoatl": _("Mixcoatl", context="short"),
    "Blessing of Tepeyollotl": _("Tepeyollotl", context="short"),
    "Blessing of Xipe Totec": _("Xipe Totec", context="short"),
    "Offering to the Gods": _("Offering to the Gods", context="short"),
    "Sacred Games": _("Sacred Games", context="short"),
    "Rafts and Canoes": _("Rafts & Canoes", context="short"),
    "Great Tlatoani": _("Great Tlatoani", context="short"),
    "Eagle and Jaguar Warriors": _("Eagle & Jaguar Warriors", context="short"),
}


def short_card(name: str) -> Text:
    """A card's name where a line lists several (a mod's card: its own name)."""
    return SHORT.get(name, name)
