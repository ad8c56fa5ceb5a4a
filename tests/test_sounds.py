"""The shipped sounds and music: exactly what the tools generate (clean origin), levels a
listener would accept, loops without a click, and a sound for everything a game does."""

from __future__ import annotations

import importlib.util
import math
import re
import statistics
import struct
import sys
import wave
from pathlib import Path

import pytest

from game.api import new_game
from game.ui.cues import (
    FALLBACK,
    GAME_MUSIC,
    GAME_SOUNDS,
    GENERIC,
    MENU_MUSIC,
    UI_SOUNDS,
    GameSounds,
)

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"
MUSIC = ROOT / "assets" / "music"


def _load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def _samples(path: Path) -> tuple[int, list[float]]:
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2), f"{path.name}: 16-bit mono"
        n = w.getnframes()
        data = w.readframes(n)
        rate = w.getframerate()
    return rate, [x / 32767 for x in struct.unpack(f"<{n}h", data)]


def _names(folder: Path) -> list[str]:
    return sorted(p.stem for p in folder.glob("*.wav"))


# -- clean origin ----------------------------------------------------------------------------
@pytest.mark.parametrize(("tool", "folder"), [("make_sounds", SOUNDS), ("make_music", MUSIC)])
def test_every_shipped_file_is_regenerated_bit_for_bit(tool, folder, tmp_path):
    _load_tool(tool).main(tmp_path)
    assert _names(folder) == _names(tmp_path), f"{folder} must hold exactly what {tool} makes"
    for name in _names(tmp_path):
        assert (tmp_path / f"{name}.wav").read_bytes() == (folder / f"{name}.wav").read_bytes(), \
            f"{name}.wav differs from what tools/{tool}.py makes"


def test_the_music_stays_a_few_megabytes():
    total = sum(p.stat().st_size for p in MUSIC.glob("*.wav"))
    assert total < 3_000_000, f"the music loops take {total:,} bytes"


# -- levels ----------------------------------------------------------------------------------
def _window_rms(s: list[float], n: int) -> float:
    square = [x * x for x in s]
    total = best = sum(square[:n])
    for i in range(n, len(square)):
        total += square[i] - square[i - n]
        best = max(best, total)
    return math.sqrt(best / n)


def test_effects_do_not_clip_have_no_dc_and_start_and_end_in_silence():
    for name in _names(SOUNDS):
        rate, s = _samples(SOUNDS / f"{name}.wav")
        assert rate == 22050
        assert max(abs(x) for x in s) <= 0.9, f"{name}: peak within -1 dBFS"
        assert abs(sum(s) / len(s)) < 0.001, f"{name}: no DC offset"
        assert s[0] == 0 and s[-1] == 0, f"{name}: the envelope starts and ends at zero"
        # a ramp, not a step: the first and last millisecond stay under a third of the peak
        edge, peak = rate // 1000, max(abs(x) for x in s)
        assert max(abs(x) for x in s[:edge] + s[-edge:]) < peak / 3, \
            f"{name}: no click at either end"


