"""Autosaves are written off the frame thread: the newest one wins, readers see it, and a
failed write reaches the player as a message, never as a crash."""

from __future__ import annotations

import threading
from pathlib import Path

from game.api import new_game
from game.ui.saves import SaveStore
from game.ui.scenes.play import PlayScene
from game.ui.sessions import make_session
from game.ui.writer import FileWriter


def test_the_newest_text_wins_and_waiting_writes_are_replaced(tmp_path):
    gate = threading.Event()
    written: list[str] = []

    def slow(path: Path, text: str) -> None:
        gate.wait(5)
        written.append(text)
        path.write_text(text)

    writer = FileWriter(slow)
    target = tmp_path / "save.json"
    for i in range(5):  # the first is being written while the others arrive
        writer.submit(target, f"save {i}")
    assert not writer.flush(timeout=0.05)  # still busy: the frame did not wait for it
    gate.set()
    assert writer.flush()
    assert target.read_text() == "save 4"
    assert len(written) <= 2 and written[-1] == "save 4"


def test_readers_see_the_last_autosave(tmp_path):
    store = SaveStore(tmp_path / "saves")
    game = new_game("mexica", 2, seed=3)
    for action in game.legal_actions()[:1]:
        game.apply(action)
    store.autosave(game, ["Ana", "Ben"])
    assert store.has_autosave()
    loaded, meta = store.read(store.path("autosave"))
    assert loaded.log == game.log and meta["names"] == ["Ana", "Ben"]


def test_a_failed_autosave_is_a_message_on_screen(make_app, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    app = make_app(saves=SaveStore(blocker / "saves"))
    game = new_game("mexica", 2, seed=3)
    play = PlayScene(make_session(app, game, ["Ana", "Ben"]))
    app.stack.clear_to(play)
    app.step([], 1 / 60)
    assert play.apply(game.legal_actions()[0])
    app.saves.flush()
    app.step([], 1 / 60)
    assert any(m.startswith("Autosave failed") for m, _ in app.toasts)
    assert len(game.log) == 1 and not app.failures  # the game goes on
