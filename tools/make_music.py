"""Generate the music loops into assets/music/ from code: ``python tools/make_music.py``.

Each loop is written out note by note below (patterns on a sixteenth-note grid) and played
by the instruments of ``tools/synth.py``: teponaztli-like slit drums, a huehuetl-like skin
drum, seed shakers, a clay flute or a conch horn, all in a minor pentatonic scale. Nothing
is sampled or copied; the same script always writes the same bytes (a test checks it).

Loops are seamless by construction: a note that rings past the end of the loop is folded
back onto its beginning, so the last sample leads into the first as any two neighbouring
samples do. Tempos are chosen so that a sixteenth note is a whole number of samples.
File size: 16-bit mono at 22,050 Hz is 43 kB a second; four loops of 13-16 s stay under
3 MB together.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synth import (  # noqa: E402
    PEAK,
    RATE,
    Noise,
    Samples,
    drum,
    flute,
    glide,
    pentatonic,
    shaker,
    wood,
    write_wav,
)

OUT = Path(__file__).resolve().parent.parent / "assets" / "music"
#: whole-loop RMS: music sits under the effects (and has its own volume)
LOUDNESS = 0.11


@dataclass
class Track:
    """One loop: tempo, length and its notes as (sixteenth, instrument, pitch, velocity)."""

    bpm: int
    bars: int
    root: float
    seed: int
    notes: list[tuple[int, str, float, float]] = field(default_factory=list)

    @property
    def step(self) -> int:
        """Samples per sixteenth note (exact: the tempos are chosen for it)."""
        step, rest = divmod(RATE * 60, self.bpm * 4)
        assert rest == 0, f"{self.bpm} bpm is not a whole number of samples a sixteenth"
        return step

    def pitch(self, degree: int) -> float:
        return pentatonic(self.root, degree)

    def rhythm(self, bar: int, pattern: str, instrument: str, pitches: dict[str, int] | None
               = None, velocity: float = 1.0) -> None:
        """One bar of a pattern: a character per sixteenth, '.' a rest. With ``pitches``
        each character names a scale degree (slit drums); else 'x' is an accent and 'o'
        a softer hit."""
        for i, ch in enumerate(pattern):
            if ch in ". ":
                continue
            if pitches is not None:
                self.add(bar * 16 + i, instrument, self.pitch(pitches[ch]), velocity)
            else:
                self.add(bar * 16 + i, instrument, 0.0, velocity * (1.0 if ch == "x" else 0.55))

    def melody(self, bar: int, phrase: list[tuple[int, int, int]], instrument: str,
               velocity: float = 1.0) -> None:
        """A phrase: (sixteenth in the bar, scale degree, length in sixteenths)."""
        for at, degree, length in phrase:
            self.notes.append((bar * 16 + at, f"{instrument}:{length}", self.pitch(degree),
                               velocity))

    def add(self, sixteenth: int, instrument: str, pitch: float, velocity: float) -> None:
        self.notes.append((sixteenth, instrument, pitch, velocity))


def instrument(name: str, pitch: float, step: int) -> Samples:
    """The sound of one note; ``name`` may carry a length in sixteenths ("flute:6")."""
    kind, _, length = name.partition(":")
    seconds = int(length or 1) * step / RATE
    if kind == "tep":  # slit drum
        return wood(pitch, 0.45)
    if kind == "tep_soft":
        return wood(pitch, 0.35, bright=0.6)
    if kind == "drum":
        return drum(70, 0.6)
    if kind == "drum_hi":
        return drum(115, 0.35)
    if kind == "shaker":
        return shaker(0.07, 3)
    if kind == "shaker_long":
        return shaker(0.16, 5, swell=0.5)
    if kind == "flute":
        return flute(pitch, seconds + 0.05)
    if kind == "horn":
        return glide(pitch * 0.95, pitch, seconds + 0.1, seconds * 1.5, "horn", attack=0.08)
    if kind == "clink":
        return wood(pitch, 0.3, bright=1.6)
    raise ValueError(f"unknown instrument {name!r}")


def render(track: Track) -> Samples:
    """Every note mixed into the loop, tails folded back to its start; humanised with a
    seeded, deterministic velocity jitter."""
    step = track.step
    n = step * 16 * track.bars
    out = [0.0] * n
    cache: dict[tuple[str, float], Samples] = {}
    jitter = Noise(track.seed)
    for sixteenth, name, pitch, velocity in sorted(track.notes):
        key = (name, pitch)
        if key not in cache:
            cache[key] = instrument(name, pitch, step)
        v = velocity * (1 + 0.08 * jitter.next())
        _add_wrapped(out, cache[key], v, (sixteenth * step) % n)
    mean = sum(out) / n
    out = [x - mean for x in out]
    rms = (sum(x * x for x in out) / n) ** 0.5
    peak = max(abs(x) for x in out)
    g = min(LOUDNESS / rms, PEAK / peak)
    return [x * g for x in out]


def _add_wrapped(out: Samples, note: Samples, v: float, start: int) -> None:
    """``out[(start + j) % len(out)] += v * note[j]`` for every j, in that order, a
    stretch of the loop at a time (a note's tail folds back onto the loop's start)."""
    n = len(out)
    done = 0
    while done < len(note):
        at = (start + done) % n
        length = min(n - at, len(note) - done)
        out[at:at + length] = [o + v * x for o, x in zip(out[at:at + length],
                                                         note[done:done + length], strict=True)]
        done += length


# -- the loops -----------------------------------------------------------------------------
def menu() -> Track:
    """Title and menus: slow and open; two slit-drum tones, a soft drum, a flute that
    answers itself."""
    t = Track(bpm=75, bars=4, root=146.83, seed=11)  # D
    for bar in range(4):
        t.rhythm(bar, "x..o..x.o.x.o...", "tep_soft", {"x": 5, "o": 3}, 0.7)
        t.rhythm(bar, "x.......o.......", "drum", velocity=0.8)
        t.rhythm(bar, "..o...o...o...ox", "shaker", velocity=0.35)
    t.melody(0, [(0, 10, 6), (6, 12, 2), (8, 11, 8)], "flute", 0.5)
    t.melody(1, [(4, 9, 4), (8, 8, 8)], "flute", 0.5)
    t.melody(2, [(0, 10, 6), (6, 12, 2), (8, 13, 4), (12, 12, 4)], "flute", 0.5)
    t.melody(3, [(0, 11, 4), (4, 10, 10)], "flute", 0.5)
    return t


def mexica() -> Track:
    """Mexica (and Mexica for two): the lake city; a rolling slit-drum ostinato like water
    against the canals, a steady drum, a flute line in two phrases."""
    t = Track(bpm=98, bars=6, root=110.0, seed=23)  # A
    roll = ("x.o.y.o.x.o.y.oo", "x.o.y.o.x.o.z.o.")
    for bar in range(6):
        t.rhythm(bar, roll[bar % 2], "tep", {"x": 5, "o": 8, "y": 7, "z": 9}, 0.55)
        t.rhythm(bar, "x.....x...x.....", "drum", velocity=0.9)
        t.rhythm(bar, "o.o.x.o.o.o.x.o.", "shaker", velocity=0.4)
    t.melody(0, [(0, 12, 4), (4, 13, 2), (6, 12, 2), (8, 10, 8)], "flute", 0.45)
    t.melody(1, [(0, 11, 4), (4, 10, 4), (8, 8, 8)], "flute", 0.45)
    t.melody(2, [(0, 12, 4), (4, 13, 2), (6, 15, 2), (8, 14, 8)], "flute", 0.45)
    t.melody(3, [(0, 13, 4), (4, 12, 4), (8, 10, 8)], "flute", 0.45)
    t.melody(4, [(8, 10, 2), (10, 11, 2), (12, 12, 4)], "flute", 0.4)
    t.melody(5, [(0, 11, 6), (6, 10, 10)], "flute", 0.45)
    return t


def market() -> Track:
    """The Market: busy and bright; two interlocking slit drums, shakers on every
    sixteenth, little clay bells and a skipping drum."""
    t = Track(bpm=126, bars=8, root=196.0, seed=37)  # G
    for bar in range(8):
        low = "x..x..x.x..x.x.." if bar % 4 != 3 else "x..x..x.x.x.x.x."
        t.rhythm(bar, low, "tep", {"x": 0}, 0.5)
        t.rhythm(bar, ".y..y.z...y..y.z", "tep_soft", {"y": 4, "z": 5}, 0.45)
        t.rhythm(bar, "xooxooxoxooxoxoo", "shaker", velocity=0.35)
        t.rhythm(bar, "x.....x.....x...", "drum_hi", velocity=0.7)
        if bar % 2:
            t.rhythm(bar, "......c.....d...", "clink", {"c": 10, "d": 12}, 0.25)
    for bar, phrase in ((0, [(0, 7, 2), (2, 8, 2), (4, 10, 4)]),
                        (2, [(0, 10, 2), (2, 9, 2), (4, 7, 4)]),
                        (4, [(0, 7, 2), (2, 8, 2), (4, 10, 2), (6, 12, 6)]),
                        (6, [(0, 11, 2), (2, 10, 2), (4, 8, 2), (6, 7, 6)])):
        t.melody(bar, phrase, "flute", 0.4)
    return t


def aztlan() -> Track:
    """Aztlán: the migration and its wars; heavy drums, a slow low slit-drum and conch
    calls."""
    t = Track(bpm=90, bars=6, root=130.81, seed=53)  # C
    for bar in range(6):
        t.rhythm(bar, "x..x..x...x.x...", "drum", velocity=1.0)
        t.rhythm(bar, "....o.......o..o", "drum_hi", velocity=0.6)
        t.rhythm(bar, "a.......b...a...", "tep", {"a": 0, "b": 3}, 0.55)
        t.rhythm(bar, "..o...o...o...o.", "shaker_long", velocity=0.4)
    t.melody(0, [(0, 5, 8)], "horn", 0.4)
    t.melody(1, [(0, 8, 4), (4, 7, 8)], "horn", 0.35)
    t.melody(3, [(0, 5, 8)], "horn", 0.4)
    t.melody(4, [(0, 8, 4), (4, 10, 4), (8, 8, 8)], "horn", 0.35)
    t.melody(2, [(8, 12, 2), (10, 10, 2), (12, 8, 4)], "flute", 0.35)
    t.melody(5, [(8, 10, 2), (10, 8, 2), (12, 5, 4)], "flute", 0.35)
    return t


LOOPS: dict[str, Callable[[], Track]] = {"menu": menu, "mexica": mexica, "market": market,
                                         "aztlan": aztlan}


def make(name: str) -> Samples:
    return render(LOOPS[name]())


def main(out: Path = OUT) -> int:
    for name in LOOPS:
        print(write_wav(out / f"{name}.wav", make(name)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
