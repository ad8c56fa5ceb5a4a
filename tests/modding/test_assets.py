"""File paths in variant YAML (``AssetPath``) stay inside the variant's own folder."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from game.api import load_game, new_game
from game.core.errors import ConfigError
from game.core.paths import asset_file, asset_problem, confine
from game.core.registry import Registry, reset_registry
from game.core.schema import AssetPath, Context, Field, Int, Nullable, Obj

from .conftest import EXAMPLE


# ---------------------------------------------------------------------------------------
# the schema type on its own
# ---------------------------------------------------------------------------------------
def check(value, source=None, schema=None):
    ctx = Context(None if source is None else str(source), source=source)
    out = (schema or AssetPath()).check(value, ("image",), ctx)
    return out, ctx


@pytest.fixture
def variant_dir(tmp_path):
    folder = tmp_path / "mod"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "board.png").write_bytes(b"png")
    (tmp_path / "secret.png").write_bytes(b"outside")
    return folder


@pytest.mark.parametrize("value, words", [
    ("../secret.png", "leaves the variant file's folder ('..')"),
    ("art/../../secret.png", "'..'"),
    ("/etc/passwd", "absolute path"),
    ("C:/Windows/win.ini", "absolute path"),
    ("c:secret.png", "absolute path"),
    ("~/secret.png", "home folder"),
    ("art\\board.png", "not '\\\\'"),
    ("..\\secret.png", "not '\\\\'"),
    ("", "must not be empty"),
    ("a\x00b.png", "NUL"),
])
def test_escapes_are_refused_as_written(variant_dir, value, words):
    out, ctx = check(value, variant_dir / "v.yaml")
    [issue] = ctx.issues
    assert words in issue.message and issue.path == "image"
    # also without a file to resolve against (options, saves): the form alone is refused
    _, bare = check(value)
    assert [i.message for i in bare.issues] == [issue.message]
    assert asset_problem(value)


def test_a_file_below_the_yaml_folder_is_accepted(variant_dir):
    out, ctx = check("./art//board.png", variant_dir / "v.yaml")
    assert not ctx.issues
    assert out == "art/board.png"  # the canonical relative form is kept
    assert ctx.assets == {"image": (str(variant_dir), "art/board.png")}


def test_paths_resolve_against_the_yaml_file_not_the_working_folder(variant_dir, tmp_path,
                                                                    monkeypatch):
    monkeypatch.chdir(tmp_path)  # here "art/board.png" does not exist
    _, ctx = check("art/board.png", variant_dir / "v.yaml")
    assert not ctx.issues
    (tmp_path / "only-here.png").write_bytes(b"x")
    _, ctx = check("only-here.png", variant_dir / "v.yaml")
    [issue] = ctx.issues
    assert "no such file" in issue.message and str(variant_dir.resolve()) in issue.message


def test_a_symlink_leaving_the_folder_is_refused(variant_dir, tmp_path):
    (variant_dir / "art" / "sneaky.png").symlink_to(tmp_path / "secret.png")
    (variant_dir / "linked").symlink_to(tmp_path, target_is_directory=True)
    for value in ("art/sneaky.png", "linked/secret.png"):
        _, ctx = check(value, variant_dir / "v.yaml")
        [issue] = ctx.issues
        assert "symbolic link" in issue.message
    # a link that stays inside is fine
    (variant_dir / "alias.png").symlink_to(variant_dir / "art" / "board.png")
    _, ctx = check("alias.png", variant_dir / "v.yaml")
    assert not ctx.issues


def test_suffixes_and_optional_existence(variant_dir):
    _, ctx = check("art/board.png", variant_dir / "v.yaml",
                   AssetPath(suffixes=(".wav", ".ogg")))
    assert "must end in .wav or .ogg" in ctx.issues[0].message
    _, ctx = check("later.png", variant_dir / "v.yaml", AssetPath(must_exist=False))
    assert not ctx.issues
    with pytest.raises(ValueError, match="no such file"):
        confine(variant_dir, "later.png")


def test_wrong_type():
    _, ctx = check(5)
    assert "expected a file path (text), got a whole number" in ctx.issues[0].message


# ---------------------------------------------------------------------------------------
# through variant files, extends, options and saves
# ---------------------------------------------------------------------------------------
ENGINE = '''\
from pathlib import Path

from game.core.engine import Rules
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hookspecs import hookimpl
from game.core.schema import AssetPath, Field, Int, Nullable, Obj

HERE = Path(__file__).parent


class Pictured(Rules):
    engine_id = "pictured"
    parameters = Obj({
        "goal": Field(Int(min=1), "Count to this.", default=2),
        "image": Field(Nullable(AssetPath(suffixes=(".png",))), "A picture.",
                       default=None),
    })

    def new_state(self, seed):
        return {"n": 0}

    def current_player(self, state):
        return None if state["n"] >= self.params["goal"] else 0

    def legal_actions(self, state):
        return [] if state["n"] >= self.params["goal"] else ["count"]

    def apply(self, state, action):
        if action not in self.legal_actions(state):
            raise IllegalAction("say: count")
        state["n"] += 1
        return action, [Event("count", str(state["n"]))]

    def is_over(self, state):
        return state["n"] >= self.params["goal"]

    def scores(self, state):
        return [state["n"]]

    def winners(self, state):
        return [0] if self.is_over(state) else []

    def to_dict(self, state):
        return dict(state)

    def from_dict(self, data):
        return {"n": int(data["n"])}


@hookimpl
def register_rules(register):
    register(Pictured)


@hookimpl
def register_variants(register):
    register(HERE / "pictured.yaml")
'''

PICTURED_YAML = """\
id: {id}
name: Pictured
players: {{min: 1, max: 1}}
plugin: pictured
parameters:
  image: {image}
