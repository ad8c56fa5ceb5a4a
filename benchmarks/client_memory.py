"""The client's memory over a long evening: ``benchmarks/memory.py --client``.

A fresh process plays :class:`benchmarks.longplay.LongPlay` (all four games, computers
and hints, scorings, menus, resizes between 1920x1080, 1280x720 and 1280x800) frame by
frame, as fast as it can (no clock's sleep; each frame is 1/60 s of the game's time), and
reports at checkpoints: its resident set now, the highest sampled since the last
checkpoint and the highest ever (``ru_maxrss``), Python's own objects (tracemalloc), and
how full each of the client's bounded caches is.

A two-hour game is 432,000 frames (``--full`` plays them all, over an hour on a quiet
machine). The default run is shorter and extrapolates to two hours, which is only fair
once the memory has stopped growing: the summary gives the growth per 10,000 frames over
the second half of the run (a least-squares line through the resident set sampled every
250 frames, hundreds of points, and through Python's objects at the checkpoints) and
adds that growth, if it is positive, to the highest resident set for the frames not
played. The checkpoints fall once per round of the three window sizes (:data:`EVERY`),
so each compares like with like (a 1080p window holds twice the pixels of a 720p one).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import tracemalloc
from dataclasses import asdict
from pathlib import Path
from typing import Any

from benchmarks.longplay import MB, RESIZE_EVERY, SIZES, Mark, growth

#: the issue's promise for a two-hour game
TARGET_MB = 200.0
#: frames of a two-hour game at 60 fps
TWO_HOURS = 2 * 60 * 60 * 60
#: frames between checkpoints: one round of the window sizes
EVERY = len(SIZES) * RESIZE_EVERY
#: frames played by default (about 10 minutes on a quiet machine) and by --quick
DEFAULT_FRAMES = 8 * EVERY
QUICK_FRAMES = 4 * EVERY


def run_child(frames: int, every: int, trace: bool) -> None:
    """In the child: play and print each checkpoint as a JSON line."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory(prefix="aztec-arcade-memory-") as tmp:
        os.environ["AZTEC_ARCADE_HOME"] = tmp
        if trace:
            tracemalloc.start(1)
        from benchmarks.longplay import LongPlay, measure
        from game.ui.app import App
        from game.ui.saves import SaveStore

        app = App(size=SIZES[0], fullscreen=False, saves=SaveStore(Path(tmp) / "saves"))
        app.repaints_per_frame = 1  # as App.run does
        play = LongPlay(app)
        measure(play, frames, every,
                lambda mark: print(json.dumps(asdict(mark)), flush=True))
        if app.failures:
            print(json.dumps({"failures": [repr(f) for f in app.failures]}), flush=True)


def clock(frames: int) -> str:
    seconds = frames // 60
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def row(mark: Mark) -> str:
    pixels = sum(v for k, v in mark.caches.items() if k not in ("fonts", "text widths"))
    return (f"{mark.frame:>8,} {clock(mark.frame):>8} {mark.rss:7.1f} {mark.window:7.1f} "
            f"{mark.peak:7.1f} {mark.python:7.1f} {pixels:7.1f} "
            f"{mark.caches.get('art', 0):5.1f} {mark.caches.get('sprites', 0):5.1f} "
            f"{mark.caches.get('text', 0):5.1f} {mark.caches.get('boxes', 0):5.1f} "
            f"{mark.caches.get('fonts', 0):5.0f} {mark.games:5}")


def main(frames: int, every: int, trace: bool) -> int:
    print(f"The client over {frames:,} frames ({clock(frames)} of play at 60 fps), a fresh "
          f"process, the SDL dummy driver; a checkpoint every {every:,} frames")
    print("MB: resident now, highest since the last checkpoint, highest ever (less "
          "tracemalloc's own memory); Python's objects (tracemalloc); the caches' pixels "
          "(all, art, sprites, text, boxes); fonts loaded; games started")
    print(f"{'frame':>8} {'time':>8} {'rss':>7} {'high':>7} {'peak':>7} {'python':>7} "
          f"{'pixels':>7} {'art':>5} {'spr':>5} {'text':>5} {'box':>5} {'fonts':>5} "
          f"{'games':>5}")
    print("-" * 100)
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=os.pathsep.join(
        filter(None, [str(root), os.environ.get("PYTHONPATH")])))
    cmd = [sys.executable, str(root / "benchmarks" / "memory.py"), "--run-client",
           str(frames), "--every", str(every)] + ([] if trace else ["--no-trace"])
    marks: list[Mark] = []
    failures: list[str] = []
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            if not line.startswith("{"):
                print(line, end="")  # something the client printed
                continue
            data: dict[str, Any] = json.loads(line)
            if "failures" in data:
                failures = data["failures"]
                continue
            data["peak_at"] = tuple(data["peak_at"])
            marks.append(Mark(**data))
            print(row(marks[-1]), flush=True)
    if proc.returncode != 0 or not marks:
        print(f"the child failed ({proc.returncode})")
        return 1
    summary(marks, frames, failures)
    return 0


def summary(marks: list[Mark], frames: int, failures: list[str]) -> None:
    print("-" * 100)
    rss = growth(marks)
    python = growth(marks, lambda m: m.python)
    peak = marks[-1].peak
    half = [m for m in marks if m.frame > marks[-1].frame / 2]
    high = max(m.window for m in half)
    print(f"growth per 10,000 frames over the second half ({frames - frames // 2:,} "
          f"frames, {sum(len(m.samples) for m in half)} samples): resident set "
          f"{rss:+.2f} MB, Python's objects {python:+.2f} MB")
    frame, scenes = marks[-1].peak_at
    print(f"highest resident set over the run: {peak:.1f} MB, at frame {frame:,} over "
          f"{scenes or '?'} (second half: {high:.1f} MB)")
    if frames < TWO_HOURS:
        more = (TWO_HOURS - frames) / 10_000
        projected = max(peak, high + max(0.0, rss) * more)
        print(f"projected to {TWO_HOURS:,} frames (two hours): {projected:.1f} MB "
              f"(highest {peak:.1f} MB, plus {max(0.0, rss):.2f} MB x {more:.1f})")
    else:
        projected = peak
    verdict = "PASS" if projected < TARGET_MB else "MISS"
    # a short run ends while the bounded caches still fill, so its growth line overstates
    # the hours after it; the two hours played (--full) are the verdict
    how = "" if frames >= TWO_HOURS else " (projected from a short run; --full plays them)"
    print(f"{verdict}: target < {TARGET_MB:.0f} MB for a two-hour game{how}")
    if failures:
        print(f"plugin failures during the run: {failures}")


__all__ = ["MB", "main", "run_child"]
