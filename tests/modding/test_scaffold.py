"""``aztec-arcade new-variant NAME``: a package that works before a line is changed."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib

import pygame
import pytest

from game import cli
from game.api import new_game
from game.core.registry import ENTRY_POINT_GROUP, Registry, reset_registry
from game.kit.conformance import check_variant
from game.kit.scaffold import ScaffoldError, check_name, new_variant
from game.kit.verbs import Verb
from game.ui.scenes.results import ResultsScene

from .conftest import ROOT, frames, key, start_play


@pytest.fixture
def modules():
    """Forget the generated packages' modules afterwards (they reuse names)."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.split(".")[0] in ("modtest_race", "modtest_nim", "pyramid_race"):
            del sys.modules[name]


def generate(tmp_path, name="modtest-race"):
    target = new_variant(name, tmp_path)
    sys.path.insert(0, str(target))
    return target


# ---------------------------------------------------------------------------------------
# names and folders
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, words", [
    ("My-Game", "lower-case letters"),
    ("2fast", "starting with a letter"),
    ("race--two", "single hyphens"),
    ("race-", "single hyphens"),
    ("race_two", "lower-case letters, digits and single hyphens"),
    ("../evil", "not a usable variant name"),
    ("", "not a usable variant name"),
    ("x" * 41, "too long"),
    ("class", "reserved in Python"),
    ("game", "reserved"),
    ("json", "a Python module named 'json' is already installed"),
    ("pygame", "already installed"),
])
def test_bad_names_are_refused(tmp_path, name, words):
    with pytest.raises(ScaffoldError, match=words.replace("(", r"\(")):
        new_variant(name, tmp_path)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_names_of_installed_variants_are_refused(tmp_path):
    with pytest.raises(ScaffoldError, match="already installed"):
        check_name("mexica", {"mexica", "mexica-festival"})


