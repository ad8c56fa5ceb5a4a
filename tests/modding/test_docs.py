"""MODDING.md stays in step with the code it documents."""

from __future__ import annotations

import importlib.util
import re

from game import hookspecs

from .conftest import ROOT

DOC = ROOT / "MODDING.md"
FIX = "MODDING.md is out of date: run  python tools/gen_modding_docs.py"


def load_tool():
    spec = importlib.util.spec_from_file_location(
        "gen_modding_docs", ROOT / "tools" / "gen_modding_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sections(text):
    return {m.group(1): m.group(2) for m in re.finditer(
        r"<!-- generated:([a-z-]+) -->\n(.*?)<!-- /generated:\1 -->", text, re.S)}


def test_generated_sections_match_the_code():
    tool = load_tool()
    committed = DOC.read_text(encoding="utf-8")
    fresh = tool.render(committed)
    old, new = sections(committed), sections(fresh)
    assert set(old) == {"hooks", "variant-file", "engine-parameters", "rules", "boardview"}
    for name in new:
        assert old[name] == new[name], f"section '{name}': {FIX}"
    assert fresh == committed, FIX


def test_every_hook_and_its_whole_docstring_is_in_the_reference():
    text = sections(DOC.read_text(encoding="utf-8"))["hooks"]
    marker = f"{hookspecs.PROJECT}_spec"
    for name, fn in vars(hookspecs).items():
        if callable(fn) and hasattr(fn, marker):
            assert f"### `{name}(register" in text
            assert fn.__doc__.strip().splitlines()[0] in text


def test_the_schema_reference_comes_from_the_models():
    from game.plugins import VARIANT_FILE, Registry

    text = DOC.read_text(encoding="utf-8")
    assert "\n".join(VARIANT_FILE.reference()) in text
    for engine_id, (engine, _) in Registry(entry_points=False).rules.items():
        assert f"### `{engine_id}`" in text
        assert "\n".join(engine.parameters.reference()) in text


def test_the_hand_written_parts_cover_the_issue():
    text = DOC.read_text(encoding="utf-8")
    for words in ("aztec-arcade new-variant", "legal_actions` lists exactly what `apply` "
                  "accepts", "IllegalAction", "lower-case", "BoardView", "logical units",
                  "check_variant", "aztec-arcade play --dev", "aztec-arcade validate",
                  "AssetPath", "Saves are JSON", "YAML never executes anything",
                  "examples/patolli"):
        assert words in text, words


def test_the_check_mode(tmp_path, monkeypatch, capsys):
    tool = load_tool()
    copy = tmp_path / "MODDING.md"
    copy.write_text(DOC.read_text(encoding="utf-8").replace(
        "Provide rules engines", "Provide stale engines"), encoding="utf-8")
    monkeypatch.setattr(tool, "DOC", copy)
    assert tool.main(["--check"]) == 1
    assert "out of date" in capsys.readouterr().out
    assert tool.main([]) == 0
    assert tool.main(["--check"]) == 0
    assert copy.read_text(encoding="utf-8") == DOC.read_text(encoding="utf-8")
