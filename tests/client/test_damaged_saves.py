"""Saves that cannot be read are never hidden or overwritten; odd details in a save never
crash the Load screen; long names cost no more than short ones; undo keeps the autosave
true to its log. (Issue 13, section 1.)"""

from __future__ import annotations

import json
import math
import os
import time

import pygame
import pytest

from game.api import load_game, new_game
from game.core.rng import Rng
from game.kit.client.screen import (
    FIT_CACHE_ENTRIES,
    MAX_LINE,
    TEXT_CACHE_BYTES,
    WIDTH_CACHE_ENTRIES,
    Screen,
)
from game.kit.client.text import fit
from game.ui.saves import NAME_MAX, SaveStore
from game.ui.scenes.common import when
from game.ui.scenes.load import LoadScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene
from game.ui.sessions import make_session

from .conftest import Driver, StubView


def stub_views(app) -> None:
    for engine in list(app.registry.rules):
        app.views[engine] = StubView


def labels(scene) -> list[str]:
    return [str(item.label) for item in scene.menu.items]


def played(actions: int, variant: str = "mexica", players: int = 2, seed: int = 3):
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        game.apply(game.playout_action(rng))
    return game


def write_save(folder, name: str, game, meta) -> os.PathLike:
    folder.mkdir(parents=True, exist_ok=True)
    data = game.to_dict()
    if meta is not None:
        data["meta"] = meta
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------
# a damaged autosave
# ---------------------------------------------------------------------------------------
def test_a_damaged_autosave_is_shown_then_kept_aside_before_a_new_game_is_saved(
        make_app, tmp_path):
    folder = tmp_path / "saves"
    whole = write_save(folder, "autosave", played(40), {"names": ["Ana", "Ben"]})
    damaged = whole.read_bytes()[:700]  # a save cut off half-way
    whole.write_bytes(damaged)

    app = make_app()
    stub_views(app)
    ui = Driver(app)
    title = ui.top
    assert isinstance(title, TitleScene)
    # the title says so: Continue is there but disabled, with the reason below the menu
    assert labels(title)[0] == "Continue" and not title.menu.items[0].enabled
    assert str(title.menu.items[0].error) == "The autosave is damaged"
    shown = " ".join(ui.texts())
    assert "The autosave cannot be loaded: autosave.json: this is not a saved game" in shown
    assert "autosave-damaged-" in shown
    assert str(title.menu.current.label) == "New game"
    # the Load screen says so too
    title.load()
    ui.frames(1)
    assert "autosave.json  (damaged)" in labels(ui.top)
    ui.key(pygame.K_ESCAPE)

    # a new game: its first action is autosaved, the damaged file is renamed first
    play = PlayScene(make_session(app, new_game("mexica", 2, seed=1), ["Cy", "Di"]))
    app.stack.push(play)
    ui.frames(1)
    ui.key(pygame.K_RETURN)
    assert len(play.game.log) == 1
    app.saves.flush()
    kept = sorted(folder.glob("autosave-damaged-*.json"))
    assert len(kept) == 1
    assert kept[0].read_bytes() == damaged
    stamp = kept[0].stem.removeprefix("autosave-damaged-")
    assert len(stamp) == 15 and stamp[8] == "-" and stamp.replace("-", "").isdigit()
    assert load_game((folder / "autosave.json").read_bytes()).log == play.game.log
    # and the player is told where it went
    ui.frames(1)
    assert any(kept[0].name in message for message, _ in app.toasts)
    # later autosaves of this game replace only its own autosave
    ui.key(pygame.K_RETURN)
    app.saves.flush()
    assert sorted(folder.glob("autosave-damaged-*.json")) == kept
    assert kept[0].read_bytes() == damaged


