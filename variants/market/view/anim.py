"""Market animations: tiles sliding into the hole, tokens and coins flying, score pops.

``from_events`` turns an applied action's events into animation records (the view
advances them in ``update``); ``draw_moving`` paints what moves this frame and changes
nothing. Where things fly from and to are *anchors* (a square, a buyer, the bag, the
supply, the king, a seat's label) resolved against the layout when drawing, so a resized
window never leaves a token behind.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.i18n import say
from game.kit.client import Effects, Screen, Timed, theme
from game.modkit import Event
from variants.market.params import COLOURS
from variants.market.text import _
from variants.market.view import paint as vp
from variants.market.view import tiles as vt
from variants.market.view.layout import Layout

SLIDE_TIME = 0.3
FLY_TIME = 0.55
STAGGER = 0.07
POP_TIME = 1.6
MAX_FLYING = 6  # tokens drawn per flight; more would only be a blur

Anchor = tuple[Any, ...]


@dataclass
class Anim(Timed):
    kind: str  # slide, token, coin, pop
    src: Anchor
    dst: Anchor
    dur: float
    delay: float = 0.0
    t: float = 0.0
    tile: str = ""  # slide: the tile; token: its colour; pop: its text
    colour: Any = None


def from_events(rules: Any, state: Any, events: list[Event]) -> list[Anim]:
    """Animations for the events of one applied action (``state`` is after it)."""
    index = rules.table.geo.index
    sides = rules.table.sides
    out: list[Anim] = []
    kept_coin = any(e.kind == "ambassador" for e in events)
    delay = 0.0
    for e in events:
        d = e.data or {}
        seat = e.seat
        side = sides[seat] if isinstance(seat, int) and 0 <= seat < len(sides) else None
        if e.kind == "shift" and d.get("from") in index and d.get("to") in index:
            out += _shift(index, d, side)
        elif e.kind == "draw":
            out += _draw(state, d)
        elif e.kind == "buy" and side and d.get("vendor") in index:
            out += _buy(index, d, side, kept_coin)
            delay = FLY_TIME * 0.8
        elif e.kind == "porter" and d.get("square") in index:
            colour = str(d.get("colour"))
            if colour in state.market:
                out.append(Anim("token", ("sq", index[d["square"]]),
                                ("sq", state.market.index(colour)), FLY_TIME, delay=delay,
                                tile=colour))
                delay += STAGGER * 2
        elif e.kind == "governor" and d.get("square") in index:
            out.append(Anim("token", ("sq", index[d["square"]]), ("king",), FLY_TIME,
                            delay=delay, tile=str(d.get("colour"))))
            delay += STAGGER * 2
        elif e.kind == "ambassador" and side:
            out.append(Anim("pop", ("buyer", side, int(d.get("buyer", 1)) - 1), (),
                            POP_TIME, delay=FLY_TIME * 0.6,
                            tile=say(_("coin kept!", context="pop"))))
        elif e.kind == "king" and d.get("square") in index:
            out.append(Anim("token", ("sq", index[d["square"]]), ("king",), FLY_TIME,
                            tile=str(d.get("colour"))))
        elif e.kind == "coin" and side:
            out.append(Anim("coin", ("supply",), ("buyer", side, int(d.get("buyer", 1)) - 1),
                            FLY_TIME))
    return out


def _shift(index: dict[str, int], d: dict[str, Any], side: str | None) -> list[Anim]:
    """A tile slides into the hole; a paid move's coin flies to the supply."""
    out = [Anim("slide", ("sq", index[d["from"]]), ("sq", index[d["to"]]), SLIDE_TIME,
                tile=str(d.get("tile", "")))]
    if d.get("paid_by") and side:
        out.append(Anim("coin", ("buyer", side, int(d["paid_by"]) - 1), ("supply",),
                        FLY_TIME))
    return out


def _draw(state: Any, d: dict[str, Any]) -> list[Anim]:
    """The drawn tokens fly from the bag to their vendors, one after another."""
    out: list[Anim] = []
    drawn = d.get("drawn") or {}
    for colour in COLOURS:
        if colour not in state.market:
            continue
        for _token in range(int(drawn.get(colour, 0))):
            out.append(Anim("token", ("bag",), ("sq", state.market.index(colour)), FLY_TIME,
                            delay=len(out) * STAGGER * 2, tile=colour))
    return out


