"""The client's scenes, driven headless through synthesised pygame events."""

from __future__ import annotations

import importlib.util
import json

import pygame
import pytest
import yaml

from game.api import ConfigError, new_game
from game.core.engine import GameType
from game.core.rng import Rng
from game.core.settings import load_settings, user_settings_path
from game.ui.dialogs import Confirm
from game.ui.scenes.help import HelpScene, RulesChoiceScene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.pause import PauseScene, SaveScene
from game.ui.scenes.play import ActionListView, PlayScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.results import CALM_AFTER, ResultsScene, score_breakdown
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.sessions import make_session

from .conftest import BrokenView, Driver, StubView

HAS_MEXICA_VIEW = importlib.util.find_spec("variants.mexica.view") is not None


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------
def labels(scene) -> list[str]:
    return [str(item.label) for item in scene.menu.items]  # messages: their English


def focus_label(ui: Driver, label: str) -> None:
    """Move the focused menu item to ``label`` with the arrow keys."""
    menu = ui.top.menu
    for _ in range(len(menu.items) + 1):
        if str(menu.current.label) == label:  # a message: its English
            return
        ui.key(pygame.K_DOWN)
    raise AssertionError(f"no menu item {label!r} in {labels(ui.top)}")


def choose(ui: Driver, label: str) -> None:
    focus_label(ui, label)
    ui.key(pygame.K_RETURN)


def finished_game(seed: int = 3, players: int = 2):
    g = new_game("mexica", players, seed=seed)
    rng = Rng(seed)
    while not g.is_over:
        g.apply(g.playout_action(rng))
    return g


def game_until(predicate, seed: int = 5, players: int = 2):
    """A fresh game and the playout actions up to (not including) the first whose events
    satisfy ``predicate``; returns (game at start, actions, that action)."""
    g = new_game("mexica", players, seed=seed)
    probe = g.clone()
    rng = Rng(seed)
    actions = []
    while not probe.is_over:
        action = probe.playout_action(rng)
        events = probe.apply(action)
        if predicate(events):
            return g, actions, probe.log[-1]
        actions.append(probe.log[-1])
    raise AssertionError("the predicate never held")


def start_play(ui: Driver, game=None, names=None) -> PlayScene:
    app = ui.app
    game = game or new_game("mexica", 2, seed=11)
    session = make_session(app, game, names or ["Ana", "Ben"][:game.players])
    scene = PlayScene(session)
    app.stack.push(scene)
    ui.frames(2)
    return scene


def assert_draw_is_pure(ui: Driver, state=None) -> None:
    ui.app.draw()
    first = ui.snapshot()
    before = state() if state else None
    ui.app.draw()
    assert ui.snapshot() == first
    if state:
        assert state() == before


# ---------------------------------------------------------------------------------------
# title
# ---------------------------------------------------------------------------------------
def test_title_menu_without_autosave(ui):
    assert isinstance(ui.top, TitleScene)
    assert labels(ui.top) == ["New game", "Learn to play", "Load", "Settings", "Rules help",
                              "Quit"]
    ui.frames(3)
    assert ui.app.running


def test_title_quit(ui):
    choose(ui, "Quit")
    assert not ui.app.running


def test_title_escape_focuses_quit_then_quits(ui):
    ui.key(pygame.K_ESCAPE)
    assert str(ui.top.menu.current.label) == "Quit"
    assert ui.app.running
    ui.key(pygame.K_ESCAPE)
    assert not ui.app.running


def test_title_mouse_hover_and_click(ui):
    ui.frames(30)  # menu slid in
    menu = ui.top.menu
    x, y, w, h = menu.row_rect(labels(ui.top).index("Settings"))
    ui.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=ui.pixel(x + w / 2, y + h / 2),
                                    rel=(0, 0), buttons=())], 1 / 60)
    assert str(menu.current.label) == "Settings"
    ui.click(x + w / 2, y + h / 2)
    assert isinstance(ui.top, SettingsScene)


def test_title_controller_buttons_navigate(ui):
    for _ in range(2):
        ui.app.step([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                        button=pygame.CONTROLLER_BUTTON_DPAD_DOWN)], 1 / 60)
    assert str(ui.top.menu.current.label) == "Load"
    ui.app.step([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                    button=pygame.CONTROLLER_BUTTON_A)], 1 / 60)
    assert isinstance(ui.top, LoadScene)
    ui.app.step([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                    button=pygame.CONTROLLER_BUTTON_B)], 1 / 60)
    assert isinstance(ui.top, TitleScene)


