"""The client stays in pieces a newcomer can hold in their head (issue 14, section 3): no
file of game/ui (or of the client kit, game/kit/client) over 600 lines, no function over
60, no scene importing another (they are pushed by name), and every scene name leads to
a scene."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

import pytest

from game.kit.client.intent import IntentKind
from game.ui.shell import SCENES, Scene, SceneName, scene_factory

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
#: the client kit, which left game/ui/ (issue 35), keeps the client's rules
KIT = Path(__file__).resolve().parents[2] / "game" / "kit" / "client"
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 60


def sources() -> list[Path]:
    return sorted([*UI.rglob("*.py"), *KIT.rglob("*.py")])


def test_no_file_or_function_is_too_long():
    long = []
    for path in sources():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > MAX_FILE_LINES:
            long.append(f"{path.name}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.name}:{node.lineno} {node.name}(): {lines} lines")
    assert not long


def test_nothing_is_imported_inside_a_function():
    """Imports sit at the top of a module (or under TYPE_CHECKING): a scene that needs
    another asks the stack for it by name instead of importing it late."""
    late = []
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                late += [f"{path.name}:{inner.lineno} in {node.name}()"
                         for inner in ast.walk(node)
                         if isinstance(inner, ast.Import | ast.ImportFrom)]
    assert not late


def test_no_scene_imports_another_scene():
    scenes = {p.stem for p in (UI / "scenes").glob("*.py")} - {"__init__", "common"}
    imports = []
    for path in (UI / "scenes").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[:3] == ["game", "ui", "scenes"] and len(parts) == 4 \
                        and parts[3] in scenes and parts[3] != path.stem:
                    imports.append(f"{path.stem} imports {parts[3]}")
    # the play screen checks what is stacked over it: the scoring overlay (its scores)
    # and the "Pass to" screen (whose turn it waits for); neither imports the play screen.
    # A lesson is the play screen with a script: its scene extends the play scene.
    assert sorted(imports) == ["lesson imports play", "play imports handoff",
                               "play imports scoring"]


@pytest.mark.parametrize("name", get_args(SceneName))
def test_every_scene_name_leads_to_a_scene(name):
    assert name in SCENES
    factory = scene_factory(name)
    made = factory.__self__ if hasattr(factory, "__self__") else factory  # classmethods
    assert isinstance(made, type) and issubclass(made, Scene)


def test_intent_kinds_are_a_closed_set():
    kinds = set(get_args(IntentKind))
    assert {"confirm", "back", "click", "scroll", "undo", "end", "digit"} <= kinds
    assert "speed" not in kinds  # no device ever produced it
