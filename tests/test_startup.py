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