# ---------------------------------------------------------------------------------------
# title -> setup -> play -> pause -> quit to title
# ---------------------------------------------------------------------------------------
def test_new_game_to_play_to_pause_to_title(stub_ui):
    ui = stub_ui
    choose(ui, "New game")
    setup = ui.top
    assert isinstance(setup, SetupScene)
    assert setup.current.key == "start"  # Enter would start at once
    # name the first seat: Back, Invite phones, then (wrapping) Game, Players, AP, seed,
    # the name
    ui.press(*[pygame.K_DOWN] * 7)
    assert setup.current.key == "name0"
    assert ui.app.input.text_mode
    for _ in range(len("Ana")):
        ui.key(pygame.K_BACKSPACE)
    ui.type("Ana")
    ui.key(pygame.K_TAB)  # colour row of seat 1
    assert setup.current.key == "colour0"
    assert not ui.app.input.text_mode
    ui.press(pygame.K_DOWN, pygame.K_DOWN)  # past who plays seat 1
    ui.type("x")  # seat 2's name
    while setup.current.key != "start":
        ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    play = ui.top
    assert isinstance(play, PlayScene)
    assert play.session.names == ["Ana", "Benx"]
    assert isinstance(play.view, StubView)
    assert len(ui.app.stack) == 2  # title beneath the game
    # play one action, then pause
    ui.key(pygame.K_RETURN)
    assert len(play.game.log) == 1
    assert ui.app.saves.has_autosave()
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    assert labels(ui.top) == ["Resume", "Save game", "Rules help", "Seats", "Invite phones",
                              "Settings", "Quit to title"]
    choose(ui, "Quit to title")
    confirm = ui.top
    assert isinstance(confirm, Confirm)
    assert confirm.message == "Quit to title? Your game is autosaved."
    ui.key(pygame.K_ESCAPE)  # changed my mind
    assert isinstance(ui.top, PauseScene)
    choose(ui, "Quit to title")
    ui.key(pygame.K_RETURN)  # Yes
    assert isinstance(ui.top, TitleScene)
    assert len(ui.app.stack) == 1
    assert labels(ui.top)[0] == "Continue"


def test_pause_resume_returns_to_the_game(stub_ui):
    play = start_play(stub_ui)
    stub_ui.key(pygame.K_ESCAPE)
    stub_ui.key(pygame.K_ESCAPE)
    assert stub_ui.top is play
    stub_ui.key(pygame.K_ESCAPE)
    choose(stub_ui, "Resume")
    assert stub_ui.top is play


def test_setup_players_colours_and_params(stub_ui):
    ui = stub_ui
    choose(ui, "New game")
    setup = ui.top
    assert setup.spec.id == "mexica"
    setup.focus_on("players")
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RIGHT)  # capped at 4
    assert setup.players == 4
    ui.key(pygame.K_LEFT)
    assert setup.players == 3
    ui.key(pygame.K_DOWN)  # ap_per_turn
    assert setup.current.key == "param:ap_per_turn"
    ui.key(pygame.K_LEFT)
    assert setup.options() == {"ap_per_turn": 5}
    # colours never repeat
    for seat in range(3):
        setup.focus_on(f"colour{seat}")
        for _ in range(5):
            ui.key(pygame.K_RIGHT)
            assert len(set(setup.colour_index[:3])) == 3
    setup.focus_on("seed")
    ui.frames(1)
    ui.type("1234")
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    play = ui.top
    assert isinstance(play, PlayScene)
    assert play.game.players == 3
    assert play.game.seed == 1234
    assert play.game.rules.params["ap_per_turn"] == 5
    palette = setup.palette
    assert play.session.colours == [palette[c] for c in setup.colour_index[:3]]


def test_setup_config_error_is_shown_and_nothing_lost(stub_ui, monkeypatch):
    ui = stub_ui
    choose(ui, "New game")
    setup = ui.top
    setup.names[0].value = "Zoe"

    def refuse(*args, **kwargs):
        raise ConfigError("invalid options for mexica", [])

    monkeypatch.setattr("game.api.new_game", refuse)
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    assert ui.top is setup
    assert "invalid options" in setup.error
    assert setup.names[0].value == "Zoe"
    assert_draw_is_pure(ui)


