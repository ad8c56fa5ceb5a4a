"""The trace a tool reads to play the real window: which scene is up, where each visible
text lies, and a game's state (``AZTEC_ARCADE_TRACE``, game.ui.trace)."""

from __future__ import annotations

import json

from game.api import new_game
from game.kit.client.screen import Screen
from game.ui.scenes.play import PlayScene
from game.ui.sessions import make_session


def test_the_trace_names_the_scene_and_where_its_words_are(make_app, tmp_path, monkeypatch):
    path = tmp_path / "trace.json"
    monkeypatch.setenv("AZTEC_ARCADE_TRACE", str(path))
    app = make_app(size=(1280, 720), fullscreen=False)
    app.run(max_frames=30)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["scenes"] == ["TitleScene"] and data["window"] == [1280, 720]
    words = {t["text"]: t["rect"] for t in data["texts"]}
    x, y, w, h = words["New game"]  # a menu item a tool can click on
    assert 0 <= x < x + w <= 1280 and 0 <= y < y + h <= 720
    assert data["overlaps"] == [] and data["play"] is None
    assert Screen.recorder is None  # nothing keeps listening between writes


def test_the_trace_says_who_decides_and_what_the_status_line_asks(make_app, tmp_path,
                                                                    monkeypatch):
    path = tmp_path / "trace.json"
    monkeypatch.setenv("AZTEC_ARCADE_TRACE", str(path))
    app = make_app(size=(1280, 720), fullscreen=False)
    game = new_game("mexica", 2, seed=11)
    app.stack.clear_to(PlayScene(make_session(app, game, ["Ana", "Ben"])))
    app.run(max_frames=20)
    play = json.loads(path.read_text(encoding="utf-8"))["play"]
    assert play["variant"] == "mexica" and play["names"] == ["Ana", "Ben"]
    assert play["current"] == 0 and play["local"] is True and play["actions"] == 0
    assert play["status"].startswith("Ana: place your Pilli")
