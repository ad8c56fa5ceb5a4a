"""Drawing the New game screen (:mod:`game.ui.scenes.setup`): its rows, the seat cards,
the variant's description and the plugins that could not load. Nothing here changes
state; the layout's numbers live here, where they are drawn.

The scene draws with these functions, so they read it through :class:`SetupModel`, its
shape, and the scene builds its :class:`Row` list from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import Text
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.messages import one_line
from game.kit.client.screen import draw_mark
from game.kit.client.text import draw_panel, ease_out, fit, fit_lines, fit_size, pulse
from game.ui.input import pad_label
from game.ui.session import HUMAN_LABEL
from game.ui.variantwords import variant_text
from game.ui.widgets import INK, TextField, draw_arrows, focus_ring

if TYPE_CHECKING:
    from game.core.registry import VariantSpec
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell

LEFT_X, LEFT_W = 60.0, 840.0
RIGHT_X, RIGHT_W = 960.0, 900.0
ROW_H = 84.0
#: the gap under a row of the left column
ROW_GAP = 14.0
BUTTONS_Y = 886.0  # Start and Back on the right, Invite phones on the left
#: the variant's row, and under it its card: the player counts and the description
VARIANT_Y = 190.0
CARD_Y = VARIANT_Y + ROW_H + 12
#: the card's inner margin, its first line (the counts) and a description line
CARD_PAD = 14.0
COUNTS_H = 36.0
LINE_H = 34.0
#: a description is never cut shorter than this many lines, whatever the variant asks
MIN_LINES = 2
#: the width the description wraps in
TEXT_W = LEFT_W - 2 * CARD_PAD - 12


@dataclass
class Row:
    key: str
    kind: str  # "adjust", "text" or "button"
    label: Text
    rect: tuple[float, float, float, float]
    value: Callable[[], Text] | None = None
    adjust: Callable[[int], None] | None = None
    field: TextField | None = None
    action: Callable[[], None] | None = None
    enabled: bool = True


class SetupModel(Protocol):
    """What the drawing reads of the New game scene."""

    @property
    def app(self) -> Shell | None: ...
    @property
    def spec(self) -> VariantSpec | None: ...
    @property
    def rows(self) -> list[Row]: ...
    @property
    def focus(self) -> int: ...
    @property
    def t(self) -> float: ...
    @property
    def players(self) -> int: ...
    @property
    def palette(self) -> list[tuple[int, int, int]]: ...
    @property
    def colour_index(self) -> list[int]: ...
    @property
    def description_rows(self) -> int: ...
    @property
    def left_bottom(self) -> float: ...
    def card_h(self) -> float: ...
    def pads_of(self, seat: int) -> list[int]: ...


def description_lines(screen: Screen | None, spec: VariantSpec | None,
                      most: int) -> list[str]:
    """The description as the card shows it: wrapped to the card, at most ``most`` lines
    (the last cut with an ellipsis only if the whole does not fit)."""
    if spec is None or not spec.description.strip():
        return []
    if screen is None:
        return [spec.description]
    return fit_lines(screen, variant_text(spec.description), theme.FONT_SMALL, TEXT_W,
                     lines=max(1, most))


def player_counts(spec: VariantSpec) -> Text:
    """Who may play it: "2-4 players", or "2 players" for a game of one count."""
    if spec.min_players == spec.max_players:
        return _.n("{n} player", "{n} players", n=spec.min_players)
    return _("{least}-{most} players", least=spec.min_players, most=spec.max_players)


def card_height(lines: int) -> float:
    """The description card's height for ``lines`` lines of description."""
    return 2 * CARD_PAD + COUNTS_H + LINE_H * lines


