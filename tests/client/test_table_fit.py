"""What the table saw in German and with long names, measured from the drawn texts' and
boxes' rectangles: Mexica's box of the calpulli tokens to come holds its words in every
language, the turn banner never covers part of a seat card, and a status line that needs
two lines covers neither the board's words nor the log's, at 1920x1080, 1280x800 and
1280x720."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.api import new_game
from game.i18n import say
from game.kit.client import theme
from game.kit.client.layers import Snapshot
from game.kit.client.layout import STATUS_AREA
from game.kit.client.screen import Screen
from game.kit.client.textmap import Placed, TextMap
from game.kit.client.textmap import overlaps as ink_overlaps
from game.ui import showcase
from tests.client.conftest import Driver
from tests.client.test_language import spoken

SIZES = [(1920, 1080), (1280, 800), (1280, 720)]
LONG_NAMES = ("Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl")


@contextmanager
def drawn_boxes(monkeypatch) -> Iterator[tuple[list[tuple[str, pygame.Rect]],
                                              list[pygame.Rect]]]:
    """Every text (the ink of its letters) and every box any screen draws while the
    block runs (a kept layer's screen too), in that screen's pixels: what each covers."""
    texts: list[tuple[str, pygame.Rect]] = []
    boxes: list[pygame.Rect] = []
    draw_text, draw_box = Screen.text, Screen.box

    def text(self, words, x, y, size=theme.FONT_BODY, colour=theme.TEXT, *args, **kwargs):
        r = draw_text(self, words, x, y, size, colour, *args, **kwargs)
        ink = self.render(words, size, colour).get_bounding_rect(min_alpha=128)
        texts.append((say(words), ink.move(r.topleft)))
        return r

    def box(self, *args, **kwargs):
        r = draw_box(self, *args, **kwargs)
        boxes.append(r.copy())
        return r

    monkeypatch.setattr(Screen, "text", text)
    monkeypatch.setattr(Screen, "box", box)
    Snapshot.paint_always = True  # kept parts' words are drawn again, to be seen
    try:
        yield texts, boxes
    finally:
        Snapshot.paint_always = False


# ---------------------------------------------------------------------------------------
# Mexica's "+7 later"
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de", "qps"])
def test_mexicas_tokens_to_come_fit_their_box_in_every_language(make_app, monkeypatch, size,
                                                                lang):
    """The box of the face-down period-2 tokens says how many come later ("+7 später"):
    its words stand whole inside it, with room at both ends, for four long-named seats
    (the narrowest panel)."""
    app = make_app(size=size, fullscreen=False)
    ui = Driver(app)
    with spoken(lang):
        play = showcase.start_play(app, new_game("mexica", 4, seed=1))
        play.session.names[:] = list(LONG_NAMES)
        ui.frames(2)
        from variants.mexica.text import _

        words = say(_("+{n} later", n=len(play.game.state.hidden)))
        with drawn_boxes(monkeypatch) as (texts, boxes):
            app.draw()
    drawn = [r for t, r in texts if t == words]
    assert len(drawn) == 1, sorted(t for t, _r in texts if "7" in t)
    text = drawn[0]
    holders = [b for b in boxes if b.contains(text.clip(b)) and b.collidepoint(text.center)
               and b.w < app.screen.surface.get_width() / 3]
    assert holders, "the words are drawn in a box of their own"
    box = min(holders, key=lambda b: b.w * b.h)
    assert box.contains(text) and text.x - box.x >= 2 and box.right - text.right >= 2, \
        (words, text, box)


# ---------------------------------------------------------------------------------------
# the game screen at a table of long names, in German
# ---------------------------------------------------------------------------------------
def german_table(app, variant: str, players: int, seed: int = 1):
    """``variant`` for ``players`` seats with long names, in German, past any hand-off
    (Aztlán's secret cards), its banner gone."""
    from game.ui.scenes.play import PlayScene

    ui = Driver(app)
    play = showcase.start_play(app, new_game(variant, players, seed=seed))
    play.session.names[:] = list(LONG_NAMES[:players])
    ui.frames(3)
    for _ in range(3):  # Aztlán: "Pass to ..." before each secret card
        if ui.app.stack.top is play:
            break
        ui.key(pygame.K_RETURN)
        ui.frames(3)
    assert isinstance(ui.app.stack.top, PlayScene)
    play._lay_out()  # the long names stand the cards one under another
    return ui, play


@contextmanager
def text_map(app) -> Iterator[TextMap]:
    """Every text placed on any screen from now on (a board's layer painted once and then
    copied too), kept parts painted anew each frame."""
    tmap = TextMap(window=app.screen.surface)
    Screen.recorder = tmap
    Snapshot.paint_always = True
    try:
        yield tmap
    finally:
        Screen.recorder = None
        Snapshot.paint_always = False


def seen_texts(app, tmap: TextMap) -> list[Placed]:
    """The texts a person sees on the window after one more frame."""
    tmap.next_frame()
    app.draw()
    return tmap.visible()


def window_y(app, logical_y: float) -> int:
    return app.screen.px(0, logical_y)[1]


#: a hint as long as Aztlán's are in German (a move, its plan and its reason)
LONG_HINT = ("Tipp: Du setzt eine Figur in t11 (Sonnenpyramide) – danach: du ziehst eine "
             "Figur von t11 (Sonnenpyramide) nach t4 (Rote Dünen); verbessert deine Lage "
             "um etwa 1 Punkt")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("variant", "players"), [("aztlan", 4), ("tlatelolco-market", 3),
                                                  ("mexica", 4)])
def test_a_status_on_two_lines_covers_no_word_of_the_board_or_the_log(make_app, size,
                                                                     variant, players):
    """A long status (a German hint) wraps onto a second line: it takes the shortcut
    bar's room, and every word of the board, the panel and the log that showed before it
    (Aztlán's score track, the Market's south seat's label, the log's last line) still
    shows."""
    app = make_app(size=size, fullscreen=False)
    with spoken("de"), text_map(app) as tmap:
        _ui, play = german_table(app, variant, players)
        play.banner.hide()
        play.hints.text = "Tipp: Zug beenden"  # a short status: one line
        before = seen_texts(app, tmap)
        play.hints.text = LONG_HINT
        after = seen_texts(app, tmap)
    status_top = window_y(app, STATUS_AREA[1])
    shown = {(p.text, p.rect.topleft) for p in after}
    hidden = [p.text for p in before
              if p.ink.bottom <= status_top and (p.text, p.rect.topleft) not in shown]
    assert hidden == [], hidden
    wrapped = [p for p in after if p.role == "status"]
    assert len(wrapped) == 2, [p.text for p in wrapped]  # the hint is whole, on two lines
    assert " ".join(p.text for p in wrapped) == LONG_HINT


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("variant", "players"), [("aztlan", 4), ("mexica", 4)])
def test_the_turn_banner_covers_all_of_the_seat_cards_or_none(make_app, monkeypatch, size,
                                                             variant, players):
    """Four long names stand the seat cards one under another, taller than the banner
    once was: the banner "Itzpapalotl ist dran" lies over every card whole, never over
    the top of the list with the last cards showing half."""
    from game.kit.client.layout import seat_cards

    app = make_app(size=size, fullscreen=False)
    with spoken("de"), text_map(app) as tmap:
        _ui, play = german_table(app, variant, players)
        play.banner.show(f"{LONG_NAMES[3]} ist dran")
        play.banner.t = 0.9  # slid in, not yet going
        with drawn_boxes(monkeypatch) as (_texts, boxes):
            app.draw()
        seen = seen_texts(app, tmap)
    cards = [app.screen.rect(*card)
             for card in seat_cards(players, play.view.seat_fact_lines, play.wide)]
    banner = max((b for b in boxes if b.contains(cards[0].clip(b)) and b.colliderect(cards[0])),
                 key=lambda b: b.w * b.h)
    for card in cards:
        assert banner.contains(card) or not banner.colliderect(card), (card, banner)
    names = {p.text for p in seen}
    assert f"{LONG_NAMES[3]} ist dran" in names
    assert not any(name in names for name in LONG_NAMES), names  # no card peeks out
    assert not ink_overlaps(seen), [(a.text, b.text) for a, b in ink_overlaps(seen)]


def test_a_hints_plan_reads_as_german_word_order():
    """The rest of a hint's plan follows "danach" ("then"): German puts the verb second
    after it ("danach ziehst du"), so the catalogue's words must not make "danach du
    ziehst" (seen on the television) of the seat's own sentence."""
    import re

    from game.ai.hint import derived_reason

    game = new_game("mexica", 2, seed=1)
    while game.current_player is not None and game.state.phase != "play":
        game.apply(game.legal_actions()[0])  # the leaders placed
    seat = game.current_player
    work = game.rules.clone(game.state)
    plan = []
    for _ in range(2):  # two walks by the same seat
        step = next(a for a in game.rules.legal_actions(work) if a.startswith("move"))
        plan.append(step)
        game.rules.apply(work, step)
    with spoken("de"):
        text = derived_reason(game.rules, game.rules.clone(game.state), seat, plan)
    assert "danach" in text and "danach du " not in text, text
    assert re.search(r"danach: du \w+st ", text), text
