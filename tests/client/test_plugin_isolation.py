"""A rules plugin or board view that raises never takes the client down (issue 13, §3).

The flaky race (``flaky_plugin.py``) is installed the way a player installs a plugin: as
the drop-in file ``shaky.py`` in the plugin folder named in the settings. The real App,
under the dummy video driver, goes from the title through the setup screen into a game
between a person and computers of every level; then one method of the rules (or of the
board view) starts to raise. Whichever method it is, and whether the frame thread or a
computer's thread calls it, the player ends up on the title screen with a message that
names the plugin, and the autosave on disk is a save that loads or the last good one.

The computers are driven without racing their thread: before each frame the test waits
for the computer that is thinking (``BotWorker.wait``), and each frame is long enough in
game time for a computer's move to be played.
"""

from __future__ import annotations

import sys
import traceback

import pygame
import pytest

from game.api import IllegalAction, load_game, new_game
from game.ui.isolation import GuardedRules, PluginFailure, guard_game, unguarded
from game.ui.scenes.help import HelpScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.seats import BOT_PACE

from .conftest import Driver
from .flaky_plugin import RULES_METHODS, VARIANT, VIEW_METHODS, Flaky, FlakyView, dropin_source

#: one of each: a person and the three computer levels
SEATS = ["human", "easy", "normal", "hard"]
#: game time per frame of play: a computer's answer is played in the frame it arrives
PLAY_DT = BOT_PACE + 0.1
#: rules methods that only a computer player calls (in its thread)
BOT_ONLY = ("evaluate", "determinize", "candidates", "playout_action", "clone", "from_dict")
#: rules methods the client calls at a moment of its own (tested one by one below);
#: ``describe_action`` is called by no one in the client (the command line uses it)
SPECIAL = ("new_state", "player_aid", "describe_action")


@pytest.fixture
def flaky(home):
    """The flaky race as the drop-in plugin 'shaky'; whole again after the test."""
    plugins = home / "plugins"
    plugins.mkdir()
    (plugins / "shaky.py").write_text(dropin_source(), encoding="utf-8")
    (plugins / "flaky-race.yaml").write_text(VARIANT, encoding="utf-8")
    (home / "settings.yaml").write_text("plugin_folder: plugins\n", encoding="utf-8")
    Flaky.broken, FlakyView.broken = set(), set()
    yield
    Flaky.broken, FlakyView.broken = set(), set()
    sys.modules.pop("aztec_arcade_dropin_shaky", None)


@pytest.fixture
def ui(flaky, make_app):
    app = make_app(first_scene=TitleScene(attract=False))
    assert "flaky-race" in app.registry.variants, app.registry.broken
    assert app.registry.rules["flaky"][1] == "shaky"
    return Driver(app)


def enter_key() -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")]


def set_up(ui: Driver, kinds: list[str], seed: int = 7) -> PlayScene | None:
    """Title -> New game -> the flaky race for ``kinds`` with ``seed`` -> Start. The play
    screen (Hard thinks for a number of iterations, not seconds), or None."""
    title = ui.top
    assert isinstance(title, TitleScene)
    title.menu.focus = [str(item.label) for item in title.menu.items].index("New game")
    ui.key(pygame.K_RETURN)
    setup = ui.top
    assert isinstance(setup, SetupScene)
    setup.focus_on("variant")
    for _ in range(len(setup.specs)):
        if setup.spec is not None and setup.spec.id == "flaky-race":
            break
        ui.key(pygame.K_RIGHT)
    assert setup.spec is not None and setup.spec.id == "flaky-race"
    setup.focus_on("players")
    while setup.players < len(kinds):
        ui.key(pygame.K_RIGHT)
    setup.focus_on("seed")
    ui.type(str(seed))
    for seat, kind in enumerate(kinds):
        setup.focus_on(f"kind{seat}")
        while setup.kinds[seat] != kind:
            ui.key(pygame.K_RIGHT)
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    play = ui.top
    if not isinstance(play, PlayScene):
        return None
    return quick(play)


