"""Text a person reads from a sofa: every scene of every game is drawn, at 1920x1080, at
1280x720 and at a handheld's 1280x800, in every language the client ships and in the
pseudo-language (German and French run longer than English), and every text draw and
every line cut to fit is recorded (``Screen.recorder``, which sees the real draws: no
mock of pygame).

The rules checked:

- nothing is drawn below ``theme.FONT_SMALL`` (28 logical px);
- what a player must read during play (the draws tagged with a ``theme.MUST_READ`` role:
  scores, whose turn, the status line, costs, menu items) is at ``theme.FONT_READ`` (40)
  or more;
- no text is cut with an ellipsis where the whole of it would have fitted on two lines of
  the same width (such a text is wrapped, or given room).

The tour plays seeded games of every variant through the real play scene, every seat a
person here: each phase, the scoring overlays, the "Pass to" screens and the results are
drawn as a group at a television would see them; then the menus (pause, save, help), the
replay, the title with its background game, setup for every game, load and settings.

Every scene gets the same time as on a television, but not every frame is drawn: every
fifth while the drawings show texts of a new shape, size or role (or cut lines), every
twentieth while they do not (the same pictures again), and always the last of a wait. A
frame drawn is laid out in full, its texts rendered, measured and fitted as on a
television, but the window's clip is one pixel: the copying of pictures onto it, which
the checks never read, costs nothing (the same texts are recorded; breaking a size or a
cut still fails).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from game.api import Game, new_game
from game.core import resources
from game.core.rng import Rng
from game.i18n import language, set_language
from game.kit.client import screen as screen_module
from game.kit.client import theme
from game.kit.client.screen import Screen
from game.kit.client.text import wrap
from game.ui import showcase
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.setup import SetupScene
from tools import market_showcase as view_showcase

#: (variant, players, seed) played through; the playout policy moves
GAMES = (("mexica", 4, 2), ("tlatelolco-market", 4, 2), ("aztlan", 3, 4),
         ("mexica-2p-neutral", 2, 3), ("aztlan-2p", 2, 3))
#: the play screen is drawn after every this many actions (and on every overlay)
EVERY = 10
SIZES = ((1920, 1080), (1280, 720), (1280, 800))


_DIGITS = re.compile(r"\d+")


@dataclass
class Recorder:
    """Every distinct text drawn (where, text, size, role) and every line cut with an
    ellipsis that two lines would have held; ``news`` counts the draws that showed a text
    of a new shape (its numbers aside: a count-up's next number is not new), a size or a
    role not drawn before, and the cuts."""

    where: str = ""
    draws: dict[tuple[str, float, str], str] = field(default_factory=dict)
    bad_cuts: dict[tuple[str, float, float], str] = field(default_factory=dict)
    shapes: set[tuple[str, float, str]] = field(default_factory=set)
    news: int = 0

    def drawn(self, text: str, size: float, role: str) -> None:
        if text.strip():
            self.draws.setdefault((text, round(size, 2), role), self.where)
            shape = (_DIGITS.sub("#", text), round(size, 2), role)
            if shape not in self.shapes:
                self.shapes.add(shape)
                self.news += 1

    def placed(self, *args: Any) -> None:
        """Where texts land is the readable tour's business."""

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        self.news += 1
        lines = wrap(screen, text, size, width)
        if len(lines) <= 2 and all(screen.text_width(ln, size) <= width for ln in lines):
            self.bad_cuts.setdefault((text, round(size, 2), round(width, 1)), self.where)


#: the tour draws one frame for every this many of a television's frames, each one this
#: many frame times long: the same time passes (animations, toasts and count-ups reach the
#: same points), for a fifth of the drawing
STRIDE = 5
#: after a drawn frame that showed nothing new, the next one is this many frame times on
#: (a third of a second: no animation step is skipped over)
LONGEST = 20


def frames(app: Any, rec: Recorder, where: str, n: int = 2,
           events: list[pygame.event.Event] | None = None, longest: int = LONGEST) -> None:
    """What a television shows in ``n`` frames: drawn every ``STRIDE``-th frame while the
    drawings show something new, every ``longest``-th while they do not. The same time
    passes and the ``n``-th frame is always drawn."""
    rec.where = where
    done, stride = 0, STRIDE
    while done < n:
        step = min(stride, n - done)
        news = rec.news
        app.step(list(events or []) if done == 0 else [], showcase.DT * step)
        done += step
        stride = STRIDE if rec.news > news else longest


def press(app: Any, rec: Recorder, where: str, key: int) -> None:
    frames(app, rec, where, 1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0,
                                                   unicode="")])


