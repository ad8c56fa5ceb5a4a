"""Scenes on a stack, each with a lifecycle.

``update(dt)`` advances time and is the only place a scene changes itself on a timer;
``handle(intent)`` reacts to input; ``draw(screen)`` must never change state, so a frame
can be drawn twice (snapshots, resize) with the same result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.input import Intent
    from game.ui.screen import Screen


class Scene:
    #: draw the scene beneath first (menus and overlays over the board)
    overlay = False
    #: shown in the footer: (key, what it does)
    shortcuts: tuple[tuple[str, str], ...] = ()

    def __init__(self) -> None:
        self.app: App | None = None

    # lifecycle
    def enter(self, app: App) -> None:
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

    def controller_removed(self, instance_id: int) -> str | None:
        """A controller was unplugged: drop a seat's claim on it and return that seat's
        name (for the toast), or None if this scene knows of no such claim."""
        return None


class SceneStack:
    def __init__(self, app: App) -> None:
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter(self.app)

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter(self.app)

    def clear_to(self, scene: Scene) -> None:
        """Unwind everything and start over from ``scene`` (back to the title)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

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
