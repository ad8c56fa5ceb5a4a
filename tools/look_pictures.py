"""The pictures of docs/look.md at 1920x1080 (the README shows one): the title with its
game behind the menu, a board of each game, and a strip of frames of the Market's scoring
reveal, step by step, ending on the results.

    .venv/bin/python tools/look_pictures.py [strip.png]   # writes docs/look/*.jpg

Deterministic like the snapshot tests (``game.ui.showcase``: fixed seeds, input and
frames under SDL's dummy driver), so running it again gives the same pictures. JPEG keeps
a full-size screenshot to a few hundred kilobytes.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["AZTEC_ARCADE_HOME"] = tempfile.mkdtemp(prefix="aztec-arcade-look-")

import pygame  # noqa: E402

from game.ui import showcase  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.saves import SaveStore  # noqa: E402

OUT = ROOT / "docs" / "look"
SIZE = (1920, 1080)
#: the strip of the Market's scoring reveal: a frame of each step (1/60 s frames after
#: the step opened), then the results in their winner moment; the size of each frame
STEP_FRAMES = 40
#: a game whose king ends with tokens of every colour (every step scores)
STRIP_SEED = 9
RESULTS_FRAMES = 120
STRIP_SIZE = (640, 360)
STRIP_COLUMNS = 3


def fresh() -> App:
    return App(size=SIZE, fullscreen=False, saves=SaveStore(Path(tempfile.mkdtemp())))


def title(app: App) -> None:
    from game.ui.scenes.title import ATTRACT_DELAY, TitleScene

    app.stack.clear_to(TitleScene(attract_seed=4))
    showcase.frames(app, int(ATTRACT_DELAY * 60) + 300)


def market(app: App) -> None:
    from tools import market_showcase as view_showcase

    view_showcase.midgame(app)


def aztlan(app: App) -> None:
    from game.api import new_game
    from game.core.rng import Rng
    from game.ui.scenes.play import PlayScene
    from game.ui.sessions import make_session

    g = new_game("aztlan", 3, seed=3)
    rng = Rng(1)
    while not (g.state.age == 2 and g.state.phase == "develop" and g.state.step == "place"
               and sum(g.state.supply) < 12):
        g.apply(g.playout_action(rng))
    app.stack.clear_to(PlayScene(make_session(app, g, ["Ana", "Ben", "Cy"])))
    showcase.frames(app, 1)
    showcase.key(app, pygame.K_RETURN)  # past the "Pass to" screen
    showcase.frames(app, 120)


def scoring_strip() -> pygame.Surface:
    """The end of a four-player Market game, step by step (three frames a row): each
    colour's step of the reveal, the final count, then the results' winner moment."""
    from game.ui.scenes.scoring import STEP_SECONDS, ScoringScene

    app = fresh()
    reveal = showcase.final_reveal(app, "tlatelolco-market", seed=STRIP_SEED, n=STEP_FRAMES)
    assert isinstance(reveal, ScoringScene)
    shots = [app.screen.surface.copy()]
    for _step in reveal.steps[1:]:
        showcase.frames(app, round(STEP_SECONDS * 60))
        shots.append(app.screen.surface.copy())
    showcase.key(app, pygame.K_RETURN)  # the last count ends at once...
    showcase.key(app, pygame.K_RETURN)  # ...and the reveal closes: on to the results
    showcase.frames(app, RESULTS_FRAMES)
    shots.append(app.screen.surface.copy())
    pygame.display.quit()
    w, h = STRIP_SIZE
    rows = -(-len(shots) // STRIP_COLUMNS)
    strip = pygame.Surface((w * STRIP_COLUMNS, h * rows))
    strip.fill((8, 10, 18))
    for i, shot in enumerate(shots):
        small = pygame.transform.smoothscale(shot, STRIP_SIZE)
        strip.blit(small, ((i % STRIP_COLUMNS) * w, (i // STRIP_COLUMNS) * h))
    return strip


PICTURES = {"title": title, "mexica": showcase.board, "market": market, "aztlan": aztlan}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, show in PICTURES.items():
        app = fresh()
        show(app)
        pygame.image.save(app.screen.surface, str(OUT / f"{name}.jpg"))
        pygame.display.quit()
        print(f"wrote {OUT / name}.jpg")
    strip = scoring_strip()
    pygame.image.save(strip, str(OUT / "scoring-reveal.jpg"))
    print(f"wrote {OUT / 'scoring-reveal.jpg'}")
    if len(sys.argv) > 1:  # a PNG of the strip too, to look at where JPEG cannot be shown
        pygame.image.save(strip, sys.argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
