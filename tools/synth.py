"""A tiny deterministic synthesiser for the game's sound effects and music loops.

Pure Python on purpose (no numpy): ``math.sin``/``math.exp`` and integer noise give the
same bytes on every machine that runs CPython with an IEEE libm, so a test can regenerate
the shipped files and compare them bit for bit. The instruments imitate what suits the
setting: slit drums (teponaztli) as decaying wooden partials, a skin drum (huehuetl) as a
falling sine, seed shakers as filtered noise bursts, a clay flute as a breathy sine.
"""

from __future__ import annotations

import math
import struct
import wave
from collections.abc import Iterable
from itertools import accumulate, repeat
from operator import mul
from pathlib import Path

RATE = 22050
#: ceiling for any sample after finishing (-1 dBFS): nothing clips on the way to 16 bits
PEAK = 0.89

Samples = list[float]


class Noise:
    """White noise from a linear congruential generator: identical on every platform."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0x7FFFFFFF

    def next(self) -> float:
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state / 0x7FFFFFFF) * 2 - 1

    def take(self, n: int) -> Samples:
        """The next ``n`` values, as ``next`` gives them one by one."""
        out = []
        append = out.append
        state = self.state
        for _ in range(n):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            append((state / 0x7FFFFFFF) * 2 - 1)
        self.state = state
        return out


def count(seconds: float) -> int:
    return int(RATE * seconds)


def silence(seconds: float) -> Samples:
    return [0.0] * count(seconds)


# -- sources -----------------------------------------------------------------------------
def modes(partials: Iterable[tuple[float, float, float]], seconds: float,
          attack: float = 0.002) -> Samples:
    """Struck wood, stone or clay: decaying sine partials (frequency, amplitude, decay time
    in seconds). The short linear attack keeps the first sample at zero."""
    n = count(seconds)
    out = [0.0] * n
    a = max(1, count(attack))
    sin = math.sin
    for freq, amp, decay in partials:
        w = 2 * math.pi * freq / RATE
        k = math.exp(-1.0 / (decay * RATE))
        # the gains amp, amp*k, amp*k*k, ... multiplied in turn, as a running product
        gains = accumulate(repeat(k, n - 1), mul, initial=amp) if n else ()
        out = [o + g * sin(w * i) for i, (o, g) in enumerate(zip(out, gains, strict=True))]
    for i in range(min(a, n)):
        out[i] *= i / a
    return out


def wood(freq: float, seconds: float = 0.35, bright: float = 1.0) -> Samples:
    """A slit-drum tongue: a wooden fundamental, an inharmonic upper mode and a knock."""
    return mix(modes(((freq, 0.7, 0.09 * bright), (freq * 2.76, 0.25 * bright, 0.03),
                      (freq * 5.4, 0.08 * bright, 0.012)), seconds),
               lowpass(burst(0.012, 0.3, seed=int(freq)), 0.5))


def glide(f0: float, f1: float, seconds: float, decay: float, shape: str = "sine",
          attack: float = 0.004) -> Samples:
    """A tone sliding exponentially from f0 to f1 under an exponential decay: a skin drum
    when it falls fast, a whistle or a horn when it is slow."""
    n = count(seconds)
    out = []
    phase = 0.0
    a = max(1, count(attack))
    for i in range(n):
        t = i / n
        f = f0 * (f1 / f0) ** t
        phase += 2 * math.pi * f / RATE
        v = math.sin(phase)
        if shape == "horn":  # a few odd and even harmonics: a conch or clay horn
            v = 0.7 * v + 0.2 * math.sin(2 * phase) + 0.1 * math.sin(3 * phase)
        env = math.exp(-i / (decay * RATE)) * min(1.0, i / a)
        out.append(v * env)
    return out


def drum(freq: float, seconds: float = 0.5, drop: float = 1.6) -> Samples:
    """Huehuetl: a skin drum's thump, its pitch falling, with a little slap of noise."""
    return mix(glide(freq * drop, freq, seconds, seconds / 3.5),
               lowpass(burst(0.03, 0.35, seed=int(freq * 7)), 0.25))


def burst(seconds: float, volume: float = 1.0, seed: int = 1, power: float = 3.0) -> Samples:
    """A noise burst falling as (1 - t)^power: the raw material of shakers and splashes."""
    n = count(seconds)
    noise = Noise(seed)
    return [x * volume * (1 - i / n) ** power for i, x in enumerate(noise.take(n))]


def shaker(seconds: float = 0.09, seed: int = 3, swell: float = 0.25) -> Samples:
    """Seeds in a gourd: high-passed noise that swells briefly, then dies away."""
    n = count(seconds)
    noise = Noise(seed)
    peak = max(1, int(n * swell))
    out = []
    for i in range(n):
        env = i / peak if i < peak else (1 - (i - peak) / (n - peak)) ** 2
        out.append(noise.next() * env)
    return highpass(out, 0.6)


