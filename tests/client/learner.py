"""A learner's hands for the lesson tests: each step's move made as a person makes it,
from what the board marks, with the cursor keys, clicks or a controller's D-pad, never
Enter alone on a cursor the lesson put there.

The lesson marks the step's move on the board (``BoardView.show_target``) and leaves the
cursor where it was; the learner takes it there. Where "there" is comes from the step's
action, read as the board view reads it (a territory, a cell, a square or a buyer); the
way there from the view's own arrow-key navigation.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.ui.scenes.lesson import LessonScene
from variants.aztlan.view import AztlanView
from variants.aztlan.view.layout import make_layout as make_aztlan_layout
from variants.market.view import MarketView
from variants.market.view.layout import step_target
from variants.mexica.view import MexicaView
from variants.mexica.view.paint import make_layout as make_mexica_layout

from .conftest import Driver

DIRECTIONS = ("up", "down", "left", "right")
KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT, "confirm": pygame.K_RETURN, "end": pygame.K_e,
        "rotate": pygame.K_r, "tab": pygame.K_TAB}
PAD = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
       "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
       "confirm": pygame.CONTROLLER_BUTTON_A, "end": pygame.CONTROLLER_BUTTON_X,
       "rotate": pygame.CONTROLLER_BUTTON_LEFTSHOULDER, "tab": pygame.CONTROLLER_BUTTON_Y}


class Hands:
    """Presses by intent on one device: the keyboard, controller 0, or the mouse (which
    clicks where it can and leaves the rest, ending a turn, to the keyboard)."""

    def __init__(self, ui: Driver, device: str = "keyboard") -> None:
        self.ui = ui
        self.device = device
        self.presses: list[str] = []

    def press(self, what: str) -> None:
        self.presses.append(what)
        if self.device == "pad":
            self.ui.pad(PAD[what])
        else:
            self.ui.key(KEYS[what])

    def click(self, at: tuple[float, float]) -> None:
        self.presses.append("click")
        self.ui.click(*at)

    def digit(self, n: int) -> None:
        """A number key (a controller has none: it steps the focus with the D-pad)."""
        assert self.device != "pad", "a controller has no number keys"
        self.presses.append(str(n))
        self.ui.key(pygame.K_0 + n)


def way(start: Hashable, goal: Hashable, step: Callable[[Any, str], Any]) -> list[str]:
    """The arrow presses from ``start`` to ``goal`` (fewest), by the view's navigation."""
    seen = {start: []}
    todo: deque[Any] = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            return seen[here]
        for d in DIRECTIONS:
            there = step(here, d)
            if there is not None and there not in seen:
                seen[there] = [*seen[here], d]
                todo.append(there)
    raise AssertionError(f"no way from {start} to {goal}")


def make_move(hands: Hands, scene: LessonScene) -> None:
    """The next action of the step's plan, made as a learner makes it."""
    step = scene.step
    assert step is not None and step.expect is not None
    action = step.expect[len(scene.taken)]
    view = scene.view
    if isinstance(view, AztlanView) and hands.device == "mouse":
        _aztlan_mouse(hands, scene, view, action)
    elif isinstance(view, AztlanView):
        _aztlan(hands, view, action)
    elif isinstance(view, MexicaView):
        _mexica(hands, scene, view,
                step.expect[-1] if action.startswith("move ") else action)
    elif isinstance(view, MarketView):
        _market(hands, view, action)
    else:
        raise AssertionError(f"no hands for {type(view).__name__}")


def _go(hands: Hands, view: Any, goal: Any, step: Callable[[Any, str], Any]) -> None:
    for d in way(view.cursor, goal, step):
        hands.press(d)
    assert view.cursor == goal


def centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


