"""Aztlán's frame after an action stays cheap at 1080p (issue 37: one frame of 11-15 ms
after an action, the p99 of its board). The side panel is framed in the deciding seat's
colour, and its stone for each seat is painted ahead on the first frame, for a decision
made here and for one elsewhere (a phone, a computer:
``test_art.test_a_seat_deciding_elsewhere_paints_no_frame_art_on_its_first_turn``). The
art cache held less than the play screen kept at 1080p (the wall, the status line's
frames in every seat's colour, these panels), so what was painted ahead first went
first and each seat's first decision painted its panel's stone again, 5 ms and more.
Now a panel under a kept part keeps only its rim in each colour and its stone once
(``frames.panel``'s ``kept``), and all of it fits (``test_art_budget``)."""

from __future__ import annotations

import pygame

from game.kit.client.art.cache import ART
from game.ui import showcase
from game.ui.scenes.handoff import HandoffScene
from tests.client.art_helpers import extent

#: art this small (a button, 1% of a 1080p screen) paints in a fraction of a millisecond
SMALL = 1920 * 1080 // 100


def test_a_seats_first_decision_paints_no_panel_sized_art(make_app):
    ART.clear()  # as in a fresh client: what other tests painted is not there
    app = make_app(size=(1920, 1080))
    play, following = showcase.late_game(app, "aztlan")
    showcase.frames(app, 30)
    seats, painted = set(), []
    for action in following[:12]:
        before = set(ART._lru.keys())
        play.apply(action)
        showcase.frames(app, 1)
        if isinstance(app.stack.top, HandoffScene):  # passed on, as the next player does
            showcase.key(app, pygame.K_RETURN)
        seats.add(play.view.decision.seat)
        painted += [(str(key)[:70], extent(ART._lru.get(key)))
                    for key in ART._lru.keys() if key not in before]
    assert len(seats) >= 3, f"the actions passed the decision to seats {seats} only"
    large = [(key, size) for key, size in painted if size[0] * size[1] > SMALL]
    assert large == [], f"panel-sized art painted after an action: {large}"
