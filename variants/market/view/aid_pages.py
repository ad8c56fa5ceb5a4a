"""The pictures of the Market's player aid, drawn with the board's own painters (the
tiles, buyers, tokens, coins, the bag and the king of ``view.paint``) from the aid's page
descriptions (``variants.market.aid``). Drawing only: nothing here changes any state."""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from game.i18n import say
from game.kit.client import (
    CAPTION,
    AidContext,
    Area,
    BoardView,
    Screen,
    arrow,
    badge,
    seat_look,
    seat_name,
    seat_tag,
    theme,
)
from variants.market.params import COLOURS
from variants.market.text import _, colour_of, tile_of
from variants.market.view import paint as mp
from variants.market.view import tiles as mt

#: the plaza under a picture of tiles
PLAZA = mp.PLAZA


def draw_aid_figure(screen: Screen, area: Area, figure: Mapping[str, Any],
                    ctx: AidContext) -> None:
    """Draw one of the aid's pictures (``figure["kind"]``) into ``area``."""
    painter = PAINTERS.get(str(figure.get("kind")))
    if painter is not None:
        painter(screen, area, figure, ctx)


def _goods(vendors: Mapping[str, int] | None = None,
           king: Mapping[str, int] | None = None) -> SimpleNamespace:
    """What a tile painter reads of a state: the vendors' and the king's tokens."""
    none = dict.fromkeys(COLOURS, 0)
    return SimpleNamespace(vendors={**none, **(vendors or {})}, king={**none, **(king or {})})


def _tile(screen: Screen, x: float, y: float, cs: float, tile: str | None,
          state: SimpleNamespace) -> None:
    if tile is None:
        mt.paint_hole(screen, x, y, cs, "")
    else:
        mt.paint_tile(screen, x, y, cs, tile, state)


