"""Where each player's points came from: the breakdown by reason and its stacked bars.

The breakdown reads the game's events, so it works for every game that itemises its
points: an event with points and a seat counts under its ``data["reason"]`` (Mexica:
founding, presence, district, palace; the Market: the colour; Aztlán: age), scorings
that recur split by their ``period`` or ``age`` ("district2", "age3"). An event without
a reason whose integer data add up to its points (Aztlán's final count: unused power
card, prosperity, offerings) counts each part under its own name, and any other under
its kind. Whatever the events leave unexplained is "other".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.words import roman
from game.i18n import Text, say
from game.i18n.client import _
from game.kit.client import theme

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

Colour = tuple[int, int, int]

#: A reason's look: its stone shade and its texture. The seats' colours are bright hues
#: (every palette's), so the reasons wear none: shades of one warm stone grey, dark and
#: light in turn, each with a texture of its own, and the legend names each one. A bar
#: therefore never reads as another seat's ("Districts I" sky blue, like Ben).
Look = tuple[Colour, str]
REASON_LOOKS: tuple[Look, ...] = (
    ((212, 206, 192), "solid"), ((104, 98, 90), "stripes"), ((198, 192, 176), "dots"),
    ((74, 70, 66), "checks"), ((226, 220, 206), "stripes"), ((128, 122, 112), "dots"),
    ((205, 199, 185), "bars"), ((92, 88, 82), "solid"), ((198, 192, 176), "checks"))
#: the points no event explains: plain, the darkest
OTHER_LOOK: Look = ((58, 56, 54), "solid")
#: reasons that name a dark colour, so a dark shade goes with their name
DARK_NAMES = frozenset(("black",))
#: the textures (besides "solid"), and the spacing of their lines and dots
TEXTURES = ("stripes", "dots", "checks", "bars")
TEXTURE_STEP = 14.0
#: the bars' textures as painted, per (texture, colours, size): a few dozen at most
_TILES: dict[tuple[object, ...], pygame.Surface] = {}
TILES_KEPT = 48
LABELS: dict[str, Text] = {
    "founding": _("Founding"), "presence": _("Presence"), "district": _("Districts"),
    "palace": _("Palace"), "age": _("Age"), "power_card": _("Unused card"),
    "prosperity": _("Prosperity"), "offerings": _("Offerings"), "final": _("Final count"),
    "other": _("Other", context="points"),
    # a game that scores by colour (the Market)
    "black": _("Black", context="points"), "blue": _("Blue", context="points"),
    "red": _("Red", context="points"), "green": _("Green", context="points")}
#: the data keys that number a recurring scoring
ROUNDS = ("period", "age")


def reason_parts(event: Any) -> list[tuple[str, int]]:
    """(reason, points) of one event, as the module's docstring says; [] for none."""
    points = event.points
    if not points or event.seat is None:
        return []
    data = event.data if isinstance(event.data, dict) else {}
    reason = data.get("reason")
    if isinstance(reason, str) and reason:
        for key in ROUNDS:
            n = data.get(key)
            if isinstance(n, int) and not isinstance(n, bool):
                return [(f"{reason}{n}", points)]
        return [(reason, points)]
    parts = [(k, v) for k, v in data.items()
             if isinstance(v, int) and not isinstance(v, bool) and v]
    if parts and sum(v for _k, v in parts) == points:
        return parts
    return [(event.kind, points)]


def breakdown(events: Iterable[Any], scores: Sequence[int]) -> tuple[
        dict[int, dict[str, int]], list[str]]:
    """Points per seat per reason, and the reasons in order of first appearance ("other",
    the points no event explains, last)."""
    out: dict[int, dict[str, int]] = {seat: {} for seat in range(len(scores))}
    order: list[str] = []
    for e in events:
        if e.seat not in out:
            continue
        for reason, points in reason_parts(e):
            out[e.seat][reason] = out[e.seat].get(reason, 0) + points
            if reason not in order:
                order.append(reason)
    for seat, parts in out.items():
        missing = scores[seat] - sum(parts.values())
        if missing:
            parts["other"] = parts.get("other", 0) + missing
    if any("other" in parts for parts in out.values()):
        order = [r for r in order if r != "other"] + ["other"]
    return out, order


def label(reason: str) -> str:
    """A reason as the legend names it: "Districts II", "Age III", "Green"."""
    base = reason.rstrip("0123456789")
    if base != reason and base in LABELS:
        return say(_("{reason} {number}", context="scoring round", reason=LABELS[base],
                     number=roman(int(reason[len(base):]))))
    return say(LABELS.get(reason, reason.replace("_", " ").capitalize()))


def looks_for(reasons: Sequence[str]) -> dict[str, Look]:
    """Each reason's look, in order of first appearance ("other" always the same); a
    reason named after a dark colour (the Market's black goods) takes a dark one."""
    out: dict[str, Look] = {}
    free = list(REASON_LOOKS)
    for reason in reasons:
        if reason == "other":
            continue
        if not free:
            free = list(REASON_LOOKS)
        dark = [look for look in free if sum(look[0]) < 330]
        look = dark[0] if reason in DARK_NAMES and dark else free[0]
        free.remove(look)
        out[reason] = look
    out["other"] = OTHER_LOOK
    return out


