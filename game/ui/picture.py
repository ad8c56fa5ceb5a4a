"""The table picture for remote devices: a child process that draws what a spectator
sees of the board (game.remote's server starts it).

``python -m game.ui.picture WIDTH HEIGHT`` reads jobs on standard input and writes
pictures on standard output, each a 4-byte big-endian length and then the bytes. A job
is JSON from :func:`game.remote.snapshot.picture_request` (the game as saved, and the
seats' names, colours and marks); a picture is the finished ``picture`` message of the
protocol, a JPEG in base64, so the server sends it on unchanged. JPEG, not PNG: at
960x540 a PNG of the textured board took about 150 ms to encode and 350 KB, sent to
every device after every action; the JPEG takes about 5 ms and 135 KB, and a photo-like
board loses nothing a phone shows.

It draws with the variant's own board view (``register_views``) under SDL's dummy video
driver, like the television: the seat cards, the board and the side panel. The view's
session has ``handover`` set, the documented signal that a board view draws as for a
spectator (no seat's secrets). A child process keeps drawing and encoding off the
host's interpreter, so the television's frames never wait for them.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, BinaryIO

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.api import Game, load_game  # noqa: E402
from game.i18n import Msg, render, set_language  # noqa: E402
from game.i18n.client import _  # noqa: E402
from game.kit.client import theme  # noqa: E402
from game.kit.client.layout import BOARD_AREA, panel_area  # noqa: E402
from game.remote.protocol import PROTOCOL, dumps  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.playersbar import draw_players_bar, wide_cards  # noqa: E402
from game.ui.saves import SaveStore  # noqa: E402
from game.ui.services import AppServices  # noqa: E402
from game.ui.session import Session  # noqa: E402
from game.ui.shell import Scene  # noqa: E402

#: places sent with a picture at most, and points of one place's polygon
MAX_PLACES = 2000
MAX_POINTS = 200
#: other names of one place ("red" for the red vendor's square)
MAX_ALSO = 8
#: how much lower the painter process's CPU priority is than the window's (Unix nice)
PAINTER_NICENESS = 10

Colour = tuple[int, int, int]


class PictureSession(Session):
    """A session that shows one game after another in fixed colours, as a spectator."""

    def __init__(self, game: Game, names: list[str], colours: list[Colour],
                 marks: list[str]) -> None:
        super().__init__(game, names)
        self._colours = colours
        self._marks = marks
        self.handover = 0  # draw as for a spectator

    @property
    def colours(self) -> list[Colour]:
        return self._colours

    @property
    def marks(self) -> list[str]:
        return self._marks

    def show(self, game: Game) -> None:
        """The next position: the view sees a new version, as after a load."""
        self.game = game
        self._changed()


class Painter:
    def __init__(self, app: Any) -> None:
        self.app = app
        self._key: Any = None
        self._view: Any = None
        self._session: PictureSession | None = None
        #: the last game painted, and its save without the log and the state
        self._game: Game | None = None
        self._setup: dict[str, Any] | None = None

    def paint(self, job: bytes) -> bytes:
        """The picture message for ``job`` (an error message if drawing failed)."""
        version = 0
        try:
            data = json.loads(job)
            version = int(data["version"])
            languages = [str(lang) for lang in data.get("languages") or ["en"]]
            set_language(languages[0])  # the television's words, as it shows the table
            game = self._game_for(data["game"])
            names = [str(n) for n in data["names"]]
            jpeg, size, places = self._draw(game, names, [tuple(c) for c in data["colours"]],
                                           [str(m) for m in data["marks"]])
            places = [titled(place, languages, names) for place in places]
        except Exception as exc:  # noqa: BLE001 - a picture is not worth a crash
            self._key = None
            print(f"remote painter: {type(exc).__name__}: {exc}", file=sys.stderr)
            return dumps({"type": "picture", "v": PROTOCOL, "version": version,
                          "error": f"the table picture failed ({type(exc).__name__})"})
        return dumps({"type": "picture", "v": PROTOCOL, "version": version,
                      "width": size[0], "height": size[1], "places": places,
                      "jpeg": base64.b64encode(jpeg).decode("ascii")})

    def _game_for(self, save: dict[str, Any]) -> Game:
        """The game ``save`` holds. A job usually follows the last one by an action or
        two: then those actions are applied to the game kept from the last job, instead
        of replaying the whole log (in a late four-player Aztlán game that replay was
        most of the painter's time, and the painter shares the television's two cores).
        The engine is deterministic, so both ways reach the same state."""
        setup = {k: v for k, v in save.items() if k not in ("log", "state")}
        log = save.get("log")
        kept = self._game
        if (kept is not None and setup == self._setup and isinstance(log, list)
                and log[:len(kept.log)] == kept.log):
            with contextlib.suppress(Exception):  # then the whole save, as any other
                for action in log[len(kept.log):]:
                    kept.apply(action)
                if kept.rules.to_dict(kept.state) == save.get("state"):
                    return kept
        self._game = self._setup = None
        game = load_game(json.dumps(save))
        self._game, self._setup = game, setup
        return game

    def _draw(self, game: Game, names: list[str], colours: list[Any],
              marks: list[str]) -> tuple[bytes, tuple[int, int], list[dict[str, Any]]]:
        view = self._board_view(game, names, colours, marks)
        screen = self.app.screen
        screen.fill(theme.BG)
        if view is not None:
            view.update(0.0)  # before the seat cards: they may show the view's facts
        wide = wide_cards(screen, names, game.players)
        draw_players_bar(screen, game, names, colours, 0.0, None, marks, view=view, wide=wide)
        if view is not None:
            view.draw(screen, BOARD_AREA)
            view.draw_panel(screen, panel_area(game.players, view.seat_fact_lines, wide))
        else:
            screen.text(_("This game has no board picture"), BOARD_AREA[0] + BOARD_AREA[2] / 2,
                        BOARD_AREA[1] + BOARD_AREA[3] / 2, theme.FONT_LARGE, theme.TEXT_DIM,
                        "center")
        surface = screen.surface
        bottom = min(surface.get_height(), screen.px(0, BOARD_AREA[1] + BOARD_AREA[3] + 12)[1])
        crop = surface.subsurface(pygame.Rect(0, 0, surface.get_width(), bottom))
        out = io.BytesIO()
        pygame.image.save(crop, out, "table.jpg")
        places = picture_places(view, screen, crop.get_size()) if view is not None else []
        return out.getvalue(), crop.get_size(), places

    def _board_view(self, game: Game, names: list[str], colours: list[Any],
                    marks: list[str]) -> Any:
        """The variant's board view, kept while the variant, its parameters and the
        seats stay the same (views cache their static layers)."""
        key = (game.variant, game.players, json.dumps(game.rules.params, sort_keys=True),
               tuple(names), tuple(map(tuple, colours)), tuple(marks))
        if key == self._key and self._session is not None:
            self._session.show(game)
            if self._view is not None:
                self._view.on_reset()
            return self._view
        factory = self.app.views.get(game.rules.engine_id)
        self._session = PictureSession(game, names, colours, marks)
        self._view = factory(self._session, AppServices(self.app)) if factory is not None else None
        self._key = key
        return self._view


def picture_places(view: Any, screen: Any, size: tuple[int, int]) -> list[dict[str, Any]]:
    """The view's places (``BoardView.picture_places``) in the picture's pixels, only
    those with a name and a sane shape on the picture, at most :data:`MAX_PLACES`. A
    failing or odd hook costs the places (the phone keeps its lists), never the picture."""
    try:
        raw = view.picture_places(BOARD_AREA)
    except Exception as exc:  # noqa: BLE001 - a plugin's places are a nicety
        print(f"remote painter: the places failed ({type(exc).__name__}: {exc})",
              file=sys.stderr)
        return []
    out: list[dict[str, Any]] = []
    for place in raw if isinstance(raw, list) else []:
        shaped = _shape(place, screen, size) if isinstance(place, dict) else None
        if shaped is not None:
            out.append(shaped)
        if len(out) >= MAX_PLACES:
            break
    return out


def _shape(place: dict[str, Any], screen: Any, size: tuple[int, int]) -> dict[str, Any] | None:
    name, title = place.get("name"), place.get("title", place.get("name"))
    if not isinstance(name, str) or not name or not isinstance(title, str | Msg):
        return None
    try:
        if "rect" in place:
            x, y, w, h = (float(v) for v in place["rect"])
            points = [(x, y), (x + w, y + h)]
        else:
            points = [(float(a), float(b)) for a, b in place["polygon"]][:MAX_POINTS]
    except (TypeError, ValueError, KeyError):
        return None
    pixels = [screen.px(x, y) for x, y in points if math.isfinite(x) and math.isfinite(y)]
    if len(pixels) != len(points) or len(pixels) < 2 or not all(
            -size[0] <= px <= 2 * size[0] and -size[1] <= py <= 2 * size[1]
            for px, py in pixels):
        return None
    out: dict[str, Any] = {"name": name[:60]}
    if title != name:
        out["title"] = title if isinstance(title, Msg) else title[:60]
    out.update(_extras(place))
    if "rect" in place:
        (x0, y0), (x1, y1) = pixels
        out["rect"] = [x0, y0, x1 - x0, y1 - y0]
    else:
        out["polygon"] = [list(p) for p in pixels]
    return out


def titled(place: dict[str, Any], languages: list[str], names: list[str]) -> dict[str, Any]:
    """A place whose title is a message, titled in each language the devices read: the
    television's as ``title``, each phone's in ``titles`` (the page picks its own)."""
    title = place.get("title")
    if not isinstance(title, Msg):
        return place
    said = {lang: render(title, lang, names)[:60] for lang in languages}
    return {**place, "title": said[languages[0]], "titles": said}


def _extras(place: dict[str, Any]) -> dict[str, Any]:
    """A place's optional other names (``also``) and seat (``seat``: a place of that
    seat's phone only), kept when they are sane."""
    out: dict[str, Any] = {}
    also = place.get("also")
    if isinstance(also, list):
        words = [a[:60] for a in also[:MAX_ALSO] if isinstance(a, str) and a]
        if words:
            out["also"] = words
    seat = place.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 64:
        out["seat"] = seat
    return out


def _read(stream: BinaryIO, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def main(argv: list[str]) -> int:
    # A picture for the devices may come a few frames later; the television's own
    # frames may not: on a machine with few cores the painter gives way to the window.
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(PAINTER_NICENESS)
    # The protocol owns standard output: anything a plugin prints goes to stderr.
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    width, height = (int(a) for a in argv[:2]) if len(argv) >= 2 else (1280, 720)
    app = App(size=(width, height), fullscreen=False,
              saves=SaveStore(Path(tempfile.mkdtemp(prefix="aztec-arcade-painter-"))),
              first_scene=Scene())
    painter = Painter(app)
    source = sys.stdin.buffer
    while True:
        head = _read(source, 4)
        if head is None:
            return 0
        job = _read(source, int.from_bytes(head, "big"))
        if job is None:
            return 0
        picture = painter.paint(job)
        channel.write(len(picture).to_bytes(4, "big") + picture)
        channel.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
