"""Mexica's side panel: turn and AP, tools, calpulli display, supplies and every player.

Drawn from the game state and the view's current preview; changes nothing.
"""

from __future__ import annotations

from typing import Any

from game.ui import theme
from game.ui.screen import Screen, draw_mark
from variants.mexica.view_paint import INK, paint_temple, seat_colour, seat_mark

TOOL_LABELS = {"walk": "Walk", "canal": "Canal", "bridge": "Bridge", "temple": "Temple",
               "found": "Found", "relocate": "Relocate", "tokens": "Tokens"}


def paint_panel(scr: Screen, area: tuple[float, float, float, float], view: Any) -> None:
    ax, ay, aw, ah = area
    game = view.session.game
    rules, s = game.rules, game.state
    k = max(0.55, min(aw / 460, ah / 960, 1.4))
    pad = 14 * k
    x, w = ax + pad, aw - 2 * pad
    y = ay + pad
    y = _turn(scr, view, s, x, y, w, k)
    y = _tools(scr, view, x, y + 10 * k, w, k)
    y = _display(scr, rules, s, x, y + 10 * k, w, k)
    y = _supply(scr, s, x, y + 10 * k, w, k)
    _players(scr, view, rules, s, x, y + 10 * k, w, ay + ah - pad, k)


def _section(scr: Screen, x: float, y: float, w: float, h: float, k: float,
             title: str = "") -> float:
    scr.box(x, y, w, h, theme.PANEL, radius=12 * k)
    if title:
        scr.text(title, x + 12 * k, y + 8 * k, theme.FONT_SMALL * k, theme.TEXT_DIM)
        return y + 40 * k
    return y + 8 * k


def _turn(scr: Screen, view: Any, s: Any, x: float, y: float, w: float, k: float) -> float:
    h = 112 * k
    _section(scr, x, y, w, h, k)
    if s.phase == "over":
        scr.text("Game over", x + 16 * k, y + h / 2, theme.FONT_LARGE * k, theme.ACCENT,
                 "midleft")
        return y + h
    seat = view.session.game.current_player
    scr.text(f"Period {s.period} · Round {s.round}", x + 16 * k, y + 10 * k,
             theme.FONT_SMALL * k, theme.TEXT_DIM)
    colour = seat_colour(view.colours, seat)
    cy = y + 72 * k
    scr.circle(x + 36 * k, cy, 22 * k, colour)
    scr.circle(x + 36 * k, cy, 22 * k, INK, 3 * k)
    draw_mark(scr, seat_mark(view.marks, seat), x + 36 * k, cy, 11 * k, INK)
    scr.text(view.session.name(seat), x + 68 * k, cy, theme.FONT_BODY * k, theme.TEXT,
             "midleft")
    if s.phase == "play":
        scr.text(f"{s.ap} AP", x + w - 16 * k, cy, theme.FONT_LARGE * k, theme.ACCENT,
                 "midright")
    else:
        scr.text("place Pilli" if s.phase == "start" else "vote", x + w - 16 * k, cy,
                 theme.FONT_SMALL * k, theme.ACCENT, "midright")
    return y + h


