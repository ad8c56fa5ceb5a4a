"""Drawing the results screen: the final board, the ranking with its stacked bars and
legend, the facts, and a board view's own score table. Nothing here changes state.

The ranking is drawn from a :class:`RankingModel`, the fields it reads of the results
scene: the scene draws with these functions, so they name it by shape only.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.i18n import Text, say
from game.i18n.client import _
from game.i18n.message import as_text
from game.kit.client import theme
from game.kit.client.layout import BOARD_AREA
from game.kit.client.screen import Screen, draw_mark
from game.kit.client.text import draw_panel, ease_out, fit, fit_lines, fit_size, pulse
from game.ui import scorebars
from game.ui.scenes.common import seat_mark
from game.ui.widgets import INK

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.kit.client.boardview import BoardView
    from game.ui.scorebars import Look
    from game.ui.session import Session

Rect = tuple[float, float, float, float]
Colour = tuple[int, int, int]


class RankingModel(Protocol):
    """What the ranking panel reads of the results scene (the places and the bars)."""

    @property
    def session(self) -> Session: ...
    @property
    def t(self) -> float: ...
    @property
    def order(self) -> list[int]: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def places(self) -> dict[int, int]: ...
    @property
    def breakdown(self) -> dict[int, dict[str, int]]: ...
    @property
    def reasons(self) -> list[str]: ...
    @property
    def reason_looks(self) -> dict[str, Look]: ...
    @property
    def tie_note(self) -> str: ...

#: the final board (left), the ranking (right), the facts under the board; everything
#: ends above the menus' frieze along the bottom (scenery.FRIEZE_H over the footer)
BOARD: Rect = (40.0, 170.0, 800.0, 560.0)
RANK: Rect = (860.0, 170.0, 1020.0, 560.0)
FACTS: Rect = (40.0, 744.0, 1330.0, 238.0)
#: the menu beside the facts: Rematch, Save replay, Title
MENU: Rect = (1390.0, 752.0, 490.0, 66.0)
MENU_GAP = 10.0
#: the bars grow one row after another from this time, each over BAR_SECONDS
BARS_FROM = 0.45
BAR_SECONDS = 0.9
ROW_GAP = 10.0
LEGEND_ROW = 40.0
#: a ranking row: where the name starts, the narrowest and widest the names' column
#: may be, the room the total takes at the right
NAME_X = 160.0
NAME_MIN = 210.0
NAME_MAX = 400.0
TOTAL_W = 150.0


def draw_board(screen: Screen, make_view: Callable[[], BoardView | None] | None,
               rect: Rect, cache: dict[Any, Any]) -> None:
    """The final board in the panel: a view of the game made for it draws it once as on
    the play screen (offscreen), and its board (``board_rect``) is scaled into the panel
    and kept in ``cache`` (a pixel cache: the game is over, the board no longer changes).
    The view is not kept: its layers (three full boards, 13 MB at 1080p) would stay for
    as long as the results show, for a picture already made."""
    x, y, w, h = rect
    top = draw_panel(screen, x, y, w, h, _("Final board"))
    if make_view is None:
        screen.text(_("No board view for this game"), x + w / 2, y + h / 2, theme.FONT_SMALL,
                    theme.TEXT_DIM, "center")
        return
    inner = (x + 14, top, w - 28, y + h - 14 - top)
    key = (screen.surface.get_size(), screen.scale, inner)
    picture = cache.get(key)
    if picture is None:
        cache.clear()
        view = make_view()
        if view is None:
            return
        picture = cache[key] = board_picture(screen, view, inner)
    surf, (px, py) = picture
    screen.surface.blit(surf, (px, py))


def board_picture(screen: Screen, view: BoardView, inner: Rect) -> tuple[
        pygame.Surface, tuple[int, int]]:
    """The view's board, drawn as in the play screen's board area but at the scale that
    fits it into ``inner``, and cut out; the picture and where it goes (pixels, centred).

    Why at that scale, not drawn at the window's scale and shrunk: the view paints its
    lake, its stone and its three layers for the picture, and at the window's scale they
    took 22 MB for a moment at 1080p, the most the client ever held over an evening
    (``benchmarks/memory.py --client``). Drawn the size it is shown, they take a third."""
    bx, by, bw, bh = view.board_rect(BOARD_AREA)
    target = screen.rect(*inner)
    fit_k = min(1.0, target.w / max(1.0, bw * screen.scale),
                target.h / max(1.0, bh * screen.scale))
    lw, lh = theme.LOGICAL_SIZE
    off = pygame.Surface((max(1, math.floor(lw * screen.scale * fit_k)),
                          max(1, math.floor(lh * screen.scale * fit_k))))
    off.fill(theme.BG)
    small = Screen(off)  # the whole canvas at that scale, as a smaller window shows it
    view.draw(small, BOARD_AREA)
    crop = small.rect(bx, by, bw, bh).clip(off.get_rect())
    crop.size = (min(crop.w, target.w), min(crop.h, target.h))
    picture = off.subsurface(crop).copy()
    return picture, (target.x + (target.w - crop.w) // 2,
                     target.y + (target.h - crop.h) // 2)


def legend_rows(screen: Screen, w: float, reasons: list[str]) -> int:
    """How many rows the legend takes in ``w`` (as :func:`scorebars.draw_legend` wraps)."""
    rows, cx = 1, 0.0
    for reason in reasons:
        need = scorebars.legend_width(screen, reason)
        if cx + need > w and cx > 0:
            rows, cx = rows + 1, 0.0
        cx += need
    return rows


def ranking_rows(scene: RankingModel, screen: Screen | None = None) -> tuple[float, float]:
    """(y of the first row, row height) of the ranking."""
    x, y, w, h = RANK
    first = y + 58 + (44 if scene.tie_note else 0)
    legend = LEGEND_ROW * (legend_rows(screen, w - 48, scene.reasons) if screen else 2)
    n = max(1, len(scene.order))
    row_h = min(130.0, (y + h - 20 - legend - first) / n - ROW_GAP)
    return first, row_h


def row_centre(scene: RankingModel, seat: int) -> tuple[float, float]:
    """Where a seat's row has its colour chip (the winner moment bursts there)."""
    first, row_h = ranking_rows(scene)
    rank = scene.order.index(seat)
    return RANK[0] + 130, first + rank * (row_h + ROW_GAP) + row_h / 2