def _buy(index: dict[str, int], d: dict[str, Any], side: str, kept_coin: bool) -> list[Anim]:
    """The bought tokens fly from the vendor to the buyer, then its coin to the supply."""
    vendor = index[d["vendor"]]
    colour = str(d.get("colour"))
    buyer = ("buyer", side, int(d.get("buyer", 1)) - 1)
    out = [Anim("token", ("sq", vendor), buyer, FLY_TIME, delay=i * STAGGER, tile=colour)
           for i in range(min(MAX_FLYING, int(d.get("taken", 0))))]
    if not kept_coin:
        out.append(Anim("coin", buyer, ("supply",), FLY_TIME, delay=FLY_TIME * 0.8))
    return out


def score_pops(rules: Any, before: list[int], after: list[int],
               colours: list[Any]) -> list[Anim]:
    """"+N" over the name of every seat whose (team) score went up."""
    out = []
    for seat, side in enumerate(rules.table.sides):
        if seat < len(before) and seat < len(after) and after[seat] > before[seat]:
            colour = colours[seat] if seat < len(colours) else None
            out.append(Anim("pop", ("label", side), (), POP_TIME, delay=FLY_TIME,
                            tile=f"+{after[seat] - before[seat]}", colour=colour))
    return out


GOLD = (255, 206, 60)


def bursts(fx: Effects, rules: Any, events: list[Event], colours: list[Any]) -> None:
    """Bursts a player notices: goods landing with the buyer (in the goods' colour),
    a token reaching the king (gold), the game's final scoring over each side."""
    sides = rules.table.sides
    for e in events:
        d = e.data or {}
        seat = e.seat
        side = sides[seat] if isinstance(seat, int) and 0 <= seat < len(sides) else None
        if e.kind == "buy" and side:
            colour = vp.COMMODITY.get(str(d.get("colour")), GOLD)
            fx.burst(("buyer", side, int(d.get("buyer", 1)) - 1), _bright(colour), count=30,
                     ring=110, delay=FLY_TIME)
        elif e.kind in ("king", "governor"):
            fx.burst(("king",), GOLD, count=20, ring=90, delay=FLY_TIME)
        elif e.kind == "game_over":
            for i, s in enumerate(sides):
                colour = colours[i] if i < len(colours) else GOLD
                fx.burst(("label", s), colour, count=36, ring=140, delay=0.25 * i)


