"""The pictures of Aztlán's player aid, drawn with the board's own painters (the island,
its territories and lakes, the tribes' pawns, the power cards, the score counters of
``paint`` and ``panel``) from the aid's page descriptions
(``variants.aztlan.aid``). Drawing only: nothing here changes any state."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from game.i18n import say
from game.kit.client import (
    CAPTION,
    INK,
    AidContext,
    Area,
    BoardView,
    Screen,
    arrow,
    badge,
    fit_lines,
    fit_size,
    seat_look,
    seat_tag,
    theme,
)
from variants.aztlan.aid import ROMAN
from variants.aztlan.map import Island
from variants.aztlan.text import _
from variants.aztlan.view import paint as ap
from variants.aztlan.view.layout import Layout, MapGeometry
from variants.aztlan.view.panel import CARD_BACK, PARCHMENT, card_back, power_card

#: the phases of an age, as the first page shows them
PHASES = ((_("Choose", context="phase"), _("a power card, in secret"), "card"),
          (_("Develop", context="phase"), _("place pawns, one a turn"), "place"),
          (_("Conflicts", context="phase"), _("battle or coexist"), "battle"),
          (_("Scoring", context="phase"), _("your domains"), "score"))


#: the map geometries the pictures drew, by map (working out a map's label points takes
#: a while; the board view keeps its own)
_GEOMETRY: dict[str, MapGeometry] = {}


def geometry(params: Mapping[str, Any]) -> MapGeometry:
    key = json.dumps(params["map"], sort_keys=True)
    geo = _GEOMETRY.get(key)
    if geo is None:
        if len(_GEOMETRY) > 4:
            _GEOMETRY.clear()
        geo = _GEOMETRY[key] = MapGeometry(params["map"])
    return geo


def draw_aid_figure(screen: Screen, area: Area, figure: Mapping[str, Any],
                    ctx: AidContext) -> None:
    """Draw one of the aid's pictures (``figure["kind"]``) into ``area``."""
    painter = PAINTERS.get(str(figure.get("kind")))
    if painter is not None:
        painter(screen, area, figure, ctx)


def _pawn(screen: Screen, ctx: AidContext, seat: int, cx: float, cy: float,
          s: float) -> None:
    colour, mark = seat_look(ctx, seat)
    ap.paint_pawn(screen, cx, cy, s, colour, mark)


def _symbol(screen: Screen, ctx: AidContext, piece: str, cx: float, cy: float,
            s: float) -> None:
    """A small picture of an action or a phase, about ``2 s`` across."""
    if piece == "card":
        card_back(screen, cx - s * 0.55, cy - s * 0.8, s * 1.1, s * 1.6)
    elif piece == "place":
        _pawn(screen, ctx, 0, cx, cy, s)
    elif piece == "move":
        _pawn(screen, ctx, 0, cx - s * 0.55, cy, s * 0.9)
        arrow(screen, (cx - s * 0.05, cy), (cx + s * 1.0, cy), theme.ACCENT, s * 0.14)
    elif piece == "battle":
        ap.swords(screen, cx, cy, s * 0.8)
    elif piece == "coexist":
        _pawn(screen, ctx, 0, cx - s * 0.55, cy, s * 0.85)
        _pawn(screen, ctx, 1, cx + s * 0.1, cy, s * 0.85)
        card_back(screen, cx + s * 0.55, cy - s * 0.55, s * 0.7, s * 1.0, "+")
    elif piece == "tie":
        _pawn(screen, ctx, 0, cx - s * 0.7, cy, s * 0.85)
        screen.text("=", cx, cy, theme.readable(s * 0.9), theme.ACCENT, "center")
        _pawn(screen, ctx, 1, cx + s * 0.7, cy, s * 0.85)
    elif piece == "score":
        colour, mark = seat_look(ctx, 0)
        ap.counter(screen, cx, cy + s * 0.6, s * 1.6, s * 0.9, colour, mark)
        screen.text("+", cx, cy - s * 0.55, theme.readable(s * 0.8), theme.ACCENT, "center")


