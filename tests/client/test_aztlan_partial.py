"""After an action, Aztlán's map repaints and presents the few pixels that changed where
it can say so, not the map (issue 37): the highlights' layer over the pieces is patched
where the pieces' layer was painted again and where highlights came or went, and the
map's part says where (``BoardPart.changed``); each such frame is still the whole
repaint, and the patched layer is what painting it whole paints
(``PiecesLayer.verify``).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.kit.client import PiecesLayer
from game.ui import showcase
from game.ui.scenes.play import PlayScene
from tests.client.test_damage import spread_frame
from variants.aztlan.view import draw as vdraw
from variants.aztlan.view import highlights as hl


def test_an_action_on_the_map_presents_far_fewer_pixels_than_the_board(make_app,
                                                                       monkeypatch):
    monkeypatch.setattr(PiecesLayer, "verify", True)
    app = make_app(size=(1920, 1080))
    app.repaints_per_frame = 1  # as the running client spreads an action's repaints
    answers: list[list[pygame.Rect] | None] = []
    patched: list[bool] = []
    real_changed, real_patch = vdraw.map_changed, hl.patch

    def told(*args: Any) -> list[pygame.Rect] | None:
        found: list[pygame.Rect] | None = real_changed(*args)
        answers.append(found)
        return found

    def patching(*args: Any) -> list[pygame.Rect] | None:
        found: list[pygame.Rect] | None = real_patch(*args)
        patched.append(found is not None)
        return found
    monkeypatch.setattr(vdraw, "map_changed", told)
    monkeypatch.setattr(hl, "patch", patching)
    play, following = showcase.late_game(app, "aztlan", players=4, seed=7, quiet=30)
    assert isinstance(play, PlayScene)
    x, y, w, h = play.board_area
    board = app.screen.rect(x, y, w, h)
    said = 0
    late: list[int] = []  # the board's pixels presented in the frame after an action's
    # placing and moving (whose targets come and go over the map: the layer is painted
    # whole), then the conflicts resolved one by one (their marks change a little)
    for i, action in enumerate(following[:20]):
        if play.privacy is not None:  # the device goes to the next player
            spread_frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                  mod=0, unicode="")])
        play.apply(action)
        if i < 9:  # placing and moving: the highlights' layer waits a frame, then the
            for f in range(3):  # map repaints where they differ, not whole
                spread_frame(app)
                presented = app.painter.painted
                if f == 1:  # (the action's frame is +0)
                    assert presented is not None
                    late.append(sum(r.clip(board).w * r.clip(board).h for r in presented))
            for _ in range(4):  # (the pawns land at once)
                app.step([], 0.5)
                app.present()
            continue
        for _ in range(40):  # the pawns and the words rising over them settle
            before = len(answers)
            spread_frame(app)  # the whole repaint, but where a repaint is owed
            presented = app.painter.painted
            if answers[before:] and all(found is not None for found in answers[before:]):
                said += 1
                assert presented is not None
                area = sum(r.clip(board).w * r.clip(board).h for r in presented)
                assert area < board.w * board.h / 5, \
                    f"{area} pixels presented of the board's {board.w * board.h}"
    assert said >= 4 and sum(patched) >= 4
    assert sorted(late)[len(late) // 2] < 0.6 * board.w * board.h, late
