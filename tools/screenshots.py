"""Render the README's screenshots into docs/: ``python tools/screenshots.py``.

Most pictures come from ``game.ui.showcase`` (the same deterministic states the snapshot
tests check): the title, the setup, a mid-game Mexica board, the scoring overlay and the
results. Two more show the other games in progress: ``market`` (the Market of Tlatelolco,
from ``variants.market.view_showcase``) and ``aztlan`` (an Aztlán game, built below). Each
is a seeded game advanced by the variant's playout policy and then shown in the play
scene with synthesised keys and a fixed number of frames. All are 1280x720 under SDL's
dummy video driver, with default settings and a throwaway save folder, so your own
settings and saves neither show up nor change. The same pygame-ce writes the same
pictures.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
HOME = tempfile.mkdtemp(prefix="aztec-arcade-shots-")
os.environ["AZTEC_ARCADE_HOME"] = HOME

import pygame  # noqa: E402

from game.api import Game, new_game  # noqa: E402
from game.rng import Rng  # noqa: E402
from game.ui import showcase  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.saves import SaveStore  # noqa: E402

OUT = ROOT / "docs"


def market(app: App) -> Any:
    """The Market of Tlatelolco, four players mid-game, previewing a purchase (the same
    picture as the market snapshot test)."""
    from variants.market import view_showcase

    return view_showcase.midgame(app)


def aztlan_midgame(seed: int = showcase.SEED, players: int = showcase.PLAYERS) -> Game:
    """Age II of a seeded Aztlán game under the playout policy, pawns being placed."""
    game = new_game("aztlan", players, seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        s = game.state
        if s.age == 2 and s.phase == "develop" and s.step == "place" and sum(s.supply) < 12:
            return game
        game.apply(game.playout_action(rng))
    raise ValueError("the game never reached age II's development")


def aztlan(app: App) -> Any:
    """Aztlán, four players in age II: past the hotseat screen, the cursor stepped with
    Tab to a territory where the player may place a pawn."""
    game = aztlan_midgame()
    play = showcase.start_play(app, game)
    showcase.frames(app, 1)
    if play.privacy is not None:
        showcase.key(app, pygame.K_RETURN)  # the device was passed
    for _ in range(3):
        showcase.key(app, pygame.K_TAB)
    showcase.frames(app, 150)
    return play


PICTURES: dict[str, Callable[[App], Any]] = {**showcase.PICTURES, "market": market,
                                             "aztlan": aztlan}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder (default: docs/)")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"only these ({', '.join(PICTURES)})")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in PICTURES]
    if unknown:
        parser.error(f"no picture called {', '.join(unknown)}; choose from "
                     f"{', '.join(PICTURES)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names or list(PICTURES):
        app = App(size=(1280, 720), fullscreen=False,
                  saves=SaveStore(Path(HOME) / name / "saves"))
        PICTURES[name](app)
        path = args.out / f"{name}.png"
        pygame.image.save(app.screen.surface, str(path))
        pygame.display.quit()
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
