"""Painting the market: tiles with their silhouettes, buyers, tokens, coins, side bands
and the margin cards (bag, supply, the king's whims, the score).

Only drawing lives here; nothing in this module changes game or view state. Sizes are in
the screen's logical units and follow the layout's cell size. Commodity tokens carry a
glyph as well as a colour (pot, cloth, gem, leaf) and every seat its shape mark, so no
one depends on colour alone.
"""

from __future__ import annotations

import math
from typing import Any

from game.i18n import Msg, Text, say
from game.kit.client import Screen, draw_mark, fit_lines, fit_size, frames, pieces, texture, theme
from variants.market.params import COLOURS
from variants.market.text import COLOURS as COLOUR_NAMES
from variants.market.text import _
from variants.market.view.layout import DEPTH_K, Layout, Rect

INK = (20, 16, 12)
GLYPH = (250, 246, 236)
COMMODITY = {"black": (34, 34, 40), "blue": (40, 116, 236), "red": (228, 52, 52),
             "green": (36, 170, 78)}
VENDOR_FILL = {"black": (70, 70, 80), "blue": (42, 98, 196), "red": (190, 44, 44),
               "green": (30, 134, 62)}
GOODS: dict[str, Msg] = {"black": _("pottery"), "blue": _("fabric"), "red": _("jewels"),
                         "green": _("herbs")}
#: a colour as a column (and a scoring step) heads it
COLUMNS: dict[str, Text] = {"black": _("Black", context="column"),
                            "blue": _("Blue", context="column"),
                            "red": _("Red", context="column"),
                            "green": _("Green", context="column")}
STONE = (214, 206, 188)
STONE_EDGE = (108, 98, 82)
SILHOUETTE = (58, 50, 44)
KING_FILL = (246, 204, 86)
HOLE = (12, 14, 22)
PLAZA = (104, 86, 62)
PLAZA_EDGE = (150, 126, 88)
BUYER = (116, 78, 46)
COIN = (242, 198, 58)
COIN_EDGE = (140, 100, 16)
TEAM_COLOURS = ((255, 128, 200), (168, 140, 255), (150, 230, 200), (230, 230, 230))
TEAM_LETTERS = "ABCD"


def shadow_text(scr: Screen, text: str, x: float, y: float, size: float,
                colour: Any = GLYPH, anchor: str = "center", role: str = "") -> None:
    off = max(1.5, size * 0.06)
    scr.text(text, x + off, y + off, theme.readable(size), INK, anchor, role=role)
    scr.text(text, x, y, theme.readable(size), colour, anchor, role=role)


def darker(colour: Any, k: float = 0.6) -> tuple[int, int, int]:
    r, g, b = (min(255, round(c * k)) for c in colour[:3])
    return r, g, b


# ---------------------------------------------------------------------------------------
# tokens, coins and glyphs
# ---------------------------------------------------------------------------------------
def glyph(scr: Screen, colour: str, cx: float, cy: float, s: float, ink: Any = GLYPH) -> None:
    """The commodity's shape: pot (black), folded cloth (blue), gem (red), leaf (green)."""
    if colour == "black":
        scr.circle(cx, cy + s * 0.2, s * 0.55, ink)
        scr.box(cx - s * 0.28, cy - s * 0.7, s * 0.56, s * 0.5, ink)
        scr.box(cx - s * 0.42, cy - s * 0.78, s * 0.84, s * 0.18, ink)
    elif colour == "blue":
        for i in range(3):
            scr.box(cx - s * 0.7, cy - s * 0.66 + i * s * 0.48, s * 1.4, s * 0.32, ink,
                    radius=s * 0.12)
    elif colour == "red":
        scr.polygon([(cx - s * 0.4, cy - s * 0.6), (cx + s * 0.4, cy - s * 0.6),
                     (cx + s * 0.78, cy - s * 0.15), (cx, cy + s * 0.78),
                     (cx - s * 0.78, cy - s * 0.15)], ink)
    else:
        pts = []
        for i in range(12):
            a = math.pi * 2 * i / 12
            pts.append((cx + math.cos(a) * s * 0.42, cy + math.sin(a) * s * 0.78))
        pts = [(x + (y - cy) * 0.35, y) for x, y in pts]  # lean it
        scr.polygon(pts, ink)


