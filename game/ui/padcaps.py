"""A controller's buttons as the pad in the player's hands names them, and their caps.

When the last input came from a controller (:func:`game.ui.input.shown_pad`), the footer,
the help's controls page and the lessons name that pad's buttons instead of keys: A B X Y
on an Xbox pad and the Steam Deck, Cross Circle Square Triangle on a PlayStation's, the
Switch's L, R, ZL, + and -. Which button does what is :data:`game.ui.input.BUTTONS` (and
``TRIGGERS``); this module only names buttons, so a shortcut's buttons are found from its
key cap: the cap's words ("Enter", "Up/Down", "R / right click") are keys, the keys are
intents (``KEYS``), and the intents are buttons. A cap with no button (S to save, F11)
stays a key: the keyboard still works.

The symbols (Cross, Circle, Square, Triangle, the Menu's three lines, the View's two
windows, the D-pad) are drawn as shapes, not glyphs: the typeface has none of them, and a
shape is as crisp at 1280x800 as at 4K.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import Msg, Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.ui.input import BUTTONS, TRIGGERS, PadFamily, key_intent

if TYPE_CHECKING:
    from game.kit.client.intent import IntentKind
    from game.kit.client.screen import Colour, Screen

#: a control of a pad: ("button", SDL button) or ("trigger", SDL axis)
Control = tuple[str, int]

INK = (16, 18, 28)
#: the D-pad's arms not meant by a shortcut: the cap's gold, darkened
ARM_DIM = (172, 128, 0)
#: space between two symbols in one cap, and a cap's side margin (logical units)
GAP = 6.0
MARGIN = 10.0


@dataclass(frozen=True)
class Glyph:
    """What one control's cap shows: letters (``label``) or a shape (``shape``: cross,
    circle, square, triangle, menu, view, dpad), on a round cap for a face button; a
    D-pad lights the ``arms`` a shortcut uses (u, d, l, r)."""

    label: str = ""
    shape: str = ""
    round: bool = False
    arms: str = ""


@dataclass(frozen=True)
class Named:
    """A control's cap and its name in words (the help's and the lessons' text)."""

    glyph: Glyph
    name: Text


def _face(label: str) -> Named:
    return Named(Glyph(label=label, round=True), label)


def _plain(label: str) -> Named:
    return Named(Glyph(label=label), label)


def _shape(shape: str, name: Text, round: bool = True) -> Named:  # noqa: A002 - the Glyph's
    return Named(Glyph(shape=shape, round=round), name)


B = pygame
LETTERS = {("button", B.CONTROLLER_BUTTON_A): _face("A"),
           ("button", B.CONTROLLER_BUTTON_B): _face("B"),
           ("button", B.CONTROLLER_BUTTON_X): _face("X"),
           ("button", B.CONTROLLER_BUTTON_Y): _face("Y")}
MENU_VIEW = {("button", B.CONTROLLER_BUTTON_START): _shape("menu", _("Menu", context="pad")),
             ("button", B.CONTROLLER_BUTTON_BACK): _shape("view", _("View", context="pad"))}


def _sides(bumper: str, trigger: str, stick: str) -> dict[Control, Named]:
    """The shoulders and sticks, named ``L<bumper>``/``R<bumper>`` and so on."""
    return {("button", B.CONTROLLER_BUTTON_LEFTSHOULDER): _plain("L" + bumper),
            ("button", B.CONTROLLER_BUTTON_RIGHTSHOULDER): _plain("R" + bumper),
            ("trigger", B.CONTROLLER_AXIS_TRIGGERLEFT): _plain("L" + trigger),
            ("trigger", B.CONTROLLER_AXIS_TRIGGERRIGHT): _plain("R" + trigger),
            ("button", B.CONTROLLER_BUTTON_LEFTSTICK): _plain("L" + stick),
            ("button", B.CONTROLLER_BUTTON_RIGHTSTICK): _plain("R" + stick)}


_PLAYSTATION = {
    ("button", B.CONTROLLER_BUTTON_A): _shape("cross", _("Cross", context="pad")),
    ("button", B.CONTROLLER_BUTTON_B): _shape("circle", _("Circle", context="pad")),
    ("button", B.CONTROLLER_BUTTON_X): _shape("square", _("Square", context="pad")),
    ("button", B.CONTROLLER_BUTTON_Y): _shape("triangle", _("Triangle", context="pad")),
    **_sides("1", "2", "3"),
    ("button", B.CONTROLLER_BUTTON_START): _plain("Options"),
    ("button", B.CONTROLLER_BUTTON_BACK): _plain("Share")}