def settle(app: Any, rec: Recorder, play: PlayScene, label: str) -> None:
    """Draw each overlay over the play screen (a scoring, a "Pass to"), then close it."""
    for _ in range(60):
        top = app.stack.top
        if top is play or isinstance(top, ResultsScene):
            return
        where = f"{label} {type(top).__name__}"
        frames(app, rec, where, 20)
        press(app, rec, where, pygame.K_RETURN)


def play_through(app: Any, rec: Recorder, variant: str, players: int, seed: int) -> Game:
    """A whole seeded game in the play scene, drawn every few actions and on every
    overlay; then its results."""
    game = new_game(variant, players, seed=seed)
    play = showcase.start_play(app, game)
    rng = Rng(seed)
    label = f"{variant}/{players}p"
    frames(app, rec, f"{label} start", 3)
    n = 0
    while not play.game.is_over:
        settle(app, rec, play, f"{label} action {n}")
        if play.game.is_over or app.stack.top is not play:
            break
        play.apply(play.game.playout_action(rng))
        n += 1
        if n % EVERY == 0 or app.stack.top is not play:
            frames(app, rec, f"{label} action {n}", 2)
    settle(app, rec, play, f"{label} end")
    frames(app, rec, f"{label} results", 100)
    press(app, rec, f"{label} results table", pygame.K_TAB)  # the view's score table
    frames(app, rec, f"{label} results table", 3)
    return play.game


def menus(app: Any, rec: Recorder, variant: str, players: int, seed: int) -> None:
    """The pause menu, the save dialog and the rules help over a game in play."""
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    for _ in range(12):
        game.apply(game.playout_action(rng))
    play = showcase.start_play(app, game)
    label = f"{variant} menus"
    frames(app, rec, label, 3)
    settle(app, rec, play, label)
    press(app, rec, f"{label} pause", pygame.K_ESCAPE)
    frames(app, rec, f"{label} pause", 30)
    press(app, rec, f"{label} pause", pygame.K_ESCAPE)
    press(app, rec, f"{label} save", pygame.K_s)
    frames(app, rec, f"{label} save", 30)
    press(app, rec, f"{label} save", pygame.K_ESCAPE)
    press(app, rec, f"{label} help", pygame.K_F1)
    for page in range(3):
        frames(app, rec, f"{label} help page {page}", 20)
        press(app, rec, f"{label} help page {page}", pygame.K_RIGHT)
    press(app, rec, f"{label} help", pygame.K_ESCAPE)


def replay(app: Any, rec: Recorder, game: Game) -> None:
    names = list(showcase.NAMES[:game.players])
    app.stack.clear_to("replay", game, names)
    label = f"{game.spec.id} replay"
    frames(app, rec, label, 10)
    for _ in range(40):
        press(app, rec, label, pygame.K_RIGHT)
    press(app, rec, label, pygame.K_PAGEDOWN)
    frames(app, rec, label, 10)


def front_menus(app: Any, rec: Recorder) -> None:
    """Title (with its background game), setup for every game, load, settings."""
    app.stack.clear_to("title")
    # the background game moves a piece per frame: every STRIDE-th, to see its boards
    frames(app, rec, "title", 240, longest=STRIDE)
    showcase.setup(app)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    for i in range(8):
        setup.focus_on("variant")
        press(app, rec, f"setup game {i}", pygame.K_RIGHT)
        frames(app, rec, f"setup game {i}", 20)
    app.stack.clear_to("title")
    for scene in ("load", "settings"):
        app.stack.push(scene)
        frames(app, rec, scene, 40)
        app.stack.pop()
    app.stack.push("rules", None)
    frames(app, rec, "rules (controls)", 20)


