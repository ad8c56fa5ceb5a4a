"""The title screen: animated logo and the main menu."""

from __future__ import annotations

import math
import random
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import make_bot
from game.api import new_game
from game.core.errors import AztecArcadeError, SaveError
from game.i18n import Listing, Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.art import frames, palette
from game.kit.client.damage import Part
from game.kit.client.messages import one_line
from game.kit.client.screen import Screen
from game.kit.client.text import ease_out, fit
from game.ui import sceneparts
from game.ui.isolation import PluginFailure
from game.ui.lastsetup import Setup, recall
from game.ui.lessonstore import lessons_done
from game.ui.lessonworker import lesson_worker
from game.ui.saves import AUTOSAVE
from game.ui.sceneparts import footer, paint_all, piece
from game.ui.scenes.common import MenuScene, random_seed
from game.ui.services import AppServices
from game.ui.session import Session
from game.ui.sessions import colours_from_meta, make_session, names_from_meta
from game.ui.shell import POLL, soonest
from game.ui.variantwords import variant_text
from game.ui.widgets import FOOTER_Y, Menu, MenuItem

if TYPE_CHECKING:
    from game.api import Game
    from game.kit.client.intent import Intent
    from game.ui.shell import Shell

TITLE = "AZTEC ARCADE"
#: seconds on the title before computers start a game behind the menu (attract mode)
ATTRACT_DELAY = 2.5
#: seconds between the attract game's actions, and before the next game starts
ATTRACT_STEP = 0.3
ATTRACT_REST = 3.0
#: the board drawn behind the menu (clear of the subtitle above and the frieze below),
#: and how dark the veil over it is
ATTRACT_AREA = (400.0, 370.0, 1120.0, 602.0)
ATTRACT_VEIL = 110
#: the game behind the menu is a backdrop, never a second thing to read: it is drawn
#: out of sight, shrunk to one part in BLUR of its size and spread out again (no word,
#: number or edge of it survives), and painted again this many times a second
BLUR = 24
#: the scale the game is drawn at before it is blurred (pixels per logical unit)
ATTRACT_SCALE = 0.25
BACKDROP_FPS = 12
#: the stone frame around the game playing behind the menu (logical units)
FRAME_BORDER = 14.0
#: the room a menu row leaves its second line, each side
MENU_PAD = 26.0


