"""The pictures of Mexica's player aid, drawn with the board's own painters (the paving,
canals, bridges, temples, calpulli tokens and Pilli of ``view.paint``) on small islands
the aid's pages describe (``variants.mexica.aid``). Drawing only: nothing here changes
any state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n import Text
from game.kit.client import (
    CAPTION,
    INK,
    AidContext,
    Area,
    BoardView,
    Screen,
    arrow,
    badge,
    palette,
    seat_look,
    seat_name,
    seat_tag,
    step_disc,
    theme,
)
from variants.mexica.board import board_for
from variants.mexica.text import NEUTRAL_NAME, _, ordinal
from variants.mexica.view import paint as vp
from variants.mexica.view.land import PAVING
from variants.mexica.view.panel import icon as supply_icon

NEUTRAL = -1
#: what a picture's board may take of its area's height (the rest: its captions)
BOARD_SHARE = 0.62


def draw_aid_figure(screen: Screen, area: Area, figure: Mapping[str, Any],
                    ctx: AidContext) -> None:
    """Draw one of the aid's pictures (``figure["kind"]``) into ``area``."""
    kind = figure.get("kind")
    painter = PAINTERS.get(str(kind))
    if painter is not None:
        painter(screen, area, figure, ctx)


# ---------------------------------------------------------------------------------------
# a small island
# ---------------------------------------------------------------------------------------
class Island:
    """A figure's board laid out in an area, with its canals and bridges painted."""

    def __init__(self, screen: Screen, area: Area, figure: Mapping[str, Any]) -> None:
        self.board = board_for(list(figure["board"]))
        self.lay = vp.make_layout(area, self.board.width, self.board.height)
        self.screen = screen
        vp.paint_static(screen, self.lay, self.board)

    def cell(self, name: str) -> int:
        return self.board.index[name]

    def xy(self, name: str) -> tuple[float, float]:
        return self.lay.xy(self.cell(name))

    def centre(self, name: str) -> tuple[float, float]:
        return self.lay.centre(self.cell(name))

    def canals(self, tiles: Any, new: Any = None) -> None:
        for tile in tiles:
            cells = tuple(sorted(self.cell(n) for n in tile))
            vp.paint_canal(self.screen, self.lay, cells)
            if new is not None and list(tile) == list(new):
                x, y, w, h = vp.tile_rect(self.lay, cells)
                self.screen.box(x - 3, y - 3, w + 6, h + 6, theme.ACCENT, radius=8, width=5)

    def bridges(self, bridges: Mapping[str, str]) -> None:
        for name, axis in bridges.items():
            c = self.cell(name)
            for r in self.board.ramps(c, axis):
                if r >= 0:
                    vp.paint_ramp(self.screen, self.lay, c, r)
            vp.paint_bridge(self.screen, self.lay, c, axis)

    def district(self, cells: Any) -> None:
        idx = {self.cell(n) for n in cells}
        cs = self.lay.cs
        for c in idx:  # a founded district's paving, as on the board
            x, y = self.lay.xy(c)
            self.screen.box(x, y, cs, cs, PAVING)
        vp.outline(self.screen, self.lay, idx, palette.GOLD_LIGHT, max(3.0, cs * 0.07))

    def token(self, t: Mapping[str, Any]) -> None:
        x, y = self.xy(t["cell"])
        vp.paint_token(self.screen, x, y, self.lay.cs, int(t["size"]),
                       {"founder": t["founder"], "presence": t["presence"]})

    def pilli(self, ctx: AidContext, seat: int, name: str) -> None:
        colour, mark = seat_look(ctx, seat)
        cx, cy = self.centre(name)
        vp.paint_pilli(self.screen, cx, cy, self.lay.cs, colour, mark)

    def temple(self, ctx: AidContext, owner: int, level: int, name: str) -> None:
        colour, mark = _owner_look(ctx, owner)
        x, y = self.xy(name)
        vp.paint_temple(self.screen, x, y, self.lay.cs, level, colour, mark)


