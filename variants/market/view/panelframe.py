"""The market's side panel as parts (``BoardView.panel_parts``): its stone, the seat
to move's heading, the modes (or the tiles to lay), what to do, each vendor option of
the buyer under the cursor, the way out and what is under the cursor, each with the
rectangle its painting stays inside and what decides its pixels.

A hover from one buyer to the next changes a row or two of the panel (its options,
what is under the cursor): as parts, only those are painted again, each over the stone's
pixels beneath it (a cached blit), and the words of the rest are neither worked out nor
drawn. The stone is a part of its own for the same reason: where the action log's
shadow meets the panel's, a repaint of the log blits a sliver of the stone, no words.
:func:`~variants.market.view.panel.paint_panel` paints the same parts in order, so a
whole frame and a frame in parts are one picture; too small a bound is a bug the pixel
guard (tests/client/test_damage.py) finds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from game.i18n import language, say
from game.kit.client import Area, BoardPart, Screen, fit_lines, theme
from variants.market.view import panel as vpn
from variants.market.view.preview import modes_for

Rect = tuple[float, float, float, float]
#: logical units a panel's stone reaches past its rectangle: its shadow (10), rounded
SHADOW = 11.0
#: the height of one line of the panel's words as drawn (FONT_SMALL: 34 units at
#: 1080p, a little more at the smallest windows), for the bounds of rows whose lines
#: may stand taller than the row
LINE_H = 38.0


def panel_parts(view: Any, screen: Screen, area: Area) -> list[BoardPart]:
    """The panel in ``area`` as parts, in painting order. Asked every frame: while the
    facts the panel follows hold (``view.panel_key``: the game's version, the cursor,
    the preview, the tools, the seats, the language: ``view.panel_facts``), the last
    frame's are given again, without laying the panel out or saying a word. The heading
    and the way out are keyed by the game's version and the names (what their words
    follow), not by saying them."""
    facts = (tuple(area), screen.scale, screen.ox, screen.oy, view.panel_facts())
    kept = getattr(view, "_kept_panel", None)
    if kept is not None and kept[0] == facts:
        return list(kept[1])
    out = _panel_parts(view, screen, area)
    view._kept_panel = (facts, tuple(out))
    return out


def _panel_parts(view: Any, screen: Screen, area: Area) -> list[BoardPart]:
    lay = vpn.panel_layout(view, area)
    k = lay.k
    ax, ay, aw, _ah = area
    game = view.session.game
    s = game.state
    said = language()
    version = (view.session.version, id(game), tuple(view.session.names))
    out = [BoardPart("stone", _grown((ax, ay, aw, lay.tall), SHADOW),
                     ("stone", tuple(area), lay.tall, lay.stone_k),
                     partial(_call, vpn.paint_stone, lay, area))]
    seat = game.current_player
    colour = view.colours[seat] if seat is not None and seat < len(view.colours) else None
    x, y, w, h = lay.header
    out.append(BoardPart("header", (x, ay, w, y + h + 6 * k - ay),
                         ("header", lay.header, k, said, colour, version),
                         partial(_call, vpn._paint_header, lay, view)))
    rows = [r for r, _m in lay.chips] + [r for r, _t in lay.palette]
    if rows:  # (a chip's raised side and shadow reach twice its depth, 3k, below it)
        chips = (tuple(lay.chips), tuple(lay.palette), k, said, view.mode, modes_for(s),
                 view.tile_choice, tuple(vpn.tiles_left(game)) if lay.palette else ())
        out.append(BoardPart("modes", _grown(_union(rows), 2 + 6 * k), ("modes", chips),
                             partial(_call, vpn._paint_modes, lay, view)))
    hx, hy, hw, hh = lay.hint  # (its lines stand 36 apart however squeezed the panel)
    hint = say(vpn.hint(view))
    lines = len(fit_lines(screen, hint, theme.FONT_SMALL, hw - 8 * k, 3))
    out.append(BoardPart("hint", (hx, hy, hw, max(hh, 36 * (lines - 1) + LINE_H + 2)),
                         ("hint", lay.hint, k, said, hint),
                         partial(_call, vpn.paint_hint, lay, view)))
    preview = view.preview
    for r, i in lay.options:
        out.append(BoardPart(f"option {i}", _centred(r, 34 + LINE_H + 2),
                             ("option", r, k, said, preview.options[i], i == preview.option),
                             partial(_call, vpn.paint_option, lay, view, i)))
    if lay.button is not None:  # its words in up to two lines of up to 36k
        out.append(BoardPart("exit", _centred(lay.button, 34 + 46 * k, 3.0),
                             ("exit", lay.button, lay.low_k, said, version),
                             partial(_call, vpn._paint_exit, lay.button, lay.low_k, view)))
    ux, uy, uw, uh = lay.about
    about = say(vpn.about(view))
    lines = len(fit_lines(screen, about, theme.FONT_SMALL, uw - 8 * k))
    out.append(BoardPart("about", (ux, uy, uw, max(uh, 4 * k + 34 * (lines - 1) + LINE_H + 2)),
                         ("about", lay.about, k, said, about),
                         partial(_call, vpn.paint_about, lay, view)))
    return out


def _call(paint: Callable[..., None], *args: Any) -> None:
    """``paint(screen, *rest)`` for a part's painting called as ``paint(*rest, screen)``."""
    *rest, screen = args
    paint(screen, *rest)


def _grown(rect: Rect, by: float) -> Rect:
    x, y, w, h = rect
    return (x - by, y - by, w + 2 * by, h + 2 * by)


def _centred(rect: Rect, least: float, by: float = 1.0) -> Rect:
    """``rect`` grown ``by`` (a unit: its outline is inside it), and to at least
    ``least`` high about its middle (its words are centred on it, and may stand taller
    than a squeezed row)."""
    x, y, w, h = _grown(rect, by)
    tall = max(h, least)
    return (x, y + h / 2 - tall / 2, w, tall)


def _union(rects: list[Rect]) -> Rect:
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    return (x0, y0, max(r[0] + r[2] for r in rects) - x0, max(r[1] + r[3] for r in rects) - y0)