def test_setup_lists_broken_variants(stub_ui):
    from game.core.registry import Broken

    stub_ui.app.registry.broken.append(Broken("variant", "wonky", "wonky.yaml",
                                              "players: min is larger than max"))
    choose(stub_ui, "New game")
    stub_ui.frames(30)
    assert_draw_is_pure(stub_ui)
    assert "wonky" not in [s.id for s in stub_ui.top.specs]


def test_setup_mouse_click_on_start(stub_ui):
    choose(stub_ui, "New game")
    stub_ui.frames(60)
    setup = stub_ui.top
    x, y, w, h = next(r.rect for r in setup.rows if r.key == "start")
    stub_ui.click(x + w / 2, y + h / 2)
    assert isinstance(stub_ui.top, PlayScene)


def test_setup_back_returns_to_title(ui):
    choose(ui, "New game")
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, TitleScene)
    assert not ui.app.input.text_mode


# ---------------------------------------------------------------------------------------
# play shell
# ---------------------------------------------------------------------------------------
def test_refusal_is_shown_and_state_unchanged(stub_ui):
    play = start_play(stub_ui)
    before = play.game.to_json()
    play.view.forced = "teleport z99"
    stub_ui.key(pygame.K_RETURN)
    assert play.game.to_json() == before
    assert play.refusal
    assert play.view.refusals and play.view.refusals[0][0] == "teleport z99"
    assert_draw_is_pure(stub_ui, play.game.to_json)


def test_undo_redo_and_end_turn(stub_ui):
    g = new_game("mexica", 2, seed=11)
    for action in g.legal_actions()[:1]:
        g.apply(action)
    g.apply(g.legal_actions()[0])  # both Pilli placed: seat 1's first turn
    play = start_play(stub_ui, g)
    stub_ui.key(pygame.K_u)
    assert "Nothing to undo" in play.refusal
    temple = next(a for a in play.session.legal() if a.startswith(("temple", "canal")))
    play.view.forced = temple
    stub_ui.key(pygame.K_RETURN)
    assert play.game.log[-1] == temple and not play.refusal
    resets = play.view.resets
    stub_ui.key(pygame.K_u)
    assert play.game.log[-1] != temple
    assert play.view.resets == resets + 1
    stub_ui.key(pygame.K_y)
    assert play.game.log[-1] == temple
    seat = play.game.current_player
    stub_ui.key(pygame.K_e)  # AP are left: one press more ends the turn
    assert play.game.log[-1] == temple and play.confirming is not None
    stub_ui.key(pygame.K_e)
    assert play.game.log[-1] == "end"
    assert play.game.current_player != seat
    assert play.banner.active
    assert play.banner.text == f"{play.session.name(play.game.current_player)}'s turn"


def test_end_refused_when_not_legal(stub_ui):
    play = start_play(stub_ui)  # placing Pilli: no "end" yet
    stub_ui.key(pygame.K_e)
    assert play.refusal
    assert play.game.log == []


def test_turn_banner_and_log(stub_ui):
    play = start_play(stub_ui)
    assert play.banner.active and play.banner.text == "Ana's turn"
    stub_ui.key(pygame.K_RETURN)
    assert play.banner.text == "Ben's turn"
    assert any("Ana" in text for text, _ in play.log.lines)
    stub_ui.frames(20, 1 / 6)  # 3.3 s: longer than the banner holds
    assert not play.banner.active


def test_privacy_screen_for_secret_games(stub_ui, monkeypatch):
    g = new_game("mexica", 2, seed=11)
    monkeypatch.setattr(g.rules, "game_type", GameType("imperfect", "seeded", private=True))
    play = start_play(stub_ui, g)
    assert play.privacy == 0
    stub_ui.key(pygame.K_RETURN)  # "I am ready", not an action
    assert play.privacy is None and g.log == []
    stub_ui.key(pygame.K_RETURN)
    assert len(play.game.log) == 1
    assert play.privacy == 1
    # nothing of the board is drawn behind the privacy screen
    play.view.draw = lambda *a: (_ for _ in ()).throw(AssertionError("board drawn"))
    assert_draw_is_pure(stub_ui)


