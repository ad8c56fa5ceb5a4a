"""Render the README's screenshots into docs/: ``python tools/screenshots.py``.

The pictures come from ``game.ui.showcase`` (the same deterministic states the snapshot
tests check): the title, the setup, a mid-game Mexica board, the scoring overlay and the
results, at 1280x720 under SDL's dummy video driver, with default settings and a throwaway
save folder, so your own settings and saves neither show up nor change. The same
pygame-ce writes the same pictures.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
HOME = tempfile.mkdtemp(prefix="aztec-arcade-shots-")
os.environ["AZTEC_ARCADE_HOME"] = HOME

import pygame  # noqa: E402

from game.ui import showcase  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.saves import SaveStore  # noqa: E402

OUT = ROOT / "docs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder (default: docs/)")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"only these ({', '.join(showcase.PICTURES)})")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in showcase.PICTURES]
    if unknown:
        parser.error(f"no picture called {', '.join(unknown)}; choose from "
                     f"{', '.join(showcase.PICTURES)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names or list(showcase.PICTURES):
        app = App(size=(1280, 720), fullscreen=False,
                  saves=SaveStore(Path(HOME) / name / "saves"))
        showcase.PICTURES[name](app)
        path = args.out / f"{name}.png"
        pygame.image.save(app.screen.surface, str(path))
        pygame.display.quit()
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
