"""The Market's side panel is painted in parts (issue 37): a key that changes one row
of the panel draws that row's words again, not every word of the panel, and a repaint
of the action log beside it draws none of the panel's words. What a frame drew is read
from the texts it drew (a frame painted in parts draws only what changed); the pixel
guard (tests/client/test_damage.py) checks that it is still the whole picture."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import say
from game.kit.client import Screen
from game.ui import showcase
from tools import market_showcase
from variants.market.view import panel as vpn
from variants.market.view.layout import make_layout

DT = 1 / 60


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def drawn_texts(app: Any, monkeypatch: Any, events: list[pygame.event.Event]) -> list[str]:
    """The texts one frame draws (painted in parts, as the running client paints)."""
    texts: list[str] = []
    real = Screen.text

    def recording(screen: Screen, text: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        texts.append(say(text))
        return real(screen, text, *args, **kwargs)
    with monkeypatch.context() as patch:
        patch.setattr(Screen, "text", recording)
        app.step(events, DT)
        assert app.present() is not None, "the frame was painted whole"
    return texts


def settle(app: Any, frames: int = 90) -> None:
    for _ in range(frames):  # what the last action set moving lands
        app.step([], DT)
        app.present()


def test_the_next_vendor_repaints_the_two_option_rows_not_the_panel(make_app, monkeypatch):
    """R moves the choice from one vendor to the next on the buyer's line: the panel's
    two rows whose outline moved are drawn again; its heading, what to do, the modes,
    the way out and the note on what is under the cursor are left as they are."""
    app = make_app(size=(1920, 1080))
    play = market_showcase.midgame(app)
    view = play.view
    table = play.game.rules.table
    lay = make_layout(play.board_area, table.n)
    buyers = [lay.buyer_centre(side, b) for side in table.sides for b in range(table.n)]
    for x, y in buyers:  # a buyer with a choice of vendors
        showcase.hover(app, x, y)
        if len(view.preview.options) >= 2:
            break
    assert len(view.preview.options) >= 2, "no buyer with two vendors on its line"
    settle(app)
    rows = vpn.panel_layout(view, view._panel_area)
    assert len(rows.options) >= 2
    kept = [vpn.headline(view), say(vpn.about(view))]
    texts = drawn_texts(app, monkeypatch, [key(pygame.K_r)])
    assert view.preview.option == 1, "R did not choose the next vendor"
    words = " ".join(texts)
    for text in kept:
        assert text not in texts, f"{text!r} was drawn again for a change of vendor"
    assert not any(line in texts for line in
                   vpn.fit_lines(app.screen, vpn.hint(view), 28, rows.hint[2] - 8 * rows.k, 3)
                   ), "what to do was drawn again"
    assert say(vpn.MODE_LABELS["buy"]) not in texts, "the modes were drawn again"
    assert words, "nothing was drawn: the rows were not repainted"


def test_a_repaint_of_the_log_draws_no_word_of_the_panel(make_app, monkeypatch):
    """Page Up scrolls the action log: the log is drawn again, and where its shadow
    meets the panel's, what lies under it is the panel's stone, not its words."""
    app = make_app(size=(1920, 1080))
    play, _following = showcase.late_game(app, "tlatelolco-market", players=4, seed=7,
                                          quiet=30)
    settle(app, 150)
    view = play.view
    lay = vpn.panel_layout(view, view._panel_area)
    panel_words = {vpn.headline(view), say(vpn.about(view)),
                   *vpn.fit_lines(app.screen, vpn.hint(view), 28, lay.hint[2] - 8 * lay.k, 3)}
    texts = drawn_texts(app, monkeypatch, [key(pygame.K_PAGEUP)])
    assert play.log.scroll > 0, "the log did not scroll"
    assert any(text.strip() and any(line.startswith(text.rstrip("…"))
                                    for line, _colour in play.log.lines) for text in texts), \
        "the log's lines were not drawn again"
    assert not panel_words & set(texts), \
        f"the panel's words were drawn with the log: {panel_words & set(texts)}"


def test_a_buyer_with_three_vendors_leaves_the_heading_modes_and_hint_alone(
        make_app, monkeypatch):
    """The pointer goes from a square onto a buyer with three vendors on its line: the
    three option rows come in under the hint, and the heading, the modes and what to do
    stay at their size and place (before, the panel squeezed whole and drew them all
    again at another size, 1-3 ms of a hover at 1080p)."""
    app = make_app(size=(1920, 1080))
    play = market_showcase.midgame(app)
    view = play.view
    table = play.game.rules.table
    lay = make_layout(play.board_area, table.n)
    buyers = [lay.buyer_centre(side, b) for side in table.sides for b in range(table.n)]
    three = None
    for x, y in buyers:
        showcase.hover(app, x, y)
        if len(vpn.panel_layout(view, view._panel_area).options) == 3:
            three = (x, y)
            break
    assert three is not None, "no buyer with three vendors on its line"
    showcase.hover(app, *lay.centre(0))
    settle(app)
    before = vpn.panel_layout(view, view._panel_area)
    assert before.options == []
    words = {vpn.headline(view), say(vpn.MODE_LABELS["buy"]),
             *vpn.fit_lines(app.screen, vpn.hint(view), 28, before.hint[2] - 8 * before.k, 3)}
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.px(*three), rel=(0, 0),
                              buttons=())
    texts = drawn_texts(app, monkeypatch, [move])
    after = vpn.panel_layout(view, view._panel_area)
    assert len(after.options) == 3, "the hover did not list the buyer's three vendors"
    assert (after.k, after.header, after.chips, after.hint) == \
        (before.k, before.header, before.chips, before.hint), \
        "a row above the options moved or changed size"
    assert not words & set(texts), f"drawn again on the hover: {words & set(texts)}"
    assert any(say(view.preview.options[0].text).startswith(t.rstrip("…")) for t in texts
               if t.strip()), "the options were not drawn"