def test_help_overlay_opens_and_closes(stub_ui):
    play = start_play(stub_ui)
    stub_ui.key(pygame.K_F1)
    help_scene = stub_ui.top
    assert isinstance(help_scene, HelpScene)
    text = " ".join(f"{a} {b}" for a, b in help_scene.cost_rows)
    assert "Teleport" in text and "5 AP" in text
    assert "3 AP" in text  # a level-3 temple
    assert "at most 2 a turn" in text
    assert help_scene.intro.startswith("6 action points")
    assert any("+5" in line for line in help_scene.scoring)
    stub_ui.key(pygame.K_RIGHT)
    assert help_scene.page == 1
    assert_draw_is_pure(stub_ui)
    stub_ui.key(pygame.K_ESCAPE)
    assert stub_ui.top is play
    stub_ui.key(pygame.K_F1)
    stub_ui.key(pygame.K_F1)
    assert stub_ui.top is play


def test_help_from_title_asks_which_game_first(ui):
    ui.key(pygame.K_F1)
    chooser = ui.top
    assert isinstance(chooser, RulesChoiceScene)
    names = [str(item.label) for item in chooser.menu.items]
    assert "Aztlán" in names and "The Market of Tlatelolco" in names and names[-1] == "Back"
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, TitleScene)
    ui.key(pygame.K_F1)
    while str(ui.top.menu.current.label) != "The Market of Tlatelolco":
        ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    aid = ui.top
    assert isinstance(aid, HelpScene) and str(aid.title).startswith("The Market of Tlatelolco")
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, TitleScene)


def test_help_reads_costs_from_the_variant_params(stub_ui):
    g = new_game("mexica", 2, seed=1, options={"ap_per_turn": 7})
    scene = HelpScene.for_game(g)
    assert scene.intro.startswith("7 action points")


def enter_confirmed(ui, play):
    """Enter, and Enter once more if the action asks to be confirmed (AP left)."""
    ui.key(pygame.K_RETURN)
    if play.confirming is not None:
        ui.key(pygame.K_RETURN)


def test_scoring_overlay_then_game_continues(stub_ui):
    g, actions, scoring_action = game_until(lambda evs: any(e.kind == "scoring" for e in evs))
    for a in actions:
        g.apply(a)
    play = start_play(stub_ui, g)
    play.view.forced = scoring_action
    before = list(g.scores)
    enter_confirmed(stub_ui, play)
    overlay = stub_ui.top
    assert isinstance(overlay, ScoringScene)
    assert overlay.steps
    assert overlay.shown_scores() == [float(v) for v in before] or overlay.step_t == 0
    assert play.view.highlights  # the first step is highlighted
    assert_draw_is_pure(stub_ui)
    # let it run to the end by time, then confirm
    stub_ui.frames(int(60 * (1.3 * len(overlay.steps) + 1)))
    assert overlay.finished
    assert overlay.shown_scores() == [float(v) for v in play.game.scores]
    stub_ui.key(pygame.K_RETURN)
    assert stub_ui.top is play
    assert play.view.highlights[-1] is None


def test_scoring_overlay_confirm_skips_ahead(stub_ui):
    g, actions, scoring_action = game_until(lambda evs: any(e.kind == "scoring" for e in evs))
    for a in actions:
        g.apply(a)
    play = start_play(stub_ui, g)
    play.view.forced = scoring_action
    enter_confirmed(stub_ui, play)
    overlay = stub_ui.top
    for _ in range(len(overlay.steps) + 1):
        stub_ui.key(pygame.K_RETURN)
    assert stub_ui.top is play


def test_game_over_goes_to_results_after_the_overlay(stub_ui):
    g, actions, last = game_until(lambda evs: any(e.kind == "game_over" for e in evs))
    for a in actions:
        g.apply(a)
    play = start_play(stub_ui, g)
    play.view.forced = last
    enter_confirmed(stub_ui, play)
    assert play.game.is_over
    assert isinstance(stub_ui.top, ScoringScene)
    stub_ui.key(pygame.K_ESCAPE)  # skip to the totals
    stub_ui.key(pygame.K_ESCAPE)  # close
    stub_ui.frames(1)
    results = stub_ui.top
    assert isinstance(results, ResultsScene)
    assert not stub_ui.app.saves.has_autosave()  # a finished game is not "Continue"


