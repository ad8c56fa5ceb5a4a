"""The footer, the help's controls and the lesson card name a controller's own buttons
once its input came last (issue 37, section 3): A B X Y and LB on an Xbox pad, L1 and R3 on
the Steam Deck, Cross Circle Square Triangle on a PlayStation's, L, ZL, + and - on a
Switch's; the next key press names the keys again. Synthetic controller events with the
names real pads give SDL, no real pad needed."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.i18n import say
from game.i18n.client import _
from game.ui import input as input_module
from game.ui import padcaps
from game.ui.input import pad_family, shown_pad
from game.ui.scenes.help import CONTROLS, HelpScene
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.title import TitleScene
from game.ui.shell import laid_out
from game.ui.widgets import FOOTER_Y, INK

from .conftest import Driver
from .drawn_texts import texts_drawn

A = pygame.CONTROLLER_BUTTON_A
BACK = pygame.CONTROLLER_BUTTON_BACK
DOWN = pygame.CONTROLLER_BUTTON_DPAD_DOWN
PAD = 4
SIZES = [(1920, 1080), (1280, 800)]


def guid(vendor: int, product: int) -> str:
    """An SDL joystick GUID of a USB pad (bus 3, vendor and product little-endian)."""
    raw = bytes((3, 0, 0, 0)) + vendor.to_bytes(2, "little") + bytes(2) + \
        product.to_bytes(2, "little") + bytes(6)
    return raw.hex()


@pytest.fixture(autouse=True)
def keys_after() -> Iterator[None]:
    """The keys are named again after each test (a new window starts so too)."""
    yield
    input_module._SHOWN[0] = None  # noqa: SLF001


@pytest.fixture
def german() -> Iterator[None]:
    from game.i18n import language, set_language

    before = language()
    set_language("de")
    try:
        yield
    finally:
        set_language(before)


def holding(ui: Driver, name: str) -> None:
    """The pad with instance id PAD is the one SDL names ``name`` (what opening it reads)."""
    ui.app.input.families[PAD] = pad_family(name)


def footer(ui: Driver) -> dict[str, tuple[float, float, float, float]]:
    """The footer's texts as drawn in a frame, with their logical rectangles."""
    return {text: rect for text, rect in texts_drawn(ui.app) if rect[1] >= FOOTER_Y}


def cap_left_of(ui: Driver, rect: tuple[float, float, float, float]) -> tuple[float, float]:
    """The logical centre of the round cap just left of a footer meaning."""
    x, y, _w, h = rect
    r = 28 * 1.2 / 2
    return x - 10 - r, y + h / 2


def ink_at(ui: Driver, x: float, y: float) -> bool:
    """Whether the window shows the caps' dark ink at logical (x, y) (within a pixel)."""
    surface = ui.app.screen.surface
    px, py = laid_out(ui.app.screen, ui.top).px(x, y)  # (the top scene's units)
    return any(tuple(surface.get_at((px + dx, py + dy)))[:3] == INK
               for dx in (-1, 0, 1) for dy in (-1, 0, 1))


# ---------------------------------------------------------------------------------------
# which pad is which
# ---------------------------------------------------------------------------------------
def test_a_pad_is_known_by_its_vendor_or_its_name():
    assert pad_family("PS5 Controller", guid(0x054C, 0x0CE6)) == "playstation5"
    assert pad_family("Wireless Controller", guid(0x054C, 0x09CC)) == "playstation"
    assert pad_family("Steam Deck", guid(0x28DE, 0x1205)) == "deck"
    assert pad_family("Nintendo Switch Pro Controller", guid(0x057E, 0x2009)) == "nintendo"
    assert pad_family("Xbox Series X Controller", guid(0x045E, 0x0B12)) == "xbox"
    # Steam's virtual pad is an Xbox pad to SDL; Bluetooth pads may carry only a name
    assert pad_family("Steam Virtual Gamepad", guid(0x28DE, 0x11FF)) == "xbox"
    assert pad_family("DualSense Wireless Controller") == "playstation5"
    assert pad_family("Joy-Con (L/R)") == "nintendo"
    assert pad_family("Some Arcade Stick") == "xbox"


