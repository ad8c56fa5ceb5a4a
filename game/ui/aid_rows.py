"""A player aid's action tables: each action with its picture, its words and its cost,
in one or two columns, at the largest size that fits (never below the aid's smallest)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ui import theme
from game.ui.aid import AidGroup, AidRow, Area, Painter
from game.ui.widgets import wrap

if TYPE_CHECKING:
    from game.ui.screen import Screen

#: text sizes, largest first: a page steps down until its words fit, never below the last
#: (well above the 28 px floor)
BODY_SIZES = (40.0, 38.0, 36.0, 34.0, 32.0)
LINE = 1.24  # line height in font sizes
INK = (20, 16, 12)
ROW_FILL = (44, 58, 88, 200)
ICON_W = 150.0
ICON_H = 88.0
PAD = 9.0
GAP = 10.0
HEAD_GAP = 10.0
COL_GAP = 56.0
NOTE = 0.8  # a note's size against the label's


@dataclass(frozen=True)
class Item:
    """A heading or a row, laid out: its height and its wrapped words."""

    row: AidRow | None
    heading: str
    label: tuple[str, ...]
    note: tuple[str, ...]
    height: float


def _note_size(size: float) -> float:
    return max(float(theme.FONT_SMALL), round(size * NOTE))


def _cost_w(screen: Screen, rows: list[AidRow], size: float) -> float:
    widest = max((screen.text_width(r.cost, size) for r in rows if r.cost), default=0.0)
    return widest + 36 if widest else 0.0


def _items(screen: Screen, groups: tuple[AidGroup, ...], width: float, size: float,
           icons: bool, cost_w: float) -> list[Item]:
    out: list[Item] = []
    words_w = width - 2 * PAD - (ICON_W + 2 * PAD if icons else 0) - (cost_w + PAD if cost_w
                                                                  else 0)
    small = _note_size(size)
    for g in groups:
        if g.heading:
            lines = tuple(wrap(screen, g.heading, size, width))
            out.append(Item(None, g.heading, lines, (), len(lines) * size * LINE + HEAD_GAP))
        for r in g.rows:
            label = tuple(wrap(screen, r.label, size, words_w))
            note = tuple(wrap(screen, r.note, small, words_w)) if r.note else ()
            words = len(label) * size * LINE + len(note) * small * LINE
            h = max(words, ICON_H if icons and r.icon is not None else 0.0, size * LINE)
            out.append(Item(r, "", label, note, h + 2 * PAD))
    return out


def _split(items: list[Item], columns: int, whole: bool) -> list[list[Item]]:
    """``items`` in ``columns`` runs of about equal height, no heading ending a column;
    with ``whole``, cut between two groups only (if there is such a place)."""
    if columns == 1 or len(items) < 2:
        return [items]
    cuts = [c for c in range(1, len(items)) if items[c - 1].row is not None]
    if whole:
        cuts = [c for c in cuts if items[c].row is None] or cuts

    def worst(cut: int) -> float:
        return max(_height(items[:cut]), _height(items[cut:]))

    cut = min(cuts or [len(items)], key=worst)
    return [items[:cut], items[cut:]]


def _height(items: list[Item]) -> float:
    return sum(i.height for i in items) + GAP * max(0, len(items) - 1)


def table(screen: Screen, groups: tuple[AidGroup, ...], w: float, h: float,
          icons: bool) -> tuple[float, float, list[list[Item]]]:
    """The size, cost column width and columns of items that fit ``w`` x ``h``."""
    rows = [r for g in groups for r in g.rows]
    columns = 2 if len(rows) > 4 else 1
    col_w = (w - COL_GAP * (columns - 1)) / columns
    laid: tuple[float, float, list[list[Item]]] | None = None
    for whole in (True, False):  # groups kept whole if they fit at some size
        for size in BODY_SIZES:
            cost_w = _cost_w(screen, rows, size)
            cols = _split(_items(screen, groups, col_w, size, icons, cost_w), columns, whole)
            laid = (size, cost_w, cols)
            if max(_height(c) for c in cols) <= h:
                return laid
    assert laid is not None
    return laid


def draw_groups(screen: Screen, area: Area, groups: tuple[AidGroup, ...],
                painter: Painter | None) -> None:
    x, y, w, h = area
    icons = painter is not None and any(r.icon is not None for g in groups for r in g.rows)
    size, cost_w, cols = table(screen, groups, w, h, icons)
    col_w = (w - COL_GAP * (len(cols) - 1)) / len(cols)
    for n, col in enumerate(cols):
        cx = x + n * (col_w + COL_GAP)
        cy = y
        for item in col:
            if item.row is None:
                for i, line in enumerate(item.label):
                    screen.text(line, cx, cy + i * size * LINE, size, theme.ACCENT)
            else:
                _draw_row(screen, (cx, cy, col_w, item.height), item, size, cost_w,
                          painter if icons else None)
            cy += item.height + GAP


def _draw_row(screen: Screen, rect: Area, item: Item, size: float, cost_w: float,
              painter: Painter | None) -> None:
    x, y, w, h = rect
    row = item.row
    assert row is not None
    screen.box(x, y, w, h, ROW_FILL, radius=14)
    tx = x + PAD
    if painter is not None:
        if row.icon is not None:
            painter(screen, (tx, y + (h - ICON_H) / 2, ICON_W, ICON_H), row.icon)
        tx += ICON_W + 2 * PAD
    small = _note_size(size)
    words = len(item.label) * size * LINE + len(item.note) * small * LINE
    ty = y + (h - words) / 2
    for line in item.label:
        screen.text(line, tx, ty, size, theme.TEXT)
        ty += size * LINE
    for line in item.note:
        screen.text(line, tx, ty, small, theme.TEXT_DIM)
        ty += small * LINE
    if row.cost:
        pill_h = size * 1.3
        px = x + w - PAD - cost_w
        screen.box(px, y + (h - pill_h) / 2, cost_w, pill_h, theme.ACCENT, radius=pill_h / 2)
        screen.text(row.cost, px + cost_w / 2, y + h / 2, size, INK, "center", role="cost")