# -- Aztlán ----------------------------------------------------------------------------
def _aztlan(hands: Hands, view: AztlanView, action: str) -> None:
    verb, *args = action.split()
    index = view.geo.ids.index
    nav = view.geo.nav

    def go(tid: str) -> None:
        _go(hands, view, index(tid), lambda c, d: nav[c].get(d))

    if verb == "place":
        go(args[0])
        hands.press("confirm")
    elif verb == "move":
        go(args[0])
        hands.press("confirm")  # the pawn to move...
        go(args[1])
        hands.press("confirm")  # ...and where to
    elif verb == "eagle":
        hands.press("rotate")  # R: Eagle & Jaguar
        go(args[0])
        hands.press("confirm")
    elif verb in ("stay", "score"):
        hands.press("end")
    else:
        if verb in ("battle", "coexist"):
            while view.decision.territory != index(args[0]):
                hands.press("tab")  # the next conflict won
        _aztlan_option(hands, view, action)


def _aztlan_option(hands: Hands, view: AztlanView, action: str) -> None:
    """A card or a button of the panel: its number, or the D-pad to it and A."""
    d = view.decision
    i = next(i for i, o in enumerate(d.options) if o.action == action)
    if hands.device != "pad":
        if d.kind == "choose":  # a power card by its number: focused, then chosen
            hands.digit(int(action.split()[1]))
            if view.decision.kind == "choose" and view.focus == i:
                hands.press("confirm")
            return
        hands.digit(i + 1)
        return
    step = "right" if d.kind == "choose" else "down"
    back = "left" if d.kind == "choose" else "up"
    while view.focus != i:
        hands.press(step if view.focus < i else back)
    hands.press("confirm")


def _aztlan_mouse(hands: Hands, scene: LessonScene, view: AztlanView, action: str) -> None:
    """Clicks: on the territories the action names, on the panel's card or button."""
    verb, *args = action.split()
    lay = make_aztlan_layout(scene.board_area, view.geo)
    index = view.geo.ids.index

    def on(tid: str) -> tuple[float, float]:
        return lay.pt(view.geo.label[index(tid)])

    def option(pick: Callable[[Any], bool]) -> None:
        col = view.panel_layout()
        rect = next(r for r, o in [*col.cards, *col.buttons] if pick(o))
        hands.click(centre(rect))

    if verb == "place":
        hands.click(on(args[0]))
    elif verb == "move":
        hands.click(on(args[0]))
        hands.click(on(args[1]))
    elif verb == "eagle":
        option(lambda o: o.mode == "eagle")
        hands.click(on(args[0]))
    else:
        if verb in ("battle", "coexist") and view.decision.territory != index(args[0]):
            hands.click(on(args[0]))  # the conflict to decide
        option(lambda o: o.action == action)


# -- Mexica ----------------------------------------------------------------------------
def _mexica(hands: Hands, scene: LessonScene, view: MexicaView, action: str) -> None:
    verb, *args = action.split()
    if verb == "end":
        hands.press("end")  # (the mouse's player too: E ends the turn)
        return
    if verb == "refuse":
        hands.press("rotate")
        return
    index = view.board.index
    cells = [index[w] for w in args if w in index]
    if verb == "relocate":
        cells = cells[1:]  # the bridge to move is readied; the learner picks where
    if cells and hands.device == "mouse":
        lay = make_mexica_layout(scene.board_area, view.board.width, view.board.height)
        hands.click(lay.centre(min(cells)))
        return
    if cells:
        width, height = view.board.width, view.board.height

        def step(c: int, d: str) -> int | None:
            col, row = c % width, c // width
            dc, dr = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[d]
            col, row = col + dc, row + dr
            return row * width + col if 0 <= col < width and 0 <= row < height else None

        _go(hands, view, min(cells), step)
    hands.press("confirm")  # (a token, a vote: the tool the step readied)


# -- the Market --------------------------------------------------------------------------
def _market(hands: Hands, view: MarketView, action: str) -> None:
    verb, *args = action.split()
    if verb in ("pass", "end") or action == "king skip":
        hands.press("end")
        return
    rules = view.rules
    index = {name: i for i, name in enumerate(rules.table.geo.names)}
    side = view._my_side()
    if args and args[0] in index:
        goal: tuple[Any, ...] = ("sq", index[args[0]])
    else:
        goal = ("buyer", side, int(args[0]) - 1)
    _go(hands, view, goal, lambda c, d: step_target(c, d, rules.table.n, rules.table.sides))
    for _ in range(12):  # a purchase: R steps through the buyer's choices
        if view.preview.action == action:
            break
        hands.press("rotate")
    hands.press("confirm")
