"""What every play frame costs before any game draws (issue 37): the seat cards, the status
line, the log and the bookkeeping of what changed. A still board paints nothing but what
moves, a hover that changes only the status line's words repaints only those words, and
every such frame is still the frame a whole repaint paints.
"""

from __future__ import annotations

import pygame

from game.kit.client import theme
from game.kit.client.art import frames as art_frames
from game.kit.client.layout import seat_cards
from game.ui import showcase, statusline
from game.ui.app import App
from game.ui.playersbar import RING
from game.ui.scenes.play import PlayScene

DT = 1 / 60
#: frames of one breath of the deciding card's ring (2 pi / 5 s at 60 fps)
BREATH = 76


def shown() -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def frame(app: App, events: list[pygame.event.Event] | None = None) -> list[pygame.Rect]:
    """One frame painted in parts, checked against the same state painted whole; what
    it presented."""
    app.step(events or [], DT)
    painted = app.present()
    assert painted is not None, "a frame of a still board was painted whole"
    after = shown()
    app.draw_whole()
    assert shown() == after, "the frame in parts differs from a whole repaint"
    return painted


def still_market(app: App) -> PlayScene:
    play, _following = showcase.late_game(app, "tlatelolco-market", players=4, seed=7,
                                          quiet=30)
    for _ in range(150):  # what the last action set moving lands
        app.step([], DT)
        app.present()
    return play


def test_a_still_board_paints_only_the_steps_of_the_deciding_cards_ring(make_app):
    """Between two steps of the ring's pixels nothing is painted or presented; a step
    paints the deciding card's place and nothing else."""
    app = make_app(size=(1920, 1080))
    play = still_market(app)
    seat = play.game.current_player
    rings = [app.screen.rect(x - RING, y - RING, w + 2 * RING, h + 2 * RING)
             for x, y, w, h in seat_cards(play.game.players, 0, play.wide)]
    ring, bar = rings[seat], rings[0].unionall(rings)
    # (the board's own glow paints in its frames: the seat cards are what is asked)
    painted = [[r for r in frame(app) if r.colliderect(bar)] for _ in range(BREATH)]
    stepped = [rects for rects in painted if rects]
    assert stepped, "the ring never moved in a breath"
    assert len(stepped) <= BREATH // 4, f"the cards painted in {len(stepped)} of " \
        f"{BREATH} still frames"
    for rects in stepped:
        assert all(ring.contains(r) for r in rects), rects


def test_the_deciding_cards_steps_are_kept_not_painted_again(make_app, monkeypatch):
    """The deciding card (its gold stone, ring and words) is painted once per step of its
    ring; the next breaths blit what was kept."""
    app = make_app(size=(1920, 1080))
    still_market(app)
    gold: list[object] = []
    real = art_frames.panel

    def counting(screen, x, y, w, h, border, *args, **kwargs):  # type: ignore[no-untyped-def]
        if border == theme.ACCENT:
            gold.append((x, y))
        return real(screen, x, y, w, h, border, *args, **kwargs)
    monkeypatch.setattr(art_frames, "panel", counting)
    for _ in range(3 * BREATH):
        app.step([], DT)
        app.present()
    assert len(gold) <= 7, f"the deciding card painted {len(gold)} times in three breaths"


def test_a_status_whose_words_alone_change_repaints_only_its_words(make_app):
    """The pointer moves to something else to say (the view's line): the status line's
    words are repainted where they lie, not the band of board and log above them, nor
    the shortcut bar; and the frame is the whole repaint's."""
    app = make_app(size=(1920, 1080))
    play = still_market(app)
    inner = app.screen.rect(*statusline._inner(statusline._frame([""])))
    band = app.screen.rect(0, 950, 1920, 130)  # under the board and the log
    for words in ("Click: buy the cacao", "Buyer 2 (column b): the feathers"):
        play.view.status = words
        painted = [r for r in frame(app) if r.colliderect(band)]
        assert painted, "the new words were not painted"
        assert all(inner.contains(r) for r in painted), (painted, inner)
