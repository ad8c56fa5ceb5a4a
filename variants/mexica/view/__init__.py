"""Mexica's board view for the pygame-ce client: input, previews, animations, drawing.

Tools (Tab / Shift+Tab): walk (foot, boat, teleport), canal, bridge, temple, found,
relocate and tokens (take/spend AP tokens, propose removing a calpulli token). The mouse
or the arrow keys move a cell cursor; ``status`` always says what Enter or a click would
do there and what it costs, or why it is impossible.

A walk of several steps is one click: ``handle`` returns the first ``move`` and keeps the
rest in a queue. The shell drains it by calling :meth:`MexicaView.next_action` once per
frame after applying; it returns the next step when the previous one has finished
animating, or None. Anything else (a refusal, undo, a new click) drops the queue.

Drawing never changes state: the board and the panel are painted as parts
(:mod:`variants.mexica.view.frame`), each repainted alone when what it shows changes. The
map and the pieces are cached layers (the map keyed on the area and the screen scale, the
pieces on what the game shows), the preview two more over just the rectangles it marks
(what the tool marks all over the board, and what changes with the cursor, so a hover
repaints only the latter); each frame adds only what moves (the lake's light, the Pilli,
the cursor, drops, pop-ups), each in its own small rectangle.
"""

from __future__ import annotations

from typing import Any, cast

from game.i18n import Text, say
from game.kit.client import (
    Anim,
    Area,
    BoardPart,
    ChangeLog,
    Intent,
    Layer,
    PiecesLayer,
    Screen,
    SeatStyle,
    StepQueue,
    draw_mark,
    finish,
    frames,
    sooner,
    theme,
)
from game.modkit import Event
from variants.mexica.board import Board
from variants.mexica.rules import MexicaRules
from variants.mexica.state import MexicaState
from variants.mexica.text import _, axis_of, ordinal
from variants.mexica.view import anim as va
from variants.mexica.view import frame, keys, regions, table
from variants.mexica.view import overlay as vo
from variants.mexica.view import paint as vp
from variants.mexica.view.aid_pages import AidPictures
from variants.mexica.view.panel import TOOL_LABELS, Bands
from variants.mexica.view.preview import (
    CANAL_MODES,
    MODE_NAMES,
    Preview,
    Tooling,
    compute,
    sentence,
    token_menu,
)
from variants.mexica.view.standing import standing_spacing


