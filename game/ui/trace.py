"""What the window shows, written down for a tool that plays it from outside.

``tools/couch_play.py`` plays the real window the way a group does: real key presses and
mouse clicks through the X server (xdotool under Xvfb), screenshots of what came out. To
press the right key it must read the screen as a person would, and pixels alone do not
say which scene is up or where "Start" is. With ``AZTEC_ARCADE_TRACE=FILE`` the client
writes, a few times a second and atomically, the scenes on the stack, every text a person
can see with its rectangle in window pixels (:class:`~game.kit.client.textmap.TextMap`), the
texts that overlap or were cut, and the state of a game being played (who decides, the
status line, a question asked). Nothing reads it inside the client: without the variable
nothing is recorded and nothing is written.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.kit.client.screen import Screen
from game.kit.client.textmap import TextMap, overlaps

if TYPE_CHECKING:
    from game.ui.shell import Shell

#: seconds between two writes
EVERY = 0.1


class Trace:
    """Records the texts of one frame before each write (recording every frame would
    slow the game it watches: every kept part repaints while a recorder listens)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.map = TextMap()
        self.next_write = 0.0
        self.frames = 0

    def before_frame(self, app: Shell) -> None:
        """Listen to this frame's texts if a write is due after it."""
        Screen.recorder = self.map if app.time + 1 / 60 >= self.next_write else None

    @classmethod
    def from_env(cls) -> Trace | None:
        where = os.environ.get("AZTEC_ARCADE_TRACE", "")
        return cls(Path(where)) if where else None

    def after_frame(self, app: Shell) -> None:
        """Called once the frame is on the window (the pixels the texts are checked on)."""
        self.frames += 1
        self.map.window = app.screen.surface
        self.map.next_frame()
        if Screen.recorder is not self.map:
            return
        Screen.recorder = None
        self.next_write = app.time + EVERY
        try:
            self._write(self.describe(app))
        except OSError:
            pass  # a tool's file: the game goes on whatever happens to it

    def describe(self, app: Shell) -> dict[str, Any]:
        seen = self.map.visible()
        cuts = [c for c in self.map.cuts if c.frame >= self.map.frame - 30]
        return {
            "frame": self.frames,
            "time": round(app.time, 3),
            "window": list(app.screen.surface.get_size()),
            "scenes": [type(s).__name__ for s in app.stack.scenes],
            "texts": [{"text": p.text, "rect": [p.ink.x, p.ink.y, p.ink.w, p.ink.h],
                       "role": p.role, "size": p.size} for p in seen],
            "overlaps": [[a.text, b.text] for a, b in overlaps(seen)],
            "cuts": sorted({c.text for c in cuts}),
            "play": _play(app),
        }

    def _write(self, data: dict[str, Any]) -> None:
        part = self.path.with_name(self.path.name + ".part")
        part.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(part, self.path)


def _play(app: Shell) -> dict[str, Any] | None:
    """The game being played, as the tool needs it to decide what to press: the topmost
    scene with a game, seat drivers and hints (the play screen, a lesson)."""
    play: Any = next((s for s in reversed(app.stack.scenes)
                      if all(hasattr(s, a) for a in ("session", "seats", "hints", "view"))),
                     None)
    if play is None:
        return None
    game = play.game
    driver = play.seats.deciding()
    return {
        "variant": game.variant,
        "players": game.players,
        "names": list(play.session.names),
        "current": game.current_player,
        "local": bool(driver is not None and driver.wants_local_input),
        "over": game.is_over,
        "actions": len(game.log),
        "legal": len(play.session.legal()) if not game.is_over else 0,
        "hint": play.hints.text,
        "thinking": play.hints.hinter.thinking,
        "question": play.confirming[2] if play.confirming else "",
        "refusal": play.refusal,
        "status": str(play.view.status or ""),
        "lesson_step": getattr(play, "index", None) if hasattr(play, "lesson") else None,
    }
