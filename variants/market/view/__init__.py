"""The Market of Tlatelolco's board view for the pygame-ce client.

The 4x4 market sits in the middle, each player's buyers along their own side (south,
west, north, east in seat order, as the engine's geometry says), with the seat's colour
strip, name and team beyond them. The margins show the bag (its count only), the money
supply, the king's whims and everyone's holdings.

Input:

* mouse: pointing previews, a click acts. Clicking a tile slides it into the hole; since
  every tile can only go to the hole, pressing on a tile and releasing over the hole (a
  drag) moves it the same way. Clicking a buyer buys (or pays, in Pay + shift).
* keyboard: the arrows move a cursor over the squares and the buyer rows, Enter acts,
  Tab cycles the modes (shift / pay + shift / buy / king, those that apply now; at setup
  it picks the tile to lay), digits pick one of your buyers (or a tile at setup), R picks
  the next vendor on a buyer's line, E passes, ends the play or leaves the king (the
  panel shows which).

Everything the status line says comes from the engine: legality from the session's legal
actions, refusals from the engine's ``why_not``, and purchase previews from the
engine's own mechanics on a copy of the state (see ``view.preview``).

Pay + shift is one click: ``handle`` returns ``pay N`` and queues the ``shift``; the shell
drains the queue through :meth:`MarketView.next_action`.

Drawing never changes state: the plaza and the seat bands are painted into a cached layer
(per area and scale), the tiles, buyers and cards onto a copy of it (per
``session.version`` and what is moving), and each frame adds only the moving things, the
preview and the cursor.
"""

from __future__ import annotations

from typing import Any, cast

from game.i18n import Text, language
from game.kit.client import (
    PANEL_AREA,
    Area,
    BoardPart,
    Intent,
    Layer,
    PiecesLayer,
    Screen,
    SeatStyle,
    StepQueue,
    finish,
    pulse,
    sooner,
)
from game.modkit import Event
from variants.market import scoring
from variants.market.mechanics import king_sources
from variants.market.params import COLOURS
from variants.market.rules import MarketRules
from variants.market.text import _, tile_of
from variants.market.view import anim as va
from variants.market.view import paint as vp
from variants.market.view.aid_pages import AidPictures
from variants.market.view.frame import board_parts
from variants.market.view.layout import CARDS, make_layout, step_target
from variants.market.view.panel import board_key, paint_panel, panel_hit, panel_key, tiles_left
from variants.market.view.panelframe import panel_parts
from variants.market.view.pieces import TileArt
from variants.market.view.places import market_places
from variants.market.view.preview import (
    MODE_LABELS,
    MODES,
    Preview,
    Tooling,
    buyer_options,
    compute,
    exit_choice,
    modes_for,
    sentence,
)
from variants.market.view.reveal import burst_step, reveal_steps
from variants.market.view.tableparts import TableParts

#: the play scene's side panel, until the first ``draw_panel`` says otherwise
DEFAULT_PANEL = PANEL_AREA
#: steps of the cursor's and the turn's pulse (each a repaint of the board)
GLOW_STEPS = 12

