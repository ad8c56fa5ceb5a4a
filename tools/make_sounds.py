"""Generate the game's sound effects into assets/sounds/ from code.

Every sound is synthesised here from the instruments in ``tools/synth.py`` (slit-drum
tongues, skin drums, shakers, clay flutes and horns, clinking clay and copper), so their
origin is clean and anyone can tweak and regenerate them: ``python tools/make_sounds.py``.
Deterministic: the same script always writes the same bytes (a test checks it).
``game/ui/cues.py`` says which sound plays when.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synth import (  # noqa: E402
    Samples,
    at,
    burst,
    drum,
    finish,
    flute,
    gain,
    glide,
    highpass,
    lowpass,
    mix,
    modes,
    seq,
    shaker,
    silence,
    wood,
    write_wav,
)

OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

#: loudness (short-window RMS) of an ordinary effect; quiet UI ticks and loud headlines
#: stay within a factor of two of it
NORMAL, QUIET, LOUD = 0.16, 0.11, 0.19


# -- shared gestures ---------------------------------------------------------------------
def clink(freq: float, seconds: float = 0.2) -> Samples:
    """Fired clay or copper struck lightly: two bright inharmonic partials."""
    return modes(((freq, 0.5, 0.05), (freq * 2.47, 0.2, 0.02)), seconds)


def flick(seed: int, seconds: float = 0.045) -> Samples:
    """A card snapped on the table: a short bright burst."""
    return highpass(burst(seconds, 1.0, seed=seed, power=4), 0.5)


def scrape(seconds: float, seed: int) -> Samples:
    """Something pushed across the table: band-limited noise that swells and fades."""
    n = len(silence(seconds))
    body = lowpass(highpass(burst(seconds, 1.0, seed=seed, power=0.6), 0.2), 0.35)
    return [x * min(1.0, 4 * i / n) for i, x in enumerate(body)]


def splash(seconds: float, seed: int) -> Samples:
    """Water: dark noise with a quick swell and a bubble falling in pitch."""
    n = len(silence(seconds))
    water = lowpass(burst(seconds, 1.0, seed=seed, power=1.5), 0.12)
    water = [x * min(1.0, 12 * i / n) for i, x in enumerate(water)]
    return mix(water, gain(glide(520, 240, seconds * 0.6, seconds / 4), 0.25))


def gong(partials: tuple[float, ...], seconds: float) -> Samples:
    """A metal or stone disc: inharmonic partials, the lowest ringing longest."""
    return modes(((f, 0.6 / (k + 1), seconds / (1.6 + k)) for k, f in enumerate(partials)),
                 seconds, attack=0.006)


def horn(freq: float, seconds: float, bend: float = 1.0) -> Samples:
    """A conch or clay horn note, with a slow swell and a slight bend up to pitch."""
    n = len(silence(seconds))
    body = glide(freq * 0.94, freq * bend, seconds, seconds * 2, "horn", attack=0.06)
    return [x * min(1.0, (n - i) / (0.3 * n)) for i, x in enumerate(body)]


def notes(gap: float, *parts: Samples) -> Samples:
    """``parts`` one after another, ``gap`` seconds apart (overlapping as they ring)."""
    return mix(*(at(i * gap, p) for i, p in enumerate(parts)))


# -- the effects: name -> (recipe, loudness) -----------------------------------------------
SOUNDS: dict[str, tuple[Callable[[], Samples], float]] = {
    # menus and turns
    "ui_move": (lambda: wood(1320, 0.08, bright=0.6), QUIET),
    "click": (lambda: notes(0.05, wood(880, 0.2), wood(1320, 0.2)), QUIET),
    "ui_back": (lambda: notes(0.05, wood(1320, 0.2), wood(880, 0.2)), QUIET),
    "error": (lambda: notes(0.11, glide(220, 200, 0.13, 0.05, "horn"),
                            glide(165, 150, 0.22, 0.08, "horn")), NORMAL),
    "turn": (lambda: mix(notes(0.1, wood(587, 0.35), wood(880, 0.45)),
                         gain(shaker(0.12, 9), 0.3)), NORMAL),
    "end_turn": (lambda: mix(drum(110, 0.35), gain(shaker(0.08, 4), 0.2)), QUIET),
    "place": (lambda: mix(wood(330, 0.25), drum(160, 0.2)), NORMAL),
    # Mexica
    "pilli_place": (lambda: mix(wood(392, 0.3, bright=1.4), drum(140, 0.25)), NORMAL),
    "step": (lambda: mix(lowpass(burst(0.08, 1.0, seed=11, power=2), 0.2),
                         drum(90, 0.12, drop=1.3)), QUIET),
    "boat": (lambda: mix(splash(0.4, 13), at(0.05, gain(wood(247, 0.3, 0.5), 0.4))), NORMAL),
    "teleport": (lambda: mix(glide(400, 1200, 0.35, 0.25), gain(shaker(0.3, 17), 0.4)),
                 NORMAL),
    "canal": (lambda: mix(splash(0.55, 7), at(0.12, gain(splash(0.3, 8), 0.6))), NORMAL),
    "bridge": (lambda: notes(0.08, wood(180, 0.3), wood(240, 0.3)), NORMAL),
    "bridge_move": (lambda: mix(scrape(0.22, 21), at(0.2, wood(200, 0.3))), NORMAL),
    "temple": (lambda: notes(0.12, mix(drum(70, 0.3), gong((300, 710), 0.2)),
                             mix(drum(80, 0.3), gong((360, 850), 0.2)),
                             gong((420, 990), 0.3)), NORMAL),
    "found": (lambda: mix(horn(196, 0.75, 1.06), drum(80, 0.6),
                          at(0.3, wood(587, 0.5))), LOUD),
    "token_take": (lambda: notes(0.06, clink(1900), clink(2400)), QUIET),
    "token_spend": (lambda: notes(0.06, clink(2400), clink(1900)), QUIET),
    "vote_call": (lambda: horn(294, 0.5), NORMAL),
    "vote_yes": (lambda: notes(0.15, flute(587, 0.18), flute(880, 0.3)), NORMAL),
    "vote_no": (lambda: notes(0.15, flute(587, 0.18), flute(440, 0.3)), NORMAL),
    "token_removed": (lambda: notes(0.07, clink(2200), clink(1700), clink(1300)), NORMAL),
    "all_passed": (lambda: mix(*(at(0.11 * i, gain(shaker(0.1, 30 + i), 0.8 - 0.2 * i))
                                 for i in range(4))), QUIET),
    "period_end": (lambda: mix(*(at(t, drum(120, 0.25)) for t in (0, 0.2, 0.34, 0.44, 0.52))),
                   NORMAL),
    "period": (lambda: gong((110, 172, 265, 410), 1.6), LOUD),
    "scoring": (lambda: mix(*(at(0.07 * i, gain(drum(100 + 6 * i, 0.2), 0.5 + 0.05 * i))
                              for i in range(9)), at(0.63, wood(659, 0.5))), LOUD),
    "district": (lambda: mix(wood(440, 0.4), wood(659, 0.4)), NORMAL),
    "score": (lambda: notes(0.07, mix(clink(1318, 0.25), wood(659, 0.25)),
                            mix(clink(1760, 0.35), wood(880, 0.35))), NORMAL),
    "fanfare": (lambda: mix(notes(0.16, horn(392, 0.3), horn(440, 0.3), horn(523, 0.3),
                                  horn(587, 0.9, 1.02)),
                            *(at(t, drum(90, 0.4)) for t in (0, 0.32, 0.48, 0.64))), LOUD),
    # the Market
    "tile_place": (lambda: mix(modes(((620, 0.6, 0.03), (1500, 0.3, 0.01)), 0.15),
                               gain(flick(41, 0.02), 0.3)), NORMAL),
    "market_open": (lambda: mix(shaker(0.25, 43), notes(0.06, wood(392, 0.5), wood(440, 0.5),
                                                        wood(587, 0.6))), LOUD),
    "coin": (lambda: modes(((2093, 0.5, 0.15), (5560, 0.25, 0.05), (3320, 0.2, 0.09)), 0.4),
             QUIET),
    "pay": (lambda: notes(0.09, modes(((2093, 0.5, 0.1), (5560, 0.2, 0.04)), 0.25),
                          modes(((1760, 0.5, 0.15), (4700, 0.2, 0.05)), 0.35)), QUIET),
    "tile_slide": (lambda: mix(scrape(0.3, 47), at(0.27, modes(((620, 0.5, 0.03),), 0.1))),
                   NORMAL),
    "purchase": (lambda: mix(shaker(0.12, 51), at(0.1, shaker(0.12, 52)),
                             at(0.2, modes(((2093, 0.5, 0.15), (5560, 0.25, 0.05)), 0.35))),
                 NORMAL),
    "king": (lambda: notes(0.22, horn(392, 0.3), horn(587, 0.55)), LOUD),
    "king_skip": (lambda: gain(wood(330, 0.3, bright=0.5), 0.6), QUIET),
    "pass_draw": (lambda: mix(*(at(0.07 * i, gain(shaker(0.09, 60 + i, 0.4), 1 - 0.15 * i))
                                for i in range(5))), NORMAL),
    "nothing": (lambda: lowpass(drum(90, 0.18, drop=1.2), 0.3), QUIET),
    # Aztlán
    "card_choose": (lambda: mix(flick(71), at(0.02, gain(wood(1760, 0.08, 0.5), 0.3))),
                    QUIET),
    "card_reveal": (lambda: mix(flick(72), at(0.06, flick(73)), at(0.12, flick(74)),
                                at(0.16, mix(wood(523, 0.45), wood(784, 0.45)))), LOUD),
    "pawn_place": (lambda: mix(wood(660, 0.25, bright=1.3), drum(200, 0.1)), NORMAL),
    "pawn_move": (lambda: seq(gain(glide(500, 800, 0.07, 0.05), 0.5),
                              wood(740, 0.25, bright=1.2)), NORMAL),
    "pawn_stay": (lambda: gain(wood(494, 0.15, bright=0.5), 0.7), QUIET),
    "pawn_removed": (lambda: notes(0.06, wood(900, 0.2), wood(700, 0.2), wood(520, 0.3)),
                     NORMAL),
    "eagle": (lambda: mix(glide(1800, 1150, 0.45, 0.2), at(0.3, wood(660, 0.25))), NORMAL),
    "battle": (lambda: mix(*(at(t, drum(75, 0.45)) for t in (0, 0.15, 0.3)),
                           at(0.3, horn(220, 0.5))), LOUD),
    "coexist": (lambda: mix(wood(440, 0.6), wood(659, 0.6),
                            at(0.08, gain(flute(880, 0.4), 0.5))), NORMAL),
    "sacred": (lambda: mix(*(at(t, gain(glide(260, 180, 0.1, 0.05), v))
                             for t, v in ((0, 1), (0.2, 0.7), (0.33, 0.5), (0.42, 0.3)))),
               NORMAL),
    "tlatoani": (lambda: mix(horn(262, 0.8), horn(392, 0.8), drum(70, 0.6)), LOUD),
    "decline": (lambda: notes(0.1, gain(wood(330, 0.2, 0.5), 0.7), wood(247, 0.3, 0.5)),
                QUIET),
    "bless": (lambda: notes(0.12, flute(659, 0.2), flute(784, 0.2), flute(1047, 0.4)), NORMAL),
    "rafts": (lambda: mix(splash(0.35, 81), at(0.2, splash(0.35, 82)),  # two paddle strokes
                          gain(notes(0.2, wood(196, 0.3, 0.5), wood(220, 0.3, 0.5)), 0.6)),
              NORMAL),
    "prosperity": (lambda: mix(flick(91), at(0.05, notes(0.08, clink(1047, 0.3),
                                                          clink(1568, 0.4)))), NORMAL),
    "wild": (lambda: mix(flick(92), at(0.05, notes(0.07, clink(1175, 0.3), clink(1760, 0.3),
                                                    clink(2349, 0.4)))), NORMAL),
    "card_draw": (lambda: mix(scrape(0.12, 93), at(0.1, flick(94))), QUIET),
    "card_shuffle": (lambda: mix(*(at(0.035 * i, gain(flick(100 + i, 0.03), 0.6))
                                   for i in range(10))), QUIET),
    "age": (lambda: mix(gong((147, 229, 353), 1.4), drum(65, 0.8)), LOUD),
}


def make(name: str) -> Samples:
    recipe, loudness = SOUNDS[name]
    return finish(recipe(), loudness)


def write(name: str, samples: Samples, out: Path = OUT) -> Path:
    return write_wav(out / f"{name}.wav", samples)


def main(out: Path = OUT) -> int:
    for name in SOUNDS:
        print(write(name, make(name), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
