"""Turn keyboard, mouse and controller events into device-neutral intents.

Scenes only see intents, so every screen works the same with any device. Controllers
use pygame-ce's game-controller API and are hot-plugged by instance id; a controller's
intents carry ``device="controller:<instance id>"`` so that a seat can claim a pad in the
setup screen (``Session.controllers``) and the play screen can ignore a pad whose seat is
not deciding. Keyboard and mouse always work for everyone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import pygame

from game.i18n import say
from game.i18n.client import _
from game.kit.client.intent import Intent, IntentKind, Point

try:
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - very old pygame-ce
    sdl_controller = None  # type: ignore[assignment]

KEYS: dict[int, IntentKind] = {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm", pygame.K_SPACE: "confirm",
    pygame.K_ESCAPE: "back", pygame.K_r: "rotate", pygame.K_u: "undo", pygame.K_y: "redo",
    pygame.K_e: "end", pygame.K_F1: "help", pygame.K_F11: "fullscreen",
    pygame.K_BACKSPACE: "backspace", pygame.K_PAGEUP: "page_up",
    pygame.K_PAGEDOWN: "page_down", pygame.K_s: "save", pygame.K_t: "spend_token",
    pygame.K_p: "peek", pygame.K_h: "hint",
}
#: the key held to peek at one's own secrets (its release ends the peek)
PEEK_KEY = pygame.K_p
#: how far the left trigger is pulled (of 32767) to peek
TRIGGER_PULLED = 16000

BUTTONS: dict[int, IntentKind] = {
    pygame.CONTROLLER_BUTTON_A: "confirm", pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "end", pygame.CONTROLLER_BUTTON_Y: "tab",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "rotate",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "tab",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    pygame.CONTROLLER_BUTTON_START: "back", pygame.CONTROLLER_BUTTON_BACK: "help",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "hint",
}

#: what a controller's analogue trigger does when pulled (the left one: peek, as P)
TRIGGERS: dict[int, IntentKind] = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: "peek"}

#: the families of pads whose buttons are named alike (:mod:`game.ui.padcaps` names them)
PadFamily = Literal["xbox", "deck", "playstation", "playstation5", "nintendo"]
#: USB vendor ids in an SDL joystick GUID (bytes 4-5, little-endian), by family
VENDORS: dict[int, PadFamily] = {0x054C: "playstation", 0x057E: "nintendo", 0x28DE: "deck"}
#: words in a pad's name, by family, for a pad whose GUID names no vendor (Bluetooth,
#: Steam's virtual pads); the first that matches decides
NAME_WORDS: tuple[tuple[str, PadFamily], ...] = (
    ("steam deck", "deck"), ("dualsense", "playstation5"), ("ps5", "playstation5"),
    ("playstation", "playstation"), ("dualshock", "playstation"), ("ps4", "playstation"),
    ("ps3", "playstation"), ("sony", "playstation"), ("nintendo", "nintendo"),
    ("switch", "nintendo"), ("joy-con", "nintendo"), ("pro controller", "nintendo"))
#: the PS5's product ids (its Back button is "Create", the PS4's "Share")
PS5_PRODUCTS = frozenset((0x0CE6, 0x0DF2))
#: the Steam Deck's own controls (Valve's other pads show Xbox names)
DECK_PRODUCTS = frozenset((0x1205,))


def pad_family(name: str, guid: str = "") -> PadFamily:
    """Which family's names a pad's buttons carry: SDL numbers buttons by position (A is
    the bottom face button, as labelled on Xbox pads), so only the pad's vendor and name
    tell a PlayStation's Cross or a Switch's ZL from an Xbox pad's A or LT. Any pad not
    known is named as an Xbox pad, as SDL's layout is."""
    family: PadFamily | None = None
    try:
        raw = bytes.fromhex(guid)
    except ValueError:
        raw = b""
    if len(raw) == 16:
        vendor, product = int.from_bytes(raw[4:6], "little"), int.from_bytes(raw[8:10], "little")
        family = VENDORS.get(vendor)
        if family == "playstation" and product in PS5_PRODUCTS:
            family = "playstation5"
        if family == "deck" and product not in DECK_PRODUCTS:
            family = None
    if family is not None:
        return family
    lowered = name.lower()
    return next((f for word, f in NAME_WORDS if word in lowered), "xbox")


