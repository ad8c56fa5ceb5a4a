"""New game setup: variant, players (name, colour), exposed parameters, seed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from game.errors import AztecArcadeError
from game.isolation import start_game
from game.notation import plain_number
from game.ui import theme
from game.ui.art import frames
from game.ui.input import pad_id, pad_label
from game.ui.lastsetup import Setup, remember
from game.ui.messages import default_name, one_line, param_label
from game.ui.scene import make_scene
from game.ui.scenes.common import TypingScene, make_session, palette_name, random_seed
from game.ui.screen import draw_mark
from game.ui.session import HUMAN, SEAT_KINDS, kind_label
from game.ui.widgets import (
    INK,
    TextField,
    draw_arrows,
    draw_backdrop,
    draw_footer,
    draw_header,
    draw_panel,
    ease_out,
    fit,
    fit_size,
    focus_ring,
    inside,
    pulse,
)

if TYPE_CHECKING:
    from game.plugins import VariantSpec
    from game.ui.app import App
    from game.ui.input import Intent
    from game.ui.screen import Screen

NAME_LEN = 14
LEFT_X, LEFT_W = 60.0, 840.0
RIGHT_X, RIGHT_W = 960.0, 900.0
ROW_H = 84.0
BUTTONS_Y = 900.0  # Start and Back on the right, Invite phones on the left


@dataclass
class Row:
    key: str
    kind: str  # "adjust", "text" or "button"
    label: str
    rect: tuple[float, float, float, float]
    value: Callable[[], str] | None = None
    adjust: Callable[[int], None] | None = None
    field: TextField | None = None
    action: Callable[[], None] | None = None
    enabled: bool = True


class SetupScene(TypingScene):
    backdrop = True

    def __init__(self) -> None:
        super().__init__()
        self.specs: list[VariantSpec] = []
        self.variant_index = 0
        self.players = 2
        self.names: list[TextField] = []
        self.colour_index: list[int] = []
        #: who plays each seat: "human" or a computer level (see game.ai)
        self.kinds: list[str] = []
        self.params: dict[str, Any] = {}
        # ASCII digits only: str.isdigit would let a superscript in, which int() refuses
        self.seed = TextField("", max_len=10, allowed=lambda ch: plain_number(ch) is not None,
                              placeholder="Random")
        self.rows: list[Row] = []
        self.focus = 0
        self.error = ""
        self.left_bottom = 1000.0
        #: controllers claimed by seats: instance id -> seat (A on a seat row)
        self.claims: dict[int, int] = {}

    # -- state -----------------------------------------------------------------------
    @property
    def spec(self) -> VariantSpec | None:
        return self.specs[self.variant_index] if self.specs else None

    @property
    def palette(self) -> list[tuple[int, int, int]]:
        assert self.app is not None
        return theme.PALETTES.get(palette_name(self.app), theme.PALETTES["okabe-ito"])

    @property
    def shortcuts(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        row = self.current
        on_seat = row is not None and self._seat_of(row) is not None
        claim = (("Pad A", "Claim seat"),) if on_seat else ()
        if row is not None and row.kind == "text":
            return (("Type", "Name" if row.key.startswith("name") else "Digits"),
                    ("Backspace", "Delete"), ("Up/Down/Tab", "Move"), ("Enter", "Next"),
                    *claim, ("Esc", "Back"))
        return (("Up/Down", "Move"), ("Left/Right", "Change"), ("Enter", "Select"),
                ("Tab", "Next"), *claim, ("Esc", "Back"))

    @property
    def current(self) -> Row | None:
        return self.rows[self.focus] if self.rows else None

    def enter(self, app: App) -> None:
        super().enter(app)
        self.specs = sorted(app.registry.variants.values(), key=lambda s: (s.name, s.id))
        for i, spec in enumerate(self.specs):
            if spec.id == "mexica":
                self.variant_index = i
        self._choose_variant(self.variant_index)
        # Start has the focus: New game, then Enter, and a group is playing
        self.focus_on("start")

    def resume(self) -> None:
        self._focus(self.focus)

    def _choose_variant(self, index: int) -> None:
        self.variant_index = index
        spec = self.spec
        if spec is None:
            self._set_players(0)
            self.params = {}
        else:
            self._set_players(min(max(self.players, spec.min_players), spec.max_players))
            self.params = {name: spec.params.get(name) for name in spec.exposed}
        self._build_rows()

    def _set_players(self, n: int) -> None:
        while len(self.names) < n:
            i = len(self.names)
            self.names.append(TextField(default_name(i), NAME_LEN, placeholder=default_name(i)))
        used = set(self.colour_index[:n])
        while len(self.colour_index) < n:
            free = [c for c in range(len(self.palette)) if c not in used]
            choice = free[0] if free else len(self.colour_index) % len(self.palette)
            self.colour_index.append(choice)
            used.add(choice)
        while len(self.kinds) < n:
            self.kinds.append(HUMAN)
        self.players = n
        del self.colour_index[n:]  # a seat added later gets a free colour again
        self.claims = {pad: seat for pad, seat in self.claims.items() if seat < n}

    # -- rows ------------------------------------------------------------------------
    def _build_rows(self) -> None:
        current = self.current
        key = current.key if current is not None else ""
        rows: list[Row] = []
        spec = self.spec
        y = 190.0
        rows.append(Row("variant", "adjust", "Game", (LEFT_X, y, LEFT_W, ROW_H),
                        value=lambda: self.spec.name if self.spec else "none installed",
                        adjust=self._adjust_variant, enabled=len(self.specs) > 1))
        y += ROW_H + 176  # the description sits below (three lines)
        rows.append(Row("players", "adjust", "Players", (LEFT_X, y, LEFT_W, ROW_H),
                        value=lambda: str(self.players), adjust=self._adjust_players,
                        enabled=spec is not None and spec.min_players < spec.max_players))
        y += ROW_H + 14
        for name in self.params:
            rows.append(Row(f"param:{name}", "adjust", param_label(name),
                            (LEFT_X, y, LEFT_W, ROW_H),
                            value=partial(self._param_text, name),
                            adjust=partial(self._adjust_param, name),
                            enabled=self._param_adjustable(name)))
            y += ROW_H + 14
        rows.append(Row("seed", "text", "Seed", (LEFT_X, y, LEFT_W, ROW_H), field=self.seed))
        self.left_bottom = y + ROW_H + 20
        card_h = self._card_h()
        for seat in range(self.players):
            cy = 190 + seat * (card_h + 10)
            rows.append(Row(f"name{seat}", "text", f"Player {seat + 1}",
                            (RIGHT_X + 90, cy + 10, 440, min(70.0, card_h - 20)),
                            field=self.names[seat]))
            rows.append(Row(f"colour{seat}", "adjust", "Colour",
                            (RIGHT_X + 550, cy + 10, RIGHT_W - 570, min(70.0, card_h - 20)),
                            value=partial(self._colour_name, seat),
                            adjust=partial(self._adjust_colour, seat)))
            # who plays the seat, in its card: in the keyboard order before Start, so a
            # group sets every seat on the way down to Start
            ky = cy + 10 + min(70.0, card_h - 20) + 8
            rows.append(Row(f"kind{seat}", "adjust", "Plays",
                            (RIGHT_X + 90, ky, 440, max(28.0, min(52.0, cy + card_h - ky - 8))),
                            value=partial(self._kind_text, seat),
                            adjust=partial(self._adjust_kind, seat)))
        by = BUTTONS_Y
        rows.append(Row("start", "button", "Start", (RIGHT_X, by, 560, 96),
                        action=self.start, enabled=spec is not None))
        rows.append(Row("back", "button", "Back", (RIGHT_X + 580, by, RIGHT_W - 580, 96),
                        action=self.back))
        # under the left column, but last in the keyboard order: the other rows keep theirs
        rows.append(Row("invite", "button", "Invite phones", (LEFT_X, BUTTONS_Y, LEFT_W, 96),
                        value=lambda: self.app.remote.invite_label() if self.app else "",
                        action=self._invite,
                        enabled=spec is not None))
        self.rows = rows
        keys = [r.key for r in rows]
        self.focus = keys.index(key) if key in keys else min(self.focus, len(rows) - 1)

    def _card_h(self) -> float:
        return min(150.0, (880 - 190) / max(1, self.players) - 10)

    def _focus(self, index: int) -> None:
        if not self.rows:
            return
        self.focus = max(0, min(index, len(self.rows) - 1))
        self.typing(self.rows[self.focus].kind == "text")

    def focus_on(self, key: str) -> None:
        """Focus the row called ``key`` (e.g. "start", "seed", "name0")."""
        keys = [r.key for r in self.rows]
        if key in keys:
            self._focus(keys.index(key))

    def _move(self, step: int) -> None:
        n = len(self.rows)
        i = self.focus
        for _ in range(n):
            i = (i + step) % n
            if self.rows[i].enabled:
                break
        if i != self.focus and self.app is not None:
            self.app.play_sound("click")
        self._focus(i)

    # -- adjusters -------------------------------------------------------------------
    def _adjust_variant(self, step: int) -> None:
        if self.specs:
            self._choose_variant((self.variant_index + step) % len(self.specs))

    def _adjust_players(self, step: int) -> None:
        spec = self.spec
        if spec is None:
            return
        n = self.players + step
        if spec.min_players <= n <= spec.max_players:
            self._set_players(n)
            self._build_rows()

    def _param_schema(self, name: str) -> Any:
        spec = self.spec
        if spec is None or self.app is None:
            return None
        try:
            engine = self.app.registry.engine(spec.engine_id)
        except AztecArcadeError:
            return None
        field = engine.parameters.fields.get(name)
        return field.schema if field is not None else None

    def _param_adjustable(self, name: str) -> bool:
        value = self.params.get(name)
        return isinstance(value, int)  # bool is an int too: toggled

    def _param_text(self, name: str) -> str:
        value = self.params.get(name)
        if isinstance(value, bool):
            return "On" if value else "Off"
        if isinstance(value, int | float | str):
            return str(value)
        return "(set in the variant file)"

    def _adjust_param(self, name: str, step: int) -> None:
        value = self.params.get(name)
        if isinstance(value, bool):
            self.params[name] = not value
            return
        if not isinstance(value, int):
            return
        schema = self._param_schema(name)
        lo = getattr(schema, "min", None)
        hi = getattr(schema, "max", None)
        new = value + step
        if lo is not None and new < lo:
            return
        if hi is not None and new > hi:
            return
        self.params[name] = new

    # -- controllers -----------------------------------------------------------------
    @staticmethod
    def _seat_of(row: Row) -> int | None:
        """The seat a seat-card row (name or colour) belongs to."""
        for prefix in ("name", "colour", "kind"):
            if row.key.startswith(prefix) and row.key[len(prefix):].isdigit():
                return int(row.key[len(prefix):])
        return None

    def claim(self, pad: int, seat: int) -> None:
        """Give controller ``pad`` to ``seat``; pressing A again on the same seat releases
        it. A controller belongs to one seat at a time."""
        if self.claims.get(pad) == seat:
            del self.claims[pad]
        else:
            self.claims[pad] = seat
        if self.app is not None:
            self.app.play_sound("click")

    def pads_of(self, seat: int) -> list[int]:
        return sorted(pad for pad, owner in self.claims.items() if owner == seat)

    def controller_removed(self, instance_id: int) -> str | None:
        seat = self.claims.pop(instance_id, None)
        if seat is None or seat >= len(self.names):
            return None
        return self.names[seat].value.strip() or default_name(seat)

    def _colour_name(self, seat: int) -> str:
        assert self.app is not None
        names = theme.colour_names(palette_name(self.app))
        i = self.colour_index[seat]
        return names[i] if i < len(names) else f"Colour {i + 1}"

    def _kind_text(self, seat: int) -> str:
        phone = self.kinds[seat] == HUMAN and self.app is not None and self.app.remote.holds(seat)
        return "Phone" if phone else kind_label(self.kinds[seat])

    def _adjust_kind(self, seat: int, step: int) -> None:
        i = SEAT_KINDS.index(self.kinds[seat]) if self.kinds[seat] in SEAT_KINDS else 0
        self.kinds[seat] = SEAT_KINDS[(i + step) % len(SEAT_KINDS)]

    def _adjust_colour(self, seat: int, step: int) -> None:
        count = len(self.palette)
        others = {c for s, c in enumerate(self.colour_index[:self.players]) if s != seat}
        i = self.colour_index[seat]
        for _ in range(count):
            i = (i + step) % count
            if i not in others or len(others) >= count:
                break
        self.colour_index[seat] = i

    # -- start / back ----------------------------------------------------------------
    def options(self) -> dict[str, Any] | None:
        spec = self.spec
        if spec is None:
            return None
        changed = {k: v for k, v in self.params.items() if v != spec.params.get(k)}
        return changed or None

    def start(self) -> None:
        assert self.app is not None
        spec = self.spec
        if spec is None:
            self.error = "No playable variant is installed"
            return
        seed = int(self.seed.value) if self.seed.value else random_seed()
        names = [f.value.strip() or default_name(i) for i, f in
                 enumerate(self.names[:self.players])]
        colours = [c % len(self.palette) for c in self.colour_index[:self.players]]
        try:
            game = start_game(spec.id, self.players, seed, self.options())
        except AztecArcadeError as exc:
            self.error = one_line(exc)
            self.app.play_sound("error")
            return
        session = make_session(self.app, game, names, colours)
        session.controllers = {pad: seat for pad, seat in self.claims.items()
                               if seat < self.players}
        session.set_kinds(self.kinds[:self.players])
        remember(Setup.of(session))  # the title's Rematch
        # seats that phones hold are theirs from the first move; exit() stops the typing
        self.app.stack.replace(self.app.remote.attach(make_scene("play", session)))

    def _invite(self) -> None:
        if self.app is not None:
            self.app.stack.push("invite")

    def back(self) -> None:
        assert self.app is not None
        self.app.stack.pop()  # exit() stops the typing

    # -- input -----------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        row = self.current
        if kind == "back":
            assert self.app is not None
            self.app.play_sound("back")
            self.back()
            return
        if kind in ("up", "tab_back"):
            self._move(-1)
            return
        if kind in ("down", "tab"):
            self._move(1)
            return
        if kind in ("point", "click", "rclick"):
            self._pointer(intent)
            return
        if row is None:
            return
        pad = pad_id(intent.device)
        seat = self._seat_of(row)
        if kind == "confirm" and pad is not None and seat is not None:
            self.claim(pad, seat)
            return
        if row.kind == "text" and row.field is not None and row.field.handle(intent):
            self.error = ""
            return
        if kind in ("left", "right") and row.kind == "adjust" and row.enabled and row.adjust:
            row.adjust(-1 if kind == "left" else 1)
            self.error = ""
            if self.app is not None:
                self.app.play_sound("click")
            return
        if kind == "confirm":
            if row.kind == "button" and row.enabled and row.action is not None:
                row.action()
            elif row.kind == "adjust" and row.enabled and row.adjust is not None:
                row.adjust(1)
            elif row.kind == "text":
                self._move(1)

    def _pointer(self, intent: Intent) -> None:
        for i, row in enumerate(self.rows):
            if not inside(intent.pos, row.rect):
                continue
            if not row.enabled:
                return
            if intent.kind == "point":
                if i != self.focus:
                    self._focus(i)
                return
            self._focus(i)
            if row.kind == "button" and intent.kind == "click" and row.action is not None:
                row.action()
            elif row.kind == "adjust" and row.adjust is not None:
                ax, _y, aw, _h = self._arrow_span(row)
                px = intent.pos[0] if intent.pos else ax + aw
                on_left = ax <= px < ax + 80
                row.adjust(-1 if intent.kind == "rclick" or on_left else 1)
                if self.app is not None:
                    self.app.play_sound("click")
            return

    @staticmethod
    def _arrow_span(row: Row) -> tuple[float, float, float, float]:
        """Where the left/right arrows of an adjustable row are drawn."""
        x, y, w, h = row.rect
        if row.key.startswith(("colour", "kind")):
            return x, y, w, h
        return x + w * 0.42, y, w * 0.58, h

    def update(self, dt: float) -> None:
        super().update(dt)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, screen: Screen) -> None:
        assert self.app is not None
        draw_backdrop(screen, self.t)
        draw_header(screen, "New game", self.t)
        spec = self.spec
        for i, row in enumerate(self.rows):
            if row.key.startswith(("name", "colour", "kind")):
                continue
            self._draw_row(screen, i, row)
        # description under the variant row
        if spec is not None:
            screen.text(fit(screen, f"{spec.min_players}-{spec.max_players} players",
                            theme.FONT_SMALL, LEFT_W), LEFT_X + 10, 284, theme.FONT_SMALL,
                        theme.ACCENT)
            screen.text(spec.description, LEFT_X + 10, 318, theme.FONT_SMALL, theme.TEXT_DIM,
                        wrap=LEFT_W - 20)
        else:
            screen.text("No playable variant is installed.", LEFT_X + 10, 290, theme.FONT_BODY,
                        theme.DANGER)
        self._draw_broken(screen)
        self._draw_seats(screen)
        if self.error:
            screen.box(RIGHT_X, 836, RIGHT_W, 56, (90, 24, 24), radius=10)
            screen.text(fit(screen, self.error, theme.FONT_SMALL, RIGHT_W - 30), RIGHT_X + 15,
                        864, theme.FONT_SMALL, (255, 200, 190), "midleft")
        draw_footer(screen, self.shortcuts)

    def _row_style(self, i: int, row: Row) -> tuple[Any, Any, float]:
        focused = i == self.focus
        if not row.enabled:
            return theme.PANEL, (120, 126, 140), 0.0
        if focused and row.kind != "text":
            return theme.ACCENT, INK, 4 + 4 * pulse(self.t, 5)
        return theme.PANEL_LIGHT, theme.TEXT, 0.0

    def _draw_row(self, screen: Screen, i: int, row: Row, dx: float | None = None) -> None:
        x, y, w, h = row.rect
        if dx is None:
            dx = -(1 - ease_out((self.t - 0.04 * i) / 0.35)) * 600
        x += dx
        focused = i == self.focus
        fill, ink, grow = self._row_style(i, row)
        if row.kind == "text" and row.field is not None:
            screen.text(row.label, x + 10, y + h / 2, theme.FONT_BODY, theme.TEXT, "midleft")
            row.field.draw(screen, x + 260, y, w - 260, h, focused, self.t, theme.FONT_LARGE)
            return
        lift = 6.0 if grow else 0.0  # one size (painted once); the focus ring breathes
        frames.tile(screen, x - lift, y - lift / 2, w + 2 * lift, h + lift, fill, radius=14)
        if focused:
            focus_ring(screen, (x, y, w, h), lift + grow - 2, 5)
        if row.kind == "button":
            screen.text(row.value() if row.value else row.label, x + w / 2, y + h / 2,
                        theme.FONT_LARGE, ink, "center")
            return
        bounce = 3 * pulse(self.t, 6) if focused else 0
        if row.key.startswith("colour"):
            seat = int(row.key[6:])
            colour = self.palette[self.colour_index[seat] % len(self.palette)]
            size: float = theme.FONT_BODY
            label = row.value() if row.value else ""
            tw = screen.text_width(label, theme.readable(size))
            sx = x + w / 2 - (tw + 40) / 2
            screen.box(sx, y + h / 2 - 14, 28, 28, colour, radius=6)
            screen.box(sx, y + h / 2 - 14, 28, 28, INK, radius=6, width=2)
            screen.text(label, sx + 40, y + h / 2, theme.readable(size), ink, "midleft")
            draw_arrows(screen, x, y, w, h, ink, bounce)
            return
        if row.key.startswith("kind"):
            label = row.value() if row.value else ""
            colour = ink if focused or label == "Human" else theme.ACCENT
            room = w - 2 * (14 + h * 0.22 + 16)  # between the arrows
            size = fit_size(screen, label, room, theme.FONT_BODY if h >= 44 else
                            theme.FONT_SMALL, theme.FONT_SMALL)
            beside = room - screen.text_width(label, size) - 24
            if screen.text_width(row.label, theme.FONT_SMALL) <= beside:  # room for "Plays"
                screen.text(row.label, x + 70, y + h / 2, theme.FONT_SMALL, ink, "midleft")
                screen.text(label, x + w - 70, y + h / 2, size, colour, "midright")
            else:
                screen.text(fit(screen, label, size, room), x + w / 2, y + h / 2, size,
                            colour, "center")
            draw_arrows(screen, x, y, w, h, ink, bounce)
            return
        screen.text(row.label, x + 24, y + h / 2, theme.FONT_BODY, ink, "midleft")
        value = row.value() if row.value else ""
        left = x + 24 + screen.text_width(row.label, theme.FONT_BODY) + 16
        room = x + w - 64 - (left + 14 + h * 0.22 + 12)
        size = fit_size(screen, value, room, theme.FONT_LARGE)
        screen.text(fit(screen, value, size, room), x + w - 64, y + h / 2, size, ink,
                    "midright", role="menu")
        if row.enabled and row.adjust is not None:
            draw_arrows(screen, left, y, x + w - left, h, ink, bounce)

    def _draw_seats(self, screen: Screen) -> None:
        card_h = self._card_h()
        keyed = {row.key: (i, row) for i, row in enumerate(self.rows)}
        for seat in range(self.players):
            y = 190 + seat * (card_h + 10)
            appear = ease_out((self.t - 0.1 - 0.06 * seat) / 0.35)
            dx = (1 - appear) * 900
            colour = self.palette[self.colour_index[seat] % len(self.palette)]
            frames.panel(screen, RIGHT_X + dx, y, RIGHT_W, card_h, theme.PANEL_LIGHT, radius=14)
            frames.tile(screen, RIGHT_X + dx, y, 76, card_h, colour, radius=14, depth=0)
            draw_mark(screen, theme.MARKS[self.colour_index[seat] % len(theme.MARKS)],
                      RIGHT_X + dx + 38, y + min(card_h, 90) / 2, 22, INK)
            if self.app is not None and self.app.remote.holds(seat):  # played on a phone
                draw_mark(screen, "phone", RIGHT_X + dx + 38, y + card_h - 30, 18, INK)
            i, name_row = keyed[f"name{seat}"]
            nx, ny, nw, nh = name_row.rect
            assert name_row.field is not None
            name_row.field.draw(screen, nx + dx, ny, nw, nh, i == self.focus, self.t,
                                theme.FONT_LARGE if nh >= 60 else theme.FONT_BODY)
            ci, colour_row = keyed[f"colour{seat}"]
            self._draw_row(screen, ci, colour_row, dx)
            ki, kind_row = keyed[f"kind{seat}"]
            self._draw_row(screen, ki, kind_row, dx)
            pads = ", ".join(pad_label(p) for p in self.pads_of(seat))
            if pads and card_h >= 110:
                screen.text(pads, RIGHT_X + dx + RIGHT_W - 24, y + card_h - 22,
                            theme.FONT_SMALL, theme.ACCENT, "midright")
            elif pads:
                screen.text(pads, RIGHT_X + dx + 38, y + card_h - 12,
                            theme.readable(theme.FONT_SMALL * 0.6), INK, "center")

    def _draw_broken(self, screen: Screen) -> None:
        assert self.app is not None
        broken = [b for b in self.app.registry.broken if b.kind in ("variant", "plugin")]
        if not broken:
            return
        y = self.left_bottom
        h = BUTTONS_Y - 20 - y
        if h < 120:
            return
        top = draw_panel(screen, LEFT_X, y, LEFT_W, h, "Unavailable")
        line = top
        for b in broken:
            if line + 60 > y + h:
                screen.text(f"... and {len(broken) - broken.index(b)} more (see "
                            "'aztec-arcade list')", LEFT_X + 20, line, theme.FONT_SMALL,
                            theme.TEXT_DIM)
                break
            screen.text(fit(screen, f"{b.name} ({b.kind})", theme.FONT_SMALL, LEFT_W - 40),
                        LEFT_X + 20, line, theme.FONT_SMALL, (120, 126, 140))
            screen.text(fit(screen, one_line(b.message), theme.FONT_SMALL, LEFT_W - 60),
                        LEFT_X + 40, line + 28, theme.FONT_SMALL, theme.DANGER)
            line += 64
