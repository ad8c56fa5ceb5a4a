"""Aztlán's board view for the pygame-ce client: the island, the decisions, the input.

The board area holds the map (the YAML polygons scaled to fit, every type with its own
fill, pattern and icon), the score track under it (counters on one score piled in stack
order) and, at the right, the age track and the decision at hand: the power cards to
choose from, the powers of a conflict side by side with Battle / Coexist, Sacred Games or
Great Tlatoani for the player asked out of turn, the scoring options with their points.

Secrets: everything drawn comes from :class:`~variants.aztlan.view_model.Model`, built from
``game.view(viewer)`` where the viewer is the deciding seat (a person; the shell shows the
"Pass to" screen whenever that seat changes) or nobody (``view(None)``, a spectator), never
from the live state. Other players' chosen cards and prosperity cards are not in it.

Input: the mouse hovers and clicks territories, cards and buttons; arrows move a territory
cursor (or the card / option focus), Tab steps through the useful territories or options,
Enter acts, digits pick a card by its number or the n-th option, E ends a move step (no
move) or scores, R toggles Eagle & Jaguar. ``status`` always says what a click or Enter
would do, or the engine's reason why not.

Drawing never changes state: the island, the pawns and the highlights are painted into
three cached layers (the map; the pieces, keyed on ``session.version``; the highlights,
keyed on every hover or focus change); a frame blits them and adds the cursor and the
animations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.events import Event
from game.ui import theme
from game.ui.anim import Anim  # kinds: drop, slide, pop, domain, banner
from game.ui.boardview import Area, BoardView
from game.ui.input import Intent
from game.ui.layers import Layer
from game.ui.screen import Screen
from variants.aztlan import view_paint as vp
from variants.aztlan.view_layout import Layout, MapGeometry, make_layout
from variants.aztlan.view_model import Decision, Model, Option, decide
from variants.aztlan.view_panel import (
    ColumnLayout,
    column_layout,
    hit,
    paint_column,
    paint_panel,
)

POP_TIME = 1.6
DROP_TIME = 0.35
SLIDE_TIME = 0.4
DOMAIN_TIME = 0.9
MAP_KINDS = ("place", "move", "wait", "over")  # Enter acts on the map cursor


@dataclass
class Plan:
    """What a click on a territory would do: an action, a selection change, and why."""

    action: str | None = None
    effect: tuple[str, Any] | None = None
    status: str = ""


class AztlanView(BoardView):
    tools: tuple[str, ...] = ()
    scoring_overlay = True  # each player's "score" event opens the overlay, domain by domain
    shortcuts = (("Arrows", "Territory / option"), ("Tab", "Next"), ("Enter", "Act"),
                 ("1-9", "Card / option"), ("R", "Eagle & Jaguar"), ("Right click", "Cancel"))

    def __init__(self, session: Any, app: Any) -> None:
        super().__init__(session, app)
        rules = session.game.rules
        self.geo = MapGeometry(rules.params["map"])
        self.cursor: int = 0
        self.hover_t: int | None = None
        self.hover_button: int | None = None
        self.hover_card: int | None = None
        self.focus = 0
        self.mode: str | None = None  # "eagle": map clicks place the extra pawn
        self.source: int | None = None  # the territory a move starts from
        self.raft: int | None = None  # the first shore territory picked for Rafts
        self.conflict_t: int | None = None
        self.highlight_cells: frozenset[int] = frozenset()
        self.ghost: int | None = None  # where the pawn a click would add lands
        self.time = 0.0
        self.anims: list[Anim] = []
        self.panel_flash: dict[int, tuple[str, float]] = {}
        self.model: Model | None = None
        self.decision: Decision = Decision("wait", None, "")
        self._key: Any = None
        self._serial = 0
        self._static = Layer()
        self._pieces = Layer()
        self._over = Layer()
        self._sync()

    # =====================================================================================
    # who sees what
    # =====================================================================================
    def viewer(self) -> int | None:
        """The seat whose secrets may show: the deciding seat if a person plays it and
        the screen has been passed to them."""
        if getattr(self.session, "handover", None) is not None:
            return None
        seat = self.session.game.current_player
        if seat is None or not self._person(seat):
            return None
        return seat

    def _person(self, seat: int) -> bool:
        """False for a seat a computer player holds (if the session says so)."""
        check = getattr(self.session, "is_bot", None)
        if callable(check):
            return not check(seat)
        bots = getattr(self.session, "bots", None)
        if isinstance(bots, dict):
            return bots.get(seat) in (None, "", "human")
        if isinstance(bots, (list, tuple, set, frozenset)):
            if isinstance(bots, (list, tuple)) and len(bots) == self.session.game.players \
                    and not all(isinstance(b, int) for b in bots):
                return bots[seat] in (None, "", "human")
            return seat not in bots
        return True

    @property
    def seat_colours(self) -> list[tuple[int, int, int]]:
        chosen = getattr(self.session, "colours", None)
        if chosen:
            return list(chosen)
        return [theme.player_colour("okabe-ito", i) for i in range(self.session.game.players)]

    @property
    def seat_marks(self) -> list[str]:
        chosen = getattr(self.session, "marks", None)
        if chosen:
            return list(chosen)
        return [theme.MARKS[i % len(theme.MARKS)] for i in range(self.session.game.players)]

    @property
    def army_colours(self) -> list[tuple[int, int, int]]:
        rules = self.session.game.rules
        if not rules.factions:
            return self.seat_colours
        palette = getattr(self.session, "palette", "okabe-ito")
        return [theme.player_colour(palette, 4 + a) for a in range(rules.armies)]

    @property
    def army_marks(self) -> list[str]:
        rules = self.session.game.rules
        if not rules.factions:
            return self.seat_marks
        return [theme.MARKS[(4 + a) % len(theme.MARKS)] for a in range(rules.armies)]

    def army_name(self, army: int) -> str:
        m = self.model
        rules = self.session.game.rules
        if m is None or not rules.factions:
            return self.session.name(army)
        return f"{rules.army_names[army]} ({self.session.name(m.commander(army))})"

    # =====================================================================================
    # state upkeep (never from draw)
    # =====================================================================================
    def _sync(self) -> None:
        viewer = self.viewer()
        key = (self.session.version, id(self.session.game), viewer)
        if key == self._key:
            return
        old = self.decision
        self._key = key
        self.model = Model(self.session.game, viewer, self.session.version)
        self._decide()
        d = self.decision
        if (d.kind, d.seat) != (old.kind, old.seat):
            self.focus = 0
            self.mode = None
            self.source = None
            self.raft = None
            if d.targets and self.cursor not in d.targets:
                self.cursor = d.targets[0]
        if d.kind == "choose" and self.model.hand:
            self.focus = min(self.focus, len(d.options) - 1)
        if self.source is not None and (d.kind != "move" or self.source not in d.targets):
            self.source = None
        if self.mode == "eagle" and not any(o.mode == "eagle" for o in d.options):
            self.mode = None
        if d.territory is not None and d.kind in ("conflict", "sacred", "tlatoani"):
            self.cursor = d.territory
        self._refresh()

    def _decide(self) -> None:
        m = self.model
        assert m is not None
        legal = self.session.legal() if m.viewer is not None else []
        self.decision = decide(m, legal, self.session.name, self.conflict_t)
        n = len(self.decision.options)
        self.focus = max(0, min(self.focus, n - 1)) if n else 0

    def _refresh(self) -> None:
        """Recompute the status line, the hover preview, and repaint the highlights on
        the next frame."""
        self._serial += 1
        self.status = self._status()
        self.ghost = None
        d = self.decision
        if d.kind in ("place", "move") and d.seat is not None:
            t = self.hover_t if self.hover_t is not None else self.cursor
            if 0 <= t < len(self.geo.ids) and self._plan(t).action:
                self.ghost = t

    @property
    def kb_focus(self) -> bool:
        """Whether Enter acts on the focused option (else on the map cursor)."""
        return self.decision.kind not in MAP_KINDS

    def focused_option(self) -> Option | None:
        d = self.decision
        if self.hover_button is not None and self.hover_button < len(d.options):
            return d.options[self.hover_button]
        if d.options and 0 <= self.focus < len(d.options):
            return d.options[self.focus]
        return None

    # =====================================================================================
    # what a click or Enter would do
    # =====================================================================================
    def _why(self, action: str) -> str:
        """The engine's reason for refusing ``action`` (its ``why_not``)."""
        if self.model is None or self.model.viewer is None:
            return "not your decision"
        return self.session.game.why_not(action) or ""

    def _plan(self, t: int) -> Plan:
        m, d = self.model, self.decision
        assert m is not None
        ids = m.island.ids
        here = m.label(t)
        legal = self.session.is_legal
        if d.kind == "place":
            a = f"place {ids[t]}"
            if legal(a):
                left = m.supply[m.army(d.seat)] if d.seat is not None else 0
                return Plan(a, None, f"Click or Enter: place a pawn in {here} "
                            f"({m.type_name(m.island.types[t])}) · {left} left")
            return Plan(None, None, self._why(a))
        if d.kind == "move":
            army = m.army(d.seat) if d.seat is not None else 0
            if self.mode == "eagle":
                a = f"eagle {ids[t]}"
                if legal(a):
                    return Plan(a, None, f"Click: Eagle & Jaguar warriors, an extra pawn "
                                f"in {here}")
                return Plan(None, None, self._why(a))
            if self.source is None:
                if m.board[t][army]:
                    return Plan(None, ("source", t), f"Click: move a pawn from {here}, then "
                                "pick a neighbour · E: no move")
                return Plan(None, None, f"No pawn of yours in {here}: pick one of your "
                            "territories, or E for no move")
            src = self.source
            if t == src:
                return Plan(None, ("source", None), f"Click: keep the pawn in {here} "
                            "(cancel the move)")
            a = f"move {ids[src]} {ids[t]}"
            if legal(a):
                return Plan(a, None, f"Click: move a pawn from {ids[src]} to {here}")
            if m.board[t][army]:
                return Plan(None, ("source", t), f"Click: move from {here} instead")
            return Plan(None, None, self._why(a))
        if d.kind == "conflict":
            if t in d.targets:
                if t == d.territory:
                    return Plan(None, None, f"{self._powers(t)}: 1 Battle, 2 Coexist")
                return Plan(None, ("conflict", t), f"Click: decide the conflict in {here}")
            return Plan(None, None, self._info(t))
        if d.kind == "score" and any(o.action and o.action.startswith("rafts ")
                                     for o in d.options):
            return self._raft_plan(t)
        return Plan(None, None, self._info(t))

    def _raft_plan(self, t: int) -> Plan:
        m = self.model
        assert m is not None
        ids = m.island.ids
        here = m.label(t)
        if self.raft is None:
            if any(o.action and ids[t] in o.action.split()[1:] for o in self.decision.options
                   if o.action and o.action.startswith("rafts ")):
                return Plan(None, ("raft", t), f"Click: Rafts and Canoes from {here}, then "
                            "the other shore")
            return Plan(None, None, self._info(t))
        if t == self.raft:
            return Plan(None, ("raft", None), "Click: cancel the Rafts and Canoes pick")
        a = " ".join(["rafts", *sorted((ids[self.raft], ids[t]),
                                       key=lambda x: m.island.index[x])])
        if self.session.is_legal(a):
            return Plan(a, None, f"Click: Rafts and Canoes join {ids[self.raft]} and {here}")
        return Plan(None, None, self._why(a))

    def _powers(self, t: int) -> str:
        m = self.model
        assert m is not None
        o = m.outcome(t)
        parts = []
        for army, n in enumerate(m.board[t]):
            if not n:
                continue
            seat = m.commander(army)
            card = m.chosen[seat]
            power = f"{card}×{n}={o.power[army]}" if o is not None else f"{n} pawns"
            parts.append(f"{self.session.name(seat)} {power}")
        return f"{m.island.ids[t]}: " + " vs ".join(parts)

    def _info(self, t: int) -> str:
        m = self.model
        assert m is not None
        text = f"{m.label(t)} · {m.type_name(m.island.types[t])}"
        present = [(a, n) for a, n in enumerate(m.board[t]) if n]
        if len(present) >= 2 and m.outcome(t) is not None:
            text = self._powers(t) + f" · {m.island.names[t]}"
            if t in m.resolved:
                text += " (settled)"
        elif present:
            text += " · " + ", ".join(f"{self.army_name(a)} {n}" for a, n in present)
        else:
            text += " · empty"
        if self.decision.kind == "score" and self.decision.seat is not None:
            opt = self.focused_option()
            if opt is not None and opt.kind:
                for dm in m.domains(self.decision.seat, opt.kind, opt.links):
                    if t in dm.cells:
                        text += (f" · domain of {len(dm.cells)}: {len(dm.cells)} + "
                                 f"{dm.matching}² = {dm.points}")
        return text

    def _status(self) -> str:
        m, d = self.model, self.decision
        if m is None:
            return ""
        if d.kind == "choose":
            i = self.hover_card if self.hover_card is not None else self.focus
            if 0 <= i < len(d.options):
                card = int(d.options[i].action.split()[1])  # type: ignore[union-attr]
                kind = m.card_type(card)
                what = "wild: pick the type at scoring" if kind == "wild" else \
                    f"{m.type_name(kind)} scores extra"
                verb = "Click" if self.hover_card is not None else "Enter"
                return (f"{verb}: choose power card {card} ({what}; "
                        f"{m.cards.power_value[card]} pts if never played)")
            return d.title
        if self.hover_button is not None and self.hover_button < len(d.options):
            return "Click: " + self._say(d.options[self.hover_button])
        t = self.hover_t if self.hover_t is not None else None
        if t is not None:
            return self._plan(t).status
        if d.kind in MAP_KINDS:
            if d.kind in ("place", "move"):
                return self._plan(self.cursor).status
            if d.kind == "wait":
                return f"{d.title}: {d.prompt}" if d.prompt else d.title
            return d.title
        opt = self.focused_option()
        if opt is not None:
            return "Enter: " + self._say(opt)
        return d.title

    def _say(self, opt: Option) -> str:
        if opt.mode == "eagle":
            if self.mode == "eagle":
                return "stop placing the Eagle & Jaguar pawn"
            return "play Eagle & Jaguar Warriors, then click where the extra pawn goes"
        text = opt.label
        if opt.detail:
            text += f" ({opt.detail})"
        return text

    # =====================================================================================
    # input
    # =====================================================================================
    def handle(self, intent: Intent, area: Area) -> str | None:
        self._sync()
        kind = intent.kind
        d = self.decision
        lay = make_layout(area, self.geo)
        col = column_layout(lay.column, d)
        if kind in ("point", "click", "rclick") and intent.pos is not None:
            return self._pointer(kind, intent.pos, lay, col)
        if kind in ("up", "down", "left", "right"):
            self._arrow(kind)
            return None
        if kind in ("tab", "tab_back"):
            self._tab(1 if kind == "tab" else -1)
            return None
        if kind == "scroll":
            if d.kind not in MAP_KINDS:
                self._step_focus(-1 if (intent.value or 0) > 0 else 1)
            return None
        if kind == "confirm":
            return self._confirm()
        if kind == "digit" and isinstance(intent.value, int):
            return self._digit(intent.value)
        if kind == "end":
            return self._end()
        if kind == "rotate":
            if d.kind == "move" and any(o.mode == "eagle" for o in d.options):
                return self._activate(next(o for o in d.options if o.mode == "eagle"))
            self.status = "R toggles Eagle & Jaguar Warriors, when you may play one"
            return None
        return None

    def _pointer(self, kind: str, pos: tuple[float, float], lay: Layout,
                 col: ColumnLayout) -> str | None:
        d = self.decision
        button = next((i for i, (r, _o) in enumerate(col.buttons) if hit(r, pos)), None)
        card = next((i for i, (r, _o) in enumerate(col.cards) if hit(r, pos)), None)
        mx, my = lay.to_map(pos)
        t = self.geo.territory_at(mx, my) if button is None and card is None else None
        changed = (button, card, t) != (self.hover_button, self.hover_card, self.hover_t)
        self.hover_button, self.hover_card, self.hover_t = button, card, t
        if t is not None and t != self.cursor:
            self.cursor = t
            changed = True
        if card is not None and d.kind == "choose" and self.focus != card:
            self.focus = card
            changed = True
        if changed:
            self._refresh()
        if kind == "rclick":
            return self._cancel()
        if kind != "click":
            return None
        if button is not None:
            self.focus = button
            return self._activate(col.buttons[button][1])
        if card is not None:
            return self._activate(col.cards[card][1])
        if t is not None:
            return self._click_territory(t)
        return None

    def _cancel(self) -> None:
        if self.source is not None or self.mode is not None or self.raft is not None:
            self.source = self.mode = self.raft = None
            self._refresh()
        return None

    def _click_territory(self, t: int) -> str | None:
        plan = self._plan(t)
        if plan.effect is not None:
            what, value = plan.effect
            if what == "source":
                self.source = value
            elif what == "raft":
                self.raft = value
            elif what == "conflict":
                self.conflict_t = value
                self._decide()
                self.cursor = value
            self._refresh()
            return None
        if plan.action:
            return plan.action
        self.status = plan.status
        return None

    def _activate(self, opt: Option) -> str | None:
        if opt.mode is not None:
            self.mode = None if self.mode == opt.mode else opt.mode
            self.source = None
            self._refresh()
            return None
        if opt.action and self.session.is_legal(opt.action):
            return opt.action
        if opt.action:
            self.status = self._why(opt.action) or "not possible now"
        return None

    def _arrow(self, direction: str) -> None:
        d = self.decision
        if d.kind == "choose":
            step = {"left": -1, "right": 1, "up": -2, "down": 2}[direction]
            n = len(d.options)
            if n:
                self.focus = max(0, min(n - 1, self.focus + step))
            self.hover_card = None
            self._refresh()
            return
        if d.kind not in MAP_KINDS:
            self._step_focus(-1 if direction in ("up", "left") else 1)
            return
        nxt = self.geo.nav[self.cursor].get(direction)
        if nxt is not None:
            self.cursor = nxt
        self.hover_t = None
        self._refresh()

    def _step_focus(self, step: int) -> None:
        n = len(self.decision.options)
        if n:
            self.focus = (self.focus + step) % n
        self.hover_button = None
        self._refresh()

    def _tab(self, step: int) -> None:
        d = self.decision
        if d.kind == "conflict" and len(d.targets) > 1:
            cur = d.targets.index(d.territory) if d.territory in d.targets else 0
            self.conflict_t = d.targets[(cur + step) % len(d.targets)]
            self._decide()
            self.cursor = self.conflict_t
            self._refresh()
            return
        if d.kind not in MAP_KINDS or d.kind == "choose":
            self._step_focus(step)
            return
        targets: tuple[int, ...] = d.targets or tuple(range(self.geo_size))
        if d.kind == "move" and self.source is not None:
            m = self.model
            assert m is not None
            targets = tuple(m.island.nbrs[self.source])
        if d.kind == "move" and self.mode == "eagle":
            targets = tuple(range(self.geo_size))
        if self.cursor in targets:
            i = (targets.index(self.cursor) + step) % len(targets)
        else:
            i = 0 if step > 0 else len(targets) - 1
        self.cursor = targets[i]
        self.hover_t = None
        self._refresh()

    @property
    def geo_size(self) -> int:
        return len(self.geo.ids)

    def _confirm(self) -> str | None:
        d = self.decision
        if d.kind in ("place", "move"):
            return self._click_territory(self.cursor)
        if d.kind in MAP_KINDS:
            return None
        opt = self.focused_option() if self.hover_button is None else \
            d.options[self.focus] if d.options else None
        if opt is None:
            return None
        return self._activate(opt)

    def _digit(self, n: int) -> str | None:
        d = self.decision
        if d.kind == "choose":
            i = next((i for i, o in enumerate(d.options) if o.action == f"choose {n}"), None)
            if i is None:
                m = self.model
                hand = ", ".join(str(c) for c in (m.hand if m else []))
                self.status = f"Power card {n} is not in your hand ({hand})"
                return None
            if self.focus == i and self.hover_card is None:
                return self._activate(d.options[i])
            self.focus, self.hover_card = i, None
            self._refresh()
            self.status = f"{n} again or Enter: " + self.status.split(": ", 1)[-1]
            return None
        if 1 <= n <= len(d.options):
            self.focus = n - 1
            self.hover_button = None
            return self._activate(d.options[n - 1])
        return None

    def _end(self) -> str | None:
        d = self.decision
        for opt in d.options:
            if opt.action in ("stay", "score"):
                return self._activate(opt)
        if d.kind == "score":
            self.status = "The wild card needs a type: pick one of the Wild options"
        return None

    def refused(self, action: str, reason: str) -> None:
        self.status = reason

    def on_reset(self) -> None:
        self.anims.clear()
        self.panel_flash = {}
        self.source = self.mode = self.raft = None
        self.highlight_cells = frozenset()
        self._key = None
        self._static.key = self._pieces.key = self._over.key = None
        self._sync()

    # =====================================================================================
    # animation
    # =====================================================================================
    def on_events(self, action: str, events: list[Event]) -> None:
        idx = self.session.game.rules.island.index
        delay = 0.0
        for e in events:
            if not e.visible(None):
                continue  # private (a chosen card, a drawn card): nothing to animate
            data = e.data or {}
            if e.kind in ("place", "eagle") and data.get("territory") in idx:
                self.anims.append(Anim("drop", (idx[data["territory"]],), DROP_TIME,
                                       data={"army": data.get("army", 0)}))
            elif e.kind == "move" and data.get("to") in idx and data.get("from") in idx:
                self.anims.append(Anim("slide", (idx[data["from"]], idx[data["to"]]),
                                       SLIDE_TIME, data={"army": data.get("army", 0)}))
            elif e.kind == "removed" and data.get("territory") in idx:
                self.anims.append(Anim("pop", (idx[data["territory"]],), POP_TIME, delay,
                                       data={"text": f"-{data.get('count', 1)}",
                                             "colour": theme.DANGER}))
            elif e.kind in ("coexist", "tie", "battle", "sacred", "tlatoani") and \
                    data.get("territory") in idx:
                word = {"coexist": "Coexist", "tie": "Tie", "battle": "Battle!",
                        "sacred": "Sacred Games", "tlatoani": "Tlatoani"}[e.kind]
                self.anims.append(Anim("pop", (idx[data["territory"]],), POP_TIME, delay,
                                       data={"text": word, "colour": theme.ACCENT}))
            elif e.kind == "score" and e.seat is not None:
                # the army that scored (in Aztec Gods, control swaps right after)
                army = self.model.army(e.seat) if self.model is not None else e.seat
                for dm in data.get("domains", []):
                    if not dm.get("points"):
                        continue
                    cells = tuple(idx[c] for c in dm.get("territories", []) if c in idx)
                    n = len(cells)
                    self.anims.append(Anim("domain", cells, DOMAIN_TIME, delay, data={
                        "text": f"+{dm['points']}", "detail": f"{n}+{dm['matching']}²",
                        "army": army}))
                    delay += DOMAIN_TIME * 0.8
                if e.points:
                    self.panel_flash[e.seat] = (f"+{e.points}", 0.0)
            elif e.kind == "reveal":
                self.anims.append(Anim("banner", (), POP_TIME, data={
                    "text": "Power cards revealed"}))
            elif e.kind == "draw" and e.seat is not None:
                self.panel_flash[e.seat] = ("+1 card", 0.0)
        self._sync()

    def _hidden_by_shell(self) -> bool:
        """Whether the play screen is covering the board (the "Pass to" screen): the
        animations then wait, so the next player sees the last scoring."""
        stack = getattr(self.app, "stack", None)
        top = getattr(stack, "top", None)
        return getattr(top, "privacy", None) is not None

    def update(self, dt: float) -> None:
        self.time += dt
        if self._hidden_by_shell():
            self._sync()
            return
        for a in self.anims:
            a.t += dt
        self.anims = [a for a in self.anims if not a.done]
        self.panel_flash = {s: (text, t + dt) for s, (text, t) in self.panel_flash.items()
                            if t + dt < POP_TIME}
        self._sync()

    # =====================================================================================
    # the scoring overlay and the results screen
    # =====================================================================================
    def scoring_steps(self, events: list[Event]) -> list[dict[str, Any]]:
        """One step per scoring domain of every "score" event, then any blessings."""
        steps: list[dict[str, Any]] = []
        for e in events:
            if e.kind != "score" or e.seat is None:
                continue
            who = self.session.name(e.seat)
            for dm in (e.data or {}).get("domains", []):
                if not dm.get("points"):
                    continue
                cells = list(dm.get("territories", []))
                n = len(cells)
                steps.append({"title": f"{who}: {n} territories, {dm['matching']} matching",
                              "event": e, "kind": "bonus", "cells": cells,
                              "lines": [f"{n} + {dm['matching']}² = {dm['points']}"],
                              "points": {e.seat: dm["points"]}})
            bonus = (e.data or {}).get("bonus", 0)
            if bonus:
                steps.append({"title": f"{who}: blessings", "event": e, "kind": "bonus",
                              "cells": [], "lines": [f"+{bonus}"],
                              "points": {e.seat: bonus}})
        return steps

    def highlight(self, step: dict[str, Any] | None) -> None:
        idx = self.session.game.rules.island.index
        cells = [] if step is None else step.get("cells") or []
        self.highlight_cells = frozenset(idx[c] for c in cells if c in idx)
        self._serial += 1

    def results_table(self) -> dict[str, Any] | None:
        game = self.session.game
        data = game.view(None)
        final = data.get("final")
        if not final:
            return None
        rows, seats = [], []
        for seat in sorted(range(game.players), key=lambda s: -data["scores"][s]):
            f = final[seat]
            extra = sum(int(v) for v in f.values())
            rows.append([self.session.name(seat), str(data["scores"][seat] - extra),
                         str(f.get("power_card", 0)), str(f.get("prosperity", 0)),
                         str(f.get("offerings", 0)), str(data["scores"][seat])])
            seats.append(seat)
        return {"title": "Final scores", "headers": ["Player", "Ages", "Unused card",
                                                     "Prosperity", "Offerings", "Total"],
                "rows": rows, "seats": seats,
                "note": "A tie goes to the counter lower in the score stack"}

    # =====================================================================================
    # drawing (nothing but pixel caches changes)
    # =====================================================================================
    def draw(self, screen: Screen, area: Area) -> None:
        m = self.model
        if m is None:
            return
        rules = self.session.game.rules
        lay = make_layout(area, self.geo)
        base = (screen.scale, screen.ox, screen.oy, lay)
        st = self._static
        if st.key != base:
            vp.paint_static(st.fresh(screen, lay.map_rect), lay, self.geo, rules.island)
            st.key = base
        colours, marks = self.army_colours, self.army_marks
        pieces = self._pieces
        key = (base, m.version, id(self.session.game), m.viewer, tuple(colours),
               tuple(marks))
        if pieces.key != key:
            self._paint_pieces(pieces.copy_of(st, screen, lay.map_rect), lay, m, colours, marks)
            pieces.key = key
        over = self._over
        key = (pieces.key, self._serial)
        if over.key != key:
            self._paint_overlay(over.copy_of(pieces, screen, lay.map_rect), lay, m)
            over.key = key
        assert over.scr is not None
        screen.surface.blit(over.scr.surface, over.rect.topleft)
        self._draw_moving(screen, lay, m, colours, marks)
        vp.paint_track(screen, lay.track, m.scores, m.ranking, self.seat_colours,
                       self.seat_marks)
        paint_column(screen, lay.column, self, m, self.decision,
                     column_layout(lay.column, self.decision))

    def _paint_pieces(self, scr: Screen, lay: Layout, m: Model, colours: list[Any],
                      marks: list[str]) -> None:
        conflict = m.phase == "conflict"
        for t, counts in enumerate(m.board):
            vp.paint_stacks(scr, lay, self.geo, counts, t, colours, marks)
            if conflict and t not in m.resolved and sum(1 for n in counts if n) >= 2:
                # an unresolved conflict: a dashed red inner border and crossed blades
                # pinned on the territory's highest corner
                vp.dashed(scr, lay, self.geo, t, theme.DANGER, 4 * lay.k)
                x, y = lay.pt(self.geo.top[t])
                vp.swords(scr, x, y + 4 * lay.k, 15 * lay.k)

    def _paint_overlay(self, scr: Screen, lay: Layout, m: Model) -> None:
        d = self.decision
        geo = self.geo
        k = lay.k
        if self.highlight_cells:
            for t in self.highlight_cells:
                vp.tint(scr, lay, geo, t, (255, 196, 0, 80))
            vp.group_outline(scr, lay, geo, self.highlight_cells, theme.ACCENT, 6 * k)
        if d.kind == "move":
            if self.mode == "eagle":
                pass
            elif self.source is None:
                for t in d.targets:
                    vp.outline(scr, lay, geo, t, (255, 255, 255), 3 * k)
            else:
                vp.tint(scr, lay, geo, self.source, (255, 196, 0, 90))
                vp.outline(scr, lay, geo, self.source, theme.ACCENT, 5 * k)
                for t in m.island.nbrs[self.source]:
                    vp.tint(scr, lay, geo, t, (90, 230, 120, 80))
                    vp.outline(scr, lay, geo, t, theme.GOOD, 3 * k)
        elif d.kind == "conflict":
            for t in d.targets:
                vp.outline(scr, lay, geo, t, (255, 255, 255), 3 * k)
        if d.territory is not None and d.kind in ("conflict", "sacred", "tlatoani"):
            vp.tint(scr, lay, geo, d.territory, (255, 196, 0, 70))
            vp.outline(scr, lay, geo, d.territory, theme.ACCENT, 6 * k)
        if d.kind == "score" and d.seat is not None:
            opt = self.focused_option()
            if opt is not None and opt.kind:
                self._paint_domains(scr, lay, m, d.seat, opt)
            if opt is not None and opt.action and opt.action.startswith("bless "):
                for t in opt.cells:
                    vp.outline(scr, lay, geo, t, theme.GOOD, 4 * k)
            if self.raft is not None:
                vp.outline(scr, lay, geo, self.raft, theme.ACCENT, 6 * k)

    def _paint_domains(self, scr: Screen, lay: Layout, m: Model, seat: int,
                       opt: Option) -> None:
        geo = self.geo
        colour = self.army_colours[m.army(seat)]
        for dm in m.domains(seat, opt.kind or "", opt.links):
            cells = set(dm.cells)
            fill = (*colour, 70) if dm.points else (40, 40, 40, 70)
            for t in cells:
                vp.tint(scr, lay, geo, t, fill)
            vp.group_outline(scr, lay, geo, cells, colour if dm.points else theme.TEXT_DIM,
                             5 * lay.k)
            mid = min(dm.cells, key=lambda c: self._dist_to_mean(c, dm.cells))
            x, y = vp.label_points(lay, geo, mid)["name"]
            text = f"+{dm.points}" if dm.points else "0"
            vp.badge(scr, text, x, y, 30 * lay.k,
                     fg=theme.ACCENT if dm.points else theme.TEXT_DIM)
        for a, b in opt.links:
            scr.line(lay.pt(geo.label[a]), lay.pt(geo.label[b]), theme.ACCENT, 5 * lay.k)

    def _dist_to_mean(self, c: int, cells: tuple[int, ...]) -> float:
        mx = sum(self.geo.label[x][0] for x in cells) / len(cells)
        my = sum(self.geo.label[x][1] for x in cells) / len(cells)
        x, y = self.geo.label[c]
        return (x - mx) ** 2 + (y - my) ** 2

    def _draw_moving(self, screen: Screen, lay: Layout, m: Model, colours: list[Any],
                     marks: list[str]) -> None:
        d = self.decision
        k = lay.k
        geo = self.geo
        if d.kind not in ("choose", "over") and 0 <= self.cursor < len(geo.ids):
            pulse = 0.5 + 0.5 * math.sin(self.time * 6.0)
            colour = theme.TEXT if d.kind != "wait" else theme.TEXT_DIM
            vp.outline(screen, lay, geo, self.cursor, vp.INK, (6 + 2 * pulse) * k)
            vp.outline(screen, lay, geo, self.cursor, colour, (3 + 2 * pulse) * k)
        self._draw_ghost(screen, lay, m, colours, marks)
        for a in self.anims:
            if not a.started:
                continue
            e = a.progress
            if a.kind == "drop":
                x, y = vp.label_points(lay, geo, a.cells[0])["pawns"]
                s = 40 * k * (1 + 0.8 * (1 - e) ** 2)
                army = a.data["army"]
                ring = 20 * k + 40 * k * e
                screen.circle(x, y, ring, theme.ACCENT, max(2.0, 4 * k * (1 - e)))
                if e < 1:
                    vp.paint_pawn(screen, x, y - 40 * k * (1 - e), s * 0.7,
                                  colours[army], marks[army])
            elif a.kind == "slide":
                fx, fy = vp.label_points(lay, geo, a.cells[0])["pawns"]
                tx, ty = vp.label_points(lay, geo, a.cells[1])["pawns"]
                e = e * e * (3 - 2 * e)
                x = fx + (tx - fx) * e
                y = fy + (ty - fy) * e - math.sin(e * math.pi) * 40 * k
                screen.line((fx, fy), (tx, ty), theme.ACCENT, 3 * k)
                army = a.data["army"]
                vp.paint_pawn(screen, x, y, 30 * k, colours[army], marks[army])
            elif a.kind == "pop":
                x, y = vp.label_points(lay, geo, a.cells[0])["pawns"]
                size = 34 * k
                vp.halo_text(screen, a.data["text"], x, y - 20 * k - 50 * k * e, size,
                             a.data["colour"])
            elif a.kind == "domain":
                army = a.data["army"]
                colour = self.army_colours[army] if army < len(colours) else theme.ACCENT
                vp.group_outline(screen, lay, geo, a.cells, theme.ACCENT, 7 * k)
                vp.group_outline(screen, lay, geo, a.cells, colour, 3 * k)
                mid = min(a.cells, key=lambda c: self._dist_to_mean(c, a.cells))
                x, y = vp.label_points(lay, geo, mid)["name"]
                grow = 0.8 + 0.2 * min(1.0, e * 4)
                vp.badge(screen, f"{a.data['text']}  ({a.data['detail']})", x,
                         y - 30 * k * e, 30 * k * grow, fill=colour, fg=vp.INK,
                         edge=vp.INK)
            elif a.kind == "banner":
                mx, my, mw, mh = lay.map_rect
                alpha = 1.0 if e < 0.7 else (1 - e) / 0.3
                if alpha > 0.05:
                    vp.badge(screen, a.data["text"], mx + mw / 2, my + mh / 2, 56 * k)

    def _draw_ghost(self, screen: Screen, lay: Layout, m: Model, colours: list[Any],
                    marks: list[str]) -> None:
        """Where the pawn a click would add lands: a pulsing ring and "+1"."""
        d = self.decision
        if d.kind not in ("place", "move") or d.seat is None:
            return
        t = self.ghost
        if t is None:
            return
        army = m.army(d.seat)
        (x, y), s = vp.stack_position(lay, self.geo, m.board[t], t, army)
        pulse = 0.5 + 0.5 * math.sin(self.time * 6.0)
        screen.circle(x, y, s * (0.62 + 0.08 * pulse), vp.INK, 5 * lay.k)
        screen.circle(x, y, s * (0.62 + 0.08 * pulse), theme.ACCENT, 3 * lay.k)
        if not m.board[t][army]:
            vp.paint_pawn(screen, x, y, s * 0.8, colours[army], marks[army])
        vp.halo_text(screen, "+1", x - s * 0.45, y - s * 0.55, s * 0.8, theme.ACCENT,
                     "midright")

    def draw_panel(self, screen: Screen, area: Area) -> None:
        if self.model is not None:
            paint_panel(screen, area, self, self.model)