# ---------------------------------------------------------------------------------------
# the footer
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_footer_names_an_xbox_pads_buttons_until_a_key_is_pressed(make_app, size):
    ui = Driver(make_app(size=size, fullscreen=False))
    ui.frames(30)
    assert isinstance(ui.top, TitleScene)
    keys = footer(ui)
    assert {"Up/Down", "Enter", "F1", "Esc", "Select", "Quit"} <= set(keys)
    holding(ui, "Xbox Series X Controller")
    ui.pad(DOWN, PAD)
    shown = footer(ui)
    assert shown_pad() == "xbox"
    assert {"A", "B", "Select", "Quit", "Rules"} <= set(shown)
    assert not {"Up/Down", "Enter", "F1", "Esc"} & set(shown)
    assert "F11" not in shown  # no button goes fullscreen: a key shows it again
    # the D-pad's cap is before "Choose": a cross whose down arm is ink
    x, y = cap_left_of(ui, shown["Choose"])
    assert ink_at(ui, x, y + 7) and ink_at(ui, x, y)
    ui.key(pygame.K_UP)
    again = footer(ui)
    assert shown_pad() is None
    assert {"Up/Down", "Enter", "Esc"} <= set(again) and "A" not in again


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_playstation_pad_shows_cross_and_circle_as_shapes(make_app, size):
    ui = Driver(make_app(size=size, fullscreen=False))
    ui.frames(30)
    holding(ui, "DualSense Wireless Controller")
    ui.pad(DOWN, PAD)
    shown = footer(ui)
    assert not {"A", "B", "Enter", "Esc"} & set(shown)
    assert "Create" in shown  # the PS5's Back button opens the rules
    cross = cap_left_of(ui, shown["Select"])  # A is the bottom face button: Cross
    r = 28 * 1.2 * 0.3
    assert ink_at(ui, cross[0], cross[1])  # where the strokes meet
    assert ink_at(ui, cross[0] - r * 0.8, cross[1] - r * 0.8)
    assert ink_at(ui, cross[0] + r * 0.8, cross[1] - r * 0.8)
    circle = cap_left_of(ui, shown["Quit"])  # B, the right one: Circle
    assert not ink_at(ui, circle[0], circle[1])  # a ring, not a disc
    assert ink_at(ui, circle[0] + r, circle[1]) or ink_at(ui, circle[0] - r, circle[1])


def test_a_switch_pad_shows_its_minus_button(ui):
    ui.frames(30)
    holding(ui, "Nintendo Switch Pro Controller")
    ui.pad(DOWN, PAD)
    shown = footer(ui)
    assert {"A", "B", "\u2212"} <= set(shown)
    assert shown["\u2212"][0] < shown["Rules"][0]


def test_the_footer_in_german_names_the_pad_and_then_the_keys(ui, german):
    ui.frames(30)
    caps = {say(key) for key, _meaning in TitleScene.shortcuts}
    meanings = {say(meaning) for _key, meaning in TitleScene.shortcuts}
    assert "Eingabe" in caps or "Enter" in caps
    assert caps | meanings <= set(footer(ui))
    holding(ui, "Xbox Wireless Controller")
    ui.pad(DOWN, PAD)
    shown = set(footer(ui))
    fullscreen = say(_("Fullscreen"))
    assert meanings - {fullscreen} <= shown and {"A", "B"} <= shown
    assert not caps & shown and fullscreen not in shown  # no button: a key shows it
    ui.key(pygame.K_UP)
    assert caps | meanings <= set(footer(ui))


# ---------------------------------------------------------------------------------------
# the help's controls page
# ---------------------------------------------------------------------------------------
def open_help(ui: Driver) -> HelpScene:
    """The pad's View button (help), then A on the first game: its rules help."""
    ui.pad(BACK, PAD)
    ui.frames(10)
    ui.pad(A, PAD)
    ui.frames(2)
    assert isinstance(ui.top, HelpScene)
    return ui.top


def controls(scene: HelpScene) -> dict[str, str]:
    """The controls page's rows: what a control does, and its name."""
    return {row.label: row.cost for group in scene.pages[-1].groups for row in group.rows}


def test_the_help_names_the_steam_decks_controls_and_the_keys_again(ui):
    ui.frames(30)
    holding(ui, "Steam Deck")
    help_scene = open_help(ui)
    rows = controls(help_scene)
    assert rows["Do it"] == "A"
    assert rows["Turn the piece, or the next option"] == "L1"
    assert rows["A hint"] == "R3"
    assert rows["Peek at your own secret cards"] == "L2"
    assert rows["Move the cursor, choose"] == "D-pad"
    assert rows["Pause menu"] == "B"
    assert "Save the game" not in rows  # no button saves: a key shows it again
    ui.key(pygame.K_RIGHT)
    assert controls(help_scene)["Do it"] == "Enter / Space / click"


def test_the_help_names_a_playstation_pads_buttons_in_german(ui, german):
    ui.frames(30)
    holding(ui, "PS4 Controller")
    names = set(controls(open_help(ui)).values())
    assert {"Kreuz", "Kreis", "Dreieck", "Steuerkreuz", "L1", "R3", "L2"} <= names
    assert say(_("Enter / Space / click", context="key")) not in names


# ---------------------------------------------------------------------------------------
# derived from the input's table, not a second one
# ---------------------------------------------------------------------------------------
def test_the_caps_follow_the_buttons_table(monkeypatch):
    enter = next(key for key, _meaning in CONTROLS if str(key).startswith("Enter"))
    assert padcaps.words(enter, "xbox") == "A"
    buttons = dict(input_module.BUTTONS)
    buttons[pygame.CONTROLLER_BUTTON_A] = "back"
    buttons[pygame.CONTROLLER_BUTTON_Y] = "confirm"
    monkeypatch.setattr(padcaps, "BUTTONS", buttons)
    assert padcaps.words(enter, "xbox") == "Y"
    assert padcaps.words(enter, "playstation") == "Triangle"


def test_the_lesson_card_names_the_pads_buttons(ui):
    assert LessonScene._caps(("Enter", "R"), True) == [
        ("Enter", True), ("pad A", False), ("R", True), ("pad LB", False)]
    holding(ui, "PS5 Controller")
    ui.pad(DOWN, PAD)
    assert LessonScene._caps(("Enter", "R", "Arrows"), True) == [
        ("Cross", True), ("L1", True), ("D-pad", True)]