def _owner_look(ctx: AidContext, owner: int) -> tuple[Any, str]:
    if owner == NEUTRAL:
        return theme.NEUTRAL_COLOUR, "neutral"
    return seat_look(ctx, owner)


def _owner_name(owner: int) -> str:
    return "Neutral" if owner == NEUTRAL else seat_name(owner)


def _split(area: Area, share: float = BOARD_SHARE) -> tuple[Area, Area]:
    x, y, w, h = area
    top = h * share
    return (x, y, w, top), (x, y + top + 12, w, h - top - 12)


# ---------------------------------------------------------------------------------------
# the pages' pictures
# ---------------------------------------------------------------------------------------
def turn(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """The example turn: the path on the island, a numbered disc per action, and the AP
    left after each."""
    top, bottom = _split(area)
    isle = Island(screen, top, fig)
    isle.canals(fig["canals"])
    isle.bridges(fig["bridges"])
    cs = isle.lay.cs
    steps = fig["steps"]
    path = [isle.centre(fig["start"])] + [isle.centre(s["cell"]) for s in steps
                                          if not s["token"]]
    for a, b in zip(path, path[1:], strict=False):
        screen.line(a, b, theme.ACCENT, max(3.0, cs * 0.08))
    isle.pilli(ctx, int(fig["seat"]), fig["start"])
    for n, s in enumerate(steps, 1):
        cx, cy = isle.centre(s["cell"])
        if s["token"]:
            x = cx + cs
            supply_icon(screen, "ap", x, cy, cs / 60)
            step_disc(screen, n, x + cs * 0.28, cy - cs * 0.28, cs * 0.22)
        else:
            step_disc(screen, n, cx + cs * 0.28, cy - cs * 0.28, cs * 0.22)
    _legend(screen, bottom, steps, int(fig["ap"]))


def _legend(screen: Screen, area: Area, steps: list[Any], ap: int) -> None:
    """The steps in two columns: number, action, its cost and the AP left of ``ap``."""
    x, y, w, h = area
    rows = (len(steps) + 1) // 2
    line = h / max(1, rows)
    size = min(CAPTION, line / 1.35)
    col_w = (w - 40) / 2
    for i, s in enumerate(steps):
        cx = x + (i // rows) * (col_w + 40)
        cy = y + (i % rows) * line + line / 2
        step_disc(screen, i + 1, cx + size * 0.6, cy, size * 0.55)
        screen.text(s["what"], cx + size * 1.4, cy, size, theme.TEXT, "midleft")
        screen.text(_("{n} left", context="ap", n=s["left"]), cx + col_w, cy, size,
                    theme.ACCENT, "midright")


def found(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    top, bottom = _split(area)
    isle = Island(screen, top, fig)
    isle.district(fig["district"])
    isle.canals(fig["canals"], fig.get("new_canal"))
    isle.token(fig["token"])
    cs = isle.lay.cs
    for p in fig["pilli"]:
        isle.pilli(ctx, int(p["seat"]), p["cell"])
        if p["points"]:
            cx, cy = isle.centre(p["cell"])
            badge(screen, f"+{p['points']}", cx + cs * 0.55, cy - cs * 0.55,
                  max(CAPTION * 0.9, cs * 0.42))
    x, y, w, h = bottom
    line = h / max(1, len(fig["pilli"]))
    size = min(CAPTION, line / 1.35)
    for i, p in enumerate(fig["pilli"]):
        cy = y + i * line + line / 2
        end = seat_tag(screen, ctx, int(p["seat"]), x + 8, cy, size)
        screen.text(p["why"], end + size * 0.4, cy, size, theme.TEXT, "midleft")
        points = f"+{p['points']}" if p["points"] else _("nothing", context="points")
        screen.text(points, x + w - 8, cy, size, theme.ACCENT, "midright")


def scoring(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    top, bottom = _split(area, 0.64)
    isle = Island(screen, top, fig)
    isle.district(fig["district"])
    isle.canals(fig["canals"])
    isle.token(fig["token"])
    for t in fig["temples"]:
        isle.temple(ctx, int(t["owner"]), int(t["level"]), t["cell"])
    x, y, w, h = bottom
    ranking = fig["ranking"]
    line = h / max(1, len(ranking))
    size = min(CAPTION, line / 1.35)
    for i, r in enumerate(ranking):
        cy = y + i * line + line / 2
        owner = int(r["owner"])
        place = ordinal(min(4, int(r["place"])))
        screen.text(place, x + 8, cy, size, theme.TEXT, "midleft")
        seat_tag_owner(screen, ctx, owner, x + size * 2.6, cy, size)
        parts = [t["level"] for t in fig["temples"] if int(t["owner"]) == owner]
        sums = " + ".join(map(str, parts)) + " = " if len(parts) > 1 else ""
        levels = _.n("{sums}{n} level", "{sums}{n} levels", n=int(r["levels"]), sums=sums)
        screen.text(levels, x + w * 0.7, cy, size, theme.TEXT, "midright")
        points: Text
        if int(r["place"]) > len(fig["places"]):
            points = _("nothing", context="points")
        elif owner == NEUTRAL:
            points = _("scores nothing")
        else:
            points = f"+{r['points']}"
        screen.text(points, x + w - 8, cy, size, theme.ACCENT, "midright")


def seat_tag_owner(screen: Screen, ctx: AidContext, owner: int, x: float, y: float,
                   size: float) -> None:
    if owner == NEUTRAL:
        colour = theme.NEUTRAL_COLOUR
        screen.circle(x + size * 0.42, y, size * 0.52, INK)
        screen.circle(x + size * 0.42, y, size * 0.4, colour, max(2.0, size * 0.12))
        screen.text(NEUTRAL_NAME, x + size * 1.2, y, size, colour, "midleft")
    else:
        seat_tag(screen, ctx, owner, x, y, size)


def tokens(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """Every token of the box: the token, how many there are, and its 1st / 2nd / 3rd."""
    x, y, w, h = area
    items = fig["tokens"]
    labels = (_("in the box"), ordinal(1), ordinal(2), ordinal(3))
    size = 36.0
    head = max(screen.text_width(t, size) for t in labels) + 30
    n = max(1, len(items))
    slot = (w - head) / n
    line = size * 1.35
    cs = min(slot * 0.82, h - line * len(labels) - 40)
    ty = y + cs + 34
    for j, label in enumerate(labels):
        screen.text(label, x, ty + j * line, size, theme.TEXT_DIM, "midleft")
    for i, t in enumerate(items):
        cx = x + head + slot * (i + 0.5)
        vp.paint_token(screen, cx - cs / 2, y + 6, cs, int(t["size"]),
                       {"founder": t["founder"], "presence": t["presence"]})
        cells = [f"×{t['count']}", *map(str, t["places"][:3])]
        for j, cell in enumerate(cells):
            colour = theme.TEXT_DIM if j == 0 else theme.ACCENT if j == 1 else theme.TEXT
            screen.text(cell, cx, ty + j * line, size, colour, "center")


def hands(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """A colour's temples: the period-1 hand and those added for period 2, each level
    once with how many of it."""
    x, y, w, h = area
    colour, mark = seat_look(ctx, 0)
    rows = ((_("Period 1: {n}", n=len(fig["period1"])), fig["period1"]),
            (_("Added for period 2: {n}", n=len(fig["period2"])), fig["period2"]))
    row_h = h / 2
    for i, (title, levels) in enumerate(rows):
        ry = y + i * row_h
        screen.text(title, x, ry, CAPTION, theme.ACCENT)
        kinds = sorted(set(int(v) for v in levels))
        slot = w / max(1, len(kinds))
        cs = min(slot * 0.8, row_h - CAPTION * 3.2)
        for j, level in enumerate(kinds):
            tx = x + j * slot + (slot - cs) / 2
            vp.paint_temple(screen, tx, ry + CAPTION * 1.5, cs, level, colour, mark)
            count = sum(1 for v in levels if int(v) == level)
            screen.text(f"×{count}", tx + cs / 2, ry + CAPTION * 1.6 + cs, CAPTION,
                        theme.TEXT, "midtop")


def neutral(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    """The island with the neutral temples where a game could lay them, and the set of
    them by level."""
    top, bottom = _split(area, 0.74)
    if fig.get("temples"):
        isle = Island(screen, top, fig)
        for name, level in fig["temples"].items():
            isle.temple(ctx, NEUTRAL, int(level), name)
    else:
        bottom = area
    x, y, w, h = bottom
    kinds = sorted({int(v) for v in fig["levels"]}, reverse=True)
    slot = w / max(1, len(kinds))
    cs = min(slot * 0.5, h - CAPTION * 1.4)
    for j, level in enumerate(kinds):
        tx = x + j * slot + slot * 0.1
        vp.paint_temple(screen, tx, y, cs, level, theme.NEUTRAL_COLOUR, "neutral")
        count = sum(1 for v in fig["levels"] if int(v) == level)
        screen.text(f"×{count}", tx + cs + 10, y + cs * 0.6, CAPTION, theme.TEXT, "midleft")


# ---------------------------------------------------------------------------------------
# the actions' icons
# ---------------------------------------------------------------------------------------
def action_icon(screen: Screen, area: Area, fig: Mapping[str, Any], ctx: AidContext) -> None:
    x, y, w, h = area
    piece = fig.get("piece")
    cs = min(w / 1.7, h)
    cx, cy = x + w / 2, y + h / 2
    colour, mark = seat_look(ctx, 0)
    one = vp.Layout(cx - cs / 2, cy - cs / 2, cs, 1, 1)
    if piece == "walk":
        vp.paint_pilli(screen, cx - cs * 0.45, cy, cs * 0.9, colour, mark)
        arrow(screen, (cx + cs * 0.05, cy), (cx + cs * 0.9, cy), theme.ACCENT, cs * 0.1)
    elif piece == "boat":
        water = vp.Layout(cx - cs, cy - cs / 2, cs, 2, 1)
        vp.paint_canal(screen, water, (0, 1))
        vp.paint_bridge(screen, water, 0, "ns", k=0.9)
        arrow(screen, (cx - cs * 0.3, cy), (cx + cs * 0.85, cy), theme.ACCENT, cs * 0.09)
    elif piece == "teleport":
        for dx, dy in ((-0.8, -0.3), (0.75, -0.35), (0.6, 0.3), (-0.65, 0.32)):
            screen.circle(cx + dx * cs, cy + dy * cs, cs * 0.07, theme.ACCENT)
        vp.paint_pilli(screen, cx, cy, cs * 0.9, colour, mark)
    elif piece == "canal":
        water = vp.Layout(cx - cs, cy - cs / 2, cs, 2, 1)
        vp.paint_canal(screen, water, (0, 1))
    elif piece == "bridge":
        vp.paint_canal(screen, one, (0,))
        vp.paint_bridge(screen, one, 0, "ew", k=0.9)
    elif piece == "temple":
        vp.paint_temple(screen, cx - cs * 0.5, cy - cs / 2, cs, 3, colour, mark)
    elif piece == "found":
        vp.paint_token(screen, cx - cs / 2, cy - cs / 2, cs, 5, {"founder": 3, "presence": 2})
    elif piece in ("take", "spend"):
        ax = cx - cs * 0.3 if piece == "spend" else cx + cs * 0.35
        supply_icon(screen, "ap", ax, cy, cs / 40)
        if piece == "spend":
            screen.text("+1", cx + cs * 0.5, cy, theme.readable(cs * 0.45), theme.ACCENT,
                        "center")
        else:
            arrow(screen, (cx - cs * 0.8, cy), (cx - cs * 0.05, cy), theme.ACCENT, cs * 0.09)


PAINTERS = {"turn": turn, "found": found, "scoring": scoring, "tokens": tokens,
            "hands": hands, "neutral": neutral, "icon": action_icon}


class AidPictures(BoardView):
    """The board view's part in the player aid: its pictures (``BoardView.draw_aid_figure``),
    drawn by this module."""

    draw_aid_figure = staticmethod(draw_aid_figure)