"""


@pytest.fixture
def pictured(tmp_path):
    """A drop-in package folder ``pictured/`` with an engine, a variant and a picture."""
    plugins = tmp_path / "plugins"
    package = plugins / "pictured"
    (package / "art").mkdir(parents=True)
    (package / "__init__.py").write_text(ENGINE, encoding="utf-8")
    (package / "art" / "face.png").write_bytes(b"png")
    (package / "pictured.yaml").write_text(
        PICTURED_YAML.format(id="pictured", image="art/face.png"), encoding="utf-8")
    (tmp_path / "outside.png").write_bytes(b"outside")
    return plugins


def test_a_variant_file_with_a_good_path(pictured):
    registry = Registry(plugin_folder=str(pictured), entry_points=False)
    assert not registry.broken, registry.broken
    spec = registry.variants["pictured"]
    assert spec.params["image"] == "art/face.png"
    assert asset_file(spec, "image") == (pictured / "pictured" / "art" / "face.png").resolve()


@pytest.mark.parametrize("image, words", [
    ("../../outside.png", "'..'"),
    ("/etc/passwd.png", "absolute path"),
    ("'{outside}'", "absolute path"),
])
def test_a_variant_file_escaping_its_folder_is_broken(pictured, tmp_path, image, words):
    image = image.format(outside=tmp_path / "outside.png")
    (pictured / "pictured" / "pictured.yaml").write_text(
        PICTURED_YAML.format(id="pictured", image=image), encoding="utf-8")
    registry = Registry(plugin_folder=str(pictured), entry_points=False)
    assert "pictured" not in registry.variants
    [broken] = [b for b in registry.broken if b.name == "pictured"]
    assert words in broken.message
    assert "pictured.yaml:6" in broken.message  # file and line of the key
    assert "parameters.image" in broken.message
    assert "mexica" in registry.variants  # nothing else is affected


def test_validate_reports_the_escape(pictured, tmp_path):
    registry = Registry(plugin_folder=str(pictured), entry_points=False)
    mine = tmp_path / "mine"
    mine.mkdir()
    bad = mine / "bad.yaml"
    bad.write_text("id: pictured-bad\nextends: pictured\nname: Bad\nparameters:\n"
                   "  image: ../outside.png\n", encoding="utf-8")
    [issue] = registry.validate_file(bad)
    assert issue.path == "parameters.image" and issue.line == 5 and "'..'" in issue.message


def test_extends_keeps_inherited_paths_relative_to_their_own_file(pictured, tmp_path):
    """A YAML-only variant elsewhere inherits the picture from the package's folder, and
    its own paths resolve against its own folder."""
    (pictured / "pictured-plain.yaml").write_text(
        "id: pictured-plain\nextends: pictured\nname: Plain\nparameters:\n  goal: 3\n",
        encoding="utf-8")
    (pictured / "mine.png").write_bytes(b"png")
    (pictured / "pictured-mine.yaml").write_text(
        "id: pictured-mine\nextends: pictured-plain\nname: Mine\nparameters:\n"
        "  image: mine.png\n", encoding="utf-8")
    registry = Registry(plugin_folder=str(pictured), entry_points=False)
    assert not registry.broken, registry.broken
    plain, mine = registry.variants["pictured-plain"], registry.variants["pictured-mine"]
    assert plain.params == {"goal": 3, "image": "art/face.png"}
    assert asset_file(plain, "image") == (pictured / "pictured" / "art" /
                                          "face.png").resolve()
    assert asset_file(mine, "image") == (pictured / "mine.png").resolve()
    assert mine.params["goal"] == 3


def test_options_cannot_change_a_file_but_saves_load(pictured):
    registry = Registry(plugin_folder=str(pictured), entry_points=False)
    reset_registry(registry)
    with pytest.raises(ConfigError, match="files can only be named in the variant's YAML"):
        new_game("pictured", 1, options={"image": "art/face.png".replace("face", "other")})
    game = new_game("pictured", 1, options={"goal": 5})
    game.apply("count")
    again = load_game(game.to_json())
    assert again.rules.params["image"] == "art/face.png"
    assert asset_file(again, "image").name == "face.png"


def test_a_save_naming_an_escaping_path_is_refused(pictured):
    registry = Registry(plugin_folder=str(pictured), entry_points=False)
    reset_registry(registry)
    text = new_game("pictured", 1).to_json().replace('"art/face.png"', '"../../etc/x.png"')
    with pytest.raises(Exception, match="'..'"):
        load_game(text)


def test_asset_file_checks_again_when_asked(pictured, tmp_path):
    registry = Registry(plugin_folder=str(pictured), entry_points=False)
    spec = registry.variants["pictured"]
    with pytest.raises(ConfigError, match="names no file at 'nope'"):
        asset_file(spec, "nope")
    face = pictured / "pictured" / "art" / "face.png"
    face.unlink()
    face.symlink_to(tmp_path / "outside.png")  # swapped for a link after loading
    with pytest.raises(ConfigError, match="symbolic link"):
        asset_file(spec, "image")


def test_the_reference_describes_the_type():
    schema = Obj({"image": Field(Nullable(AssetPath(suffixes=(".png",))), "A picture.",
                                 default=None),
                  "n": Field(Int(), "N.")})
    text = "\n".join(schema.reference())
    assert "file path (.png) relative to the YAML file's folder, never outside it" in text
    assert "(default: `null`)" in text


def test_the_example_mod_ships_its_picture():
    sys.path.insert(0, str(EXAMPLE))
    registry = Registry(entry_points=False, extra_plugins=("aztec_patolli.plugin",))
    spec = registry.variants["patolli-quick"]
    assert Path(spec.source).name == "patolli-quick.yaml"
    path = asset_file(spec, "bean_image")  # inherited from patolli.yaml
    assert path == EXAMPLE / "aztec_patolli" / "art" / "bean.png"
    assert path.is_file() and os.path.getsize(path) > 0