def token(scr: Screen, colour: str, cx: float, cy: float, r: float) -> None:
    """A commodity token: a disc of its colour, a light rim, its glyph."""
    scr.circle(cx, cy, r, COMMODITY[colour])
    scr.circle(cx, cy, r, GLYPH if colour == "black" else INK, max(1.5, r * 0.14))
    glyph(scr, colour, cx, cy, r * 0.55)


def coin(scr: Screen, cx: float, cy: float, r: float, present: bool = True) -> None:
    if not present:
        scr.circle(cx, cy, r, (84, 56, 34))
        scr.circle(cx, cy, r, (170, 140, 100), max(1.0, r * 0.1))
        return
    scr.circle(cx, cy, r, COIN)
    scr.circle(cx, cy, r, COIN_EDGE, max(1.5, r * 0.14))
    scr.circle(cx, cy, r * 0.5, COIN_EDGE, max(1.0, r * 0.1))


def stack(scr: Screen, colour: str, cx: float, base: float, r: float, count: int) -> None:
    """Up to five tokens piled up from ``base``."""
    for i in range(min(count, 5)):
        token(scr, colour, cx, base - i * r * 0.42, r)


def sack(scr: Screen, cx: float, cy: float, s: float) -> None:
    """The bag: a tied cloth sack (its contents are never shown)."""
    body = (150, 112, 70)
    scr.circle(cx, cy + s * 0.25, s * 0.75, body)
    scr.polygon([(cx - s * 0.3, cy - s * 0.55), (cx + s * 0.3, cy - s * 0.55),
                 (cx + s * 0.6, cy), (cx - s * 0.6, cy)], body)
    scr.polygon([(cx - s * 0.45, cy - s * 0.95), (cx + s * 0.45, cy - s * 0.95),
                 (cx + s * 0.2, cy - s * 0.6), (cx - s * 0.2, cy - s * 0.6)], body)
    scr.line((cx - s * 0.35, cy - s * 0.58), (cx + s * 0.35, cy - s * 0.58), INK, s * 0.1)
    scr.circle(cx, cy + s * 0.25, s * 0.75, INK, max(1.5, s * 0.06))


#: below this square size (a board behind the title's menu) a tile shows its picture and
#: its counts only: its lesser words, held at the 28 px floor, would cover the picture
SMALL_TILE = 120.0
#: the same for a buyer, which stands a little shallower than a square
SMALL_BUYER = SMALL_TILE * DEPTH_K


def count_size(room: bool, size: float, small: float) -> float:
    """A count on a tile: at the reading size at least on a board in play (``room``);
    on a small board (a game behind the title's menu, where nobody decides) ``small``,
    as large as the tile allows."""
    return max(float(theme.FONT_READ), size) if room else theme.readable(small)


# ---------------------------------------------------------------------------------------
# buyers
# ---------------------------------------------------------------------------------------
def paint_buyer(scr: Screen, rect: Rect, number: int, held: list[Any], colour: Any,
                mark: str, hide_goods: bool = False) -> None:
    """A buyer tile: its number and its coin (or the empty place of one) at the top, the
    seat's mark between them (or under them on a narrow tile), its goods and their
    count at the reading size at the bottom."""
    x, y, w, h = rect
    m = min(w, h)
    inset = m * 0.04
    pieces.bevel_box(scr, x + inset, y + inset, w - 2 * inset, h - 2 * inset - m * 0.04,
                     BUYER, radius=m * 0.12, depth=m * 0.04)
    scr.box(x + inset, y + inset, w - 2 * inset, h - 2 * inset, colour, radius=m * 0.12,
            width=max(2.0, m * 0.07))
    bx, by = x + m * 0.22, y + m * 0.22
    scr.circle(bx, by, m * 0.15, colour)
    scr.text(str(number), bx, by + m * 0.01, theme.readable(m * 0.26), INK, "center")
    mx, my = (x + w / 2, by) if w > h else (x + w / 2, y + m * 0.52)
    draw_mark(scr, mark, mx, my, m * 0.11, INK)
    draw_mark(scr, mark, mx, my, m * 0.075, colour)
    has_coin, goods, count = held
    coin(scr, x + w - m * 0.24, y + m * 0.24, m * 0.15, bool(has_coin))
    if goods and count and not hide_goods:
        room = m >= SMALL_BUYER
        size = count_size(room, m * 0.42, m * 0.42)
        text = str(count)
        tr = m * 0.16
        span = 2 * tr + 6 + scr.text_width(text, size)
        tx, ty = x + w / 2 - span / 2 + tr, y + h - max(m * 0.3, size * 0.5)
        token(scr, goods, tx, ty, tr)
        shadow_text(scr, text, tx + tr + 6, ty, size, GLYPH, "midleft",
                    role="score" if room else "")
    elif not goods and m >= SMALL_BUYER and \
            scr.text_width(say(_("empty", context="buyer")), theme.FONT_SMALL) <= \
            w - m * 0.3:  # inside its rim
        scr.text(say(_("empty", context="buyer")), x + w / 2, y + h - m * 0.3,
                 theme.FONT_SMALL, (196, 170, 140), "center")