class MexicaView(SeatStyle, AidPictures):
    tools = ("walk", "canal", "bridge", "temple", "found", "relocate", "tokens")
    tool: str = "walk"
    shortcuts = ((_("Tab", context="key"), _("Tool")), (_("R", context="key"), _("Rotate")),
                 (_("1-4", context="key"), _("Temple level")),
                 (_("T", context="key"), _("Spend AP token")))

    def __init__(self, session: Any, app: Any) -> None:
        super().__init__(session, app)
        self.tool = "walk"
        self.cursor = self._home()
        self.canal_mode = CANAL_MODES[0]
        self.axis = "ew"
        self.level = 1
        self.source: int | None = None
        self.menu_index = 0
        self.queue = StepQueue()
        self.preview = Preview()
        #: a lesson's step (``show_target``): its preview, drawn where it is played
        self.target: Preview | None = None
        self.time = 0.0
        self.anims: list[Anim] = []
        self.pops: list[va.Pop] = []
        self.panel_pops: dict[int, tuple[str, float]] = {}
        self.highlight_cells: frozenset[int] = frozenset()
        self._serial = 0
        self._hl_serial = 0
        self._version = -1
        self._seen_pilli = list(session.game.state.pilli)
        self._seen_display = list(session.game.state.display)
        self._static = Layer()  # the map
        self._pieces = PiecesLayer()  # the map and the pieces
        #: the pieces' last changes: the keys before and after, the rectangles painted
        #: again (None: all of it), for the field's layer over them (``view.field``) and
        #: the table's part to say where it changed (``view.table``)
        self._pieces_log = ChangeLog(table.LOGGED)
        self._field = regions.Region()  # the pieces under the preview's field, and the field
        #: the field layer's last changes, by its key, for its part to say where it changed
        self._field_log = ChangeLog(table.LOGGED)
        #: the pieces under the districts the preview closes or founds, and all of the
        #: preview there but its way and its ghost
        self._districts = regions.Region()
        #: the districts layer's last changes, by its part's key (``view.frame``)
        self._districts_log = ChangeLog(table.LOGGED)
        self._near = regions.Region()  # the pieces under the way and the ghost, and all of it
        self._reserved: Any = None  # the layout the regions' surfaces were made for
        #: the board's parts and the facts they were made for (``view.frame``)
        self._kept_parts: tuple[Any, ...] | None = None
        #: the lake's ripples in groups, and the layout they were made for
        self._glint_groups: tuple[Any, ...] | None = None
        #: the side panel's contents, in bands each kept while what it shows holds
        self.panel_part = Bands()
        #: where the panel's parts lie, and the facts they were measured for (``view.panel``)
        self.panel_place: tuple[Any, ...] | None = None
        #: where the board was last drawn: like the layers, a fact of the pixels (a founded
        #: token flies from the panel, drawn after the board, to its cell there)
        self._board_lay: vp.Layout | None = None
        self._sync()

    # =====================================================================================
    # state upkeep
    # =====================================================================================
    @property
    def state(self) -> MexicaState:
        state: MexicaState = self.session.game.state
        return state

    @property
    def rules(self) -> MexicaRules:
        """The game's rules, as the Mexica rules they are (behind the client's guard)."""
        return cast(MexicaRules, self.session.game.rules)

    @property
    def board(self) -> Board:
        return self.rules.table.board

    def _home(self) -> int:
        b = self.board
        centres = [c for c in range(b.size) if b.kind[c] == "P"]
        if centres:
            return centres[0]
        if b.starts:
            return b.starts[0]
        return (b.height // 2) * b.width + b.width // 2

    def _sync(self) -> None:
        """Recompute the preview when the game changed (never called from draw)."""
        if self.session.version != self._version:
            self._version = self.session.version
            if not 0 <= self.cursor < self.board.size:
                self.cursor = self._home()
            s = self.state
            if self.source is not None and self.source not in s.bridges:
                self.source = None
            hand = s.hands[s.turn] if s.phase == "play" else []
            if hand and self.level not in hand:  # built the last one of that level
                self.level = min(hand, key=lambda lv: (abs(lv - self.level), lv))
            self._seen_pilli = list(s.pilli)
            self._seen_display = list(s.display)
            self._refresh()

    def _refresh(self) -> None:
        t = Tooling(self.tool, self.cursor, self.canal_mode, self.axis, self.level,
                    self.source, self.menu_index)
        self.preview = compute(self.session, t)
        self.status = self._walking() or sentence(self.preview.status, self.session.names)
        self._serial += 1

    def _walking(self) -> str:
        """While a walk is played step by step, the status line says where it goes, not
        what the cursor is over (the moving Pilli, with the AP it had before the walk)."""
        steps = list(self.queue)
        if not steps:
            return ""
        target = steps[-1].split(" ")[-1]
        return say(_.n("Walking to {space}: {n} more step", "Walking to {space}: {n} more steps",
                       n=len(steps), space=target))

    def mode_text(self) -> str:
        """The current tool's setting, for the panel, in the television's language."""
        return say(self._mode())

    def _mode(self) -> Text:
        names = self.board.names
        s = self.state
        if s.phase == "vote" and s.vote is not None:
            return _("Remove calpulli token {size}?  Enter agrees, R refuses", size=s.vote.size)
        if s.phase == "start":
            return _("Place your Pilli on a palace start space")
        if self.tool == "walk":
            return _("Walk, boat or teleport: pick a space")
        if self.tool == "canal":
            return _("Canal: {mode}  (R turns)", mode=MODE_NAMES[self.canal_mode])
        if self.tool == "bridge":
            return _("Bridge: {axis}  (R turns)", axis=axis_of(self.preview.axis))
        if self.tool == "temple":
            return _("Temple of level {level}  (keys 1-4, R)", level=self.level)
        if self.tool == "found":
            return _("Found: put the token in your district")
        if self.tool == "relocate":
            if self.source is None:
                return _("Relocate: pick up a bridge")
            return _("Relocate the bridge from {space}  (R turns)", space=names[self.source])
        return _("Arrows pick, Enter applies")

    # =====================================================================================
    # input
    # =====================================================================================
    def tool_label(self) -> Text | None:
        return TOOL_LABELS.get(self.tool) if isinstance(self.tool, str) else self.tool

    def handle(self, intent: Intent, area: Area) -> str | None:
        self._sync()
        kind = intent.kind
        if kind != "point":
            self.queue.clear()  # any real input stops a walk in progress
        if kind in ("point", "click", "rclick"):
            return None if intent.pos is None else self._pointer(kind, intent.pos, area)
        if kind in ("up", "down", "left", "right"):
            if self.tool == "tokens" and self.session.game.state.phase == "play":
                self._pick_menu(-1 if kind in ("up", "left") else 1)
            else:
                self._move_cursor(kind)
            return None
        if kind == "confirm":
            return self._confirm()
        if kind == "rotate":
            return self._rotate(1)
        if kind == "scroll":
            return self._scroll(-1 if (intent.value or 0) > 0 else 1)
        if kind in ("tab", "tab_back"):
            self._next_tool(1 if kind == "tab" else -1)
            return None
        if kind == "digit" and isinstance(intent.value, int) and 1 <= intent.value <= 9:
            self.tool, self.level = "temple", intent.value
            self._refresh()
            return None
        if kind == "spend_token":
            return self._attempt("spend")
        if kind == "back" and self.source is not None:
            self.source = None
            self._refresh()
        return None

    def _pointer(self, kind: str, pos: tuple[float, float], area: Area) -> str | None:
        """The mouse: pointing moves the cursor, a click confirms, a right click turns."""
        cell = vp.make_layout(area, self.board.width, self.board.height).cell_at(pos)
        if cell is None:
            return None
        if cell != self.cursor:
            self.cursor = cell
            self._refresh()
        if kind == "click":
            return None if self.tool == "tokens" else self._confirm()
        if kind == "rclick":
            return self._rotate(1)
        return None

    def _scroll(self, step: int) -> str | None:
        if self.tool == "tokens":
            self._pick_menu(step)
            return None
        return None if self.tool == "walk" else self._rotate(step)

    def _next_tool(self, step: int) -> None:
        i = self.tools.index(self.tool)
        self.tool = self.tools[(i + step) % len(self.tools)]
        self.source = None
        self.menu_index = 0
        self._refresh()

    def show_hint(self, action: str | None) -> bool:
        """Put the tool and the cursor on ``action`` (a hint, a lesson's step): the preview
        is its ghost, and Enter or a click there plays it. A plan of moves is shown as
        that very walk, whatever path the walk tool would have picked."""
        if action is None:
            self._refresh()
            return False
        plan = [" ".join(a.split()) for a in action.split(";") if a.strip()]
        words = plan[0].split() if plan else []
        index = self.board.index
        cells = [index[w] for w in words[1:] if w in index]
        verb = words[0] if words else ""
        tools = {"move": "walk", "boat": "walk", "teleport": "walk", "canal": "canal",
                 "bridge": "bridge", "temple": "temple", "found": "found",
                 "relocate": "relocate", "take": "tokens", "spend": "tokens",
                 "remove": "tokens"}
        if verb in tools and self.session.game.state.phase == "play":
            self.tool = tools[verb]
        if verb == "move":
            last = plan[-1].split()
            cells = [index[last[1]]] if len(last) > 1 and last[1] in index else cells
        if verb == "canal" and cells:
            self.canal_mode = "single" if len(cells) == 1 else (
                "double-ew" if self.board.east[min(cells)] == max(cells) else "double-ns")
        if verb in ("bridge", "relocate") and words[-1] in ("ns", "ew"):
            self.axis = words[-1]
        if verb == "temple" and words[-1].isdigit():
            self.level = int(words[-1])
        if verb == "relocate" and cells:
            self.source = cells.pop(0)
        if verb in ("take", "spend", "remove"):
            menu = [a for a, _label in token_menu(self.rules, self.session.game.state)]
            self.menu_index = menu.index(plan[0]) if plan[0] in menu else 0
        if cells:
            self.cursor = min(cells)
        self._refresh()
        p = self.preview
        if tools.get(verb) == "walk" and p.ok and [p.action, *p.queue] != plan:
            # the walk tool picks the cheapest way there; show the very walk, boat or
            # teleport asked for
            me = self.session.game.state.pilli[self.session.game.state.turn]
            p.action, p.queue = plan[0], plan[1:]
            p.path = [me, *(index[a.split()[1]] for a in plan)] if verb == "move" else []
            p.status = (say(self.session.game.describe(plan[0]), self.session.names)
                        if verb != "move" else p.status)
            self._serial += 1
        if p.ok and p.action == plan[0] and verb in (*tools, "start"):
            return True
        return super().show_hint(action)  # nothing to show on the board (end, agree)

    def show_target(self, action: str | None) -> bool:
        """Ready the tool for ``action`` (a lesson's step) and draw its ghost where it is
        played, the cursor left where it was: the learner takes it there."""
        cursor = self.cursor
        shown = self.show_hint(action) if action is not None else False
        self.target = self.preview if shown and self.preview.cells else None
        self.cursor = cursor
        self._refresh()
        return shown

    def _attempt(self, action: str) -> str | None:
        if self.session.is_legal(action):
            self.queue.clear()
            return action
        self.status = sentence(self.session.game.why_not(action) or "not possible now",
                               self.session.names)
        return None

    def _move_cursor(self, direction: str) -> None:
        b = self.board
        col, row = self.cursor % b.width, self.cursor // b.width
        dc, dr = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
        col = min(b.width - 1, max(0, col + dc))
        row = min(b.height - 1, max(0, row + dr))
        self.cursor = row * b.width + col
        self._refresh()

    def _pick_menu(self, step: int) -> None:
        s = self.state
        n = len(token_menu(self.rules, s))
        self.menu_index = (self.menu_index + step) % n
        self._refresh()

    def _confirm(self) -> str | None:
        s = self.state
        p = self.preview
        if s.phase == "vote":
            return "agree"
        if self.tool == "relocate" and s.phase == "play" and p.ok and p.action is None:
            if self.source is None:  # pick the bridge up
                self.source = self.cursor
                self.axis = s.bridges[self.cursor]
            else:  # put it back where it was
                self.source = None
            self._refresh()
            return None
        if not (p.ok and p.action):
            return None
        return self.queue.start(self.session, p.action, p.queue)

    def _rotate(self, step: int) -> str | None:
        s = self.state
        if s.phase == "vote":
            return "refuse"
        if self.tool == "canal":
            i = CANAL_MODES.index(self.canal_mode)
            self.canal_mode = CANAL_MODES[(i + step) % len(CANAL_MODES)]
        elif self.tool in ("bridge", "relocate"):
            self.axis = "ew" if self.preview.axis == "ns" else "ns"
        elif self.tool == "temple" and s.phase == "play":
            levels = sorted(set(s.hands[s.turn])) or [self.level]
            later = [lv for lv in levels if (lv - self.level) * step > 0]
            if later:
                self.level = later[0] if step > 0 else later[-1]
            else:
                self.level = levels[0] if step > 0 else levels[-1]
        else:
            return None
        self._refresh()
        return None

    def next_action(self) -> str | None:
        """The next queued step of a multi-step walk, or None (call once per frame).

        A step is handed out only after the previous one was applied (``session.version``
        moved on by exactly one, by our own action, for the same seat) and has finished
        moving on screen; anything else in between drops the rest of the walk.
        """
        action = self.queue.due(self.session)
        if action is None:
            return None
        if any(a.kind == "pilli" and not a.done for a in self.anims):
            return None  # let the previous step finish moving
        # the engine's word on this one step, not the list of every legal action: on a
        # late board that list (every bridge relocation) costs a frame's budget, and a
        # walk asks once per step
        reason = self.session.game.why_not(action)
        if reason is not None:
            self.queue.clear()
            self.status = sentence(reason or "the walk is blocked", self.session.names)
            return None
        return self.queue.take(self.session)

    def pending_actions(self) -> list[str]:
        """The queued walking steps still to come (read-only copy)."""
        return list(self.queue)

    @property  # BoardView.busy is a plain attribute that views may make a property
    def busy(self) -> bool:  # type: ignore[override]
        return bool(self.queue)

    def refused(self, action: str, reason: Text) -> None:
        self.queue.clear()
        self.status = sentence(reason, self.session.names)

    def on_reset(self) -> None:
        self.queue.clear()
        self.anims.clear()
        self.pops.clear()
        self.fx.finish()
        self.panel_pops = {}
        self.panel_part.forget()
        self.source = None
        self.highlight_cells = frozenset()
        self._hl_serial += 1
        self._version = -1
        self._sync()

    # =====================================================================================
    # animation
    # =====================================================================================
    def on_events(self, action: str, events: list[Event]) -> None:
        self.queue.applied(action)  # another action mid-walk stops the walk
        self.target = None  # a lesson's step is played (or left)
        game = self.session.game
        b, s = self.board, game.state
        anims = va.piece_anims(b, s, action, self._seen_pilli, self._seen_display)
        finish(self.anims)  # the last action's pieces land at once
        self.anims.extend(sooner(anims, self.fx.reduced))  # (the shell plays the sounds)
        va.bursts(self.fx, b, s, anims, events, self.colours)
        self._seen_pilli = list(s.pilli)
        self._seen_display = list(s.display)
        land = max((a.dur for a in anims if a.kind == "token"), default=0.0)
        pops, totals = va.score_pops(b, s, events, self.colours, land)
        self.pops.extend(pops)
        for seat, pts in totals.items():
            self.panel_pops[seat] = (f"+{pts}", 0.0)
        self._sync()

    def update(self, dt: float) -> None:
        self.time += dt
        self.fx.update(dt)
        for a in self.anims:
            a.t += dt
        self.anims = [a for a in self.anims if not a.done]
        for p in self.pops:
            p.t += dt
        self.pops = [p for p in self.pops if p.t < p.delay + va.POP_TIME]
        self.panel_pops = {k: (text, t + dt) for k, (text, t) in self.panel_pops.items()
                           if t + dt < va.POP_TIME}
        self._sync()

    def _hidden(self) -> frozenset[int]:
        return frozenset(c for a in self.anims if a.kind != "pilli" for c in a.cells)

    # =====================================================================================
    # scoring overlay
    # =====================================================================================
    def scoring_steps(self, events: list[Event]) -> list[dict[str, Any]]:
        return va.scoring_steps(self.session, events)

    def highlight(self, step: dict[str, Any] | None) -> None:
        index = self.board.index
        cells = [] if step is None else step.get("cells") or []
        self.highlight_cells = frozenset(index[c] for c in cells if c in index)
        self._hl_serial += 1
        if self.highlight_cells:  # each scoring step lights its district up
            self.fx.burst(vo.middle_cell(self.board.width, sorted(self.highlight_cells)),
                          va.SCORE_GOLD, count=36, ring=160)

    # =====================================================================================
    # drawing (no state changes beyond the pixel caches)
    # =====================================================================================
    def draw(self, screen: Screen, area: Area) -> None:
        """The board's parts (``view.frame``), painted in order."""
        for part in self.board_parts(screen, area):
            part.paint(screen)

    def board_parts(self, screen: Screen, area: Area) -> list[BoardPart]:
        """The table, the preview's field and what is near the cursor, the lake's
        ripples, each Pilli, the cursor and what moves, each repainted alone when its key
        changes (``view.frame``)."""
        return frame.board_parts(self, screen, area)

    def _draw_standing(self, screen: Screen, panel: Area) -> None:
        """Ranking preview of the hovered district: who is 1st/2nd/3rd (neutral too).
        It sits beside the board, just under the side panel (over the top of the action
        log while a district is hovered; where that has no room, over the panel above its
        seat rows: ``frame.standing_box``), so it never covers land, a seat's row nor
        the status line."""
        box = frame.standing_box(self, screen, panel)
        if box is None or self.preview is None or self.preview.standing is None:
            return
        standing = self.preview.standing
        bx, by, bw, bh = box
        size = standing["size"]
        head = (_("{size}-space district, token {token}", size=size, token=standing["token"])
                if standing["founded"] else _("{size}-space district, unfounded", size=size))
        rows = standing["rows"][:4]
        top, first, step, _foot = standing_spacing(box, len(rows))
        frames.panel(screen, bx, by, bw, bh, theme.ACCENT, radius=10, fill=(10, 14, 24))
        screen.text(head, bx + 14, by + top, theme.FONT_SMALL, theme.TEXT_DIM)

        for i, row in enumerate(rows):
            ry = by + first + step * i
            owner = row["owner"]
            colour, mark = vp.seat_colour(self.colours, owner), vp.seat_mark(self.marks, owner)
            screen.box(bx + 14, ry, 26, 26, colour, radius=5)
            draw_mark(screen, mark, bx + 27, ry + 13, 8, (20, 20, 20))
            place = ordinal(row["place"])
            pts = f"+{row['points']}" if row["points"] else ""
            screen.text(f"{say(place)}  {self.session.name(owner)}", bx + 50, ry + 2,
                        theme.FONT_SMALL, theme.TEXT)
            screen.text(_("{levels} lv  {points}", levels=row["levels"], points=pts),
                        bx + bw - 14, ry + 2, theme.FONT_SMALL,
                        theme.ACCENT if pts else theme.TEXT_DIM, "topright")

    def opaque_rect(self, screen: Screen, area: Area) -> Any:
        """The island's painted layer (the lake around it included), opaque to the edge."""
        b = self.rules.table.board
        return screen.rect(*vp.make_layout(area, b.width, b.height).outer)

    def board_rect(self, area: Area) -> Area:
        """The island's grid with its lake and the coordinate margin."""
        b = self.board
        return vp.make_layout(area, b.width, b.height).outer

    def picture_places(self, area: Area) -> list[dict[str, Any]]:
        """Every space that is not lake, named as the notation names it ("k3"): a tap on
        it offers the walks, canals, bridges, temples and foundings there."""
        b = self.board
        lay = vp.make_layout(area, b.width, b.height)
        return [{"name": b.names[c], "rect": [*lay.xy(c), lay.cs, lay.cs]}
                for c in range(b.width * b.height) if c not in b.lake]

    keyed = True  # a frame paints the parts of the board and the panel whose keys changed

    def board_key(self) -> Any:
        return keys.board_key(self)

    def panel_key(self) -> Any:
        return keys.panel_key(self)

    def panel_parts(self, screen: Screen, area: Area) -> list[BoardPart]:
        """The panel, the standing beside it and a token flying from it (``view.frame``)."""
        return frame.panel_parts(self, screen, area)

    def draw_panel(self, screen: Screen, area: Area) -> None:
        for part in self.panel_parts(screen, area):
            part.paint(screen)