def age(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """The four phases of an age, then how many pawns come in each age."""
    x, y, w, h = area
    slot = w / len(PHASES)
    box_h = min(h * 0.52, 300.0)
    s = min(slot * 0.2, box_h * 0.24)
    for i, (name, words, piece) in enumerate(PHASES):
        bx = x + i * slot
        screen.box(bx + 8, y, slot - 16, box_h, (44, 58, 88, 200), radius=16)
        screen.text(f"{i + 1}  {say(name)}", bx + slot / 2, y + 14, 38, theme.ACCENT,
                    "midtop")
        lines = fit_lines(screen, words, CAPTION, slot - 32)  # German runs into the next
        _symbol(screen, ctx, piece, bx + slot / 2,
                y + box_h * 0.5 - (len(lines) - 1) * CAPTION * 0.4, s)
        for k, line in enumerate(reversed(lines)):
            screen.text(line, bx + slot / 2, y + box_h - 16 - k * CAPTION * 1.15, CAPTION,
                        theme.TEXT, "midbottom")
        if i:
            arrow(screen, (bx - 10, y + box_h / 2), (bx + 14, y + box_h / 2), theme.ACCENT, 5)
    ty = y + box_h + 34
    rows = fig["pawns"]
    ages = int(fig["ages"])
    screen.text(_("New pawns each age"), x, ty, CAPTION, theme.ACCENT)
    head = x + 300
    col = (w - 300) / max(1, ages)
    for a in range(ages):
        screen.text(ROMAN[a], head + (a + 0.5) * col, ty, CAPTION, theme.TEXT_DIM, "midtop")
    for r, row in enumerate(rows):
        ry = ty + (r + 1) * CAPTION * 1.6
        screen.text(_.n("{n} player", "{n} players", n=row["players"]), x, ry, CAPTION,
                    theme.TEXT)
        for a, n in enumerate(row["pawns"][:ages]):
            screen.text(str(n), head + (a + 0.5) * col, ry, CAPTION, theme.TEXT, "midtop")


def _card_name(screen: Screen, name: str, width: float) -> str:
    """A type's name as a card has room for it: its last word if the whole is too
    wide ("Fields" for "Terraced fields")."""
    if screen.text_width(name, theme.FONT_BODY) <= width - 10:
        return name
    return name.split()[-1].capitalize()


def cards(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    x, y, w, h = area
    items = fig["cards"]
    slot = w / max(1, len(items))
    cw = min(slot - 24, h * 0.62)
    ch = min(h, cw * 1.45)
    for i, c in enumerate(items):
        cx = x + i * slot + (slot - cw) / 2
        power_card(screen, cx, y, cw, ch, int(c["strength"]), str(c["type"]),
                   int(c["value"]), _card_name(screen, say(c["name"]), cw))


def icon(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    x, y, w, h = area
    s = min(h * 0.42, w * 0.3)
    _symbol(screen, ctx, str(fig.get("piece")), x + w / 2, y + h / 2, s)


def conflict(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """A territory with both tribes' pawns, each side's card and power, the winner's."""
    x, y, w, h = area
    armies = fig["armies"]
    land = (x, y, w, h * 0.52)
    lx, ly, lw, lh = land
    pts = [(lx + lw * 0.08, ly + lh * 0.5), (lx + lw * 0.25, ly + lh * 0.05),
           (lx + lw * 0.72, ly), (lx + lw * 0.95, ly + lh * 0.42),
           (lx + lw * 0.8, ly + lh * 0.95), (lx + lw * 0.3, ly + lh)]
    kind = str(armies[0]["type"])
    screen.polygon(pts, ap.TYPE_FILL.get(kind, (150, 170, 90)))
    ap.clip_to_polygon(screen, pts, lambda sub: ap.paint_pattern(sub, kind, lx, ly, lw, lh,
                                                                 22.0))
    screen.polygon(pts, ap.BORDER, 4)
    s = min(lh * 0.42, 110.0)
    for side, army in enumerate(armies):
        base = lx + lw * (0.3 if side == 0 else 0.68)
        n = int(army["pawns"])
        for k in range(n):
            _pawn(screen, ctx, int(army["seat"]), base + (k - (n - 1) / 2) * s * 0.95,
                  ly + lh * 0.5, s)
    ty = y + h * 0.58
    cw = min(w * 0.2, 150.0, (h * 0.4) / 1.4)
    ch = cw * 1.4
    for side, army in enumerate(armies):
        cx = x + (0 if side == 0 else w / 2)
        power_card(screen, cx + 10, ty, cw, ch, int(army["card"]), str(army["type"]),
                   int(army["value"]), _card_name(screen, say(army["name"]), cw))
        seat_tag(screen, ctx, int(army["seat"]), cx + cw + 26, ty + 24, CAPTION)
        sums = f"{army['pawns']} × {army['card']} = {army['power']}"
        screen.text(sums, cx + cw + 26, ty + 60, 40, theme.TEXT)
        if fig.get("winner") == side:
            badge(screen, say(_("wins", context="badge")), cx + cw + 26 + 60, ty + ch - 10, CAPTION)


def _map_layout(area: Area, geo: MapGeometry) -> Layout:
    """The whole island fitted into ``area`` (no tracks under it)."""
    ax, ay, aw, ah = area
    vx, vy, vw, vh = geo.view_box
    k = min(aw / vw, ah / vh)
    w, h = vw * k, vh * k
    left, top = ax + (aw - w) / 2, ay + (ah - h) / 2
    return Layout(area, left - vx * k, top - vy * k, k, k, (left, top, w, h),
                  (0, 0, 0, 0), (0, 0, 0, 0))


def _crop_layout(area: Area, geo: MapGeometry, cells: list[int], margin: float) -> Layout:
    """The part of the island around ``cells`` fitted into ``area``."""
    ax, ay, aw, ah = area
    xs = [p[0] for c in cells for p in geo.polys[c]]
    ys = [p[1] for c in cells for p in geo.polys[c]]
    vx, vy = min(xs) - margin, min(ys) - margin
    vw, vh = max(xs) - vx + margin, max(ys) - vy + margin
    k = min(aw / vw, ah / vh)
    left, top = ax + (aw - vw * k) / 2, ay + (ah - vh * k) / 2
    return Layout(area, left - vx * k, top - vy * k, k, k, area, (0, 0, 0, 0),
                  (0, 0, 0, 0))


def develop(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """A development turn on a corner of the island: a pawn placed (A), another moved
    to a neighbouring territory (B)."""
    x, y, w, h = area
    params = ctx.rules.params
    geo = geometry(params)
    island = Island(params["map"])
    words = list(fig.get("words", []))
    map_h = h - len(words) * CAPTION * 1.5 - 16
    ids = [island.index[fig[k]] for k in ("place", "from", "to")]
    lay = _crop_layout((x, y, w, map_h), geo, ids, 70.0)
    surface = screen.surface
    clip = surface.get_clip()
    surface.set_clip(screen.rect(x, y, w, map_h).clip(clip))
    try:
        ap.paint_static(screen, lay, geo, island)
        placed, start, end = (ap.label_points(lay, geo, c)["pawns"] for c in ids)
        s = min(56.0, geo.clear[ids[0]] * lay.k * 0.5)
        colour, mark = seat_look(ctx, int(fig["seat"]))
        screen.circle(start[0], start[1], s * 0.5, theme.ACCENT, 4)
        arrow(screen, start, (end[0] - s * 0.4, end[1]), theme.ACCENT, 7)
        for (px, py), letter in ((placed, "A"), (end, "B")):
            ap.paint_pawn(screen, px, py, s, colour, mark)
            badge(screen, letter, px + s * 0.75, py - s * 0.6, CAPTION)
    finally:
        surface.set_clip(clip)
    size = min((fit_size(screen, line, w - CAPTION * 1.6, CAPTION, theme.FONT_SMALL)
                for line in words), default=CAPTION)  # German: both a little smaller
    for i, line in enumerate(words):
        ty = y + map_h + 16 + (i + 0.5) * CAPTION * 1.5
        badge(screen, "AB"[i], x + CAPTION * 0.6, ty, CAPTION)
        screen.text(line, x + CAPTION * 1.6, ty, size, theme.TEXT, "midleft")


def domains(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """The island with one tribe's domains outlined, each with its letter and points;
    the territories outside them dimmed."""
    params = ctx.rules.params
    geo = geometry(params)
    island = Island(params["map"])
    lay = _map_layout(area, geo)
    ap.paint_static(screen, lay, geo, island)
    seat = int(fig["seat"])
    counts = [0] * (seat + 1)
    counts[seat] = 1
    inside = {island.index[t] for d in fig["domains"] for t in d["territories"]}
    for t in range(island.size):
        if t not in inside:
            ap.tint(screen, lay, geo, t, (10, 14, 24, 120))
    for d in fig["domains"]:
        cells = [island.index[t] for t in d["territories"]]
        for c in cells:
            ap.paint_stacks(screen, lay, geo, counts, c, ctx.colours, ctx.marks)
        ap.group_outline(screen, lay, geo, cells, theme.ACCENT, max(3.0, 5 * lay.k))
    for d in fig["domains"]:
        cells = [island.index[t] for t in d["territories"]]
        lx = sum(geo.label[c][0] for c in cells) / len(cells)
        ly = sum(geo.label[c][1] for c in cells) / len(cells)
        px, py = lay.pt((lx, ly))
        badge(screen, f"{d['name']}: {d['points']}", px, py, CAPTION)


def prosperity(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """A prosperity card: parchment with the picture of what it does."""
    x, y, w, h = area
    ch = h
    cw = ch * 0.72
    cx = x + w / 2
    screen.box(cx - cw / 2, y, cw, ch, PARCHMENT, radius=8)
    screen.box(cx - cw / 2, y, cw, ch, INK, radius=8, width=3)
    effect = str(fig.get("effect"))
    r = cw * 0.34
    my = y + ch / 2
    if effect == "blessing" and fig.get("type"):
        ap.type_icon(screen, str(fig["type"]), cx, my, r)
    elif effect == "offering":
        screen.text("n²", cx, my, theme.readable(r * 1.3), CARD_BACK, "center")
    elif effect == "sacred-games":
        screen.circle(cx, my, r * 0.7, INK)
        screen.circle(cx, my, r * 0.7, PARCHMENT, 3)
    elif effect == "rafts":
        for dy in (-0.4, 0.0, 0.4):
            screen.line((cx - r, my + dy * r), (cx + r, my + dy * r), theme.LAKE, 5)
    elif effect == "tlatoani":
        pts = [(cx - r, my + r * 0.5), (cx - r, my - r * 0.4), (cx - r * 0.5, my),
               (cx, my - r * 0.7), (cx + r * 0.5, my), (cx + r, my - r * 0.4),
               (cx + r, my + r * 0.5)]
        screen.polygon(pts, (200, 150, 40))
        screen.polygon(pts, INK, 2)
    elif effect == "eagle":
        _pawn(screen, ctx, 0, cx, my + r * 0.1, r * 1.1)
        screen.text("+1", cx + r * 0.75, my - r * 0.7, theme.readable(r * 0.8), INK, "center")


def stack(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """Score counters stacked on one score: the top one plays first, the lowest wins a
    tie at the end."""
    x, y, w, h = area
    cw = min(w * 0.42, 200.0)
    chh = cw * 0.42
    base = y + min(h, 520.0) * 0.72
    cx = x + w * 0.32
    for i in range(3):
        colour, mark = seat_look(ctx, i)
        ap.counter(screen, cx, base - i * chh * 1.02, cw, chh, colour, mark)
    top_y = base - 2.5 * chh * 1.02
    low_y = base - chh / 2
    tx = cx + cw * 0.6
    for words, ly, colour in ((_("plays first"), top_y, theme.TEXT),
                              (_("wins a tie"), low_y, theme.ACCENT)):
        lines = fit_lines(screen, words, CAPTION, x + w - tx)  # German takes two
        for k, line in enumerate(lines):
            screen.text(line, tx, ly + (k - (len(lines) - 1) / 2) * CAPTION * 1.1, CAPTION,
                        colour, "midleft")
    screen.text(_("three counters on one score"), x + w * 0.05, base + 30, CAPTION,
                theme.TEXT_DIM)


def gods(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """The two factions and who commands which, age by age."""
    x, y, w, h = area
    factions = fig["factions"]
    ages = min(int(fig["ages"]), 5)
    line = min(h / (ages + 2), 110.0)
    s = line * 0.48
    col = (w - 130) / 2
    for f, faction in enumerate(factions[:2]):
        fx = x + 130 + f * col + col / 2
        # a faction's pawns in one colour, as on the board (the palette after the seats')
        colour = ctx.colours[(4 + f) % len(ctx.colours)]
        mark = ctx.marks[(4 + f) % len(ctx.marks)]
        for t in range(2):
            ap.paint_pawn(screen, fx + (t - 0.5) * s * 1.1, y + line * 0.4, s, colour, mark)
        screen.text(faction["name"], fx, y + line * 0.95, CAPTION, theme.TEXT, "midtop")
    for a in range(ages):
        ry = y + line * (a + 1.9)
        screen.text(_("Age {age}", age=ROMAN[a]), x, ry, CAPTION, theme.TEXT_DIM, "midleft")
        for f in range(2):
            seat = (f + a) % 2
            fx = x + 130 + f * col + col / 2
            end = seat_tag(screen, ctx, seat, fx - 50, ry, CAPTION)
            del end


PAINTERS = {"age": age, "cards": cards, "icon": icon, "conflict": conflict, "develop": develop,
            "domains": domains, "prosperity": prosperity, "stack": stack, "gods": gods}


class AidPictures(BoardView):
    """The board view's part in the player aid: its pictures (``BoardView.draw_aid_figure``),
    drawn by this module."""

    draw_aid_figure = staticmethod(draw_aid_figure)