def draw_ranking(screen: Screen, scene: RankingModel, colours: list[Colour]) -> None:
    """The ranking: a row per seat (place, seat, stacked bar of its points by reason,
    total), the tie-breaker when it decided, the legend of the bars' colours."""
    x, y, w, h = RANK
    draw_panel(screen, x, y, w, h, _("Final ranking"))
    if scene.tie_note:
        screen.text(fit(screen, scene.tie_note, theme.FONT_SMALL, w - 40), x + 20, y + 54,
                    theme.FONT_SMALL, theme.ACCENT)
    first, row_h = ranking_rows(scene, screen)
    best = max([1, *scene.scores])
    for rank, seat in enumerate(scene.order):
        ry = first + rank * (row_h + ROW_GAP)
        grow = ease_out((scene.t - BARS_FROM - 0.15 * rank) / BAR_SECONDS)
        draw_row(screen, scene, seat, (x + 16, ry, w - 32, row_h), colours, best, grow)
    scorebars.draw_legend(screen, x + 24, y + h - 16 - LEGEND_ROW * legend_rows(
        screen, w - 48, scene.reasons), w - 48, scene.reasons, scene.reason_looks)


def name_room(screen: Screen, scene: RankingModel) -> float:
    """The width of the names' column: the longest name whole (within reason), so every
    row's bar starts at one place and the bars compare at a glance."""
    widest = max((screen.text_width(n, theme.FONT_BODY) for n in scene.session.names),
                 default=0.0)
    return max(NAME_MIN, min(NAME_MAX, widest + 2))


def bar_rect(screen: Screen, scene: RankingModel, rect: Rect) -> Rect:
    """Where the stacked bar of the row in ``rect`` goes: after the names, before the
    total."""
    rx, ry, rw, rh = rect
    left = rx + NAME_X + name_room(screen, scene) + 24
    h = min(52.0, rh - 28)
    return left, ry + rh / 2 - h / 2, rx + rw - TOTAL_W - left, h


def draw_row(screen: Screen, scene: RankingModel, seat: int, rect: Rect,
             colours: list[Colour], best: int, grow: float) -> None:
    """One seat's row: the winner's framed in gold, pulsing through the winner moment."""
    rx, ry, rw, rh = rect
    winner = seat in scene.winners
    mid = ry + rh / 2
    screen.box(rx, ry, rw, rh, theme.PANEL_LIGHT, radius=14)
    if winner:
        grow_px = 3 * pulse(scene.t, 4)
        screen.box(rx - grow_px, ry - grow_px, rw + 2 * grow_px, rh + 2 * grow_px,
                   theme.ACCENT, radius=16, width=5)
    screen.text(str(scene.places[seat]), rx + 22, mid, theme.FONT_LARGE,
                theme.ACCENT if winner else theme.TEXT, "midleft")
    chip = min(56.0, rh - 16)
    screen.box(rx + 86, mid - chip / 2, chip, chip, colours[seat], radius=10)
    draw_mark(screen, seat_mark(scene.session, seat), rx + 86 + chip / 2, mid, chip * 0.34,
              INK)
    names = scene.session.names
    hints = scene.session.hints[seat] if seat < len(scene.session.hints) else 0
    name_y = mid - 14 if hints and rh >= 90 else mid
    screen.text(fit(screen, names[seat], theme.FONT_BODY, name_room(screen, scene)),
                rx + NAME_X, name_y, theme.FONT_BODY, theme.TEXT, "midleft")
    if hints and rh >= 90:
        screen.text(_.n("{n} hint", "{n} hints", n=hints), rx + NAME_X, mid + 24,
                    theme.FONT_SMALL, theme.TEXT_DIM, "midleft")
    bar = bar_rect(screen, scene, rect)
    scorebars.draw_bar(screen, bar, scene.breakdown.get(seat, {}), scene.reasons,
                       scene.reason_looks, bar[2] / best, grow)
    shown = round(scene.scores[seat] * grow)
    screen.text(str(shown), rx + rw - 22, mid, theme.readable(theme.FONT_LARGE * 1.2),
                theme.TEXT, "midright", role="score")