def test_an_existing_target_folder_is_refused(tmp_path):
    (tmp_path / "modtest-race").mkdir()
    (tmp_path / "modtest-race" / "keep.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(ScaffoldError, match="already exists"):
        new_variant("modtest-race", tmp_path)
    assert [p.name for p in (tmp_path / "modtest-race").iterdir()] == ["keep.txt"]
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(ScaffoldError, match="already exists"):
        new_variant("file", tmp_path)


def test_a_missing_parent_folder_is_refused(tmp_path):
    with pytest.raises(ScaffoldError, match="does not exist"):
        new_variant("modtest-race", tmp_path / "nowhere")


# ---------------------------------------------------------------------------------------
# the generated package
# ---------------------------------------------------------------------------------------
def test_the_package_layout_and_entry_point(tmp_path, modules):
    target = generate(tmp_path)
    files = sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file())
    assert files == ["README.md", "modtest_race/__init__.py", "modtest_race/legal.py",
                     "modtest_race/lessons/modtest-race.yaml",
                     "modtest_race/locale/de/LC_MESSAGES/modtest_race.po",
                     "modtest_race/modtest-race.yaml", "modtest_race/plugin.py",
                     "modtest_race/present.py", "modtest_race/rules.py",
                     "modtest_race/table.py", "modtest_race/text.py", "modtest_race/verbs.py",
                     "modtest_race/view.py", "pyproject.toml", "tests/test_modtest_race.py"]
    project = tomllib.loads((target / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["name"] == "aztec-arcade-modtest-race"
    assert project["project"]["entry-points"][ENTRY_POINT_GROUP] == {
        "modtest-race": "modtest_race.plugin"}
    assert project["build-system"]["build-backend"] == "hatchling.build"
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["modtest_race"]
    plugin = (target / "modtest_race" / "plugin.py").read_text(encoding="utf-8")
    for hook in ("register_rules", "register_variants", "register_views", "register_lessons"):
        assert f"def {hook}(" in plugin
    top_level = [line for line in plugin.splitlines() if line.startswith(("from", "import"))]
    assert not [line for line in top_level if "view" in line or "pygame" in line]
    assert "    from modtest_race.view import ModtestRaceView" in plugin  # inside the hook
    leftovers = [p for p in target.rglob("*") if p.is_file()
                 and "__" in p.read_text(encoding="utf-8").replace("__init__", "")
                 .replace("__future__", "").replace("__file__", "").replace("__name__", "")]
    assert not leftovers  # every template token was filled in


def test_the_package_follows_the_engine_template_of_the_built_in_games(tmp_path, modules):
    """The files a modder opens first are split as Mexica's, the Market's and Aztlán's
    are (docs/layout.md): the facade holds no verb, each verb is a record in VERBS, and
    the parts take the table and the state, never the rules."""
    target = generate(tmp_path)
    package = target / "modtest_race"
    rules_py = (package / "rules.py").read_text(encoding="utf-8")
    [facade] = [n for n in ast.parse(rules_py).body if isinstance(n, ast.ClassDef)]
    methods = {n.name: n for n in facade.body if isinstance(n, ast.FunctionDef)}
    assert set(methods) <= {"__init__", "check_params", "new_state", "to_dict", "from_dict",
                            "current_player", "legal_actions", "is_over", "scores",
                            "winners", "apply", "why_not"}  # the contract, nothing more
    for name in ("legal_actions", "apply", "why_not"):  # each handed to its part
        [body] = methods[name].body
        assert isinstance(body, ast.Return) and isinstance(body.value, ast.Call), name
    assert not [n.value for n in ast.walk(facade) if isinstance(n, ast.Constant)
                and isinstance(n.value, str) and n.value.startswith("move ")]
    assert "Event(" not in rules_py and "IllegalAction(" not in rules_py
    assert "BotHooks" not in rules_py.split('"""')[-1]  # no bot hooks declared ...
    assert not (package / "bot.py").exists()             # ... so no bot.py

    from modtest_race.rules import ModtestRaceRules
    from modtest_race.table import ModtestRaceTable
    from modtest_race.verbs import VERBS, play, refusal

    assert set(VERBS) == {"move"}
    assert all(isinstance(v, Verb) and v.say is not None for v in VERBS.values())
    rules = ModtestRaceRules({"length": 5, "max_step": 3}, 2)
    assert rules.table == ModtestRaceTable(players=2, length=5, max_step=3)
    state = rules.new_state(0)
    assert str(refusal(rules.table, state, "move 4")) == "a turn moves the runner 1 to 3 spaces"
    assert rules.why_not(state, "move 2") is None
    assert play(rules.table, state, "move 2")[0] == "move 2" and state["pos"] == 2
    assert str(rules.describe_action(state, "move 3")) == "Move the runner 3 spaces to space 5"
    for part in ("table.py", "legal.py", "verbs.py", "present.py"):
        text = (package / part).read_text(encoding="utf-8")
        assert "modtest_race.rules" not in text, part  # the parts never import the facade


def test_the_generated_game_passes_the_conformance_kit(tmp_path, modules):
    generate(tmp_path)
    registry = Registry(entry_points=False, extra_plugins=("modtest_race.plugin",))
    assert not [b for b in registry.broken if "modtest" in b.name + b.source]
    reset_registry(registry)
    spec = registry.variants["modtest-race"]
    assert (spec.min_players, spec.max_players, spec.engine_id) == (2, 4, "modtest-race")
    check_variant("modtest-race", games=3)
    game = new_game("modtest-race", 2, seed=0)
    assert game.legal_actions() == ["move 1", "move 2", "move 3"]
    lessons = registry.lessons()  # the example lesson, through register_lessons
    assert lessons.lessons["modtest-race"].provider == "modtest_race.plugin"
    assert not [b for b in registry.broken if "modtest" in b.name + b.source]


@pytest.mark.slow
def test_the_generated_tests_pass_as_generated(tmp_path):
    """Run the package's own pytest suite the way its author would (in a subprocess)."""
    target = new_variant("modtest-nim", tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(
        os.pathsep)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                            cwd=target, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "10 passed" in result.stdout


def test_the_generated_package_type_checks_strictly_against_the_kit(tmp_path):
    """A modder who runs ``mypy --strict`` on the package sees no error: the game ships
    its types (``py.typed``) and the kit's client names are exported to type checkers,
    not only at run time."""
    target = new_variant("modtest-typed", tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    # the game as a modder has it: installed (editable here), read for its py.typed
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                             "--cache-dir", os.devnull, "modtest_typed"],
                            cwd=target, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_the_generated_game_plays_to_the_end_in_the_client(tmp_path, home, make_app,
                                                           modules):
    """Its board view comes through register_views and turns keys into moves."""
    generate(tmp_path)
    registry = Registry(entry_points=False, extra_plugins=("modtest_race.plugin",))
    reset_registry(registry)
    app = make_app()
    assert app.registry is registry
    view_class = app.views["modtest-race"]
    assert view_class.__module__ == "modtest_race.view"
    play = start_play(app, new_game("modtest-race", 2, seed=0))
    assert play.view.__class__ is view_class  # behind the plugin guard
    key(app, pygame.K_RIGHT)                    # choose 2 ...
    key(app, pygame.K_RETURN)                   # ... and move
    assert play.game.log == ["move 2"]
    key(app, pygame.K_4, "4")                   # too far: refused with the reason
    assert play.refusal == "a turn moves the runner 1 to 3 spaces"
    while not play.game.is_over:
        key(app, pygame.K_3, "3") if len(play.game.legal_actions()) == 3 else \
            key(app, pygame.K_RETURN)
    frames(app, 3)
    assert not app.failures and isinstance(app.stack.top, ResultsScene)


# ---------------------------------------------------------------------------------------
# the command
# ---------------------------------------------------------------------------------------
def test_the_command_creates_the_package_and_says_what_next(tmp_path, capsys, monkeypatch,
                                                            home):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["new-variant", "modtest-race"]) == 0
    out = capsys.readouterr().out
    assert (tmp_path / "modtest-race" / "pyproject.toml").is_file()
    assert "pip install -e ." in out and "aztec-arcade play --dev" in out
    assert "python -m pytest" in out
    assert cli.main(["new-variant", "modtest-race"]) == 2
    err = capsys.readouterr().err
    assert "already exists" in err and "Traceback" not in err

    (tmp_path / "elsewhere").mkdir()
    assert cli.main(["new-variant", "modtest-other", "--dir", "elsewhere"]) == 0
    assert (tmp_path / "elsewhere" / "modtest-other" / "modtest_other" / "rules.py").is_file()


@pytest.mark.parametrize("argv, words", [
    (["new-variant", "Bad Name"], "not a usable variant name"),
    (["new-variant", "mexica"], "already installed"),
    (["new-variant", "modtest-race", "--dir", "no/such/folder"], "does not exist"),
])
def test_the_command_refuses_with_one_line(tmp_path, capsys, monkeypatch, home, argv, words):
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(("modtest", ".modtest"))]
