"""The shell's contract: scenes on a stack, each with a lifecycle and pushed by name, and
:class:`Shell`, what a scene may use of the App.

``update(dt)`` advances time and is the only place a scene changes itself on a timer;
``handle(intent)`` reacts to input; ``draw(screen)`` must never change state, so a frame
can be drawn twice (snapshots, resize) with the same result.

Scenes lead to one another in circles (the title starts a game, the game ends on the
results, the results go back to the title), so they never import one another: one asks
the stack for another by its name (``stack.push("pause", self)``), as Tuxemon's state
manager does, and :data:`SCENES` says where each name lives. A name is a
:data:`SceneName`, so a type checker catches a misspelt one.

Scenes are entered into a :class:`Shell`, not the App: the App is built on the scenes
(it imports them), so a scene typing against the App would close a circle through every
module of the client. ``Shell`` lists exactly what the scenes and their helpers use; the
App is the only implementation, and only the command line, ``game.ui.showcase``,
``game.ui.picture`` and tests build one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Literal, Protocol, get_args

if TYPE_CHECKING:
    import pygame

    from game.core.registry import Registry
    from game.i18n import Text
    from game.kit.client.boardview import BoardView
    from game.kit.client.damage import Part
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.remote.hub import RemoteHub
    from game.ui.audio import Audio
    from game.ui.input import InputMapper
    from game.ui.saves import SaveStore
    from game.ui.session import Session

SceneName = Literal["title", "setup", "load", "settings", "rules", "rules_choice", "help",
                    "play", "handoff", "pause", "save", "scoring", "results", "replay",
                    "invite", "lessons", "lesson"]

#: every scene by name: "module:factory", the factory called with the push's arguments
SCENES: dict[SceneName, str] = {
    "title": "game.ui.scenes.title:TitleScene",
    "setup": "game.ui.scenes.setup:SetupScene",
    "load": "game.ui.scenes.load:LoadScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "rules": "game.ui.scenes.help:HelpScene.for_spec",  # a variant's aid, from the menus
    "rules_choice": "game.ui.scenes.help:RulesChoiceScene",  # which game's, from the title
    "help": "game.ui.scenes.help:HelpScene.for_game",  # the aid of the game being played
    "play": "game.ui.scenes.play:PlayScene",
    "handoff": "game.ui.scenes.handoff:HandoffScene",
    "pause": "game.ui.scenes.pause:PauseScene",
    "save": "game.ui.scenes.pause:SaveScene",
    "scoring": "game.ui.scenes.scoring:ScoringScene",
    "results": "game.ui.scenes.results:ResultsScene",
    "replay": "game.ui.scenes.replay:ReplayScene",
    "invite": "game.ui.scenes.invite:InviteScene",  # "Invite phones", setup and pause
    "lessons": "game.ui.scenes.lessons:LessonsScene",  # "Learn to play": the lessons
    "lesson": "game.ui.scenes.lesson:LessonScene",  # one lesson in play
}


#: seconds without input after which a screen's ambient motion (a pulsing cursor, the
#: menus' water) may rest: the loop then sleeps until an input or a timer (``App.run``)
SETTLE = 4.0
#: seconds a scene's entrance (titles and menu rows sliding in) plays, whatever the input
ENTRANCE = 1.0
#: seconds between looks at what runs beside the frames (a worker, the phones' hub)
POLL = 0.1
#: frames a second of the menus' scenery once settled under the "calm" ambient motion
CALM_FPS = 12


def ambient(app: Shell) -> float | None:
    """When a screen whose only motion is ambient (scenery, a pulse) needs its next frame:
    every frame (0) while someone is at the controls and under "full" ambient motion, a
    few a second under "calm", and never (None) under "still" once it has settled."""
    if app.quiet < SETTLE:
        return 0.0
    mode = app.settings.get("ambient_motion", "full")
    if mode == "still":
        return None
    return 1.0 / CALM_FPS if mode == "calm" else 0.0


def soonest(*waits: float | None) -> float | None:
    """The soonest of several :meth:`Scene.wakes_in` answers (None: none is due)."""
    due = [w for w in waits if w is not None]
    return min(due) if due else None


def rests(app: Shell) -> float | None:
    """When a screen whose motion is only a cue (a board's pulsing cursor) needs its next
    frame: every frame for a few seconds after an input, then never: a still board costs
    nothing, whatever the ambient motion."""
    return 0.0 if app.quiet < SETTLE else None


#: the factories found so far, by scene name: asked every frame (which scenes are up)
_FACTORIES: dict[str, Callable[..., Scene]] = {}


def scene_factory(name: SceneName) -> Callable[..., Scene]:
    """What builds the scene called ``name`` (its module is imported the first time)."""
    found = _FACTORIES.get(name)
    if found is not None:
        return found
    where = SCENES.get(name)
    if where is None:
        raise KeyError(f"no scene is called {name!r}; the scenes are: "
                       f"{', '.join(get_args(SceneName))}")
    module, _, path = where.partition(":")
    factory: Any = importlib.import_module(module)
    for part in path.split("."):
        factory = getattr(factory, part)
    if not callable(factory):
        raise TypeError(f"scene {name!r}: {where} is not callable")
    _FACTORIES[name] = factory
    return factory  # type: ignore[no-any-return]


def make_scene(name: SceneName, *args: Any) -> Scene:
    """A new scene ``name`` built from ``args``."""
    scene = scene_factory(name)(*args)
    if not isinstance(scene, Scene):
        raise TypeError(f"scene {name!r} built a {type(scene).__name__}, not a Scene")
    return scene


def laid_out(screen: Screen, scene: Scene | None) -> Screen:
    """The screen ``scene`` draws on and reads the pointer through: the window's own for
    a tall scene, else its 1080 units in the middle (:meth:`Screen.band`)."""
    return screen if scene is None or scene.tall else screen.band()


class Scene:
    #: the scene paints the whole canvas itself (the menus' dusk), so the app does not
    #: lay its basalt wall under it first
    backdrop = False
    #: draw the scene beneath first (menus and overlays over the board)
    overlay = False
    #: a menu (pause, save, help): nothing transient (toasts, banners) draws over it
    is_menu = False
    #: a game screen: toasts go to the side column, off the board and the status line
    has_board = False
    #: frames that must keep to 60 fps for a long time (a game): when the scene comes up,
    #: the app settles the heap once so the collector's full passes stay out of them
    #: (``game.kit.client.heap``)
    settles_heap = False
    #: laid out for the whole canvas, however tall the window makes it (a game's board
    #: and column grow into a 16:10 screen); else for 1080 units in its middle, the rest
    #: reached through ``Screen.top`` and ``bottom`` (see :func:`laid_out`)
    tall = False
    #: shown in the footer: (key, what it does)
    shortcuts: tuple[tuple[Text, Text], ...] = ()

    def __init__(self) -> None:
        self.app: Shell | None = None

    # lifecycle
    def enter(self, app: Shell) -> None:
        """Pushed onto the stack."""
        self.app = app

    def exit(self) -> None:
        """Popped or replaced."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    # per frame
    def handle(self, intent: Intent) -> None:
        """React to one input intent."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, screen: Screen) -> None:
        """Draw; must not change any state."""

    def parts(self, screen: Screen) -> list[Part] | None:
        """This frame's drawing as parts, each with its bounds and what decides its
        pixels (:mod:`game.kit.client.damage`), so that only what changed is painted
        and presented; their painting is what ``draw`` paints. None (the default): the
        scene cannot say, and the whole frame is painted."""
        return None

    def secrets_shown(self) -> Hashable:
        """Whose secrets this scene shows now (None: nobody's). A change paints the next
        frame whole: a part whose repaint may wait (a side panel after an action) must
        never keep showing a hand the screen has stopped showing."""
        return None

    def wakes_in(self) -> float | None:
        """When this scene must be drawn again though no input comes: 0 while something
        on it moves (the next frame), the seconds until a timer of its own is due, or
        None when nothing on it changes until an input. The app sleeps meanwhile
        (``App.run``). The default draws every frame: a scene says when it may rest."""
        return 0.0

    def opaque_rects(self, screen: Screen) -> list[pygame.Rect]:
        """Pixel rectangles this frame's ``draw`` will cover with opaque pixels, so the
        app does not lay its wall there first (a board: half the screen, every frame)."""
        return []

    # music (read by the app every frame: see game.ui.audio)
    def music(self) -> str:
        """The loop to play while this scene shows: a shipped loop's name or a file path;
        "" plays what the scene below asks for (the menu loop at the bottom)."""
        return ""

    def ducks_music(self) -> bool:
        """Whether the music steps back while this scene shows (a scoring reveal)."""
        return False

    def controller_removed(self, instance_id: int) -> str | None:
        """A controller was unplugged: drop a seat's claim on it and return that seat's
        name (for the toast), or None if this scene knows of no such claim."""
        return None


class SceneStack:
    """The scenes shown, the top one receiving input. Each change takes a scene or the
    name of one and the arguments to build it with, and returns the scene."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene | SceneName, *args: Any) -> Scene:
        scene = _built(scene, args)
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter(self.app)
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene | SceneName, *args: Any) -> Scene:
        scene = _built(scene, args)
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter(self.app)
        return scene

    def clear_to(self, scene: Scene | SceneName, *args: Any) -> Scene:
        """Unwind everything and start over from ``scene`` (back to the title)."""
        scene = _built(scene, args)
        while self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top one and every overlay chain beneath."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.overlay:
                break
        return list(reversed(out))

    def __len__(self) -> int:
        return len(self.scenes)


def _built(scene: Scene | SceneName, args: tuple[Any, ...]) -> Scene:
    if isinstance(scene, Scene):
        if args:
            raise TypeError("arguments are for a scene given by name")
        return scene
    return make_scene(scene, *args)


class Phones(Protocol):
    """What the scenes use of the App's link to phones and browsers
    (:class:`game.ui.remote.RemoteLink`, which knows the scenes, so it is named here by
    shape only)."""

    @property
    def running(self) -> bool: ...
    @property
    def hub(self) -> RemoteHub | None: ...
    def holds(self, seat: int) -> bool: ...
    def invite_label(self) -> Text: ...
    def attach(self, scene: Scene) -> Scene: ...
    def release(self, seat: int, to: str) -> None: ...


class Shell(Protocol):
    """What the scenes (and the helpers they call) use of the App: the scene stack, the
    window, sounds, toasts, the settings, the registry, the saves and the board views.
    Read-only: a scene changes what they hold (a setting, the stack), never which one."""

    @property
    def stack(self) -> SceneStack: ...
    @property
    def screen(self) -> Screen: ...
    @property
    def settings(self) -> dict[str, Any]: ...
    @property
    def registry(self) -> Registry: ...
    @property
    def saves(self) -> SaveStore: ...
    @property
    def input(self) -> InputMapper: ...
    @property
    def audio(self) -> Audio: ...
    @property
    def remote(self) -> Phones: ...
    #: board view factories by engine id, and (factory, plugin name) as registered
    @property
    def views(self) -> dict[str, Callable[..., Any]]: ...
    @property
    def view_plugins(self) -> dict[str, tuple[Callable[..., Any], str]]: ...
    #: (message, until) pairs shown over the scenes
    @property
    def toasts(self) -> list[tuple[str, float]]: ...
    @property
    def fullscreen(self) -> bool: ...
    #: seconds since the window opened (the frames' time, not the wall clock)
    @property
    def time(self) -> float: ...
    #: seconds (frames' time) since the last input: a screen's ambient motion rests after
    #: :data:`SETTLE` of them
    @property
    def quiet(self) -> float: ...

    def play_sound(self, name: str) -> None: ...
    def toast(self, message: Text, seconds: float = 4.0) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    def quit(self) -> None: ...
    def make_view(self, session: Session) -> BoardView | None: ...