def test_an_autosave_that_cannot_be_kept_aside_is_not_overwritten(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    path = write_save(folder, "autosave", played(5), None)
    path.write_bytes(b"{broken")
    store = SaveStore(folder, background=False)

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    with pytest.raises(Exception, match="cannot be kept aside"):
        store.autosave(played(3), ["A", "B"])
    assert path.read_bytes() == b"{broken"


def test_a_good_autosave_is_simply_replaced(tmp_path):
    folder = tmp_path / "saves"
    write_save(folder, "autosave", played(5), {"names": ["A", "B"]})
    store = SaveStore(folder, background=False)
    store.autosave(played(7), ["A", "B"])
    assert [p.name for p in folder.iterdir()] == ["autosave.json"]
    assert store.notices() == []


# ---------------------------------------------------------------------------------------
# odd details (meta)
# ---------------------------------------------------------------------------------------
ODD_META = [
    {"saved": "yesterday"}, {"saved": [1]}, {"names": 5}, {"saved": 1e20},
    {"saved": -1e20}, {"saved": -1}, {"saved": True}, {"saved": {"t": 1}},
    {"names": "Ana"}, {"names": [1, 2]}, {"names": [None]}, {"names": {"0": "Ana"}},
    ["names"], "meta", 7,
]


@pytest.mark.parametrize("meta", ODD_META, ids=repr)
def test_odd_metadata_is_listed_as_damaged(make_app, tmp_path, meta):
    folder = tmp_path / "saves"
    write_save(folder, "odd", played(10), meta)
    write_save(folder, "good", played(12), {"names": ["Ana", "Ben"]})
    entries = {e.name: e for e in SaveStore(folder).list()}
    assert entries["good"].ok and entries["good"].names == ("Ana", "Ben")
    assert not entries["odd"].ok and "odd.json" in entries["odd"].error
    assert math.isfinite(entries["odd"].saved)
    # the Load screen opens, draws and says which file is damaged
    app = make_app()
    ui = Driver(app)
    app.stack.push(LoadScene())
    ui.frames(2)
    assert "odd.json  (damaged)" in labels(ui.top)
    assert "good" in labels(ui.top)


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_save_time_that_is_no_number_json_allows_is_damage(tmp_path, raw):
    folder = tmp_path / "saves"
    path = write_save(folder, "odd", played(10), {"saved": "MARK"})
    path.write_text(path.read_text().replace('"MARK"', raw))
    (entry,) = SaveStore(folder).list()
    assert not entry.ok


@pytest.mark.parametrize("stamp", [
    0, None, 1e20, -1e20, float("nan"), float("inf"), -float("inf"), "yesterday", [1],
    True, 2 ** 70, -(2 ** 70), 1e308,
], ids=repr)
def test_date_formatting_never_raises(stamp):
    assert when(stamp) == "?"


def test_date_formatting_of_a_real_time():
    assert when(time.mktime((2024, 5, 17, 20, 30, 0, 0, 0, -1))) == "2024-05-17 20:30"


def test_a_listing_survives_files_that_are_not_saves(tmp_path):
    folder = tmp_path / "saves"
    write_save(folder, "good", played(12), None)
    (folder / "folder.json").mkdir()
    (folder / "dangling.json").symlink_to(folder / "nowhere")
    entries = {e.name: e for e in SaveStore(folder).list()}
    assert entries["good"].ok
    assert not entries["folder"].ok and not entries["dangling"].ok


# ---------------------------------------------------------------------------------------
# long names
# ---------------------------------------------------------------------------------------
def test_names_read_from_a_save_are_cut(make_app, tmp_path):
    folder = tmp_path / "saves"
    write_save(folder, "autosave", played(10), {"names": ["N" * 3000, "Ben\n\x00"]})
    (entry,) = SaveStore(folder).list()
    assert entry.names == ("N" * NAME_MAX, "Ben  ")
    app = make_app()
    stub_views(app)
    ui = Driver(app)
    detail = str(ui.top.menu.items[0].detail)
    # a name too long for the row leaves the names out, never the row's end
    assert "N" * (NAME_MAX + 1) not in detail and detail.endswith("10 actions")
    ui.top.continue_game()
    assert ui.top.session.names[0] == "N" * NAME_MAX


class CountingFont:
    """A font that counts what it is asked to do."""

    def __init__(self, font, counts) -> None:
        self.font = font
        self.counts = counts

    def size(self, text):
        self.counts["size"] += 1
        self.counts["chars"] += len(text)
        return self.font.size(text)

    def render(self, text, *args):
        self.counts["render"] += 1
        return self.font.render(text, *args)


@pytest.fixture
def screen(pygame_display):
    """A screen whose text caches start empty (every Screen shares them), so that the
    counts below see every measurement; emptied again afterwards."""
    out = Screen(pygame.Surface((1920, 1080)))
    out._text_cache.clear()
    out._width_cache.clear()
    yield out
    out._text_cache.clear()
    out._width_cache.clear()


@pytest.fixture
def counts(screen, monkeypatch):
    tally = {"size": 0, "render": 0, "chars": 0}
    real = screen.font
    monkeypatch.setattr(screen, "font", lambda size: CountingFont(real(size), tally))
    return tally


def test_fitting_a_huge_name_measures_a_few_times_and_renders_nothing(screen, counts):
    name = "N" * 100_000
    out = fit(screen, name, 36, 400)
    assert out.endswith("…") and screen.text_width(out, 36) <= 400
    assert screen.text_width(out[:-1] + "N…", 36) > 400  # the longest cut that fits
    assert counts["render"] == 0
    assert counts["size"] <= math.ceil(math.log2(MAX_LINE)) + 2
    assert counts["chars"] <= (counts["size"] + 1) * (MAX_LINE + 1)
    # the same fit again (the next frame) measures nothing
    before = dict(counts)
    assert fit(screen, name, 36, 400) == out
    assert counts == before


def test_text_caches_stay_bounded(screen):
    for i in range(max(WIDTH_CACHE_ENTRIES, FIT_CACHE_ENTRIES) + 100):  # past both bounds
        # short texts fill the entries; every twentieth is a long one, to be cut
        text = f"{i}-" + "W" * (5000 if i % 20 == 0 else 40)
        fit(screen, text, 36, 300)
        screen.text_width(text, 36)
    assert len(screen._width_cache) == WIDTH_CACHE_ENTRIES
    assert len(screen._fit_cache) == FIT_CACHE_ENTRIES
    assert all(len(key[0]) <= MAX_LINE + 1 for key in screen._width_cache.keys())
    assert all(len(key[0]) <= MAX_LINE + 1 for key in screen._fit_cache.keys())
    assert any(len(key[0]) > 500 for key in screen._fit_cache.keys())  # long ones kept
    drawn = 0
    for i in range(60):  # drawing long lines: each is cut, the pixels stay in budget
        drawn += screen.text(f"{i}-" + "W" * 100_000, 10, 10, 36).width * 4 * \
            screen.font(36).get_height()
    assert drawn > 1.5 * TEXT_CACHE_BYTES  # far more than the budget was drawn
    assert screen._text_cache.size <= TEXT_CACHE_BYTES
    assert all(len(key[0]) <= MAX_LINE for key in screen._text_cache.keys())


def linear_fit(screen, text, size, width):
    """The old character-by-character fit: the answer the binary search must give."""
    if screen.text_width(text, size) <= width:
        return text
    while text and screen.text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


@pytest.mark.parametrize("text", ["Ana", "Mexica · Ana, Ben · 2024-05-17 20:30 · 12 actions",
                                  "iiiiWWWW mmm ... ,,,, WWWWWWWW", "Ærø ÿ ñ 漢字 ok"])
def test_the_binary_search_fits_like_cutting_one_character_at_a_time(screen, text):
    for width in (0, 5, 20, 33, 60, 100, 150, 240, 400, 1000):
        assert fit(screen, text, 36, width) == linear_fit(screen, text, 36, width)


# ---------------------------------------------------------------------------------------
# undo and the autosave
# ---------------------------------------------------------------------------------------
def test_undo_and_redo_in_the_client_autosave_games_whose_log_replays(stub_ui):
    app = stub_ui.app
    game = new_game("mexica", 2, seed=11)
    play = PlayScene(make_session(app, game, ["Ana", "Ben"]))
    app.stack.push(play)
    stub_ui.frames(2)

    def autosaved():
        app.saves.flush()
        return load_game(app.saves.path("autosave").read_bytes())

    def act() -> None:  # the first legal action that does not end the turn
        play.view.forced = next(a for a in play.session.legal() if a != "end")
        stub_ui.key(pygame.K_RETURN)

    for _ in range(5):  # both Pilli, then three actions of the first player's turn
        act()
    assert play.session.can_undo()
    before = play.game.log
    stub_ui.key(pygame.K_u)
    assert play.game.log == before[:-1]
    loaded = autosaved()
    assert loaded.log == before[:-1]
    assert loaded.to_json() == play.game.to_json()
    stub_ui.key(pygame.K_y)
    assert play.game.log == before
    assert autosaved().to_json() == play.game.to_json()
    stub_ui.key(pygame.K_u)
    stub_ui.key(pygame.K_u)
    act()  # a new action after undoing two
    loaded = autosaved()
    assert loaded.log == play.game.log and len(loaded.log) == len(before) - 1
    assert loaded.to_json() == play.game.to_json()


def test_the_listing_reads_each_unchanged_file_once(tmp_path, monkeypatch):
    from game.ui import saves

    folder = tmp_path / "saves"
    first = write_save(folder, "one", played(20), None)
    write_save(folder, "two", played(30), None)
    store = SaveStore(folder)
    loads = []
    real = saves.load_game
    monkeypatch.setattr(saves, "load_game", lambda text: loads.append(1) or real(text))
    assert [e.actions for e in store.list()] in ([20, 30], [30, 20])
    assert len(loads) == 2
    store.list()
    assert len(loads) == 2  # nothing changed: nothing replayed again
    write_save(folder, "one", played(25), None)  # a new version of one file
    assert sorted(e.actions for e in store.list()) == [25, 30]
    assert len(loads) == 3
    first.unlink()
    assert [e.name for e in store.list()] == ["two"]


@pytest.mark.parametrize("extra", [
    {"colours": [[0], [1]]}, {"colours": [{"a": 1}, 2]}, {"colours": "red"},
    {"seats": [["hard"], {"x": 1}]}, {"seats": 5}, {"name": [1]},
], ids=repr)
def test_odd_colours_and_seats_fall_back_to_the_defaults(make_app, tmp_path, extra):
    folder = tmp_path / "saves"
    write_save(folder, "autosave", played(10), {"names": ["Ana", "Ben"], **extra})
    app = make_app()
    stub_views(app)
    ui = Driver(app)
    assert labels(ui.top)[0] == "Continue"
    ui.top.continue_game()
    play = ui.top
    assert isinstance(play, PlayScene)
    assert play.session.names == ["Ana", "Ben"]
    assert play.session.colour_index == [0, 1]
    assert play.session.kinds == ["human", "human"]
    ui.frames(2)
