"""A board view is lent four things of the client (ViewServices), not the App.

What a player would check: the board's seat colours follow the palette chosen in the
settings, "reduce motion" calms a view's bursts, and a view written for the old
``factory(session, app)`` still draws in the colours and calm the settings ask for.
"""

from __future__ import annotations

import pytest

from game.api import new_game
from game.kit.client import theme
from game.kit.client.boardview import BoardView, SeatStyle
from game.ui.scenes.play import PlayScene
from game.ui.services import AppServices
from game.ui.session import Session
from game.ui.sessions import make_session


class PlainView(SeatStyle, BoardView):
    """A view that keeps no colours of its own: the palette decides them."""


def uncoloured_session(game):
    """A session whose seats chose no colours (a tool's or a mod's own session)."""
    session = Session(game)
    session.colour_index = []
    return session


def test_a_view_made_by_the_client_gets_services_not_the_app(app):
    session = make_session(app, new_game("mexica", 2, seed=1), ["Ana", "Bo"])
    view = app.make_view(session)
    assert view is not None
    services = view.services
    assert isinstance(services, AppServices)
    assert not hasattr(services, "stack") and not hasattr(services, "saves")
    assert services.screen is app.screen
    assert view.app is services  # the deprecated name reads the same services


def test_the_services_follow_the_settings_as_they_change(app):
    services = AppServices(app)
    app.settings["palette"], app.settings["reduce_motion"] = "okabe-ito", False
    assert (services.palette, services.reduce_motion) == ("okabe-ito", False)
    other = next(name for name in theme.PALETTES if name != "okabe-ito")
    app.settings["palette"], app.settings["reduce_motion"] = other, True
    view = PlainView(uncoloured_session(new_game("mexica", 2, seed=1)), services)
    assert view.colours == [theme.player_colour(other, i) for i in range(2)]
    assert view.fx.reduced is True


def test_the_board_is_not_covered_while_the_game_shows(ui):
    play = PlayScene(make_session(ui.app, new_game("mexica", 2, seed=1), ["Ana", "Bo"]))
    ui.app.stack.clear_to(play)
    ui.frames(2)
    assert play.view.services.board_covered is False


class OldSettings:
    """What older code handed a view: an object with the settings (the App)."""

    def __init__(self, palette: str, reduce_motion: bool) -> None:
        self.settings = {"palette": palette, "reduce_motion": reduce_motion}


@pytest.mark.usefixtures("pygame_display")
def test_a_view_handed_the_old_app_still_takes_its_settings():
    other = next(name for name in theme.PALETTES if name != "okabe-ito")
    old = OldSettings(other, reduce_motion=True)
    view = PlainView(uncoloured_session(new_game("mexica", 3, seed=1)), old)  # type: ignore[arg-type]
    assert view.app is old and view.services is old
    assert view.colours == [theme.player_colour(other, i) for i in range(3)]
    view.fx.burst((100.0, 100.0), (230, 159, 0), count=28)
    assert len(view.fx.sparks) == 7  # a quarter, as reduce motion asks
    with pytest.raises(AttributeError):
        view.app = old  # type: ignore[misc]  # read-only: the services are the view's


@pytest.mark.usefixtures("pygame_display")
def test_a_view_calling_its_base_with_the_old_keyword_still_gets_its_services():
    class KeywordView(PlainView):
        def __init__(self, session, app):
            super().__init__(session, app=app)  # written for the old signature

    old = OldSettings("okabe-ito", reduce_motion=True)
    view = KeywordView(uncoloured_session(new_game("mexica", 2, seed=1)), old)
    assert view.services is old and view.fx.reduced is True