def _bright(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black goods burst in grey, so the sparks show on the dark mat."""
    return colour if sum(colour) > 200 else (170, 170, 184)


def hidden(anims: list[Anim]) -> tuple[frozenset[int], frozenset[tuple[str, int]]]:
    """Squares whose tile is still sliding in, buyers whose goods are still in flight."""
    squares = frozenset(a.dst[1] for a in anims if a.kind == "slide" and not a.done)
    buyers = frozenset((a.dst[1], a.dst[2]) for a in anims
                       if a.kind == "token" and a.dst[0] == "buyer" and not a.done)
    return squares, buyers


def resolve(lay: Layout, state: Any, anchor: Anchor) -> tuple[float, float]:
    kind = anchor[0] if anchor else ""
    if kind == "sq":
        return lay.centre(anchor[1])
    if kind == "buyer":
        return lay.buyer_centre(anchor[1], anchor[2])
    if kind == "bag":
        return lay.bag_point()
    if kind == "supply":
        return lay.supply_point()
    if kind == "king":
        if "king" in state.market:
            return lay.centre(state.market.index("king"))
        return lay.bag_point()
    if kind == "label":
        x, y, w, h = lay.label_rect(anchor[1])
        return x + w / 2, y + h / 2
    gx, gy, gw, gh = lay.grid
    return gx + gw / 2, gy + gh / 2


#: the order kinds of motion are painted in: sliding tiles, then what flies, then pops
ORDER = {"slide": 0, "token": 1, "coin": 1, "pop": 2}


def draw_moving(screen: Screen, lay: Layout, anims: list[Anim], state: Any) -> None:
    """Every started motion, tiles first, then tokens and coins, then the pops."""
    for a in in_order(anims):
        paint_anim(screen, lay, a, state)


def in_order(anims: list[Anim]) -> list[Anim]:
    """The started motions in painting order (:data:`ORDER`, then as they came)."""
    return sorted((a for a in anims if a.started and a.kind in ORDER),
                  key=lambda a: ORDER[a.kind])


def _slide_at(lay: Layout, state: Any, a: Anim) -> tuple[float, float, float]:
    """A sliding tile's top left now, and how far it is lifted."""
    e = a.progress
    e = e * e * (3 - 2 * e)
    fx, fy = resolve(lay, state, a.src)
    tx, ty = resolve(lay, state, a.dst)
    cs = lay.cs
    return fx + (tx - fx) * e - cs / 2, fy + (ty - fy) * e - cs / 2, 1.0 - abs(2 * e - 1) * 0.5


def _flight_at(lay: Layout, state: Any, a: Anim) -> tuple[float, float, float]:
    """A token's or a coin's centre and radius now, on its arc."""
    e = a.progress
    e = 1 - (1 - e) ** 2
    fx, fy = resolve(lay, state, a.src)
    tx, ty = resolve(lay, state, a.dst)
    cs = lay.cs
    dist = math.hypot(tx - fx, ty - fy)
    x = fx + (tx - fx) * e
    y = fy + (ty - fy) * e - math.sin(e * math.pi) * min(cs * 0.8, dist * 0.3)
    return x, y, cs * 0.13 * (1.0 + 0.25 * math.sin(e * math.pi))


def _pop_at(lay: Layout, state: Any, a: Anim) -> tuple[float, float, float, int]:
    """A pop's centre, text size and opacity now."""
    e = (a.t - a.delay) / a.dur
    cx, cy = resolve(lay, state, a.src)
    cs = lay.cs
    size = max(26.0, cs * (0.5 if a.tile.startswith("+") else 0.3))
    alpha = 255 if e < 0.6 else max(0, int(255 * (1 - e) / 0.4))
    return cx, cy - cs * (0.2 + 0.7 * e), size, alpha


def now_at(lay: Layout, a: Anim, state: Any) -> tuple[float, ...]:
    """Where ``a`` is now: a sliding tile's top left and lift, a flight's centre and
    radius, a pop's centre, size and opacity. Worked out once a frame for its part's
    bounds and its painting alike (a rising pop's anchor is a seat's label, laid out
    anew for each)."""
    if a.kind == "slide":
        return _slide_at(lay, state, a)
    if a.kind in ("token", "coin"):
        return _flight_at(lay, state, a)
    return _pop_at(lay, state, a)


def paint_anim(screen: Screen, lay: Layout, a: Anim, state: Any,
               at: tuple[float, ...] | None = None) -> None:
    """One started motion as it is now (``at``: :func:`now_at`, if worked out)."""
    cs = lay.cs
    where = at if at is not None else now_at(lay, a, state)
    if a.kind == "slide":
        x, y, lift = where
        vt.paint_tile(screen, x, y, cs, a.tile, state, "", lift=lift)
    elif a.kind in ("token", "coin"):
        x, y, r = where
        if a.kind == "token" and a.tile in vp.COMMODITY:
            vp.token(screen, a.tile, x, y, r)
        else:
            vp.coin(screen, x, y, r)
    elif a.kind == "pop":
        cx, cy, size, alpha = where
        px, py = screen.px(cx, cy)
        colour = a.colour or vp.COIN
        for c, off in ((vp.INK, 2), (colour, 0)):
            img = screen.render(a.tile, theme.readable(size), c).copy()
            img.set_alpha(int(alpha))
            screen.surface.blit(img, img.get_rect(center=(px + off, py + off)))


def anim_rect(screen: Screen, lay: Layout, a: Anim, state: Any,
              at: tuple[float, ...] | None = None) -> tuple[float, float, float, float]:
    """The logical rectangle :func:`paint_anim` paints ``a`` in now (a frame painted in
    parts repaints where it was and where it is, not its whole way; ``at``:
    :func:`now_at`, if worked out)."""
    cs = lay.cs
    where = at if at is not None else now_at(lay, a, state)
    if a.kind == "slide":  # the tile, its raised shadow and outline
        x, y, _lift = where
        return x - cs * 0.05 - 3, y - cs * 0.05 - 3, cs * 1.15 + 6, cs * 1.17 + 6
    if a.kind in ("token", "coin"):
        x, y, r = where
        reach = r + max(1.5, r * 0.14) + 3
        return x - reach, y - reach, 2 * reach, 2 * reach
    cx, cy, size, _alpha = where  # its words and their shadow, 2 px on
    w, h = screen.render(a.tile, theme.readable(size), vp.INK).get_size()
    k = screen.scale
    return cx - (w / 2 + 2) / k, cy - (h / 2 + 2) / k, (w + 6) / k, (h + 6) / k