def test_a_failing_view_autosaves_and_returns_to_title(stub_ui, capsys):
    stub_ui.app.views["mexica"] = BrokenView
    play = start_play(stub_ui)
    stub_ui.key(pygame.K_RETURN)
    assert isinstance(stub_ui.top, TitleScene)
    assert len(stub_ui.app.stack) == 1
    assert any(m.startswith("Plugin '") and "conftest' failed: the board view for 'mexica' "
               "raised RuntimeError in handle(): the view exploded" in m
               for m, _ in stub_ui.app.toasts)  # a view put in by hand: named by its module
    assert stub_ui.app.saves.has_autosave()
    assert play.done
    assert "the view exploded" in capsys.readouterr().err


def test_a_view_failing_to_build_or_draw_returns_to_title(stub_ui, capsys):
    class NoBuild(StubView):
        def __init__(self, session, app):
            raise ValueError("cannot build")

    stub_ui.app.views["mexica"] = NoBuild
    setup = SetupScene()  # started from the menu, as a player does
    stub_ui.app.stack.push(setup)
    setup.focus_on("start")
    stub_ui.key(pygame.K_RETURN)
    assert isinstance(stub_ui.top, TitleScene) and len(stub_ui.app.stack) == 1

    class NoDraw(StubView):
        def draw(self, screen, area):
            raise KeyError("paint")

    stub_ui.app.views["mexica"] = NoDraw
    start_play(stub_ui)
    stub_ui.frames(2)
    assert isinstance(stub_ui.top, TitleScene)
    assert "cannot build" in capsys.readouterr().err


def test_no_view_falls_back_to_the_action_list(app):
    ui = Driver(app)
    app.views.clear()
    play = start_play(ui)
    assert isinstance(play.view, ActionListView)
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    assert len(play.game.log) == 1
    assert_draw_is_pure(ui)


def test_save_game_from_pause(stub_ui):
    play = start_play(stub_ui)
    stub_ui.key(pygame.K_RETURN)
    stub_ui.key(pygame.K_ESCAPE)
    choose(stub_ui, "Save game")
    save = stub_ui.top
    assert isinstance(save, SaveScene)
    assert stub_ui.app.input.text_mode
    save.field.value = ""
    stub_ui.type("autosave")
    stub_ui.key(pygame.K_RETURN)
    assert "reserved" in str(save.error)
    save.field.value = ""
    stub_ui.type("hosted")  # the headless host's autosave (host --resume)
    stub_ui.key(pygame.K_RETURN)
    assert "'hosted' is reserved" in str(save.error)
    save.field.value = ""
    stub_ui.type("my game")
    stub_ui.key(pygame.K_RETURN)
    assert isinstance(stub_ui.top, PauseScene)
    assert not stub_ui.app.input.text_mode
    entries = {e.name: e for e in stub_ui.app.saves.list()}
    assert entries["my game"].names == ("Ana", "Ben")
    assert entries["my game"].actions == len(play.game.log)


# ---------------------------------------------------------------------------------------
# results
# ---------------------------------------------------------------------------------------
def test_results_of_a_finished_game(stub_ui):
    g = finished_game()
    session = make_session(stub_ui.app, g, ["Ana", "Ben"])
    stub_ui.app.stack.push(ResultsScene(session))
    stub_ui.frames(round(CALM_AFTER * 60) + 1)  # the results take presses once settled
    results = stub_ui.top
    assert results.order[0] in g.winners
    assert results.places[results.order[0]] == 1
    # the loaded game has no history: the breakdown comes from a replay of the log
    for seat in range(2):
        assert sum(results.breakdown[seat].values()) == g.scores[seat]
    assert set(results.reasons) <= {"founding", "presence", "district1", "district2",
                                    "palace"}  # every point has its reason: no "other"
    assert "district2" in results.reasons  # a column per scoring (none in period 1 here)
    texts = stub_ui.texts()
    assert "Districts II" in texts
    assert any(t.startswith("Biggest district prize: +") for t in texts)  # a fact
    assert results.tie_note == ""  # the points decided: no tie-breaker to show
    assert_draw_is_pure(stub_ui, g.to_json)
    choose(stub_ui, "Save replay")
    saved = [e for e in stub_ui.app.saves.list() if e.name.startswith("Replay")]
    assert len(saved) == 1 and saved[0].finished
    choose(stub_ui, "Rematch")
    play = stub_ui.top
    assert isinstance(play, PlayScene)
    assert play.session.names == ["Ana", "Ben"]
    assert play.game.log == [] and play.game.variant == "mexica"


