"""Animating Aztlán's events, for the board view: pawns dropping and sliding, words
popping up over a territory, a scoring's domains lit one after another, a banner.

Functions of the board view they serve, read as a
:class:`~variants.aztlan.view.ports.Painter`; they add to its animations (``anims``),
its effects and its panel's flashes, which ``draw`` paints frame by frame. Only public
events are animated: a chosen or drawn card shows nothing.
"""

from __future__ import annotations

from typing import Any

from game.i18n import say
from game.kit.client import Anim, theme
from game.modkit import Event
from variants.aztlan.text import _
from variants.aztlan.view.ports import Painter

POP_TIME = 1.6
DROP_TIME = 0.35
SLIDE_TIME = 0.4
DOMAIN_TIME = 0.9


#: bursts by kind of event at a territory: a battle flares red, the gods' favour gold
BURSTS = {"battle": theme.DANGER, "sacred": (255, 206, 60), "tlatoani": (255, 206, 60),
          "tie": (200, 200, 210)}


def pop_rows(v: Painter) -> dict[int, int]:
    """Per territory, the row the next word popping up over it takes: words over one
    territory ("Sacred Games", then "Coexist") stand one above the other, never on top of
    each other."""
    rows: dict[int, int] = {}
    for a in v.anims:
        if a.kind == "pop":
            rows[a.cells[0]] = max(rows.get(a.cells[0], 0), a.data.get("row", 0) + 1)
    return rows


def pop(v: Painter, rows: dict[int, int], cell: int, text: str, colour: Any,
        delay: float) -> None:
    """A word popping up over ``cell``, on the next free row there."""
    row = rows.get(cell, 0)
    rows[cell] = row + 1
    v.anims.append(Anim("pop", (cell,), POP_TIME, delay,
                        data={"text": text, "colour": colour, "row": row}))


def animate(v: Painter, events: list[Event]) -> None:
    """Animations for the events of one applied action (private ones have none)."""
    idx = v.rules.table.island.index
    delay = 0.0
    rows = pop_rows(v)
    for e in events:
        if not e.visible(None):
            continue  # private (a chosen card, a drawn card): nothing to animate
        data = e.data or {}
        if e.kind in ("place", "eagle") and data.get("territory") in idx:
            v.anims.append(Anim("drop", (idx[data["territory"]],), DROP_TIME,
                                   data={"army": data.get("army", 0)}))
        elif e.kind == "move" and data.get("to") in idx and data.get("from") in idx:
            v.anims.append(Anim("slide", (idx[data["from"]], idx[data["to"]]),
                                   SLIDE_TIME, data={"army": data.get("army", 0)}))
        elif e.kind == "removed" and data.get("territory") in idx:
            pop(v, rows, idx[data["territory"]], f"-{data.get('count', 1)}", theme.DANGER,
                delay)
        elif e.kind in ("coexist", "tie", "battle", "sacred", "tlatoani") and \
                data.get("territory") in idx:
            word = say({"coexist": _("Coexist", context="pop"), "tie": _("Tie", context="pop"),
                        "battle": _("Battle!", context="pop"),
                        "sacred": _("Sacred Games", context="pop"),
                        "tlatoani": _("Tlatoani", context="pop")}[e.kind])
            spark = BURSTS.get(e.kind)
            if spark is not None:
                v.fx.burst(idx[data["territory"]], spark, count=40 if e.kind == "battle" else 24,
                           ring=150 if e.kind == "battle" else 100, delay=delay)
            pop(v, rows, idx[data["territory"]], word, theme.ACCENT, delay)
        elif e.kind == "score" and e.seat is not None:
            delay = animate_score(v, e, delay)
        elif e.kind == "reveal":
            v.anims.append(Anim("banner", (), POP_TIME, data={
                "text": say(_("Power cards revealed"))}))
        elif e.kind == "draw" and e.seat is not None:
            v.panel_flash[e.seat] = ("+1 card", 0.0)


def animate_score(v: Painter, e: Event, delay: float) -> float:
    """A seat's domains lit one after another, each with its points; returns the delay
    after the last."""
    idx = v.rules.table.island.index
    data = e.data or {}
    assert e.seat is not None
    for a in v.anims:  # the conflicts' words are old news: the scoring's own show
        if a.kind in ("banner", "pop"):
            a.t = a.delay + a.dur
    # the army that scored (in Aztec Gods, control swaps right after)
    army = v.model.army(e.seat) if v.model is not None else e.seat
    for dm in data.get("domains", []):
        if not dm.get("points"):
            continue
        cells = tuple(idx[c] for c in dm.get("territories", []) if c in idx)
        n = len(cells)
        if cells:
            colours = v.army_colours
            v.fx.burst(cells[0], colours[army] if 0 <= army < len(colours) else
                       theme.ACCENT, count=30, ring=120, delay=delay)
        v.anims.append(Anim("domain", cells, DOMAIN_TIME, delay, data={
            "text": f"+{dm['points']}", "detail": f"{n}+{dm['matching']}²",
            "army": army}))
        delay += DOMAIN_TIME  # one domain's words at a time: never on another's
    if e.points:
        v.panel_flash[e.seat] = (f"+{e.points}", 0.0)
    return delay
