"""Headless fixtures for the client: a dummy display, a private user folder, and a
driver that feeds synthesised pygame events frame by frame."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

# Before pygame touches the display or the mixer.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.i18n import say  # noqa: E402
from game.kit.client.boardview import BoardView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.saves import SaveStore  # noqa: E402
from game.ui.shell import laid_out  # noqa: E402

DT = 1 / 60


@contextlib.contextmanager
def every_text_drawn(ui) -> Iterator[list[str]]:
    """Every string drawn while the block runs, frame after frame, as the player sees it
    (status line, banners, toasts, panels, log, scoring overlays, results)."""
    from tests.client.drawn_texts import text_hook

    seen: list[str] = []
    with text_hook(ui.app, lambda text, *_where: seen.append(say(text))):  # as read
        yield seen


@contextlib.contextmanager
def unseen(app: App) -> Iterator[None]:
    """Frames drawn in full (every layout, text, measurement and fit, as on a television)
    while nothing is copied onto the window: its clip is one pixel. For the long scripted
    games whose checks read the game, the scenes and the draw calls, never the pixels."""
    window = app.screen.surface
    window.set_clip((0, 0, 1, 1))
    try:
        yield
    finally:
        window.set_clip(None)


def said_keys(shortcuts) -> tuple[tuple[str, str], ...]:
    """A scene's footer as a player reads it (the keys' words from the catalogue)."""
    from game.i18n import say

    return tuple((say(key), say(meaning)) for key, meaning in shortcuts)


class Driver:
    """Feeds key presses, text and clicks to an App, one frame per call."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def top(self):
        return self.app.stack.top

    def frames(self, n: int = 1, dt: float = DT) -> None:
        for _ in range(n):
            self.app.step([], dt)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod,
                                          unicode=unicode)], DT)

    def press(self, *keys: int) -> None:
        for k in keys:
            self.key(k)

    def type(self, text: str) -> None:
        """Typing as SDL delivers it: a KEYDOWN and a TEXTINPUT per character."""
        for ch in text:
            self.app.step([
                pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch),
                pygame.event.Event(pygame.TEXTINPUT, text=ch)], DT)

    def pixel(self, x: float, y: float) -> tuple[int, int]:
        """Window pixels of the top scene's logical (x, y) (a menu's are its 1080 units
        in the middle of a 16:10 window, ``Screen.band``)."""
        return laid_out(self.app.screen, self.app.stack.top).px(x, y)

    def click(self, x: float, y: float, button: int = 1) -> None:
        """Click at logical (x, y); the event carries window pixels."""
        pos = self.pixel(x, y)
        self.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=()),
                       pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)], DT)

    def snapshot(self) -> bytes:
        return pygame.image.tobytes(self.app.screen.surface, "RGB")

    def texts(self) -> list[str]:
        """Every string drawn in one frame, as the player sees it."""
        with every_text_drawn(self) as seen:
            self.app.draw()
        return seen

    def pad(self, button: int, instance_id: int = 0) -> None:
        """A controller button press (no real pad needed: intents carry the id)."""
        self.app.step([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button,
                                          instance_id=instance_id)], DT)


class StubView(BoardView):
    """A tiny board view: Enter applies the first legal action, digit n the n-th."""

    tools = ("only",)
    tool = "only"
    shortcuts = (("Enter", "first legal action"),)

    def __init__(self, session, app) -> None:
        super().__init__(session, app)
        self.refusals: list[tuple[str, str]] = []
        self.resets = 0
        self.applied: list[str] = []
        self.highlights: list = []
        self.forced: str | None = None

    def handle(self, intent, area):
        legal = self.session.legal()
        if intent.kind == "confirm" and legal:
            return self.forced or legal[0]
        if intent.kind == "digit" and legal and intent.value <= len(legal):
            return legal[intent.value - 1]
        return None

    def refused(self, action, reason):
        super().refused(action, reason)
        self.refusals.append((action, reason))

    def on_reset(self):
        self.resets += 1

    def on_events(self, action, events):
        self.applied.append(action)

    def highlight(self, step):
        self.highlights.append(step)

    def draw(self, screen, area):
        x, y, w, h = area
        screen.box(x, y, w, h, (40, 90, 60))
        screen.text(f"{len(self.session.game.log)} actions", x + 20, y + 20)


class BrokenView(StubView):
    """Raises as soon as it is asked to handle input."""

    def handle(self, intent, area):
        if intent.kind == "confirm":
            raise RuntimeError("the view exploded")
        return None


@pytest.fixture(scope="module")
def pygame_display():
    """The dummy display and fonts, for tests that draw a board view without an App."""
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(folder))
    return folder


@pytest.fixture
def make_app(home, tmp_path):
    """Build Apps on the dummy display, all sharing tmp_path/saves."""

    def build(**kwargs) -> App:
        kwargs.setdefault("size", (1280, 720))
        kwargs.setdefault("saves", SaveStore(tmp_path / "saves"))
        return App(**kwargs)

    yield build
    pygame.display.quit()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def ui(app):
    return Driver(app)


@pytest.fixture
def stub_app(app):
    """The app with the stub view standing in for every engine's board view."""
    for engine in list(app.registry.rules):
        app.views[engine] = StubView
    return app


@pytest.fixture
def stub_ui(stub_app):
    return Driver(stub_app)
