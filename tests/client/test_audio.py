"""Music and volumes as a player meets them: the menu loop, the game's loop when a game
starts (crossfaded), quieter under a scoring reveal and at the winner moment, volumes that
persist, a variant's own sounds, and silence without a device. Time is fed frame by frame
(``dt``), never waited for."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pygame
import pytest
import yaml

from game.api import new_game
from game.core.registry import Registry, reset_registry
from game.core.settings import load_settings, user_settings_path
from game.ui.audio import CROSSFADE, DUCK_TIME, DUCKED, Audio
from game.ui.cues import GameSounds
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import WINNER_MOMENT
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.settings import SettingsScene
from game.ui.sessions import make_session
from tests.client.test_scenes import choose, finished_game, focus_label

DT = 1 / 60
SOUNDS = Path(__file__).resolve().parents[2] / "assets" / "sounds"


def frames(app, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.step([], DT)


def start_play(app, variant: str = "mexica", players: int = 2) -> PlayScene:
    game = new_game(variant, players, seed=4)
    play = PlayScene(make_session(app, game, ["Ana", "Ben", "Cy", "Di"][:players]))
    app.stack.push(play)
    return play


def channel_volume(app) -> float:
    voice = next(v for v in app.audio.voices if v.track == app.audio.playing)
    return voice.channel.get_volume()


def test_the_menus_play_their_loop_and_a_game_crossfades_to_its_own(app):
    assert app.audio.enabled  # the dummy driver is a device
    frames(app, CROSSFADE)
    assert app.audio.playing == "menu"
    assert channel_volume(app) == pytest.approx(app.audio.music_volume / 100, abs=0.01)
    start_play(app, "tlatelolco-market", 2)
    app.step([], DT)
    assert app.audio.playing == "market"
    tracks = {v.track: v for v in app.audio.voices}
    assert set(tracks) == {"menu", "market"}  # both sound during the crossfade
    assert tracks["menu"].target == 0 and tracks["market"].target == 1
    frames(app, CROSSFADE / 2)
    assert 0 < tracks["menu"].level < 1 and 0 < tracks["market"].level < 1
    frames(app, CROSSFADE)
    assert [v.track for v in app.audio.voices] == ["market"]  # the menu loop has stopped
    app.stack.clear_to("title")
    app.step([], DT)
    assert app.audio.playing == "menu"


def test_each_game_has_its_music_and_mexica_for_two_shares_mexicas(app):
    for variant, players, track in (("mexica", 2, "mexica"), ("mexica-2p-neutral", 2, "mexica"),
                                    ("tlatelolco-market", 2, "market"), ("aztlan", 3, "aztlan")):
        app.stack.clear_to("title")
        start_play(app, variant, players)
        app.step([], DT)
        assert app.audio.playing == track, variant


def test_the_music_ducks_under_a_scoring_reveal_and_comes_back(app):
    play = start_play(app)
    frames(app, CROSSFADE + 0.1)
    full = channel_volume(app)
    app.stack.push(ScoringScene(play.session, None, []))
    frames(app, DUCK_TIME + 0.1)
    assert app.audio.ducked
    assert app.audio.playing == "mexica"  # the same loop, quieter
    assert channel_volume(app) == pytest.approx(full * DUCKED, abs=0.01)
    app.stack.pop()
    frames(app, DUCK_TIME + 0.1)
    assert not app.audio.ducked and channel_volume(app) == pytest.approx(full, abs=0.01)


def test_the_results_duck_for_the_winner_moment_only(app):
    game = finished_game()  # Mexica
    app.stack.clear_to("results", make_session(app, game, ["Ana", "Ben"]))
    app.step([], DT)
    assert app.audio.playing == "mexica" and app.audio.ducked
    frames(app, WINNER_MOMENT + 0.1)
    assert not app.audio.ducked


def test_music_volume_persists_and_applies_at_once(ui, home):
    choose(ui, "Settings")
    assert isinstance(ui.top, SettingsScene)
    focus_label(ui, "Music volume")
    ui.key(pygame.K_LEFT)
    ui.key(pygame.K_LEFT)
    assert ui.app.audio.music_volume == 30
    frames(ui.app, CROSSFADE)
    assert channel_volume(ui.app) == pytest.approx(0.3, abs=0.01)
    assert yaml.safe_load(user_settings_path().read_text())["music_volume"] == 30
    loaded, issues = load_settings()
    assert loaded["music_volume"] == 30 and loaded["volume"] == 70 and not issues
    focus_label(ui, "Effects volume")
    ui.key(pygame.K_RIGHT)
    assert load_settings()[0] == {**loaded, "volume": 80}


def test_a_music_volume_out_of_bounds_is_reported_and_the_default_used(home):
    user_settings_path().write_text("music_volume: 150\n")
    settings, issues = load_settings()
    assert settings["music_volume"] == 50
    assert [i.path for i in issues] == ["music_volume"] and "at most 100" in issues[0].message


def test_without_a_device_everything_is_silent_and_nothing_fails(monkeypatch):
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "nonexistent")
    try:
        audio = Audio(70, 50)
        assert not audio.enabled and "running muted" in audio.reason
        audio.play("turn")
        audio.play("no such sound")
        audio.update(DT, "mexica", ducked=True)  # remembered, not played
        audio.set_music_volume(20)
        assert (audio.track, audio.ducked, audio.voices) == ("mexica", True, [])
    finally:
        pygame.mixer.quit()
        os.environ["SDL_AUDIODRIVER"] = "dummy"


def test_silent_at_volume_zero_and_a_missing_loop_plays_nothing(app):
    app.audio.set_volume(0)
    app.audio.play("turn")  # nothing loads, nothing plays
    assert "sounds:turn" not in app.audio._sounds
    app.audio.update(DT, "no-such-loop", False)
    assert app.audio.voices == [] or all(v.target == 0 for v in app.audio.voices)


AUDIO_VARIANT = """\
id: mexica-loud
extends: mexica
name: Mexica, loud
audio:
  music: market
  sounds:
    move: boat
    temple: sounds/gong.wav
    canal: no_such_sound
