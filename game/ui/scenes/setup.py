"""New game setup: variant, players (name, colour), exposed parameters, seed."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from game.core.errors import AztecArcadeError
from game.core.notation import plain_number
from game.i18n import Text
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.messages import default_name, one_line
from game.kit.client.text import fit, inside
from game.ui.input import pad_id
from game.ui.isolation import start_game
from game.ui.lastsetup import Setup, recall, remember
from game.ui.scenes.common import TypingScene, random_seed
from game.ui.session import HUMAN, SEAT_KINDS, kind_label
from game.ui.sessions import colours_from_meta, make_session, names_from_meta, palette_name
from game.ui.setupdraw import (
    BUTTONS_Y,
    CARD_Y,
    LEFT_W,
    LEFT_X,
    RIGHT_W,
    RIGHT_X,
    ROW_GAP,
    ROW_H,
    VARIANT_Y,
    Row,
    card_height,
    description_lines,
    draw_broken,
    draw_description,
    draw_row,
    draw_seats,
    most_lines,
)
from game.ui.shell import make_scene
from game.ui.variantwords import parameter_label, variant_text
from game.ui.widgets import TextField, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.core.registry import VariantSpec
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell

NAME_LEN = 14


#: the palettes' colours as the setup names them (``theme.colour_names``), in the
#: reader's language
COLOUR_WORDS: dict[str, Text] = {
    "Orange": _("Orange", context="colour"), "Sky": _("Sky", context="colour"),
    "Green": _("Green", context="colour"), "Vermillion": _("Vermillion", context="colour"),
    "Yellow": _("Yellow", context="colour"), "Blue": _("Blue", context="colour"),
    "Purple": _("Purple", context="colour"), "White": _("White", context="colour"),
    "Cyan": _("Cyan", context="colour"), "Pink": _("Pink", context="colour"),
    "Violet": _("Violet", context="colour")}


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
                              placeholder=_("Random"))
        self.rows: list[Row] = []
        self.focus = 0
        self.error: Text = ""
        self.left_bottom = 1000.0
        #: how many lines of the variant's description its card shows
        self.description_rows = 0
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
    def shortcuts(self) -> tuple[tuple[Text, Text], ...]:  # type: ignore[override]
        row = self.current
        on_seat = row is not None and self._seat_of(row) is not None
        claim = ((_("Pad A", context="key"), _("Claim seat")),) if on_seat else ()
        back = (_("Esc", context="key"), _("Back"))
        if row is not None and row.kind == "text":
            return ((_("Type", context="key"),
                     _("Name") if row.key.startswith("name") else _("Digits")),
                    (_("Backspace", context="key"), _("Delete")),
                    (_("Up/Down/Tab", context="key"), _("Move")),
                    (_("Enter", context="key"), _("Next")), *claim, back)
        return ((_("Up/Down", context="key"), _("Move")),
                (_("Left/Right", context="key"), _("Change")),
                (_("Enter", context="key"), _("Select")), (_("Tab", context="key"), _("Next")),
                *claim, back)

    @property
    def current(self) -> Row | None:
        return self.rows[self.focus] if self.rows else None

    def enter(self, app: Shell) -> None:
        super().enter(app)
        app.views  # noqa: B018 - loaded now, so a board view that fails is listed here too
        self.specs = sorted(app.registry.variants.values(), key=lambda s: (s.name, s.id))
        last = recall(app.registry.variants)
        wanted = last.variant if last is not None else "mexica"
        for i, spec in enumerate(self.specs):
            if spec.id == wanted:
                self.variant_index = i
        self._choose_variant(self.variant_index)
        if last is not None and self.spec is not None and self.spec.id == last.variant:
            self.restore(last)
        # Start has the focus: New game, then Enter, and a group is playing
        self.focus_on("start")

    def restore(self, setup: Setup) -> None:
        """Set the screen up as ``setup`` was (the last game started): the players, the
        options, and each seat's name, colour and who plays it. A group that plays again
        changes only what is new; the seed stays Random."""
        self._set_players(setup.players)
        for seat, name in enumerate(names_from_meta(setup.meta, setup.players)):
            field = self.names[seat]
            field.value = "".join(ch for ch in name if field.allowed(ch))[:field.max_len]
        colours = colours_from_meta(setup.meta, setup.players)
        if colours is not None and all(c < len(self.palette) for c in colours):
            self.colour_index[:setup.players] = colours
        kinds = setup.meta.get("seats")
        if isinstance(kinds, list):
            for seat, kind in enumerate(kinds[:setup.players]):
                self.kinds[seat] = kind if kind in SEAT_KINDS else HUMAN
        for name, value in (setup.options or {}).items():
            self._restore_param(name, value)
        self._build_rows()

    def _restore_param(self, name: str, value: Any) -> None:
        """An option of the last setup, if this screen still offers it with a value of
        that kind, in its range."""
        default = self.params.get(name, None)
        if name not in self.params or type(value) is not type(default):
            return
        if isinstance(value, int) and not isinstance(value, bool):
            schema = self._param_schema(name)
            lo, hi = getattr(schema, "min", None), getattr(schema, "max", None)
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                return
        self.params[name] = value

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
        rows.append(Row("variant", "adjust", _("Game"), (LEFT_X, VARIANT_Y, LEFT_W, ROW_H),
                        value=lambda: variant_text(self.spec.name) if self.spec else
                        _("none installed"),
                        adjust=self._adjust_variant, enabled=len(self.specs) > 1))
        # the description's card, as tall as its wrapped lines: the rows follow below it
        screen = self.app.screen if self.app is not None else None
        self.description_rows = len(description_lines(screen, spec, most_lines(
            len(self.params) + 2)))
        y = CARD_Y + card_height(self.description_rows) + ROW_GAP
        rows.append(Row("players", "adjust", _("Players"), (LEFT_X, y, LEFT_W, ROW_H),
                        value=lambda: str(self.players), adjust=self._adjust_players,
                        enabled=spec is not None and spec.min_players < spec.max_players))
        y += ROW_H + ROW_GAP
        for name in self.params:
            rows.append(Row(f"param:{name}", "adjust", parameter_label(name),
                            (LEFT_X, y, LEFT_W, ROW_H),
                            value=partial(self._param_text, name),
                            adjust=partial(self._adjust_param, name),
                            enabled=self._param_adjustable(name)))
            y += ROW_H + ROW_GAP
        rows.append(Row("seed", "text", _("Seed"), (LEFT_X, y, LEFT_W, ROW_H), field=self.seed))
        self.left_bottom = y + ROW_H + 20
        card_h = self.card_h()
        for seat in range(self.players):
            cy = 190 + seat * (card_h + 10)
            rows.append(Row(f"name{seat}", "text", _("Player {number}", number=seat + 1),
                            (RIGHT_X + 90, cy + 10, 440, min(70.0, card_h - 20)),
                            field=self.names[seat]))
            rows.append(Row(f"colour{seat}", "adjust", _("Colour"),
                            (RIGHT_X + 550, cy + 10, RIGHT_W - 570, min(70.0, card_h - 20)),
                            value=partial(self._colour_name, seat),
                            adjust=partial(self._adjust_colour, seat)))
            # who plays the seat, in its card: in the keyboard order before Start, so a
            # group sets every seat on the way down to Start
            ky = cy + 10 + min(70.0, card_h - 20) + 8
            rows.append(Row(f"kind{seat}", "adjust", _("Plays"),
                            (RIGHT_X + 90, ky, 440, max(28.0, min(52.0, cy + card_h - ky - 8))),
                            value=partial(self._kind_text, seat),
                            adjust=partial(self._adjust_kind, seat)))
        by = BUTTONS_Y
        rows.append(Row("start", "button", _("Start"), (RIGHT_X, by, 560, 96),
                        action=self.start, enabled=spec is not None))
        rows.append(Row("back", "button", _("Back"), (RIGHT_X + 580, by, RIGHT_W - 580, 96),
                        action=self.back))
        # under the left column, but last in the keyboard order: the other rows keep theirs
        rows.append(Row("invite", "button", _("Invite phones"), (LEFT_X, BUTTONS_Y, LEFT_W, 96),
                        value=lambda: self.app.remote.invite_label() if self.app else "",
                        action=self._invite,
                        enabled=spec is not None))
        self.rows = rows
        keys = [r.key for r in rows]
        self.focus = keys.index(key) if key in keys else min(self.focus, len(rows) - 1)

    def card_h(self) -> float:
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
        for _step in range(n):
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

    def _param_text(self, name: str) -> Text:
        value = self.params.get(name)
        if isinstance(value, bool):
            return _("On", context="setting") if value else _("Off", context="setting")
        if isinstance(value, int | float | str):
            return str(value)
        return _("(set in the variant file)")

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

    def _colour_name(self, seat: int) -> Text:
        assert self.app is not None
        names = theme.colour_names(palette_name(self.app))
        i = self.colour_index[seat]
        return COLOUR_WORDS.get(names[i], names[i]) if i < len(names) else \
            _("Colour {number}", number=i + 1)

    def _kind_text(self, seat: int) -> Text:
        phone = self.kinds[seat] == HUMAN and self.app is not None and self.app.remote.holds(seat)
        return _("Phone") if phone else kind_label(self.kinds[seat])

    def _adjust_kind(self, seat: int, step: int) -> None:
        i = SEAT_KINDS.index(self.kinds[seat]) if self.kinds[seat] in SEAT_KINDS else 0
        self.kinds[seat] = SEAT_KINDS[(i + step) % len(SEAT_KINDS)]

    def _adjust_colour(self, seat: int, step: int) -> None:
        count = len(self.palette)
        others = {c for s, c in enumerate(self.colour_index[:self.players]) if s != seat}
        i = self.colour_index[seat]
        for _step in range(count):
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
            self.error = _("No playable variant is installed")
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
        draw_header(screen, _("New game"), self.t)
        for i, row in enumerate(self.rows):
            if row.key.startswith(("name", "colour", "kind")):
                continue
            draw_row(screen, self, i, row)
        draw_description(screen, self)
        draw_broken(screen, self)
        draw_seats(screen, self)
        if self.error:
            screen.box(RIGHT_X, 836, RIGHT_W, 56, (90, 24, 24), radius=10)
            screen.text(fit(screen, self.error, theme.FONT_SMALL, RIGHT_W - 30), RIGHT_X + 15,
                        864, theme.FONT_SMALL, (255, 200, 190), "midleft")
        draw_footer(screen, self.shortcuts)
