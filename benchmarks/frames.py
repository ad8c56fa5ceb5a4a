"""Client benchmarks: frame time on late Mexica, Aztlán and Market boards, and start-up.

Not a test: run it by hand on a quiet machine::

    .venv/bin/python benchmarks/frames.py            # 600 frames per size, 5 start-ups
    .venv/bin/python benchmarks/frames.py --quick    # fewer samples

Frames: three four-player games played by the playout policy, each shown late in the
play scene at 1280x720, at a handheld's 1280x800 and at 1920x1080: Mexica in late
period 2 (60 actions before its end), and Aztlán and the Market of Tlatelolco at the
last stretch of 30 actions without a scoring (a scoring opens the overlay, whose frames
would not be the board's). Each frame
is ``app.step(events, 1/60)`` plus ``app.present()`` (what the frame painted, to the
window: all of it, or only the rectangles a frame painted in parts); every 4th frame the
mouse
moves to another board space (a Mexica cell, an Aztlán territory, a Market square or
buyer), every 6th an arrow key moves the cursor, every 50th Tab changes the tool, and
every 20th frame comes right after the next playout action was applied (the application
itself, with its autosave, is reported on its own line). Where the game has secrets
(Aztlán), that frame also carries the Enter that dismisses the "Pass to" screen, so it
draws the board for the new player. Target: p99 <= 8 ms.

Effects (issue 16), at 1920x1080: the screens while their motion runs, each repeated for
the same number of frames: Mexica's scoring reveal stepping through its districts (bursts
on the board and over the totals; when it ends it opens again), a long Pilli walk played
step by step from one Enter (then undone and walked again), a Market purchase with its
goods flying to the buyer and its burst (then undone and bought again), and the title with
its dusk, moving water and the framed game behind the menu. Target: p99 <= 8 ms.

A still board (issue 37): the late Mexica board at 1920x1080 with nobody touching
anything, shown by the real loop (``App.run``) for 30 seconds of wall clock (10 with
``--quick``) once it has settled, ended by a QUIT from SDL's timer: the CPU time of the
loop's thread and of the whole process over that time, as a share of one core, and the
frames the loop drew and the sleeps it took. Target: <= 5 % of a core.

Start-up: ``python -m game play --frames 1`` in a fresh process with
``AZTEC_ARCADE_TIMING=1``, which makes the client print the time from process start to
its first drawn frame; median of 5 runs (:mod:`benchmarks.startup`, which also times
``aztec-arcade list`` and reports CPU times). Target: <= 400 ms.

The machine's load average is printed with the results: on a busy machine the figures
are slower than the targets mean (they are for a quiet machine). Beside each frame's wall
time, its thread's CPU time (``time.thread_time``), which a machine shared with other
work does not inflate by the waits for a free core.

CPU per frame (issue 37), for every board and effect above: the median and p99 of the
loop thread's CPU time against 1 ms and 3 ms; and a machine 4 times slower per core (a
Raspberry Pi 5, a handheld, an old laptop) by scaling each frame's CPU time by 4 against
a 60 Hz frame (16.7 ms). Scaling is the method because it needs no privileges (a CPU
quota needs cgroups) and is deterministic; it is pessimistic for the work a slower
machine's memory does as fast, and it leaves out the present to a real display. Also
the share of frames painted in parts (``game.kit.client.damage``).

``--only WORD`` runs the boards and effects whose name holds WORD (and skips the still
board and the start-up unless WORD names them), for comparing two commits quickly.

Both use SDL's dummy video and audio drivers unless SDL_VIDEODRIVER / SDL_AUDIODRIVER are
set (e.g. SDL_VIDEODRIVER=x11 with a DISPLAY to include a real window's present). Exit
code 0 even when a target is missed; read the PASS/MISS column.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HOME = tempfile.mkdtemp(prefix="aztec-arcade-bench-")
os.environ["AZTEC_ARCADE_HOME"] = HOME  # default settings, no user saves touched

import pygame  # noqa: E402

from benchmarks.common import fmt, percentile, print_head  # noqa: E402
from benchmarks.startup import FIRST_FRAME_TARGET, child_env, run_once  # noqa: E402
from game.ui import showcase  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.saves import SaveStore  # noqa: E402

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene

FRAME_TARGET = 8e-3
#: issue 37: a frame's CPU time (its thread's) on the late boards and in the effects
CPU_P99_TARGET = 3e-3
CPU_MEDIAN_TARGET = 1e-3
#: a machine this many times slower per core (a Raspberry Pi 5, a handheld, an old
#: laptop) must still draw every screen within a 60 Hz frame
SLOWER = 4
SLOW_TARGET = 1 / 60
#: a settled board: the share of one core the client may use
STILL_TARGET = 0.05
#: a television's two sizes and a handheld's 16:10 (the Steam Deck's: a taller canvas,
#: the board and the log 120 units lower); the effects and the still board at the last
SIZES = ((1280, 720), (1280, 800), (1920, 1080))
#: playout actions applied during the frames: one every 20 of 600 frames
QUIET = 30
Point = tuple[float, float]


class Board(NamedTuple):
    """A board to time: how to bring it up, and where on it the mouse may go."""

    name: str
    #: shows the board in a fresh play scene; returns it and the actions to apply later
    start: Callable[[App], tuple[PlayScene, list[str]]]
    #: logical points of the board's spaces (what a player's mouse visits)
    spots: Callable[[PlayScene], list[Point]]


def late(variant: str) -> Callable[[App], tuple[PlayScene, list[str]]]:
    """A four-player board late in ``variant``'s game (:func:`showcase.late_game`)."""
    def start(app: App) -> tuple[PlayScene, list[str]]:
        return showcase.late_game(app, variant, players=4, seed=7, quiet=QUIET)
    return start