def texture_ink(colour: Colour) -> Colour:
    """The texture's lines on a shade: a little darker on a light one, lighter on a dark."""
    k = -44 if sum(colour) > 390 else 40
    return tuple(max(0, min(255, c + k)) for c in colour)  # type: ignore[return-value]


def draw_swatch(screen: Screen, rect: tuple[float, float, float, float], look: Look,
                radius: float = 6) -> None:
    """A rectangle in ``look``: its shade, then its texture inside the rounded corners."""
    x, y, w, h = rect
    colour, texture = look
    screen.box(x, y, w, h, colour, radius=radius)
    if texture not in TEXTURES or w < 4 or h < 4:
        return
    inner = screen.rect(x + 2, y + 2, w - 4, h - 4)
    tile = _tile(screen, texture, colour, inner.h)
    screen.surface.blit(tile, inner.topleft, pygame.Rect(0, 0, inner.w, inner.h))


def _tile(screen: Screen, texture: str, colour: Colour, height: int) -> pygame.Surface:
    """A strip as wide as the window of ``texture`` on ``colour``, painted once: every
    segment of that look is a piece of it (whatever its length while the bars grow)."""
    key = (texture, colour, height, screen.scale, screen.surface.get_width())
    tile = _TILES.get(key)
    if tile is not None:
        return tile
    if len(_TILES) >= TILES_KEPT:
        _TILES.clear()
    tile = pygame.Surface((screen.surface.get_width(), max(1, height)))
    tile.fill(colour)
    ink = texture_ink(colour)
    step = max(4, screen.ln(TEXTURE_STEP))
    w, h = tile.get_size()
    line = max(1, screen.ln(3))
    if texture in ("stripes", "checks"):
        for x0 in range(-h, w + h, step):
            pygame.draw.line(tile, ink, (x0, h), (x0 + h, 0), line)
            if texture == "checks":
                pygame.draw.line(tile, ink, (x0, 0), (x0 + h, h), line)
    elif texture == "bars":
        for x0 in range(step // 2, w, step):
            pygame.draw.line(tile, ink, (x0, 0), (x0, h), line)
    else:  # dots
        for row, y0 in enumerate(range(step // 2, h, step)):
            for x0 in range(step // 2 + (step // 2 if row % 2 else 0), w, step):
                pygame.draw.circle(tile, ink, (x0, y0), max(1, screen.ln(2.5)))
    _TILES[key] = tile
    return tile


def draw_bar(screen: Screen, rect: tuple[float, float, float, float],
             parts: dict[str, int], reasons: Sequence[str], looks: dict[str, Look],
             scale: float, grow: float) -> None:
    """One player's stacked bar: a segment per reason (in legend order), ``scale`` px a
    point, drawn to ``grow`` (0-1) of its length; a segment wide enough shows its points."""
    x, y, w, h = rect
    screen.box(x, y, w, h, (16, 20, 34), radius=8)
    left = x
    for reason in reasons:
        pts = parts.get(reason, 0)
        if pts <= 0:
            continue
        seg = pts * scale * grow
        if seg < 1:
            continue
        look = looks.get(reason, OTHER_LOOK)
        draw_swatch(screen, (left, y, max(2.0, seg - 3), h), look)
        text = str(pts)
        tw = screen.text_width(text, theme.FONT_SMALL)
        if grow >= 1 and tw + 12 <= seg - 3:
            # the number on a plate of the plain shade: it reads over any texture
            cx = left + (seg - 3) / 2
            if look[1] in TEXTURES:
                screen.box(cx - tw / 2 - 6, y + h / 2 - 17, tw + 12, 34, look[0], radius=8)
            screen.text(text, cx, y + h / 2, theme.FONT_SMALL, ink_on(look[0]), "center")
        left += seg


def ink_on(colour: Colour) -> Colour:
    """Dark text on a light segment, light text on a dark one."""
    r, g, b = colour
    return (16, 16, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 110 else (250, 250, 250)


def draw_legend(screen: Screen, x: float, y: float, w: float, reasons: Sequence[str],
                looks: dict[str, Look]) -> float:
    """Swatches with labels, left to right in bar order, wrapping; returns the bottom."""
    cx, cy, row = x, y, 40.0
    for reason in reasons:
        need = legend_width(screen, reason)
        if cx + need > x + w and cx > x:
            cx, cy = x, cy + row
        draw_swatch(screen, (cx, cy + 4, 30, 30), looks.get(reason, OTHER_LOOK))
        screen.text(label(reason), cx + 38, cy + 19, theme.FONT_SMALL, theme.TEXT, "midleft")
        cx += need
    return cy + row


def legend_width(screen: Screen, reason: str) -> float:
    """The room one reason takes in the legend: its swatch, its label, the gap after."""
    return 38 + screen.text_width(label(reason), theme.FONT_SMALL) + 30
