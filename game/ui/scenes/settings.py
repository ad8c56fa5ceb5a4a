"""Settings: fullscreen, effects and music volumes, the colour palette and the language,
saved to the user's settings file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import yaml

from game.core.records import write_atomic
from game.core.settings import read_user_settings, user_settings_path
from game.i18n import Text, language, set_language
from game.i18n.client import _
from game.i18n.languages import NATIVE_NAMES, SYSTEM, choose, shipped
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.messages import one_line
from game.kit.client.screen import draw_mark
from game.ui.scenes.common import MenuScene
from game.ui.widgets import INK, Menu, MenuItem, draw_backdrop, draw_footer, draw_header

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

PALETTES = ("okabe-ito", "high-contrast")
PALETTE_LABELS = {"okabe-ito": _("Colour-blind safe"), "high-contrast": _("High contrast")}
ON, OFF = _("On", context="setting"), _("Off", context="setting")
VOLUME_STEP = 10
#: the menus' moving scenery once nobody touches anything (game.ui.shell.ambient)
AMBIENT = ("full", "calm", "still")
AMBIENT_LABELS = {"full": _("Full", context="ambient motion"),
                  "calm": _("Calm", context="ambient motion"),
                  "still": _("Still", context="ambient motion")}


def save_user_settings(changes: dict[str, Any]) -> Text:
    """Merge ``changes`` into the user's settings file atomically; '' or the problem.

    A file that cannot be read is never overwritten: its other keys (a plugin folder)
    would be lost.
    """
    path = user_settings_path()
    data, problem = read_user_settings(path)
    if problem:
        return _("Not saved: {problem}; fix or delete it", problem=one_line(problem))
    data.update(changes)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    except OSError as exc:
        return _("Not saved: {problem} ({path})", problem=str(exc.strerror or exc),
                 path=str(path))
    return ""


class SettingsScene(MenuScene):
    backdrop = True
    shortcuts = ((_("Up/Down", context="key"), _("Choose")),
                 (_("Left/Right", context="key"), _("Change")),
                 (_("Enter", context="key"), _("Toggle")), (_("Esc", context="key"), _("Back")))

    def __init__(self) -> None:
        super().__init__()
        self.error: Text = ""
        self.saved_to = ""
        self.menu = Menu([
            MenuItem(_("Fullscreen"), self.toggle_fullscreen, value=self._fullscreen_text,
                     adjust=lambda _d: self.toggle_fullscreen()),
            MenuItem(_("Effects volume"), None,
                     value=lambda: _("{n}%", context="volume", n=self._volume()),
                     adjust=self.change_volume),
            MenuItem(_("Music volume"), None,
                     value=lambda: _("{n}%", context="volume", n=self._music_volume()),
                     adjust=self.change_music_volume),
            MenuItem(_("Player colours"), None, value=self._palette_text,
                     adjust=self.change_palette),
            MenuItem(_("Reduce motion"), self.toggle_motion, value=self._motion_text,
                     adjust=lambda _d: self.toggle_motion()),
            MenuItem(_("Ambient motion"), lambda: self.change_ambient(1),
                     value=self._ambient_text, adjust=self.change_ambient),
            MenuItem(_("Language"), lambda: self.change_language(1),
                     value=self._language_text, adjust=self.change_language),
            MenuItem(_("Back"), self.back),
        ], 360, 176, 1200, item_h=74, gap=8)

    # -- values ----------------------------------------------------------------------
    def _fullscreen_text(self) -> Text:
        assert self.app is not None
        return ON if self.app.fullscreen else OFF

    def _volume(self) -> int:
        assert self.app is not None
        return int(self.app.settings.get("volume", self.app.audio.volume))

    def _music_volume(self) -> int:
        assert self.app is not None
        return int(self.app.settings.get("music_volume", self.app.audio.music_volume))

    def _palette_text(self) -> Text:
        assert self.app is not None
        name = str(self.app.settings.get("palette", PALETTES[0]))
        return PALETTE_LABELS.get(name, name)

    # -- changes ---------------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        assert self.app is not None
        try:
            self.app.toggle_fullscreen()
        except Exception as exc:  # noqa: BLE001 - pygame.error and friends
            self.error = _("Cannot switch the display mode: {problem}", problem=one_line(exc))
            return
        self.app.settings["fullscreen"] = bool(self.app.fullscreen)
        self._persist({"fullscreen": bool(self.app.fullscreen)})

    def change_volume(self, step: int) -> None:
        assert self.app is not None
        volume = max(0, min(100, self._volume() + step * VOLUME_STEP))
        self.app.audio.set_volume(volume)
        self.app.settings["volume"] = volume
        self.app.play_sound("click")  # at the new volume: what the effects sound like now
        self._persist({"volume": volume})

    def change_music_volume(self, step: int) -> None:
        assert self.app is not None
        volume = max(0, min(100, self._music_volume() + step * VOLUME_STEP))
        self.app.audio.set_music_volume(volume)
        self.app.settings["music_volume"] = volume
        self._persist({"music_volume": volume})

    def change_palette(self, step: int) -> None:
        assert self.app is not None
        name = str(self.app.settings.get("palette", PALETTES[0]))
        i = PALETTES.index(name) if name in PALETTES else 0
        new = PALETTES[(i + step) % len(PALETTES)]
        self.app.settings["palette"] = new
        self._persist({"palette": new})

    def _persist(self, changes: dict[str, Any]) -> None:
        self.error = save_user_settings(changes)
        self.saved_to = "" if self.error else str(user_settings_path())

    # -- reduce motion ---------------------------------------------------------------
    def _motion_text(self) -> Text:
        assert self.app is not None
        return ON if self.app.settings.get("reduce_motion") else OFF

    # -- ambient motion ----------------------------------------------------------------
    def _ambient_text(self) -> Text:
        assert self.app is not None
        mode = str(self.app.settings.get("ambient_motion", AMBIENT[0]))
        return AMBIENT_LABELS.get(mode, mode)

    def change_ambient(self, step: int) -> None:
        """Full, calm or still scenery once the screen settles: from the next frame on."""
        assert self.app is not None
        mode = str(self.app.settings.get("ambient_motion", AMBIENT[0]))
        i = AMBIENT.index(mode) if mode in AMBIENT else 0
        new = AMBIENT[(i + step) % len(AMBIENT)]
        self.app.settings["ambient_motion"] = new
        self._persist({"ambient_motion": new})

    # -- language --------------------------------------------------------------------
    def _language_text(self) -> Text:
        assert self.app is not None
        chosen = str(self.app.settings.get("language") or SYSTEM)
        if chosen == SYSTEM:  # the language in use: --lang may say other than the system
            return _("System ({language})", language=NATIVE_NAMES.get(language(), language()))
        return NATIVE_NAMES.get(chosen, chosen)

    def change_language(self, step: int) -> None:
        """The next language (the system's first), said from the next frame on: every
        text is rendered when drawn, so nothing waits for a restart."""
        assert self.app is not None
        choices = [SYSTEM, *shipped()]
        chosen = str(self.app.settings.get("language") or SYSTEM)
        i = choices.index(chosen) if chosen in choices else 0
        new = choices[(i + step) % len(choices)]
        self.app.settings["language"] = new
        set_language(choose(None, new))
        self._persist({"language": new})

    def toggle_motion(self) -> None:
        """Fewer and shorter effects (sparks, rings, shaking) from the next frame on."""
        assert self.app is not None
        reduced = not self.app.settings.get("reduce_motion")
        self.app.settings["reduce_motion"] = reduced
        self._persist({"reduce_motion": reduced})

    # -- frame -----------------------------------------------------------------------
    def draw(self, screen: Screen) -> None:
        assert self.app is not None
        draw_backdrop(screen, self.t)
        draw_header(screen, _("Settings"), self.t)
        self.menu.draw(screen)
        # palette preview
        palette = theme.PALETTES.get(str(self.app.settings.get("palette")),
                                     theme.PALETTES["okabe-ito"])
        for i, colour in enumerate(palette):
            x = 360 + i * 148
            frames.tile(screen, x, 842, 130, 60, colour, radius=12)
            draw_mark(screen, theme.MARKS[i % len(theme.MARKS)], x + 65, 872, 22, INK)
        if self.error:
            screen.text(self.error, 960, 918, theme.FONT_BODY, theme.DANGER, "midtop",
                        wrap=1500)
        elif self.saved_to:
            screen.text(_("Saved to {path}", path=self.saved_to), 960, 918, theme.FONT_SMALL,
                        theme.TEXT_DIM, "midtop")
        draw_footer(screen, self.shortcuts)