#: each family's names of its controls (the D-pad is named alike on all)
NAMES: dict[PadFamily, dict[Control, Named]] = {
    "xbox": {**LETTERS, **_sides("B", "T", "S"), **MENU_VIEW},
    "deck": {**LETTERS, **_sides("1", "2", "3"), **MENU_VIEW},
    "playstation": _PLAYSTATION,
    "playstation5": {**_PLAYSTATION, ("button", B.CONTROLLER_BUTTON_BACK): _plain("Create")},
    # SDL names a Nintendo pad's buttons by their labels: its A is the right-hand one
    "nintendo": {**LETTERS, ("button", B.CONTROLLER_BUTTON_LEFTSHOULDER): _plain("L"),
                 ("button", B.CONTROLLER_BUTTON_RIGHTSHOULDER): _plain("R"),
                 ("trigger", B.CONTROLLER_AXIS_TRIGGERLEFT): _plain("ZL"),
                 ("trigger", B.CONTROLLER_AXIS_TRIGGERRIGHT): _plain("ZR"),
                 ("button", B.CONTROLLER_BUTTON_LEFTSTICK): _plain("LS"),
                 ("button", B.CONTROLLER_BUTTON_RIGHTSTICK): _plain("RS"),
                 ("button", B.CONTROLLER_BUTTON_START): _plain("+"),
                 ("button", B.CONTROLLER_BUTTON_BACK): _plain("\u2212")},
}
#: the D-pad's buttons and the arm each is
ARMS = {B.CONTROLLER_BUTTON_DPAD_UP: "u", B.CONTROLLER_BUTTON_DPAD_DOWN: "d",
        B.CONTROLLER_BUTTON_DPAD_LEFT: "l", B.CONTROLLER_BUTTON_DPAD_RIGHT: "r"}
DPAD = _("D-pad", context="key")

#: the words of key caps that are keys (a letter or a digit is its own key)
KEY_WORDS: dict[str, tuple[int, ...]] = {
    "enter": (B.K_RETURN,), "space": (B.K_SPACE,), "esc": (B.K_ESCAPE,), "tab": (B.K_TAB,),
    "up": (B.K_UP,), "down": (B.K_DOWN,), "left": (B.K_LEFT,), "right": (B.K_RIGHT,),
    "arrows": (B.K_UP, B.K_DOWN, B.K_LEFT, B.K_RIGHT), "f1": (B.K_F1,),
    "f11": (B.K_F11,), "pgup": (B.K_PAGEUP,), "pgdn": (B.K_PAGEDOWN,),
    "backspace": (B.K_BACKSPACE,),
    # the setup screen's "Pad A" (claim a seat) is the pad's confirm
    "pad a": (B.K_RETURN,)}


def cap_words(key: Text) -> str | None:
    """The English words of a key cap (a message of context "key", or plain text), None
    for a message of another kind."""
    if isinstance(key, Msg):
        return key.id if key.context == "key" else None
    return key


def intents_of(key: Text) -> list[IntentKind]:
    """The intents a key cap's keys make, in the cap's order: "R / right click" is
    rotate, "Arrows" the four directions, "U  or  Ctrl+Z" undo."""
    words = cap_words(key)
    if not words:
        return []
    out: list[IntentKind] = []
    for part in words.replace(" or ", "/").replace("(hold)", "").split("/"):
        token = part.strip().lower()
        codes = KEY_WORDS.get(token) or ((ord(token),) if len(token) == 1 else ())
        for code in codes:
            kind = key_intent(code)
            if kind is not None and kind not in out:
                out.append(kind)
    return out


def controls_of(key: Text) -> list[Control]:
    """The pad's controls that do what a key cap's keys do (the first control of each
    intent in :data:`~game.ui.input.BUTTONS`, then ``TRIGGERS``)."""
    out: list[Control] = []
    for kind in intents_of(key):
        found = [("button", b) for b, k in BUTTONS.items() if k == kind] + \
                [("trigger", a) for a, k in TRIGGERS.items() if k == kind]
        if found and found[0] not in out:
            out.append(found[0])
    return out


