"""``aztec-arcade play --dev``: variant files reload between frames when they change."""

from __future__ import annotations

import os
import time

import pytest

from game import cli
from game.api import new_game
from game.core.registry import get_registry

from .conftest import frames

YAML = """\
id: mexica-dev
extends: mexica
name: Mexica (dev)
parameters:
  ap_per_turn: {ap}
"""


def write(path, text):
    """Write and make sure the modification time moves on (coarse file systems)."""
    old = path.stat().st_mtime if path.exists() else time.time() - 10
    path.write_text(text, encoding="utf-8")
    os.utime(path, (old + 2, old + 2))


@pytest.fixture
def variant(home):
    path = home / "plugins" / "mexica-dev.yaml"
    write(path, YAML.format(ap=7))
    return path


def messages(app):
    return [m for m, _ in app.toasts]


def test_an_edited_variant_file_reloads_between_frames(variant, make_app):
    app = make_app(dev=True)
    assert app.registry.variants["mexica-dev"].params["ap_per_turn"] == 7
    assert any("Developer mode" in m for m in messages(app))
    running = new_game("mexica-dev", 2, seed=1)

    write(variant, YAML.format(ap=9))
    frames(app, 40)  # the files are looked at twice a second
    assert app.registry is get_registry()
    assert app.registry.variants["mexica-dev"].params["ap_per_turn"] == 9
    assert new_game("mexica-dev", 2).rules.params["ap_per_turn"] == 9
    assert running.rules.params["ap_per_turn"] == 7  # a game in progress keeps its rules
    assert any(m.startswith("Reloaded:") for m in messages(app))
    assert "mexica" in app.views  # the board views are registered again


def test_a_broken_edit_is_toasted_and_a_fix_loads_again(variant, make_app, capsys):
    app = make_app(dev=True)
    write(variant, YAML.format(ap=-1))
    frames(app, 40)
    assert app.running
    assert "mexica-dev" not in app.registry.variants
    shown = " ".join(messages(app))
    assert "variant mexica-dev" in shown and "ap_per_turn" in shown
    assert "must be at least 1" in shown and "Reloaded with problems" in shown
    assert "mexica-dev.yaml:5" in capsys.readouterr().err  # file and line, in the terminal

    write(variant, "id: mexica-dev\nname: [unclosed\n")  # not even YAML
    frames(app, 40)
    assert "YAML syntax" in " ".join(messages(app))

    write(variant, YAML.format(ap=5))
    frames(app, 40)
    assert app.registry.variants["mexica-dev"].params["ap_per_turn"] == 5


def test_a_new_file_in_the_plugin_folder_is_picked_up(variant, home, make_app):
    app = make_app(dev=True)
    other = home / "plugins" / "festival-too.yaml"
    other.write_text("id: festival-too\nextends: mexica-festival\nname: Festival too\n",
                     encoding="utf-8")
    folder = home / "plugins"
    stamp = folder.stat().st_mtime + 2
    os.utime(folder, (stamp, stamp))
    frames(app, 40)
    assert "festival-too" in app.registry.variants


def test_without_dev_nothing_is_watched(variant, make_app):
    app = make_app()
    before = app.registry
    write(variant, YAML.format(ap=9))
    frames(app, 40)
    assert app.registry is before
    assert app.registry.variants["mexica-dev"].params["ap_per_turn"] == 7


def test_play_dev_opens_the_window_with_reloading(home, monkeypatch):
    seen = {}
    from game.ui import app as client

    real = client.App.__init__

    def spy(self, *args, **kwargs):
        seen["dev"] = kwargs.get("dev")
        real(self, *args, **kwargs)

    monkeypatch.setattr(client.App, "__init__", spy)
    assert cli.main(["play", "--dev", "--frames", "2"]) == 0
    assert seen["dev"] is True
    assert cli.main(["play", "--dev", "--windowed", "--frames", "1"]) == 0
    assert seen["dev"] is True


def test_play_dev_does_not_go_with_headless(capsys):
    assert cli.main(["play", "--dev", "--headless"]) == 2
    assert "--dev reloads variant files in the game window" in capsys.readouterr().err
