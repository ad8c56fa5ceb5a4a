"""What decides the pixels of Aztlán's board and side panel, so that the play screen
paints each again only when it changed (``BoardView.keyed``, game.kit.client.damage).

Why from the view's own facts: ``draw`` paints from the model (the game as the viewer
may see it), the decision on screen and what the player points at, and every change of
those goes through ``_sync`` (a new model: the session's version, the game, the viewer,
the decider) or ``_refresh`` (a new ``serial``: the hover, the focus, a selection, a
scoring step's highlight). The keys hold those and the few things drawn beside them
(colours, marks, names), none of it laid out or measured: a key is taken every frame.

What moves by itself makes a key None: a pawn on its way, a burst, a lesson's bobbing
pawn. The cursor's and the ghost's pulse do not: their pixels change only when the
outlines' widths and the ring's radius, in whole pixels, do, so the key holds those and
the board is painted again a few times a second, not sixty.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from game.kit.client import Screen, theme
from variants.aztlan.view import paint as vp
from variants.aztlan.view.facts import flash_steps
from variants.aztlan.view.layout import Layout
from variants.aztlan.view.model import Decision, Model
from variants.aztlan.view.ports import Painter


def board_key(v: Painter, lay: Layout | None, screen: Screen) -> Hashable:
    """What the board's pixels (the map, its pieces and highlights, the cursor and the
    ghost, the score and age tracks) depend on now; None while something moves, or
    before the board was first laid out."""
    m = v.model
    if m is None or lay is None or v.anims or v.fx.active or v.target_cells:
        return None
    return (highlights_key(v), lay.map_rect, v.cursor, v.ghost, _colours(v),
            tuple(v.session.names), _pulse_pixels(v, lay, screen))


def highlights_key(v: Painter) -> Hashable:
    """What the highlights over the map show (``draw.paint_overlay``) besides the pieces
    under them: the model (the pieces, the scores, the decision), a scoring step's
    domains, the decision's targets and territory, a move's source, Eagle & Jaguar, the
    focused scoring option's domains, a Rafts pick. Not the hover, the focus or the
    cursor as such: moving over the map changes none of it, and the layer holding the
    highlights (a copy of the whole map) is then kept."""
    d = v.decision
    option = v.focused_option() if d.kind == "score" else None
    return (v._key, v.highlight_cells, d.kind, d.seat, d.targets, d.territory, v.mode,
            v.source, v.raft, option)


def _pulse_pixels(v: Painter, lay: Layout, screen: Screen) -> tuple[int, ...]:
    """The cursor's outlines and the ghost's ring now, in the whole pixels they are drawn
    with (a circle's radius is ``ln(r)``)."""
    out = list(cursor_pixels(v, lay, screen))
    m = v.model
    ring = ghost_ring(v, lay, m) if m is not None else None
    if ring is not None:
        out.append(screen.ln(ring[2]))
    return tuple(out)


def cursor_pixels(v: Painter, lay: Layout, screen: Screen) -> tuple[int, ...]:
    """The cursor's outlines now, in the whole pixels they are drawn with (an outline of
    width ``w`` is lines of ``ln(w)`` and dots of ``ln(w / 2)``, ``Screen.joined``); none
    when no cursor shows."""
    out: list[int] = []
    if shows_cursor(v):
        for width in cursor_widths(lay, pulse(v)):
            width = max(2.0, width)  # (as paint.outline draws it)
            out += (screen.ln(width), screen.ln(width / 2))
    return tuple(out)


def seat_facts_key(v: Painter) -> Hashable:
    """What the seats' facts on their cards show (``draw.draw_seat_facts``): the model
    (each seat's pawns, cards, who decides), the armies' looks, and a gain rising over a
    card by its step (it was None then: every seat card painted every frame of the rise,
    0.2 ms of a plain late 1080p frame on average)."""
    return (v._key, tuple(v.army_colours), tuple(v.army_marks), flash_steps(v))


def panel_key(v: Painter, spot: bool = True) -> Hashable:
    """What the side panel's pixels depend on: the model it is drawn from (whose secrets
    among them), the decision (the object itself: a new one equal to the old looks the
    same), what is focused, hovered and played, the territory it tells about, and the
    frame in the deciding seat's colour. The hover and the cursor over the map only
    where the panel tells about the territory under them (placing, moving, waiting),
    and not with ``spot`` False: the panel without that territory (``spot_key``)."""
    d = v.decision
    return (v._key, d, v.focus, v.hover_button, v.hover_card, spot and _spot(v), v.mode,
            v.target, _colours(v), tuple(v.session.names), panel_edge(v), panel_rim(d))


def spot_key(v: Painter) -> Hashable:
    """What the panel's lines on the territory pointed at show (``panel.paint_spot``):
    which one, the model (its pawns, the words' language), the armies' looks and names,
    and the panel's stone under them."""
    return (v._key, _spot(v), _colours(v), tuple(v.session.names), panel_edge(v),
            panel_rim(v.decision))


def _spot(v: Painter) -> int | None:
    """The territory the panel tells about: hovered, else the cursor's; placing, moving
    or waiting only."""
    if v.decision.kind not in ("place", "move", "wait"):
        return None
    return v.hover_t if v.hover_t is not None else v.cursor


def _colours(v: Painter) -> tuple[Hashable, ...]:
    return (tuple(v.seat_colours), tuple(v.seat_marks), tuple(v.army_colours),
            tuple(v.army_marks))


def panel_edge(v: Painter) -> tuple[int, int, int]:
    """The side panel's rim: the deciding seat's colour, else the plain stone's."""
    seat = v.decision.seat
    return v.seat_colours[seat] if seat is not None else theme.PANEL_LIGHT


def panel_rim(d: Decision) -> int:
    """The rim's width: wide for a decision made here, narrow for one made elsewhere."""
    return 4 if d.kind != "wait" else 2


def pulse(v: Painter) -> float:
    """The cursor's and the ghost's pulse now, 0 to 1."""
    return 0.5 + 0.5 * math.sin(v.time * 6.0)


def shows_cursor(v: Painter) -> bool:
    """Whether the map's cursor is drawn: in every decision but a card's choice and the
    game's end."""
    return v.decision.kind not in ("choose", "over") and 0 <= v.cursor < len(v.geo.ids)


def cursor_widths(lay: Layout, at: float) -> tuple[float, float]:
    """The widths of the cursor's outlines at pulse ``at``: the ink under, the colour
    over."""
    return (6 + 2 * at) * lay.k, (3 + 2 * at) * lay.k


def ghost_ring(v: Painter, lay: Layout,
               m: Model) -> tuple[tuple[float, float], float, float] | None:
    """Where the pawn a click would add lands (its centre and size) and its pulsing
    ring's radius now; None when no ghost shows."""
    d = v.decision
    t = v.ghost
    if d.kind not in ("place", "move") or d.seat is None or t is None:
        return None
    at, s = vp.stack_position(lay, v.geo, m.board[t], t, m.army(d.seat))
    return at, s, s * (0.62 + 0.08 * pulse(v))