def quick(play: PlayScene) -> PlayScene:
    """Hard thinks for a few iterations instead of the client's seconds."""
    for bot in (c.bot for c in play.seats.computers().values()):
        if hasattr(bot, "budget"):
            bot.budget.seconds, bot.budget.iterations = None, 24
    return play


def play_on(ui: Driver, until=lambda: False, frames: int = 400) -> None:
    """Frames of play until ``until()`` or the title or the results: Enter every frame
    (the person's move; while a computer decides it only changes the pace), and before
    each frame the thinking computer is waited for."""
    for _ in range(frames):
        if until() or isinstance(ui.top, TitleScene | ResultsScene):
            return
        seats = getattr(ui.top, "seats", None)
        worker = seats.worker if seats is not None else None
        if worker is not None and worker.busy:
            assert worker.wait(120), "a computer player never answered"
        ui.app.step(enter_key(), PLAY_DT)
    raise AssertionError(f"still playing after {frames} frames: {ui.top!r}")


def autosave_text(ui: Driver) -> str | None:
    saves = ui.app.saves
    saves.flush()
    path = saves.path("autosave")
    return path.read_text(encoding="utf-8") if path.exists() else None


def midgame(ui: Driver, kinds: list[str] = SEATS, actions: int = 6) -> tuple[PlayScene, str]:
    """A game under way (every seat has moved) and its autosave, a good one."""
    play = set_up(ui, kinds)
    assert play is not None
    play_on(ui, until=lambda: len(play.game.log) >= actions)
    assert ui.top is play and not ui.app.failures
    good = autosave_text(ui)
    assert good is not None and len(load_game(good).log) == len(play.game.log)
    return play, good


def assert_failed_cleanly(ui: Driver, cause: str, good: str | None,
                          game: bool = True) -> PluginFailure:
    """On the title, a message naming the plugin on screen, the autosave kept or valid
    (and, if a ``game`` had begun, a message saying what became of it)."""
    app = ui.app
    assert app.running
    assert isinstance(ui.top, TitleScene) and len(app.stack) == 1
    [failure] = app.failures
    assert failure.plugin == "shaky" and failure.origin.startswith("drop-in plugin shaky (")
    assert isinstance(failure.cause, RuntimeError) and str(failure.cause) == cause
    [shown] = [m for m, _ in app.toasts if m.startswith("Plugin 'shaky' failed: ")]
    assert cause in shown
    ui.frames(2)
    drawn = " ".join(ui.texts())
    assert "Plugin 'shaky' failed:" in drawn and "broke on purpose" in drawn
    # the autosave: the last good one, or a later one that loads and goes on from it
    Flaky.broken, FlakyView.broken = set(), set()
    text = autosave_text(ui)
    notes = [m for m, _ in app.toasts if "autosave" in m]
    if text != good:
        assert text is not None
        saved = load_game(text)
        before = load_game(good).log if good is not None else []
        assert saved.log[:len(before)] == before
    assert len(notes) == (1 if game else 0)  # what became of the game, if there was one
    return failure


# ---------------------------------------------------------------------------------------
# the rules
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("method", [m for m in RULES_METHODS if m not in SPECIAL])
def test_a_rules_method_that_raises_mid_game_returns_to_the_title(ui, method):
    play, good = midgame(ui)
    Flaky.broken = {method}
    play_on(ui)
    failure = assert_failed_cleanly(ui, f"{method} broke on purpose", good)
    assert play.done and not play.seats.worker.busy
    if method == "to_dict":  # the handler's own autosave fails too: nothing overwritten
        assert autosave_text(ui) == good
        [note] = [m for m, _ in ui.app.toasts if "autosave" in m]
        assert note.startswith("The game could not be autosaved (RuntimeError in to_dict()")
        assert note.endswith("the autosave on disk was left as it was.")
    if method in BOT_ONLY:  # raised in a computer's thread, handled on the frame thread
        frames = [f.f_code.co_filename for f, _ in traceback.walk_tb(failure.__traceback__)]
        assert any(name.endswith("worker.py") for name in frames)