# ---------------------------------------------------------------------------------------
# the static layer: plaza, seat bands and labels
# ---------------------------------------------------------------------------------------
def team_of(rules: Any, seat: int) -> int | None:
    """The team index of ``seat`` when teams have more than one member."""
    for i, team in enumerate(rules.table.teams):
        if seat in team and len(team) > 1:
            return i
    return None


def team_text(rules: Any, names: list[str], seat: int) -> str:
    """"Team B with Dee": the seat's team and its partners (the seat's own name stands
    beside it)."""
    i = team_of(rules, seat)
    if i is None:
        return ""
    others = " + ".join(names[m] for m in rules.table.teams[i] if m != seat and m < len(names))
    return say(_("Team {letter} with {partners}", letter=TEAM_LETTERS[i % 4],
                 partners=others))


def paint_static(scr: Screen, lay: Layout, rules: Any, names: list[str],
                 colours: list[Any], marks: list[str]) -> None:
    cs = lay.cs
    gx, gy, gw, gh = lay.grid
    pad = cs * 0.08
    plaza = scr.rect(gx - pad, gy - pad, gw + 2 * pad, gh + 2 * pad)
    pieces.drop_shadow(scr, gx - pad, gy - pad, gw + 2 * pad, gh + 2 * pad, cs * 0.12,
                       cs * 0.08)
    slab = texture.stone(plaza.size, PLAZA, seed=19, blocks=scr.ln(cs * 0.5))
    scr.surface.blit(texture.masked(slab, plaza.size, scr.ln(cs * 0.12)), plaza.topleft)
    scr.box(gx - pad, gy - pad, gw + 2 * pad, gh + 2 * pad, PLAZA_EDGE, radius=cs * 0.12,
            width=max(2.0, cs * 0.03))
    for sq in range(lay.n * lay.n):
        x, y, w, h = lay.square(sq)
        scr.box(x + 2, y + 2, w - 4, h - 4, (0, 0, 0, 70), radius=cs * 0.08)
    for seat, side in enumerate(rules.table.sides):
        colour = colours[seat] if seat < len(colours) else theme.NEUTRAL_COLOUR
        mark = marks[seat] if seat < len(marks) else "circle"
        team = team_of(rules, seat)
        if team is not None:  # partners' rows sit on bands of their team's colour
            x, y, w, h = lay.side_row(side)
            bx, by, bw, bh = lay.band_rect(side)
            x0, y0 = min(x, bx) - 7, min(y, by) - 7
            x1, y1 = max(x + w, bx + bw) + 7, max(y + h, by + bh) + 7
            scr.box(x0, y0, x1 - x0, y1 - y0, TEAM_COLOURS[team % len(TEAM_COLOURS)],
                    radius=12)
            scr.box(x0 + 4, y0 + 4, x1 - x0 - 8, y1 - y0 - 8, (18, 16, 14, 200), radius=10)
        paint_band(scr, lay, rules, side, seat, names, colour, mark)