def mexica_spots(play: PlayScene) -> list[Point]:
    from variants.mexica.view.paint import make_layout

    board = play.game.rules.table.board
    lay = make_layout(play.board_area, board.width, board.height)
    return [lay.centre(cell) for cell in range(board.size)]


def aztlan_spots(play: PlayScene) -> list[Point]:
    from variants.aztlan.view.layout import make_layout

    geo = play.view.geo
    lay = make_layout(play.board_area, geo)
    return [lay.pt(label) for label in geo.label]


def market_spots(play: PlayScene) -> list[Point]:
    from variants.market.view.layout import make_layout

    rules = play.game.rules
    lay = make_layout(play.board_area, rules.table.n)
    return ([lay.centre(sq) for sq in range(rules.table.geo.size)]
            + [lay.buyer_centre(side, b) for side in rules.table.sides
               for b in range(rules.table.n)])


BOARDS = (
    Board("Mexica", lambda app: showcase.late_board(app, players=4, seed=7, spare=60),
          mexica_spots),
    Board("Aztlán", late("aztlan"), aztlan_spots),
    Board("Market", late("tlatelolco-market"), market_spots),
)


def bench_frames(board: Board, size: tuple[int, int],
                 frames: int) -> dict[str, list[float]]:
    """Frame times (seconds) by kind: every frame, those right after an action, those
    with a hover or key, and the time applying the action took (outside the frames)."""
    app = App(size=size, fullscreen=False, saves=SaveStore(Path(HOME) / "saves"))
    app.repaints_per_frame = 1  # as App.run spreads an action's repaints
    play, following = board.start(app)
    view = play.view
    spots = board.spots(play)
    rng = random.Random(1)
    arrows = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
    out: dict[str, list[float]] = {"all": [], "after action": [], "hover/key": [],
                                   "apply": [], "cpu": [], "cpu after action": []}
    for _ in range(30):  # warm the caches the way a player's first second does
        app.step([], 1 / 60)
        app.heap.watch(app.stack.top)  # as App.run does between frames
    parts = app.compositor.part_frames
    for i in range(frames):
        events = []
        after = False
        if i % 20 == 10 and following and app.stack.top is play:
            t0 = time.perf_counter()
            play.apply(following.pop(0))
            out["apply"].append(time.perf_counter() - t0)
            after = True
            if play.privacy is not None:  # the device goes to the next player
                events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                 mod=0, unicode=""))
        if i % 4 == 0:
            events.append(pygame.event.Event(pygame.MOUSEMOTION, rel=(0, 0), buttons=(),
                                             pos=app.screen.px(*rng.choice(spots))))
        if i % 6 == 3:
            events.append(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(arrows), mod=0,
                                             unicode=""))
        if i % 50 == 25:
            events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                             unicode=""))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(events, 1 / 60)
        app.present()
        elapsed = time.perf_counter() - t0
        cpu = time.thread_time() - c0
        app.heap.watch(app.stack.top)  # between frames, as App.run does
        out["all"].append(elapsed)
        out["cpu"].append(cpu)
        if after:
            out["after action"].append(elapsed)
            out["cpu after action"].append(cpu)
        elif events:
            out["hover/key"].append(elapsed)
    if view is None or app.failures:
        raise RuntimeError(f"the {board.name} play scene failed: {app.failures!r}")
    if app.stack.top is not play:
        raise RuntimeError(f"{board.name}: {type(app.stack.top).__name__} came up, so not "
                           "every frame timed the board")
    out["in parts"] = [(app.compositor.part_frames - parts) / frames]
    pygame.display.quit()
    return out