def most_lines(rows_below: int) -> int:
    """How many description lines leave room for ``rows_below`` rows of the left column
    (players, options, seed) above the buttons."""
    room = BUTTONS_Y - ROW_GAP - rows_below * (ROW_H + ROW_GAP) - CARD_Y - ROW_GAP
    return max(MIN_LINES, int((room - 2 * CARD_PAD - COUNTS_H) // LINE_H))


def draw_description(screen: Screen, scene: SetupModel) -> None:
    """The variant's card under its row: who may play it, and what it is."""
    spec = scene.spec
    if spec is None:
        screen.text(_("No playable variant is installed."), LEFT_X + 10, CARD_Y + 4,
                    theme.FONT_BODY, theme.DANGER)
        return
    lines = description_lines(screen, spec, scene.description_rows)
    h = card_height(len(lines))
    screen.box(LEFT_X, CARD_Y, LEFT_W, h, (10, 14, 26, 205), radius=14)
    x, y = LEFT_X + CARD_PAD + 6, CARD_Y + CARD_PAD
    screen.text(fit(screen, player_counts(spec), theme.FONT_SMALL, TEXT_W), x, y,
                theme.FONT_SMALL, theme.ACCENT)
    for i, line in enumerate(lines):
        screen.text(line, x, y + COUNTS_H + LINE_H * i, theme.FONT_SMALL, theme.TEXT)


def row_style(scene: SetupModel, i: int, row: Row) -> tuple[Any, Any, float]:
    """A row's fill, ink and how far its focus ring breathes out."""
    focused = i == scene.focus
    if not row.enabled:
        return theme.PANEL, (120, 126, 140), 0.0
    if focused and row.kind != "text":
        return theme.ACCENT, INK, 4 + 4 * pulse(scene.t, 5)
    return theme.PANEL_LIGHT, theme.TEXT, 0.0


def draw_row(screen: Screen, scene: SetupModel, i: int, row: Row,
             dx: float | None = None) -> None:
    """One row, sliding in from the left (or moved ``dx`` with its seat card)."""
    x, y, w, h = row.rect
    if dx is None:
        dx = -(1 - ease_out((scene.t - 0.04 * i) / 0.35)) * 600
    x += dx
    focused = i == scene.focus
    fill, ink, grow = row_style(scene, i, row)
    if row.kind == "text" and row.field is not None:
        screen.text(row.label, x + 10, y + h / 2, theme.FONT_BODY, theme.TEXT, "midleft")
        row.field.draw(screen, x + 260, y, w - 260, h, focused, scene.t, theme.FONT_LARGE)
        return
    lift = 6.0 if grow else 0.0  # one size (painted once); the focus ring breathes
    frames.tile(screen, x - lift, y - lift / 2, w + 2 * lift, h + lift, fill, radius=14)
    if focused:
        focus_ring(screen, (x, y, w, h), lift + grow - 2, 5)
    if row.kind == "button":
        screen.text(row.value() if row.value else row.label, x + w / 2, y + h / 2,
                    theme.FONT_LARGE, ink, "center")
        return
    bounce = 3 * pulse(scene.t, 6) if focused else 0
    if row.key.startswith("colour"):
        seat = int(row.key[6:])
        colour = scene.palette[scene.colour_index[seat] % len(scene.palette)]
        label = row.value() if row.value else ""
        room = w - 2 * (14 + h * 0.22 + 16) - 40  # between the arrows: "Himmelblau" fits
        size = fit_size(screen, label, room, theme.FONT_BODY, theme.FONT_SMALL)
        tw = screen.text_width(label, theme.readable(size))
        sx = x + w / 2 - (tw + 40) / 2
        screen.box(sx, y + h / 2 - 14, 28, 28, colour, radius=6)
        screen.box(sx, y + h / 2 - 14, 28, 28, INK, radius=6, width=2)
        screen.text(fit(screen, label, size, room), sx + 40, y + h / 2, theme.readable(size),
                    ink, "midleft")
        draw_arrows(screen, x, y, w, h, ink, bounce)
        return
    if row.key.startswith("kind"):
        label = row.value() if row.value else ""
        colour = ink if focused or label == HUMAN_LABEL else theme.ACCENT
        room = w - 2 * (14 + h * 0.22 + 16)  # between the arrows
        size = fit_size(screen, label, room, theme.FONT_BODY if h >= 44 else
                        theme.FONT_SMALL, theme.FONT_SMALL)
        beside = w - 140 - screen.text_width(label, size) - 24  # as drawn: 70 in each side
        if screen.text_width(row.label, theme.FONT_SMALL) <= beside:  # room for "Plays"
            screen.text(row.label, x + 70, y + h / 2, theme.FONT_SMALL, ink, "midleft")
            screen.text(label, x + w - 70, y + h / 2, size, colour, "midright")
        else:
            screen.text(fit(screen, label, size, room), x + w / 2, y + h / 2, size,
                        colour, "center")
        draw_arrows(screen, x, y, w, h, ink, bounce)
        return
    screen.text(row.label, x + 24, y + h / 2, theme.FONT_BODY, ink, "midleft")
    value = row.value() if row.value else ""
    left = x + 24 + screen.text_width(row.label, theme.FONT_BODY) + 16
    room = x + w - 64 - (left + 14 + h * 0.22 + 12)
    size = fit_size(screen, value, room, theme.FONT_LARGE)
    screen.text(fit(screen, value, size, room), x + w - 64, y + h / 2, size, ink,
                "midright", role="menu")
    if row.enabled and row.adjust is not None:
        draw_arrows(screen, left, y, x + w - left, h, ink, bounce)


def draw_seats(screen: Screen, scene: SetupModel) -> None:
    """A card per seat: its colour and mark, name, colour, who plays it, its pads."""
    card_h = scene.card_h()
    keyed = {row.key: (i, row) for i, row in enumerate(scene.rows)}
    for seat in range(scene.players):
        y = 190 + seat * (card_h + 10)
        appear = ease_out((scene.t - 0.1 - 0.06 * seat) / 0.35)
        dx = (1 - appear) * 900
        colour = scene.palette[scene.colour_index[seat] % len(scene.palette)]
        frames.panel(screen, RIGHT_X + dx, y, RIGHT_W, card_h, theme.PANEL_LIGHT, radius=14)
        frames.tile(screen, RIGHT_X + dx, y, 76, card_h, colour, radius=14, depth=0)
        draw_mark(screen, theme.MARKS[scene.colour_index[seat] % len(theme.MARKS)],
                  RIGHT_X + dx + 38, y + min(card_h, 90) / 2, 22, INK)
        if scene.app is not None and scene.app.remote.holds(seat):  # played on a phone
            draw_mark(screen, "phone", RIGHT_X + dx + 38, y + card_h - 30, 18, INK)
        i, name_row = keyed[f"name{seat}"]
        nx, ny, nw, nh = name_row.rect
        assert name_row.field is not None
        name_row.field.draw(screen, nx + dx, ny, nw, nh, i == scene.focus, scene.t,
                            theme.FONT_LARGE if nh >= 60 else theme.FONT_BODY)
        ci, colour_row = keyed[f"colour{seat}"]
        draw_row(screen, scene, ci, colour_row, dx)
        ki, kind_row = keyed[f"kind{seat}"]
        draw_row(screen, scene, ki, kind_row, dx)
        pads = ", ".join(pad_label(p) for p in scene.pads_of(seat))
        if pads and card_h >= 110:
            screen.text(pads, RIGHT_X + dx + RIGHT_W - 24, y + card_h - 22,
                        theme.FONT_SMALL, theme.ACCENT, "midright")
        elif pads:
            screen.text(pads, RIGHT_X + dx + 38, y + card_h - 12,
                        theme.readable(theme.FONT_SMALL * 0.6), INK, "center")


def draw_broken(screen: Screen, scene: SetupModel) -> None:
    """The variants and plugins that could not load, where the left column has room."""
    assert scene.app is not None
    broken = [b for b in scene.app.registry.broken if b.kind in ("variant", "plugin")]
    if not broken:
        return
    y = scene.left_bottom
    h = BUTTONS_Y - 20 - y
    if h < 120:
        return
    top = draw_panel(screen, LEFT_X, y, LEFT_W, h, _("Unavailable"))
    line = top
    for b in broken:
        if line + 60 > y + h:
            screen.text(_("... and {n} more (see 'aztec-arcade list')",
                          n=len(broken) - broken.index(b)), LEFT_X + 20, line, theme.FONT_SMALL,
                        theme.TEXT_DIM)
            break
        screen.text(fit(screen, f"{b.name} ({b.kind})", theme.FONT_SMALL, LEFT_W - 40),
                    LEFT_X + 20, line, theme.FONT_SMALL, (120, 126, 140))
        screen.text(fit(screen, one_line(b.message), theme.FONT_SMALL, LEFT_W - 60),
                    LEFT_X + 40, line + 28, theme.FONT_SMALL, theme.DANGER)
        line += 64
