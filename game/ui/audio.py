"""Sound effects that degrade to silence.

With no audio device (a server, CI, a muted laptop) the mixer fails to start; the game
then runs muted instead of failing.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.resources import assets_dir


class Audio:
    def __init__(self, volume: int = 70) -> None:
        self.enabled = False
        self.reason = ""
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            pygame.mixer.init()
            self.enabled = pygame.mixer.get_init() is not None
        except pygame.error as exc:
            self.reason = f"no audio device ({exc}); running muted"
            return
        folder = _sound_dir()
        if folder is None:
            return
        for path in sorted(folder.glob("*.wav")):
            try:
                self.sounds[path.stem] = pygame.mixer.Sound(str(path))
            except pygame.error:
                continue
        self.set_volume(volume)

    def set_volume(self, volume: int) -> None:
        self.volume = max(0, min(100, volume))
        for sound in self.sounds.values():
            sound.set_volume(self.volume / 100)

    def play(self, name: str) -> None:
        if not self.enabled or self.volume == 0:
            return
        sound = self.sounds.get(name)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:
                pass


def _sound_dir() -> Path | None:
    try:
        folder = assets_dir() / "sounds"
    except FileNotFoundError:
        return None
    return folder if folder.is_dir() else None