def test_a_failure_in_the_computers_thread_is_the_same_failure(ui):
    """Only the computers call ``evaluate``: the exception crosses from their thread to
    the frame thread as the same PluginFailure, and nothing is left thinking."""
    play, good = midgame(ui, ["human", "normal"])
    Flaky.broken = {"evaluate"}
    play_on(ui)
    failure = assert_failed_cleanly(ui, "evaluate broke on purpose", good)
    assert failure.where == "in evaluate()" and failure.part == "the 'flaky' rules"
    assert not play.seats.worker.busy and play.seats.worker.idle


def test_the_players_bar_meets_the_failure_on_the_frame_thread(ui):
    """Two people, no computer: ``scores`` fails in the players bar, while drawing."""
    play, good = midgame(ui, ["human", "human"], actions=3)
    Flaky.broken = {"scores"}
    ui.frames(1)
    failure = assert_failed_cleanly(ui, "scores broke on purpose", good)
    assert failure.where == "in scores()"
    functions = [f.f_code.co_name for f, _ in traceback.walk_tb(failure.__traceback__)]
    assert "draw_players_bar" in functions and "draw" in functions


def test_the_autosave_is_kept_when_the_plugin_cannot_read_it_back(ui):
    """The handler writes a save only if it loads back: with ``from_dict`` broken too,
    the autosave written after the last good action stays."""
    play, _good = midgame(ui, ["human", "easy"])
    play_on(ui, until=lambda: play.game.current_player == 0)
    last = autosave_text(ui)
    Flaky.broken = {"redact", "from_dict"}
    ui.key(pygame.K_RETURN)  # the person moves: the log shows it (redact): failure
    assert isinstance(ui.top, TitleScene)
    [note] = [m for m, _ in ui.app.toasts if "autosave" in m]
    assert note.startswith("The game could not be autosaved (SaveError")
    Flaky.broken = set()
    now = autosave_text(ui)
    # the person's move was autosaved before the log was redrawn; it loads and goes on
    assert now is not None and load_game(now).log[:-1] == load_game(last).log


def test_an_action_the_rules_fail_half_way_through_is_not_kept(ui):
    """``apply`` moves the runner, then raises: the autosave holds the game as it was
    before that action, the state the log leads to (the rules' half-done change is
    rolled back, not saved)."""
    play, _good = midgame(ui, ["human", "easy"])
    play_on(ui, until=lambda: play.game.current_player == 0)
    before = autosave_text(ui)
    Flaky.broken = {"apply halfway"}
    ui.key(pygame.K_RETURN)
    assert_failed_cleanly(ui, "apply broke on purpose", before)
    saved = load_game(autosave_text(ui))
    assert saved.log == load_game(before).log
    replayed = new_game("flaky-race", 2, seed=saved.seed)
    for action in saved.log:
        replayed.apply(action)
    assert saved.to_dict()["state"] == replayed.to_dict()["state"]


def test_setting_up_a_game_whose_rules_raise(ui, tmp_path):
    """``new_state`` raises when Start is pressed: no game, the message, the autosave of
    an earlier game untouched."""
    earlier = new_game("flaky-race", 2, seed=1)
    earlier.apply("step 2")
    ui.app.saves.write("autosave", earlier, ["Ana", "Ben"])
    good = autosave_text(ui)
    Flaky.broken = {"new_state"}
    assert set_up(ui, ["human", "easy"]) is None
    failure = assert_failed_cleanly(ui, "new_state broke on purpose", good, game=False)
    assert failure.where == "while setting up a game"
    assert autosave_text(ui) == good


def test_the_rules_help_raising_returns_to_the_title(ui):
    play, good = midgame(ui, ["human", "easy"])
    Flaky.broken = {"player_aid"}
    ui.key(pygame.K_F1)
    assert not isinstance(ui.top, HelpScene)
    assert_failed_cleanly(ui, "player_aid broke on purpose", good)


