"""Drawing a player aid's page: its words (at the largest size that fits) beside or above
its picture, or its action tables. The layout knows no game; the pictures come from the
game's board view (see :mod:`game.kit.client.aid`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.kit.client import theme
from game.kit.client.aid import AidPage, Area, Painter
from game.kit.client.text import wrap
from game.ui.aid_rows import BODY_SIZES, LINE, draw_groups

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

LEAD_GAP = 18.0
GAP = 48.0  # between the words and the picture
PARA_GAP = 14.0
BULLET = "• "
#: the widest a column of running text gets: longer lines are hard to follow from afar
MEASURE = 1100.0
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TextBlock:
    """Running text laid out for a width: (line, size, colour, x offset) rows."""

    lines: tuple[tuple[str, float, tuple[int, int, int], float, float], ...]
    height: float


def lay_text(screen: Screen, lead: str, paras: tuple[str, ...], width: float,
             size: float) -> TextBlock:
    """The lead (accent) and the paragraphs (bullets hang) wrapped to ``width``."""
    rows: list[tuple[str, float, tuple[int, int, int], float, float]] = []
    y = 0.0
    if lead:
        lead_size = max(size, 38.0)
        for ln in wrap(screen, lead, lead_size, width):
            rows.append((ln, lead_size, theme.ACCENT, 0.0, y))
            y += lead_size * LINE
        y += LEAD_GAP
    for para in paras:
        indent = 0.0
        body = para
        if para.startswith(BULLET):
            indent = screen.text_width(BULLET, size)
            body = para[len(BULLET):]
            rows.append((BULLET.strip(), size, theme.ACCENT, 0.0, y))
        for ln in wrap(screen, body, size, width - indent):
            rows.append((ln, size, theme.TEXT, indent, y))
            y += size * LINE
        y += PARA_GAP
    return TextBlock(tuple(rows), max(0.0, y - PARA_GAP))


def fit_text(screen: Screen, lead: str, paras: tuple[str, ...], width: float,
             height: float) -> TextBlock:
    """The text at the largest body size whose lines fit ``height`` (else the smallest)."""
    block = lay_text(screen, lead, paras, width, BODY_SIZES[-1])
    for size in BODY_SIZES:
        block = lay_text(screen, lead, paras, width, size)
        if block.height <= height:
            break
    return block


def draw_text(screen: Screen, block: TextBlock, x: float, y: float) -> None:
    for line, size, colour, dx, dy in block.lines:
        screen.text(line, x + dx, y + dy, size, colour)


def draw_page(screen: Screen, area: Area, page: AidPage, painter: Painter | None) -> None:
    """One page in ``area``: its words, its tables and its picture, laid out by what it
    has (a picture only where the view draws one)."""
    x, y, w, h = area
    has_text = bool(page.lead or page.text)
    figure = page.figure
    paint = painter if figure is not None else None
    if page.groups:
        top = 0.0
        if has_text:
            block = fit_text(screen, page.lead, page.text, w, h * 0.3)
            draw_text(screen, block, x, y)
            top = block.height + 28
        table_w = w
        if paint is not None and figure is not None:  # the picture beside the tables
            table_w = w * (1 - page.figure_share) - GAP
            paint(screen, (x + table_w + GAP, y + top, w - table_w - GAP, h - top), figure)
        draw_groups(screen, (x, y + top, table_w, h - top), page.groups, painter)
        return
    if paint is None or figure is None:
        width = min(w, MEASURE)
        block = fit_text(screen, page.lead, page.text, width, h)
        draw_text(screen, block, x + (w - width) / 2, y)
        return
    if not has_text:
        paint(screen, area, figure)
    elif page.figure_at == "below":
        block = fit_text(screen, page.lead, page.text, w, h * 0.4)
        draw_text(screen, block, x, y)
        top = block.height + 30
        paint(screen, (x, y + top, w, h - top), figure)
    else:
        fig_w = w * page.figure_share
        text_w = w - fig_w - GAP
        draw_text(screen, fit_text(screen, page.lead, page.text, text_w, h), x, y)
        paint(screen, (x + text_w + GAP, y, fig_w, h), figure)
