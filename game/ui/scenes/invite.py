""""Invite phones": the join code on the television, and the seats phones hold.

Opened from the setup and from the pause menu. Entering it starts the server if it is
not running (:class:`~game.ui.remote.RemoteLink`); leaving it with Done keeps the server
running, "Stop inviting" stops it. The QR code is large and crisp enough to be read
from the sofa; the URL and the room code are there for a phone without a camera, and
the line under the code says where the server listens. Choosing a seat a phone holds
takes it back: to the person here or to a computer player (in the setup, the seat is
simply free again).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.i18n import Listing, Text
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.screen import draw_mark
from game.kit.client.text import ease_out, fit, fit_lines, fit_size
from game.ui.dialogs import Confirm
from game.ui.qrimage import QrImage
from game.ui.remote import RemoteLink
from game.ui.scenes.common import MenuScene
from game.ui.seatchoice import ChoiceScene, draw_marks, game_on_stack, seat_question
from game.ui.shell import POLL, soonest
from game.ui.widgets import INK, Menu, MenuItem, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.kit.client.screen import Screen
    from game.ui.remote import SeatRow
    from game.ui.shell import Shell

__all__ = ["ChoiceScene", "InviteScene"]

#: where the code goes (logical units): a square on the left, the words under it
QR_AREA = (110.0, 160.0, 640.0)
RIGHT_X, RIGHT_W = 880.0, 960.0
#: the room code's line, the two lines that say what to do (or answer a choice), the
#: seats' menu under them, ending above the frieze
CODE_Y = 292.0
SAY_Y = 390.0
MENU_Y = 500.0
#: text people read from the sofa, and the smallest text on the screen
READ = 40.0
LINE = 46.0
ROWS = 6
#: the cards the words lie on
CARD = (10, 14, 26, 215)


class InviteScene(MenuScene):
    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Enter", context="key"), _("Select")), (_("Esc", context="key"), _("Done")))

    def __init__(self) -> None:
        super().__init__()
        self.menu = Menu([], RIGHT_X, MENU_Y, RIGHT_W, item_h=70, gap=9, visible=ROWS,
                         font=READ, align="left")
        self.image: QrImage | None = None
        self.rows: list[SeatRow] = []
        #: a short answer to the last choice ("" for none), and the row it answers
        self.note: Text = ""
        self._note_at = 0
        self._shown: tuple[object, ...] | None = None
        #: what each menu item stands for (a seat, or "done", ...), to keep the focus
        self._keys: list[object] = []

    @property
    def link(self) -> RemoteLink:
        """The App's link itself: this scene runs it (starts, stops, lists the seats),
        more than the shell's :class:`~game.ui.shell.Phones` offers every scene."""
        assert self.app is not None
        link = self.app.remote
        assert isinstance(link, RemoteLink)
        return link

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self.start()

    def resume(self) -> None:
        self._refresh()

    def start(self) -> None:
        """Start the server unless it runs; a failure is shown in place of the code."""
        assert self.app is not None
        if not self.link.running and not self.link.start():
            self.app.play_sound("error")
        self._refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._refresh()
        if self.note and self.menu.focus != self._note_at:
            self.note = ""  # an answer about one seat goes when the focus moves on

    def wakes_in(self) -> float | None:
        """Phones join and leave by themselves: looked at a few times a second."""
        return soonest(POLL, self.ambient_wake())

    def _refresh(self) -> None:
        """The menu follows the seats (a phone joins, drops, comes back)."""
        link = self.link
        if link.running and (self.image is None or self.image.matrix is not link.qr):
            self.image = QrImage(link.qr)
        self.rows = link.seat_rows()
        shown = (link.running, link.error, tuple(self.rows))
        if shown == self._shown:
            return
        first = self._shown is None or self._shown[0] != link.running
        self._shown = shown
        if not link.running:
            items = [MenuItem(_("Try again"), self.start), MenuItem(_("Back"), self.back)]
            keys: list[object] = ["again", "back"]
        else:
            items = [MenuItem(row.name, partial(self.choose_seat, row.seat),
                              value=partial(_status, row), swatch=row.colour,
                              detail=_detail(row))
                     for row in self.rows]
            items += [MenuItem(_("Done"), self.back), MenuItem(_("Stop inviting"), self.stop)]
            keys = [row.seat for row in self.rows] + ["done", "stop"]
        # the focus stays on its item while rows come and go (a phone joins, a name
        # changes); on a new screen Enter at once closes it (or tries again)
        focused = None if first or not self._keys else self._keys[self.menu.focus]
        self.menu.set_items(items)
        self.menu.focus = keys.index(focused) if focused in keys else \
            keys.index("again" if not link.running else "done")
        self.menu.set_items(items)
        self._keys = keys

    # -- choices ---------------------------------------------------------------------------
    def choose_seat(self, seat: int) -> None:
        """A seat chosen here: in a game, who plays it instead (a phone's seat back here
        or to a computer, a person's to a computer, a computer's back to a person); in
        the setup, a phone's seat is freed."""
        assert self.app is not None
        row = next((r for r in self.rows if r.seat == seat), None)
        if row is None:
            return
        play = game_on_stack(self.app) if self.link.play is not None else None
        if play is not None and 0 <= seat < len(play.seats):
            self.note = ""
            self.app.stack.push(ChoiceScene(*seat_question(self.app, play, seat)))
            return
        if not row.held:
            self.note = _("{player}'s seat is free: a phone takes it by choosing it there",
                          player=row.name) if row.open else \
                _("{player}'s seat is the computer's: make it Human in New game to let a "
                  "phone take it", player=row.name)
            self._note_at = self.menu.focus
            self.app.play_sound("error")
            return
        self.note = ""
        title = (_("{player} plays on a phone ({device})", player=row.name, device=row.device)
                 if row.device not in ("", row.name) else
                 _("{player} plays on a phone", player=row.name)) if row.connected else \
            _("{player}'s phone is away", player=row.name)
        self.app.stack.push(ChoiceScene(title, [
            (_("Free the seat"), partial(self._release, seat, "here"))]))

    def _release(self, seat: int, to: str) -> None:
        self.link.release(seat, to)
        self._refresh()

    def stop(self) -> None:
        assert self.app is not None
        held = [row.name for row in self.rows if row.held]
        if not held:
            self._really_stop()
            return
        who = Listing(tuple(held))
        question = _.n("Stop inviting phones? {players}'s seat will be played here.",
                       "Stop inviting phones? The seats of {players} will be played here.",
                       n=len(held), players=who) if self.link.play is not None else \
            _.n("Stop inviting phones? {players}'s seat will be free again.",
                "Stop inviting phones? The seats of {players} will be free again.",
                n=len(held), players=who)
        self.app.stack.push(Confirm(question, self._really_stop, default_yes=False))

    def _really_stop(self) -> None:
        assert self.app is not None
        self.link.stop()
        self.app.stack.pop()

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, screen: Screen) -> None:
        draw_backdrop(screen, self.t)
        draw_header(screen, _("Invite phones"), self.t)
        link = self.link
        if link.running and self.image is not None:
            self._draw_code(screen, link)
        else:
            self._draw_failure(screen, link.error)
        self.menu.draw(screen)
        self._draw_seat_marks(screen)
        draw_footer(screen, self.shortcuts)

    def _draw_code(self, screen: Screen, link: RemoteLink) -> None:
        assert self.image is not None
        x, y, side = QR_AREA
        self.image.draw(screen, x, y, side)
        # the words lie on cards, clear of the temples and the water behind them
        lines = fit_lines(screen, link.listening(), READ, side + 40, lines=3)
        screen.box(x - 30, y + side + 6, side + 60, LINE * len(lines) + 20, CARD, radius=14)
        screen.box(RIGHT_X - 20, 150, RIGHT_W + 40, MENU_Y - 156, CARD, radius=14)
        for i, line in enumerate(lines):
            screen.text(line, x - 10, y + side + 14 + LINE * i, READ, theme.TEXT_DIM)
        hub = link.hub
        room = hub.room if hub is not None else ""
        screen.text(_("Scan the code, or open on a phone:"), RIGHT_X, 170, READ, theme.TEXT)
        # the whole URL, smaller if it must be (a long address), never under READ
        wide = screen.text_width(link.url, theme.FONT_LARGE)
        size = max(READ, min(theme.FONT_LARGE, theme.FONT_LARGE * RIGHT_W / max(wide, 1)))
        # widths do not scale exactly with the size: a hair too wide steps down once more
        size = fit_size(screen, link.url, RIGHT_W, size, READ)
        screen.text(fit(screen, link.url, size, RIGHT_W), RIGHT_X, 222 + (theme.FONT_LARGE -
                    size) / 2, size, theme.ACCENT)
        screen.text(_("Room code"), RIGHT_X, CODE_Y + 46, READ, theme.TEXT_DIM, "midleft")
        gap = screen.text_width(_("Room code"), READ) + 36
        screen.text(" ".join(room), RIGHT_X + gap, CODE_Y + 46, theme.FONT_TITLE * 0.8,
                    theme.TEXT, "midleft")
        # what to do, or the answer to the last choice, in two lines at most
        said, colour = (self.note, theme.DANGER) if self.note else (
            _("Choose a seat on the phone. Choose it here to take it back or to hand it to "
              "the computer.") if link.play is not None else
            _("Choose a seat on the phone; choose it here to free it again."), theme.TEXT_DIM)
        for i, line in enumerate(fit_lines(screen, said, READ, RIGHT_W)):
            screen.text(line, RIGHT_X, SAY_Y + LINE * i, READ, colour)

    def _draw_failure(self, screen: Screen, error: str) -> None:
        screen.box(90, 170, 1740, 270, theme.PANEL, radius=16)
        screen.box(90, 170, 1740, 270, theme.DANGER, radius=16, width=4)
        screen.text(_("Phones cannot join now"), 130, 200, theme.FONT_LARGE, theme.DANGER)
        screen.text(error or _("The server is not running."), 130, 280, READ, theme.TEXT,
                    wrap=1660)

    def _draw_seat_marks(self, screen: Screen) -> None:
        """Each seat's mark on its colour (never colour alone), and a phone by a seat a
        phone holds; they slide in with the menu's rows."""
        menu = self.menu
        draw_marks(screen, menu, [row.mark for row in self.rows])
        for i in range(menu.first, min(len(self.rows), menu.first + menu.visible)):
            row = self.rows[i]
            if not row.held:
                continue
            x, y, _w, h = menu.row_rect(i)
            x -= (1 - ease_out((menu.t - (i - menu.first) * 0.05) / 0.35)) * 700
            ink = INK if i == menu.focus else (theme.ACCENT if row.connected
                                               else theme.TEXT_DIM)
            label = fit(screen, row.name, READ, RIGHT_W * 0.5)
            draw_mark(screen, "phone", x + 82 + screen.text_width(label, READ) + 24,
                      y + h * (0.36 if _detail(row) else 0.5), 15, ink)


def _status(row: SeatRow) -> str:
    return row.status


def _detail(row: SeatRow) -> str:
    """The device's name under the seat's, unless it is the same."""
    return row.device if row.device != row.name else ""
