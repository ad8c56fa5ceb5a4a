"""Sound effects and music that degrade to silence.

With no audio device (a server, CI, a muted laptop) the mixer fails to start; the game
then runs muted instead of failing, and every call here does nothing audible (the music
still remembers what it would play, so the screens behave the same).

Music plays on two reserved mixer channels so one loop can fade out while the next fades
in; the fades, the ducking under scoring reveals and the volumes are all applied in
:meth:`Audio.update`, a little every frame, so nothing here waits or blocks. Sounds and
loops load the first time they are needed, which keeps start-up short.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ui.cues import UI_SOUNDS, sound_path

#: the mixer runs at the rate the shipped files are made at (tools/synth.py): loading a
#: loop then needs no resampling (2 ms instead of 50-100 ms, which would stall a frame)
MIXER_RATE = 22050
#: seconds for a crossfade from one loop to the next
CROSSFADE = 1.5
#: music level while ducked (under a scoring reveal, at the winner moment)
DUCKED = 0.3
#: seconds to duck down or come back up
DUCK_TIME = 0.4


@dataclass
class _Voice:
    """A loop on one of the music channels, with its fade level (0-1) and target."""

    channel: pygame.mixer.Channel
    track: str
    level: float = 0.0
    target: float = 1.0
    #: the channel volume last set (each setting locks the audio thread: only changes)
    applied: float = -1.0


class Audio:
    def __init__(self, volume: int = 70, music_volume: int = 50) -> None:
        self.enabled = False
        self.reason = ""
        self.volume = max(0, min(100, volume))
        self.music_volume = max(0, min(100, music_volume))
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        #: the loop asked for ("" none) and whether it is ducked, also when muted
        self.track = ""
        self.ducked = False
        self.duck_level = 1.0
        self.voices: list[_Voice] = []
        self._channels: list[pygame.mixer.Channel] = []
        try:
            pygame.mixer.init(frequency=MIXER_RATE)
            self.enabled = pygame.mixer.get_init() is not None
            if self.enabled:
                pygame.mixer.set_num_channels(max(10, pygame.mixer.get_num_channels()))
                pygame.mixer.set_reserved(2)  # effects never take the music's channels
                self._channels = [pygame.mixer.Channel(0), pygame.mixer.Channel(1)]
        except pygame.error as exc:
            self.enabled = False
            self.reason = f"no audio device ({exc}); running muted"

    # -- volumes ---------------------------------------------------------------------------
    def set_volume(self, volume: int) -> None:
        """The effects' volume in percent."""
        self.volume = max(0, min(100, volume))
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self.volume / 100)

    def set_music_volume(self, volume: int) -> None:
        self.music_volume = max(0, min(100, volume))
        self._apply()

    # -- effects ---------------------------------------------------------------------------
    def play(self, name: str) -> None:
        """Play a sound: a UI step ("move", "refused"), a shipped sound's name or the path
        of a variant's own file (already confined to its folder)."""
        if not self.enabled or self.volume == 0:
            return
        sound = self._load(UI_SOUNDS.get(name, name), "sounds")
        if sound is not None:
            try:
                sound.set_volume(self.volume / 100)
                sound.play()
            except pygame.error:
                pass

    def _load(self, name: str, folder: str) -> pygame.mixer.Sound | None:
        key = f"{folder}:{name}"
        if key not in self._sounds:
            path = Path(name) if "/" in name or "\\" in name else sound_path(folder, name)
            sound = None
            if path is not None:
                try:
                    sound = pygame.mixer.Sound(str(path))
                except (pygame.error, OSError, ValueError):
                    sound = None  # a broken file is silent, never a crash
            self._sounds[key] = sound
        return self._sounds[key]

    # -- music -----------------------------------------------------------------------------
    @property
    def fading(self) -> bool:
        """The music is ducking, coming back or crossfading: the loop keeps calling
        :meth:`update` (it does not sleep) until the levels are where they go."""
        goal = DUCKED if self.ducked else 1.0
        return self.duck_level != goal or any(v.level != v.target for v in self.voices)

    def update(self, dt: float, track: str, ducked: bool) -> None:
        """Once a frame: crossfade to ``track`` (a shipped loop's name or a file path, ""
        for silence), duck or not, move the fades on by ``dt`` seconds."""
        self.ducked = ducked
        if track != self.track:
            self.track = track
            self._switch(track)
        goal = DUCKED if ducked else 1.0
        step = dt / DUCK_TIME * (1 - DUCKED)
        self.duck_level = min(goal, self.duck_level + step) if self.duck_level < goal else \
            max(goal, self.duck_level - step)
        fade = dt / CROSSFADE
        for voice in list(self.voices):
            voice.level = min(voice.target, voice.level + fade) if voice.level < voice.target \
                else max(voice.target, voice.level - fade)
            if voice.level <= 0 and voice.target <= 0:
                voice.channel.stop()
                self.voices.remove(voice)
        self._apply()

    def _switch(self, track: str) -> None:
        for voice in self.voices:
            voice.target = 0.0
        if not self.enabled or not track:
            return
        sound = self._load(track, "music")
        if sound is None:
            return
        busy = {id(v.channel) for v in self.voices}
        free = [c for c in self._channels if id(c) not in busy]
        if not free:  # switched again mid-fade: the quietest loop gives way at once
            quietest = min(self.voices, key=lambda v: v.level)
            quietest.channel.stop()
            self.voices.remove(quietest)
            free = [quietest.channel]
        voice = _Voice(free[0], track)
        try:
            sound.set_volume(1.0)
            voice.channel.set_volume(0.0)
            voice.channel.play(sound, loops=-1)
        except pygame.error:
            return
        self.voices.append(voice)

    def _apply(self) -> None:
        for voice in self.voices:
            level = self.music_level(voice)
            if level != voice.applied:
                voice.channel.set_volume(level)
                voice.applied = level

    def music_level(self, voice: _Voice) -> float:
        """The channel volume of a playing loop: its fade, the duck and the setting."""
        return voice.level * self.duck_level * self.music_volume / 100

    @property
    def playing(self) -> str:
        """The loop fading in or playing at full level ("" if none)."""
        return next((v.track for v in reversed(self.voices) if v.target > 0), "")