def paint_band(scr: Screen, lay: Layout, rules: Any, side: str, seat: int,
               names: list[str], colour: Any, mark: str) -> None:
    bx, by, bw, bh = lay.band_rect(side)
    scr.box(bx, by, bw, bh, colour, radius=bh * 0.4 if side in ("south", "north")
            else bw * 0.4)
    # the seat's mark along the strip
    for b in range(lay.n):
        cx, cy = lay.buyer_centre(side, b)
        if side in ("south", "north"):
            cy = by + bh / 2
        else:
            cx = bx + bw / 2
        draw_mark(scr, mark, cx, cy, min(bw, bh) * 0.32, INK)
    name = names[seat] if seat < len(names) else say(_("Player {number}", number=seat + 1))
    if side in ("south", "north"):
        _name_line(scr, lay.label_rect(side), rules, seat, names, name, colour, mark)
    else:
        _seat_card(scr, lay, side, rules, seat, names, name, colour, mark)


def _name_line(scr: Screen, rect: Rect, rules: Any, seat: int, names: list[str], name: str,
               colour: Any, mark: str) -> None:
    """A north or south seat's name on the mat, with its team: the whole line at the
    largest size that fits the row, the partner's name left out before the line would
    go under the reading floor, never the seat's own name."""
    lx, ly, lw, lh = rect
    team = team_of(rules, seat)
    tails = [""]
    if team is not None:
        others = [names[m] for m in rules.table.teams[team] if m != seat and m < len(names)]
        letter = TEAM_LETTERS[team % 4]
        tails = ["  ·  " + say(_("Team {letter} with {partners}", letter=letter,
                                 partners=" + ".join(others))),
                 "  ·  " + say(_("Team {letter}", letter=letter)), ""]
    big = min(lh * 0.85, theme.FONT_BODY * 1.1)
    for tail in tails:
        size = fit_size(scr, name + tail, lw - big, big, theme.FONT_SMALL)
        if scr.text_width(name + tail, size) <= lw - big:
            break
    width = scr.text_width(name + tail, size) + size
    sx = lx + lw / 2 - width / 2
    cy = ly + lh / 2
    draw_mark(scr, mark, sx + size * 0.35, cy, size * 0.3, colour)
    scr.text(_fit(scr, name, size, lw - size), sx + size, cy, size, colour, "midleft")
    if tail and team is not None:
        tw = scr.text_width(name, size)
        scr.text(tail, sx + size + tw, cy, size, TEAM_COLOURS[team % len(TEAM_COLOURS)],
                 "midleft")


def _seat_card(scr: Screen, lay: Layout, side: str, rules: Any, seat: int,
               names: list[str], name: str, colour: Any, mark: str) -> None:
    """A west or east seat's card in the margin: which way its buyers count, its name on
    a line of its own (a long name steps down a size rather than losing its end) and its
    team."""
    lx, ly, lw, lh = lay.label_rect(side)
    frames.panel(scr, lx, ly, lw, lh, colour, radius=12, fill=theme.PANEL_LIGHT, width=4)
    team = team_of(rules, seat)
    size = fit_size(scr, name, lw - 28, theme.readable(theme.FONT_BODY * 1.1),
                    theme.FONT_SMALL)
    lines = fit_lines(scr, team_text(rules, names, seat), theme.FONT_SMALL, lw - 32,
                      lines=3) if team is not None else []
    height = 40 + size * 1.25 + (16 + 32 * len(lines) if lines else 0)
    y = ly + max(12.0, (lh - height) / 2)
    draw_mark(scr, mark, lx + 28, y + 18, 13, colour)
    words = say(_("buyers 1-{n}", n=lay.n))
    scr.text(words, lx + 50, y + 18, theme.FONT_SMALL, theme.TEXT_DIM, "midleft")
    ax = lx + 50 + scr.text_width(words, theme.FONT_SMALL) + 18
    down = side == "west"  # west counts its buyers downwards, east upwards
    tip, base = (y + 30, y + 8) if down else (y + 6, y + 28)
    scr.line((ax, y + 6 if down else y + 30), (ax, tip), theme.TEXT_DIM, 3)
    scr.polygon([(ax - 8, (tip + base) / 2), (ax + 8, (tip + base) / 2), (ax, tip)],
                theme.TEXT_DIM)
    y += 40
    scr.text(_fit(scr, name, size, lw - 28), lx + 14, y + size * 0.62, size, colour, "midleft")
    y += size * 1.25
    if team is not None and lines:
        tcolour = TEAM_COLOURS[team % len(TEAM_COLOURS)]
        scr.box(lx + 12, y + 8, lw - 24, 8 + 32 * len(lines), tcolour, radius=8)
        for i, line in enumerate(lines):
            scr.text(line, lx + lw / 2, y + 28 + 32 * i, theme.FONT_SMALL, INK, "center")


