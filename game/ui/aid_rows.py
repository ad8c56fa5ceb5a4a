"""A player aid's action tables: each action with its picture, its words and its cost,
in one or two columns, at the largest size that fits (never below the aid's smallest)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.kit.client import theme
from game.kit.client.aid import AidGroup, AidRow, Area, Painter
from game.kit.client.text import wrap

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

#: text sizes, largest first: a page steps down until its words fit, never below the last
#: (well above the 28 px floor)
BODY_SIZES = (40.0, 38.0, 36.0, 34.0, 32.0)
LINE = 1.24  # line height in font sizes
INK = (20, 16, 12)
ROW_FILL = (44, 58, 88, 200)
#: an icon's height, largest first: rows take the largest the page has room for
ICON_HEIGHTS = (150.0, 120.0, 88.0)
ICON_RATIO = 1.7  # an icon's width to its height
PAD = 9.0
GAP = 10.0
HEAD_GAP = 10.0
COL_GAP = 56.0
#: a table narrower than this keeps one column (a picture stands beside it)
WIDE = 1200.0
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


@dataclass(frozen=True)
class Laid:
    """A table laid out: its text size, cost column, icon height and columns."""

    size: float
    cost_w: float
    icon_h: float
    cols: list[list[Item]]


def _items(screen: Screen, groups: tuple[AidGroup, ...], width: float, size: float,
           icon_h: float, cost_w: float) -> list[Item]:
    out: list[Item] = []
    icon_w = icon_h * ICON_RATIO
    words_w = width - 2 * PAD - (icon_w + 2 * PAD if icon_h else 0) - (cost_w + PAD if cost_w
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
            h = max(words, icon_h if r.icon is not None else 0.0, size * LINE)
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
          icons: bool) -> Laid:
    """The largest text (then icons) whose columns fit ``w`` x ``h``, groups kept whole
    if they fit at some size."""
    rows = [r for g in groups for r in g.rows]
    columns = 2 if len(rows) > 4 and w >= WIDE else 1
    col_w = (w - COL_GAP * (columns - 1)) / columns
    laid: Laid | None = None
    for whole in (True, False):
        for size in BODY_SIZES:
            cost_w = _cost_w(screen, rows, size)
            for icon_h in ICON_HEIGHTS if icons else (0.0,):
                cols = _split(_items(screen, groups, col_w, size, icon_h, cost_w), columns,
                              whole)
                laid = Laid(size, cost_w, icon_h, cols)
                if max(_height(c) for c in cols) <= h:
                    return laid
    assert laid is not None
    return laid


def draw_groups(screen: Screen, area: Area, groups: tuple[AidGroup, ...],
                painter: Painter | None) -> None:
    x, y, w, h = area
    icons = painter is not None and any(r.icon is not None for g in groups for r in g.rows)
    laid = table(screen, groups, w, h, icons)
    size, cols = laid.size, laid.cols
    col_w = (w - COL_GAP * (len(cols) - 1)) / len(cols)
    for n, col in enumerate(cols):
        cx = x + n * (col_w + COL_GAP)
        cy = y
        for item in col:
            if item.row is None:
                for i, line in enumerate(item.label):
                    screen.text(line, cx, cy + i * size * LINE, size, theme.ACCENT)
            else:
                _draw_row(screen, (cx, cy, col_w, item.height), item, laid,
                          painter if icons else None)
            cy += item.height + GAP


def _draw_row(screen: Screen, rect: Area, item: Item, laid: Laid,
              painter: Painter | None) -> None:
    x, y, w, h = rect
    row = item.row
    assert row is not None
    size = laid.size
    screen.box(x, y, w, h, ROW_FILL, radius=14)
    tx = x + PAD
    if painter is not None:
        icon_w = laid.icon_h * ICON_RATIO
        if row.icon is not None:
            painter(screen, (tx, y + (h - laid.icon_h) / 2, icon_w, laid.icon_h), row.icon)
        tx += icon_w + 2 * PAD
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
        pill_w = screen.text_width(row.cost, size) + 36
        px = x + w - PAD - pill_w
        screen.box(px, y + (h - pill_h) / 2, pill_w, pill_h, theme.ACCENT, radius=pill_h / 2)
        screen.text(row.cost, px + pill_w / 2, y + h / 2, size, INK, "center")
