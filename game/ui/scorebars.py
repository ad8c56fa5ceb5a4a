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

from game.ui import theme
from game.words import roman

if TYPE_CHECKING:
    from game.ui.screen import Screen

Colour = tuple[int, int, int]

#: reasons' colours in order of first appearance: Okabe-Ito's, which people with any
#: colour vision tell apart, then lighter shades; every segment also has its legend label
REASON_COLOURS: tuple[Colour, ...] = (
    (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178),
    (213, 94, 0), (204, 121, 167), (255, 214, 140), (160, 220, 255))
OTHER_COLOUR: Colour = (150, 150, 150)
#: reasons that name a colour (the Market's goods) keep it, in Okabe-Ito's shade of it
NAMED_COLOURS: dict[str, Colour] = {
    "black": (96, 96, 110), "blue": (0, 114, 178), "red": (213, 94, 0),
    "green": (0, 158, 115), "yellow": (240, 228, 66), "orange": (230, 159, 0)}
LABELS = {"founding": "Founding", "presence": "Presence", "district": "Districts",
          "palace": "Palace", "age": "Age", "power_card": "Unused card",
          "prosperity": "Prosperity", "offerings": "Offerings", "final": "Final count",
          "other": "Other"}
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
        return f"{LABELS[base]} {roman(int(reason[len(base):]))}"
    return LABELS.get(reason, reason.replace("_", " ").capitalize())


def colours_for(reasons: Sequence[str]) -> dict[str, Colour]:
    """Each reason's colour: its own if it names one, else the next of the palette."""
    out: dict[str, Colour] = {}
    named = {NAMED_COLOURS[r] for r in reasons if r in NAMED_COLOURS}
    free = [c for c in REASON_COLOURS if c not in named]
    for reason in reasons:
        if reason in NAMED_COLOURS:
            out[reason] = NAMED_COLOURS[reason]
        elif reason != "other":
            out[reason] = free[len([r for r in out if r not in NAMED_COLOURS]) % len(free)]
    out["other"] = OTHER_COLOUR
    return out


def draw_bar(screen: Screen, rect: tuple[float, float, float, float],
             parts: dict[str, int], reasons: Sequence[str], colours: dict[str, Colour],
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
        colour = colours.get(reason, OTHER_COLOUR)
        screen.box(left, y, max(2.0, seg - 3), h, colour, radius=6)
        text = str(pts)
        if grow >= 1 and screen.text_width(text, theme.FONT_SMALL) + 12 <= seg - 3:
            screen.text(text, left + (seg - 3) / 2, y + h / 2, theme.FONT_SMALL,
                        ink_on(colour), "center")
        left += seg


def ink_on(colour: Colour) -> Colour:
    """Dark text on a light segment, light text on a dark one."""
    r, g, b = colour
    return (16, 16, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 110 else (250, 250, 250)


def draw_legend(screen: Screen, x: float, y: float, w: float, reasons: Sequence[str],
                colours: dict[str, Colour]) -> float:
    """Swatches with labels, left to right in bar order, wrapping; returns the bottom."""
    cx, cy, row = x, y, 40.0
    for reason in reasons:
        text = label(reason)
        need = 34 + screen.text_width(text, theme.FONT_SMALL) + 26
        if cx + need > x + w and cx > x:
            cx, cy = x, cy + row
        screen.box(cx, cy + 6, 26, 26, colours.get(reason, OTHER_COLOUR), radius=6)
        screen.text(text, cx + 34, cy + 19, theme.FONT_SMALL, theme.TEXT, "midleft")
        cx += need
    return cy + row