def test_results_breakdown_from_history(stub_ui):
    g = new_game("mexica", 2, seed=3)
    session = make_session(stub_ui.app, g, ["Ana", "Ben"])
    rng = Rng(3)
    while not session.game.is_over:
        session.apply(session.game.playout_action(rng))
    parts = score_breakdown(session)
    assert [sum(parts[s].values()) for s in range(2)] == session.game.scores
    assert "other" not in parts[0] and "other" not in parts[1]


def test_results_title_button(stub_ui):
    session = make_session(stub_ui.app, finished_game(), ["Ana", "Ben"])
    stub_ui.app.stack.clear_to(ResultsScene(session))
    stub_ui.frames(round(CALM_AFTER * 60) + 1)
    choose(stub_ui, "Title")
    assert isinstance(stub_ui.top, TitleScene)


# ---------------------------------------------------------------------------------------
# load, continue, replay
# ---------------------------------------------------------------------------------------
def test_title_to_load_and_back(ui):
    choose(ui, "Load")
    assert isinstance(ui.top, LoadScene)
    assert labels(ui.top) == ["Back"]
    assert_draw_is_pure(ui)
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, TitleScene)


def test_corrupt_save_is_listed_and_never_loaded(stub_ui, tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    broken = saves / "broken.json"
    broken.write_bytes(b"\x00garbage{{{")
    g = new_game("mexica", 2, seed=2)
    g.apply(g.legal_actions()[0])
    stub_ui.app.saves.write("good", g, ["Ana", "Ben"])
    choose(stub_ui, "Load")
    load = stub_ui.top
    items = {str(item.label): item for item in load.menu.items}
    bad = items["broken.json  (damaged)"]
    assert not bad.enabled
    assert str(bad.error).startswith("Cannot be loaded:")
    assert "not JSON" in str(bad.error) or "not an Aztec Arcade" in str(bad.error)
    stub_ui.frames(30)
    assert_draw_is_pure(stub_ui)
    # keyboard focus skips it; a click on it is refused
    row = [str(i.label) for i in load.menu.items].index(str(bad.label))
    x, y, w, h = load.menu.row_rect(row)
    stub_ui.click(x + w / 2, y + h / 2)
    assert stub_ui.top is load
    assert "damaged" in str(load.message)
    assert broken.read_bytes() == b"\x00garbage{{{"
    # the good one loads
    choose(stub_ui, "good")
    play = stub_ui.top
    assert isinstance(play, PlayScene)
    assert play.session.names == ["Ana", "Ben"]
    assert play.game.log == g.log
    assert broken.read_bytes() == b"\x00garbage{{{"


def test_continue_resumes_the_autosave(make_app):
    first = make_app()
    ui = Driver(first)
    for engine in list(first.registry.rules):
        first.views[engine] = StubView
    play = start_play(ui, names=["Ana", "Ben"])
    ui.key(pygame.K_RETURN)
    ui.key(pygame.K_RETURN)
    log = play.game.log
    assert len(log) == 2
    first.quit()
    first.run()  # the window closes as a person closes it: the last autosave is written
    again = make_app()
    for engine in list(again.registry.rules):
        again.views[engine] = StubView
    ui2 = Driver(again)
    assert labels(ui2.top)[0] == "Continue"
    assert "Ana, Ben" in str(ui2.top.menu.items[0].detail)
    ui2.key(pygame.K_RETURN)
    resumed = ui2.top
    assert isinstance(resumed, PlayScene)
    assert resumed.game.log == log
    assert resumed.session.names == ["Ana", "Ben"]
    # the log panel recovers the loaded actions' events by replaying the log (an action
    # the engine tells in words is its one line: "Ana starts on i8")
    assert sum(1 for text, _ in resumed.log.lines if text.startswith(("Ana", "Ben"))) == 2
    assert_draw_is_pure(ui2, resumed.game.to_json)


def test_replay_steps_forwards_and_backwards(stub_ui):
    g = finished_game(seed=4)
    stub_ui.app.saves.write("done", g, ["Ana", "Ben"])
    choose(stub_ui, "Load")
    choose(stub_ui, "done  ·  Replay")
    replay = stub_ui.top
    assert isinstance(replay, ReplayScene)
    assert replay.pos == 0 and replay.total == len(g.log)
    stub_ui.key(pygame.K_RIGHT)
    stub_ui.key(pygame.K_RIGHT)
    assert replay.pos == 2
    assert replay.session.game.log == g.log[:2]
    # who played it, told once, as in the live log ("Ben starts on h8", not the notation
    # and then its words)
    shown = stub_ui.texts()
    assert any(t.startswith("Ben starts on") for t in shown) and \
        f"Ben: {g.log[1]}" not in shown
    stub_ui.key(pygame.K_LEFT)
    assert replay.session.game.log == g.log[:1]
    assert any(t.startswith("Ana starts on") for t in stub_ui.texts())
    stub_ui.key(pygame.K_PAGEDOWN)
    assert replay.pos == replay.total
    assert replay.session.game.to_dict()["state"] == g.to_dict()["state"]
    assert replay.snapshots  # cached on the way
    stub_ui.key(pygame.K_PAGEUP)
    assert replay.pos == 0 and replay.session.game.log == []
    assert_draw_is_pure(stub_ui, replay.session.game.to_json)
    stub_ui.key(pygame.K_RETURN)  # autoplay
    assert replay.autoplay
    stub_ui.frames(120)
    assert replay.pos >= 2
    # read-only: the view's actions are ignored
    stub_ui.key(pygame.K_1)
    assert str(replay.error) == ""
    stub_ui.key(pygame.K_ESCAPE)
    assert isinstance(stub_ui.top, LoadScene)


def test_replay_jump_matches_stepping(stub_ui):
    g = finished_game(seed=6)
    scene = ReplayScene(g, ["A", "B"])
    stub_ui.app.stack.push(scene)
    scene.goto(57)
    jumped = scene.session.game.to_json()
    scene.goto(0)
    for _ in range(57):
        scene.goto(scene.pos + 1)
    assert scene.session.game.to_json() == jumped


# ---------------------------------------------------------------------------------------
# settings
# ---------------------------------------------------------------------------------------
def test_settings_volume_persists(ui, home):
    choose(ui, "Settings")
    settings = ui.top
    assert isinstance(settings, SettingsScene)
    focus_label(ui, "Effects volume")
    ui.key(pygame.K_RIGHT)
    assert ui.app.audio.volume == 80
    ui.key(pygame.K_LEFT)
    ui.key(pygame.K_LEFT)
    assert ui.app.audio.volume == 60
    path = user_settings_path()
    assert path.parent == home
    assert yaml.safe_load(path.read_text())["volume"] == 60
    loaded, issues = load_settings()
    assert loaded["volume"] == 60 and not issues
    focus_label(ui, "Player colours")
    ui.key(pygame.K_RIGHT)
    assert load_settings()[0]["palette"] == "high-contrast"
    assert_draw_is_pure(ui)
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, TitleScene)


