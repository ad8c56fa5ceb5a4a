"""Smoke tests: the real entry point, ``python -m game play --frames 60``, in a fresh
process under the dummy video driver, with a working and with an impossible audio driver.

The two processes run side by side (each takes about a second and a half: start-up, then
a second of frames, the loop being capped at 60 frames per second).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
FRAMES = 60
TIMEOUT = 120


def start(home: Path, audio: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SDL_", "AZTEC_ARCADE_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER=audio, AZTEC_ARCADE_HOME=str(home),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                        os.environ.get("PYTHONPATH")])))
    return subprocess.Popen([sys.executable, "-m", "game", "play", "--frames", str(FRAMES)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Both processes, started together: audio driver -> (exit code, stdout, stderr)."""
    procs = {}
    for audio in ("dummy", "nonexistent"):
        home = tmp_path_factory.mktemp(f"home-{audio}")
        procs[audio] = (start(home, audio), home)
    out = {}
    for audio, (proc, home) in procs.items():
        try:
            stdout, stderr = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            stdout, stderr = proc.communicate()
            pytest.fail(f"'play --frames {FRAMES}' with audio {audio!r} did not finish in "
                        f"{TIMEOUT} s: {stderr[-2000:]}")
        out[audio] = (proc.returncode, stdout, stderr, home)
    return out


@pytest.mark.slow
def test_play_runs_its_frames_and_exits_cleanly(runs):
    code, stdout, stderr, _home = runs["dummy"]
    assert code == 0, stderr
    assert "Traceback" not in stderr and "Error" not in stderr, stderr


@pytest.mark.slow
def test_play_without_a_usable_audio_device_runs_muted(runs):
    code, _stdout, stderr, _home = runs["nonexistent"]
    assert code == 0, stderr
    assert "Traceback" not in stderr, stderr


def test_an_impossible_audio_driver_mutes_the_app_and_says_so(make_app, monkeypatch):
    """In-process, the same situation: no sound, a toast instead of a crash."""
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "nonexistent")
    try:
        app = make_app()
        assert not app.audio.enabled
        assert any("running muted" in message for message, _until in app.toasts)
        app.play_sound("click")  # silently nothing
        app.step([], 1 / 60)
    finally:
        pygame.mixer.quit()