def _fit(scr: Screen, text: str, size: float, width: float) -> str:
    return scr.fit(text, theme.readable(size), width)


# ---------------------------------------------------------------------------------------
# the margin cards (the pieces layer, piece by piece: pieces.py)
# ---------------------------------------------------------------------------------------
def card(scr: Screen, rect: Rect, title: str) -> float:
    """A card and its title, on two lines rather than cut where the card is narrow;
    returns where its contents start."""
    x, y, w, h = rect
    frames.panel(scr, x, y, w, h, theme.PANEL_LIGHT, radius=14)
    lines = fit_lines(scr, title, theme.FONT_SMALL, w - 32)
    for i, line in enumerate(lines):
        scr.text(line, x + 16, y + 10 + 32 * i, theme.FONT_SMALL, theme.TEXT_DIM)
    return y + 14 + 32 * len(lines)


def _counter(scr: Screen, rect: Rect, title: str, icon: Any, number: int, words: list[str],
             notes: list[str]) -> None:
    """A card with a picture and a big count, its words beside the count where they fit,
    else under it, and notes at the foot (the bag, the money supply)."""
    x, y, w, h = rect
    top = card(scr, rect, title)
    big = theme.readable(theme.FONT_LARGE * 1.15)
    count = str(number)
    s = min(38.0, (y + h - top) * 0.25, w * 0.12)
    nx = x + 22 + 2 * s
    nw = scr.text_width(count, big)
    beside = all(nx + nw + 14 + scr.text_width(word, theme.FONT_SMALL) <= x + w - 12
                 for word in words)
    body = big * 1.1 + (0 if beside else 32 * len(words))
    notes = [line for note in notes for line in fit_lines(scr, note, theme.FONT_SMALL, w - 28)]
    if top + body + 32 * len(notes) > y + h - 10:
        notes = []  # a small card (a board behind the title's menu): the count first
    bottom = y + h - 10 - 32 * len(notes)
    cy = top + max(0.0, (bottom - top - body) / 2) + big * 0.55
    icon(scr, x + 16 + s, cy, s)
    colour = theme.TEXT if number else theme.DANGER
    scr.text(count, nx, cy, big, colour, "midleft", role="score")
    for i, word in enumerate(words):
        if beside:
            wy = cy + (i - (len(words) - 1) / 2) * 30
            scr.text(word, nx + nw + 14, wy, theme.FONT_SMALL, theme.TEXT_DIM, "midleft")
        else:
            scr.text(word, x + 16, cy + big * 0.55 + 20 + 32 * i, theme.FONT_SMALL,
                     theme.TEXT_DIM, "midleft")
    for i, line in enumerate(notes):
        scr.text(line, x + 14, bottom + 32 * i + 2, theme.FONT_SMALL, theme.TEXT_DIM)


def paint_bag(scr: Screen, rect: Rect, count: int, removed: int) -> None:
    """The bag: only how many tokens it holds, never which."""
    words = bag_words(count)
    notes = [say(_("{n} set aside unseen", n=removed))] if removed else []
    _counter(scr, rect, say(_("The bag")).upper(), lambda sc, cx, cy, s: sack(sc, cx, cy, s),
             count, words, notes)


def bag_words(count: int) -> list[str]:
    """The words beside the bag's count (the pieces' bounds measure the same)."""
    return [say(_("tokens left"))] if count else [say(_("empty:", context="bag")),
                                                  say(_("last round"))]


def supply_words() -> list[str]:
    return [say(_("coins", context="supply"))]


def paint_supply(scr: Screen, rect: Rect, supply: int) -> None:
    def coins(sc: Screen, cx: float, cy: float, s: float) -> None:
        for i in range(3):
            coin(sc, cx, cy + s * 0.5 - i * s * 0.3, s * 0.7)

    _counter(scr, rect, say(_("Money supply")).upper(), coins, supply, supply_words(), [])