"""


def test_a_variant_names_its_own_sounds_and_music(tmp_path):
    (tmp_path / "sounds").mkdir()
    shutil.copy(SOUNDS / "period.wav", tmp_path / "sounds" / "gong.wav")
    (tmp_path / "loud.yaml").write_text(AUDIO_VARIANT, encoding="utf-8")
    (tmp_path / "louder.yaml").write_text(
        "id: mexica-louder\nextends: mexica-loud\nname: Louder\n", encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    assert not registry.broken, registry.broken
    reset_registry(registry)
    for variant in ("mexica-loud", "mexica-louder"):  # the second inherits the block
        sounds = GameSounds.for_game(new_game(variant, 2))
        assert sounds.music == "market"
        assert sounds.action_sound("move c4", []) == "boat"
        gong = sounds.action_sound("temple c4 1", [])
        assert Path(gong) == (tmp_path / "sounds" / "gong.wav").resolve()
        assert sounds.action_sound("canal c4", []) == "canal"  # unknown: the usual sound
        assert sounds.problems == ["Mexica, loud: there is no shipped sound 'no_such_sound'; "
                                   "the usual one plays"] or variant == "mexica-louder"


def test_a_variant_sound_outside_its_folder_is_refused(tmp_path):
    (tmp_path / "bad.yaml").write_text(
        "id: mexica-bad\nextends: mexica\nname: Bad\naudio:\n  sounds:\n"
        "    move: ../secret.wav\n  music: Loud Music\n", encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    broken = [b for b in registry.broken if b.name == "mexica-bad"]
    assert broken and "mexica-bad" not in registry.variants
    messages = " | ".join(f"{i.path}: {i.message}" for i in broken[0].issues)
    assert "audio.sounds.move" in messages and "leaves the variant file's folder" in messages
    assert "audio.music" in messages and "neither a shipped music loop's name" in messages


def test_an_action_plays_its_own_sound(app, monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(app.audio, "play", played.append)
    play = start_play(app, "mexica", 2)
    app.step([], DT)
    start = next(a for a in play.game.legal_actions() if a.startswith("start"))
    assert play.apply(start)
    assert "pilli_place" in played  # then the next player's turn
    play.refuse("not now")
    assert played[-1] == "refused"


def test_menu_steps_sound_as_named(ui, monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(ui.app.audio, "play", played.append)
    ui.key(pygame.K_DOWN)
    assert played[-1] == "move"
    choose(ui, "Settings")
    assert "select" in played
    ui.key(pygame.K_ESCAPE)
    assert played[-1] == "back"
