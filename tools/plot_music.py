"""Draw each music loop's waveform and spectrogram into one PNG, to look at its structure
(the beat, the melody, the seam) since a test cannot listen: ``python tools/plot_music.py
[out.png]``. Needs the ``lab`` extra (matplotlib)."""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

MUSIC = Path(__file__).resolve().parent.parent / "assets" / "music"


def main(out: Path) -> int:
    paths = sorted(MUSIC.glob("*.wav"))
    fig, axes = plt.subplots(len(paths), 2, figsize=(16, 3.2 * len(paths)), squeeze=False)
    for (wave_ax, spec_ax), path in zip(axes, paths, strict=True):
        with wave.open(str(path)) as w:
            rate = w.getframerate()
            s = np.frombuffer(w.readframes(w.getnframes()), "<i2") / 32767
        wave_ax.plot(np.arange(len(s)) / rate, s, lw=0.3)
        wave_ax.set(title=f"{path.stem}: waveform", ylim=(-1, 1), xlabel="s")
        with np.errstate(divide="ignore"):  # silent stretches are -inf dB
            spec_ax.specgram(s, NFFT=1024, Fs=rate, noverlap=768, cmap="magma")
        spec_ax.set(title=f"{path.stem}: spectrogram", ylim=(0, 5000), xlabel="s",
                    ylabel="Hz")
    fig.tight_layout()
    fig.savefig(out, dpi=70)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("music.png")))