def paint_whims(scr: Screen, rect: Rect, s: Any) -> None:
    """The king's tokens: each colour's multiplier at the end, at the reading size, a
    row each (two by two on a short card)."""
    x, y, w, h = rect
    top = card(scr, rect, say(_("King's whims")).upper())
    room = y + h - top - 6
    pairs = room < 40 * len(COLOURS)
    per_row = 2 if pairs else 1
    row = max(34.0, min(54.0, room / (len(COLOURS) // per_row)))
    cw = (w - 16) / per_row
    # the colours' names where the longest fits beside the widest count (on every row,
    # or on none)
    words = not pairs and 62 + scr.text_width("× 20", theme.FONT_READ) + 12 + max(
        scr.text_width(COLOUR_NAMES[c], theme.FONT_SMALL) for c in COLOURS) <= w - 16
    for i, colour in enumerate(COLOURS):
        cx = x + 8 + cw * (i % per_row)
        cy = top + row * (i // per_row + 0.5)
        token(scr, colour, cx + 26, cy, min(17.0, row * 0.36))
        held = s.king[colour]
        scr.text(f"× {held}", cx + 54, cy, theme.FONT_READ,
                 theme.TEXT if held else theme.TEXT_DIM, "midleft", role="score")
        if words:
            scr.text(COLOUR_NAMES[colour], x + w - 16, cy, theme.FONT_SMALL, theme.TEXT_DIM,
                     "midright")


def paint_score(scr: Screen, rect: Rect, rules: Any, s: Any, names: list[str],
                colours: list[Any], marks: list[str], scores: list[int]) -> None:
    """Who holds what (each colour scores for the team member holding most): a column
    per colour under its token, a row per seat (and per team, its points)."""
    from variants.market.scoring import holdings

    x, y, w, h = rect
    top = card(scr, rect, say(_("Holdings")).upper())
    held = holdings(s.buyers)
    rows: list[tuple[str, Any]] = []
    for i, team in enumerate(rules.table.teams):
        if len(team) > 1:
            rows.append(("team", i))
        rows.extend(("seat", m) for m in team)
    step = max(30.0, min(44.0, (y + h - top - 40) / max(1, len(rows) + 0.3)))
    cw = min(50.0, (w - 60) / 4)
    cols = x + w - 12 - 4 * cw
    # every seat's name when all fit whole, else none: the colour and mark say who each
    # row is (as the seat cards beside show), and a card naming only "Cy" among four
    # read as if the other rows were someone else's
    seats = [who for kind, who in rows if kind == "seat"]
    labels = {seat: names[seat] if seat < len(names) else
              say(_("Player {number}", number=seat + 1)) for seat in seats}
    named = all(scr.text_width(label, theme.FONT_SMALL) <= cols - x - 48
                for label in labels.values())
    for i, c in enumerate(COLOURS):  # the columns' heads
        token(scr, c, cols + (i + 0.5) * cw, top + 14, 11)
    top += 34
    for j, (kind, who) in enumerate(rows):
        cy = top + step * (j + 0.5)
        if cy + 16 > y + h:  # a small card (a board behind the title's menu): the rows
            break  # that fit, none over its edge
        if kind == "team":
            team = rules.table.teams[who]
            tcolour = TEAM_COLOURS[who % len(TEAM_COLOURS)]
            scr.text(_("Team {letter}", letter=TEAM_LETTERS[who % 4]), x + 14, cy,
                     theme.FONT_SMALL, tcolour, "midleft")
            points = say(_.n("{n} pt", "{n} pts", n=scores[team[0]]))
            beside = w - 42 - scr.text_width(say(_("Team {letter}", letter="M")),
                                             theme.FONT_SMALL)
            if scr.text_width(points, theme.FONT_SMALL) > beside:  # the number alone
                points = str(scores[team[0]])
            scr.text(points, x + w - 14, cy, theme.FONT_SMALL, tcolour, "midright")
            continue
        seat = who
        colour = colours[seat] if seat < len(colours) else theme.NEUTRAL_COLOUR
        draw_mark(scr, marks[seat] if seat < len(marks) else "circle", x + 24, cy, 11, colour)
        if named:
            scr.text(labels[seat], x + 42, cy, theme.FONT_SMALL, colour, "midleft")
        for i, c in enumerate(COLOURS):
            n = held[seat][c]
            scr.text(str(n) if n else "·", cols + (i + 0.5) * cw, cy, theme.FONT_SMALL,
                     theme.TEXT if n else theme.TEXT_DIM, "center")
