"""The program of the one-folder build (``tools/bundle.py``): ``aztec-arcade`` as the
console script runs it, plus what a frozen program must do itself.

* ``multiprocessing.freeze_support()``: the Hard computer player's search processes and
  the lab's workers are started with "spawn", which runs this same program again with
  arguments of multiprocessing's own; it must hand them over before anything else.
* ``-m MODULE``: the server for phones starts its table painter as
  ``sys.executable -m game.ui.picture``; in the build ``sys.executable`` is this program,
  so it runs a module of the game when asked that way (and nothing else).
"""

from __future__ import annotations

import multiprocessing
import runpy
import sys


def main() -> int:
    multiprocessing.freeze_support()
    if len(sys.argv) > 2 and sys.argv[1] == "-m" and sys.argv[2].startswith("game."):
        module = sys.argv[2]
        sys.argv = [sys.argv[0]] + sys.argv[3:]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        return 0
    from game.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