FACTS_TITLE = _("Game facts")


def draw_facts(screen: Screen, rect: Rect, facts: list[str], error: Text,
               note: Text = "") -> None:
    """A few facts of the game to read out (or the error of a last press), and in the
    panel's title strip the newest message for the players ("Lesson complete: ...")."""
    x, y, w, h = rect
    top = draw_panel(screen, x, y, w, h, FACTS_TITLE)
    if note:
        room = w - 40 - screen.text_width(say(FACTS_TITLE).upper(), theme.FONT_SMALL) - 40
        screen.text(fit(screen, note, theme.FONT_SMALL, room), x + w - 20, y + 14,
                    theme.FONT_SMALL, theme.GOOD, "topright")
    if error:
        for i, line in enumerate(fit_lines(screen, error, theme.FONT_BODY, w - 40)):
            screen.text(line, x + 20, top + 4 + 48 * i, theme.FONT_BODY, theme.DANGER)
        return
    if not facts:
        screen.text(_("No facts for this game"), x + 20, top + 4, theme.FONT_BODY,
                    theme.TEXT_DIM)
    ry = top + 2
    for fact in facts:
        if ry + 44 > y + h:
            break
        screen.box(x + 24, ry + 16, 12, 12, theme.ACCENT, radius=6)
        # a long fact (a three-way tie of long names) steps down a size before it is cut
        size = fit_size(screen, fact, w - 80, theme.FONT_BODY, theme.FONT_SMALL)
        screen.text(fit(screen, fact, size, w - 80), x + 50, ry + (theme.FONT_BODY - size) / 2,
                    size, theme.TEXT)
        ry += 46
def draw_table(screen: Screen, table: dict[str, Any], x: float, y: float, w: float,
               colours: list[tuple[int, int, int]], session: Session) -> None:
    """A view's score table: headers, then rows of string cells (seat rows marked)."""
    headers = [session.say(as_text(h)) for h in table.get("headers") or []]
    rows = [[session.say(as_text(c)) for c in row] for row in table["rows"]
            if isinstance(row, list)]
    seats = table.get("seats") or []
    ncols = max([len(headers)] + [len(r) for r in rows] + [1])
    row_h = 44.0
    note = session.say(as_text(table.get("note") or ""))
    h = 70 + row_h * (len(rows) + 1) + (40 if note else 10)
    draw_panel(screen, x, y, w, h, as_text(table.get("title") or _("Scores")))
    first = w * 0.26
    col_w = (w - first - 40) / max(1, ncols - 1)
    ty = y + 66
    for i, head in enumerate(headers[:ncols]):
        cx = x + 20 + (first if i else 0) + col_w * (i - 1 if i else 0)
        screen.text(head, cx + (col_w / 2 if i else 10), ty + row_h / 2, theme.FONT_SMALL,
                    theme.TEXT_DIM, "center" if i else "midleft")
    for r, row in enumerate(rows):
        ry = ty + row_h * (r + 1)
        if r % 2 == 0:
            screen.box(x + 16, ry, w - 32, row_h, theme.PANEL_LIGHT, radius=8)
        seat = seats[r] if r < len(seats) else None
        label_x = x + 30
        if isinstance(seat, int) and 0 <= seat < len(colours):
            draw_mark(screen, seat_mark(session, seat), x + 40, ry + row_h / 2, 12,
                      colours[seat])
            label_x = x + 62
        for i, cell in enumerate(row[:ncols]):
            if i == 0:
                screen.text(fit(screen, cell, theme.FONT_BODY, first - 50), label_x,
                            ry + row_h / 2, theme.FONT_BODY, theme.TEXT, "midleft")
            else:
                cx = x + 20 + first + col_w * (i - 1) + col_w / 2
                screen.text(cell, cx, ry + row_h / 2, theme.FONT_BODY, theme.TEXT, "center")
    if note:
        screen.text(fit(screen, note, theme.FONT_SMALL, w - 40), x + 20,
                    ty + row_h * (len(rows) + 1) + 8, theme.FONT_SMALL, theme.ACCENT)


