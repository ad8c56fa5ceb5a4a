"""Mexica and Aztlán in another language at the table: the German snapshots of a Mexica
scoring and of an Aztlán board, and the pseudo-language through Mexica's board view (its
board, panel and status line under every tool) and its scoring steps, where every text
it draws must come from a catalogue and none may be cut."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame
import pytest

from game.api import new_game
from game.core.rng import Rng
from game.core.words import ROMAN
from game.i18n import language, set_language
from game.i18n.pseudo import unmarked
from game.kit.client.layers import Snapshot
from game.kit.client.screen import Screen
from game.ui import showcase
from game.ui.scenes.scoring import ScoringScene
from game.ui.session import Session
from tests.client.test_aztlan_view import centre, midgame, start
from tests.client.test_snapshots import SIZE, check
from tests.client.view_helpers import ServicesStub
from variants.mexica.view import MexicaView

NAMES = ["Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan"]
AREA = (16.0, 8.0, 1312.0, 940.0)
PANEL = (1344.0, 184.0, 560.0, 552.0)

pytestmark = pytest.mark.usefixtures("pygame_display")


@contextlib.contextmanager
def spoken(lang: str) -> Iterator[None]:
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def whole_runs(line: str) -> str:
    """A drawn line without the ends of marked runs that a wrap split over two lines: a
    "]" that closes a run begun on the line before, a "[" whose run goes on below."""
    depth, start, opened = 0, 0, -1
    for i, ch in enumerate(line):
        if ch == "[":
            opened = i if depth == 0 else opened
            depth += 1
        elif ch == "]":
            if depth == 0:
                start = i + 1  # the end of a run from the line before
            else:
                depth -= 1
    return line[start:opened] if depth > 0 and opened >= start else line[start:]


class Marks:
    """Every line drawn that came from no catalogue, and every line cut to fit."""

    def __init__(self) -> None:
        self.unmarked: list[str] = []
        self.cuts: list[str] = []
        self.seen: set[str] = set()

    def drawn(self, text: str, size: float, role: str) -> None:
        self.seen.add(text)
        if text.strip() in ROMAN:  # an age's number
            return
        if unmarked(whole_runs(text), (*NAMES, "Ana", "Ben", "Cy", "Dee")):
            self.unmarked.append(text)

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        self.cuts.append(text)


def mid_game() -> object:
    """The showcase's board: canals of both kinds, bridges, temples of every level and
    founded districts, the player in turn with AP to spend."""
    game, _rest = showcase.playout(showcase.every_kind_of_piece, players=3)
    return game


def test_mexicas_board_view_draws_only_catalogue_texts_under_every_tool():
    game = mid_game()
    marks = Marks()
    with spoken("qps"):
        session = Session(game)
        session.names = list(NAMES)
        view = MexicaView(session, ServicesStub())
        screen = Screen(pygame.Surface((1920, 1080)))
        Screen.recorder = marks
        Snapshot.paint_always = True  # a kept panel's words are drawn again, to be seen
        try:
            for tool in view.tools:
                view.tool = tool
                for cursor in range(0, len(view.board.names), 7):
                    view.cursor = cursor
                    view._refresh()
                    view.draw(screen, AREA)
                    view.draw_panel(screen, PANEL)
                    marks.drawn(view.status, 40, "status")  # the status line says it
        finally:
            Screen.recorder = None
            Snapshot.paint_always = False
    assert len(marks.seen) > 40  # the panel, the tools, the status and the standing
    assert sorted(set(marks.unmarked)) == []
    assert sorted(set(marks.cuts)) == []


def test_mexicas_scoring_steps_come_from_the_catalogue():
    game = new_game("mexica", 3, seed=5)
    rng = Rng(5)
    events = []
    while not game.is_over:
        events += game.apply(game.playout_action(rng))
    with spoken("qps"):
        session = Session(game)
        session.names = list(NAMES)
        view = MexicaView(session, ServicesStub())
        steps = view.scoring_steps(events)
    assert steps
    for step in steps:
        for text in [step["title"], *step["lines"]]:
            assert unmarked(text, tuple(NAMES)) == "", text


def test_a_mexica_scoring_in_german_snapshot(make_app, tmp_path):
    app = make_app(size=SIZE, fullscreen=False)
    with spoken("de"):
        scoring = showcase.scoring(app)
        assert isinstance(scoring, ScoringScene)
        titles = " ".join(str(s["title"]) for s in scoring.steps)
        assert "Bezirk mit" in titles and "Startfeld-Bonus" in titles
        check(app.screen.surface, "mexica-scoring-de", tmp_path)


def test_an_aztlan_board_in_german_snapshot(make_app, tmp_path):
    app = make_app(size=SIZE, fullscreen=False)
    with spoken("de"):
        g = midgame()
        play = start(app, g)
        app.step([], 1 / 60)
        x, y = centre(play, "t13")
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.px(x, y),
                                     rel=(0, 0), buttons=())], 1 / 60)
        for _ in range(130):  # past the turn banner
            app.step([], 1 / 60)
        check(app.screen.surface, "aztlan-board-de", tmp_path)


class Within:
    """Hands the drawn lines to ``marks`` only while one of ``view``'s own drawing
    methods runs (the shell's chrome around it is the client's catalogue's business)."""

    def __init__(self, marks: Marks) -> None:
        self.marks = marks
        self.depth = 0

    def wrap(self, view: object, name: str) -> None:
        method = getattr(view, name)

        def inside(*args: object, **kwargs: object) -> object:
            self.depth += 1
            try:
                return method(*args, **kwargs)
            finally:
                self.depth -= 1

        setattr(view, name, inside)

    def drawn(self, text: str, size: float, role: str) -> None:
        if self.depth:
            self.marks.drawn(text, size, role)

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        if self.depth:
            self.marks.cut(text, size, width, screen)


def test_aztlans_board_view_draws_only_catalogue_texts_through_an_age(make_app):
    """An Aztlán game played by the computer through choosing, development, conflicts
    and scoring, drawn in the pseudo-language: its board, panel and seat cards say only
    catalogue texts and cut none."""
    app = make_app(size=SIZE, fullscreen=False)
    marks = Marks()
    within = Within(marks)
    with spoken("qps"):
        g = midgame()
        play = start(app, g)
        for name in ("draw", "draw_panel", "draw_seat_facts"):
            within.wrap(play.view, name)
        Screen.recorder = within
        Snapshot.paint_always = True
        rng = Rng(3)
        try:
            for _step in range(60):
                if g.is_over:
                    break
                play.view.status and marks.drawn(play.view.status, 40, "status")
                app.step([], 1 / 60)
                play.session.apply(g.playout_action(rng))
                play.view.on_events("", [])
                app.step([], 1 / 60)
        finally:
            Screen.recorder = None
            Snapshot.paint_always = False
    assert len(marks.seen) > 40
    assert sorted(set(marks.unmarked)) == []