def key_intent(code: int) -> IntentKind | None:
    """What a key pressed alone does (Tab, which Shift turns, included)."""
    return "tab" if code == pygame.K_TAB else KEYS.get(code)


#: the family of the pad whose input came last, None when a key came after it: what the
#: footer, help and lessons name the controls by (set as input arrives, never by a draw)
_SHOWN: list[PadFamily | None] = [None]


def shown_pad() -> PadFamily | None:
    """The family of pad whose buttons the screen names now (None: the keys)."""
    return _SHOWN[0]


MOUSE_BUTTONS: dict[int, IntentKind] = {1: "click", 3: "rclick"}

#: keys that still act while a text field takes the letters
TEXT_MODE_KEYS = frozenset((pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB,
                            pygame.K_KP_ENTER, pygame.K_UP, pygame.K_DOWN, pygame.K_F11,
                            pygame.K_F1))

ToLogical = Callable[[tuple[int, int]], Point]


def _same(pos: tuple[int, int]) -> Point:
    return (float(pos[0]), float(pos[1]))


class InputMapper:
    """Stateful mapper: tracks controllers, stick repeat and where the mouse is."""

    def __init__(self) -> None:
        self.controllers: dict[int, Any] = {}
        self._stick: dict[tuple[int, int], int] = {}
        self.text_mode = False
        #: each open pad's family, by instance id (a pad not opened is named as an Xbox pad)
        self.families: dict[int, PadFamily] = {}
        _SHOWN[0] = None  # a new window starts with the keys
        #: where the mouse last moved, in logical units (None: it has not moved yet)
        self.pointer: Point | None = None
        if sdl_controller is not None:
            try:
                sdl_controller.init()
            except pygame.error:
                pass

    def open_controller(self, device_index: int | None) -> int | None:
        """Open a newly connected pad; its instance id, or None if it cannot be opened
        (no real device behind the event, e.g. a synthesised one in a test)."""
        if sdl_controller is None or device_index is None:
            return None
        try:
            pad = sdl_controller.Controller(device_index)
            instance_id = int(pad.as_joystick().get_instance_id())
        except (pygame.error, ValueError, TypeError):
            return None
        self.controllers[instance_id] = pad
        try:
            guid = str(pad.as_joystick().get_guid())
        except (pygame.error, AttributeError):
            guid = ""
        self.families[instance_id] = pad_family(str(getattr(pad, "name", "")), guid)
        return instance_id

    def _came_from(self, intents: list[Intent], instance_id: Any) -> list[Intent]:
        """Name the controls after the pad that gave ``intents`` (if it gave any)."""
        if intents:
            _SHOWN[0] = self.families.get(instance_id, "xbox") \
                if isinstance(instance_id, int) else "xbox"
        return intents

    def translate(self, event: pygame.event.Event,
                  to_logical: ToLogical = _same) -> list[Intent]:
        t = event.type
        if t == pygame.QUIT:
            return [Intent("quit")]
        if t == pygame.KEYDOWN:
            _SHOWN[0] = None  # the keys are named again
            return self._key(event)
        if t == pygame.KEYUP:
            ended = event.key == PEEK_KEY and not self.text_mode
            return [Intent("peek_end")] if ended else []
        if t == pygame.WINDOWFOCUSLOST:
            return [Intent("peek_end")]  # the key's release would go to another window
        if t == pygame.TEXTINPUT:
            return [Intent("text", event.text)] if self.text_mode else []
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                 pygame.MOUSEWHEEL):
            return self._mouse(event, to_logical)
        return self._controller(event)

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        if event.key == pygame.K_TAB:
            return [Intent("tab_back" if event.mod & pygame.KMOD_SHIFT else "tab")]
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            return [Intent("redo" if event.mod & pygame.KMOD_SHIFT else "undo")]
        if self.text_mode and event.key not in TEXT_MODE_KEYS:
            return []  # letters arrive as TEXTINPUT
        if pygame.K_1 <= event.key <= pygame.K_9 and not self.text_mode:
            return [Intent("digit", event.key - pygame.K_0)]
        kind = key_intent(event.key)
        if kind == "confirm" and event.key == pygame.K_SPACE and self.text_mode:
            return []
        return [Intent(kind)] if kind else []

    def _mouse(self, event: pygame.event.Event, to_logical: ToLogical) -> list[Intent]:
        t = event.type
        if t == pygame.MOUSEWHEEL:
            return [Intent("scroll", event.y, device="mouse")]
        pos = to_logical(event.pos)
        if t == pygame.MOUSEMOTION:
            self.pointer = pos
            return [Intent("point", pos=pos, device="mouse")]
        if t == pygame.MOUSEBUTTONUP:
            return [Intent("release", pos=pos, device="mouse")] if event.button == 1 else []
        kind = MOUSE_BUTTONS.get(event.button)
        return [Intent(kind, pos=pos, device="mouse")] if kind else []

    def _controller(self, event: pygame.event.Event) -> list[Intent]:
        t = event.type
        if t == pygame.CONTROLLERDEVICEADDED:
            opened = self.open_controller(getattr(event, "device_index", None))
            return [Intent("controller_added", opened, device="controller")]
        if t == pygame.CONTROLLERDEVICEREMOVED:
            instance_id = getattr(event, "instance_id", None)
            pad = self.controllers.pop(instance_id, None) if isinstance(instance_id, int) \
                else None
            if pad is not None:
                try:
                    pad.quit()
                except pygame.error:
                    pass
            return [Intent("controller_removed", instance_id, device="controller")]
        if t == pygame.CONTROLLERBUTTONDOWN:
            kind = BUTTONS.get(getattr(event, "button", -1))
            sender: int = getattr(event, "instance_id", 0)
            return self._came_from([Intent(kind, device=pad_device(sender))]
                                   if kind else [], sender)
        if t == pygame.CONTROLLERAXISMOTION:
            return self._came_from(self._axis(event), getattr(event, "instance_id", 0))
        return []

    def _axis(self, event: pygame.event.Event) -> list[Intent]:
        if event.axis in TRIGGERS:
            return self._trigger(event)
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        key = (event.instance_id, event.axis)
        direction = 0 if abs(event.value) < 16000 else (1 if event.value > 0 else -1)
        if direction == self._stick.get(key, 0):
            return []
        self._stick[key] = direction
        if direction == 0:
            return []
        horizontal = event.axis == pygame.CONTROLLER_AXIS_LEFTX
        kind: IntentKind = ("right" if direction > 0 else "left") if horizontal else (
            "down" if direction > 0 else "up")
        return [Intent(kind, device=pad_device(event.instance_id))]

    def _trigger(self, event: pygame.event.Event) -> list[Intent]:
        """The left trigger held is a peek (as the P key): one intent as it is pulled,
        one as it is let go."""
        key = (event.instance_id, event.axis)
        pulled = 1 if event.value >= TRIGGER_PULLED else 0
        if pulled == self._stick.get(key, 0):
            return []
        self._stick[key] = pulled
        kind = TRIGGERS[event.axis] if pulled else "peek_end"
        return [Intent(kind, device=pad_device(event.instance_id))]


def pad_device(instance_id: int) -> str:
    """The ``Intent.device`` of a controller's input."""
    return f"controller:{instance_id}"


def pad_id(device: str) -> int | None:
    """The controller instance id behind an intent's ``device``, None for keyboard/mouse."""
    if not device.startswith("controller:"):
        return None
    try:
        return int(device.split(":", 1)[1])
    except ValueError:
        return None


def pad_label(instance_id: int) -> str:
    """How the screen names a controller: "Pad 1" for instance id 0."""
    return say(_("Pad {number}", number=instance_id + 1))

