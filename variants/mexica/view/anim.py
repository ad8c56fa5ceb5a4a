"""Mexica view animations and scoring steps: drops, Pilli moves (a step, a boat gliding
along the water), a founded token's flight from the display to its district, "+N" pop-ups.

``piece_anims`` and ``score_pops`` turn an applied action's events into animation records;
the view advances them in ``update``. The ``draw_*`` functions paint what moves this frame
(each a part of the board's frame, :mod:`variants.mexica.view.frame`) and change nothing.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.i18n import say
from game.kit.client import (
    Anim,  # kinds: canal, bridge, temple, token, pilli
    Effects,
    Screen,
    mix,
    palette,
    pulse,
    theme,
)
from game.modkit import Event
from variants.mexica.board import Board
from variants.mexica.state import MexicaState
from variants.mexica.text import _, ordinal
from variants.mexica.view import overlay as vo
from variants.mexica.view import paint as vp

if TYPE_CHECKING:
    from variants.mexica.rules import MexicaRules

STEP_TIME = 0.16  # seconds a Pilli takes for one foot step
BOAT_TIME = 0.22  # seconds a boat takes for one cell of water (it glides: slower)
DROP_TIME = 0.35
FLY_TIME = 0.7  # a founded token's flight from the display to its district
FLY_ARC = 0.15  # how high the flight arcs, as a share of its length ...
FLY_ARC_MAX = 140.0  # ... and at most (logical units), so it never leaves the screen
POP_TIME = 1.6



@dataclass
class Pop:
    text: str
    cell: int
    colour: tuple[int, int, int]
    delay: float = 0.0
    t: float = 0.0


def drop_scale(e: float) -> float:
    """From 1.7 down to 1 with a small bounce: a piece dropped onto the board."""
    if e >= 1:
        return 1.0
    k = 1 + 0.7 * (1 - e) ** 2 - 0.12 * math.sin(e * math.pi)
    return round(k * 20) / 20  # quantised: fewer distinct font sizes


def piece_anims(board: Board, state: MexicaState, action: str, seen_pilli: list[int | None],
                seen_display: list[int] | None = None) -> list[Anim]:
    """Animations for the pieces ``action`` placed or moved; ``seen_display`` is the
    calpulli display before it (a founded token flies from its place there)."""
    words = action.split()
    verb = words[0] if words else ""
    cells = [board.index[w] for w in words[1:] if w in board.index]
    out: list[Anim] = []
    if verb == "canal" and cells:
        out.append(Anim("canal", tuple(sorted(cells)), DROP_TIME))
    elif verb in ("bridge", "relocate") and cells:
        out.append(Anim("bridge", (cells[-1],), DROP_TIME))
    elif verb == "temple" and cells:
        out.append(Anim("temple", (cells[0],), DROP_TIME))
    elif verb == "found" and cells and cells[0] in state.tokens:
        size = state.tokens[cells[0]]
        shelf = list(seen_display or ())
        out.append(Anim("token", (cells[0],), FLY_TIME, data={
            "size": size, "slot": shelf.index(size) if size in shelf else 0}))
    for seat, (old, new) in enumerate(zip(seen_pilli, state.pilli, strict=False)):
        if old != new and new is not None:
            dur = STEP_TIME if verb == "move" else DROP_TIME
            data: dict[str, Any] = {"seat": seat, "from": old, "verb": verb}
            if verb == "boat" and old is not None:
                data["path"] = water_path(board, state, old, new)
                dur = max(DROP_TIME, BOAT_TIME * (len(data["path"]) - 1))
            out.append(Anim("pilli", (new,), dur, data=data))
    return out


def water_path(board: Board, state: MexicaState, start: int, end: int) -> list[int]:
    """The cells a boat glides through from bridge ``start`` to bridge ``end``, fewest
    first, along canals and the lake (never over land); just the two ends if the boat
    went round the outside of the map."""
    came: dict[int, int] = {start: start}
    todo = deque([start])
    while todo and end not in came:
        c = todo.popleft()
        for x in board.nbrs[c]:
            if x not in came and (x in board.lake or state.canal[x]):
                came[x] = c
                todo.append(x)
    if end not in came:
        return [start, end]
    path = [end]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1]


def along(lay: vp.Layout, path: list[int], e: float) -> tuple[float, float]:
    """The point ``e`` (0..1) of the way along the centres of ``path``'s cells."""
    at = max(0.0, min(1.0, e)) * (len(path) - 1)
    i = min(int(at), len(path) - 2)
    (ax, ay), (bx, by) = lay.centre(path[i]), lay.centre(path[i + 1])
    f = at - i
    return ax + (bx - ax) * f, ay + (by - ay) * f


