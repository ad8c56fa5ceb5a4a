"""Aztlán's board view for the pygame-ce client: the island, the decisions, the input.

The board area holds the map (the YAML polygons scaled to fit, every type with its own
fill, pattern and icon) and under it the score track (counters on one score piled in
stack order) and the age track with the turn order. The side panel holds the decision at
hand: the power cards to choose from, the powers of a conflict side by side with Battle /
Coexist, Sacred Games or Great Tlatoani for the player asked out of turn, the scoring
options with their points. Each seat card shows what its seat has (``seat_fact_lines``).

Secrets: everything drawn comes from :class:`~variants.aztlan.view.model.Model`, built from
``game.view(viewer)`` where the viewer is the seat the play screen allows
(``session.shown``: a person here passed the screen for a secret decision, or the only
person of the game) or nobody (``view(None)``, a spectator), never from the live state.
Other players' chosen cards and prosperity cards are not in it. The decision on screen is
the one of the seat a person here decides for (``session.deciding_here``).

Input: the mouse hovers and clicks territories, cards and buttons; arrows move a territory
cursor (or the card / option focus), Tab steps through the useful territories or options,
Enter acts, digits pick a card by its number or the n-th option, E ends a move step (no
move) or scores, R toggles Eagle & Jaguar. ``status`` always says what a click or Enter
would do, or the engine's reason why not (``preview``, asking ``Game.why_not``).

Prosperity cards: a decision where one may be played is made over the board, in view of
all, so the panel offers a card's play only while the decider's cards show (P held, or
the only person here): its holder asks for it, P and the card's key (R, its number, a
click on a Rafts shore). A play begun is public and goes on once P is let go
(:meth:`AztlanView.begun`); the panel tells the decider, from the public count of their
cards, how to see them.

Drawing never changes state: the island, the pawns and the highlights are painted into
three cached layers (the map; the pieces, keyed on ``session.version``; the highlights,
keyed on what they show); a frame blits them and adds the cursor and the animations
(``draw``). The view says what decides the pixels of its board and panel (``keyed``,
``keys``), so the play screen paints each again only when that changed. This module
keeps the view's state and its input.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from game.i18n import Seat, Text, language, say
from game.kit.client import (
    PANEL_AREA,
    Anim,
    Area,
    BoardPart,
    BoardView,
    Intent,
    Screen,
    finish,
    sooner,
)
from game.modkit import Event, roman
from variants.aztlan.rules import AztlanRules
from variants.aztlan.text import _, named
from variants.aztlan.view import anim as vanim
from variants.aztlan.view import draw as vdraw
from variants.aztlan.view import frame as vframe
from variants.aztlan.view import hint as vhint
from variants.aztlan.view import keys as vkeys
from variants.aztlan.view import overlay
from variants.aztlan.view import preview as vpreview
from variants.aztlan.view.aid_pages import AidPictures
from variants.aztlan.view.canvas import Canvas
from variants.aztlan.view.facts import looks
from variants.aztlan.view.layout import Layout, MapGeometry, make_layout, territory_places
from variants.aztlan.view.model import Decision, Model, Option, decide
from variants.aztlan.view.panel import ColumnLayout, column_layout, hit, prosperity_words
from variants.aztlan.view.preview import MAP_KINDS


class AztlanView(AidPictures):
    tools: tuple[str, ...] = ()
    scoring_overlay = True  # each player's "score" event opens the overlay, domain by domain
    seat_fact_lines = 1  # pawns left, this age's card, used cards, prosperity cards
    shortcuts = ((_("Arrows", context="key"), _("Territory / option")),
                 (_("Tab", context="key"), _("Next")), (_("Enter", context="key"), _("Act")),
                 (_("1-9", context="key"), _("Card / option")),
                 (_("R", context="key"), _("Eagle & Jaguar")),
                 (_("Right click", context="key"), _("Cancel")))

    def __init__(self, session: Any, app: Any) -> None:
        super().__init__(session, app)
        rules = session.game.rules
        self.geo = MapGeometry(rules.params["map"])
        self._layout: tuple[Area, Layout] | None = None
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
        #: a lesson's step shown on the board (``show_target``): the action, and the
        #: territories it is played on (a move: from, to), the cursor left where it was
        self.target: str | None = None
        self.target_cells: tuple[int, ...] = ()
        self.time = 0.0
        self.anims: list[Anim] = []
        self.panel_flash: dict[int, tuple[str, float]] = {}
        self.model: Model | None = None
        self.decision: Decision = Decision("wait", None, "")
        self._key: Any = None
        self.serial = 0
        #: the pixels kept between frames (layers, snapshots), which drawing fills
        self.canvas = Canvas()
        #: where the decision panel is (the play screen's, until ``draw_panel`` says)
        self.panel_area: Area = PANEL_AREA
        self._sync()

    @property
    def rules(self) -> AztlanRules:
        """The game's rules, as the Aztlán rules they are (behind the client's guard)."""
        return cast(AztlanRules, self.session.game.rules)

    # ---- who sees what ------------------------------------------------------------------
    def viewer(self) -> int | None:
        """The seat whose secrets may show: the one the play screen allows
        (``session.shown``, from its seat drivers: a person here who was passed the
        screen, or the only person of the game), never while a scoring overlay waits to
        hand the screen over (``session.handover``)."""
        if getattr(self.session, "handover", None) is not None:
            return None
        shown = getattr(self.session, "shown", None)
        return shown if isinstance(shown, int) else None

    def decider(self) -> int | None:
        """The seat a person here decides for now (its decision is offered on screen);
        None while a computer or a device elsewhere decides."""
        seat = getattr(self.session, "deciding_here", None)
        return seat if isinstance(seat, int) and seat == self.session.game.current_player \
            else None

    @property
    def seat_colours(self) -> list[tuple[int, int, int]]:
        return list(self._looks[0])

    @property
    def seat_marks(self) -> list[str]:
        return list(self._looks[1])

    @property
    def army_colours(self) -> list[tuple[int, int, int]]:
        return list(self._looks[2])

    @property
    def army_marks(self) -> list[str]:
        return list(self._looks[3])

    def army_name(self, army: int) -> str:
        m = self.model
        table = self.rules.table
        if m is None or not table.factions:
            return self.session.name(army)
        return f"{say(named(table.army_names[army]))} ({self.session.name(m.commander(army))})"

    # ---- state upkeep (never from draw) -------------------------------------------------
    def _sync(self) -> None:
        self._looks = looks(self.session, self.rules.table)  # (a frame reads them often)
        viewer, decider = self.viewer(), self.decider()
        key = (self.session.version, id(self.session.game), viewer, decider, language())
        if key == self._key:
            return
        old = self.decision
        self._key = key
        self.model = Model(self.session.game, viewer, self.session.version, decider)
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
        legal = self.session.legal() if m.decider is not None else []
        self.decision = decide(m, legal, self.said, self.conflict_t, self.begun())
        n = len(self.decision.options)
        self.focus = max(0, min(self.focus, n - 1)) if n else 0

    def said(self, text: Text | Seat) -> str:
        """A message (or a seat's name) as this television says it, with the names."""
        if isinstance(text, Seat):
            return self.session.name(text.index)
        return say(text, self.session.names)

    def begun(self) -> frozenset[str]:
        """The card plays the holder has begun (the Eagle & Jaguar mode, a Rafts pick):
        shown to all, so they go on once the peek key is let go."""
        return frozenset(verb for verb, on in (("eagle", self.mode == "eagle"),
                                                ("rafts", self.raft is not None)) if on)

    def _refresh(self) -> None:
        """Recompute the status line, the hover preview, and repaint the highlights on
        the next frame."""
        self.serial += 1
        self.status = vpreview.status(self)
        self.ghost = None
        d = self.decision
        if d.kind in ("place", "move") and d.seat is not None:
            t = self.hover_t if self.hover_t is not None else self.cursor
            if 0 <= t < len(self.geo.ids) and vpreview.plan(self, t).action:
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

    # ---- input --------------------------------------------------------------------------
    def handle(self, intent: Intent, area: Area) -> str | None:
        self._sync()
        kind = intent.kind
        d = self.decision
        lay = self.layout(area)
        col = self.panel_layout()
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
            self.status = say(_("R plays Eagle & Jaguar Warriors after placing, when you hold "
                                "it: hold P to see your cards"))
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
            self._cancel()
            return None
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
            begun = self.begun()
            self.source = self.mode = self.raft = None
            self._redecide(begun)
            self._refresh()

    def _redecide(self, begun: frozenset[str]) -> None:
        """A card play begun or given up: the options follow (a begun play's stay on
        screen without the peek key)."""
        if self.begun() != begun:
            self._decide()

    def _click_territory(self, t: int) -> str | None:
        plan = vpreview.plan(self, t)
        if plan.effect is not None:
            what, value = plan.effect
            begun = self.begun()
            if what == "source":
                self.source = value
            elif what == "raft":
                self.raft = value
                self._redecide(begun)
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
            begun = self.begun()
            self.mode = None if self.mode == opt.mode else opt.mode
            self.source = None
            self._redecide(begun)
            self._refresh()
            return None
        if opt.action and self.session.is_legal(opt.action):
            return opt.action
        if opt.action:
            self.status = vpreview.why(self, opt.action) or say(_("not possible now"))
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

    def panel_layout(self) -> ColumnLayout:
        """Where the decision panel's cards and buttons are (for the pointer)."""
        words = prosperity_words(self.model) if self.model is not None else ""
        return column_layout(self.services.screen, self.panel_area, self.decision, words)

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
                self.status = say(_("Power card {card} is not in your hand ({hand})", card=n,
                                    hand=hand))
                return None
            if self.focus == i and self.hover_card is None:
                return self._activate(d.options[i])
            self.focus, self.hover_card = i, None
            self._refresh()
            self.status = say(_("{card} again or Enter: {what}", card=n,
                                what=self.status.split(": ", 1)[-1]))
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
            self.status = say(_("The wild card needs a type: pick one of the Wild options"))
        return None

    def show_hint(self, action: str | None) -> bool:
        """Put the cursor (a territory, or the focus on a card or a button) on ``action``:
        a hint or a lesson's H. The map shows a pawn's ghost where it would land, a
        move's source stays selected, and Enter plays it (``hint``)."""
        return vhint.point_at(self, action) or (
            action is not None and BoardView.show_hint(self, action))

    def show_target(self, action: str | None) -> bool:
        """Mark where ``action`` is played (a lesson's step) and leave the cursor and the
        focus where they are: the learner makes the move (``hint``)."""
        return vhint.mark(self, action) or (
            action is not None and BoardView.show_hint(self, action))

    def refused(self, action: str, reason: Text) -> None:
        self.status = say(reason, self.session.names)

    def on_reset(self) -> None:
        self.anims.clear()
        self.fx.finish()
        self.panel_flash = {}
        self.source = self.mode = self.raft = None
        self.highlight_cells = frozenset()
        self._key = None
        self.canvas.forget()
        self._sync()

    # ---- animation ----------------------------------------------------------------------
    def on_events(self, action: str, events: list[Event]) -> None:
        # the last action's pawns land at once (its words and scores stay to be read)
        finish([a for a in self.anims if a.kind in ("drop", "slide")])
        # a selection or a card's play begun is over with any action (a second Rafts and
        # Canoes starts from no shore; a card's play begun was this one, or is void), and
        # so is a step's mark
        self.source = self.mode = self.raft = None
        self.target, self.target_cells = None, ()
        known = len(self.anims)
        vanim.animate(self, events)
        sooner(self.anims[known:], self.fx.reduced)
        self._sync()

    def _hidden_by_shell(self) -> bool:
        """Whether the play screen is covering the board (the "Pass to" screen): the
        animations then wait, so the next player sees the last scoring."""
        return self.services.board_covered

    def update(self, dt: float) -> None:
        self.time += dt
        if self._hidden_by_shell():
            self._sync()
            return
        self.fx.update(dt)
        for a in self.anims:
            a.t += dt
        self.anims = [a for a in self.anims if not a.done]
        self.panel_flash = {s: (text, t + dt) for s, (text, t) in self.panel_flash.items()
                            if t + dt < vanim.POP_TIME}
        self._sync()

    # ---- the scoring overlay and the results screen -------------------------------------
    def scoring_steps(self, events: list[Event]) -> list[dict[str, Any]]:
        """One step per scoring domain of every "score" event, then any blessings."""
        return overlay.scoring_steps(self.session, events)

    def scoring_title(self, events: list[Event]) -> str:
        """ "Scoring of age I", from the score event's age."""
        age = next((e.data.get("age") for e in events if e.kind == "score" and e.data), None)
        return say(_("Scoring of age {age}", age=roman(age)) if isinstance(age, int)
                   else _("Scoring", context="title"))

    def highlight(self, step: dict[str, Any] | None) -> None:
        idx = self.rules.table.island.index
        cells = [] if step is None else step.get("cells") or []
        self.highlight_cells = frozenset(idx[c] for c in cells if c in idx)
        self.serial += 1

    def results_table(self) -> dict[str, Any] | None:
        return overlay.results_table(self.session)

    # ---- drawing (nothing but pixel caches changes): draw -------------------------------
    def draw(self, screen: Screen, area: Area) -> None:
        vdraw.draw(self, screen, area)

    def layout(self, area: Area) -> Layout:
        """Where the board's parts are in ``area``, worked out once: the map is fixed."""
        kept = self._layout
        if kept is None or kept[0] != area:
            kept = self._layout = (area, make_layout(area, self.geo))
        return kept[1]

    def opaque_rect(self, screen: Screen, area: Area) -> Any:
        """The map's painted layer: the island and its sea, opaque to the edge."""
        return screen.rect(*self.layout(area).map_rect) if self.model is not None else None

    def board_rect(self, area: Area) -> Area:
        """The island with its margin of sea, and the score and age tracks under it."""
        lay = self.layout(area)
        rects = (lay.map_rect, lay.track, lay.age)
        x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
        return (x0, y0, max(r[0] + r[2] for r in rects) - x0,
                max(r[1] + r[3] for r in rects) - y0)

    def picture_places(self, area: Area) -> list[dict[str, Any]]:
        """Every territory, by the notation's id ("t12") and its name: a phone's tap on
        it offers the placements, moves, conflicts and rafts there."""
        return territory_places(self.layout(area), self.geo, self.rules.table.island.names)

    keyed = True  # the board and the panel are painted again when their keys change

    def board_key(self) -> Hashable:
        kept = self._layout
        return vkeys.board_key(self, kept and kept[1], self.services.screen)

    def board_parts(self, screen: Screen, area: Area) -> list[BoardPart]:
        return vframe.board_parts(self, screen, area)

    def seat_facts_key(self) -> Hashable:
        return vkeys.seat_facts_key(self)

    def panel_key(self) -> Hashable:
        return vkeys.panel_key(self)

    def panel_parts(self, screen: Screen, area: Area) -> list[BoardPart]:
        self.panel_area = area  # where clicks on the panel land (layout only)
        return vframe.panel_parts(self, screen, area)

    def draw_panel(self, screen: Screen, area: Area) -> None:
        self.panel_area = area  # where clicks on the panel land (layout only)
        vdraw.draw_panel(self, screen, area)

    def draw_seat_facts(self, screen: Screen, seat: int, area: Area) -> None:
        vdraw.draw_seat_facts(self, screen, seat, area)
