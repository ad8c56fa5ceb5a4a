"""The Market's scoring reveal: colour by colour, as the rulebook counts it.

The engine scores the whole Market at once when the bag is empty (``scoring.finish``):
one ``score`` event per seat and colour, its reason the colour. The reveal walks the
colours in the rulebook's order and reads, for each, the king's tokens of the colour
(its multiplier), what every side holds of it (in a partnership only the member holding
more counts) and the points. The points of a step are the events' own, so the overlay's
count-up adds exactly what the engine scored; the holdings and the king come from the
final state, which is what the board shows under the overlay.
"""

from __future__ import annotations

from typing import Any

from game.i18n import Text
from game.kit.client import Effects, Screen
from game.modkit import Event
from variants.market import scoring
from variants.market.params import COLOURS
from variants.market.text import _
from variants.market.view import overlay as vo
from variants.market.view import paint as vp
from variants.market.view.layout import Layout

GOLD = (255, 206, 60)


def colour_points(events: list[Event], colour: str) -> dict[int, int]:
    """Each seat's points for ``colour`` in the engine's score events."""
    points: dict[int, int] = {}
    for e in events:
        if e.kind == "score" and e.seat is not None and (e.data or {}).get("reason") == colour:
            points[e.seat] = points.get(e.seat, 0) + e.points
    return points


def holder_rows(rules: Any, held: list[dict[str, int]], colour: str, king: int,
                points: dict[int, int], names: list[str]) -> list[dict[str, Any]]:
    """A row per side: the member holding most of ``colour`` (their tokens count), what
    a partner holds beside it, and the side's points for the colour."""
    rows: list[dict[str, Any]] = []
    for team in rules.table.teams:
        best = max(team, key=lambda m: (held[m][colour], -m))
        n = held[best][colour]
        detail = f"{n} × {king}"
        for other in team:
            if other != best:
                detail += f" ({names[other]} {held[other][colour]})"
        rows.append({"owner": best, "detail": detail, "points": points.get(best, 0),
                     "held": n})
    rows.sort(key=lambda r: (-r["points"], -r["held"], r["owner"]))
    return rows


def reveal_steps(rules: Any, state: Any, names: list[str],
                 events: list[Event]) -> list[dict[str, Any]]:
    """The overlay's steps for the end of a Market game (see the module's docstring), one
    per colour and then the final count; [] when ``events`` are not the game's end."""
    over = next((e for e in events if e.kind == "game_over"), None)
    if over is None:
        return []
    held = scoring.holdings(state.buyers)
    steps: list[dict[str, Any]] = []
    for colour in COLOURS:
        king = int(state.king[colour])
        points = colour_points(events, colour)
        first = next((e for e in events if e.kind == "score"
                      and (e.data or {}).get("reason") == colour), over)
        subtitle = _("The king holds {n}: × {n}", n=king) if king \
            else _("The king holds none: × 0")
        steps.append({"title": _("{colour} ({goods})", colour=vp.COLUMNS.get(colour, colour),
                                 goods=vp.GOODS[colour]),
                      "subtitle": subtitle, "event": first, "kind": colour,
                      "colour": colour, "king": king,
                      "rows": holder_rows(rules, held, colour, king, points, names),
                      "points": points})
    steps.append({"title": _("The final count"), "event": over, "kind": "market",
                  "lines": final_lines(rules, state, names), "points": {}})
    return steps


def final_lines(rules: Any, state: Any, names: list[str]) -> list[Text]:
    """Each side's total, and what broke a tie when points did not decide."""
    held = scoring.holdings(state.buyers)
    lines: list[Text] = [f"{' + '.join(names[m] for m in team)}: "
                         f"{scoring.team_points(held, state.king, team)}"
                         for team in rules.table.teams]
    decided = rules.tie_break(state)
    if decided:
        lines.append(decided)
    return lines


def holders(rules: Any, state: Any, colour: str) -> list[tuple[str, int]]:
    """Every (side, buyer) holding goods of ``colour``."""
    out = []
    for seat, side in enumerate(rules.table.sides):
        for b, (_coin, goods, count) in enumerate(state.buyers[seat]):
            if goods == colour and count:
                out.append((side, b))
    return out


def burst_step(fx: Effects, rules: Any, state: Any, step: dict[str, Any] | None) -> None:
    """A colour's step lights up the king and every buyer holding the colour."""
    colour = (step or {}).get("colour")
    if not isinstance(colour, str):
        return
    fx.burst(("king",), GOLD, count=24, ring=110)
    tint = vp.COMMODITY.get(colour, GOLD)
    tint = tint if sum(tint) > 200 else (170, 170, 184)  # black goods show in grey
    for side, b in holders(rules, state, colour):
        fx.burst(("buyer", side, b), tint, count=18, ring=80, delay=0.15)


def paint_step(scr: Screen, lay: Layout, rules: Any, state: Any,
               step: dict[str, Any] | None, glow: float) -> None:
    """The king's square, and for a colour's step every buyer holding it, outlined."""
    vo.paint_highlight(scr, lay, state)
    colour = (step or {}).get("colour")
    if not isinstance(colour, str):
        return
    width = max(4.0, lay.cs * (0.05 + 0.03 * glow))
    for side, b in holders(rules, state, colour):
        vo.outline(scr, lay.buyer(side, b), GOLD, width, lay.cs * 0.12)