def score_pops(board: Board, state: MexicaState, events: list[Event], colours: list[Any],
               land: float = 0.0) -> tuple[list[Pop], dict[int, int]]:
    """"+N" pop-ups over the cell that earned them, and the points per seat; a founding's
    wait ``land`` seconds, until its token has flown to the district."""
    delay = 0.0
    focus: int | None = None
    pops: list[Pop] = []
    totals: dict[int, int] = {}
    for e in events:
        if e.kind == "founded":
            focus = board.index.get(e.data.get("cell", ""))
            delay = max(delay, land)
        elif e.kind == "district_scored":
            delay += 0.5
            focus = vo.middle_cell(board.width, [board.index[n]
                                                 for n in e.data.get("cells", [])])
        elif e.kind == "score" and e.seat is not None and e.points:
            reason = e.data.get("reason")
            cell = focus if reason in ("founding", "district") else state.pilli[e.seat]
            if cell is None:
                continue
            pops.append(Pop(f"+{e.points}", cell, vp.seat_colour(colours, e.seat), delay))
            totals[e.seat] = totals.get(e.seat, 0) + e.points
    return pops, totals


SCORE_GOLD = (255, 206, 60)
GLINT = (190, 230, 255)
SPLASH = (150, 210, 245)
DUST = (222, 200, 150)


def bursts(fx: Effects, board: Board, state: MexicaState, anims: list[Anim],
           events: list[Event], colours: list[Any]) -> None:
    """Bursts for an applied action, anchored on board cells: a splash where a canal
    lands, dust where a temple rises, gold sparks for a founding, and one per district
    scored (in step with its "+N" pop-ups)."""
    for a in anims:
        if a.kind == "canal":
            fx.burst(a.cells[0], SPLASH, count=14, speed=200, life=0.6, delay=DROP_TIME * 0.8,
                     ring=0)
        elif a.kind == "temple":
            fx.burst(a.cells[0], DUST, count=12, speed=160, life=0.6, delay=DROP_TIME * 0.8,
                     ring=0)
    delay = 0.0
    for e in events:
        if e.kind == "founded" and e.data.get("cell") in board.index:
            seat = e.seat if e.seat is not None else -1
            land = max((a.dur for a in anims if a.kind == "token"), default=DROP_TIME)
            fx.burst(board.index[e.data["cell"]], vp.seat_colour(colours, seat), count=40,
                     ring=150, delay=land)
        elif e.kind == "district_scored":
            delay += 0.5
            cell = vo.middle_cell(board.width, [board.index[n] for n in
                                                e.data.get("cells", []) if n in board.index])
            if cell is not None:
                fx.burst(cell, SCORE_GOLD, count=30, ring=130, delay=delay)


def scoring_steps(session: Any, events: list[Event]) -> list[dict[str, Any]]:
    """One step per scored district, then the palace bonus; [] if nothing was scored."""
    if not any(e.kind in ("scoring", "district_scored") for e in events):
        return []
    game = session.game
    b, s = game.rules.table.board, game.state
    steps: list[dict[str, Any]] = []
    for e in events:
        if e.kind != "district_scored":
            continue
        lines, points = [], {}
        names = session.names
        for pl in e.data.get("places", []):
            lines.append(say(_.n("{place} {player}: {n} level, +{points}",
                                 "{place} {player}: {n} levels, +{points}", n=pl["levels"],
                                 place=ordinal(pl["place"]), player=session.name(pl["owner"]),
                                 points=pl["points"]), names))
            if pl["owner"] >= 0:
                points[pl["owner"]] = pl["points"]
        steps.append({"title": say(e.text, names), "event": e, "kind": "district",
                      "cells": list(e.data.get("cells", [])), "size": e.data.get("size"),
                      "founded": e.data.get("founded"), "lines": lines, "points": points})
    bonus = [e for e in events if e.kind == "score" and e.data.get("reason") == "palace"]
    lines = [say(_("{player}: +{points} on a palace start space", player=session.name(e.seat),
                   points=e.points)) for e in bonus] or [
        say(_("No Pilli stands on a palace start space"))]
    cells = [b.names[s.pilli[e.seat]] for e in bonus
             if e.seat is not None and s.pilli[e.seat] is not None]
    title = say(_("Palace bonus"))
    event = Event("palace_bonus", _("Palace bonus"),
                  data={"cells": cells, "seats": [e.seat for e in bonus]})
    steps.append({"title": title, "event": event, "kind": "palace", "cells": cells,
                  "lines": lines, "points": {e.seat: e.points for e in bonus}})
    return steps


GLINTS = 16  # light on the lake at once, each coming and going


