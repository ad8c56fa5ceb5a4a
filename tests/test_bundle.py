"""The one-folder build (``python3 tasks.py bundle``) runs for a player without Python.

Building takes PyInstaller (the ``bundle`` extra), so without it this file is skipped.
CI builds the folder once with ``tasks.py bundle`` and names it in
``AZTEC_ARCADE_BUNDLE``; this file then checks that folder instead of building another.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILT = os.environ.get("AZTEC_ARCADE_BUNDLE", "")

if not BUILT and importlib.util.find_spec("PyInstaller") is None:
    pytest.skip("PyInstaller is not installed (the 'bundle' extra)", allow_module_level=True)

pytestmark = pytest.mark.slow


def bundle_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bundle", ROOT / "tools" / "bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bundle"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, Path]:
    tool = bundle_tool()
    if BUILT:
        return tool, Path(BUILT)
    work = tmp_path_factory.mktemp("bundle")
    return tool, tool.build(work / "dist", work / "build")


def test_the_folder_holds_the_program_and_the_games_data(built):
    tool, folder = built
    assert tool.program(folder).is_file()
    # each game's YAML beside its code (the package data of ``variants``), the settings
    # with the program's own data
    games = [p for p in folder.rglob("mexica.yaml") if p.parent.name == "mexica"
             and p.parent.parent.name == "variants"]
    assert games, "the built-in games' YAML is missing"
    settings = [p for p in folder.rglob("settings.yaml") if "_data" in p.parts]
    assert settings, "the settings' defaults are missing"
    assert list(folder.rglob("aztec_arcade-*.dist-info/entry_points.txt")), \
        "the built-in games' entry points are missing"


def test_the_built_program_lists_and_plays_every_built_in_game(built, tmp_path):
    tool, folder = built
    exe = tool.program(folder)
    listed, _ = tool.run_built(exe, ["list"], tmp_path)
    for variant in ("mexica", "mexica-2p-neutral", "tlatelolco-market", "aztlan"):
        assert re.search(rf"^  {variant} ", listed, re.M), listed
    assert "Could not be loaded" not in listed, listed
    for variant, players in tool.GAMES:
        out, _ = tool.run_built(exe, ["play", "--headless", "--variant", variant,
                                      "--players", str(players), "--seed", "3"], tmp_path)
        assert "Final scores:" in out and re.search(r"^Winners?: ", out, re.M), out


def test_the_built_program_plays_computer_players(built, tmp_path):
    tool, folder = built
    out, _ = tool.run_built(tool.program(folder), tool.BOTS, tmp_path)
    assert re.search(r"^  Easy +\d", out, re.M) and re.search(r"^  Hard +\d", out, re.M), out


def test_the_built_window_draws_frames_and_quits(built, tmp_path):
    tool, folder = built
    out, _ = tool.run_built(tool.program(folder), ["play", "--frames", "5", "--windowed"],
                            tmp_path, {"SDL_VIDEODRIVER": "dummy",
                                       "AZTEC_ARCADE_TIMING": "1"})
    assert tool.TIMING.search(out), out