def test_effects_are_balanced_in_loudness():
    """Short-window RMS (50 ms, the body of a short sound): none is more than a factor of
    two (6 dB) louder or quieter than the median, so nothing startles or vanishes."""
    levels = {}
    for name in _names(SOUNDS):
        rate, s = _samples(SOUNDS / f"{name}.wav")
        levels[name] = _window_rms(s, rate // 20)
    median = statistics.median(levels.values())
    for name, level in levels.items():
        assert median / 2 <= level <= median * 2, f"{name}: {level:.3f} vs median {median:.3f}"


def test_effects_are_all_distinct():
    seen: dict[bytes, str] = {}
    for name in _names(SOUNDS):
        data = (SOUNDS / f"{name}.wav").read_bytes()
        assert data not in seen, f"{name} is the same sound as {seen.get(data)}"
        seen[data] = name


def test_music_loops_are_seamless_and_sit_under_the_effects():
    """The jump from the last sample back to the first is no bigger than the jumps between
    neighbouring samples inside the loop (at the 99th percentile): no click at the seam.
    The slope continues too (second difference), and the loop is centred and unclipped."""
    for name in _names(MUSIC):
        rate, s = _samples(MUSIC / f"{name}.wav")
        steps = sorted(abs(b - a) for a, b in zip(s, s[1:], strict=False))
        p99 = steps[int(len(steps) * 0.99)]
        assert abs(s[0] - s[-1]) <= p99, f"{name}: the seam jumps {abs(s[0] - s[-1]):.3f}"
        curve = sorted(abs(s[i + 1] - 2 * s[i] + s[i - 1]) for i in range(1, len(s) - 1))
        seam_curve = max(abs(s[0] - 2 * s[-1] + s[-2]), abs(s[1] - 2 * s[0] + s[-1]))
        assert seam_curve <= curve[int(len(curve) * 0.99)], f"{name}: the seam bends sharply"
        assert max(abs(x) for x in s) <= 0.9, f"{name}: peak within -1 dBFS"
        assert abs(sum(s) / len(s)) < 0.001, f"{name}: no DC offset"
        rms = math.sqrt(sum(x * x for x in s) / len(s))
        assert 0.05 <= rms <= 0.2, f"{name}: whole-loop RMS {rms:.3f}"
        assert 10 <= len(s) / rate <= 20, f"{name}: a loop of 10-20 s"


def test_every_game_and_the_menus_have_their_loop():
    for track in {*GAME_MUSIC.values(), MENU_MUSIC}:
        assert (MUSIC / f"{track}.wav").is_file(), track


# -- every action and event has its sound -------------------------------------------------
ENGINE_PACKAGES = {"mexica": "mexica", "mexica-neutral": "mexica_neutral",
                   "tlatelolco-market": "market", "aztlan": "aztlan"}
#: kinds made from a value rather than written out: the Market's tiles that carry tokens
#: (variants/market/handlers.py, ``Event(tile, ...)``)
DYNAMIC_KINDS = {"tlatelolco-market": {"porter", "governor"}}


def _rules_sources(package: str) -> str:
    """The rules modules of a built-in game (not its views): where verbs and events are."""
    folder = ROOT / "variants" / package
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py"))
                     if not p.name.startswith("view"))


def _kinds(package: str) -> set[str]:
    return set(re.findall(r'Event\(\s*"([a-z_]+)"', _rules_sources(package)))


def _verbs(package: str) -> set[str]:
    """Every verb of a game: the keys of its rules' handler tables."""
    if package in ("mexica", "mexica_neutral"):
        from variants.mexica.rules import MexicaRules

        return set(MexicaRules.ACTIONS) | set(MexicaRules.TURN_STEPS)
    try:  # the engine template's verbs table (variants/<game>/verbs.py)
        return set(importlib.import_module(f"variants.{package}.verbs").VERBS)
    except ModuleNotFoundError:
        return set(importlib.import_module(f"variants.{package}.handlers").HANDLERS)


#: a built-in variant of each engine, and a player count it allows
ENGINE_GAMES = {"mexica": ("mexica", 2), "mexica-neutral": ("mexica-2p-neutral", 2),
                "tlatelolco-market": ("tlatelolco-market", 2), "aztlan": ("aztlan", 3)}


def _sounds_for(engine: str) -> GameSounds:
    """The sounds of a real game of ``engine``, as the play screen builds them."""
    variant, players = ENGINE_GAMES[engine]
    game = new_game(variant, players)
    assert game.rules.engine_id == engine
    return GameSounds.for_game(game)


def test_the_scan_finds_the_games_actions():
    """The source scan below is a real list, not an empty one."""
    assert {"move", "boat", "canal", "bridge", "temple", "found", "take", "spend", "agree",
            "refuse", "remove"} <= _verbs("mexica")
    assert {"shift", "buy", "coin", "king", "pass"} <= _verbs("market")
    assert {"choose", "place", "move", "battle", "coexist", "score"} <= _verbs("aztlan")
    assert {"founded", "scoring", "district_scored", "game_over"} <= _kinds("mexica")
    assert {"reveal", "battle", "age"} <= _kinds("aztlan")