Point = tuple[float, float]
#: a ripple of light: its three points, its colour and its width (logical units)
Strokes = tuple[Point, Point, Point, tuple[int, int, int], float]
#: a box of :meth:`Screen.box`: x, y, w, h, colour, radius, width (logical units)
BoxSpec = tuple[float, float, float, float, Any, float, float]


def glints(board: Board) -> list[tuple[int, float]]:
    """The lake's cells that catch the light, each with the pace of its beat (the same
    for a board every time: its own seed)."""
    lake = sorted(board.lake)
    if not lake:
        return []
    rng = random.Random(board.width * 7919 + board.height)
    cells = rng.sample(lake, min(GLINTS, len(lake)))
    return [(c, rng.uniform(0.18, 0.3)) for c in cells]


def glint_phase(i: int, rate: float, t: float) -> float | None:
    """Where the ``i``-th glint is in its beat at ``t``; None while it is dark."""
    phase = (t * rate + i / GLINTS) % 1.0
    return None if phase > 0.6 else phase


def glint_bounds(lay: vp.Layout, c: int) -> tuple[float, float, float, float]:
    """Where a glint on ``c`` is painted at any point of its beat."""
    cs = lay.cs
    x, y = lay.centre(c)
    lw = max(1.5, cs * 0.05) + 2
    return (x - cs * 0.52 - lw, y - cs * 0.07 - lw, cs * 1.04 + 2 * lw, cs * 0.07 + 2 * lw)


def glint_strokes(lay: vp.Layout, c: int, phase: float) -> Strokes:
    """The lake moves: a short ripple of light drifting across the water cell ``c``,
    ``phase`` (0..0.6) of the way through its beat, fading in and out."""
    cs = lay.cs
    k = math.sin(phase / 0.6 * math.pi)
    x, y = lay.centre(c)
    x += cs * (phase - 0.3) * 0.8
    w = cs * (0.18 + 0.1 * k)
    return ((x - w, y), (x, y - cs * 0.07), (x + w, y), mix(palette.WATER, GLINT, k),
            max(1.5, cs * 0.05))


def draw_glint(screen: Screen, strokes: Strokes) -> None:
    a, b, c, colour, width = strokes
    screen.line(a, b, colour, width)
    screen.line(b, c, colour, width)


def draw_drops(screen: Screen, lay: vp.Layout, view: Any, s: MexicaState) -> None:
    """Pieces dropping onto the board (every animation but the Pilli's and a founded
    token's, which flies over the panel too: :func:`draw_flights`)."""
    cs = lay.cs
    colours, marks = view.colours, view.marks
    for a in view.anims:
        if a.kind == "pilli" or a.t < a.delay:
            continue
        k = drop_scale(a.progress)
        if a.kind == "canal":
            vp.paint_canal(screen, lay, a.cells, k=k)
            continue
        c = a.cells[0]
        x, y = lay.xy(c)
        if a.kind == "bridge" and c in s.bridges:
            vp.paint_bridge(screen, lay, c, s.bridges[c], k=k)
        elif a.kind == "temple" and c in s.temples:
            _rise(screen, x, y, cs, a.progress, s.temples[c], colours, marks)


def _rise(screen: Screen, x: float, y: float, cs: float, e: float, temple: tuple[int, int],
          colours: list[Any], marks: list[str]) -> None:
    """A temple rising out of the ground: shown from its base up, the top last."""
    owner, level = temple
    shown = 1 - (1 - e) ** 3
    clip = screen.surface.get_clip()
    top = screen.rect(x - cs * 0.2, y + cs * (1 - shown * 1.1), cs * 1.4, cs * 1.2)
    screen.surface.set_clip(top.clip(clip))
    vp.paint_temple(screen, x, y + cs * 0.15 * (1 - shown), cs, level,
                    vp.seat_colour(colours, owner), vp.seat_mark(marks, owner))
    screen.surface.set_clip(clip)


#: steps of the deciding Pilli's breath: its ring grows by a pixel or less from one to the
#: next at 1080p, and between two steps the pawn is not painted again (a third of a
#: millisecond a frame, with its shadow and ring, when it breathed smoothly)
GLOW_STEPS = 12


def pilli_glow(t: float) -> float:
    """How far the deciding Pilli has breathed in at ``t`` (0 to 1, in steps)."""
    return pulse(t, 5.0, GLOW_STEPS)