class Attract:
    """Easy computers playing a random variant behind the title menu.

    Easy bots are cheap (the playout policy), so they play on the render thread at a
    relaxed pace. Only variants with a board view take part; anything that fails, a
    plugin failure included, turns the attract mode off quietly (it is decoration).
    """

    def __init__(self, app: Shell, seed: int | None = None) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.session: Any = None
        self.view: Any = None
        self.bots: list[Any] = []
        self.wait = 0.0
        self.age = 0.0  # seconds since this game started (the fade in)
        self.broken = False
        #: the blurred picture of the game (a pixel cache, see :meth:`picture`)
        self.cache: dict[str, Any] = {}

    def candidates(self) -> list[Any]:
        specs = [s for s in self.app.registry.variants.values()
                 if s.engine_id in self.app.views]
        return sorted(specs, key=lambda s: s.id)

    def start(self) -> None:
        specs = self.candidates()
        if not specs:
            self.broken = True
            return
        spec = self.rng.choice(specs)
        lo, hi = spec.min_players, min(spec.max_players, max(spec.min_players, 4))
        players = self.rng.randint(lo, hi)
        seed = self.rng.randrange(1 << 31)
        game = new_game(spec.id, players, seed)
        # short names: the framed board behind the menu is smaller than in play, and a
        # Market margin card there holds "Bot 2" whole where "Computer 2" would be cut
        self.session = Session(game, [say(_("Bot {number}", number=i + 1)) for i in range(players)])
        self.session.set_kinds(["easy"] * players)
        self.bots = [make_bot("easy", seed=seed + i) for i in range(players)]
        self.view = self.app.views[spec.engine_id](self.session, AppServices(self.app))
        self.wait = 0.0
        self.age = 0.0

    def update(self, dt: float) -> None:
        if self.broken:
            return
        try:
            if self.session is None:
                self.start()
                return
            self.age += dt
            self.wait += dt
            self.view.update(dt)
            game = self.session.game
            if game.is_over:
                if self.wait >= ATTRACT_REST:
                    self.start()
                return
            if self.wait < ATTRACT_STEP or self.view.busy is True:
                return
            seat = game.current_player
            if seat is None:
                return
            action = self.bots[seat].choose(game.rules, game.view(seat),
                                            self.session.legal())
            events = self.session.apply(action)
            self.view.on_events(action, events)
            self.wait = 0.0
        except (Exception, PluginFailure):  # noqa: BLE001 - decoration never breaks the title
            self.broken = True

    def draw(self, screen: Screen, alpha: float) -> None:
        if self.broken or self.view is None:
            return
        self.draw_frame(screen)
        self.draw_picture(screen, alpha)

    def draw_frame(self, screen: Screen) -> None:
        """The stone frame around the game."""
        x, y, w, h = ATTRACT_AREA
        border = FRAME_BORDER
        frames.panel(screen, x - border, y - border, w + 2 * border, h + 2 * border,
                     palette.GOLD, radius=18, fill=palette.NIGHT, width=4)

    def draw_picture(self, screen: Screen, alpha: float) -> None:
        """The game's blurred picture and the veil over it."""
        try:
            surf, at = self.picture(screen, self._veil(alpha))
        except (Exception, PluginFailure):  # noqa: BLE001
            self.broken = True
            return
        screen.surface.blit(surf, at)

    def parts(self, screen: Screen, alpha: float) -> list[Part]:
        """The framed game as parts: its frame (still), and its picture under the veil,
        repainted as often as the picture is painted or the veil fades, hiding what lies
        under it (a new picture repaints it and the menu over it, nothing more)."""
        if self.broken or self.view is None:
            return []
        x, y, w, h = ATTRACT_AREA
        reach = FRAME_BORDER + 24  # the frame and its soft shadow
        area = screen.rect(x, y, w, h).clip(screen.surface.get_rect())
        return [Part("attract frame", screen.rect(x - reach, y - reach, w + 2 * reach,
                                                  h + 2 * reach),
                     "frame", partial(self.draw_frame, screen)),
                Part("attract picture", area, (self._picture_key(screen), self._veil(alpha)),
                     partial(self.draw_picture, screen, alpha), opaque=area)]

    def _veil(self, alpha: float) -> int:
        """How dark the veil over the picture is now (it fades as the game comes in)."""
        return int(255 - (255 - ATTRACT_VEIL) * max(0.0, min(1.0, alpha, self.age / 1.2)))

    def _picture_key(self, screen: Screen) -> tuple[Any, ...]:
        return (screen.surface.get_size(), screen.scale, int(self.age * BACKDROP_FPS),
                id(self.view))

    def picture(self, screen: Screen, veil: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """The game, blurred, under a veil of ``veil`` (its alpha), and where it goes
        (pixels). A pixel cache: painted again :data:`BACKDROP_FPS` times a second of the
        game's age, or for a new window size, so the frames in between only blit it. The
        veil is laid on the blur's few pixels before they are spread (the same picture,
        as spreading is linear), not blended over a screenful of them in each frame that
        repaints the picture or a row of the menu over it.

        Why drawn at :data:`ATTRACT_SCALE`, not at the window's: only a blur of it is ever
        shown, and at the window's scale the game's view painted a screenful of canvas
        and its own layers for it, 26 MB at once at 1080p, the client's highest point
        over an evening (``benchmarks/memory.py --client``). A quarter of 1080p still
        holds six pixels for each one the blur keeps."""
        key = self._picture_key(screen)
        if self.cache.get("key") != key:
            lw, lh = theme.LOGICAL_SIZE
            off = self.cache.get("canvas")
            size = (round(lw * ATTRACT_SCALE), round(lh * ATTRACT_SCALE))
            if off is None or off.get_size() != size:
                off = self.cache["canvas"] = pygame.Surface(size)
            off.fill(palette.NIGHT)
            small = Screen(off)  # the whole canvas at that scale, as a small window shows it
            self.view.draw(small, ATTRACT_AREA)
            crop = small.rect(*ATTRACT_AREA).clip(off.get_rect())
            tiny = (max(1, round(ATTRACT_AREA[2] / BLUR)), max(1, round(ATTRACT_AREA[3] / BLUR)))
            self.cache["blur"] = pygame.transform.smoothscale(off.subsurface(crop), tiny)
            self.cache["key"] = key
        if self.cache.get("veiled") != (key, veil):
            shrunk = self.cache["blur"].copy()
            cover = pygame.Surface(shrunk.get_size(), pygame.SRCALPHA)
            cover.fill((*palette.NIGHT, veil))
            shrunk.blit(cover, (0, 0))
            area = screen.rect(*ATTRACT_AREA).clip(screen.surface.get_rect())
            # spread into the last picture's pixels: a new screenful of them is a fresh
            # mapping each time (game.kit.client.heap), its first touch a millisecond
            kept = self.cache.get("picture")
            into = kept[0] if kept is not None and kept[0].get_size() == area.size else \
                pygame.Surface(area.size, 0, shrunk)
            self.cache["picture"] = (pygame.transform.smoothscale(shrunk, area.size, into),
                                     area.topleft)
            self.cache["veiled"] = (key, veil)
        picture: tuple[pygame.Surface, tuple[int, int]] = self.cache["picture"]
        return picture


def menu_rows(count: int) -> tuple[float, float, float]:
    """The menu's top, row height and gap for ``count`` rows: six stand apart; seven or
    eight (Continue and Rematch) sit closer together, all of them above the footer's
    frieze with the panel's frame around them."""
    if count <= 6:
        return 392, 80, 14
    top, gap = (380, 10) if count == 7 else (358, 8)
    step = min(82.0, (FOOTER_Y - 44 - top) / count)
    return top, step - gap, gap


#: the lessons' row (found again by its label when the lessons' check ends)
LEARN = _("Learn to play")


class TitleScene(MenuScene):
    backdrop = True
    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Enter", context="key"), _("Select")), (_("F1", context="key"), _("Rules")),
                 (_("F11", context="key"), _("Fullscreen")),
                 (_("Esc", context="key"), _("Quit")))

    def __init__(self, attract: bool = True, attract_seed: int | None = None) -> None:
        super().__init__()
        self.menu = Menu([], 660, 372, 600, item_h=80, gap=14)
        self.error: Text = ""
        #: why the autosave cannot be loaded, shown until it is replaced ('' if it can)
        self.notice = ""
        self.attract_enabled = attract
        self.attract_seed = attract_seed
        self.attract: Attract | None = None
        #: whether "Learn to play" waits for the lessons' check (:meth:`update` polls it)
        self.checking = False

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self._build()

    def resume(self) -> None:
        assert self.app is not None
        self.app.input.text_mode = False
        self._build()

    def _build(self) -> None:
        assert self.app is not None
        autosave = self.app.saves.peek_autosave()
        self.notice = autosave.problem
        items: list[MenuItem] = []
        game = autosave.game
        if game is not None and not game.is_over:
            items.append(MenuItem(_("Continue"), self.continue_game,
                                  detail=self._detail(*self._autosave_info(game,
                                                                           autosave.meta))))
        elif autosave.problem:
            items.append(MenuItem(_("Continue"), None, enabled=False,
                                  error=_("The autosave is damaged")))
        rematch = recall(self.app.registry.variants)
        if rematch is not None:
            spec = self.app.registry.variants[rematch.variant]
            items.append(MenuItem(_("Rematch"), partial(self.rematch, rematch),
                                  detail=self._detail(
                _("{game} · {names}", game=variant_text(spec.name),
                  names=Listing(tuple(rematch.names()), "comma")),
                _.n("{game} · {n} player", "{game} · {n} players", n=rematch.players,
                    game=variant_text(spec.name)), variant_text(spec.name))))
        items += [
            MenuItem(_("New game"), self.new_game),
            self._learn_item(),
            MenuItem(_("Load"), self.load),
            MenuItem(_("Settings"), self.settings),
            MenuItem(_("Rules help"), self.rules),
            MenuItem(_("Quit"), self.quit),
        ]
        self.menu.y, self.menu.item_h, self.menu.gap = menu_rows(len(items))
        self.menu.set_items(items, keep_focus=False)

    def _learn_item(self) -> MenuItem:
        """"Learn to play", saying how many of the lessons are done, once they are
        checked: the check runs on a worker thread (:mod:`game.ui.lessonworker`), so a
        mod's long lesson file never holds up the title."""
        assert self.app is not None
        found = lesson_worker(self.app.registry).poll()
        self.checking = found is None
        if found is None:
            return MenuItem(LEARN, self.learn, detail=_("Checking the lessons…"))
        try:
            done, total = lessons_done(self.app, found)
        except OSError:
            done, total = 0, len(found.lessons)
        if not total and not found.broken:
            return MenuItem(LEARN, None, enabled=False, error=_("No lessons installed"))
        if not total:
            return MenuItem(LEARN, self.learn, detail=_("No lesson can be played"))
        detail: Text = _.n("{done} of {n} lesson done", "{done} of {n} lessons done",
                           n=total, done=done)
        if done == total:
            detail = _("{lessons} ✓", context="all done", lessons=detail)
        return MenuItem(LEARN, self.learn, detail=detail)

    @staticmethod
    def _autosave_info(game: Game, meta: dict[str, Any]) -> tuple[Text, ...]:
        """What the autosave holds, then the same shorter and shorter (without the names,
        then only its game and length)."""
        names = names_from_meta(meta, game.players)
        actions = _.n("{n} action", "{n} actions", n=len(game.log))
        return (_("{game} · {names} · {actions}", game=variant_text(game.spec.name),
                  names=Listing(tuple(names), "comma"), actions=actions),
                _.n("{game} · {n} player · {actions}", "{game} · {n} players · {actions}",
                    n=game.players, game=variant_text(game.spec.name), actions=actions),
                _("{game} · {actions}", game=variant_text(game.spec.name), actions=actions))

    def _detail(self, *choices: Text) -> Text:
        """A row's second line: the first of ``choices`` that fits the row whole (long
        names, or a longer language's words, leave parts out rather than cut them)."""
        assert self.app is not None
        room = self.menu.w - 2 * MENU_PAD
        return next((text for text in choices
                     if self.app.screen.text_width(text, theme.FONT_SMALL) <= room),
                    choices[-1])

    # -- menu actions ----------------------------------------------------------------
    def continue_game(self) -> None:
        assert self.app is not None
        app = self.app
        try:
            game, meta = app.saves.read(app.saves.path(AUTOSAVE))
        except SaveError as exc:
            self.error = _("Cannot continue: {problem}", problem=one_line(exc))
            app.play_sound("error")
            self._build()
            return
        session = make_session(app, game, names_from_meta(meta, game.players),
                               colours_from_meta(meta, game.players))
        session.apply_meta(meta)  # the computer seats
        app.stack.push("play", session)

    def rematch(self, setup: Setup) -> None:
        """The last game set up, again: the same seats, a new seed."""
        assert self.app is not None
        try:
            session = setup.session(self.app, random_seed())
        except AztecArcadeError as exc:
            self.error = _("Cannot start the rematch: {problem}", problem=one_line(exc))
            self.app.play_sound("error")
            return
        self.app.stack.push("play", session)

    def new_game(self) -> None:
        assert self.app is not None
        self.app.stack.push("setup")

    def learn(self) -> None:
        assert self.app is not None
        self.app.stack.push("lessons")

    def load(self) -> None:
        assert self.app is not None
        self.app.stack.push("load")

    def settings(self) -> None:
        assert self.app is not None
        self.app.stack.push("settings")

    def rules(self) -> None:
        """Rules help: which game's is asked first (unless only one is installed)."""
        assert self.app is not None
        specs = sorted(self.app.registry.variants.values(), key=lambda s: (s.name, s.id))
        if len(specs) > 1:
            self.app.stack.push("rules_choice", specs)
        else:
            self.app.stack.push("rules", specs[0] if specs else None)

    def quit(self) -> None:
        assert self.app is not None
        self.app.quit()

    # -- frame -----------------------------------------------------------------------
    def back(self) -> None:
        """Esc first moves to Quit, and only quits from there."""
        quit_item = self.menu.items[-1]
        if self.menu.current is quit_item:
            self.quit()
        else:
            self.menu.focus = len(self.menu.items) - 1

    def handle(self, intent: Intent) -> None:
        if intent.kind == "help":
            self.rules()
            return
        if intent.kind != "back":
            self.error = ""
        super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.checking:
            self._learn_checked()
        if self.attract_enabled and self.app is not None and self.t >= ATTRACT_DELAY:
            if self.attract is None:
                self.attract = Attract(self.app, self.attract_seed)
            self.attract.update(dt)

    def wakes_in(self) -> float | None:
        """Ambient (the scenery, the game behind the menu), and a few times a second while
        the lessons' check runs."""
        return soonest(POLL, self.ambient_wake()) if self.checking else \
            self.ambient_wake()

    def _learn_checked(self) -> None:
        """"Learn to play" again once the lessons' check has finished (the row is
        replaced where it stands; the focus stays)."""
        for i, item in enumerate(self.menu.items):
            if item.label == LEARN:
                learn = self._learn_item()
                if not self.checking:
                    self.menu.items[i] = learn
                    self.menu.set_items(self.menu.items)
                return

    def exit(self) -> None:
        self.attract = None

    def pause(self) -> None:
        """Covered (a game, a menu): the framed game's picture, a screenful of pixels
        (8 MB at 1080p), is not kept under a game for hours; it is painted again when
        the title shows (it is repainted several times a second anyway)."""
        super().pause()
        if self.attract is not None:
            self.attract.cache.clear()

    def draw(self, screen: Screen) -> None:
        paint_all(self._frame(screen))

    def parts(self, screen: Screen) -> list[Part] | None:
        """The title as parts: the dusk's still picture, each star, the lake and the
        friezes (as they move a pixel), the framed game (as often as its picture is
        painted), each letter of the logo (as it bobs), the menu's rows (the focused one
        as its ring breathes), the messages and the shortcut bar."""
        return self._frame(screen)

    def _frame(self, screen: Screen) -> list[Part]:
        """The title's painting in order, as parts (``draw`` paints them all)."""
        out = sceneparts.dusk(screen, self.t)
        if self.attract is not None:
            out += self.attract.parts(screen, 1.0)
        out += self._logo(screen)
        # as wide as its words: the letters bobbing above it never reach into it
        words = _("couch board games on one shared screen")
        wide = screen.text_width(words, theme.FONT_BODY) + 8
        out.append(piece(screen, "subtitle", (960 - wide / 2, 290, wide, 60), "subtitle",
                         partial(_say, text=words, x=960, y=320, size=theme.FONT_BODY,
                                 colour=theme.TEXT_DIM), reach=0))
        out += sceneparts.menu(screen, self.menu)
        if self.error or self.notice:
            out.append(piece(screen, "messages", (0, 920, 1920, 90),
                             (say(self.error), self.notice), self._draw_messages))
        out.append(footer(screen, self.shortcuts))
        return out

    def _draw_messages(self, screen: Screen) -> None:
        """Why the last choice failed, or why the autosave cannot be loaded."""
        if self.error:
            screen.text(fit(screen, self.error, theme.FONT_BODY, 1840), 960, 960,
                        theme.FONT_BODY, theme.DANGER, "center")
        elif self.notice:
            screen.text(fit(screen, _("The autosave cannot be loaded: {problem}",
                                      problem=one_line(self.notice)),
                            theme.FONT_SMALL, 1840), 960, 940, theme.FONT_SMALL,
                        theme.DANGER, "center")
            screen.text(fit(screen, _("It is kept: before the next game is saved, it is "
                                      "renamed to autosave-damaged-(date).json in the saves "
                                      "folder."),
                            theme.FONT_SMALL, 1840), 960, 976, theme.FONT_SMALL,
                        theme.TEXT_DIM, "center")

    def _logo(self, screen: Screen) -> list[Part]:
        """The logo's letters, dropping in, then bobbing and changing colour: each its
        own part, repainted as it moves a pixel (a letter and its shadow)."""
        size = theme.readable(theme.FONT_TITLE * 1.35)
        colours = theme.PALETTES["okabe-ito"]
        widths = screen.memo(("logo widths", TITLE, size), lambda: [
            screen.text_width(ch, size) for ch in TITLE])
        x = 960 - sum(widths) / 2
        drop = ease_out(self.t / 0.8)
        out = []
        for i, (ch, w) in enumerate(zip(TITLE, widths, strict=True)):
            if ch != " ":
                bob = math.sin(self.t * 2.6 + i * 0.55) * 12
                y = 200 + bob - (1 - drop) * (300 + i * 40)
                colour = colours[(i + int(self.t * 1.5)) % len(colours)]
                at = (x + w / 2, y)
                spot, shadow = screen.px(*at), screen.px(at[0] + 6, at[1] + 8)
                ink = _ink(screen, ch, size)
                out.append(Part(("letter", i), ink.move(spot).union(ink.move(shadow)),
                                (ch, spot, shadow, colour),
                                partial(_letter, screen, ch=ch, at=at, size=size,
                                        colour=colour)))
            x += w
        return out


def _ink(screen: Screen, ch: str, size: float) -> pygame.Rect:
    """Where a letter of the logo drawn centred on (0, 0) has its pixels: a letter's part
    is repainted every frame as it bobs, and its line's whole height (the room of accents
    and descenders the logo has not) reached into the subtitle below it."""
    def measure() -> pygame.Rect:
        glyph = screen.render(ch, size, (255, 255, 255))
        placed = glyph.get_rect(center=(0, 0))
        return glyph.get_bounding_rect().move(placed.topleft).inflate(2, 2)
    ink: pygame.Rect = screen.memo(("logo ink", ch, screen.font_px(size)), measure)
    return ink


def _letter(screen: Screen, ch: str, at: tuple[float, float], size: float,
            colour: tuple[int, int, int]) -> None:
    """One letter of the logo, over its shadow."""
    screen.text(ch, at[0] + 6, at[1] + 8, size, (0, 0, 0), "center")
    screen.text(ch, at[0], at[1], size, colour, "center")


def _say(screen: Screen, text: Text, x: float, y: float, size: float,
         colour: tuple[int, int, int]) -> None:
    screen.text(text, x, y, size, colour, "center")