class MarketView(SeatStyle, AidPictures):
    tools = MODES
    scoring_overlay = True  # the engine's final "score" events open the reveal
    shortcuts = ((_("Tab", context="key"), _("Mode")), (_("1-4", context="key"), _("Buyer")),
                 (_("R", context="key"), _("Next vendor")))

    def __init__(self, session: Any, app: Any) -> None:
        super().__init__(session, app)
        self.mode = "buy"
        self.cursor: tuple[Any, ...] = ("sq", 0)
        self.tile_choice: str | None = None
        self.payer: int | None = None
        self.option: int | None = None
        self.preview = Preview()
        #: a lesson's step (``show_target``): where it is played and its preview there
        self.target: tuple[tuple[Any, ...], Preview] | None = None
        self.queue = StepQueue()
        self.anims: list[va.Anim] = []
        self.time = 0.0
        #: the scoring overlay's step on show (a colour's: its king and holders light up)
        self.highlighted: dict[str, Any] | None = None
        self._version = -1
        self._decision: tuple[Any, ...] = ()
        self._scores = list(session.game.scores)
        self._panel_area = DEFAULT_PANEL
        self._panel_facts: tuple[Any, Any] | None = None
        self._static = Layer()
        self._pieces = PiecesLayer()
        self._table = TableParts()
        self._tile_art = TileArt()
        self._sync()

    # =====================================================================================
    # seats and state upkeep
    # =====================================================================================
    @property
    def rules(self) -> MarketRules:
        """The game's rules, as the Market's rules they are (behind the client's guard)."""
        return cast(MarketRules, self.session.game.rules)

    @property  # BoardView lets a view make any attribute a property (mypy reads a field)
    def tool(self) -> Text:  # type: ignore[override]
        """The shell's footer shows this next to Tab."""
        s = self.session.game.state
        if s.phase == "place":
            return _("lay {tile}", tile=tile_of(self.tile_choice)) if self.tile_choice \
                else _("lay", context="tool")
        if s.phase in ("coins", "coin"):
            return _("coin", context="tool")
        return MODE_LABELS.get(self.mode, self.mode)

    def _say(self, text: Text) -> str:
        """The status line's words, with the table's names, in the television's language
        (the view's status is text: the play screen shows it as it is)."""
        return str(self.session.say(text))

    def _my_side(self) -> str | None:
        s = self.session.game.state
        sides = self.rules.table.sides
        return sides[s.turn] if 0 <= s.turn < len(sides) else None

    def _sync(self) -> None:
        """Follow the game: defaults for a new decision, then the preview (never called
        from draw)."""
        if self.session.version == self._version:
            return
        self._version = self.session.version
        game = self.session.game
        s = game.state
        decision = (s.phase, s.turn, s.paid is not None)
        if decision != self._decision:
            self._new_decision(decision)
        if s.phase == "place":
            left = [t for t, _n in tiles_left(game)]
            if self.tile_choice not in left:
                self.tile_choice = left[0] if left else None
        if self.payer is not None and not s.buyers[s.turn][self.payer - 1].coin:
            self.payer = None
        self._refresh()

    def _new_decision(self, decision: tuple[Any, ...]) -> None:
        old = self._decision
        self._decision = decision
        game = self.session.game
        s, rules = game.state, self.rules
        side = self._my_side()
        same_seat = bool(old) and old[1] == decision[1]
        modes = modes_for(s)
        if s.phase == "turn" and s.paid is not None:
            self.mode = "pay+shift"
        elif s.phase == "turn" and not (same_seat and old[0] == "turn"):
            self.payer = None
            self.mode = "buy" if any(a.startswith("buy ") for a in self.session.legal()) \
                else "shift"
        elif modes and self.mode not in modes:
            self.mode = modes[0]
        self.option = None
        if s.phase == "place":
            if self.cursor[0] != "sq" or s.market[self.cursor[1]] is not None:
                # on to the next empty square in reading order
                here = self.cursor[1] if self.cursor[0] == "sq" else 0
                empty = sorted((i for i, t in enumerate(s.market) if t is None),
                               key=lambda i: (i < here, i))
                self.cursor = ("sq", empty[0] if empty else 0)
        elif s.phase in ("coins", "coin") and side is not None:
            free = [b for b, buyer in enumerate(s.buyers[s.turn]) if not buyer.coin]
            self.cursor = ("buyer", side, free[0] if free else 0)
        elif s.phase == "move" and self.cursor[0] != "sq":
            # next to the hole: the tiles a pass most likely moves
            hole, n = s.hole(), rules.table.n
            r, c = divmod(hole, n)
            near = [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                    if 0 <= r + dr < n and 0 <= c + dc < n]
            self.cursor = ("sq", near[0] if near else hole)
        elif s.phase == "king":
            sources = king_sources(s, rules.table.geo.cross)
            if sources:
                self.cursor = ("sq", sources[0])
        elif s.phase == "turn" and not same_seat and side is not None:
            self.cursor = ("buyer", side, 0)
        elif self.cursor[0] == "buyer" and self.cursor[1] not in rules.table.sides:
            self.cursor = ("sq", 0)

    def _refresh(self) -> None:
        t = Tooling(self.cursor, self.mode, self.tile_choice, self.payer, self.option)
        self.preview = compute(self.session, t)
        self.status = self._say(self.preview.status)

    # =====================================================================================
    # input
    # =====================================================================================
    def handle(self, intent: Intent, area: Area) -> str | None:
        self._sync()
        kind = intent.kind
        if kind != "point":
            self.queue.clear()
        if kind in ("point", "click", "rclick") and intent.pos is not None:
            return self._pointer(kind, intent.pos, area)
        if kind in ("up", "down", "left", "right"):
            table = self.rules.table
            self._move_to(step_target(self.cursor, kind, table.n, table.sides))
            return None
        if kind == "confirm":
            return self._confirm()
        if kind in ("tab", "tab_back"):
            self._cycle_mode(1 if kind == "tab" else -1)
            return None
        if kind == "digit" and isinstance(intent.value, int):
            self._digit(intent.value)
            return None
        if kind in ("rotate", "scroll"):
            step = 1 if kind == "rotate" or (intent.value or 0) < 0 else -1
            if self.session.game.state.phase == "place":
                self._cycle_mode(step)
            else:
                self._cycle_option(step)
            return None
        if kind == "end":
            choice = exit_choice(self.session)
            return choice[0] if choice else None
        return None

    def _pointer(self, kind: str, pos: tuple[float, float], area: Area) -> str | None:
        """The mouse: the panel's buttons, else the square or buyer under it."""
        if kind == "click":
            hit = panel_hit(self, self._panel_area, pos)
            if hit is not None:
                return self._panel(hit)
        lay = make_layout(area, self.rules.table.n, self.rules.table.sides)
        target = lay.hit(pos, self.rules.table.sides)
        if target is None:
            return None
        self._move_to(target)
        if kind == "click":
            return self._confirm()
        if kind == "rclick":
            self._cycle_option(1)
        return None

    def _move_to(self, target: Any) -> None:
        if target != self.cursor:
            self.cursor = target
            self.option = None
            self._refresh()

    def _panel(self, hit: tuple[Any, ...]) -> str | None:
        if hit[0] == "mode":
            if hit[1] in modes_for(self.session.game.state):
                self._set_mode(hit[1])
            else:
                self.status = self._say(_("{mode} is not possible now",
                                          mode=MODE_LABELS[hit[1]]))
            return None
        if hit[0] == "tile":
            self.tile_choice = hit[1]
            self._refresh()
            return None
        if hit[0] == "option":
            self.option = hit[1]
            self._refresh()
            return self._confirm()
        choice = exit_choice(self.session)
        return choice[0] if choice else None

    def show_hint(self, action: str | None) -> bool:
        """Put the mode and the cursor on ``action`` (a hint, a lesson's step): the
        preview is its ghost (the tile's slide, the purchase's way and what each tile on
        it does), and Enter plays it. ``pay N; shift X`` is shown as that pay + shift."""
        self._sync()
        if action is None:
            self._refresh()
            return False
        plan = [" ".join(a.split()) for a in action.split(";") if a.strip()]
        words = plan[0].split() if plan else []
        verb = words[0] if words else ""
        index = {name: i for i, name in enumerate(self.rules.table.geo.names)}
        side = self._my_side()
        square = next((index[w] for w in words[1:] if w in index), None)
        number = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
        if verb == "place" and square is not None and len(words) == 3:
            self.tile_choice, self.cursor = words[2], ("sq", square)
        elif verb == "coin" and number is not None and side is not None:
            self.cursor = ("buyer", side, number - 1)
        elif verb in ("shift", "king") and square is not None:
            self.mode = "shift" if verb == "shift" else "king"
            self.cursor = ("sq", square)
        elif verb == "pay" and number is not None and side is not None:
            self.mode, self.payer = "pay+shift", number
            then = plan[1].split() if len(plan) > 1 else []
            self.cursor = ("sq", index[then[1]]) if len(then) == 2 and then[1] in index \
                else ("buyer", side, number - 1)
        elif verb == "buy" and number is not None and side is not None:
            self.mode, self.cursor = "buy", ("buyer", side, number - 1)
            options = buyer_options(self.session, self.session.game.state.turn, number - 1)
            self.option = next((i for i, o in enumerate(options) if o.action == plan[0]),
                               None)
        else:  # pass, end, king skip: nothing to point at
            return super().show_hint(action)
        self._refresh()
        if self.preview.ok and self.preview.action == plan[0]:
            return True
        return super().show_hint(action)

    def show_target(self, action: str | None) -> bool:
        """Ready the mode for ``action`` (a lesson's step) and draw its ghost where it is
        played, the cursor left where it was: the learner takes it there."""
        cursor = self.cursor
        shown = self.show_hint(action) if action is not None else False
        self.target = (self.cursor, self.preview) if shown else None
        self.cursor = cursor
        self._refresh()
        return shown

    def _confirm(self) -> str | None:
        p = self.preview
        if p.ok and p.action:
            if p.action.startswith("pay "):
                self.payer = int(p.action.split()[1])
            return self.queue.start(self.session, p.action, p.queue)
        return None

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        self.option = None
        s = self.session.game.state
        if mode == "pay+shift" and self.payer is None and s.phase == "turn":
            coins = [b + 1 for b, buyer in enumerate(s.buyers[s.turn]) if buyer.coin]
            self.payer = coins[0] if coins else None
        self._refresh()

    def _cycle_mode(self, step: int) -> None:
        game = self.session.game
        s = game.state
        if s.phase == "place":
            left = [t for t, _n in tiles_left(game)]
            if left:
                i = left.index(self.tile_choice) if self.tile_choice in left else -step
                self.tile_choice = left[(i + step) % len(left)]
                self._refresh()
            return
        modes = modes_for(s)
        if len(modes) < 2:
            if modes:
                self.status = self._say(_("Only {mode} now. {status}",
                                          mode=MODE_LABELS[modes[0]],
                                          status=self.preview.status))
            return
        i = modes.index(self.mode) if self.mode in modes else -step
        self._set_mode(modes[(i + step) % len(modes)])

    def _cycle_option(self, step: int) -> None:
        options = self.preview.options
        if len(options) < 2:
            return
        self.option = (self.preview.option + step) % len(options)
        self._refresh()

    def _digit(self, value: int) -> None:
        game = self.session.game
        s = game.state
        if s.phase == "place":
            left = [t for t, _n in tiles_left(game)]
            if 1 <= value <= len(left):
                self.tile_choice = left[value - 1]
                self._refresh()
            return
        side = self._my_side()
        if side is None or not 1 <= value <= self.rules.table.n or s.phase == "over":
            return
        self.cursor = ("buyer", side, value - 1)
        self.option = None
        if s.phase == "turn":
            self.payer = value
        self._refresh()

    def next_action(self) -> str | None:
        """The queued shift of a pay + shift, once the payment has been applied."""
        action = self.queue.due(self.session)
        if action is None:
            return None
        if not self.session.is_legal(action):
            self.queue.clear()
            return None
        return self.queue.take(self.session)

    def refused(self, action: str, reason: str) -> None:
        self.queue.clear()
        self.status = self._say(sentence(reason))

    def on_reset(self) -> None:
        self.queue.clear()
        self.anims.clear()
        self.fx.finish()
        self.highlighted = None
        self._scores = list(self.session.game.scores)
        self._version = -1
        # the game jumped (an undo, a replay's step, the table picture's next position):
        # the cursor and the tools start over as in a new view, not from a decision that
        # is no longer on the board
        self.mode, self.cursor = "buy", ("sq", 0)
        self.tile_choice = self.payer = self.option = None
        self._decision = ()
        self._sync()

    # =====================================================================================
    # animation
    # =====================================================================================
    def on_events(self, action: str, events: list[Event]) -> None:
        self.queue.applied(action)
        self.target = None  # a lesson's step is played (or left)
        game = self.session.game
        # the last action's tiles, goods and coins land at once (its "+N" stays to be read)
        finish([a for a in self.anims if a.kind != "pop"])
        reduced = self.fx.reduced
        self.anims.extend(sooner(va.from_events(game.rules, game.state, events), reduced))
        va.bursts(self.fx, game.rules, events, self.colours)
        scores = list(game.scores)
        self.anims.extend(sooner(va.score_pops(game.rules, self._scores, scores,
                                               self.colours), reduced))
        self._scores = scores
        self._sync()

    def update(self, dt: float) -> None:
        self.time += dt
        self.fx.update(dt)
        for a in self.anims:
            a.t += dt
        self.anims = [a for a in self.anims if not a.done]
        self._sync()

    # =====================================================================================
    # scoring overlay and results
    # =====================================================================================
    def scoring_steps(self, events: list[Event]) -> list[dict[str, Any]]:
        """Colour by colour (see ``view.reveal``), then the final count."""
        names = [self.session.name(seat) for seat in range(self.session.game.players)]
        return reveal_steps(self.rules, self.session.game.state, names, events)

    def scoring_title(self, events: list[Event]) -> Text:
        return _("The king's scoring")

    def highlight(self, step: dict[str, Any] | None) -> None:
        self.highlighted = step
        burst_step(self.fx, self.rules, self.session.game.state, step)

    def results_table(self) -> dict[str, Any] | None:
        """The rulebook's score table: a row per player with "tokens (points)" for each
        colour and the total, "0*" where a partner holds more; then the king's row."""
        game = self.session.game
        rules, s = self.rules, game.state
        held = scoring.holdings(s.buyers)
        names = [self.session.name(seat) for seat in range(game.players)]
        headers: list[Text] = ["", *(vp.COLUMNS.get(c, c) for c in COLOURS), _("Total")]
        rows: list[list[Text]] = []
        seats: list[int | None] = []
        starred = False
        for team in rules.table.teams:
            for seat in team:
                cells: list[Text] = [names[seat]]
                tokens, points = 0, 0
                for c in COLOURS:
                    only = {x: (s.king[x] if x == c else 0) for x in COLOURS}
                    unit = {x: (1 if x == c else 0) for x in COLOURS}
                    pts = scoring.seat_points(held, only, seat, team)
                    best = scoring.seat_points(held, unit, seat, team) > 0
                    n = held[seat][c]
                    star = n > 0 and not best
                    starred = starred or star
                    cells.append(f"{n} ({pts}{'*' if star else ''})")
                    tokens += n
                    points += pts
                cells.append(f"{tokens} ({points})")
                rows.append(cells)
                seats.append(seat)
        rows.append([_("King", context="mode")] + [str(s.king[c]) for c in COLOURS] + ["-"])
        seats.append(None)
        summary = []
        for team in rules.table.teams:
            total = scoring.team_points(held, s.king, team)
            summary.append(f"{' + '.join(names[m] for m in team)}: {total}")
        note: Text = "  ·  ".join(summary)
        if starred:
            note = _("{teams}   (0* : a partner holds more of that colour and scores it)",
                     teams=note)
        return {"title": _("Score by colour: tokens (points)"), "headers": headers,
                "rows": rows, "seats": seats, "note": note, "summary": summary}

    # =====================================================================================
    # drawing (no state changes beyond the pixel caches)
    # =====================================================================================
    def draw(self, screen: Screen, area: Area) -> None:
        """The board's parts (``view.frame``), painted in order."""
        for part in self.board_parts(screen, area):
            part.paint(screen)

    def board_parts(self, screen: Screen, area: Area) -> list[BoardPart]:
        """The table, the pulsing frames, the preview, the cursor and what is in flight,
        each repainted alone when its key changes (``view.frame``)."""
        return board_parts(self, screen, area)

    def _glow(self) -> float:
        """The cursor's and the turn's pulse in steps: the board holds between two."""
        return pulse(self.time, 5.0, GLOW_STEPS)

    def opaque_rect(self, screen: Screen, area: Area) -> Any:
        """The reed mat the market lies on fills the whole area, opaque."""
        return screen.rect(*area)

    def board_rect(self, area: Area) -> Area:
        """The table: the market's squares, every side's buyers with its colour strip and
        name, and the bag, money supply, king's whims and holdings laid out around them on
        the mat (the market grid alone is ``make_layout(area, n, sides).grid``)."""
        lay = make_layout(area, self.rules.table.n, self.rules.table.sides)
        sides = self.rules.table.sides
        rects = [lay.grid] + [lay.band_rect(side) for side in sides] + \
            [lay.label_rect(side) for side in sides] + [lay.card(role) for role in CARDS]
        x0 = min(r[0] for r in rects)
        y0 = min(r[1] for r in rects)
        return (x0, y0, max(r[0] + r[2] for r in rects) - x0,
                max(r[1] + r[3] for r in rects) - y0)

    def picture_places(self, area: Area) -> list[dict[str, Any]]:
        """The squares and every seat's buyers (``view.places``): a phone's tap on one
        offers the moves, purchases and coins there."""
        table = self.rules.table
        return market_places(make_layout(area, table.n, table.sides), table.geo.names,
                             table.sides, [[str(x) for x in row] for row in table.line_names],
                             self.session.game.state)

    keyed = True  # a frame paints the board and the panel again when their keys change

    def board_key(self) -> Any:
        return None if self.anims or self.fx.active else board_key(self, self._glow())

    def panel_facts(self) -> tuple[Any, ...]:
        """What the panel follows: the game's version, the tools, the seats, the
        language (a frame's key is worked out from these, not from saying words)."""
        session = self.session
        computer = getattr(session, "is_computer", None)
        return (session.version, id(session.game), self.preview, self.mode, self.cursor,
                self.tile_choice, self.payer, self.option, tuple(self.colours),
                tuple(session.names), language(),
                callable(computer) and computer(session.game.current_player))

    def panel_key(self) -> Any:
        """The panel's words and choices (``panel_key``), worked out again only when the
        facts they follow change: a still frame says no word."""
        facts = self.panel_facts()
        if self._panel_facts is None or self._panel_facts[0] != facts:
            self._panel_facts = (facts, panel_key(self))
        return self._panel_facts[1]

    def panel_parts(self, screen: Screen, area: Area) -> list[BoardPart]:
        """The stone, the heading and each row, each repainted alone when its key
        changes (``view.panelframe``)."""
        x, y, w, h = area
        self._panel_area = (x, y, w, h)  # where clicks on the panel land (layout only)
        return panel_parts(self, screen, area)

    def draw_panel(self, screen: Screen, area: Area) -> None:
        x, y, w, h = area
        self._panel_area = (x, y, w, h)  # where clicks on the panel land (layout only)
        paint_panel(screen, area, self)
