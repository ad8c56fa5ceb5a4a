"""Which sound plays when, and which music: the one table the whole client reads.

Scenes name a UI step ("move", "select", "back", "refused", ...) and :data:`UI_SOUNDS`
turns it into a sound. After an action the play screen asks :func:`action_sound`, which
reads the action's verb and the kinds of its events (:class:`game.core.events.Event`) in
:data:`GAME_SOUNDS` (per rules engine, inherited by engines that extend one) and then in
:data:`GENERIC`, so a mod's events that share a common name ("turn", "score", "move")
sound right without any work, and anything else still makes a sensible sound. A variant
may name its own sounds and music in its YAML file (``audio:``, see
docs/modding/variant-files.md); those come first. Sound names are files in
``assets/sounds`` (music: ``assets/music``), made by ``tools/make_sounds.py`` and
``tools/make_music.py``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.paths import confine
from game.core.resources import assets_dir

#: a UI step -> its sound. Scenes may also name a sound directly ("click", "error").
UI_SOUNDS: dict[str, str] = {
    "move": "ui_move",  # the focus moves in a menu
    "select": "click",  # a menu item, a button, a value changed
    "back": "ui_back",  # Esc, Back: a screen closes
    "refused": "error",  # a press that is refused (its reason shows in the status line)
    "turn": "turn",  # a new player's turn starts
    "score": "score",  # a step of a scoring reveal
    "winner": "fanfare",  # the results screen's winner moment
}

#: Kinds of events that outrank the action's own sound: what they announce matters more
#: than the last move (a period's scoring after the last "end", the cards revealed after
#: the last choice, the market laid after the last tile).
HEADLINES = frozenset({"scoring", "period", "age", "reveal", "market", "period_end_triggered",
                       "token_removed", "all_passed"})

#: rules engine id -> {action verb or event kind: sound}. An engine that extends another
#: (Mexica for two extends Mexica) uses its parent's entries for what it does not list.
GAME_SOUNDS: dict[str, dict[str, str]] = {
    "mexica": {
        # action verbs
        "start": "pilli_place", "move": "step", "boat": "boat", "teleport": "teleport",
        "canal": "canal", "bridge": "bridge", "relocate": "bridge_move", "temple": "temple",
        "found": "found", "take": "token_take", "spend": "token_spend", "remove": "vote_call",
        "agree": "vote_yes", "refuse": "vote_no", "end": "end_turn",
        # event kinds
        "founded": "found", "proposal": "vote_call", "vote": "vote_yes",
        "token_removed": "token_removed", "all_passed": "all_passed",
        "period_end_triggered": "period_end", "period": "period", "scoring": "scoring",
        "district_scored": "district", "palace_bonus": "score", "score": "score",
        "turn": "turn", "game_over": "fanfare",
    },
    "tlatelolco-market": {
        # action verbs
        "place": "tile_place", "coin": "coin", "pay": "pay", "shift": "tile_slide",
        "buy": "purchase", "king": "king", "pass": "pass_draw", "end": "end_turn",
        # event kinds
        "market": "market_open", "king_skip": "king_skip", "porter": "token_spend",
        "governor": "king", "ambassador": "coin", "take_back": "ui_back",
        "draw": "pass_draw", "no_draw": "nothing", "no_coin": "nothing", "turn": "turn",
        "game_over": "fanfare",
    },
    "aztlan": {
        # action verbs
        "choose": "card_choose", "place": "pawn_place", "eagle": "eagle", "move": "pawn_move",
        "stay": "pawn_stay", "battle": "battle", "coexist": "coexist", "sacred": "sacred",
        "tlatoani": "tlatoani", "decline": "decline", "bless": "bless", "rafts": "rafts",
        "score": "prosperity", "wild": "wild",
        # event kinds
        "chosen": "card_choose", "reveal": "card_reveal", "tie": "coexist",
        "removed": "pawn_removed", "draw": "card_draw", "drawn": "card_draw",
        "reshuffle": "card_shuffle", "no_card": "nothing", "final": "score", "age": "age",
        "game_over": "fanfare",
    },
}

#: verbs and kinds many games share: what a mod's events sound like unless it says more
GENERIC: dict[str, str] = {
    "turn": "turn", "score": "score", "scoring": "scoring", "game_over": "fanfare",
    "end": "end_turn", "pass": "end_turn", "place": "place", "move": "step",
    "draw": "card_draw", "reveal": "card_reveal", "buy": "purchase", "pay": "pay",
    "coin": "coin", "battle": "battle", "period": "period", "round": "period",
}

#: what a name that contains one of these words sounds like (the last resort before
#: :data:`FALLBACK`): "move_runner" steps, "bonus_points" scores
_WORDS: tuple[tuple[str, str], ...] = (
    ("score", "score"), ("point", "score"), ("win", "fanfare"), ("move", "step"),
    ("walk", "step"), ("step", "step"), ("card", "card_draw"), ("draw", "card_draw"),
    ("buy", "purchase"), ("coin", "coin"), ("pay", "pay"), ("turn", "turn"),
    ("battle", "battle"), ("fight", "battle"), ("round", "period"),
)
#: any other action
FALLBACK = "place"

#: music by rules engine id (inherited like GAME_SOUNDS); other games play MENU_MUSIC
GAME_MUSIC: dict[str, str] = {"mexica": "mexica", "tlatelolco-market": "market",
                              "aztlan": "aztlan"}
MENU_MUSIC = "menu"


def engine_lineage(rules: Any) -> list[str]:
    """The engine ids of ``rules`` and of the engines it extends, nearest first."""
    out: list[str] = []
    for cls in rules.__class__.__mro__:  # the guard (game.ui.isolation) shows its target's
        engine = vars(cls).get("engine_id")
        if isinstance(engine, str) and engine not in out:
            out.append(engine)
    return out


@dataclass
class GameSounds:
    """The sounds and music of one game: the table above for its engines, under what its
    variant names (a shipped sound's name, or a file of the variant's own as a path)."""

    engines: list[str]
    #: verb or kind -> sound name or file path, from the variant's ``audio.sounds``
    own: dict[str, str] = field(default_factory=dict)
    music: str = MENU_MUSIC
    #: what the variant names that cannot be used, for a toast
    problems: list[str] = field(default_factory=list)

    @classmethod
    def for_game(cls, game: Any) -> GameSounds:
        engines = engine_lineage(game.rules)
        audio: Mapping[str, Any] = getattr(getattr(game, "spec", None), "audio", None) or {}
        sounds = cls(engines)
        sounds.music = next((GAME_MUSIC[e] for e in engines if e in GAME_MUSIC), MENU_MUSIC)
        name = getattr(game.spec, "name", "this variant")
        if "music" in audio:
            sounds.music = sounds._resolve(audio["music"], "music", name) or sounds.music
        for key, ref in (audio.get("sounds") or {}).items():
            resolved = sounds._resolve(ref, "sounds", name)
            if resolved:
                sounds.own[key] = resolved
        return sounds

    def _resolve(self, ref: Any, folder: str, variant: str) -> str:
        """A shipped name as it is; a (folder, relative) file confined to its folder
        again now, as a path. '' (and a problem noted) if it cannot be used."""
        if isinstance(ref, str):
            if sound_path(folder, ref) is not None:
                return ref
            what = "sound" if folder == "sounds" else "music loop"
            self.problems.append(f"{variant}: there is no shipped {what} '{ref}'; the "
                                 "usual one plays")
            return ""
        try:
            return str(confine(*ref))
        except (ValueError, TypeError) as exc:
            self.problems.append(f"{variant}: {exc}")
            return ""

    def lookup(self, key: str) -> str:
        if key in self.own:
            return self.own[key]
        for engine in self.engines:
            sound = GAME_SOUNDS.get(engine, {}).get(key)
            if sound:
                return sound
        return GENERIC.get(key, "")

    def action_sound(self, action: str, kinds: Sequence[str], points: bool = False) -> str:
        """The one sound for an applied action: a headline event's, else the verb's, else
        the first event's that has one, else a guess from the names, else FALLBACK."""
        words = action.split()
        verb = words[0] if words else ""
        for kind in kinds:
            if kind in HEADLINES and (sound := self.lookup(kind)):
                return sound
        for key in (verb, *kinds):
            if key and (sound := self.lookup(key)):
                return sound
        if points:
            return UI_SOUNDS["score"]
        for key in (verb, *kinds):
            for word, sound in _WORDS:
                if word in key.lower():
                    return sound
        return FALLBACK


_NAME = re.compile(r"[a-z0-9_]+")


def sound_path(folder: str, name: str) -> Path | None:
    """The file of a shipped sound (``folder`` "sounds") or music loop ("music"), or
    None if there is none by that name."""
    if not _NAME.fullmatch(name):
        return None
    try:
        path = assets_dir() / folder / f"{name}.wav"
    except FileNotFoundError:
        return None
    return path if path.is_file() else None
