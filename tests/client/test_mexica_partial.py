"""After an action, Mexica's board repaints and presents the few pixels that changed, not
the board (issue 37): the table's and the field's parts say where their layers were
painted again since the keys the window shows them with (``BoardPart.changed``), and each
such frame is still the whole repaint.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import showcase
from game.ui.scenes.play import PlayScene
from tests.client.test_damage import spread_frame
from variants.mexica.view import frame as vframe
from variants.mexica.view import table as vt


def test_an_action_on_the_board_presents_far_fewer_pixels_than_the_board(make_app,
                                                                         monkeypatch):
    app = make_app(size=(1920, 1080))
    app.repaints_per_frame = 1  # as the running client spreads an action's repaints
    answers: list[tuple[str, list[pygame.Rect] | None]] = []

    def telling(name: str, real: Any) -> Any:
        def told(*args: Any) -> list[pygame.Rect] | None:
            found: list[pygame.Rect] | None = real(*args)
            answers.append((name, found))
            return found
        return told
    monkeypatch.setattr(vt, "table_changed", telling("table", vt.table_changed))
    monkeypatch.setattr(vframe, "_field_changed", telling("field", vframe._field_changed))
    play, following = showcase.late_board(app, players=4, seed=7, spare=60)
    assert isinstance(play, PlayScene)
    x, y, w, h = play.board_area
    board = app.screen.rect(x, y, w, h)
    while play.view.tool != "temple":  # its field marks where temples may go, all over
        spread_frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                              unicode="")])
    said = 0
    for action in following[:7]:  # two temples built, a Pilli walking before them
        play.apply(action)
        for _ in range(40):  # the pieces dropping in land
            before = len(answers)
            spread_frame(app)  # the whole repaint, but where a repaint is owed
            presented = app.painter.painted
            told = [found for _name, found in answers[before:]]
            if told and all(found is not None for found in told):
                said += 1
                assert presented is not None
                area = sum(r.clip(board).w * r.clip(board).h for r in presented)
                assert area < board.w * board.h / 5, \
                    f"{area} pixels presented of the board's {board.w * board.h}"
    # the table changed with a piece hidden, then as it landed; the field with it
    assert said >= 4 and {name for name, found in answers if found} == {"table", "field"}
