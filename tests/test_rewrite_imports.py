"""tools/rewrite_imports.py finds every way a moved module is named, and nothing else.

Why: issue 35 moves modules across the whole tree in several commits, each by this
script; a reference it misses is an ImportError (or a stale doc) found late, and a
rewrite of something that only looks like a module name (``self.game.rng``) is a bug.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("rewrite_imports",
                                              ROOT / "tools" / "rewrite_imports.py")
assert SPEC is not None and SPEC.loader is not None
tool = importlib.util.module_from_spec(SPEC)
sys.modules["rewrite_imports"] = tool
SPEC.loader.exec_module(tool)

TABLE = {"game.engine": "game.core.engine", "game.plugins": "game.core.registry",
         "game.conformance": "game.kit.conformance",
         "game.conformance_probes": "game.kit.conformance.probes"}


def rewrite(text: str) -> str:
    return tool.rewrite_paths(tool.rewrite_dotted(tool.rewrite_from_imports(text, TABLE),
                                                  TABLE), TABLE)


def test_every_spelling_of_an_import_follows_the_move():
    before = ("import game.engine\n"
              "import game.plugins as plugins\n"
              "from game.engine import Rules\n"
              "from game import engine, api  # noqa: F401\n"
              "from game import conformance, conformance_probes\n"
              "    from game.plugins import get_registry\n")
    assert rewrite(before) == (
        "import game.core.engine\n"
        "import game.core.registry as plugins\n"
        "from game.core.engine import Rules\n"
        "from game.core import engine  # noqa: F401\n"
        "from game import api  # noqa: F401\n"
        "from game.kit import conformance\n"
        "from game.kit.conformance import probes as conformance_probes\n"
        "    from game.core.registry import get_registry\n")


def test_names_in_strings_and_docs_follow_but_attributes_do_not():
    before = ('mock.patch("game.plugins.get_registry")\n'
              ":mod:`game.engine` and game.conformance_probes.probe\n"
              "self.game.engine, game.engines, game.engine_id\n")
    assert rewrite(before) == ('mock.patch("game.core.registry.get_registry")\n'
                               ":mod:`game.core.engine` and game.kit.conformance.probes.probe\n"
                               "self.game.engine, game.engines, game.engine_id\n")


def test_file_paths_follow_a_module_and_a_module_that_became_a_package():
    assert rewrite("see game/engine.py and game/plugins.py, not mygame/engine.py") == \
        "see game/core/engine.py and game/core/registry.py, not mygame/engine.py"
    if (ROOT / "game" / "kit" / "conformance").is_dir():
        assert rewrite("game/conformance.py") == "game/kit/conformance/"


def test_a_name_that_left_its_module_splits_the_import_and_keeps_its_comment():
    names = {("game.ui.widgets", "fit"): "game.kit.client.text"}
    before = ("from game.ui.widgets import (\n"
              "    Menu,\n"
              "    fit,\n"
              ")\n"
              "def later():\n"
              "    from game.ui.widgets import fit  # noqa: F401\n")
    assert tool.rewrite_names(before, names) == (
        "from game.ui.widgets import Menu\n"
        "from game.kit.client.text import fit\n"
        "def later():\n"
        "    from game.kit.client.text import fit  # noqa: F401\n")
