"""A long scripted session of the real client, for measuring what its memory does.

:class:`LongPlay` drives one :class:`~game.ui.app.App` frame by frame (``App.step`` and a
flip, as ``App.run`` does, without the clock's sleep) through what a couch does over an
evening: game after game of all four games (Mexica, Mexica for two, Aztlán, the Market),
two to four seats with default and long names, one or two people using hints and the
computers (Easy and Normal) playing the others, at their pace and sped up; scoring
overlays and hand-offs passed, results shown, a rematch or back to the title; the pause
menu, rules help, settings, saves and lessons opened and closed; the mouse roaming over
the board and the window resized between 1920x1080, 1280x720 and 1280x800.

Everything is chosen by a seeded ``random.Random`` from the frame count, so a run is the
same script each time (the computers' threads may answer a frame sooner or later, so the
games are not identical frame for frame, but the mix is). ``benchmarks/memory.py
--client`` measures memory over it and ``tests/client/test_memory.py`` checks that its
growth stops.
"""

from __future__ import annotations

import gc
import os
import random
import sys
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.api import new_game
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.title import TitleScene
from game.ui.sessions import make_session

if TYPE_CHECKING:
    from game.ui.app import App

DT = 1 / 60
#: (variant, player counts) in turn: the four engines
GAMES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("mexica", (2, 3, 4)),
    ("aztlan", (3, 4)),
    ("tlatelolco-market", (2, 3, 4)),
    ("mexica-2p-neutral", (2,)),
    ("aztlan-2p", (2,)),
    ("mexica-festival", (4, 3)),
)
NAMES = (("Ana", "Ben", "Cy", "Dee"),
         ("Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl"),
         ("", "", "", ""))  # default names ("Player 1"...)
#: the window sizes a resize cycles through
SIZES = ((1920, 1080), (1280, 720), (1280, 800))
#: frames between two resizes, and between two visits to the pause menu
RESIZE_EVERY = 2500
MENU_EVERY = 900
#: frames a person waits for a hint before playing on without it
HINT_PATIENCE = 240


