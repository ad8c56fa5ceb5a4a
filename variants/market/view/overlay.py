"""Per-frame overlays on the market: the seat to move, the preview of what Enter would do
(a purchase's way with its crowds, porters, governors and ambassador; a tile's slide into
the hole; the king's reach), the scoring highlight and the cursor.

A handful of shapes per frame; pure drawing, no state changes.
"""

from __future__ import annotations

import math
from typing import Any

from game.i18n import say
from game.kit.client import Screen, theme
from variants.market.text import _
from variants.market.view import paint as vp
from variants.market.view.layout import Layout, Rect


def arrow(scr: Screen, a: tuple[float, float], b: tuple[float, float], colour: Any,
          width: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1:
        return
    ux, uy = dx / d, dy / d
    head = width * 2.6
    base = (b[0] - ux * head, b[1] - uy * head)
    scr.line(a, base, colour, width)
    px, py = -uy, ux
    scr.polygon([b, (base[0] + px * head * 0.6, base[1] + py * head * 0.6),
                 (base[0] - px * head * 0.6, base[1] - py * head * 0.6)], colour)


def badge(scr: Screen, cx: float, cy: float, text: str, fill: Any, ink: Any,
          size: float) -> None:
    w = scr.text_width(text, theme.readable(size)) + size * 0.6
    h = size * 1.15
    scr.box(cx - w / 2, cy - h / 2, w, h, fill, radius=h * 0.3)
    scr.box(cx - w / 2, cy - h / 2, w, h, vp.INK, radius=h * 0.3, width=2)
    scr.text(text, cx, cy, theme.readable(size), ink, "center")


def outline(scr: Screen, rect: Rect, colour: Any, width: float, radius: float) -> None:
    x, y, w, h = rect
    scr.box(x - width / 2, y - width / 2, w + width, h + width, colour, radius=radius,
            width=width)


def paint_turn(scr: Screen, lay: Layout, side: str | None, glow: float) -> None:
    """The seat to move: a pulsing frame round its buyers and strip."""
    if side is None:
        return
    x, y, w, h = lay.side_row(side)
    bx, by, bw, bh = lay.band_rect(side)
    x0, y0 = min(x, bx), min(y, by)
    x1, y1 = max(x + w, bx + bw), max(y + h, by + bh)
    pad = 6 + 3 * glow
    outline(scr, (x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), theme.ACCENT,
            4 + 2 * glow, 12)


def paint_preview(scr: Screen, lay: Layout, s: Any, p: Any, glow: float) -> None:
    cs = lay.cs
    for sq in p.sources:
        outline(scr, lay.square(sq), theme.GOOD, 5 + 3 * glow, cs * 0.1)
    if p.sources and "king" in s.market:
        king = s.market.index("king")
        outline(scr, lay.square(king), theme.ACCENT, 5, cs * 0.1)
        for sq in p.sources:
            arrow(scr, lay.centre(sq), lay.centre(king), (120, 230, 150), 5)
    if p.buyer is not None and p.vendor is not None:
        blocked = bool(p.blockers)
        tint = (235, 80, 70, 70) if blocked else (90, 230, 120, 60)
        for sq in p.path:
            x, y, w, h = lay.square(sq)
            scr.box(x + 3, y + 3, w - 6, h - 6, tint, radius=cs * 0.08)
        outline(scr, lay.square(p.vendor), theme.DANGER if blocked else theme.ACCENT,
                5, cs * 0.1)
        start = lay.buyer_centre(*p.buyer)
        arrow(scr, lay.centre(p.vendor), start, theme.DANGER if blocked else theme.ACCENT,
              max(4.0, cs * 0.045))
        for sq in p.blockers:
            cx, cy = lay.centre(sq)
            r = cs * 0.3
            scr.line((cx - r, cy - r), (cx + r, cy + r), theme.DANGER, cs * 0.08)
            scr.line((cx - r, cy + r), (cx + r, cy - r), theme.DANGER, cs * 0.08)
            badge(scr, cx, cy + cs * 0.34, say(_("blocks", context="crowd")).upper(),
                  theme.DANGER, vp.INK, cs * 0.2)
        for sq, tile in p.acts:
            cx, cy = lay.centre(sq)
            text = say(_("1 back") if tile == "porter" else _("1 to king"))
            badge(scr, cx, cy - cs * 0.05, text, theme.ACCENT, vp.INK, cs * 0.22)
        for sq in p.ambassador:
            cx, cy = lay.centre(sq)
            badge(scr, cx, cy - cs * 0.05, say(_("coin kept", context="badge")), vp.COIN,
                  vp.INK, cs * 0.22)
    if p.buyer is not None:
        outline(scr, lay.buyer(*p.buyer), theme.ACCENT if p.ok else theme.TEXT, 4, 10)
    if p.slide is not None:
        frm, to = p.slide
        outline(scr, lay.square(to), theme.GOOD if p.ok else theme.DANGER, 4 + 2 * glow,
                cs * 0.1)
        arrow(scr, lay.centre(frm), lay.centre(to), theme.GOOD if p.ok else theme.DANGER,
              max(5.0, cs * 0.06))


def paint_highlight(scr: Screen, lay: Layout, s: Any) -> None:
    """The scoring overlay shows the final score: the king's tokens are the multipliers."""
    if "king" in s.market:
        x, y, w, h = lay.square(s.market.index("king"))
        scr.box(x, y, w, h, (255, 196, 0, 70), radius=lay.cs * 0.1)
        outline(scr, (x, y, w, h), theme.ACCENT, 8, lay.cs * 0.1)


def paint_cursor(scr: Screen, rect: Rect, ok: bool, glow: float, cs: float) -> None:
    w = max(4.0, cs * (0.05 + 0.025 * glow))
    outline(scr, rect, theme.TEXT if ok else (255, 150, 140), w, cs * 0.12)
    x, y, rw, rh = rect
    scr.box(x + w / 2, y + w / 2, rw - w, rh - w, vp.INK, radius=cs * 0.08,
            width=max(1.5, cs * 0.02))
