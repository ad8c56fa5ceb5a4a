"""The client's main loop: window, scene stack, input, audio, saves.

The loop draws at up to 60 fps while anything moves, and sleeps until the next input or
timer while nothing does (:meth:`App.wakes_in`, each scene's ``wakes_in``): a still board
costs the machine nothing. ``step`` is separated from ``run`` so tests can feed
synthesised events frame by frame under the dummy video driver. Plugin code (the rules,
the board views) is only called through guards (:mod:`game.ui.isolation`); whatever it
raises, in any scene or in a bot's thread, unwinds to ``step`` as a ``PluginFailure``,
and :meth:`App.plugin_failed` handles it in one place. With
``AZTEC_ARCADE_TRACE=FILE`` it writes what the window shows for a tool that plays it
(:mod:`game.ui.trace`). With ``AZTEC_ARCADE_TIMING=1`` the loop prints how long the
process took to its first drawn frame (``benchmarks/frames.py`` reads it).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any, cast

import pygame

from game.core.errors import AztecArcadeError
from game.core.registry import get_registry, load_registry, reset_registry
from game.core.settings import load_settings
from game.i18n import Text, say, set_language
from game.i18n.client import _
from game.i18n.languages import SYSTEM, choose
from game.kit.client.boardview import BoardView
from game.kit.client.damage import Compositor
from game.kit.client.heap import HeapSettler
from game.kit.client.intent import Intent
from game.kit.client.messages import report, short
from game.kit.client.screen import Screen
from game.ui.audio import Audio
from game.ui.cues import MENU_MUSIC
from game.ui.input import InputMapper, pad_label
from game.ui.isolation import PluginFailure, call_plugin, guard_view
from game.ui.painter import Painter
from game.ui.remote import RemoteLink
from game.ui.saves import SaveStore
from game.ui.services import AppServices
from game.ui.session import Session
from game.ui.shell import POLL, Scene, SceneStack, laid_out, soonest
from game.ui.trace import Trace

#: the longest step of time a frame takes (a slow frame does not make animations leap)
MAX_STEP = 0.1
#: events after which the window's pixels are not the last frame's: it is painted whole
EXPOSED = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.VIDEOEXPOSE,
           pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN)
#: inputs that put the toasts away
CLOSES_TOASTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN,
                 pygame.JOYBUTTONDOWN)


class App:
    def __init__(self, size: tuple[int, int] = (1280, 720), fullscreen: bool | None = None,
                 saves: SaveStore | None = None, first_scene: Scene | None = None,
                 dev: bool = False, lang: str | None = None) -> None:
        self.settings, self.settings_issues = load_settings()
        # the television's language: --lang, else the setting, else the system's
        set_language(choose(lang, str(self.settings.get("language") or SYSTEM)))
        try:
            pygame.display.init()
            pygame.font.init()
        except pygame.error as exc:
            raise AztecArcadeError(
                f"no video device is available ({exc}). On a machine without a screen, "
                "set SDL_VIDEODRIVER=dummy.") from None
        pygame.display.set_caption("Aztec Arcade")
        self.windowed_size = size
        self.fullscreen = self.settings["fullscreen"] if fullscreen is None else fullscreen
        self._make_window()
        self.screen = Screen(_display())
        self.audio = Audio(self.settings["volume"], self.settings["music_volume"])
        self.input = InputMapper()
        self.saves = saves or SaveStore()
        self.registry = get_registry()
        #: the board views and who registered them, loaded when first asked for (views)
        self._views: dict[str, Callable[..., Any]] | None = None
        self._view_plugins: dict[str, tuple[Callable[..., Any], str]] = {}
        self.stack = SceneStack(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self._closed = False
        #: settles the heap when a game's screen comes up (run's loop, between frames)
        self.heap = HeapSettler()
        self.frame_times: list[float] = []
        self.painter = Painter(self)  # paints only what changed, when the scenes say
        self.toasts: list[tuple[str, float]] = []
        #: the toasts this frame shows (a press puts those away)
        self._toasts_shown: set[str] = set()
        #: every plugin failure handled so far (the newest last)
        self.failures: list[PluginFailure] = []
        self.time = 0.0
        #: seconds (frames' time) since the last input (the ambient motion settles)
        self.quiet = 0.0
        #: frames drawn, and the sleeps ``run`` took waiting for an input or a timer
        self.frames_drawn = 0
        self.sleeps = 0
        #: kept parts repainted a frame (``Screen.repaints_left``): all of them (None)
        #: unless ``run`` spreads them, so that a test's one frame shows everything
        self.repaints_per_frame: int | None = None
        #: phones and browsers holding seats: nothing listens until "Invite phones"
        self.remote = RemoteLink(self)
        #: ``AZTEC_ARCADE_TRACE``: what the window shows, for a tool playing it
        self.trace = Trace.from_env()
        self.stack.push(first_scene if first_scene is not None else "title")
        if self.audio.reason:
            self.toast(self.audio.reason)
        #: ``play --dev``: reload the variant files when they change (between frames)
        self.dev = dev
        self._dev_next = 0.0
        self._dev_stamp = self._watch_stamp() if dev else ()
        if dev:
            self.toast("Developer mode: variant files reload when you save them", 6.0)

    # -- window --------------------------------------------------------------------------
    def _make_window(self) -> None:
        if self.fullscreen:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self._make_window()
        self.screen.resize(_display())
        self.compositor.forget()

    # -- services ------------------------------------------------------------------------
    @property
    def views(self) -> dict[str, Callable[..., Any]]:
        """Board view factories by engine id, loaded from every plugin's ``register_views``
        hook the first time a screen asks for one (in pluggy's order; a hook that raises
        is listed as broken, the rest load). Why not at start: the title's first frame
        shows no board, and importing every game's view (pygame drawing code, a few
        dozen modules) was a tenth of the time to that frame."""
        if self._views is None:
            self._views = self._load_views()
        return self._views

    @views.setter
    def views(self, views: dict[str, Callable[..., Any]]) -> None:
        self._views = views

    @property
    def view_plugins(self) -> dict[str, tuple[Callable[..., Any], str]]:
        """Engine id -> (factory, plugin name) as ``register_views`` gave them."""
        self.views  # noqa: B018 - loaded with the views, the first time either is asked for
        return self._view_plugins

    def _load_views(self) -> dict[str, Callable[..., Any]]:
        views = self.registry.load_views()
        self._view_plugins = {engine: (factory, self.registry.view_providers[engine])
                              for engine, factory in views.items()}
        return views

    def make_view(self, session: Session) -> BoardView | None:
        """The board view for the session's game behind the plugin guard, or None when
        no plugin provides one. Building it is plugin code too."""
        engine = session.game.rules.engine_id
        factory = self.views.get(engine)
        if factory is None:
            return None
        registered, plugin = self.view_plugins.get(engine, (None, ""))
        if registered is factory:
            origin = self.registry.origin_of(plugin)
        else:  # put in place by hand (tests, tools): name its module
            plugin = str(getattr(factory, "__module__", None) or engine)
            origin = f"module {plugin}"
        name = getattr(factory, "__name__", "view factory")

        def build() -> Any:
            view = factory(session, AppServices(self))
            if not isinstance(view, BoardView):  # the shell reads BoardView's attributes
                raise TypeError(f"the board view factory for '{engine}' returned "
                                f"{type(view).__name__}, not a game.kit.client.boardview.BoardView")
            return view

        view = call_plugin(plugin, origin, f"the board view for '{engine}'", f"in {name}()",
                           build)
        # the guard passes every attribute of the view through (``isinstance`` included)
        return cast(BoardView, guard_view(view, plugin, origin, engine))

    # -- --dev: reload variant files -----------------------------------------------------
    def _watch_stamp(self) -> tuple[tuple[str, int | None, int | None], ...]:
        """Modification times of the registry's variant files and the drop-in folder."""
        stamp: list[tuple[str, int | None, int | None]] = []
        for path in self.registry.watched_files():
            try:
                st = os.stat(path)
                stamp.append((str(path), st.st_mtime_ns, st.st_size))
            except OSError:
                stamp.append((str(path), None, None))
        return tuple(stamp)

    def dev_check(self) -> bool:
        """In --dev mode, at most twice a second: reload if a watched file changed."""
        if not self.dev or self.time < self._dev_next:
            return False
        self._dev_next = self.time + 0.5
        stamp = self._watch_stamp()
        if stamp == self._dev_stamp:
            return False
        old = {entry[0]: entry for entry in self._dev_stamp}
        changed = {entry[0] for entry in stamp if old.get(entry[0]) != entry}
        self.reload_variants(changed)
        return True

    def reload_variants(self, changed: set[str] | None = None) -> None:
        """Rebuild the registry (variant files, plugins, views); toast what went wrong.

        Games already running keep their rules; new games use the reloaded variants.
        """
        before = {str(b) for b in self.registry.broken}
        try:
            registry = load_registry()
        except Exception as exc:  # noqa: BLE001 - a reload must never stop the client
            self.toast(short(f"Reload failed: {type(exc).__name__}: {exc}"), 8.0)
            self._dev_stamp = self._watch_stamp()
            return
        reset_registry(registry)
        self.registry = registry
        self.views = self._load_views()
        self._dev_stamp = self._watch_stamp()
        changed = changed or set()
        problems = [b for b in registry.broken
                    if b.source in changed or str(b) not in before]
        for broken in problems[:3]:
            detail = broken.message
            if broken.issues:  # file name, line, key and message; the full path is long
                issue = broken.issues[0]
                where = os.path.basename(issue.file or "") + (
                    f":{issue.line}" if issue.line is not None else "")
                detail = f"{where}: {issue.path or '(top level)'}: {issue.message}"
            self.toast(short(f"{broken.kind} {broken.name}: {detail}"), 10.0)
        if problems:
            more = f" (+{len(problems) - 3} more, see the terminal)" if len(problems) > 3 \
                else ""
            self.toast(f"Reloaded with problems{more}", 10.0)
            for broken in problems:
                print(f"aztec-arcade --dev: {broken}", file=sys.stderr)
        else:
            self.toast(f"Reloaded: {len(registry.variants)} variants", 3.0)

    def toast(self, message: Text, seconds: float = 4.0) -> None:
        """Show ``message`` for a few seconds, in the language of the moment it is said."""
        self.toasts.append((say(message), self.time + seconds))

    def play_sound(self, name: str) -> None:
        """Play a UI step's sound (game.ui.cues.UI_SOUNDS) or a sound by name."""
        self.audio.play(name)

    def music(self) -> tuple[str, bool]:
        """The loop the scenes ask for (the topmost that names one; the menu loop if none
        does) and whether any scene shown ducks it."""
        scenes = self.stack.scenes
        track = next((m for scene in reversed(scenes) if (m := scene.music())), MENU_MUSIC)
        return track, any(scene.ducks_music() for scene in scenes)

    # -- loop ----------------------------------------------------------------------------
    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: input, update, draw (no flip), then :meth:`after_frame`."""
        self.draw_frame(events, dt)
        self.after_frame()

    def draw_frame(self, events: list[pygame.event.Event], dt: float) -> None:
        """Input, update, draw (no flip). A plugin failing anywhere in it ends the frame
        early; it is handled and the title drawn instead."""
        self.time += dt
        try:
            self._frame(events, dt)
        except PluginFailure as failure:
            self.plugin_failed(failure)
            self.draw()

    def after_frame(self) -> None:
        """Work for other threads, started once the frame is drawn and shown (``run``
        calls it after the flip): the phones' messages of the action just drawn. A
        thread started before the flip takes the interpreter while the flip lets go of
        it, and the frame reaches the screen a millisecond or two late."""
        self.remote.after_draw()

    def _frame(self, events: list[pygame.event.Event], dt: float) -> None:
        self.frames_drawn += 1
        self.quiet = 0.0 if events else self.quiet + dt
        self.screen.start_frame(self.repaints_per_frame)
        if self.dev:
            self.dev_check()
        if any(event.type in CLOSES_TOASTS for event in events):
            # any press puts away the toasts on screen (not those waiting behind a menu)
            self.toasts = [(m, t) for m, t in self.toasts if m not in self._toasts_shown]
        for event in events:
            if event.type in EXPOSED:
                self.compositor.forget()
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.screen.resize(_display())
                continue
            at = laid_out(self.screen, self.stack.top).to_logical  # (the top one's units)
            for intent in self.input.translate(event, at):
                self.dispatch(intent)
        top = self.stack.top
        if top is not None:
            top.update(dt)
        self.audio.update(dt, *self.music())
        self.remote.update()
        for reason in self.saves.errors():
            self.toast(_("Autosave failed: {problem}", problem=short(say(reason), 90)))
        for notice in self.saves.notices():
            self.toast(notice, 8.0)
        top = self.stack.top
        if top is not None and top.is_menu:  # not shown over a menu, so not ageing either
            self.toasts = [(m, t + dt) for m, t in self.toasts]
        self.toasts = [(m, t) for m, t in self.toasts if t > self.time]
        self._toasts_shown = set() if top is not None and top.is_menu else \
            {m for m, _until in self.toasts[-3:]}
        self.heap.before_draw(self.stack.scenes)  # a game's screen gone: freed first
        self.draw()

    def wakes_in(self) -> float | None:
        """When the next frame is due though no input comes: 0 (now) while anything
        moves, the seconds to the next timer (a toast going, a watched file, the phones,
        a fade of the music), None when nothing will change until an input. A plugin
        failing in a view's answer is handled as in a frame (the title comes up)."""
        try:
            due = [scene.wakes_in() for scene in self.stack.visible()]
        except PluginFailure as failure:
            self.plugin_failed(failure)
            return 0.0
        top = self.stack.top
        if self.toasts and not (top is not None and top.is_menu):  # they age on screen
            due.append(max(0.0, min(until for _m, until in self.toasts) - self.time))
        if self.audio.fading or self.screen.deferred or self.compositor.owed:
            # (or a kept part showed old pixels, or a part's repaint waits)
            due.append(0.0)
        if self.dev:
            due.append(max(0.0, self._dev_next - self.time))
        if self.remote.running or self.saves.pending:  # a phone's move, a save's result
            due.append(POLL)
        if self.trace is not None:  # a tool plays the window frame by frame
            due.append(0.0)
        return soonest(*due, None)

    # -- a plugin failed ---------------------------------------------------------------
    def plugin_failed(self, failure: PluginFailure) -> None:
        """Plugin code raised (the rules or the board view, on this thread or in a bot's):
        keep the game if it can be kept, say which plugin failed, back to the title."""
        self.failures.append(failure)
        report(failure)  # the traceback, for the plugin's author
        session = self._session_in_play()
        note = self._rescue(session) if session is not None else ""
        if note:  # toasts stack upwards: the failure reads first, the save under it
            self.toast(note, 10.0)
        self.toast(failure.summary(), 10.0)
        self.play_sound("error")
        self.input.text_mode = False
        self.stack.clear_to("title")

    def _session_in_play(self) -> Any | None:
        """The session of the game being played (the topmost scene holding one that
        autosaves; a replay does not), if any."""
        for scene in reversed(self.stack.scenes):
            session = getattr(scene, "session", None)
            if isinstance(session, Session) and session.autosave is not None:
                return session
        return None

    def _rescue(self, session: Any) -> Text:
        """Autosave the game after a plugin failure; what became of it, for the player.
        Only a save that loads back replaces the last autosave."""
        game = session.game
        try:
            self.saves.rescue(game, session.names, session.meta())
        except (Exception, PluginFailure) as exc:  # noqa: BLE001 - the handler must not fail
            why = exc.what if isinstance(exc, PluginFailure) else short(
                f"{type(exc).__name__}: {exc}", 90)
            return _("The game could not be autosaved ({problem}); the autosave on disk was "
                     "left as it was.", problem=why)
        try:
            over = game.is_over
        except PluginFailure:
            return _("Your game is autosaved.")
        return _("The finished game is autosaved.") if over else \
            _("Your game is autosaved: choose Continue to resume.")

    def dispatch(self, intent: Intent) -> None:
        if intent.kind == "quit":
            self.running = False
            return
        if intent.kind == "fullscreen":
            self.toggle_fullscreen()
            return
        if intent.kind in ("controller_added", "controller_removed"):
            self._hotplug(intent)
            return
        top = self.stack.top
        if top is not None:
            top.handle(intent)
        if not self.stack.scenes:
            self.running = False

    def _hotplug(self, intent: Intent) -> None:
        """A controller came or went: say so; an unplugged pad loses its seat's claim."""
        pad = intent.value
        if intent.kind == "controller_added":
            self.toast(_("Controller connected ({pad})", pad=pad_label(pad))
                       if isinstance(pad, int) else _("Controller connected"))
            return
        if not isinstance(pad, int):
            self.toast(_("Controller disconnected"))
            return
        owners = [who for scene in self.stack.scenes
                  if (who := scene.controller_removed(pad))]
        self.toast(_("{pad} disconnected; {player} plays on with keyboard or mouse",
                     pad=pad_label(pad), player=owners[-1]) if owners else
                   _("{pad} disconnected", pad=pad_label(pad)))

    def draw(self) -> None:
        """Paint the frame (:class:`~game.ui.painter.Painter`)."""
        self.painter.draw()

    def draw_whole(self) -> None:
        """Paint the whole frame, every scene's ``draw`` unclipped."""
        self.painter.draw_whole()

    def present(self) -> list[pygame.Rect] | None:
        """Show the frame drawn (all of it: None; or the rectangles returned)."""
        return self.painter.present()

    @property
    def compositor(self) -> Compositor:
        return self.painter.compositor

    def run(self, max_frames: int | None = None) -> int:
        """Frames until the window is closed (then :meth:`close`) or ``max_frames``."""
        self.repaints_per_frame = 1  # an action's repaints spread over a few frames
        try:
            self._loop(max_frames)
        except BaseException:
            self.close()
            raise
        if not self.running:
            self.close()
        else:  # stopped after max_frames (a tool, a test): the scenes stay as they are
            self.saves.flush()
            self.remote.shutdown()
        return 0

    def _loop(self, max_frames: int | None) -> None:
        frames = 0
        timing = os.environ.get("AZTEC_ARCADE_TIMING") == "1"
        while self.running and (max_frames is None or frames < max_frames):
            woken, longest = self._sleep() if frames else ([], 0.0)
            start = time.perf_counter()
            dt = self.clock.tick(60) / 1000.0
            if self.trace is not None:
                self.trace.before_frame(self)
            self.draw_frame(woken + pygame.event.get(), min(dt, longest))
            self.present()
            self.after_frame()
            if self.trace is not None:
                self.trace.after_frame(self)
            self.heap.watch(self.stack.top, self.stack.scenes)  # between frames
            if timing and frames == 0:
                print(f"AZTEC_ARCADE_TIMING first frame {time_since_start():.3f} s after "
                      "process start", flush=True)
            self.frame_times.append(time.perf_counter() - start)
            if len(self.frame_times) > 600:
                del self.frame_times[:300]
            frames += 1

    def _sleep(self) -> tuple[list[pygame.event.Event], float]:
        """Wait, without drawing, until an input comes or the next timer is due
        (:meth:`wakes_in`); nothing waits while anything moves or an input is queued.
        Returns the event that woke the loop (for the next frame) and the longest step of
        time that frame may take: a frame after a sleep to a timer moves the clocks on
        by the whole sleep (the timer falls due), any other by a tenth of a second at
        most (an animation does not leap)."""
        wait = self.wakes_in()
        if wait is not None and wait <= 0 or pygame.event.peek():
            return [], MAX_STEP
        self.sleeps += 1
        event = pygame.event.wait(max(1, round(wait * 1000)) if wait is not None else 0)
        if event.type == pygame.NOEVENT:
            return [], max(MAX_STEP, wait or 0.0)
        return [event], MAX_STEP

    def close(self) -> None:
        """The window closes (the loop ended by quitting, or by an error): every scene is
        left as if popped, so a computer player's decision is cancelled and its search
        processes end; nothing here waits for a decision. Then the last autosave is
        written and the phones told. Closing twice does nothing more."""
        if self._closed:
            return
        self._closed = True
        self.running = False
        while self.stack.scenes:
            self.stack.scenes.pop().exit()
        self.saves.flush()  # the last autosave is on disk before the window closes
        self.remote.shutdown()  # the phones hear that the game closed

    def quit(self) -> None:
        self.running = False


def _display() -> pygame.Surface:
    """The window's surface (there is one once the window is made)."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise AztecArcadeError("the window could not be opened")
    return surface


def main(args: Any = None) -> int:
    """Start the client (used by ``aztec-arcade play`` when a display is available)."""
    size = (1280, 720)
    app = App(size=size, fullscreen=getattr(args, "fullscreen", None) or None,
              dev=bool(getattr(args, "dev", False)), lang=getattr(args, "lang", None))
    frames = getattr(args, "frames", None)
    try:
        code = app.run(max_frames=frames)
    finally:
        app.close()
    pygame.quit()
    return code


#: when this module was imported: the fallback origin for ``time_since_start``
_IMPORTED = time.perf_counter()


def time_since_start() -> float:
    """Seconds since this process started (from /proc on Linux; elsewhere since the client
    module was imported, which misses the interpreter's own start-up)."""
    try:
        with open("/proc/self/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        with open("/proc/uptime", "rb") as handle:
            uptime = float(handle.read().split()[0])
        return max(0.0, uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _IMPORTED


def headless() -> bool:
    return os.environ.get("SDL_VIDEODRIVER") == "dummy"
