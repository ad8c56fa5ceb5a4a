"""How long the hint key takes in the running client, from the press of H to the hint on
screen, with the frame loop going as in ``App.run`` (60 fps: ``clock.tick``, the flip).

Not a test: run it by hand::

    .venv/bin/python benchmarks/hints.py             # 12 positions per game
    .venv/bin/python benchmarks/hints.py --busy 1    # with one other process using a core

Positions: every variant's four-player (three for Aztlán, two for the games for two)
game under the playout policy, a person here deciding, sampled through the game (the
first round, mid-game, late). For each: H is pressed through the input (a KEYDOWN event
in the frame), frames run until the status line shows the hint; the wall time and the
frames it took are recorded, and the CPU time of the search alone (the same decision by
:func:`game.ai.hint.suggest`, synchronous) beside it. ``--busy N`` starts N processes
that spin on the CPU meanwhile, like a second window or a browser on the same machine.
Target: the hint shows within 0.5 s (the issue's bound), every position.

Uses SDL's dummy drivers unless SDL_VIDEODRIVER / SDL_AUDIODRIVER are set (e.g.
SDL_VIDEODRIVER=x11 under Xvfb for a real window's flip).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("AZTEC_ARCADE_HOME", tempfile.mkdtemp(prefix="hints-bench-"))

import pygame  # noqa: E402

from game.ai.hint import suggest  # noqa: E402
from game.api import new_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.saves import SaveStore  # noqa: E402
from game.ui.scenes.play import PlayScene  # noqa: E402
from game.ui.sessions import make_session  # noqa: E402

GAMES = (("mexica", 4), ("mexica-2p-neutral", 2), ("tlatelolco-market", 4), ("aztlan", 3),
         ("aztlan-2p", 2))
TARGET = 0.5
NAMES = ["Ana", "Ben", "Cy", "Dee"]


def spin() -> None:
    while True:
        pass


def positions(variant: str, players: int, count: int, seed: int) -> list[list[str]]:
    """Logs of positions spread over a seeded game, each one a person's decision."""
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    logs: list[list[str]] = []
    while not game.is_over:
        logs.append(list(game.log))
        game.apply(game.playout_action(rng))
    step = max(1, len(logs) // count)
    return [logs[i] for i in range(0, len(logs), step)][:count]


def one(app: App, variant: str, players: int, seed: int,
        log: list[str]) -> tuple[float, int, float]:
    game = new_game(variant, players, seed=seed)
    for action in log:
        game.apply(action)
    play = PlayScene(make_session(app, game, NAMES[:players]))
    app.stack.clear_to(play)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
    for _ in range(10):  # the board's first frames (past a "Pass to" screen)
        app.draw_frame([enter] if app.stack.top is not play else [], 1 / 60)
        pygame.display.flip()
        app.clock.tick(60)
    seat = game.current_player
    assert seat is not None
    cpu = time.thread_time()
    suggest(game.rules, game.view(seat), game.legal_actions(), seed=1)
    cpu = time.thread_time() - cpu
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    start = time.perf_counter()
    frames = 0
    events = [press]
    while not play.hint_text and time.perf_counter() - start < 30:
        dt = app.clock.tick(60) / 1000.0
        app.draw_frame(events + pygame.event.get(), min(dt, 0.1))
        pygame.display.flip()
        events = []
        frames += 1
    return time.perf_counter() - start, frames, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=12, help="positions per game")
    parser.add_argument("--busy", type=int, default=0, help="processes spinning meanwhile")
    args = parser.parse_args()
    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for p in spinners:
        p.start()
    app = App(size=(1920, 1080), fullscreen=False,
              saves=SaveStore(Path(tempfile.mkdtemp(prefix="hints-saves-"))))
    app.repaints_per_frame = 1
    print(f"load average {os.getloadavg()[0]:.2f}, {args.busy} busy processes")
    print(f"{'game':<22}{'median s':>10}{'p90 s':>8}{'max s':>8}{'frames':>8}"
          f"{'search CPU s':>14}  target")
    worst = 0.0
    for variant, players in GAMES:
        walls, frame_counts, cpus = [], [], []
        for log in positions(variant, players, args.count, seed=7):
            wall, frames, cpu = one(app, variant, players, 7, log)
            walls.append(wall)
            frame_counts.append(frames)
            cpus.append(cpu)
        walls.sort()
        p90 = walls[min(len(walls) - 1, int(0.9 * len(walls)))]
        worst = max(worst, walls[-1])
        verdict = "PASS" if walls[-1] <= TARGET else "MISS"
        print(f"{variant + f'/{players}p':<22}{statistics.median(walls):>10.3f}{p90:>8.3f}"
              f"{walls[-1]:>8.3f}{statistics.median(frame_counts):>8.0f}"
              f"{max(cpus):>14.3f}  {verdict}")
    for p in spinners:
        p.terminate()
    print(f"worst {worst:.3f} s (target {TARGET} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