@pytest.mark.parametrize("engine", sorted(ENGINE_PACKAGES))
def test_every_verb_and_event_kind_of_a_built_in_game_has_its_own_sound(engine):
    package = ENGINE_PACKAGES[engine]
    sounds = _sounds_for(engine)
    keys = _verbs(package) | _kinds(package) | DYNAMIC_KINDS.get(engine, set())
    if engine == "mexica-neutral":  # it plays Mexica's actions with Mexica's events
        keys |= _verbs("mexica") | _kinds("mexica")
    for key in sorted(keys):
        sound = sounds.lookup(key)
        assert sound, f"{engine}: '{key}' has no entry in game/ui/cues.py"
        assert (SOUNDS / f"{sound}.wav").is_file(), f"{engine}: '{key}' -> missing {sound}.wav"


def test_each_kind_of_action_sounds_different():
    """Within a game, different actions never share a sound; the brief's list by name."""
    for engine, table in GAME_SOUNDS.items():
        verbs = _verbs(ENGINE_PACKAGES[engine])
        by_sound: dict[str, str] = {}
        for verb in sorted(verbs):
            sound = table[verb]
            assert sound not in by_sound, f"{engine}: '{verb}' sounds like '{by_sound[sound]}'"
            by_sound[sound] = verb
    mexica = GAME_SOUNDS["mexica"]
    assert (mexica["move"], mexica["boat"], mexica["canal"], mexica["bridge"],
            mexica["temple"], mexica["found"]) == ("step", "boat", "canal", "bridge", "temple",
                                                   "found")
    assert len({mexica["take"], mexica["spend"], mexica["agree"], mexica["refuse"]}) == 4


def test_ui_steps_have_their_own_sounds():
    for step in ("move", "select", "back", "refused", "turn", "score", "winner"):
        assert (SOUNDS / f"{UI_SOUNDS[step]}.wav").is_file(), step
    assert len({UI_SOUNDS[s] for s in ("move", "select", "back", "refused", "turn")}) == 5


def test_every_named_sound_ships_and_every_shipped_sound_is_used():
    named = {*UI_SOUNDS.values(), *GENERIC.values(), FALLBACK,
             *(s for table in GAME_SOUNDS.values() for s in table.values())}
    shipped = set(_names(SOUNDS))
    assert named <= shipped, f"named but not shipped: {sorted(named - shipped)}"
    assert shipped <= named, f"shipped but never played: {sorted(shipped - named)}"


def test_a_headline_event_outranks_the_action_and_a_mod_gets_sensible_sounds():
    mexica = _sounds_for("mexica")
    # the last "end" of a period scores it: the scoring drum roll, not the end of a turn
    assert mexica.action_sound("end", ["scoring", "district_scored", "score"]) == "scoring"
    assert mexica.action_sound("end", ["turn"]) == "end_turn"
    assert mexica.action_sound("move c4", []) == "step"
    aztlan = _sounds_for("aztlan")
    assert aztlan.action_sound("choose 7", ["choose", "chosen", "reveal"]) == "card_reveal"
    assert aztlan.action_sound("move t3 t4", ["move"]) == "pawn_move"
    mod = GameSounds(["race"])  # an engine the table does not know
    assert mod.action_sound("move 3", ["move"]) == GENERIC["move"]
    assert mod.action_sound("roll", ["game_over"]) == "fanfare"
    assert mod.action_sound("jump 3", ["bonus_points"]) == "score"  # guessed from the name
    assert mod.action_sound("jump 3", ["hop"], points=True) == "score"
    assert mod.action_sound("jump 3", ["hop"]) == FALLBACK
    own = GameSounds(["mexica"], own={"move": "boat", "hop": "/variant/hop.wav"})
    assert own.action_sound("move c4", []) == "boat"  # the variant's word comes first
    assert own.action_sound("jump", ["hop"]) == "/variant/hop.wav"
