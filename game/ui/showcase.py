"""Deterministic client states for screenshots, snapshot tests and frame benchmarks.

Each function drives a fresh :class:`~game.ui.app.App` to one fixed picture: fixed seeds,
names and colours, synthesised input, and a fixed number of frames of a fixed length (the
animations read only the time fed to ``App.step``), so the same pygame-ce draws the same
pixels on every machine. ``tests/client/test_snapshots.py`` compares them with reference
images in ``tests/client/snapshots/`` (the README shows those same pictures), and
``benchmarks/frames.py`` times frames on :func:`late_board`.

The App should use a private save folder (and ``AZTEC_ARCADE_HOME`` a private settings
folder): a title screen with an autosave shows "Continue", and a user's palette setting
changes the colours.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.api import Game, new_game
from game.core.lessons.model import Position
from game.core.rng import Rng
from game.ui.lessonstore import lesson_session, lesson_store
from game.ui.lessonworker import lesson_worker
from game.ui.scenes.lesson import LessonScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.setup import SetupScene
from game.ui.sessions import make_session
from game.ui.shell import laid_out

if TYPE_CHECKING:
    from game.ui.app import App

DT = 1 / 60
NAMES = ("Ana", "Ben", "Cy", "Dee")
#: the game every picture shows: four players, seed 2 (all kinds of piece by mid-game)
SEED = 2
PLAYERS = 4


# ---------------------------------------------------------------------------------------
# input helpers (window pixels, as SDL delivers them)
# ---------------------------------------------------------------------------------------
def frames(app: App, n: int, events: list[pygame.event.Event] | None = None) -> None:
    """``n`` frames of ``DT`` seconds; ``events`` arrive in the first one."""
    for i in range(n):
        app.step(list(events or []) if i == 0 else [], DT)


def key(app: App, code: int, mod: int = 0) -> None:
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")])


def type_text(app: App, text: str) -> None:
    for ch in text:
        frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0,
                                           unicode=ch),
                        pygame.event.Event(pygame.TEXTINPUT, text=ch)])


def pad_button(app: App, button: int, instance_id: int = 0) -> None:
    frames(app, 1, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id,
                                       button=button)])


def hover(app: App, x: float, y: float) -> None:
    """Move the mouse to the top scene's logical (x, y)."""
    pos = laid_out(app.screen, app.stack.top).px(x, y)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=())])


# ---------------------------------------------------------------------------------------
# games
# ---------------------------------------------------------------------------------------
def playout(until: Callable[[Game, list[Any]], bool], seed: int = SEED,
            players: int = PLAYERS, before: bool = False,
            variant: str = "mexica") -> tuple[Game, list[str]]:
    """A game under the playout policy, run until ``until(game, events)`` first holds
    after an action; returns the game then (with ``before``: just before that action) and
    the playout actions that would follow it (with ``before``: starting with it)."""
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        previous = game.clone() if before else game
        events = game.apply(game.playout_action(rng))
        if until(game, events):
            tail = game.clone()
            while not tail.is_over:
                tail.apply(tail.playout_action(rng))
            rest = tail.log[len(game.log) - (1 if before else 0):]
            return previous, rest
    raise ValueError("the condition never held")


def every_kind_of_piece(game: Game, events: list[Any]) -> bool:
    """Single and double canals, bridges, temples of all four levels, two calpulli
    tokens, and a player with AP to spend (not right after a scoring)."""
    s = game.state
    singles = sum(1 for tile in s.tiles if len(tile) == 1)
    levels = {level for _owner, level in s.temples.values()}
    return (s.phase == "play" and s.ap >= 4 and 0 < singles < len(s.tiles)
            and bool(s.bridges) and levels >= {1, 2, 3, 4} and len(s.tokens) >= 2
            and not any(e.kind == "scoring" for e in events))


def scores(game: Game, events: list[Any]) -> bool:
    return any(e.kind == "scoring" for e in events)


def start_play(app: App, game: Game) -> PlayScene:
    session = make_session(app, game, list(NAMES[:game.players]))
    scene = PlayScene(session)
    app.stack.clear_to(scene)
    return scene


# ---------------------------------------------------------------------------------------
# the pictures
# ---------------------------------------------------------------------------------------
def title(app: App) -> Any:
    """The title screen once the logo has dropped in (and the lessons are checked)."""
    lesson_worker(app.registry).join(timeout=60)  # a bound: a test fails, never hangs
    frames(app, 90)
    return app.stack.top


def setup(app: App) -> Any:
    """New game for four named players, seed 2, Cy holding a controller (Pad 1)."""
    scene = SetupScene()
    app.stack.push(scene)
    scene.focus_on("players")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    scene.focus_on("seed")
    type_text(app, str(SEED))
    for seat, name in enumerate(NAMES[:scene.players]):
        scene.focus_on(f"name{seat}")
        for _ in scene.names[seat].value:
            key(app, pygame.K_BACKSPACE)
        type_text(app, name)
    scene.focus_on("name2")
    pad_button(app, pygame.CONTROLLER_BUTTON_A, instance_id=0)
    scene.focus_on("start")
    frames(app, 60)
    return scene