def glyphs(key: Text, family: PadFamily) -> list[Glyph]:
    """The caps a pad of ``family`` shows for a key cap (empty: the pad has no button
    for it). The D-pad's directions are one cap, its arms lit."""
    names = NAMES[family]
    out: list[Glyph] = []
    arms = ""
    for kind, number in controls_of(key):
        if kind == "button" and number in ARMS:
            if not arms:
                out.append(Glyph(shape="dpad", round=True))  # placed where first named
            arms += ARMS[number]
        elif (kind, number) in names:
            out.append(names[(kind, number)].glyph)
    return [Glyph(shape="dpad", round=True, arms=arms) if g.shape == "dpad" else g
            for g in out]


def words(key: Text, family: PadFamily) -> str:
    """A key cap's controls in words, in the television's language ("Cross", "LB",
    "D-pad"), "" if the pad has no button for it."""
    names = NAMES[family]
    out: list[str] = []
    for control in controls_of(key):
        named = say(DPAD) if control[0] == "button" and control[1] in ARMS else \
            say(names[control].name) if control in names else ""
        if named and named not in out:
            out.append(named)
    return " / ".join(out)


# ---------------------------------------------------------------------------------------
# drawing
# ---------------------------------------------------------------------------------------
def caps_width(screen: Screen, caps: list[Glyph], size: float) -> float:
    """The width of a shortcut's caps side by side (logical units)."""
    return sum(_width(screen, g, size) for g in caps) + GAP * (len(caps) - 1)


def _width(screen: Screen, glyph: Glyph, size: float) -> float:
    if glyph.label and not glyph.round:
        return screen.text_width(glyph.label, size) + 2 * MARGIN
    return size * 1.2


def draw_caps(screen: Screen, caps: list[Glyph], x: float, y: float, size: float,
              colour: Colour = theme.ACCENT) -> float:
    """Draw a shortcut's caps from ``x``, centred on ``y``, as tall as a key cap of text
    ``size``; returns their width."""
    left = x
    h = size * 1.2
    for glyph in caps:
        w = _width(screen, glyph, size)
        if glyph.round:
            screen.circle(x + w / 2, y, h / 2, colour)
        else:
            screen.box(x, y - h / 2, w, h, colour, radius=6)
        if glyph.label:
            screen.text(glyph.label, x + w / 2, y, size, INK, "center")
        else:
            _symbol(screen, glyph, x + w / 2, y, h * 0.3)
        x += w + GAP
    return x - GAP - left


def _symbol(screen: Screen, glyph: Glyph, cx: float, cy: float, r: float) -> None:
    """A button's symbol within ``r`` of its cap's centre."""
    line = max(2.5, r * 0.28)
    shape = glyph.shape
    if shape == "cross":
        screen.line((cx - r, cy - r), (cx + r, cy + r), INK, line)
        screen.line((cx - r, cy + r), (cx + r, cy - r), INK, line)
    elif shape == "circle":
        screen.circle(cx, cy, r, INK, line)
    elif shape == "square":
        screen.box(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, INK, width=line)
    elif shape == "triangle":
        screen.polygon([(cx, cy - r), (cx + r * 1.05, cy + r * 0.8),
                        (cx - r * 1.05, cy + r * 0.8)], INK, line)
    elif shape == "menu":
        for dy in (-r * 0.75, 0.0, r * 0.75):
            screen.line((cx - r, cy + dy), (cx + r, cy + dy), INK, line * 0.9)
    elif shape == "view":
        screen.box(cx - r, cy - r * 0.8, r * 1.3, r * 1.1, INK, width=line * 0.8)
        screen.box(cx - r * 0.3, cy - r * 0.3, r * 1.3, r * 1.1, INK, width=line * 0.8)
    elif shape == "dpad":
        _dpad(screen, glyph.arms or "udlr", cx, cy, r * 1.15)


def _dpad(screen: Screen, lit: str, cx: float, cy: float, r: float) -> None:
    """A cross of four arms, the shortcut's in ink and the others dim."""
    a = r * 0.36  # half an arm's width
    arms = {"u": (cx - a, cy - r, 2 * a, r), "d": (cx - a, cy, 2 * a, r),
            "l": (cx - r, cy - a, r, 2 * a), "r": (cx, cy - a, r, 2 * a)}
    for arm, (x, y, w, h) in arms.items():
        screen.box(x, y, w, h, INK if arm in lit else ARM_DIM, radius=2)
    screen.box(cx - a, cy - a, 2 * a, 2 * a, INK)