def test_the_results_screen_with_rules_that_raise(ui):
    """``winners`` is only asked at the end (Easy never asks): the results screen is
    not shown, the finished game is autosaved."""
    play, good = midgame(ui, ["human", "easy"])
    Flaky.broken = {"winners"}
    play_on(ui)
    assert_failed_cleanly(ui, "winners broke on purpose", good)
    finished = load_game(autosave_text(ui))
    assert finished.is_over
    assert any(m == "The finished game is autosaved." for m, _ in ui.app.toasts)


def test_every_rules_method_is_guarded(flaky):
    """Whatever the client may call on a game's rules goes through the guard, including
    ``describe_action``, which no screen calls today."""
    game = guard_game(new_game("flaky-race", 2, seed=3))
    assert isinstance(game.rules, GuardedRules) and isinstance(game.rules, Flaky)
    assert isinstance(unguarded(game.rules), Flaky)
    calls = {
        "current_player": lambda: game.current_player, "legal_actions": game.legal_actions,
        "apply": lambda: game.apply("step 1"), "is_over": lambda: game.is_over,
        "scores": lambda: game.scores, "winners": lambda: game.winners,
        "to_dict": game.to_dict, "from_dict": lambda: game.rules.from_dict({}),
        "clone": game.clone, "view": lambda: game.view(0),
        "redact": lambda: game.rules.redact("step 1", 0, None),
        "player_aid": game.rules.player_aid,
        "turn_seat": lambda: game.rules.turn_seat(game.state),
        "playout_action": lambda: game.playout_action(_rng()),
        "describe_action": lambda: game.describe("step 1"),
        "evaluate": lambda: game.rules.evaluate(game.state, 0),
        "determinize": lambda: game.rules.determinize(game.view(0), 0, _rng()),
        "candidates": lambda: game.rules.candidates(game.state, 0),
        "new_state": lambda: game.rules.new_state(5)}
    assert set(calls) == set(RULES_METHODS)
    for method, call in calls.items():
        Flaky.broken = {method}
        with pytest.raises(PluginFailure) as caught:
            call()
        assert caught.value.plugin == "shaky" and str(caught.value.cause) == \
            f"{method} broke on purpose"
        assert caught.value.summary().startswith("Plugin 'shaky' failed: the 'flaky' rules "
                                                 "raised RuntimeError in ")
    Flaky.broken = set()
    # what the protocol allows still passes: a refused action, a determinize that cannot
    with pytest.raises(IllegalAction):
        game.apply("jump")


def test_what_the_protocol_allows_passes_the_guard_and_sys_exit_does_not(flaky):
    """``determinize`` may say it cannot (the bots then choose without a state); a
    plugin calling ``sys.exit`` is a failure like any other, not the end of the program;
    the bots see the engine's own hooks through the guard."""
    from game.ai import make_bot
    from game.ai.base import has_own_hook
    from game.ui.isolation import guard_rules

    class CannotSample(Flaky):
        def determinize(self, view, seat, rng):
            raise NotImplementedError("no sampling here")

        def scores(self, state):
            sys.exit(3)

    game = new_game("flaky-race", 2, seed=3)
    rules = guard_rules(CannotSample(game.rules.params, 2))
    with pytest.raises(NotImplementedError):
        rules.determinize(game.view(0), 0, _rng())
    action = make_bot("normal", seed=1).choose(rules, game.view(0), game.legal_actions())
    assert action in game.legal_actions()
    with pytest.raises(PluginFailure) as caught:
        rules.scores(game.state)
    assert isinstance(caught.value.cause, SystemExit)
    mexica = new_game("mexica", 2, seed=1)
    guarded = guard_game(mexica.clone())
    for hook in ("candidates", "determinize", "evaluate", "playout_action"):
        assert has_own_hook(guarded.rules, hook) == has_own_hook(mexica.rules, hook)
    assert has_own_hook(guarded.rules, "candidates")
    from tests.race_rules import Race

    assert not has_own_hook(guard_rules(Race(game.rules.params, 2)), "candidates")


def _rng():
    from game.core.rng import Rng

    return Rng(1)