def board(app: App) -> PlayScene:
    """Mid-game (period 1): every kind of piece on the board and the cursor, moved with the
    arrow keys, on a space a few steps from the current Pilli, showing the walk and its
    cost."""
    game, _rest = playout(every_kind_of_piece)
    play = start_play(app, game)
    frames(app, 150)  # the turn banner has gone
    view: Any = play.view  # Mexica's: its cell cursor and walk preview
    rules: Any = game.rules
    b, s = rules.table.board, game.state
    here = s.pilli[s.turn]
    if here is not None:
        def distance(c: int) -> int:
            return int(abs(c % b.width - here % b.width) + abs(c // b.width - here // b.width))

        for c in sorted(range(b.size), key=lambda c: (distance(c), c)):
            if distance(c) >= 2 and walk_cursor(app, view, c, b.width) and \
                    view.preview.ok and len(view.preview.path) >= 3:
                break
    frames(app, 30)
    return play


def walk_cursor(app: App, view: Any, target: int, width: int) -> bool:
    """Move the view's cell cursor to ``target`` with the arrow keys."""
    for _ in range(64):
        here = view.cursor
        if here == target:
            return True
        dx = target % width - here % width
        dy = target // width - here // width
        if dx:
            key(app, pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
        else:
            key(app, pygame.K_DOWN if dy > 0 else pygame.K_UP)
    return bool(view.cursor == target)


def scoring(app: App) -> Any:
    """The first scoring's overlay, its second step counting up."""
    game, rest = playout(scores, before=True)
    play = start_play(app, game)
    frames(app, 10)
    play.apply(rest[0])
    frames(app, 100)
    return app.stack.top


def results(app: App, variant: str = "mexica", players: int = PLAYERS, seed: int = SEED,
            n: int = 120) -> Any:
    """The results screen of a whole game, ``n`` frames after it opened (by default in
    the winner moment: the bars grown, the bursts flying)."""
    game, _rest = playout(lambda g, _e: g.is_over, seed=seed, players=players,
                          variant=variant)
    session = make_session(app, game, list(NAMES[:game.players]))
    app.stack.clear_to(ResultsScene(session))
    frames(app, n)
    return app.stack.top


def final_reveal(app: App, variant: str, players: int = PLAYERS, seed: int = SEED,
                 n: int = 100) -> Any:
    """The scoring overlay of a game's end, ``n`` frames after its last action was played
    on the play screen."""
    game, rest = playout(lambda g, _e: g.is_over, seed=seed, players=players,
                         before=True, variant=variant)
    play = start_play(app, game)
    frames(app, 10)
    play.apply(rest[0])
    frames(app, n)
    return app.stack.top


def late_board(app: App, players: int = 4, seed: int = 7,
               spare: int = 60) -> tuple[PlayScene, list[str]]:
    """A late period-2 board: the game ``spare`` actions before its end, in the play
    scene, and the playout actions that would follow (none of them scores)."""
    full = new_game("mexica", players, seed=seed)
    rng = Rng(seed)
    while not full.is_over:
        full.apply(full.playout_action(rng))
    log = full.log
    stop = len(log) - spare
    game = new_game("mexica", players, seed=seed)
    for action in log[:stop]:
        game.apply(action)
    if game.state.period != 2:
        raise ValueError(f"action {stop} of seed {seed} is not in period 2")
    probe = game.clone()
    following = []
    for action in log[stop:]:
        if any(e.kind == "scoring" for e in probe.apply(action)):
            break
        following.append(action)
    play = start_play(app, game)
    frames(app, 150)
    return play, following


def quiet_stretch(variant: str, players: int, seed: int,
                  quiet: int) -> tuple[Game, list[str]]:
    """The playout game at the latest point from which ``quiet`` actions follow with no
    scoring and not to the end (the overlay and the results screen are other scenes),
    and those actions."""
    full = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    calm: list[bool] = []
    while not full.is_over:
        events = full.apply(full.playout_action(rng))
        calm.append(not any(e.kind in ("scoring", "score") for e in events))
    log = full.log
    stop = next((i for i in range(len(log) - quiet - 1, -1, -1)
                 if all(calm[i:i + quiet])), None)
    if stop is None:
        raise ValueError(f"seed {seed} of {variant} has no {quiet} actions without a scoring")
    game = new_game(variant, players, seed=seed)
    for action in log[:stop]:
        game.apply(action)
    return game, log[stop:stop + quiet]


def late_game(app: App, variant: str, players: int = 4, seed: int = 7,
              quiet: int = 30) -> tuple[PlayScene, list[str]]:
    """Any game's board late in a playout game (:func:`quiet_stretch`), in the play
    scene once the turn banner has gone (and the "Pass to" screen, in a game with
    secrets, dismissed as the next player does), and the actions that would follow."""
    game, following = quiet_stretch(variant, players, seed, quiet)
    play = start_play(app, game)
    frames(app, 1)
    if play.privacy is not None:
        key(app, pygame.K_RETURN)
    frames(app, 150)
    return play, following


PICTURES: dict[str, Callable[[App], Any]] = {
    "title": title, "setup": setup, "board": board, "scoring": scoring, "results": results,
}


#: the step of each built-in lesson its picture shows (a move on the board, with its why)
LESSON_STEPS = {"mexica": 13, "mexica-2p": 10, "market": 12, "aztlan": 9}


def lesson(app: App, lesson_id: str, step: int | None = None) -> Any:
    """A lesson at its step ``step`` (1-based; default: :data:`LESSON_STEPS`): the script
    played up to it on the engine, the card and the board's ghost of the step's move."""
    chosen = app.registry.lessons().lessons[lesson_id]
    number = step or LESSON_STEPS.get(lesson_id, 1)
    game = chosen.start()
    for earlier in chosen.steps[:number - 1]:
        for action in (*(earlier.expect or ()), *earlier.replies):
            game.apply(action)
    scene = LessonScene(lesson_session(app, chosen, game), chosen, lesson_store(app),
                        Position(number - 1))
    app.stack.clear_to(scene)
    frames(app, 150)  # the turn banner has gone
    return scene

