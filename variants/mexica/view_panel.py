"""Mexica's side panel: AP and round, tools, calpulli display, supplies, every player's hand.

Designed for the play screen's 528 x 392 panel (the shell's top bar already shows names and
scores) and scaled uniformly to fit any other area. Drawn from the game state and the
view's current preview; changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ui import theme
from game.ui.art import frames
from game.ui.screen import Screen, draw_mark
from variants.mexica.state import MexicaState
from variants.mexica.view_paint import INK, seat_colour, seat_mark

if TYPE_CHECKING:
    from variants.mexica.rules import MexicaRules

TOOL_LABELS = {"walk": "Walk", "canal": "Canal", "bridge": "Bridge", "temple": "Temple",
               "found": "Found", "relocate": "Relocate", "tokens": "Tokens"}
BASE_W = 528
GAP = 6
HEAD_H = 58
TOOLS_H = 44
MODE_H = 36
TOKENS_H = 62
SUPPLY_H = 40
ROW_H = 42
CHIP = 22  # chip font size


def _need(view: Any, s: MexicaState, aw: float, k: float) -> float:
    rows = _token_rows(len(s.display) + (1 if s.hidden else 0), aw - 12 * k, k)[1]
    menu = _menu_rows(view, aw, k)
    return (12 + HEAD_H + TOOLS_H + MODE_H * max(1, menu) + TOKENS_H * rows + SUPPLY_H
            + len(s.scores) * (ROW_H + GAP) + 4 * GAP) * k


def paint_panel(scr: Screen, area: tuple[float, float, float, float], view: Any) -> None:
    ax, ay, aw, ah = area
    s = view.session.game.state
    rules = view.session.game.rules
    k = min(aw / BASE_W, 1.6)
    need = _need(view, s, aw, k)
    if need > ah:
        k *= ah / need
    x, w = ax + 6 * k, aw - 12 * k
    y = ay + 6 * k
    frames.panel(scr, ax, ay, aw, min(ah, _need(view, s, aw, k)), theme.PANEL_LIGHT,
                 radius=14 * k, width=2)
    y = _head(scr, view, s, x, y, w, k)
    y = _tools(scr, view, x, y + GAP * k, w, k)
    y = _display(scr, rules, s, x, y + GAP * k, w, k)
    y = _supply(scr, s, x, y + GAP * k, w, k)
    _players(scr, view, s, x, y + GAP * k, w, k)


def _head(scr: Screen, view: Any, s: MexicaState, x: float, y: float, w: float, k: float) -> float:
    cy = y + HEAD_H * k / 2
    if s.phase == "over":
        scr.text("Game over", x + 10 * k, cy, theme.FONT_LARGE * k, theme.ACCENT, "midleft")
        return y + HEAD_H * k
    if s.phase == "play":
        r = scr.text(f"{s.ap} AP", x + 10 * k, cy, theme.FONT_LARGE * k, theme.ACCENT,
                     "midleft")
        left = (r.right - scr.ox) / scr.scale
        scr.text("left", left + 8 * k, cy + 6 * k, theme.FONT_SMALL * 0.8 * k,
                 theme.TEXT_DIM, "midleft")
    else:
        text = "Place your Pilli" if s.phase == "start" else "Vote"
        scr.text(text, x + 10 * k, cy, theme.FONT_BODY * k, theme.ACCENT, "midleft")
    scr.text(f"Period {s.period} · Round {s.round}", x + w - 10 * k, cy,
             theme.FONT_SMALL * k, theme.TEXT, "midright")
    return y + HEAD_H * k


def _chips(scr: Screen, labels: list[str], active: int, x: float, y: float, w: float,
           h: float, k: float) -> None:
    """A row of labelled chips sharing ``w`` in proportion to their text."""
    size = CHIP * k
    widths = [scr.text_width(t, size) + 14 * k for t in labels]
    gap = 5 * k
    spare = max(0.0, w - sum(widths) - gap * (len(labels) - 1)) / max(1, len(labels))
    cx = x
    for i, text in enumerate(labels):
        cw = widths[i] + spare
        on = i == active
        frames.tile(scr, cx, y, cw, h, theme.ACCENT if on else theme.PANEL_LIGHT,
                    radius=8 * k, depth=3 * k)
        scr.text(text, cx + cw / 2, y + h / 2, size, INK if on else theme.TEXT, "center")
        cx += cw + gap


def _menu_rows(view: Any, aw: float, k: float) -> int:
    if view.tool != "tokens":
        return 1
    return max(1, (len(view.preview.menu) + 2) // 3)


def _tools(scr: Screen, view: Any, x: float, y: float, w: float, k: float) -> float:
    labels = [TOOL_LABELS.get(t, t.title()) for t in view.tools]
    active = view.tools.index(view.tool) if view.tool in view.tools else -1
    _chips(scr, labels, active, x, y, w, (TOOLS_H - 8) * k, k)
    y += TOOLS_H * k
    if view.tool != "tokens" or not view.preview.menu:
        scr.text(view.mode_text(), x + 8 * k, y + MODE_H * k / 2 - 4 * k,
                 theme.FONT_SMALL * 0.9 * k, theme.TEXT, "midleft")
        return y + MODE_H * k
    menu = view.preview.menu
    for row in range(_menu_rows(view, w, k)):
        items = menu[row * 3:row * 3 + 3]
        short = [_short(label) for _a, label in items]
        sel = view.preview.menu_index - row * 3
        _chips(scr, short, sel if 0 <= sel < len(items) else -1, x, y, w,
               (MODE_H - 8) * k, k)
        y += MODE_H * k
    return y


def _short(label: str) -> str:
    return (label.replace("Propose removing token", "Remove")
            .replace("Take an AP token", "Take").replace("Spend an AP token", "Spend"))


def _token_rows(n: int, w: float, k: float) -> tuple[int, int]:
    per_row = max(1, int((w + 6 * k) // ((TOKENS_H - 4) * k)))
    return per_row, max(1, (n + per_row - 1) // per_row)


def _display(scr: Screen, rules: MexicaRules, s: MexicaState, x: float, y: float, w: float,
             k: float) -> float:
    size = (TOKENS_H - 10) * k
    step = (TOKENS_H - 4) * k
    items: list[int | None] = list(s.display) + ([None] if s.hidden else [])
    per_row, rows = _token_rows(len(items), w, k)
    for i, t in enumerate(items):
        tx = x + (i % per_row) * step
        ty = y + (i // per_row) * TOKENS_H * k
        if t is None:  # the period-2 tokens, face down
            scr.box(tx, ty, size, size, theme.PANEL_LIGHT, radius=8 * k)
            scr.box(tx, ty, size, size, theme.TEXT_DIM, radius=8 * k, width=2 * k)
            scr.text(f"+{len(s.hidden)}", tx + size / 2, ty + size * 0.4, size * 0.5,
                     theme.TEXT, "center")
            scr.text("later", tx + size / 2, ty + size * 0.8, size * 0.3, theme.TEXT_DIM,
                     "center")
            continue
        scr.box(tx, ty, size, size, theme.TOKEN, radius=8 * k)
        scr.box(tx, ty, size, size, INK, radius=8 * k, width=3 * k)
        scr.text(str(t), tx + size / 2, ty + size * 0.4, size * 0.6, INK, "center")
        info = rules.token_info.get(t)
        if info:
            scr.text(f"{info['founder']}·{info['presence']}", tx + size / 2, ty + size * 0.8,
                     size * 0.34, (120, 60, 20), "center")
    if not items:
        scr.text("No calpulli tokens left", x + 8 * k, y + size / 2, theme.FONT_SMALL * k,
                 theme.TEXT_DIM, "midleft")
    return y + rows * TOKENS_H * k


def _supply(scr: Screen, s: MexicaState, x: float, y: float, w: float, k: float) -> float:
    sup = s.supply
    items = [("single", sup["single"]), ("double", sup["double"]),
             ("bridge", sup["bridges"]), ("ap", sup["ap_tokens"])]
    cw = w / len(items)
    cy = y + SUPPLY_H * k / 2
    for i, (kind, n) in enumerate(items):
        ix = x + i * cw
        icon(scr, kind, ix + 24 * k, cy, k)
        scr.text(str(n), ix + 52 * k, cy, theme.FONT_BODY * k,
                 theme.TEXT if n else theme.DANGER, "midleft")
    return y + SUPPLY_H * k


def icon(scr: Screen, kind: str, cx: float, cy: float, k: float) -> None:
    if kind == "single":
        scr.box(cx - 14 * k, cy - 14 * k, 28 * k, 28 * k, theme.CANAL, radius=4 * k)
        scr.box(cx - 14 * k, cy - 14 * k, 28 * k, 28 * k, INK, radius=4 * k, width=2 * k)
    elif kind == "double":
        scr.box(cx - 22 * k, cy - 11 * k, 44 * k, 22 * k, theme.CANAL, radius=4 * k)
        scr.box(cx - 22 * k, cy - 11 * k, 44 * k, 22 * k, INK, radius=4 * k, width=2 * k)
        scr.line((cx, cy - 11 * k), (cx, cy + 11 * k), INK, 2 * k)
    elif kind == "bridge":
        scr.box(cx - 22 * k, cy - 8 * k, 44 * k, 16 * k, theme.BRIDGE, radius=3 * k)
        scr.box(cx - 22 * k, cy - 8 * k, 44 * k, 16 * k, INK, radius=3 * k, width=2 * k)
    else:
        scr.circle(cx, cy, 15 * k, theme.ACCENT)
        scr.circle(cx, cy, 15 * k, INK, 2 * k)
        scr.text("AP", cx, cy, 16 * k, INK, "center")


def _players(scr: Screen, view: Any, s: MexicaState, x: float, y: float, w: float,
             k: float) -> None:
    current = view.session.game.current_player
    h = ROW_H * k
    small = CHIP * k
    for seat in range(len(s.scores)):
        ry = y + seat * (ROW_H + GAP) * k
        cy = ry + h / 2
        colour = seat_colour(view.colours, seat)
        scr.box(x, ry, w, h, theme.PANEL_LIGHT, radius=8 * k)
        if seat == current:
            scr.box(x, ry, w, h, theme.ACCENT, radius=8 * k, width=3 * k)
        scr.box(x, ry, 30 * k, h, colour, radius=8 * k)
        draw_mark(scr, seat_mark(view.marks, seat), x + 15 * k, cy, 9 * k, INK)
        name = _fit(scr, view.session.name(seat), theme.FONT_SMALL * k, 104 * k)
        scr.text(name, x + 38 * k, cy, theme.FONT_SMALL * k, theme.TEXT, "midleft")
        # temples in hand: a tile per level in the seat's colour, with the count
        hand = s.hands[seat]
        levels = sorted(set(hand) | {1, 2, 3, 4})
        if len(levels) > 4:  # a custom set of levels: show those in hand
            levels = sorted(set(hand))[:4]
        ix = x + 148 * k
        tile = 26 * k
        for level in levels:
            count = hand.count(level)
            fill = colour if count else theme.PANEL
            scr.box(ix, cy - tile / 2, tile, tile, fill, radius=5 * k)
            scr.box(ix, cy - tile / 2, tile, tile, INK, radius=5 * k, width=2 * k)
            scr.text(str(level), ix + tile / 2, cy + 1 * k, small, INK if count else
                     theme.TEXT_DIM, "center")
            scr.text(f"×{count}", ix + tile + 3 * k, cy, small,
                     theme.TEXT if count else theme.TEXT_DIM, "midleft")
            ix += tile + 30 * k
        ax = x + w - 100 * k
        scr.circle(ax, cy, 13 * k, theme.ACCENT)
        scr.circle(ax, cy, 13 * k, INK, 2 * k)
        scr.text("AP", ax, cy, 14 * k, INK, "center")
        scr.text(f"×{s.ap_tokens[seat]}", ax + 16 * k, cy, small, theme.TEXT, "midleft")
        scr.text(str(s.scores[seat]), x + w - 10 * k, cy, theme.FONT_BODY * k, theme.ACCENT,
                 "midright")
        flash = view.panel_pops.get(seat)
        if flash:
            text, t = flash
            scr.text(text, x + w - 60 * k, cy - 14 * t * k, theme.FONT_SMALL * k, theme.GOOD,
                     "midright")


def _fit(scr: Screen, text: str, size: float, width: float) -> str:
    return scr.fit(text, size, width, ".")
