"""Deterministic market pictures for the snapshot test and screenshots.

Like ``game.ui.showcase``: fixed seed, names and input, a fixed number of frames of a
fixed length, so the same pygame-ce draws the same pixels everywhere. Run as a script to
write ``/tmp/market-*.png``::

    SDL_VIDEODRIVER=dummy python3 -m tools.market_showcase [folder]
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, cast

from game.api import Game, new_game
from game.core.rng import Rng
from game.i18n import Msg
from game.ui import showcase
from variants.market.rules import MarketRules

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene
    from variants.market.view import MarketView

VARIANT = "tlatelolco-market"
SEED = 2
PLAYERS = 4


def playout_game(players: int = PLAYERS, seed: int = SEED,
                 until: Any = None) -> Game:
    """A market game under the playout policy until ``until(game)`` holds."""
    game = new_game(VARIANT, players, seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        if until is not None and until(game):
            return game
        game.apply(game.playout_action(rng))
    return game


def telling_purchase(game: Game) -> str | None:
    """A purchase open now on which a porter or governor acts and the ambassador lets
    the buyer keep its coin (what the preview is there to show)."""
    rules, s = cast(MarketRules, game.rules), game.state
    for action in game.legal_actions():
        if action.startswith("buy "):
            _verb, buyer, colour = action.split()
            p = rules.check_buy(s, int(buyer), colour)
            if not isinstance(p, Msg) and p.acts and p.to_buyer and p.keeps_coin:
                return action
    return None


def midgame_ready(game: Game) -> bool:
    """A play about to start, goods on vendors, buyers and the king, and a telling
    purchase open."""
    s = game.state
    on_buyers = sum(1 for seat in s.buyers for b in seat if b.tokens)
    return (s.phase == "turn" and s.purchases == 0 and s.undo is None
            and sum(s.king.values()) >= 3 and on_buyers >= 4
            and sum(1 for c in s.vendors.values() if c) >= 3
            and telling_purchase(game) is not None)


def midgame(app: App) -> PlayScene:
    """Four players mid-game, the cursor (moved by keys) on a buyer of the player to move,
    previewing a purchase with a porter or governor and the ambassador."""
    import pygame

    game = playout_game(until=midgame_ready)
    play = showcase.start_play(app, game)
    showcase.frames(app, 150)  # the turn banner has gone
    view = cast("MarketView | None", play.view)
    goal = telling_purchase(game)
    if view is not None and goal is not None:
        showcase.key(app, pygame.K_0 + int(goal.split()[1]))
        for _ in range(4):  # R: the next vendor on the buyer's line
            if view.preview.action == goal:
                break
            showcase.key(app, pygame.K_r)
    showcase.frames(app, 20)
    return play


def main(argv: list[str]) -> int:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.app import App

    folder = argv[0] if argv else "/tmp"
    app = App(size=(1280, 720), fullscreen=False)
    midgame(app)
    pygame.image.save(app.screen.surface, f"{folder}/market-midgame.png")
    print(f"wrote {folder}/market-midgame.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
