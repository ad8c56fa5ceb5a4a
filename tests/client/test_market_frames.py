"""The Market's frames after an action and while things fly (issue 37): the action's
frame repaints the pieces that changed, not the whole board (it had blitted the board's
1.2 M pixels at 1080p, 1.5 ms), and still leaves the side panel, the log and the status
for the frames after it; a token or a burst in flight repaints where it is, not its
whole way across the board. Each frame equals a whole repaint (the pixel guard's
``frame``)."""

from __future__ import annotations

from game.ui import showcase
from tests.client.test_damage import frame


def late_market(make_app):
    app = make_app(size=(1280, 720))
    play, following = showcase.late_game(app, "tlatelolco-market", players=4, seed=7,
                                         quiet=30)
    for _ in range(150):  # what the last action set moving lands
        frame(app)
    return app, play, following


def board_share(app, play, painted) -> float:
    board = app.screen.rect(*play.board_area)
    return sum(r.clip(board).w * r.clip(board).h for r in painted or []) / (board.w * board.h)


def test_an_actions_frame_repaints_the_changed_pieces_not_the_board(make_app):
    app, play, following = late_market(make_app)
    shares = []
    for action in following[:8]:
        play.apply(action)
        counts: list[bool] = []
        frame(app, [], counts)
        assert counts == [True], "an action's frame was painted whole"
        shares.append(board_share(app, play, app.painter.painted))
        for _ in range(150):
            frame(app)
    # (with the seat cards, the turn's frame and the banner beside the changed pieces)
    shares.sort()
    assert shares[-1] < 0.75, f"an action's frame repainted {shares[-1]:.0%} of the board"
    assert shares[len(shares) // 2] < 0.4, \
        f"an action's frame repainted {shares[len(shares) // 2]:.0%} of the board (median)"


def test_an_actions_frame_leaves_the_panel_log_and_status_for_later(make_app):
    """However little of the board changed, the panel, the log and the status line wait
    (each a frame), so the action's frame is not the slowest of the game."""
    app, play, following = late_market(make_app)
    app.repaints_per_frame = 1
    play.apply(following[0])
    app.step([], 1 / 60)
    app.present()
    owed = app.compositor.owed
    panel = app.screen.rect(*play.view._panel_area)
    assert any(r.colliderect(panel) for r in owed), "the panel was painted with the action"


def test_a_frame_of_motion_repaints_where_things_are_not_their_ways(make_app):
    app, play, following = late_market(make_app)
    shares = []
    for action in following[:6]:
        play.apply(action)
        for _ in range(40):  # the tokens fly, the goods burst
            frame(app)
            if play.view.anims or play.view.fx.active:
                shares.append(board_share(app, play, app.painter.painted))
    assert shares, "nothing moved"
    shares.sort()
    assert shares[len(shares) // 2] < 0.15, \
        f"a frame of motion repainted {shares[len(shares) // 2]:.0%} of the board (median)"
