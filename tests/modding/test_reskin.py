"""A modder reskins a built-in game: a drop-in plugin registers its own board view for
the ``mexica`` engine with ``@hookimpl(tryfirst=True)``, and the client plays Mexica
with it. The rules, the variants and the saves stay Mexica's."""

from __future__ import annotations

import pygame

from game.api import new_game
from tests.client.conftest import said_keys

from .conftest import frames, key, start_play

SKIN = '''\
"""Jade Mexica: the built-in rules on a board of another colour."""
from game.modkit import BoardView, hookimpl, theme


class JadeView(BoardView):
    shortcuts = (("Enter", "Play the first action"),)
    drawn = 0

    def handle(self, intent, area):
        if intent.kind == "confirm":
            return self.session.legal()[0]
        return None

    def draw(self, screen, area):
        type(self).drawn += 1
        x, y, w, h = area
        screen.box(x, y, w, h, (20, 120, 90), radius=16)
        screen.text("Jade Mexica", x + 20, y + 20, theme.FONT_BODY, theme.TEXT)


@hookimpl(tryfirst=True)
def register_views(register):
    register("mexica", JadeView)
'''


def test_a_tryfirst_view_reskins_mexica(home, make_app):
    (home / "plugins" / "jade_skin.py").write_text(SKIN, encoding="utf-8")
    app = make_app()
    assert not app.registry.broken, app.registry.broken
    jade = app.views["mexica"]
    assert jade.__name__ == "JadeView" and jade.__module__ == "aztec_arcade_dropin_jade_skin"
    # the other games keep their own views
    assert app.views["tlatelolco-market"].__module__ == "variants.market.view"
    assert app.views["mexica-neutral"].__module__.startswith("variants.mexica")

    play = start_play(app, new_game("mexica", 2, seed=3))
    assert play.view.__class__ is jade  # the play screen built the reskin's view (guarded)
    assert jade.drawn > 0  # and draws the board with it
    assert ("Enter", "Play the first action") in said_keys(play.shortcuts)
    key(app, pygame.K_RETURN)
    assert len(play.game.log) == 1  # Mexica's rules, played through the new board
    assert play.game.rules.engine_id == "mexica"


def test_without_tryfirst_the_built_in_view_stays(home, make_app):
    (home / "plugins" / "jade_skin.py").write_text(
        SKIN.replace("@hookimpl(tryfirst=True)", "@hookimpl"), encoding="utf-8")
    app = make_app()
    assert not app.registry.broken, app.registry.broken
    assert app.views["mexica"].__module__ == "variants.mexica.view"
    play = start_play(app, new_game("mexica", 2, seed=3))
    frames(app, 1)
    assert play.view.__class__.__name__ == "MexicaView"
