"""Generate the game's sound effects into assets/sounds/ from code.

Every sound is synthesised here (sine/square tones, noise, envelopes), so their origin is
clean and anyone can tweak and regenerate them: ``python tools/make_sounds.py``.
Deterministic: the same script always writes the same bytes.
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def tone(freq: float, seconds: float, shape: str = "sine", volume: float = 0.5,
         attack: float = 0.005, release: float = 0.08, slide: float = 0.0) -> list[float]:
    n = int(RATE * seconds)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq + slide * t
        phase += 2 * math.pi * f / RATE
        if shape == "square":
            v = 1.0 if math.sin(phase) >= 0 else -1.0
            v *= 0.5
        elif shape == "triangle":
            v = 2 / math.pi * math.asin(math.sin(phase))
        else:
            v = math.sin(phase)
        env = min(1.0, t / attack) if attack else 1.0
        env *= min(1.0, (seconds - t) / release) if release else 1.0
        out.append(v * env * volume)
    return out


def noise(seconds: float, volume: float = 0.3, seed: int = 1) -> list[float]:
    state = seed
    out = []
    n = int(RATE * seconds)
    for i in range(n):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        v = (state / 0x7FFFFFFF) * 2 - 1
        out.append(v * volume * (1 - i / n) ** 3)
    return out


def seq(*parts: list[float]) -> list[float]:
    return [x for p in parts for x in p]


def mix(*parts: list[float]) -> list[float]:
    n = max(len(p) for p in parts)
    return [sum(p[i] for p in parts if i < len(p)) for i in range(n)]


SOUNDS = {
    "click": lambda: tone(880, 0.05, "triangle", 0.4, release=0.04),
    "place": lambda: mix(tone(196, 0.16, "sine", 0.6, slide=-200), noise(0.06, 0.25)),
    "canal": lambda: mix(noise(0.25, 0.25, 7), tone(330, 0.25, "sine", 0.2, slide=-400)),
    "score": lambda: seq(tone(660, 0.07, "square", 0.25), tone(990, 0.12, "square", 0.25)),
    "error": lambda: seq(tone(220, 0.09, "square", 0.3), tone(165, 0.16, "square", 0.3)),
    "turn": lambda: seq(tone(523, 0.08, "triangle", 0.4), tone(784, 0.14, "triangle", 0.4)),
    "fanfare": lambda: seq(*(tone(f, d, "square", 0.25) for f, d in
                             ((523, 0.12), (659, 0.12), (784, 0.12), (1047, 0.4)))),
}


def write(name: str, samples: list[float], out: Path = OUT) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.wav"
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s)) * 32767))
                      for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return path


def main(out: Path = OUT) -> int:
    for name, make in SOUNDS.items():
        print(write(name, make(), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