def draw_pilli(screen: Screen, lay: vp.Layout, view: Any, s: MexicaState, seat: int,
               a: Anim | None) -> None:
    """``seat``'s Pilli: in mid-step or growing while ``a`` moves it, pulsing while its
    seat is to play."""
    cs = lay.cs
    c = s.pilli[seat]
    assert c is not None
    cx, cy = lay.centre(c)
    k = 1.0
    if a is not None:
        e = a.progress
        frm = a.data["from"]
        if frm is None or a.data["verb"] in ("start", "teleport"):
            k = drop_scale(e)
        elif len(a.data.get("path", ())) > 1:  # a boat glides along the water, no hop
            cx, cy = along(lay, a.data["path"], e * e * (3 - 2 * e))
        else:
            fx, fy = lay.centre(frm)
            e = e * e * (3 - 2 * e)
            cx = fx + (cx - fx) * e
            cy = fy + (cy - fy) * e - math.sin(e * math.pi) * cs * 0.25
    glow = 0.0
    if seat == current_seat(s):
        glow = pilli_glow(view.time)
        k *= 1.0 + 0.06 * glow
    vp.paint_pilli(screen, cx, cy, cs, vp.seat_colour(view.colours, seat),
                   vp.seat_mark(view.marks, seat), k, glow)


def current_seat(s: MexicaState) -> int | None:
    """The seat whose Pilli breathes: the one to play or to vote."""
    return s.turn if s.phase in ("play", "vote") else None


def cursor_boxes(lay: vp.Layout, view: Any) -> tuple[BoxSpec, BoxSpec]:
    """The pulsing cursor frame: light when the preview is possible, red when refused;
    its two boxes (the frame, the dark line inside it)."""
    cs = lay.cs
    p = view.preview
    x, y = lay.xy(view.cursor)
    pulse = 0.5 + 0.5 * math.sin(view.time * 6.0)
    w = max(3.0, cs * (0.08 + 0.03 * pulse))
    colour = theme.TEXT if p.ok or not p.ghost else theme.DANGER
    return ((x - w / 2, y - w / 2, cs + w, cs + w, colour, cs * 0.1, w),
            (x + w / 2, y + w / 2, cs - w, cs - w, vp.INK, cs * 0.06, max(1.5, cs * 0.025)))


def draw_cursor(screen: Screen, boxes: tuple[BoxSpec, ...]) -> None:
    for x, y, w, h, colour, radius, width in boxes:
        screen.box(x, y, w, h, colour, radius=radius, width=width)


def draw_pops(screen: Screen, lay: vp.Layout, view: Any) -> None:
    """Points rising from the board and fading."""
    cs = lay.cs
    for pop in view.pops:
        if pop.t < pop.delay:
            continue
        e = (pop.t - pop.delay) / POP_TIME
        cx, cy = lay.centre(pop.cell)
        size = max(30.0, cs * 0.8)
        alpha = 255 if e < 0.6 else max(0, int(255 * (1 - e) / 0.4))
        px, py = screen.px(cx, cy - cs * (0.4 + 1.2 * e))
        for colour, off in ((vp.INK, 2), (pop.colour, 0)):
            img = screen.render(pop.text, theme.readable(size), colour).copy()
            img.set_alpha(alpha)
            screen.surface.blit(img, img.get_rect(center=(px + off, py + off)))


Box = tuple[float, float, float]  # x, y of the top left, side: where a token is painted


def token_flight(progress: float, start: Box, end: Box) -> Box:
    """Where a founded token is ``progress`` (0..1) of the way from its place on the
    display (``start``) to its district's cell (``end``): eased (it sets off and lands
    gently), on an arc, growing or shrinking from the display's size to the board's."""
    e = max(0.0, min(1.0, progress))
    e = e * e * (3 - 2 * e)
    (sx, sy, ss), (ex, ey, es) = start, end
    lift = min(math.hypot(ex - sx, ey - sy) * FLY_ARC, FLY_ARC_MAX) * math.sin(e * math.pi)
    return sx + (ex - sx) * e, sy + (ey - sy) * e - lift, ss + (es - ss) * e


def flights(view: Any, shelf: Any, lay: vp.Layout) -> list[tuple[Anim, Box]]:
    """Each token in flight and where it is now (``shelf``: where the panel painted the
    display this frame, ``lay``: the board's layout)."""
    out = []
    for a in view.anims:
        if a.kind == "token" and a.started:
            x, y, side = shelf.slot(a.data.get("slot", 0))
            # the display's tile is the token's face; the board paints it in a cell
            cell = side / 0.86
            start = (x - (cell - side) / 2, y - (cell - side) / 2, cell)
            end = (*lay.xy(a.cells[0]), lay.cs)
            out.append((a, token_flight(a.progress, start, end)))
    return out


def draw_flights(screen: Screen, view: Any, shelf: Any, lay: vp.Layout,
                 rules: MexicaRules) -> None:
    """Founded tokens flying from the display to their districts, over board and panel."""
    for a, (x, y, side) in flights(view, shelf, lay):
        size = a.data["size"]
        vp.paint_token(screen, x, y, side, size, rules.table.token_info.get(size))
