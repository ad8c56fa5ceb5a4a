"""The size rule of issue 14, checked by tools/limits.py: no module of game/ or variants/
over 600 lines, no function over 60 (a newcomer can hold each in their head)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("limits", ROOT / "tools" / "limits.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


limits = _load_tool()


def test_no_module_or_function_of_the_game_is_over_the_size_limits(capsys):
    code = limits.main([])
    out, _ = capsys.readouterr()
    assert out == ""
    assert code == 0


def _function(name: str, lines: int, indent: str = "") -> str:
    """A function of exactly ``lines`` lines: its def, a docstring and assignments."""
    body = "".join(f"{indent}    x{i} = {i}\n" for i in range(lines - 2))
    return f'{indent}def {name}() -> None:\n{indent}    """Why."""\n{body}'


@pytest.fixture
def oversized(tmp_path: Path) -> Path:
    """A checkout whose game/ has a module of 601 lines and a method of 61; a module of
    600 lines and a function of 60 are within the rule."""
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "variants").mkdir()
    (game / "functions.py").write_text("class Board:\n" + _function("tidy", 61, "    ")
                                       + "\n\n" + _function("fits", 60))
    (game / "long_module.py").write_text("x = 1\n" * 601)
    (game / "fits.py").write_text("x = 1\n" * 600)
    return tmp_path


def test_the_tool_names_every_module_and_function_over_the_limits(capsys, oversized):
    code = limits.main(["--root", str(oversized)])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.splitlines() == [
        "game/functions.py:2: Board.tidy has 61 lines (at most 60)",
        "game/long_module.py:1: the module has 601 lines (at most 600)",
    ]
    assert "2 over the size limits" in err