def table(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """The market with your buyers along your side, one under each column."""
    x, y, w, h = area
    n = int(fig["grid"])
    depth = 0.78
    cs = min(w / (n + 0.4), h / (n + depth + 1.2))
    gx = x + (w - n * cs) / 2
    gy = y + 6
    state = _goods(fig["goods"], fig["king"])
    screen.box(gx - cs * 0.12, gy - cs * 0.12, n * cs + cs * 0.24, n * cs + cs * 0.24,
               PLAZA, radius=cs * 0.12)
    for i, tile in enumerate(fig["market"]):
        r, c = divmod(i, n)
        _tile(screen, gx + c * cs, gy + r * cs, cs, tile, state)
    colour, mark = seat_look(ctx, 0)
    by = gy + n * cs + cs * 0.2
    for b in range(n):
        mp.paint_buyer(screen, (gx + b * cs, by, cs, cs * depth), b + 1,
                       [b == 1, "red" if b == 3 else None, 2 if b == 3 else 0], colour, mark)
    ly = by + cs * depth + CAPTION * 0.8
    seat_tag(screen, ctx, 0, gx, ly, CAPTION, say(_("{name}: your 4 buyers",
                                                   name=seat_name(0))))


#: what each tile between does, as the purchase picture says it
EFFECTS = {"porter": _("1 back to the vendor"), "governor": _("1 to the king"),
           "ambassador": _("the coin stays"), "messenger": _("nothing"), "king": _("nothing")}


def purchase(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """The column before and after the purchase, what each tile between did, and the
    king's share."""
    x, y, w, h = area
    column = list(fig["column"])
    colour = str(fig["colour"])
    top = y + CAPTION * 1.6
    cs = min((h - CAPTION * 1.6) / (len(column) + 0.9), w / 5.2)
    seat_colour, mark = seat_look(ctx, 0)
    after_x = x + w - cs * 2.3
    screen.text(_("Before"), x + cs / 2, y, CAPTION, theme.ACCENT, "midtop")
    screen.text(_("After"), after_x + cs / 2, y, CAPTION, theme.ACCENT, "midtop")
    for k, cx in enumerate((x, after_x)):
        vendor = int(fig["tokens"]) if k == 0 else int(fig["vendor"])
        state = _goods({colour: vendor})
        for i, tile in enumerate(column):
            mt.paint_tile(screen, cx, top + i * cs, cs, tile, state)
        bought = int(fig["buyer"]) if k else 0
        coin = k == 0 or bool(fig["coin_kept"])
        mp.paint_buyer(screen, (cx, top + len(column) * cs + cs * 0.1, cs, cs * 0.78), 1,
                       [coin, colour if bought else None, bought], seat_colour, mark)
    mid_l, mid_r = x + cs + 24, after_x - 24
    size = min(CAPTION, cs * 0.3)
    for i, tile in enumerate(column):
        cy = top + (i + 0.5) * cs
        if i == 0:
            arrow(screen, (mid_l, cy), (mid_r, cy), theme.ACCENT, 6)
            screen.text(_("{n} bought", n=fig["tokens"]), (mid_l + mid_r) / 2, cy - 10, size,
                        theme.TEXT, "midbottom")
            continue
        screen.text(say(tile_of(tile)).capitalize(), mid_l, cy - 4, size, theme.ACCENT,
                    "bottomleft")
        screen.text(EFFECTS.get(tile, ""), mid_l, cy + 4, size, theme.TEXT, "topleft")
    by = top + (len(column) + 0.5) * cs
    screen.text(_("gets {n}", n=fig["buyer"]), mid_r, by, size, theme.TEXT, "midright")
    kx = after_x + cs * 1.25
    gov = column.index("governor") if "governor" in column else 1
    ky = top + gov * cs
    mt.paint_tile(screen, kx, ky, cs, "king", _goods(king={colour: int(fig["king"])}))
    screen.text(_("King", context="aid"), kx + cs / 2, ky - 6, size, theme.ACCENT, "midbottom")
    badge(screen, say(_("+{n} {colour}", n=fig["king"], colour=colour_of(colour))),
          kx + cs / 2, ky + cs + size * 0.9, size)


def count(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """The final count as the rulebook prints it: tokens (points) per colour and seat,
    the king's tokens under it, and each side's total."""
    x, y, w, h = area
    rows = fig["rows"]
    lines = len(rows) + 2 + (len(fig["teams"]) if fig["partners"] else 0)
    line = min(h / (lines + 0.4), 84.0)
    size = min(CAPTION, line / 1.45)
    name_w = max(screen.text_width(seat_name(r["seat"]), size) for r in rows) + size * 1.6
    col_w = (w - name_w - size * 3.2) / len(COLOURS)
    total_x = x + w - 4
    r = size * 0.5
    for j, c in enumerate(COLOURS):
        mp.token(screen, c, x + name_w + (j + 0.5) * col_w, y + line / 2, r * 1.6)
    screen.text(_("total"), total_x, y + line / 2, size, theme.TEXT_DIM, "midright")
    for i, row in enumerate(rows):
        cy = y + (i + 1.5) * line
        if i % 2 == 0:
            screen.box(x - 8, cy - line / 2, w + 8, line, (255, 255, 255, 18), radius=10)
        seat_tag(screen, ctx, int(row["seat"]), x, cy, size)
        for j, cell in enumerate(row["cells"]):
            cx = x + name_w + (j + 0.5) * col_w
            text = f"{cell['tokens']} ({cell['points']})"
            colour = theme.TEXT_DIM if cell["partner"] or not cell["tokens"] else theme.TEXT
            screen.text(text, cx, cy, size, colour, "center")
        screen.text(str(row["points"]), total_x, cy, size, theme.TEXT, "midright")
    ky = y + (len(rows) + 1.5) * line
    screen.text(_("King", context="aid"), x, ky, size, theme.ACCENT, "midleft")
    for j, c in enumerate(COLOURS):
        cx = x + name_w + (j + 0.5) * col_w
        screen.text(f"× {fig['king'][c]}", cx, ky, size, theme.ACCENT, "center")
    if not fig["partners"]:
        return
    for k, team in enumerate(fig["teams"]):
        ty = ky + (k + 1) * line
        end = x
        for n, seat in enumerate(team["team"]):
            if n:
                screen.text("+", end + size * 0.3, ty, size, theme.TEXT, "midleft")
                end += size * 1.1
            end = seat_tag(screen, ctx, int(seat), end, ty, size)
        screen.text(_.n("{n} point", "{n} points", n=team["points"]), total_x, ty, size,
                    theme.ACCENT,
                    "midright")


def icon(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    x, y, w, h = area
    cs = min(h, w / 1.6)
    cx, cy = x + w / 2, y + h / 2
    piece = fig.get("piece")
    colour, mark = seat_look(ctx, 0)
    if piece == "bag":
        mp.sack(screen, cx - cs * 0.3, cy, cs * 0.42)
        mp.token(screen, "red", cx + cs * 0.45, cy - cs * 0.15, cs * 0.16)
        mp.token(screen, "blue", cx + cs * 0.55, cy + cs * 0.25, cs * 0.16)
    elif piece == "shift":
        t = min(cs * 0.64, w * 0.38)
        mt.paint_tile(screen, x, cy - t / 2, t, "porter", _goods())
        mt.paint_hole(screen, x + w - t, cy - t / 2, t, "")
        arrow(screen, (x + t + 6, cy), (x + w - t - 6, cy), theme.ACCENT, cs * 0.07)
    elif piece == "coin":
        mp.coin(screen, cx - cs * 0.35, cy, cs * 0.26)
        arrow(screen, (cx - cs * 0.02, cy), (cx + cs * 0.75, cy), theme.ACCENT, cs * 0.08)
    elif piece == "king":
        mt.crown(screen, cx - cs * 0.3, cy, cs * 0.32, mp.KING_FILL)
        mp.token(screen, "red", cx + cs * 0.5, cy + cs * 0.05, cs * 0.17)
        arrow(screen, (cx + cs * 0.3, cy + cs * 0.05), (cx + cs * 0.08, cy + cs * 0.05),
              theme.ACCENT, cs * 0.06)
    elif piece == "messenger":
        mt.paint_tile(screen, cx - cs / 2, cy - cs / 2, cs, "messenger", _goods())
    elif piece == "buy":
        mp.paint_buyer(screen, (cx - cs * 0.55, cy - cs * 0.4, cs * 1.1, cs * 0.8), 1,
                       [True, "green", 3], colour, mark)


def tile(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    x, y, w, h = area
    cs = min(h, w)
    cx = x + w / 2
    name = str(fig.get("tile"))
    if name == "vendors":
        mt.paint_tile(screen, cx - cs / 2, y, cs, "red", _goods({"red": 3}))
    elif name == "hole":
        mt.paint_hole(screen, cx - cs / 2, y, cs, "")
    elif name == "king":  # his crown: the tile's words crowd it at this size
        mt.crown(screen, cx, y + cs / 2, cs * 0.36, mp.KING_FILL)
    else:
        mt.paint_tile(screen, cx - cs / 2, y, cs, name, _goods())


PAINTERS = {"table": table, "purchase": purchase, "count": count, "icon": icon,
            "tile": tile}


class AidPictures(BoardView):
    """The board view's part in the player aid: its pictures (``BoardView.draw_aid_figure``),
    drawn by this module."""

    draw_aid_figure = staticmethod(draw_aid_figure)
