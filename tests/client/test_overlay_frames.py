"""The scoring reveal and the title do only the work their motion needs (issue 37): an
overlay coming in paints itself, not the screen under it again; what it hides is never
painted while it shows; the title's bobbing letters and moving lake repaint neither the
subtitle nor the shortcut bar. Each frame is also checked against a whole repaint.
"""

from __future__ import annotations

from tests.client.test_damage import frame
from tests.client.test_damage_overlays import reveal


def test_the_first_frame_of_a_reveal_is_painted_in_parts(make_app):
    """The scene beneath is kept as it was: the frame paints what the action and the
    overlay changed, not the whole window."""
    app = make_app(size=(1920, 1080))
    reveal(app, "mexica")
    counts: list[bool] = []
    frame(app, [], counts)  # the overlay's first frame, equal to a whole repaint
    assert counts == [True], "the reveal's first frame was painted whole"
