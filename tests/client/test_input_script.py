"""A scripted session through real input events only: from the title screen through the
setup (keyboard) into a two-player Mexica game, both starting placements, then a whole turn
of the first player by mouse and keyboard. The events carry window pixels computed from
the board view's layout, exactly as SDL would deliver them."""

from __future__ import annotations

import pygame

from game.ui.scenes.play import BOARD_AREA, PlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from variants.mexica.view.paint import make_layout

from .conftest import Driver


def cell_pixel(ui: Driver, play: PlayScene, name: str) -> tuple[int, int]:
    """The window pixel at the centre of board space ``name``."""
    board = play.game.rules.table.board
    lay = make_layout(BOARD_AREA, board.width, board.height)
    return ui.app.screen.px(*lay.centre(board.index[name]))


def move_mouse(ui: Driver, pos: tuple[int, int]) -> None:
    ui.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=())],
                1 / 60)


def click_pixel(ui: Driver, pos: tuple[int, int]) -> None:
    ui.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=()),
                 pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


def test_title_setup_and_a_whole_turn_by_mouse_and_keyboard(ui):
    app = ui.app
    assert isinstance(ui.top, TitleScene)
    ui.frames(30)

    # -- title -> setup: "New game" is the first item --------------------------------
    ui.key(pygame.K_RETURN)
    setup = ui.top
    assert isinstance(setup, SetupScene)
    assert setup.spec.id == "mexica" and setup.players == 2
    assert setup.current.key == "start"  # Enter now would start: two presses from the title
    # Back, Invite phones, then (wrapping) Game, Players, AP per turn, then the seed field
    ui.press(*[pygame.K_DOWN] * 6)
    assert setup.current.key == "seed" and app.input.text_mode
    ui.type("7")
    # name, colour and who plays, of both seats, then Start
    ui.press(*[pygame.K_DOWN] * 7)
    assert setup.current.key == "start"
    ui.key(pygame.K_RETURN)

    play = ui.top
    assert isinstance(play, PlayScene)
    game = play.game
    assert (game.variant, game.players, game.seed) == ("mexica", 2, 7)
    assert play.session.names == ["Ana", "Ben"]
    assert not app.input.text_mode
    view = play.view
    board = game.rules.table.board
    printed_canals = list(game.state.tiles)  # the board's own canal (column p)
    ui.frames(10)

    # -- both starting placements: seat 0 clicks, seat 1 uses the arrow keys ---------
    assert game.current_player == 0
    click_pixel(ui, cell_pixel(ui, play, "i7"))
    assert play.game.log == ["start i7"]
    assert play.game.current_player == 1
    assert board.names[view.cursor] == "i7"
    ui.press(pygame.K_DOWN, pygame.K_DOWN)  # i8 is the palace centre, i9 a start space
    assert board.names[view.cursor] == "i9"
    ui.key(pygame.K_RETURN)
    assert play.game.log == ["start i7", "start i9"]
    ui.frames(20)

    # -- seat 0: two steps with one click (the second step is queued) ----------------
    game = play.game
    assert game.current_player == 0 and game.state.ap == 6
    move_mouse(ui, cell_pixel(ui, play, "i5"))
    assert view.status == "Walk to i5: 2 AP"
    click_pixel(ui, cell_pixel(ui, play, "i5"))
    assert play.game.log[-1] == "move i6"
    for _ in range(120):  # the shell hands out the queued step once the first has moved
        if not view.busy:
            break
        ui.frames(1)
    ui.frames(20)
    assert play.game.log[2:] == ["move i6", "move i5"]

    # -- a double canal with the canal tool -------------------------------------------
    ui.key(pygame.K_TAB)
    assert view.tool == "canal"
    move_mouse(ui, cell_pixel(ui, play, "k5"))
    assert "1 AP" in view.status
    click_pixel(ui, cell_pixel(ui, play, "k5"))
    assert play.game.log[-1] == "canal k5 l5"
    ui.frames(30)

    # -- a level-2 temple: digit 2, the cursor moved with the arrows, Enter -----------
    ui.key(pygame.K_2)
    assert (view.tool, view.level) == ("temple", 2)
    ui.press(pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT)
    assert board.names[view.cursor] == "h5"
    assert "level 2" in view.status and "2 AP" in view.status
    ui.key(pygame.K_RETURN)
    assert play.game.log[-1] == "temple h5 2"
    ui.frames(30)
    assert play.game.state.ap == 1

    # -- E ends the turn: 1 AP is left, so E asks and E again ends it ---------------
    ui.key(pygame.K_e)
    assert play.game.log[-1] == "temple h5 2"
    assert any("1 AP left: E again" in t for t in ui.texts())
    ui.key(pygame.K_e)
    ui.frames(10)
    assert ui.top is play and not ui.app.failures and not play.refusal

    game = play.game
    s = game.state
    idx = board.index
    assert game.log == ["start i7", "start i9", "move i6", "move i5", "canal k5 l5",
                        "temple h5 2", "end"]
    assert s.pilli == [idx["i5"], idx["i9"]]
    assert s.temples == {idx["h5"]: (0, 2)}
    assert s.tiles == [*printed_canals, (idx["k5"], idx["l5"])]
    assert s.bridges == {} and s.tokens == {}
    assert game.current_player == 1 and s.turn == 1
    assert s.ap == 6  # seat 1's fresh action points
    assert s.hands[0].count(2) == s.hands[1].count(2) - 1  # the temple left seat 0's hand
    assert game.scores == [0, 0]
    # what the players see: the log panel lists the turn, the status line who is next
    shown = [text for text, _colour in play.log.lines]
    assert "Ana builds a 2-level temple on h5: 2 AP" in " ".join(shown)  # in words
    assert "AP" not in shown  # a cost wraps whole ("2 AP"), never its unit alone
    assert shown[-1].startswith("Ana ends the turn")
    assert play._default_status() == "Ben to play"
    # and the autosave holds exactly this game
    saved, _meta = app.saves.read(app.saves.path("autosave"))
    assert saved.log == game.log