# ---------------------------------------------------------------------------------------
# effects: the screens while their motion runs (issue 16)
# ---------------------------------------------------------------------------------------
#: the CPU time of each frame :func:`_timed_frame` timed (bench_effects reads them)
CPU_TIMES: list[float] = []


#: the share of each effect's frames painted in parts, and whether each frame
#: :func:`_timed_frame` timed was
PARTS: dict[str, float] = {}
IN_PARTS: list[bool] = []


def _timed_frame(app: App, events: list[pygame.event.Event] | None = None) -> float:
    t0, c0 = time.perf_counter(), time.thread_time()
    app.step(events or [], 1 / 60)
    IN_PARTS.append(app.present() is not None)
    CPU_TIMES.append(time.thread_time() - c0)
    elapsed = time.perf_counter() - t0
    app.heap.watch(app.stack.top)  # between frames, as App.run does
    return elapsed


def effects_scoring(app: App, frames: int) -> list[float]:
    """Mexica's first scoring reveal, district after district; reopened when it ends."""
    from game.ui.scenes.scoring import ScoringScene

    scene = showcase.scoring(app)
    assert isinstance(scene, ScoringScene)
    session, view, events = scene.session, scene.view, scene.events
    out = []
    for _ in range(frames):
        top = app.stack.top
        if not isinstance(top, ScoringScene):
            app.stack.push(ScoringScene(session, view, events))
        elif top.finished:
            showcase.key(app, pygame.K_RETURN)  # closes it (untimed); reopened next frame
            continue
        out.append(_timed_frame(app))
    return out


def effects_walk(app: App, frames: int) -> list[float]:
    """A long walk from one Enter, the Pilli stepping cell by cell; then undone, again."""
    play = showcase.board(app)
    view: Any = play.view
    steps = len(view.preview.path)
    if not view.preview.ok or steps < 3:
        raise RuntimeError("the showcase board has no long walk under the cursor")
    start = len(play.game.log)
    out = []
    enter = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")]
    pending = enter
    for _ in range(frames):
        if not pending and not view.busy and not view.anims and len(play.game.log) > start:
            while len(play.game.log) > start:  # back to the start of the walk (untimed)
                play.undo()
            pending = enter
        out.append(_timed_frame(app, pending))
        pending = []
    return out


def effects_purchase(app: App, frames: int) -> list[float]:
    """A Market purchase: goods fly from the vendor to the buyer, a burst where they
    land; 60 frames later it is undone and bought again."""
    from tools import market_showcase as view_showcase

    play = view_showcase.midgame(app)
    goal = view_showcase.telling_purchase(play.game)
    if goal is None:
        raise RuntimeError("the Market showcase has no purchase open")
    out = []
    for i in range(frames):
        if i % 60 == 0:
            if len(play.game.log) and play.game.log[-1] == goal:
                play.undo()
            play.apply(goal)
        out.append(_timed_frame(app))
    return out