def key_event(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def _would_quit(top: Any, code: int) -> bool:
    """A key that would end the evening: Esc on the title (it goes to Quit), or Enter
    with the title's Quit focused. A menu visit queued in one scene can land on the title
    when a game ends meanwhile; the title's rows differ with Continue and Rematch, so a
    count of Down presses can reach Quit (a two-hour run ended so at frame 229,201)."""
    if not isinstance(top, TitleScene):
        return False
    menu = top.menu
    return code == pygame.K_ESCAPE or (code == pygame.K_RETURN and bool(menu.items)
                                       and menu.current is menu.items[-1])


class LongPlay:
    """The script; :meth:`frame` plays one frame of it."""

    def __init__(self, app: App, seed: int = 1, flip: bool = True,
                 resize_every: int = RESIZE_EVERY, menu_every: int = MENU_EVERY) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.flip = flip
        self.resize_every = resize_every
        self.menu_every = menu_every
        #: frames played, games started, games that reached the results
        self.frames = 0
        self.games = 0
        self.finished = 0
        #: frames since the scene on top changed, and that scene
        self._top: Any = None
        self._since = 0
        #: the frame from which a person waits for a hint
        self._asked = -1
        #: the session version the last hint was asked for
        self._asked_at: tuple[int, int] = (-1, -1)
        self._size = 0
        #: the number of games started when the menus were last looked around
        self._looked = -1
        #: menu visits still to make (keys, one per few frames)
        self._keys: list[int] = []

    # -- the frame ------------------------------------------------------------------------
    def run(self, frames: int, every: int = 0,
            checkpoint: Callable[[LongPlay], None] | None = None) -> None:
        """Play ``frames`` frames, calling ``checkpoint`` every ``every`` of them."""
        for _ in range(frames):
            self.frame()
            if checkpoint is not None and every and self.frames % every == 0:
                checkpoint(self)

    def frame(self) -> None:
        app = self.app
        top = app.stack.top
        if top is not self._top:
            self._top, self._since = top, 0
        self._since += 1
        events = self._events(top)
        app.step(events, DT)
        if self.flip:
            pygame.display.flip()
        app.heap.watch(app.stack.top, app.stack.scenes)  # between frames, as App.run does
        self.frames += 1
        if not app.running:
            raise RuntimeError(f"the client quit at frame {self.frames}")

    def _events(self, top: Any) -> list[pygame.event.Event]:
        n = self.frames
        events: list[pygame.event.Event] = []
        if n and n % self.resize_every == 0:
            self._resize()
            events.append(pygame.event.Event(pygame.VIDEORESIZE, size=SIZES[self._size],
                                             w=SIZES[self._size][0], h=SIZES[self._size][1]))
        if n % 4 == 0:
            w, h = self.app.screen.surface.get_size()
            events.append(pygame.event.Event(
                pygame.MOUSEMOTION, rel=(0, 0), buttons=(),
                pos=(self.rng.randrange(w), self.rng.randrange(h))))
        if self._keys:
            if n % 20 == 0:
                code = self._keys.pop(0)
                if not _would_quit(top, code):
                    events.append(key_event(code))
            return events
        act = self._act(top)
        if act is not None:
            events.append(key_event(act))
        return events

    def _resize(self) -> None:
        self._size = (self._size + 1) % len(SIZES)
        app = self.app
        app.windowed_size = SIZES[self._size]
        pygame.display.set_mode(app.windowed_size, pygame.RESIZABLE)

    # -- what the people press ------------------------------------------------------------
    def _act(self, top: Any) -> int | None:
        since = self._since
        if isinstance(top, TitleScene):
            return self._at_title(top)
        if isinstance(top, HandoffScene):
            return pygame.K_RETURN if since == 40 else None
        if isinstance(top, ScoringScene):
            return pygame.K_RETURN if top.finished and since % 30 == 0 else None
        if isinstance(top, ResultsScene):
            self.finished += since == 1
            if since == 420:
                return pygame.K_r if self.rng.random() < 0.4 else pygame.K_ESCAPE
            return pygame.K_RETURN if since == 200 else None
        if isinstance(top, PlayScene):
            return self._in_play(top)
        return pygame.K_ESCAPE if since >= 90 and since % 30 == 0 else None

    def _at_title(self, title: TitleScene) -> int | None:
        since = self._since
        wait = 700 if self.games % 3 == 0 else 60  # some visits see the attract game
        if since == 30 and self.games % 2 == 0 and self._looked != self.games:
            self._looked = self.games
            # a look around the menus first: lessons, load, settings, rules
            self._keys = self.rng.choice((
                [pygame.K_DOWN] * 3 + [pygame.K_RETURN, pygame.K_ESCAPE],
                [pygame.K_DOWN] * 4 + [pygame.K_RETURN, pygame.K_ESCAPE],
                [pygame.K_F1, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_ESCAPE],
                [pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN, pygame.K_ESCAPE]))
            return None
        if since >= wait:
            self._start_game()
        return None

    def _start_game(self) -> None:
        app, rng = self.app, self.rng
        variant, counts = GAMES[self.games % len(GAMES)]
        players = counts[(self.games // len(GAMES)) % len(counts)]
        names = [n for n in NAMES[self.games % len(NAMES)][:players] if n]
        game = new_game(variant, players, seed=rng.randrange(1 << 30))
        session = make_session(app, game, names)
        humans = 1 + (self.games % 2 if players > 2 else 0)
        session.set_kinds(["human"] * humans +
                          [rng.choice(("easy", "normal")) for _ in range(players - humans)])
        self.games += 1
        app.stack.push(PlayScene(session))

    def _in_play(self, play: PlayScene) -> int | None:
        n, since = self.frames, self._since
        if since > 60 and n % self.menu_every == 0:
            self._keys = self.rng.choice((
                [pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_UP, pygame.K_ESCAPE],
                [pygame.K_ESCAPE, pygame.K_F1, pygame.K_PAGEDOWN, pygame.K_ESCAPE,
                 pygame.K_ESCAPE],
                [pygame.K_F1, pygame.K_PAGEDOWN, pygame.K_PAGEDOWN, pygame.K_ESCAPE],
                [pygame.K_TAB, pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN]))
            return None
        driver = play.seats.deciding()
        if driver is None or play.session.game.is_over:
            return None
        if not driver.wants_local_input:  # a computer's turn: now and then, faster
            return pygame.K_RETURN if since % 600 == 300 else None
        return self._person(play)

    def _person(self, play: PlayScene) -> int | None:
        """A person at the screen: asks for a hint and plays it (Enter, and Enter again
        when the game asks to confirm); plays on without one if it is slow to come."""
        n = self.frames
        position = (id(play.session), play.session.version)
        if position != self._asked_at:
            self._asked, self._asked_at = n, position
            return pygame.K_h
        if play.hint_text and n % 10 == 0:
            return pygame.K_RETURN
        if n - self._asked == HINT_PATIENCE:
            game = play.session.game
            play.apply(game.playout_action(_Rng(self.rng.randrange(1 << 30))))
        return None


def _Rng(seed: int) -> Any:  # noqa: N802 - a constructor
    from game.core.rng import Rng

    return Rng(seed)


# ---------------------------------------------------------------------------------------
# measuring
# ---------------------------------------------------------------------------------------
MB = 1024 * 1024


@dataclass
class Mark:
    """The memory at one checkpoint of a run (megabytes)."""

    frame: int
    #: resident set now, the highest since the last mark (sampled every few frames) and
    #: the process's highest ever (``ru_maxrss``, between samples too)
    rss: float
    window: float
    peak: float
    #: Python's own objects, as tracemalloc counts them (0 when it is not tracing)
    python: float
    #: each named cache (:data:`game.kit.client.lru.NAMED`): megabytes of pixels, or entries for
    #: the caches that hold no pixels
    caches: dict[str, float] = field(default_factory=dict)
    games: int = 0
    #: the resident set every few frames since the last mark (``window`` is their highest)
    samples: list[float] = field(default_factory=list)
    #: where the highest ever was reached: the frame and the scenes on the stack
    peak_at: tuple[int, str] = (0, "")


def tracing_mb() -> float:
    """What tracemalloc holds for its own bookkeeping (a trace per block Python has
    allocated, about 11 MB for the client): not the client's, so taken off every
    resident set reported."""
    return tracemalloc.get_tracemalloc_memory() / MB if tracemalloc.is_tracing() else 0.0


def rss_mb() -> float:
    """The resident set of this process now (Linux; the peak elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
    except (OSError, ValueError, IndexError):
        return peak_mb()
    return pages * os.sysconf("SC_PAGE_SIZE") / MB - tracing_mb()


def peak_mb(raw: bool = False) -> float:
    """The highest resident set of this process so far (kilobytes on Linux, bytes on
    macOS), less tracemalloc's own memory now (unless ``raw``)."""
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (MB if sys.platform == "darwin" else 1024) - (0 if raw else tracing_mb())


def cache_fill() -> dict[str, float]:
    """How full each named cache is: megabytes of pixels, or entries."""
    from game.kit.client.lru import NAMED

    return {name: cache.size / MB if cache.limit != float("inf") else float(len(cache))
            for name, cache in sorted(NAMED.items())}


def measure(play: LongPlay, frames: int, every: int,
            report: Callable[[Mark], None], sample: int = 250) -> list[Mark]:
    """Play ``frames`` frames, a :class:`Mark` every ``every`` of them (handed to
    ``report`` as it is made), the resident set sampled every ``sample`` frames."""
    marks: list[Mark] = []
    samples: list[float] = []
    peak, peak_at = peak_mb(raw=True), (0, "")
    for _ in range(frames):
        scenes = play.app.stack.scenes[-3:]
        play.frame()
        if peak_mb(raw=True) > peak + 0.5:  # a new highest: what was painted then
            peak = peak_mb(raw=True)
            peak_at = (play.frames, " > ".join(type(s).__name__ for s in scenes))
        if play.frames % sample == 0:
            samples.append(rss_mb())
        if play.frames % every == 0:
            gc.collect()
            python = tracemalloc.get_traced_memory()[0] / MB \
                if tracemalloc.is_tracing() else 0.0
            now = rss_mb()
            marks.append(Mark(play.frames, now, max(samples, default=now), peak_mb(),
                              python, cache_fill(), play.games, samples, peak_at))
            report(marks[-1])
            samples = []
    return marks


def slope(points: list[tuple[float, float]], per: int = 10_000) -> float:
    """The least-squares line's growth per ``per`` frames through (frame, value) points."""
    if len(points) < 2:
        return float("nan")
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    var = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / var * per


def growth(marks: list[Mark], value: Callable[[Mark], float] | None = None,
           per: int = 10_000) -> float:
    """Growth per ``per`` frames over the second half of the run: of ``value`` at each
    mark, or (None) of the resident set sampled every few frames, hundreds of points
    whose line the ups and downs of the window sizes and the scenes hardly move."""
    if not marks:
        return float("nan")
    half = marks[-1].frame / 2
    if value is not None:
        return slope([(m.frame, value(m)) for m in marks if m.frame > half], per)
    points: list[tuple[float, float]] = []
    start = 0
    for m in marks:
        step = (m.frame - start) / max(1, len(m.samples))
        points += [(start + step * (i + 1), v) for i, v in enumerate(m.samples)
                   if start + step * (i + 1) > half]
        start = m.frame
    return slope(points, per)