def _tools(scr: Screen, view: Any, x: float, y: float, w: float, k: float) -> float:
    tools = view.tools
    per_row = 4
    rows = (len(tools) + per_row - 1) // per_row
    chip_h = 44 * k
    menu = view.preview.menu if view.tool == "tokens" else []
    h = 40 * k + rows * (chip_h + 8 * k) + 44 * k + len(menu) * 38 * k
    top = _section(scr, x, y, w, h, k, "Tools  (Tab / Shift+Tab)")
    cw = (w - 16 * k - (per_row - 1) * 8 * k) / per_row
    for i, tool in enumerate(tools):
        cx = x + 8 * k + (i % per_row) * (cw + 8 * k)
        cy = top + (i // per_row) * (chip_h + 8 * k)
        active = tool == view.tool
        scr.box(cx, cy, cw, chip_h, theme.ACCENT if active else theme.PANEL_LIGHT,
                radius=10 * k)
        scr.text(TOOL_LABELS.get(tool, tool), cx + cw / 2, cy + chip_h / 2,
                 theme.FONT_SMALL * k, INK if active else theme.TEXT, "center")
    my = top + rows * (chip_h + 8 * k) + 2 * k
    scr.text(view.mode_text(), x + 14 * k, my, theme.FONT_SMALL * k, theme.TEXT)
    for i, (_action, label) in enumerate(menu):
        ry = my + 40 * k + i * 38 * k
        active = i == view.preview.menu_index
        if active:
            scr.box(x + 8 * k, ry - 4 * k, w - 16 * k, 36 * k, theme.PANEL_LIGHT, radius=8 * k)
        scr.text(("> " if active else "  ") + label, x + 18 * k, ry, theme.FONT_SMALL * k,
                 theme.ACCENT if active else theme.TEXT)
    return y + h


def _display(scr: Screen, rules: Any, s: Any, x: float, y: float, w: float,
             k: float) -> float:
    size = 62 * k
    gap = 8 * k
    per_row = max(1, int((w - 16 * k + gap) // (size + gap)))
    tokens = list(s.display)
    rows = max(1, (len(tokens) + per_row - 1) // per_row)
    h = 40 * k + rows * (size + gap) + 40 * k
    top = _section(scr, x, y, w, h, k, "Calpulli tokens (size, founder·presence)")
    for i, t in enumerate(tokens):
        tx = x + 8 * k + (i % per_row) * (size + gap)
        ty = top + (i // per_row) * (size + gap)
        scr.box(tx, ty, size, size, theme.TOKEN, radius=8 * k)
        scr.box(tx, ty, size, size, INK, radius=8 * k, width=3 * k)
        scr.text(str(t), tx + size / 2, ty + size * 0.38, size * 0.55, INK, "center")
        info = rules.token_info.get(t)
        if info:
            scr.text(f"{info['founder']}·{info['presence']}", tx + size / 2, ty + size * 0.8,
                     size * 0.3, (120, 60, 20), "center")
    if not tokens:
        scr.text("none left", x + 16 * k, top + size / 2, theme.FONT_SMALL * k,
                 theme.TEXT_DIM, "midleft")
    note = (f"Period 2: {len(s.hidden)} face down" if s.period == 1 else
            "Removed: " + (", ".join(map(str, s.removed)) or "none"))
    scr.text(note, x + 14 * k, top + rows * (size + gap) + 2 * k, theme.FONT_SMALL * k,
             theme.TEXT_DIM)
    return y + h


def _supply(scr: Screen, s: Any, x: float, y: float, w: float, k: float) -> float:
    h = 96 * k
    top = _section(scr, x, y, w, h, k, "Supply")
    sup = s.supply
    items = [("single", sup["single"]), ("double", sup["double"]),
             ("bridge", sup["bridges"]), ("ap", sup["ap_tokens"])]
    cw = (w - 16 * k) / len(items)
    for i, (kind, n) in enumerate(items):
        ix = x + 8 * k + i * cw
        cy = top + 22 * k
        _icon(scr, kind, ix + 22 * k, cy, k)
        scr.text(str(n), ix + 50 * k, cy, theme.FONT_BODY * k,
                 theme.TEXT if n else theme.DANGER, "midleft")
    return y + h


def _icon(scr: Screen, kind: str, cx: float, cy: float, k: float) -> None:
    if kind == "single":
        scr.box(cx - 14 * k, cy - 14 * k, 28 * k, 28 * k, theme.CANAL, radius=4 * k)
        scr.box(cx - 14 * k, cy - 14 * k, 28 * k, 28 * k, INK, radius=4 * k, width=2 * k)
    elif kind == "double":
        scr.box(cx - 20 * k, cy - 11 * k, 40 * k, 22 * k, theme.CANAL, radius=4 * k)
        scr.box(cx - 20 * k, cy - 11 * k, 40 * k, 22 * k, INK, radius=4 * k, width=2 * k)
        scr.line((cx, cy - 11 * k), (cx, cy + 11 * k), INK, 2 * k)
    elif kind == "bridge":
        scr.box(cx - 20 * k, cy - 8 * k, 40 * k, 16 * k, theme.BRIDGE, radius=3 * k)
        scr.box(cx - 20 * k, cy - 8 * k, 40 * k, 16 * k, INK, radius=3 * k, width=2 * k)
    else:
        scr.circle(cx, cy, 15 * k, theme.ACCENT)
        scr.circle(cx, cy, 15 * k, INK, 2 * k)
        scr.text("AP", cx, cy, 16 * k, INK, "center")


def _players(scr: Screen, view: Any, rules: Any, s: Any, x: float, y: float, w: float,
             bottom: float, k: float) -> None:
    n = len(s.scores)
    row_h = min(118 * k, (bottom - y) / max(1, n) - 6 * k)
    if row_h < 40 * k:
        return
    current = view.session.game.current_player
    for seat in range(n):
        ry = y + seat * (row_h + 6 * k)
        colour = seat_colour(view.colours, seat)
        scr.box(x, ry, w, row_h, theme.PANEL, radius=12 * k)
        if seat == current:
            scr.box(x, ry, w, row_h, theme.ACCENT, radius=12 * k, width=4 * k)
        scr.box(x, ry, 14 * k, row_h, colour, radius=6 * k)
        draw_mark(scr, seat_mark(view.marks, seat), x + 42 * k, ry + 28 * k, 14 * k, colour)
        scr.text(view.session.name(seat), x + 66 * k, ry + 28 * k, theme.FONT_BODY * k,
                 theme.TEXT, "midleft")
        scr.text(str(s.scores[seat]), x + w - 16 * k, ry + 30 * k, theme.FONT_LARGE * k,
                 theme.ACCENT, "midright")
        flash = view.panel_pops.get(seat)
        if flash:
            text, t = flash
            scr.text(text, x + w - 90 * k, ry + 30 - 20 * t * k, theme.FONT_BODY * k,
                     theme.GOOD, "midright")
        # temples in hand by level, AP tokens
        iy = ry + row_h - 36 * k
        hand = s.hands[seat]
        ix = x + 26 * k
        cell = 38 * k
        for level in sorted(set(hand) | {1, 2, 3, 4}):
            count = hand.count(level)
            if count == 0 and level > 4:
                continue
            paint_temple(scr, ix, iy - cell / 2, cell, level,
                         colour if count else theme.PANEL_LIGHT, seat_mark(view.marks, seat))
            scr.text(f"×{count}", ix + cell + 2 * k, iy, theme.FONT_SMALL * k,
                     theme.TEXT if count else theme.TEXT_DIM, "midleft")
            ix += cell + 44 * k
        reserve = len(s.reserve[seat]) if seat < len(s.reserve) else 0
        ax = x + w - 96 * k
        scr.circle(ax, iy, 15 * k, theme.ACCENT)
        scr.circle(ax, iy, 15 * k, INK, 2 * k)
        scr.text("AP", ax, iy, 16 * k, INK, "center")
        scr.text(f"×{s.ap_tokens[seat]}", ax + 20 * k, iy, theme.FONT_SMALL * k, theme.TEXT,
                 "midleft")
        if reserve and row_h > 100 * k:
            scr.text(f"+{reserve} later", x + 66 * k, ry + 56 * k, theme.FONT_SMALL * 0.8 * k,
                     theme.TEXT_DIM, "midleft")
