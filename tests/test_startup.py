"""Start-up does only the work its command needs (issue 34: ``aztec-arcade list`` within
0.3 s of CPU, the first title frame within 400 ms; ``benchmarks/startup.py`` times them).
What is asserted here is the work, never a time: the modules a command imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: what only other commands need: the balance lab and its process pools, the computer
#: players' tournaments, the window
NOT_FOR_LIST = ("game.lab", "game.ai.arena", "multiprocessing", "concurrent.futures",
                "pygame", "game.ui")


@pytest.mark.slow
def test_listing_the_variants_imports_neither_the_lab_nor_the_window(tmp_path):
    env = dict(os.environ, AZTEC_ARCADE_HOME=str(tmp_path))
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    script = ("import json, sys\nfrom game.cli import main\ncode = main(['list'])\n"
              "print(json.dumps([code, sorted(sys.modules)]))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    listing, _, last = done.stdout.rstrip("\n").rpartition("\n")
    code, modules = json.loads(last)
    assert code == 0
    assert "mexica" in listing and "Lessons:" in listing
    assert "yaml" in modules  # it did read the variant files
    loaded = [m for m in modules if any(m == n or m.startswith(n + ".")
                                        for n in NOT_FOR_LIST)]
    assert loaded == []


#: the board views: none is drawn on the title's first frame
VIEWS = ("variants.mexica.view", "variants.aztlan.view", "variants.market.view")


@pytest.mark.slow
def test_the_first_title_frame_imports_no_board_view_and_a_new_game_loads_them(tmp_path):
    """The window comes up on the title, which shows no board: no game's view is
    imported for it. Opening New game loads them (so a board view that fails is listed
    there), and a game's screen has its view."""
    env = dict(os.environ, AZTEC_ARCADE_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    script = (
        "import json, sys\n"
        "from game.ui.app import App\n"
        "from game.ui.scenes.setup import SetupScene\n"
        "app = App(size=(640, 360), fullscreen=False)\n"
        "app.run(max_frames=1)\n"
        "first = sorted(m for m in sys.modules if m.startswith('variants.'))\n"
        "app.stack.push(SetupScene())\n"
        "after = sorted(m for m in sys.modules if m.startswith('variants.'))\n"
        "print(json.dumps([type(app.stack.scenes[0]).__name__, first, after,\n"
        "                  sorted(app.views)]))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    title, first, after, views = json.loads(done.stdout.rstrip("\n").rpartition("\n")[2])
    assert title == "TitleScene"
    assert "variants.mexica.rules" in first  # the games are known (the registry)...
    assert not [m for m in first if m.startswith(VIEWS)]  # ...but no board is drawn
    assert set(VIEWS) <= set(after)
    assert {"mexica", "aztlan", "tlatelolco-market"} <= set(views)
