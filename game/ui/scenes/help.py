"""The player aid: a game's rules as illustrated pages, then the controls.

The pages come from the rules (``Rules.player_aid``, built from the variant's numbers)
and their pictures from the game's board view (``draw_aid_figure``), drawn with the
game's own pieces (:mod:`game.kit.client.aid`); the shell knows no game. Left and Right (a
controller's D-pad or shoulders, the mouse wheel, the arrows and dots at the bottom)
turn the pages; Esc closes. The page last read of each game opens again next time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from game.core.facets import presentation
from game.core.registry import get_registry
from game.i18n import Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.aid import AidContext, AidGroup, AidPage, AidRow, Painter, pages_of
from game.kit.client.art import frames
from game.kit.client.boardview import BoardView
from game.kit.client.layers import Snapshot, offscreen
from game.kit.client.text import ease_out, fit, inside
from game.ui import padcaps
from game.ui.aid_draw import draw_page
from game.ui.input import PadFamily, shown_pad
from game.ui.isolation import call_plugin, guard_rules
from game.ui.scenes.common import BaseScene, MenuScene
from game.ui.sessions import palette_name
from game.ui.variantwords import variant_text
from game.ui.widgets import INK, Menu, MenuItem, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.shell import Shell

CONTROLS: tuple[tuple[Text, Text], ...] = (
    (_("Arrows / mouse", context="key"), _("Move the cursor, choose")),
    (_("Enter / Space / click", context="key"), _("Do it")),
    (_("Tab", context="key"), _("Next tool")),
    (_("R / right click", context="key"), _("Turn the piece, or the next option")),
    (_("1-9", context="key"), _("Pick a numbered choice")),
    (_("U  or  Ctrl+Z", context="key"), _("Undo (within your turn)")),
    (_("Y  or  Ctrl+Shift+Z", context="key"), _("Redo")),
    (_("E", context="key"), _("End the turn (with AP left: E again)")),
    (_("P (hold)  or  LT", context="key"), _("Peek at your own secret cards")),
    (_("H", context="key"), _("A hint")),
    (_("S", context="key"), _("Save the game")),
    (_("Esc", context="key"), _("Pause menu")),
    (_("F1", context="key"), _("This help")),
    (_("F11", context="key"), _("Fullscreen")),
)
#: the controls page's first line, with the keys' names and with a pad's
KEYS_LEAD = _("With a controller, press one of its buttons to see them named here.")
PAD_LEAD = _("Your controller's buttons. The keys still work: press one to see them.")


def controls_page(family: PadFamily | None = None) -> AidPage:
    """The controls' page, last in every aid, in the television's language (an aid's
    pages hold words: made when the aid opens, and again when the input changes between
    keys and a pad): with ``family``, the controls that pad has buttons for, named as it
    names them (:mod:`game.ui.padcaps`); a key press shows the keys again."""
    rows = [(meaning, padcaps.words(key, family) if family else say(key))
            for key, meaning in CONTROLS]
    return AidPage(say(_("Controls")), lead=say(PAD_LEAD if family else KEYS_LEAD),
                   groups=(AidGroup("", tuple(AidRow(say(meaning), name)
                                              for meaning, name in rows if name)),))

#: the panel (logical units) and its parts
PANEL = (40.0, 22.0, 1840.0, 984.0)
BODY_TOP = 122.0
NAV_H = 76.0
SIDE = 64.0
#: where a page's words and pictures go (the panel's body, once it has grown in)
BODY = (PANEL[0] + SIDE, PANEL[1] + BODY_TOP, PANEL[2] - 2 * SIDE,
        PANEL[3] - BODY_TOP - NAV_H - 40)
#: the page each game's aid showed last (by variant id), for the next time it opens
#: (for each window: a new App, as in each test, starts every aid at its first page)
_LAST_PAGE: WeakKeyDictionary[Any, dict[str, int]] = WeakKeyDictionary()

Row = tuple[str, str]


def _aid(rules: Any) -> dict[str, Any] | None:
    """The rules' player aid if it is a mapping. The rules are behind the plugin guard:
    if ``player_aid`` raises, the failure unwinds to the App like any other."""
    aid = presentation(rules).player_aid()
    return aid if isinstance(aid, dict) else None


RULES_HELP = _("Rules help")
#: seconds a page is shown before the next one is painted off the screen
WARM_AFTER = 0.5


class HelpScene(BaseScene):
    overlay = True
    is_menu = True
    shortcuts = ((_("Left/Right", context="key"), _("Turn the page")),
                 (_("1-9", context="key"), _("Go to a page")),
                 (_("Esc", context="key"), _("Close")))

    def __init__(self, title: Text = RULES_HELP, aid: dict[str, Any] | None = None,
                 description: str = "", rules: Any = None, variant: str = "",
                 engine: str = "") -> None:
        super().__init__()
        self.title = title
        aid = aid or {}
        self.description = description
        # the aid's words as the rules gave them (the generic pages are made of these)
        self.intro = str(aid.get("intro", ""))
        self.cost_rows: list[Row] = [(str(a), str(b)) for a, b in aid.get("actions", [])]
        self.scoring = [str(line) for line in aid.get("scoring", [])]
        #: the pad whose buttons the controls page names (None: the keys), as the window's
        #: input last was (see :meth:`name_controls`)
        self.pads: PadFamily | None = None
        self.pages: list[AidPage] = [*(pages_of(aid, description) if aid or description
                                       else []), controls_page()]
        self.rules = rules
        self.variant = variant
        self.engine = engine
        self.page = 0
        self.painter: Painter | None = None
        self._kept = Snapshot()
        #: pages painted once off the screen, so that their pictures' caches are warm
        #: when the page is turned to
        self._warm: set[int] = set()
        self._still = 0.0  # seconds since the page last turned

    @classmethod
    def for_game(cls, game: Any) -> HelpScene:
        spec = game.spec
        return cls(variant_text(spec.name), _aid(game.rules), say(variant_text(
            spec.description)), game.rules,
                   spec.id, game.rules.engine_id)

    @classmethod
    def for_spec(cls, spec: Any | None) -> HelpScene:
        """From the menus: the aid of the game at its most players (a partnership, the
        fullest table)."""
        if spec is None:
            return cls(_("Controls"))
        try:
            _spec, rules = get_registry().make_rules(spec.id, spec.max_players)
        except Exception:  # noqa: BLE001 - help must open even for a broken variant
            return cls(variant_text(spec.name), None, say(variant_text(spec.description)),
                       variant=spec.id)
        guarded = guard_rules(rules)
        return cls(variant_text(spec.name), _aid(guarded), say(variant_text(spec.description)),
                   guarded, spec.id,
                   spec.engine_id)

    # -- the view's pictures -------------------------------------------------------------
    def enter(self, app: Shell) -> None:
        super().enter(app)
        self.name_controls()
        self.painter = self._painter(app)
        last = _LAST_PAGE.get(app, {}).get(self.variant, 0)
        self.page = max(0, min(last, len(self.pages) - 1))

    def _painter(self, app: Shell) -> Painter | None:
        """The board view's ``draw_aid_figure`` with this aid's context, behind the plugin
        guard; None when the game's view draws no pictures (the pages are words only)."""
        factory = app.views.get(self.engine) if self.engine else None
        # a view class declares its pictures; a factory that is a plain function has none
        view = factory if isinstance(factory, type) and issubclass(factory, BoardView) \
            else None
        draw = view.draw_aid_figure if view is not None else None
        if draw is None or self.rules is None:
            return None
        palette = palette_name(app)
        ctx = AidContext(self.rules, [theme.player_colour(palette, i) for i in range(8)],
                         list(theme.MARKS))
        plugin = app.view_plugins.get(self.engine, (None, self.engine))[1]
        origin = app.registry.origin_of(plugin) if plugin else self.engine

        def paint(screen: Screen, area: Any, figure: Mapping[str, Any]) -> None:
            call_plugin(plugin, origin, f"the board view for '{self.engine}'",
                        "in draw_aid_figure()", draw, screen, area, figure, ctx)

        return paint

    def name_controls(self) -> None:
        """The controls page names the keys, or the pad whose input came last."""
        if shown_pad() != self.pads:
            self.pads = shown_pad()
            self.pages[-1] = controls_page(self.pads)
            self._warm.discard(len(self.pages) - 1)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.name_controls()  # a pad's button or a key since it opened
        self._still += dt
        if self.t > 0.3 and self._still > WARM_AFTER and self.app is not None:
            self._warm_next(self.app.screen)  # grown in, and the page has been read a while

    def wakes_in(self) -> float | None:
        if self._still <= WARM_AFTER:  # the next page is painted once this one was read
            return WARM_AFTER + 0.01 - self._still
        return self.ambient_wake()

    def _warm_next(self, screen: Screen) -> None:
        """Paint the page after this one (then the one before) off the screen, once: a
        picture's first painting (its textures, a map's label points) can take a good
        part of a second, spent while the page at hand is read, not when it turns."""
        for page in (self.page + 1, self.page - 1):
            if 0 <= page < len(self.pages) and page not in self._warm:
                self._warm.add(page)
                sub, _area = offscreen(screen, BODY)
                draw_page(sub, BODY, self.pages[page], self.painter)
                return

    # -- input ---------------------------------------------------------------------------
    def turn(self, step: int) -> None:
        self.go(self.page + step)

    def go(self, page: int) -> None:
        page = max(0, min(len(self.pages) - 1, page))
        if page != self.page and self.app is not None:
            self.app.play_sound("move")
            self._still = 0.0
        self.page = page
        if self.variant and self.app is not None:
            _LAST_PAGE.setdefault(self.app, {})[self.variant] = page

    def handle(self, intent: Intent) -> None:
        assert self.app is not None
        kind = intent.kind
        if kind in ("back", "help"):
            self.app.play_sound("back")
            self.app.stack.pop()
        elif kind == "confirm" and self.page == len(self.pages) - 1:
            self.app.play_sound("back")  # read to the end: Enter closes the aid
            self.app.stack.pop()
        elif kind in ("right", "tab", "down", "page_down", "confirm"):
            self.turn(1)
        elif kind in ("left", "tab_back", "up", "page_up", "rotate"):
            self.turn(-1)
        elif kind == "scroll" and isinstance(intent.value, int):
            self.turn(-1 if intent.value > 0 else 1)
        elif kind == "digit" and isinstance(intent.value, int):
            self.go(intent.value - 1)
        elif kind == "click" and intent.pos is not None:
            self._click(intent.pos)

    def _click(self, pos: tuple[float, float]) -> None:
        assert self.app is not None
        if not inside(pos, PANEL):
            self.app.play_sound("back")
            self.app.stack.pop()
            return
        prev, nxt, dots = self._nav_rects()
        if inside(pos, prev):
            self.turn(-1)
        elif inside(pos, nxt):
            self.turn(1)
        else:
            for i, rect in enumerate(dots):
                if inside(pos, rect):
                    self.go(i)

    # -- drawing -------------------------------------------------------------------------
    def _nav_rects(self, dy: float = 0.0) -> tuple[Any, Any, list[Any]]:
        """The previous and next buttons and the page dots (logical rects)."""
        x, y, w, h = PANEL
        ny = y + h - NAV_H - 14 + dy
        n = len(self.pages)
        step = min(52.0, 560.0 / max(1, n))
        left = x + w / 2 - step * n / 2
        dots = [(left + i * step, ny, step, NAV_H) for i in range(n)]
        # the buttons reach to the dots (a German page name needs all of it)
        bw = max(580.0, left - (x + SIDE - 20) - 24)
        prev = (x + SIDE - 20, ny, bw, NAV_H)
        nxt = (x + w - SIDE + 20 - bw, ny, bw, NAV_H)
        return prev, nxt, dots

    def draw(self, screen: Screen) -> None:
        screen.box(*screen.whole(), (0, 0, 0, 200))
        grow = ease_out(self.t / 0.25)
        dy = (1 - grow) * 60
        x, y, w, h = PANEL
        y += dy
        frames.panel(screen, x, y, w, h, theme.ACCENT, radius=24, width=5)
        page = self.pages[self.page]
        screen.text(page.title, x + SIDE, y + 30, theme.FONT_LARGE, theme.ACCENT)
        count = f"{self.page + 1} / {len(self.pages)}"
        cw = screen.text_width(count, theme.FONT_BODY)
        screen.text(count, x + w - SIDE, y + 36, theme.FONT_BODY, theme.TEXT, "topright")
        room = w - 2 * SIDE - cw - 40 - screen.text_width(page.title, theme.FONT_LARGE) - 40
        if room > 120:
            name = fit(screen, self.title, 36, room)
            screen.text(name, x + w - SIDE - cw - 40, y + 40, 36, theme.TEXT_DIM, "topright")
        body = (x + SIDE, y + BODY_TOP, w - 2 * SIDE, BODY[3])
        self._kept.draw(screen, body, ("aid", self.variant, self.page, body, self.pads),
                        lambda s: draw_page(s, body, page, self.painter))
        self._draw_nav(screen, dy)
        draw_footer(screen, self.shortcuts)

    def _draw_nav(self, screen: Screen, dy: float) -> None:
        prev, nxt, dots = self._nav_rects(dy)
        for rect, step in ((prev, -1), (nxt, 1)):
            target = self.page + step
            if not 0 <= target < len(self.pages):
                continue
            bx, by, bw, bh = rect
            name = self.pages[target].title
            size = 36.0
            while size > theme.FONT_SMALL and screen.text_width(name, size) > bw - 110:
                size -= 2
            words = fit(screen, name, size, bw - 110)
            tw = screen.text_width(words, size) + 110
            if step > 0:
                bx += bw - tw
            screen.box(bx, by, tw, bh, theme.PANEL_LIGHT, radius=bh / 2)
            ax = bx + 36 if step < 0 else bx + tw - 36
            _chevron(screen, ax, by + bh / 2, step)
            tx = bx + 70 if step < 0 else bx + tw - 70
            screen.text(words, tx, by + bh / 2, size, theme.TEXT,
                        "midleft" if step < 0 else "midright")
        for i, (dx, ddy, dw, dh) in enumerate(dots):
            cx, cy = dx + dw / 2, ddy + dh / 2
            if i == self.page:
                screen.circle(cx, cy, 14, theme.ACCENT)
            else:
                screen.circle(cx, cy, 10, theme.TEXT_DIM, 3)