def tour(app: Any) -> Recorder:
    rec = Recorder()
    Screen.recorder = rec
    showcase_frames = showcase.frames
    # the showcases (the README's pictures) draw every frame; the tour draws as above
    showcase.frames = lambda app, n, events=None: frames(app, rec, rec.where, n, events)
    window = app.screen.surface
    # every frame is laid out, and its texts rendered, measured and fitted, as shown; only
    # the copying onto the window is clipped away (the checks read the draws, never the
    # pixels)
    window.set_clip((0, 0, 1, 1))
    try:
        rec.where = "board showcase"
        showcase.board(app)
        rec.where = "scoring showcase"
        showcase.scoring(app)
        rec.where = "market showcase"
        view_showcase.midgame(app)
        finished = [play_through(app, rec, *spec) for spec in GAMES]
        for variant, players, seed in GAMES[::2]:
            menus(app, rec, variant, players, seed)
        for game in finished[::3]:
            replay(app, rec, game)
        front_menus(app, rec)
    finally:
        window.set_clip(None)
        Screen.recorder = None
        showcase.frames = showcase_frames
    return rec


# ---------------------------------------------------------------------------------------
# the typeface
# ---------------------------------------------------------------------------------------
def test_the_shipped_typeface_is_found_with_its_licence():
    font = resources.assets_dir() / screen_module.FONT_FILE
    assert font.is_file() and font.stat().st_size > 100_000
    assert "SIL OPEN FONT LICENSE Version 1.1" in (font.parent / "OFL.txt").read_text()
    screen_module.font_file.cache_clear()
    assert screen_module.font_file() == str(font)


def test_a_missing_typeface_falls_back_to_the_default_font_with_a_warning(
        app, monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(resources, "assets_dir", lambda: tmp_path)
    screen_module.font_file.cache_clear()
    try:
        scr = Screen(app.screen.surface)
        with caplog.at_level("WARNING", logger="game.kit.client.screen"):
            assert scr.text_width("Ana's turn", theme.FONT_BODY) > 0
            scr.text("Ana's turn", 100, 100)
        assert "fonts/Inter-Bold.otf is missing" in caplog.text
    finally:
        screen_module.font_file.cache_clear()


def test_the_typeface_has_a_tall_x_height(app):
    """Lowercase at the floor's size is at least half the size tall (pygame's default
    font gave 11 px at 28)."""
    font = app.screen.font(theme.FONT_SMALL)
    x_height = font.metrics("x")[0][3] / app.screen.scale
    assert x_height >= theme.FONT_SMALL * 0.5


def listing(found: dict[Any, str]) -> str:
    return "\n".join(f"  {key!r} at {where}" for key, where in sorted(
        found.items(), key=lambda kv: (kv[1], repr(kv[0])))[:60])


def assert_no_cut_that_two_lines_would_hold(rec: Recorder) -> None:
    assert not rec.bad_cuts, ("cut with an ellipsis, though two lines would hold it:\n"
                              + listing(rec.bad_cuts))


#: every language the client ships, and the pseudo-language (every text 40 % longer): a
#: text that fits in English but not in German is cut, or wrapped past its room
LANGUAGES = ("en", "de", "qps")


@pytest.fixture(params=LANGUAGES)
def spoken(request: pytest.FixtureRequest) -> Iterator[str]:
    """The television in each language for the test, English again after."""
    before = language()
    set_language(request.param)
    try:
        yield request.param
    finally:
        set_language(before)


# One test per size and language, each touring once: pytest-xdist may run any two tests
# in two processes (its xdist_group does not hold under pytest 9), and a tour costs
# seconds.
@pytest.mark.slow
def test_at_1920_no_text_below_the_floor_must_reads_at_forty_and_no_needless_cut(
        make_app, spoken):
    rec = tour(make_app(size=SIZES[0], fullscreen=False))
    assert len(rec.draws) > 500  # the tour drew the games, not an empty screen
    roles = {role for _text, _size, role in rec.draws}
    assert set(theme.MUST_READ) <= roles, "every must-read kind was drawn and tagged"
    small = {k: w for k, w in rec.draws.items() if k[1] < theme.FONT_SMALL - 0.01}
    assert not small, f"text below {theme.FONT_SMALL} px:\n{listing(small)}"
    unread = {k: w for k, w in rec.draws.items()
              if k[2] in theme.MUST_READ and k[1] < theme.FONT_READ - 0.01}
    assert not unread, f"must-read text below {theme.FONT_READ} px:\n{listing(unread)}"
    assert_no_cut_that_two_lines_would_hold(rec)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES[1:], ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_1280_no_text_cut_that_two_lines_would_hold(make_app, spoken, size):
    rec = tour(make_app(size=size, fullscreen=False))
    assert len(rec.draws) > 500
    assert_no_cut_that_two_lines_would_hold(rec)
