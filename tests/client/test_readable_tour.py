"""Every screen a group sees is readable: a tour of every scene of every game, at every
player count, at 1920x1080, 1280x720 and 1280x800, with the default names and long ones.

What a person checks on each screen, and these tests with them (a :class:`TextMap` is
told where every text lands; the window's pixels say which texts can be seen):

- no text runs into another one (two visible texts whose ink overlaps);
- no name is cut ("Xoch…"), and no instruction is: the status line, the footer's keys,
  a menu item;
- a question being asked ("Sure? ... E again") is on screen.

The tour plays seeded games through the real play screen, every seat a person here, and
looks at the screen every few actions and at every overlay (a scoring, a "Pass to"), at a
question asked before a turn ending that gives AP up, and at the results; then the pause
menu, the rules help, the title with its background game, the setup of every game, the
lessons, load and settings. Only the frames looked at are copied onto the window; the
others are laid out and drawn as on a television (the animations, toasts and count-ups
reach the same points), but clipped to one pixel.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.api import new_game
from game.core.registry import get_registry
from game.core.rng import Rng
from game.kit.client.layers import Snapshot
from game.kit.client.layout import STATUS_AREA
from game.kit.client.messages import default_name
from game.kit.client.screen import Screen
from game.kit.client.textmap import Placed, TextMap, overlaps
from game.ui import showcase
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.lessons import LessonsScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.setup import SetupScene

from .conftest import Driver
from .learner import Hands, make_move

#: (variant, players, seed): every game at every player count
GAMES = (("mexica", 2, 5), ("mexica", 3, 6), ("mexica", 4, 2), ("mexica-2p-neutral", 2, 3),
         ("tlatelolco-market", 2, 1), ("tlatelolco-market", 3, 3),
         ("tlatelolco-market", 4, 2), ("aztlan", 3, 4), ("aztlan", 4, 5), ("aztlan-2p", 2, 3))
SIZES = ((1920, 1080), (1280, 720), (1280, 800))
LONG = ("Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl")
#: the play screen is looked at every this many actions (and at every overlay)
EVERY = 23
DT = 1 / 60


@dataclass
class Tour:
    app: Any
    names: list[str]
    map: TextMap = field(default_factory=TextMap)
    problems: dict[str, str] = field(default_factory=dict)
    looked: int = 0

    # -- time passing, as on a television -------------------------------------------------
    def frames(self, n: int, events: list[pygame.event.Event] | None = None) -> None:
        """``n`` frames of time, drawn every fifth (clipped: nothing is looked at)."""
        done = 0
        while done < n:
            step = min(5, n - done)
            self.map.next_frame()
            self.app.step(list(events or []) if done == 0 else [], DT * step)
            done += step

    def press(self, key: int) -> None:
        self.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])

    # -- looking at the screen -----------------------------------------------------------
    def look(self, where: str) -> None:
        """Draw the frame as it is, onto the whole window, and check what a person sees."""
        window = self.app.screen.surface
        window.set_clip(None)
        try:
            self.map.next_frame()
            self.app.draw()
            self.map.window = window
            seen = self.map.visible()
        finally:
            window.set_clip((0, 0, 1, 1))
        self.looked += 1
        now = [p for p in seen if p.frame == self.map.frame]
        for a, b in overlaps(now):
            self.problem(f"{a.text!r} runs into {b.text!r}", where)
        for placed in now:
            why = self.cut_badly(placed)
            if why:
                self.problem(f"{why}: {placed.text!r}", where)
        self.question_seen(now, where)

    def cut_badly(self, placed: Placed) -> str:
        text = placed.text
        if not text.endswith("…"):
            return ""
        head = text[:-1].rstrip()
        for name in self.names:
            for start in range(len(head)):
                tail = head[start:]
                if len(tail) < len(name) and name.startswith(tail) and len(tail) >= 2 and \
                        (start == 0 or not head[start - 1].isalnum()):
                    return f"the name {name!r} is cut"
        _x, y = self.app.screen.to_logical(placed.ink.center)
        if placed.role in ("status", "menu", "turn") or y > STATUS_AREA[1]:
            return "an instruction is cut"
        if len(head.split()) >= 4:  # a sentence: what to do, why, what happened
            return "a sentence is cut"
        return ""

    def question_seen(self, seen: list[Placed], where: str) -> None:
        play = self.app.stack.top
        if not isinstance(play, PlayScene) or play.confirming is None:
            return
        if play.confirming[0] != play.session.version:
            return
        words = play.confirming[2][:24]
        if not any(p.text.startswith(words[:12]) for p in seen):
            self.problem(f"the question {play.confirming[2]!r} is not on screen", where)

    def problem(self, what: str, where: str) -> None:
        if what not in self.problems and os.environ.get("AZTEC_ARCADE_TOUR_SHOTS"):
            shot = Path(os.environ["AZTEC_ARCADE_TOUR_SHOTS"]) / f"{len(self.problems)}.png"
            pygame.image.save(self.app.screen.surface, str(shot))  # to look at what failed
        self.problems.setdefault(what, where)

    # -- the tour ------------------------------------------------------------------------
    def settle(self, play: PlayScene, label: str) -> None:
        """Look at each overlay over the play screen (a scoring, a "Pass to"), then close
        it as the group would."""
        for _ in range(60):
            top = self.app.stack.top
            if top is play or isinstance(top, ResultsScene):
                return
            self.frames(40)
            self.look(f"{label} {type(top).__name__}")
            self.press(pygame.K_RETURN)

    def game(self, variant: str, players: int, seed: int) -> None:
        game = new_game(variant, players, seed=seed)
        play = showcase.start_play(self.app, game)
        play.session.names[:] = self.names[:players]
        rng = Rng(seed)
        label = f"{variant}/{players}p"
        self.frames(30)
        self.look(f"{label} start")
        asked = False
        n = 0
        while not play.game.is_over:
            self.settle(play, f"{label} action {n}")
            if play.game.is_over or self.app.stack.top is not play:
                break
            if not asked and play.session.is_legal("end") and play.game.forgoes("end"):
                asked = True  # U refused or not, then E: the question must show
                self.press(pygame.K_u)
                self.press(pygame.K_e)
                self.frames(10)
                self.look(f"{label} action {n}: ending with something left")
                self.press(pygame.K_DOWN)  # anything else cancels it
                if play.game.is_over or self.app.stack.top is not play:
                    continue
            play.apply(play.game.playout_action(rng))
            n += 1
            if n % EVERY == 0:
                self.frames(30)
                self.look(f"{label} action {n}")
        self.settle(play, f"{label} end")
        self.frames(200)
        self.look(f"{label} results")
        self.press(pygame.K_TAB)  # the board's own score table
        self.frames(30)
        self.look(f"{label} results table")

    def menus(self, variant: str, players: int, seed: int) -> None:
        game = new_game(variant, players, seed=seed)
        rng = Rng(seed)
        for _ in range(12):
            game.apply(game.playout_action(rng))
        play = showcase.start_play(self.app, game)
        play.session.names[:] = self.names[:players]
        label = f"{variant} menus"
        self.frames(20)
        self.settle(play, label)
        for key, name, pages in ((pygame.K_ESCAPE, "pause", 1), (pygame.K_F1, "help", 6)):
            self.press(key)
            for page in range(pages):
                self.frames(30)
                self.look(f"{label} {name} page {page}")
                self.press(pygame.K_RIGHT)
            self.press(pygame.K_ESCAPE)
            self.frames(20)

    def lessons(self) -> None:
        """Every lesson, each step looked at as it is shown, its move made by a learner's
        keys (``learner.make_move``), the computers' replies and scorings let through."""
        for lesson in get_registry().lessons().ordered():
            self.app.stack.clear_to("title")
            menu = self.app.stack.push("lessons")
            self.frames(20)
            assert isinstance(menu, LessonsScene)
            menu.begin(lesson, resume=False)
            scene = self.app.stack.top
            assert isinstance(scene, LessonScene)
            self.lesson(scene)

    def lesson(self, scene: LessonScene) -> None:
        hands = Hands(Driver(self.app))
        shown = -1
        for _ in range(6000):
            top = self.app.stack.top
            if scene.finished and top is not scene:
                self.frames(30)
                self.look(f"{scene.lesson.id} after the end")
                return
            if isinstance(top, ScoringScene):
                self.frames(30)
                self.look(f"{scene.lesson.id} scoring")
                self.press(pygame.K_RETURN)
                continue
            if top is not scene:
                self.frames(1)
                continue
            step = scene.step
            if step is not None and scene.index != shown:
                shown = scene.index
                self.frames(20)
                self.look(f"{scene.lesson.id} step {step.number}")
            learner = scene.game.current_player == scene.lesson.learner
            if step is not None and not step.accept:
                self.press(pygame.K_RETURN)
            elif step is not None and learner and not scene.acted and not scene.view.busy:
                make_move(hands, scene)
            else:
                self.frames(1)
        raise AssertionError(f"the lesson {scene.lesson.id} did not finish")

    def front(self) -> None:
        """The title with its background game, the setup of every game with these names,
        the lessons, load and settings."""
        self.app.stack.clear_to("title")
        for i in range(6):
            self.frames(60)
            self.look(f"title {i}")
        showcase.setup(self.app)
        setup = self.app.stack.top
        assert isinstance(setup, SetupScene)
        for seat, name in enumerate(self.names[:setup.players]):
            setup.names[seat].value = name
        for _ in range(len(setup.specs)):
            setup.focus_on("variant")
            self.press(pygame.K_RIGHT)
            self.frames(30)
            self.look(f"setup of {setup.spec.id if setup.spec else '?'}")
        for scene in ("lessons", "load", "settings"):
            self.app.stack.clear_to("title")
            self.app.stack.push(scene)
            self.frames(40)
            self.look(scene)


def tour(app: Any, names: list[str]) -> Tour:
    t = Tour(app, names)
    t.map.window = app.screen.surface
    Screen.recorder = t.map
    window = app.screen.surface
    window.set_clip((0, 0, 1, 1))
    try:
        for spec in GAMES:
            t.game(*spec)
        for spec in GAMES[::3]:
            t.menus(*spec)
        t.lessons()
        t.front()
    finally:
        window.set_clip(None)
        Screen.recorder = None
        Snapshot.paint_always = False
    return t


def report(t: Tour) -> str:
    lines = [f"  {what}   (at {where})" for what, where in sorted(
        t.problems.items(), key=lambda kv: kv[1])]
    return f"{len(lines)} problems on {t.looked} screens:\n" + "\n".join(lines[:80])


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("names", ("default", "long"))
def test_every_screen_is_readable(make_app, size, names):
    chosen = list(LONG) if names == "long" else [default_name(i) for i in range(4)]
    t = tour(make_app(size=size, fullscreen=False), chosen)
    assert t.looked > 150  # the tour looked at the games, not at an empty screen
    assert not t.problems, report(t)
