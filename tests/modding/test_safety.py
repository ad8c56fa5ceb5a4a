"""Safe to install: code only from packages and the plugin folder named in the settings,
YAML that never executes anything, JSON saves, and ``list`` saying where things came from.
"""

from __future__ import annotations

import json
import pickle
import textwrap
from pathlib import Path

import pytest

from game import __version__, cli
from game.api import new_game
from game.core.errors import SaveError
from game.core.hookspecs import hookimpl
from game.core.records import read_game, save_game
from game.core.registry import Registry, get_registry

PROBE = textwrap.dedent("""\
    from pathlib import Path
    Path({marker!r}).write_text("ran")
    """)


def probe(path, marker):
    path.write_text(PROBE.format(marker=str(marker)), encoding="utf-8")


# ---------------------------------------------------------------------------------------
# code is loaded only from packages and the plugin folder in the settings
# ---------------------------------------------------------------------------------------
def test_python_files_outside_the_named_plugin_folder_never_run(home, tmp_path, monkeypatch):
    marker = tmp_path / "ran.txt"
    # a plugins/ folder in the working directory that the settings do not name
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plugins").mkdir()
    probe(tmp_path / "plugins" / "stray.py", marker)
    # a module in a plain sub-folder of the named plugin folder (not a package)
    (home / "plugins" / "notes").mkdir()
    probe(home / "plugins" / "notes" / "helper.py", marker)
    # a module next to a variant file that a plugin registers
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    probe(shipped / "plugin_helper.py", marker)
    (shipped / "shipped.yaml").write_text(
        "id: shipped\nextends: mexica\nname: Shipped\n", encoding="utf-8")

    @hookimpl
    def register_variants(register):
        register(shipped / "shipped.yaml")

    import types
    module = types.ModuleType("modtest_registers_yaml")
    module.register_variants = register_variants
    registry = Registry(plugin_folder=str(home / "plugins"), entry_points=False,
                        extra_plugins=(module,))
    assert "shipped" in registry.variants
    assert not marker.exists()
    # the settings' folder is the only drop-in folder the program itself loads
    assert get_registry().plugin_folder == str((home / "plugins").resolve())
    assert not marker.exists()


def test_the_named_plugin_folder_is_loaded_as_code(home, tmp_path):
    marker = tmp_path / "ran.txt"
    probe(home / "plugins" / "mine.py", marker)
    registry = get_registry()
    assert marker.read_text() == "ran"
    assert registry.plugin_sources["mine"].endswith("mine.py")


@pytest.mark.parametrize("body", [
    "!!python/object/apply:os.system ['touch {marker}']",
    "id: evil\nname: !!python/object/apply:os.system ['touch {marker}']\n",
    "id: evil\nname: !!python/name:os.system\n",
    "id: evil\nname: Evil\nplayers: !!python/object/new:os.system ['touch {marker}']\n",
    "!!binary aGVsbG8=",
])
def test_yaml_never_executes_anything(home, tmp_path, body):
    marker = tmp_path / "touched"
    path = home / "plugins" / "evil.yaml"
    path.write_text(body.format(marker=marker), encoding="utf-8")
    registry = get_registry()
    assert not marker.exists()
    assert "evil" not in registry.variants
    [broken] = [b for b in registry.broken if b.source == str(path)]
    assert broken.kind == "variant"
    assert "mexica" in registry.variants
    issues = registry.validate_file(path)
    assert issues and not marker.exists()


# ---------------------------------------------------------------------------------------
# saves are JSON
# ---------------------------------------------------------------------------------------
class Boom:
    def __reduce__(self):
        import os
        return (os.system, ("touch /nonexistent-should-never-run",))


def test_saves_are_json_and_pickles_are_refused(tmp_path):
    game = new_game("mexica", 2, seed=3)
    game.apply(game.legal_actions()[0])
    path = tmp_path / "game.json"
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))  # plain JSON
    assert data["format"] == "aztec-arcade-game" and data["log"] == game.log
    bad = tmp_path / "evil.sav"
    bad.write_bytes(pickle.dumps(Boom()))
    with pytest.raises(SaveError, match="not a saved game"):
        read_game(bad)


# ---------------------------------------------------------------------------------------
# list says where everything came from
# ---------------------------------------------------------------------------------------
DROPIN = '''\
from game.core.engine import Rules
from game.core.hookspecs import hookimpl


@hookimpl
def register_rules(register):
    pass
'''


def test_list_shows_where_each_variant_came_from(home, capsys):
    (home / "plugins" / "quiet.py").write_text(DROPIN, encoding="utf-8")
    (home / "plugins" / "mexica-six.yaml").write_text(
        "id: mexica-six\nextends: mexica\nname: Six\nparameters: {ap_per_turn: 6}\n",
        encoding="utf-8")
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    mexica = lines[[i for i, line in enumerate(lines) if line.split()[:1] == ["mexica"]][0] + 1]
    assert f"from built-in game mexica (package aztec-arcade {__version__}): " in mexica
    assert mexica.endswith(str(Path("variants") / "mexica" / "mexica.yaml"))
    six = lines[[i for i, line in enumerate(lines) if line.split()[:1] == ["mexica-six"]][0]
                + 1]
    assert f"from drop-in folder {(home / 'plugins').resolve()}: " in six
    registry = get_registry()
    assert registry.origin_of("quiet").startswith("drop-in plugin quiet (")
    assert registry.origin_of("mexica-neutral") == \
        f"built-in game mexica-neutral (package aztec-arcade {__version__})"