def test_a_replay_whose_rules_raise_returns_to_the_title(ui):
    """A finished game opened from the Load screen replays through the same guard; a
    replay has nothing to autosave, and the autosave is not touched."""
    finished = new_game("flaky-race", 2, seed=4)
    while not finished.is_over:
        finished.apply("step 2")
    ui.app.saves.write("Race to the end", finished, ["Ana", "Ben"])
    title = ui.top
    title.menu.focus = [str(item.label) for item in title.menu.items].index("Load")
    ui.key(pygame.K_RETURN)
    load = ui.top
    load.menu.focus = [str(item.label) for item in load.menu.items].index(
        "Race to the end  ·  Replay")
    ui.key(pygame.K_RETURN)
    assert type(ui.top).__name__ == "ReplayScene"
    ui.key(pygame.K_RIGHT)  # one action on
    Flaky.broken = {"scores"}
    ui.frames(1)
    assert_failed_cleanly(ui, "scores broke on purpose", None, game=False)
    assert autosave_text(ui) is None


def test_a_save_whose_plugin_fails_to_read_it_is_listed_not_fatal(ui):
    """The title and the Load screen read the saves with the engine's own checks
    (``check_players``): a plugin raising there makes that save unreadable, named, and
    the rest of the program goes on."""
    earlier = new_game("flaky-race", 2, seed=1)
    earlier.apply("step 2")
    ui.app.saves.write("autosave", earlier, ["Ana", "Ben"])
    Flaky.broken = {"check_players"}
    assert not ui.app.saves.has_autosave()
    [entry] = ui.app.saves.list()
    assert str(entry.error).startswith("autosave.json: Plugin 'shaky' failed: the 'flaky' rules "
                                  "raised RuntimeError while reading this save")
    assert "check_players broke on purpose" in entry.error
    title = ui.top
    title.menu.focus = [str(item.label) for item in title.menu.items].index("Load")
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    assert type(ui.top).__name__ == "LoadScene" and not ui.app.failures
    assert any("damaged" in text for text in ui.texts())


# ---------------------------------------------------------------------------------------
# the board view
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("method", [m for m in VIEW_METHODS if m != "results_table"])
def test_a_board_view_that_raises_returns_to_the_title(ui, method):
    if method == "__init__":  # built when the game starts
        FlakyView.broken = {method}
        assert set_up(ui, ["human", "easy"]) is None
        assert_failed_cleanly(ui, "__init__ broke on purpose", None)
        assert ui.app.failures[0].where == "in FlakyView()"
        return
    play, good = midgame(ui, ["human", "easy", "hard"])
    FlakyView.broken = {method}
    play_on(ui)
    failure = assert_failed_cleanly(ui, f"{method} broke on purpose", good)
    assert failure.part == "the board view for 'flaky'" and failure.where == f"in {method}()"


def test_a_results_table_that_raises_returns_to_the_title(ui):
    play, good = midgame(ui, ["human", "easy"])
    FlakyView.broken = {"results_table"}
    play_on(ui)
    assert_failed_cleanly(ui, "results_table broke on purpose", good)


# ---------------------------------------------------------------------------------------
# and then
# ---------------------------------------------------------------------------------------
def test_after_a_failure_continue_resumes_the_game_once_the_plugin_works(ui):
    play, good = midgame(ui)
    Flaky.broken = {"scores"}
    play_on(ui)
    assert isinstance(ui.top, TitleScene)
    saved = load_game(autosave_text(ui))
    # still broken: Continue meets the same failure, and the title comes back
    Flaky.broken = {"scores"}
    title = ui.top
    assert str(title.menu.items[0].label) == "Continue"
    title.menu.focus = 0
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, TitleScene) and len(ui.app.failures) == 2
    # mended: Continue picks the game up where the autosave left it, and it ends
    Flaky.broken = set()
    ui.top.menu.focus = 0
    ui.key(pygame.K_RETURN)
    resumed = ui.top
    assert isinstance(resumed, PlayScene) and resumed.game.log == saved.log
    quick(resumed)
    assert resumed.session.kinds == SEATS
    play_on(ui)
    assert isinstance(ui.top, ResultsScene) and len(ui.app.failures) == 2