def _chevron(screen: Screen, x: float, y: float, step: int) -> None:
    """An arrow head pointing the way the page turns."""
    d = 12.0 * step
    screen.polygon([(x + d, y), (x - d, y - 16), (x - d, y + 16)], theme.ACCENT)


class RulesChoiceScene(MenuScene):
    """Rules help from the title: which game's? Every installed game is listed; the chosen
    one's player aid opens in its place."""

    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Enter", context="key"), _("Show its rules")),
                 (_("Esc", context="key"), _("Back")))

    def __init__(self, specs: list[Any]) -> None:
        super().__init__()
        self.specs = list(specs)
        items = [MenuItem(variant_text(spec.name), self._chooser(spec), detail=_players(spec))
                 for spec in self.specs]
        items.append(MenuItem(_("Back"), self.back))
        self.menu = Menu(items, 360, 200, 1200, item_h=88, gap=12, visible=8)

    def _chooser(self, spec: Any) -> Any:
        return lambda: self.choose(spec)

    def choose(self, spec: Any) -> None:
        assert self.app is not None
        self.app.stack.replace("rules", spec)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "help":
            self.back()
            return
        super().handle(intent)

    def draw(self, screen: Screen) -> None:
        draw_backdrop(screen, self.t)
        draw_header(screen, RULES_HELP, self.t, _("Which game?"))
        self.menu.draw(screen)
        draw_footer(screen, self.shortcuts)


def _players(spec: Any) -> Text:
    """ "2-4 players", "2 players": a game's player counts, for the menu."""
    low, high = int(spec.min_players), int(spec.max_players)
    return _.n("{n} player", "{n} players", n=high) if low == high else \
        _("{least}-{most} players", least=low, most=high)


__all__ = ["CONTROLS", "HelpScene", "RulesChoiceScene", "INK", "controls_page"]