def effects_title(app: App, frames: int) -> list[float]:
    """The title: dusk, moving water and friezes, the easy computers' game framed behind
    the menu (after the few seconds before it starts)."""
    from game.ui.scenes.title import ATTRACT_DELAY, TitleScene

    app.stack.clear_to(TitleScene(attract_seed=3))
    showcase.frames(app, int(ATTRACT_DELAY * 60) + 60)
    return [_timed_frame(app) for _ in range(frames)]


EFFECTS: tuple[tuple[str, Callable[[App, int], list[float]]], ...] = (
    ("Mexica scoring reveal", effects_scoring),
    ("Mexica long walk", effects_walk),
    ("Market purchase", effects_purchase),
    ("title with the game behind", effects_title),
)


def bench_effects(name: str, run: Callable[[App, int], list[float]], size: tuple[int, int],
                  frames: int) -> tuple[list[float], list[float]]:
    """(wall times, CPU times) of the frames ``run`` timed."""
    app = App(size=size, fullscreen=False, saves=SaveStore(Path(HOME) / "saves"))
    app.repaints_per_frame = 1  # as App.run spreads an action's repaints
    for _ in range(30):  # the first frames paint the art once; a player never sees it again
        app.step([], 1 / 60)
    CPU_TIMES.clear()
    IN_PARTS.clear()
    times = run(app, frames)
    PARTS[name] = sum(IN_PARTS) / max(1, len(IN_PARTS))
    if app.failures:
        raise RuntimeError(f"{name} failed: {app.failures!r}")
    pygame.display.quit()
    return times, list(CPU_TIMES)


def bench_still(seconds: float) -> dict[str, float]:
    """The share of a core the client's thread and process use showing a settled late
    board for ``seconds``, and the frames drawn and sleeps taken meanwhile."""
    app = App(size=SIZES[-1], fullscreen=False, saves=SaveStore(Path(HOME) / "saves"))
    showcase.late_board(app, players=4, seed=7, spare=60)
    for _ in range(3000):  # until it settles (its entrance, the banner, a few seconds)
        if app.wakes_in() is None:
            break
        app.step([], 1 / 60)
    else:
        raise RuntimeError("the still board never settled")
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), 1)
    drawn, slept = app.frames_drawn, app.sleeps
    t0, c0, p0 = time.perf_counter(), time.thread_time(), time.process_time()
    app.run()  # the QUIT ends it (and closes the app)
    wall = time.perf_counter() - t0
    out = {"thread": (time.thread_time() - c0) / wall, "process": (time.process_time() - p0)
           / wall, "wall": wall, "frames": app.frames_drawn - drawn,
           "sleeps": app.sleeps - slept}
    pygame.display.quit()
    return out


def bench_startup(runs: int) -> tuple[list[float], list[float]]:
    """(first frame after process start as the client reports it, wall time from spawning
    the process until that line arrived), in seconds: :mod:`benchmarks.startup`'s runs."""
    env = child_env(ROOT, os.path.join(HOME, "pycache"), HOME)
    run_once(["play", "--frames", "1"], ROOT, env)  # warm caches
    done = [run_once(["play", "--frames", "1"], ROOT, env) for _ in range(runs)]
    return [r["first frame"] for r in done], [r["to the line, wall"] for r in done]


def row(name: str, samples: list[float], target: float | None, on: str = "p99") -> bool:
    median = statistics.median(samples)
    p99 = percentile(samples, 0.99)
    if target is None:
        verdict, shown = "", " " * 11
    else:
        ok = (p99 if on == "p99" else median) <= target
        verdict, shown = ("PASS" if ok else "MISS"), fmt(target)
    print(f"{name:<46} {len(samples):>6} {fmt(median)} {fmt(p99)} {shown}  {verdict}",
          flush=True)
    return verdict != "MISS"