def test_settings_keep_other_keys_and_report_errors(ui, home):
    path = user_settings_path()
    path.write_text("plugin_folder: mods\nvolume: 30\n")
    ui.app.stack.push(SettingsScene())
    focus_label(ui, "Effects volume")
    ui.key(pygame.K_RIGHT)
    data = yaml.safe_load(path.read_text())
    assert data == {"plugin_folder": "mods", "volume": 80}
    path.write_text("volume: [unclosed\n")
    ui.key(pygame.K_RIGHT)
    assert "Not saved" in str(ui.top.error)  # a message: its English
    assert path.read_text() == "volume: [unclosed\n"  # left for the user to fix


def test_settings_fullscreen_toggle(ui):
    ui.app.stack.push(SettingsScene())
    focus_label(ui, "Fullscreen")
    ui.key(pygame.K_RETURN)
    assert ui.app.fullscreen is True
    assert load_settings()[0]["fullscreen"] is True
    ui.key(pygame.K_RETURN)
    assert ui.app.fullscreen is False
    ui.frames(2)


# ---------------------------------------------------------------------------------------
# drawing never changes state
# ---------------------------------------------------------------------------------------
def test_every_scene_draws_without_changing_state(stub_ui):
    ui = stub_ui
    app = ui.app
    g = finished_game(seed=8)
    app.saves.write("finished", g, ["Ana", "Ben"])
    play = start_play(ui)
    ui.key(pygame.K_RETURN)
    scenes = [
        TitleScene(), SetupScene(), LoadScene(), SettingsScene(), HelpScene.for_game(g),
        PauseScene(play), SaveScene(play.session), Confirm("Sure?", lambda: None),
        ResultsScene(make_session(app, g, ["Ana", "Ben"])), ReplayScene(g, ["Ana", "Ben"]),
    ]
    for scene in scenes:
        app.stack.push(scene)
        ui.frames(5)
        assert_draw_is_pure(ui, play.game.to_json)
        app.stack.pop()
    assert_draw_is_pure(ui, play.game.to_json)


