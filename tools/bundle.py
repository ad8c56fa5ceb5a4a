"""The game in one folder with its own Python, for players who have none.

    python3 tasks.py bundle                 # build dist/aztec-arcade/, then check it
    .venv/bin/python tools/bundle.py --check-only dist/aztec-arcade

The folder holds ``aztec-arcade`` (``aztec-arcade.exe`` on Windows) and everything it
needs; it runs on the kind of system it was built on (build on Windows for Windows, on
macOS for macOS). Zip the folder and hand it over.

Why PyInstaller (the ``bundle`` extra): it is well kept, knows pygame's SDL libraries
and builds on all three desktops. One folder rather than one file: a one-file program
unpacks itself into a temporary folder at every start, which costs seconds.

What the build must be told, because its analysis follows ``import`` statements only:

* ``config/`` and ``assets/`` go to ``game/_data/``, where :mod:`game.core.resources` finds
  them in an installed wheel too;
* every module of ``game/`` and ``variants/`` and their data (each game's YAML and
  lessons beside its code, the message catalogues): the built-in games are plugins
  imported by name (``game.core.entrypoints.BUILTIN_ENTRY_POINTS``), and the client
  imports scenes lazily;
* the project's metadata (``aztec_arcade.variants`` entry points and the version are
  read from it); the built-in games load even without it, since they are imported by
  module name first, and the check below proves they do;
* the optional extras (the lab, OpenSpiel) and the test tools stay out even when the
  building environment has them: a player's bundle has what ``play`` installs.

After the build, the check starts the built program as a player would, from another
folder with a fresh user folder and no Python around it: ``list`` shows the built-in
games, a headless game of random players of each built-in engine runs to its winner, so
does one between Easy and Hard computer players, and the window under SDL's dummy video
driver draws a few frames and quits (``play --frames``), timed to its first frame
(``AZTEC_ARCADE_TIMING``).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "aztec-arcade"
#: what a player's bundle leaves out, even when the building environment has it
EXCLUDE = ("matplotlib", "numpy", "scipy", "pandas", "open_spiel", "pyspiel", "dask",
           "distributed", "tqdm", "pytest", "_pytest", "hypothesis", "selenium", "mypy",
           "ruff", "IPython", "tkinter", "game.bridges.openspiel")
#: a game between computer players of each built-in engine: (variant, players)
GAMES = (("mexica", 4), ("mexica-2p-neutral", 2), ("tlatelolco-market", 3), ("aztlan", 3))
#: a game between computer players (Hard with a small search budget)
BOTS = ["simulate", "--variant", "mexica", "--players", "2", "--games", "1",
        "--bots", "easy,hard", "--iterations", "30"]
#: the built-in games ``list`` must show
LISTED = ("mexica", "mexica-2p-neutral", "tlatelolco-market", "aztlan")
FRAMES = 30
#: generous bound for one run of the built program; a slow machine must not fail it
TIMEOUT = 300
TIMING = re.compile(r"AZTEC_ARCADE_TIMING first frame ([0-9.]+) s")


def program(folder: Path) -> Path:
    return folder / (NAME + (".exe" if os.name == "nt" else ""))


def build(dist: Path, work: Path) -> Path:
    """Build ``dist/aztec-arcade/`` with PyInstaller; return the folder."""
    import PyInstaller.__main__

    sep = os.pathsep  # PyInstaller's SOURCE:DEST separator (';' on old Windows builds)
    args = [str(ROOT / "tools" / "bundle_entry.py"), "--name", NAME, "--onedir",
            "--noconfirm", "--clean", "--log-level", "WARN",
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--paths", str(ROOT),
            "--add-data", f"{ROOT / 'config'}{sep}game/_data/config",
            "--add-data", f"{ROOT / 'assets'}{sep}game/_data/assets",
            "--collect-submodules", "game", "--collect-submodules", "variants",
            # each game's YAML and lessons and the message catalogues (game/locale,
            # variants/*/locale), beside their code
            "--collect-data", "game", "--collect-data", "variants",
            "--copy-metadata", NAME]
    for module in EXCLUDE:
        args += ["--exclude-module", module]
    PyInstaller.__main__.run(args)
    return dist / NAME


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()
               and not p.is_symlink())


def run_built(exe: Path, args: list[str], home: Path,
              extra_env: dict[str, str] | None = None) -> tuple[str, float]:
    """Run the built program from ``home``'s folder, as a player without Python would;
    its output, and the wall time it took. Fails on a non-zero exit."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV", "AZTEC_ARCADE_"))}
    env.update(AZTEC_ARCADE_HOME=str(home), SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", **(extra_env or {}))
    start = time.perf_counter()
    done = subprocess.run([str(exe)] + args, cwd=home, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"FAIL: '{exe.name} {' '.join(args)}' exited {done.returncode}\n"
                         f"{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return done.stdout, took


def check(folder: Path, startups: int = 3) -> dict[str, float]:
    """Start the built program as a player would; return its figures (see the module)."""
    exe = program(folder)
    if not exe.is_file():
        raise SystemExit(f"FAIL: {exe} is missing; build first (python3 tasks.py bundle)")
    figures: dict[str, float] = {"size_mb": folder_size(folder) / 1e6}
    with tempfile.TemporaryDirectory(prefix="aztec-arcade-bundle-") as tmp:
        home = Path(tmp)
        listed, figures["list_s"] = run_built(exe, ["list"], home)
        missing = [v for v in LISTED if not re.search(rf"^  {re.escape(v)} ", listed, re.M)]
        if missing or "Could not be loaded" in listed:
            raise SystemExit(f"FAIL: 'list' of the built program: missing {missing}\n{listed}")
        print(f"OK: 'list' shows {', '.join(LISTED)} ({figures['list_s']:.2f} s)")
        for variant, players in GAMES:
            out, took = run_built(exe, ["play", "--headless", "--variant", variant,
                                        "--players", str(players), "--seed", "1"], home)
            if "Final scores:" not in out or "Winner" not in out:
                raise SystemExit(f"FAIL: the headless {variant} game did not end\n{out}")
            print(f"OK: a headless {variant} game of {players} random players ran to "
                  f"its winner ({took:.2f} s)")
        out, took = run_built(exe, BOTS, home)
        if "Hard" not in out or "Mean game length" not in out:
            raise SystemExit(f"FAIL: 'simulate --bots' of the built program\n{out}")
        print(f"OK: a game between computer players, Easy and Hard ({took:.2f} s)")
        firsts, walls = [], []
        for _ in range(startups):
            out, took = run_built(exe, ["play", "--frames", str(FRAMES), "--windowed"], home,
                                  {"SDL_VIDEODRIVER": "dummy", "AZTEC_ARCADE_TIMING": "1"})
            match = TIMING.search(out)
            if match is None:
                raise SystemExit(f"FAIL: the window drew no frame\n{out}")
            firsts.append(float(match.group(1)))
            walls.append(took)
        figures["first_frame_s"] = statistics.median(firsts)
        figures["window_run_s"] = statistics.median(walls)
        print(f"OK: the window under SDL's dummy driver drew {FRAMES} frames and quit; "
              f"first frame {figures['first_frame_s']:.3f} s after start (median of "
              f"{startups}), whole run {figures['window_run_s']:.2f} s")
    print(f"OK: {folder} is {figures['size_mb']:.0f} MB")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tasks.py bundle", description="Build dist/aztec-arcade/, the game with its "
        "own Python (PyInstaller, one folder), and start it headless to check it.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the folder goes (default: dist/)")
    parser.add_argument("--no-check", action="store_true", help="build only")
    parser.add_argument("--check-only", type=Path, metavar="FOLDER",
                        help="check a folder built before, without building")
    parser.add_argument("--startups", type=int, default=3,
                        help="window start-ups to time (default 3; the median is shown)")
    args = parser.parse_args(argv)
    if args.check_only is not None:
        check(args.check_only, args.startups)
        return 0
    with tempfile.TemporaryDirectory(prefix="aztec-arcade-build-") as work:
        start = time.perf_counter()
        folder = build(args.dist.resolve(), Path(work))
        print(f"OK: built {folder} in {time.perf_counter() - start:.0f} s", flush=True)
    if not args.no_check:
        check(folder, args.startups)
    return 0


if __name__ == "__main__":
    sys.exit(main())
