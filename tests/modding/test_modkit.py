"""``game.modkit``: the one module a mod imports, headless unless the client is used.

The example mod (examples/patolli) and the package ``aztec-arcade new-variant`` writes
import nothing else of Aztec Arcade; their imports are read from the source (AST).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap

import pytest

import game.modkit as modkit
from game.kit.scaffold import render

from .conftest import EXAMPLE, ROOT

#: what a variant needs, as the issue lists it
NEEDED = ("hookimpl", "Rules", "GameType", "Event", "IllegalAction", "Rng", "PLAN_SEP",
          "Obj", "Field", "Int", "Bool", "Str", "List", "Map", "Nullable", "AnyValue",
          "AssetPath", "Context", "BoardView", "theme", "draw_panel", "fit", "inside",
          "Intent", "Screen", "Session", "asset_file", "check_variant", "new_game")

#: what the built-in games' views draw with, offered by the client kit's face
#: (``game.kit.client``); a mod's view has all of it too (issue 35)
KIT_NEEDED = ("BoardView", "SeatStyle", "Area", "Intent", "PANEL_AREA", "Screen",
              "draw_mark", "theme", "frames", "palette", "pieces", "sprites", "texture",
              "marks", "NEUTRAL", "NEUTRAL_MARK", "ART", "stamp", "stamp_in_place", "Anim",
              "Timed", "finish", "sooner", "Effects", "StepQueue", "Layer", "PiecesLayer",
              "Piece", "Rect", "Snapshot", "offscreen", "fit", "fit_size", "fit_lines",
              "wrap", "mix", "inside", "draw_panel", "AidContext", "CAPTION", "INK", "arrow",
              "badge", "seat_look", "seat_name", "seat_tag", "step_disc", "ViewServices",
              "SessionView")


def game_imports(source: str) -> list[str]:
    """Every module of the ``game`` package that ``source`` imports, however written."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "game"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "game":  # from game import modkit, api
                found += [f"game.{a.name}" for a in node.names]
            elif node.module.split(".")[0] == "game":
                found.append(node.module)
    return found


def mod_sources() -> dict[str, str]:
    """Every Python file of the example mod and of a freshly scaffolded package."""
    sources = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
               for p in sorted(EXAMPLE.rglob("*.py"))}
    for relative, text in render("pyramid-race", "pyramid_race").items():
        if relative.endswith(".py"):
            sources[f"new-variant: {relative}"] = text
    return sources


def test_the_example_mod_and_the_scaffold_import_only_game_modkit():
    sources = mod_sources()
    assert any("aztec_patolli/view.py" in name for name in sources)
    assert any(name.endswith("pyramid_race/view.py") for name in sources)
    others = {name: sorted(set(mods) - {"game.modkit"})
              for name, text in sources.items() if (mods := game_imports(text))}
    assert others, "the scan found no game imports at all"
    assert all(not wrong for wrong in others.values()), {
        name: wrong for name, wrong in others.items() if wrong}


def test_the_scan_catches_every_spelling():
    assert game_imports(textwrap.dedent("""\
        import game.core.engine
        import game
        from game import api
        from game.kit.client.boardview import BoardView
        from game.modkit import Rules
        def later():
            from game.core.schema import Obj
        from . import sibling
        """)) == ["game.core.engine", "game", "game.api", "game.kit.client.boardview",
                  "game.modkit", "game.core.schema"]


def test_everything_a_variant_needs_is_there():
    assert set(NEEDED) <= set(modkit.__all__)
    for name in modkit.__all__:
        assert getattr(modkit, name) is not None, name
    assert set(modkit.__all__) <= set(dir(modkit))
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        modkit.Nothing  # noqa: B018
    from game.core.engine import Rules
    from game.kit.client.boardview import BoardView

    assert modkit.Rules is Rules and modkit.BoardView is BoardView  # the same objects


def test_the_client_kit_offers_what_the_views_use():
    import game.kit.client as kit

    assert set(KIT_NEEDED) <= set(kit.__all__)
    assert set(kit.__all__) == {name for group in kit.KIT.values() for name in group}
    for name in kit.__all__:
        assert getattr(kit, name) is not None, name
    assert set(kit.__all__) <= set(dir(kit))
    with pytest.raises(AttributeError, match="no attribute 'App'"):
        kit.App  # noqa: B018 - the client's shell is not the kit
    assert kit.BoardView is modkit.BoardView and kit.theme is modkit.theme  # the same objects
    assert kit.Screen is modkit.Screen and kit.Intent is modkit.Intent


def test_the_manual_lists_the_kit():
    page = (ROOT / "docs" / "modding" / "board-view.md").read_text(encoding="utf-8")
    reference = page.split("## Kit reference", 1)[1]
    for name in KIT_NEEDED:
        assert f"- `{name}`" in reference, name


HEADLESS = """\
import sys
import game.modkit as kit
from game.modkit import GameType, Registry, Rules, check_variant, hookimpl, new_game
from game.core.registry import reset_registry

sys.path.insert(0, sys.argv[1])
reset_registry(Registry(entry_points=False, extra_plugins=("aztec_patolli.plugin",)))
game = new_game("patolli", 2, seed=1)
while not game.is_over:
    game.apply(game.playout_action(kit.Rng(len(game.log))))
check_variant("patolli", games=1)
for variant in ("mexica", "tlatelolco-market", "aztlan"):  # a whole game of each
    game = new_game(variant, 3, seed=1)
    while not game.is_over:
        game.apply(game.playout_action(kit.Rng(len(game.log))))
import game.kit.client  # the kit's face: its names come on first use
print("headless:", "pygame" not in sys.modules)
kit.Screen  # the client's names come on first use, pygame with them
print("client:", "pygame" in sys.modules)
"""


@pytest.mark.slow
def test_importing_modkit_for_a_headless_engine_does_not_import_pygame():
    """The rules core, the built-in games, the example mod's engine and its tests run
    without pygame: only asking for a client name imports it."""
    done = subprocess.run([sys.executable, "-c", HEADLESS, str(EXAMPLE)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "",
                               "AZTEC_ARCADE_HOME": str(ROOT / "tests" / "no-such-home"),
                               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr
    assert "headless: True" in done.stdout and "client: True" in done.stdout, done.stdout


def test_the_manual_says_to_import_modkit():
    pages = sorted((ROOT / "docs" / "modding").glob("*.md"))
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages)
    assert "## One import: `game.modkit`" in text
    for name in NEEDED:
        assert f"`{name}`" in text, name
    assert "from game.core.hookspecs" not in text and "from game.kit.conformance" not in text
    assert isinstance(modkit.__doc__, str) and "pygame" in modkit.__doc__