def cpu_rows(cpu: list[float], parts: float) -> bool:
    """The frames' CPU time against issue 37's targets (median and p99), and as it
    would be on a machine :data:`SLOWER` times slower: each frame's CPU time scaled
    (the pixels' copying and the Python alike; the present to a real display, which a
    dummy driver does not make, is not in it). True if all three are met."""
    ok = row("  its frames' CPU time (p99)", cpu, CPU_P99_TARGET)
    ok &= row("  its frames' CPU time (median)", cpu, CPU_MEDIAN_TARGET, on="median")
    ok &= row(f"  on a machine {SLOWER}x slower (CPU x{SLOWER}, p99)",
              [c * SLOWER for c in cpu], SLOW_TARGET)
    print(f"{'  frames painted in parts':<46} {'':>6} {parts * 100:>10.0f}%", flush=True)
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer frames and start-ups")
    parser.add_argument("--only", default="", metavar="WORD",
                        help="only the boards and effects whose name holds WORD "
                        "('still' and 'start-up' name those)")
    args = parser.parse_args(argv)
    only = args.only.lower()

    def chosen(name: str) -> bool:
        return only in name.lower()
    frames = 200 if args.quick else 600
    runs = 3 if args.quick else 5
    print_head([f"Client benchmarks (Python {sys.version.split()[0]}, pygame-ce "
                f"{pygame.version.ver}, video driver {os.environ['SDL_VIDEODRIVER']})",
                "Frames: four players, play scene, late in the game: Mexica (period 2), "
                "Aztlán and Market; target p99 <= 8 ms",
                "Effects: a scoring reveal, a long walk, a Market purchase, the title, "
                "1920x1080; target p99 <= 8 ms",
                f"CPU per frame (the loop's thread): p99 <= {CPU_P99_TARGET * 1e3:.0f} ms, "
                f"median <= {CPU_MEDIAN_TARGET * 1e3:.0f} ms; {SLOWER}x slower: p99 <= "
                f"{SLOW_TARGET * 1e3:.1f} ms; a still board <= {STILL_TARGET * 100:.0f} % of "
                "a core"],
               f"{'benchmark':<46} {'n':>6} {'median':>11} {'p99':>11} {'target':>11}  "
               "result")
    missed = 0
    for board in BOARDS:
        if not chosen(board.name):
            continue
        for w, h in SIZES:
            times = bench_frames(board, (w, h), frames)
            missed += not row(f"frame {board.name} {w}x{h}", times["all"], FRAME_TARGET)
            row(f"  right after an action {w}x{h}", times["after action"], None)
            row(f"  with a hover or key {w}x{h}", times["hover/key"], None)
            row(f"  applying the action {w}x{h}", times["apply"], None)
            missed += not cpu_rows(times["cpu"], times["in parts"][0])
            row("  its frames' CPU time right after an action", times["cpu after action"],
                None)
    w, h = SIZES[-1]
    for name, run in EFFECTS:
        if not chosen(name):
            continue
        wall, cpu = bench_effects(name, run, (w, h), frames)
        missed += not row(f"effects: {name} {w}x{h}", wall, FRAME_TARGET)
        missed += not cpu_rows(cpu, PARTS[name])
    if only and not chosen("still board start-up"):
        print(f"\n{missed} target(s) missed of those run.")
        return 0
    still = bench_still(10.0 if args.quick else 30.0)
    ok = still["thread"] <= STILL_TARGET
    missed += not ok
    print(f"{'still board, share of a core (thread)':<46} {still['wall']:>5.1f} s "
          f"{still['thread'] * 100:>10.2f}% {'':>11} {STILL_TARGET * 100:>10.0f}%  "
          f"{'PASS' if ok else 'MISS'}", flush=True)
    print(f"{'  the whole process':<46} {'':>7} {still['process'] * 100:>10.2f}%", flush=True)
    print(f"{'  frames drawn, sleeps taken':<46} {'':>7} {still['frames']:>11.0f} "
          f"{still['sleeps']:>11.0f}", flush=True)
    reported, spawned = bench_startup(runs)
    missed += not row("start-up to the first title frame", reported, FIRST_FRAME_TARGET,
                      on="median")
    row("  spawn to that line (wall clock)", spawned, None)
    load = os.getloadavg()
    print(f"\nload average during the run: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"({os.cpu_count()} CPUs)")
    print("PASS/MISS compares the frame p99, the frames' CPU time, the still board and the "
          "start-up median with the targets; the other indented lines are details.")
    print("All targets met." if not missed else f"{missed} target(s) missed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
