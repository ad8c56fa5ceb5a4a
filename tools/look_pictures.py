"""The README's pictures of the look at 1920x1080: the title with its game behind the
menu, a board of each game, and a strip of frames of a scoring reveal.

    .venv/bin/python tools/look_pictures.py          # writes docs/look/*.jpg

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
#: the scoring reveal: frames after its first step opened (1/60 s each), and the size of
#: each in the strip
STRIP_FRAMES = (6, 30, 80, 150)
STRIP_SIZE = (640, 360)


def fresh() -> App:
    return App(size=SIZE, fullscreen=False, saves=SaveStore(Path(tempfile.mkdtemp())))


def title(app: App) -> None:
    from game.ui.scenes.title import ATTRACT_DELAY, TitleScene

    app.stack.clear_to(TitleScene(attract_seed=4))
    showcase.frames(app, int(ATTRACT_DELAY * 60) + 300)


def market(app: App) -> None:
    from variants.market import view_showcase

    view_showcase.midgame(app)


def aztlan(app: App) -> None:
    from game.api import new_game
    from game.rng import Rng
    from game.ui.scenes.common import make_session
    from game.ui.scenes.play import PlayScene

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
    """Frames of Mexica's first scoring reveal side by side (two rows of two)."""
    app = fresh()
    game, rest = showcase.playout(showcase.scores, before=True)
    play = showcase.start_play(app, game)
    showcase.frames(app, 10)
    play.apply(rest[0])
    w, h = STRIP_SIZE
    strip = pygame.Surface((w * 2, h * 2))
    done = 0
    for i, at in enumerate(STRIP_FRAMES):
        showcase.frames(app, at - done)
        done = at
        shot = pygame.transform.smoothscale(app.screen.surface, STRIP_SIZE)
        strip.blit(shot, ((i % 2) * w, (i // 2) * h))
    pygame.display.quit()
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
    pygame.image.save(scoring_strip(), str(OUT / "scoring-reveal.jpg"))
    print(f"wrote {OUT / 'scoring-reveal.jpg'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
