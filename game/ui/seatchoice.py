"""Who plays each seat, changed in the middle of a game: "Seats" in the pause menu, and a
seat chosen on the invite screen.

A person who must leave hands their seat to a computer player (and takes it back on
their return); a phone's seat goes back to the person here or to a computer. Handing a
person's seat away asks first (its answer defaults to No): one Enter too many must not
take anyone's seat. The seat changes through ``PlayScene.assign_seat`` and the session's
``kinds``, so a save keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from game.i18n import Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.screen import draw_mark
from game.kit.client.text import ease_out, fit, fit_lines
from game.ui.dialogs import Confirm, MenuDialog
from game.ui.remote import as_scene
from game.ui.scenes.common import MenuScene
from game.ui.seats import ComputerSeat, LocalSeat, RemoteSeat
from game.ui.session import HUMAN, SEAT_KINDS, level_label
from game.ui.shell import scene_factory
from game.ui.widgets import INK, Menu, MenuItem, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.kit.client.screen import Screen
    from game.ui.remote import SeatAssigner
    from game.ui.shell import Shell

#: text people read from the sofa, and the smallest text of these screens
READ = 40.0
#: the card words lie on, over the menus' scene
CARD = (10, 14, 26, 215)
#: the computer levels a seat can be handed to
LEVELS = tuple(kind for kind in SEAT_KINDS if kind != HUMAN)

Option = tuple[Text, Callable[[], None]]


class ChoiceScene(MenuDialog):
    """A question with a few answers over the current screen; Esc or Cancel answers
    nothing. Choosing an answer closes it, then runs the answer."""

    def __init__(self, title: Text, options: Sequence[Option]) -> None:
        super().__init__()
        self.title = say(title)  # said once, as the question is asked
        items = [MenuItem(label, partial(self._answer, action)) for label, action in options]
        items.append(MenuItem(_("Cancel"), self.dismiss))
        top = 540 - (len(items) * 86) / 2 + 40
        self.menu = Menu(items, 610, top, 700, item_h=76, gap=10, font=READ)

    def _answer(self, action: Callable[[], None]) -> None:
        assert self.app is not None
        self.app.stack.pop()
        action()

    def draw(self, screen: Screen) -> None:
        screen.box(*screen.whole(), (0, 0, 0, 215))  # the screen behind steps back
        top = self.menu.y - 130
        height = self.menu.height + 170
        screen.box(540, top, 840, height, theme.PANEL, radius=24)
        screen.box(540, top, 840, height, theme.ACCENT, radius=24, width=5)
        screen.text(fit(screen, self.title, READ, 780), 960, top + 60, READ, theme.TEXT,
                    "center")
        self.menu.draw(screen)
        draw_footer(screen, self.shortcuts)


def game_on_stack(app: Shell) -> SeatAssigner | None:
    """The game being played under the menus, if any (not a lesson: its seats are the
    lesson's)."""
    lesson = scene_factory("lesson")
    for scene in reversed(app.stack.scenes):
        play = as_scene(scene, "play")
        if play is not None and not play.done:
            return None if isinstance(lesson, type) and isinstance(play, lesson) else play
    return None


def who_plays(play: SeatAssigner, seat: int) -> Text:
    """Who plays ``seat`` now, in a few words."""
    driver = play.seats[seat]
    if isinstance(driver, RemoteSeat):
        return _("On a phone") if driver.connected else _("Phone away")
    if isinstance(driver, ComputerSeat):
        return _("Computer ({level})", level=level_label(driver.kind))
    return _("Here", context="seat")


def _to_computer(level: str) -> Text:
    return _("Computer: {level}", level=level_label(level))


def seat_question(app: Shell, play: SeatAssigner, seat: int) -> tuple[Text, list[Option]]:
    """The question about ``seat`` and its answers: who may play it instead."""
    name = play.session.name(seat)
    driver = play.seats[seat]
    if isinstance(driver, RemoteSeat):  # the phone's: back here, or to a computer
        link = app.remote
        device = link.hub.device_name(seat) if link.hub is not None else ""
        title: Text = (_("{player} plays on a phone ({device})", player=name, device=device)
                       if device not in ("", name) else
                       _("{player} plays on a phone", player=name)) if driver.connected \
            else _("{player}'s phone is away", player=name)
        back: list[Option] = [(_("Play it here"), partial(link.release, seat, "here"))]
        return title, back + [(_to_computer(level),
                               partial(link.release, seat, level)) for level in LEVELS]
    if isinstance(driver, ComputerSeat):
        title = _("{player}: computer ({level})", player=name,
                  level=level_label(driver.kind))
        person: list[Option] = [(_("A person here plays it"),
                                 partial(hand_seat, play, seat, HUMAN))]
        return title, person + [(_to_computer(level),
                                 partial(hand_seat, play, seat, level))
                                for level in LEVELS if level != driver.kind]
    title = _("{player} plays here", player=name)
    return title, [(_to_computer(level), partial(ask_to_hand, app, play, seat, level))
                   for level in LEVELS]


def ask_to_hand(app: Shell, play: SeatAssigner, seat: int, level: str) -> None:
    """Ask before a person's seat goes to a computer (No is the answer Enter gives)."""
    name = play.session.name(seat)
    app.stack.push(Confirm(_("Hand {player}'s seat to the computer ({level})?", player=name,
                             level=level_label(level)),
                           partial(hand_seat, play, seat, level), yes=_("Hand it over"),
                           no=_("Keep it"), default_yes=False))


def hand_seat(play: SeatAssigner, seat: int, kind: str) -> None:
    """``seat`` is played by ``kind`` ("human": a person here; else a computer level)
    from now on."""
    if kind not in SEAT_KINDS or not 0 <= seat < len(play.seats):
        raise ValueError(f"a seat goes to a person or a computer level, not {kind!r}")
    play.session.kinds[seat] = kind
    play.assign_seat(seat, LocalSeat(seat) if kind == HUMAN else
                     play.seats.driver_for(seat, kind))


def draw_marks(screen: Screen, menu: Menu, marks: Sequence[str]) -> None:
    """Each seat's mark on its colour chip (never colour alone); the chips slide in with
    the menu's rows. ``marks`` are those of the menu's first rows, one per seat."""
    for i in range(menu.first, min(len(marks), menu.first + menu.visible)):
        x, y, _w, h = menu.row_rect(i)
        x -= (1 - ease_out((menu.t - (i - menu.first) * 0.05) / 0.35)) * 700
        draw_mark(screen, marks[i], x + 46, y + h / 2, 13, INK)


class SeatsScene(MenuScene):
    """"Seats" in the pause menu: every seat with who plays it; choosing one asks who
    should play it instead. A screen of its own, as "Phones and seats" is: nothing of the
    pause menu or the board shows through it."""

    backdrop = True
    is_menu = True
    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Enter", context="key"), _("Change")), (_("Esc", context="key"), _("Back")))

    def __init__(self) -> None:
        super().__init__()
        self.menu = Menu([], 480, 300, 960, item_h=80, gap=12, font=READ, align="left")
        self.play: SeatAssigner | None = None

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self.play = game_on_stack(app)
        self._build()

    def resume(self) -> None:
        self._build()

    def _build(self) -> None:
        play = self.play
        items: list[MenuItem] = []
        if play is not None:
            session = play.session
            items = [MenuItem(session.name(seat), partial(self.choose, seat),
                              value=partial(who_plays, play, seat),
                              swatch=session.colours[seat])
                     for seat in range(len(play.seats))]
        self.menu.set_items([*items, MenuItem(_("Back"), self.back)])

    def choose(self, seat: int) -> None:
        assert self.app is not None
        if self.play is None:
            return
        title, options = seat_question(self.app, self.play, seat)
        self.app.stack.push(ChoiceScene(title, options))

    def draw(self, screen: Screen) -> None:
        draw_backdrop(screen, self.t)
        draw_header(screen, _("Seats"), self.t)
        screen.box(460, 180, 1000, 96, CARD, radius=14)
        for i, line in enumerate(fit_lines(screen, _("Who plays each seat. A person who "
                                                     "must leave can hand theirs to the "
                                                     "computer."), READ, 960)):
            screen.text(line, 480, 190 + 42 * i, READ, theme.TEXT)
        self.menu.draw(screen)
        if self.play is not None:
            draw_marks(screen, self.menu, self.play.session.marks)
        draw_footer(screen, self.shortcuts)