def flute(freq: float, seconds: float, vibrato: float = 0.006, seed: int = 5) -> Samples:
    """A clay flute: a nearly pure tone with breath noise, a soft attack and vibrato."""
    n = count(seconds)
    noise = Noise(seed)
    breath = lowpass(noise.take(n), 0.08)
    out = []
    append = out.append
    phase = 0.0
    attack, release = count(0.05), count(0.12)
    sin, two_pi = math.sin, 2 * math.pi
    for i, (wobble, swell) in enumerate(_vibrato_shape(n)):
        f = freq * (1 + vibrato * wobble * swell)
        phase += two_pi * f / RATE
        env = min(1.0, i / attack, (n - i) / release)
        append(env * (0.8 * sin(phase) + 0.12 * sin(2 * phase) + 0.1 * breath[i]))
    return out


#: (sin(2 pi 5.2 t), min(1, t / 0.25)) per sample: the flute's vibrato and how far it has
#: grown, the same for every note (worked out once; the flutes are most of the music's time)
_VIBRATO: list[tuple[float, float]] = []


def _vibrato_shape(n: int) -> list[tuple[float, float]]:
    for i in range(len(_VIBRATO), n):
        t = i / RATE
        _VIBRATO.append((math.sin(2 * math.pi * 5.2 * t), min(1.0, t / 0.25)))
    return _VIBRATO[:n]


# -- filters and arrangement -------------------------------------------------------------
def lowpass(samples: Samples, k: float) -> Samples:
    """One-pole low-pass; k in (0, 1], smaller is darker."""
    out = []
    y = 0.0
    for x in samples:
        y += k * (x - y)
        out.append(y)
    return out


def highpass(samples: Samples, k: float) -> Samples:
    """What the low-pass removes: the hiss of seeds rather than the rumble of a drum."""
    low = lowpass(samples, 1 - k)
    return [x - y for x, y in zip(samples, low, strict=True)]


def gain(samples: Samples, g: float) -> Samples:
    return [x * g for x in samples]


def seq(*parts: Samples) -> Samples:
    return [x for p in parts for x in p]


def mix(*parts: Samples) -> Samples:
    n = max(len(p) for p in parts)
    out = [0.0] * n
    for p in parts:
        m = len(p)
        out[:m] = [o + x for o, x in zip(out, p, strict=False)]
    return out


def at(seconds: float, samples: Samples) -> Samples:
    """``samples`` starting ``seconds`` late (to mix several hits into one sound)."""
    return [0.0] * count(seconds) + samples


# -- loudness ----------------------------------------------------------------------------
def window_rms(samples: Samples, seconds: float = 0.05) -> float:
    """The loudest short-window RMS: how loud a short sound seems (its body, not its
    silence)."""
    n = max(1, min(len(samples), count(seconds)))
    square = [x * x for x in samples]
    total = sum(square[:n])
    best = total
    for i in range(n, len(square)):
        total += square[i] - square[i - n]
        best = max(best, total)
    return math.sqrt(max(best, 0.0) / n)


def finish(samples: Samples, loudness: float, fade_in: float = 0.004,
           fade_out: float = 0.02) -> Samples:
    """A shippable effect: the loudness asked for (short-window RMS) but never above PEAK,
    an envelope that starts and ends at exactly zero, and no DC offset (what the fades
    leave of it is taken out under the same envelope, so the ends stay at zero)."""
    n = len(samples)
    a, r = max(1, count(fade_in)), max(1, count(fade_out))
    env = [min(1.0, i / a, (n - 1 - i) / r) for i in range(n)]
    mean = sum(samples) / n
    out = [(x - mean) * e for x, e in zip(samples, env, strict=True)]
    rest = sum(out) / sum(env)
    out = [x - rest * e for x, e in zip(out, env, strict=True)]
    rms = window_rms(out)
    peak = max(abs(x) for x in out)
    g = min(loudness / rms if rms else 0.0, PEAK / peak if peak else 0.0)
    return [x * g for x in out]


# -- files -------------------------------------------------------------------------------
def to_pcm(samples: Samples) -> bytes:
    """16-bit little-endian samples, clipped: one pack for the whole list."""
    ints = [round((-1.0 if s < -1.0 else 1.0 if s > 1.0 else s) * 32767) for s in samples]
    return struct.pack(f"<{len(ints)}h", *ints)


def write_wav(path: Path, samples: Samples) -> Path:
    """16-bit mono PCM at RATE: what pygame loads anywhere, and small enough to ship."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_pcm(samples))
    return path


def pentatonic(root: float, degree: int) -> float:
    """Degree ``degree`` of the minor pentatonic scale on ``root`` (0 = root; 5 = the
    octave; negative degrees go down)."""
    steps = (0, 3, 5, 7, 10)
    octave, i = divmod(degree, 5)
    return root * 2 ** ((12 * octave + steps[i]) / 12)
