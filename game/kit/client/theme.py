"""Colours and sizes for a sofa three metres from the screen.

Player colours come from the Okabe-Ito colour-blind-safe palette, and each seat also has
a shape mark, so no one depends on colour alone.
"""

from __future__ import annotations

LOGICAL_SIZE = (1920, 1080)
#: the tallest canvas in logical units (16:10, a Steam Deck's 1280x800): a taller window
#: shows the wall above and below it
TALLEST = 1200

BG = (18, 24, 38)
PANEL = (30, 40, 62)
PANEL_LIGHT = (44, 58, 88)
TEXT = (240, 236, 224)
TEXT_DIM = (170, 176, 190)
ACCENT = (255, 196, 0)
DANGER = (235, 80, 70)
GOOD = (90, 210, 120)
LAKE = (26, 92, 150)
LAKE_DARK = (18, 70, 120)
CANAL = (60, 150, 210)
LAND = (196, 170, 110)
LAND_DARK = (170, 144, 90)
PALACE = (214, 120, 60)
PALACE_CENTRE = (235, 150, 70)
BRIDGE = (120, 78, 40)
TOKEN = (240, 232, 200)
NEUTRAL_COLOUR = (150, 150, 150)

PALETTES: dict[str, list[tuple[int, int, int]]] = {
    # Okabe-Ito: orange, sky blue, bluish green, vermillion (+ yellow, blue, purple)
    "okabe-ito": [(230, 159, 0), (86, 180, 233), (0, 158, 115), (213, 94, 0),
                  (240, 228, 66), (0, 114, 178), (204, 121, 167)],
    "high-contrast": [(255, 255, 255), (255, 210, 0), (0, 200, 255), (255, 80, 160),
                      (120, 255, 120), (255, 140, 0), (180, 140, 255)],
}

#: a shape per seat, drawn on every piece of that seat
MARKS = ("circle", "square", "triangle", "diamond", "star", "cross", "ring")
COLOUR_NAMES = ("Orange", "Sky", "Green", "Vermillion", "Yellow", "Blue", "Purple")
PALETTE_COLOUR_NAMES: dict[str, tuple[str, ...]] = {
    "okabe-ito": COLOUR_NAMES,
    "high-contrast": ("White", "Yellow", "Cyan", "Pink", "Green", "Orange", "Violet"),
}

#: Text sizes in logical px (the font's em on the 1920x1080 canvas). FONT_SMALL is the
#: floor: nothing is drawn smaller. What a player must read during play (scores, whose
#: turn, the status line, costs, menu items) is at least FONT_READ: a draw of one of the
#: :data:`MUST_READ` roles below it is a bug (tests/client/test_text_sizes.py).
FONT_SMALL = 28
FONT_BODY = 40
FONT_READ = 40
FONT_LARGE = 52
FONT_TITLE = 110

#: the ``role=`` tags of texts a player must read during play, so drawn at >= FONT_READ
MUST_READ = ("score", "turn", "status", "cost", "menu")
#: the ``role=`` of a passing effect's words (a score rising over its row for a moment):
#: they may cross other words while they move; nothing that stays may
PASSING = "fx"


def player_colour(palette: str, index: int) -> tuple[int, int, int]:
    colours = PALETTES.get(palette, PALETTES["okabe-ito"])
    return colours[index % len(colours)]


def colour_names(palette: str) -> tuple[str, ...]:
    """The names people call a palette's colours by, in seat-colour order."""
    return PALETTE_COLOUR_NAMES.get(palette, COLOUR_NAMES)


def readable(size: float) -> float:
    """A size that scales with a board or a panel, never below the floor: from a sofa a
    label too small to read is no label, however well it fits."""
    return max(float(FONT_SMALL), size)