def test_window_resize_keeps_working(stub_ui):
    start_play(stub_ui)
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    stub_ui.app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600)],
                     1 / 60)
    assert stub_ui.app.screen.surface.get_size() == (800, 600)
    assert_draw_is_pure(stub_ui)


# ---------------------------------------------------------------------------------------
# with the real Mexica board view
# ---------------------------------------------------------------------------------------
@pytest.mark.skipif(not HAS_MEXICA_VIEW, reason="variants/mexica/view.py not written yet")
def test_real_view_setup_to_play_and_input(ui):
    choose(ui, "New game")
    setup = ui.top
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    play = ui.top
    assert isinstance(play, PlayScene)
    assert play.view.__class__.__name__ == "MexicaView"
    ui.frames(10)
    # cursor keys, a click on the board, tab and rotate must never crash the shell
    for key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB, pygame.K_r, pygame.K_1,
                pygame.K_RETURN):
        ui.key(key)
        ui.frames(3)
    ui.click(600, 500)
    ui.frames(30)
    assert isinstance(ui.top, PlayScene | ScoringScene)
    assert not ui.app.failures
    assert_draw_is_pure(ui, play.game.to_json)


@pytest.mark.skipif(not HAS_MEXICA_VIEW, reason="variants/mexica/view.py not written yet")
def test_real_view_whole_game_through_the_shell(ui):
    app = ui.app
    g = new_game("mexica", 3, seed=9)
    play = start_play(ui, g, ["Ana", "Ben", "Cy"])
    rng = Rng(9)
    scorings = 0
    for _ in range(3000):
        top = ui.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, ScoringScene):
            scorings += 1
            assert_draw_is_pure(ui, play.game.to_json)
            ui.key(pygame.K_ESCAPE)
            ui.key(pygame.K_ESCAPE)
            continue
        assert top is play, type(top)
        assert play.apply(play.game.playout_action(rng)), play.refusal
        ui.frames(1, 0.2)
    else:
        raise AssertionError("the game did not finish")
    assert not ui.app.failures
    assert scorings == 2
    results = ui.top
    assert [sum(results.breakdown[s].values()) for s in range(3)] == play.game.scores
    assert_draw_is_pure(ui)
    app.saves.flush()  # the autosave thread has written the last action
    assert json.loads(app.saves.path("autosave").read_text())["log"] == play.game.log


# ---------------------------------------------------------------------------------------
# the command line starts the client
# ---------------------------------------------------------------------------------------
def test_cli_play_runs_frames_and_exits(home, capsys):
    from game.cli import main

    assert main(["play", "--frames", "3"]) == 0
    assert main(["play", "--frames", "2", "--windowed"]) == 0


def test_cli_without_a_display_exits_2_without_traceback(home, capsys, monkeypatch):
    from game.cli import main

    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-video-driver")
    pygame.display.quit()
    assert main(["play", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "no video device" in err and "--headless" in err
    assert "Traceback" not in err


def test_cli_headless_keeps_the_random_game(home, capsys):
    from game.cli import main

    assert main(["play", "--headless", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "random players" in out and "Final scores:" in out
