"""The modder's manual (docs/modding/, its index README.md) stays in step with the code it
documents."""

from __future__ import annotations

import importlib.util
import re
import shutil

from game.core import hookspecs

from .conftest import ROOT

FIX = "the modding docs are out of date: run  python tools/gen_modding_docs.py"


def load_tool():
    spec = importlib.util.spec_from_file_location(
        "gen_modding_docs", ROOT / "tools" / "gen_modding_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sections(text):
    return {m.group(1): m.group(2) for m in re.finditer(
        r"<!-- generated:([a-z-]+) -->\n(.*?)<!-- /generated:\1 -->", text, re.S)}


def manual() -> str:
    """Every page of the manual, one after the other."""
    return "\n".join(load_tool().read_pages().values())


def test_generated_sections_match_the_code():
    tool = load_tool()
    committed = tool.read_pages()
    fresh = tool.render_pages(committed)
    old = sections("\n".join(committed.values()))
    new = sections("\n".join(fresh.values()))
    assert set(old) == {"hooks", "variant-file", "lesson-file", "engine-parameters", "rules",
                        "boardview", "kit"}
    for name in new:
        assert old[name] == new[name], f"section '{name}': {FIX}"
    assert fresh == committed, FIX


def test_every_hook_and_its_whole_docstring_is_in_the_reference():
    text = sections(manual())["hooks"]
    marker = f"{hookspecs.PROJECT}_spec"
    for name, fn in vars(hookspecs).items():
        if callable(fn) and hasattr(fn, marker):
            assert f"### `{name}(register" in text
            assert fn.__doc__.strip().splitlines()[0] in text


def test_the_schema_reference_comes_from_the_models():
    from game.core.registry import VARIANT_FILE, Registry

    text = manual()
    assert "\n".join(VARIANT_FILE.reference()) in text
    for engine_id, (engine, _) in Registry(entry_points=False).rules.items():
        assert f"### `{engine_id}`" in text
        assert "\n".join(engine.parameters.reference()) in text


def test_the_hand_written_parts_cover_the_issue():
    text = manual()
    for words in ("aztec-arcade new-variant", "legal_actions` lists exactly what `apply` "
                  "accepts", "IllegalAction", "lower-case", "BoardView", "logical units",
                  "check_variant", "aztec-arcade play --dev", "aztec-arcade validate",
                  "AssetPath", "Saves are JSON", "YAML never executes anything",
                  "examples/patolli"):
        assert words in text, words


def test_the_check_mode(tmp_path, monkeypatch, capsys):
    tool = load_tool()
    pages = tmp_path / "pages"
    shutil.copytree(tool.DOCS, pages)
    monkeypatch.setattr(tool, "INDEX", pages / tool.INDEX.name)
    monkeypatch.setattr(tool, "DOCS", pages)
    original = tool.read_pages()
    [holder] = [p for p, text in original.items() if "Provide rules engines" in text]
    holder.write_text(original[holder].replace("Provide rules engines",
                                               "Provide stale engines"), encoding="utf-8")
    assert tool.main(["--check"]) == 1
    assert "out of date" in capsys.readouterr().out
    assert tool.main([]) == 0
    assert tool.main(["--check"]) == 0
    assert tool.read_pages() == original
