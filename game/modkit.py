"""Everything a mod imports, from one module: ``from game.modkit import ...``.

A variant package (and the package ``aztec-arcade new-variant`` writes) imports from
here only. The names below are the modding interface that stays put; the modules they
come from are internal and may be split or renamed. :mod:`game.api` is the other public
module: the one for *driving* games (scripts, bots, the command line), where this one is
for *writing* them, and it re-exports the parts of it a mod's tests need.

The names of the client (``BoardView``, ``theme``, ``Screen``, ...) are imported on first
use (PEP 562), so that importing this module for a rules engine, a test or a headless
``simulate`` never imports pygame: the core stays headless. ``from game.modkit import *``
loads them all, pygame included; name what you need instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.api import (
    ConfigError,
    Game,
    SaveError,
    from_position,
    load_game,
    load_lesson,
    load_position,
    new_game,
)
from game.core.engine import PLAN_SEP, GameType, Rules
from game.core.errors import AztecArcadeError, ConfigIssue, IllegalAction, quote
from game.core.events import Event
from game.core.facets import BotHooks, Presentation, bot_hooks, presentation
from game.core.hookspecs import hookimpl
from game.core.lazy import lazy_names
from game.core.lessons.model import Lesson, play_script
from game.core.notation import action_words, plain_number
from game.core.paths import asset_file
from game.core.registry import ENTRY_POINT_GROUP, Registry, reset_registry
from game.core.rng import Rng, mix_seed
from game.core.schema import (
    AnyValue,
    AssetPath,
    Bool,
    Context,
    Field,
    Int,
    List,
    Map,
    Nullable,
    Obj,
    Str,
)
from game.core.typedstate import (
    ByName,
    Index,
    Record,
    StateCodec,
    StateError,
    Tuple,
    TupleOf,
    literal,
)
from game.core.words import indefinite, plural, roman
from game.i18n import Domain, Msg, Seat, Text, render, say
from game.i18n.modcheck import check_catalogue
from game.kit.aidrows import aid_row
from game.kit.conformance import ConformanceError, check_variant
from game.kit.verbs import Verb, dispatch

if TYPE_CHECKING:  # for editors and type checkers (``as``: re-exported); at run time
    # see __getattr__
    from game.kit.client import theme as theme
    from game.kit.client.boardview import Area as Area
    from game.kit.client.boardview import BoardView as BoardView
    from game.kit.client.boardview import SeatStyle as SeatStyle
    from game.kit.client.intent import Intent as Intent
    from game.kit.client.screen import Screen as Screen
    from game.kit.client.text import draw_panel as draw_panel
    from game.kit.client.text import fit as fit
    from game.kit.client.text import inside as inside
    from game.ui.session import Session as Session

#: client names -> the module that holds them (``None``: the name is that module)
_CLIENT: dict[str, tuple[str, str | None]] = {
    "BoardView": ("game.kit.client.boardview", "BoardView"),
    "SeatStyle": ("game.kit.client.boardview", "SeatStyle"),
    "Area": ("game.kit.client.boardview", "Area"),
    "theme": ("game.kit.client.theme", None),
    "draw_panel": ("game.kit.client.text", "draw_panel"),
    "fit": ("game.kit.client.text", "fit"),
    "inside": ("game.kit.client.text", "inside"),
    "Intent": ("game.kit.client.intent", "Intent"),
    "Screen": ("game.kit.client.screen", "Screen"),
    "Session": ("game.ui.session", "Session"),
}

__all__ = [
    # plugins and rules engines
    "hookimpl", "Rules", "GameType", "PLAN_SEP", "Event", "IllegalAction", "ConfigIssue",
    "AztecArcadeError", "Rng", "mix_seed",
    # the rules' optional facets: the computer players' hooks and the screens' hooks, and
    # how a caller asks any engine for them
    "BotHooks", "Presentation", "bot_hooks", "presentation",
    # a game's verbs: each one's check, effect and words
    "Verb", "dispatch",
    # reading and quoting what a player typed
    "action_words", "plain_number", "quote",
    # words for people ("1 space", "2 spaces", "a temple", "age III")
    "plural", "indefinite", "roman",
    # the parameter schema
    "Obj", "Field", "Int", "Bool", "Str", "List", "Map", "Nullable", "AnyValue",
    "AssetPath", "Context",
    # a state as typed data
    "Record", "Index", "Tuple", "TupleOf", "ByName", "literal", "StateCodec", "StateError",
    # files next to a variant
    "asset_file",
    # texts as messages, in each reader's language (docs/modding/translating.md)
    "Domain", "Msg", "Seat", "Text", "render", "say", "check_catalogue",
    # a player aid's rows (``Rules.player_aid`` pages)
    "aid_row",
    # lessons ("Learn to play")
    "Lesson", "load_lesson", "play_script",
    # testing a mod
    "Game", "new_game", "load_game", "from_position", "load_position", "ConfigError",
    "SaveError", "check_variant", "ConformanceError", "Registry",
    "reset_registry", "ENTRY_POINT_GROUP",
    # the client (imported on first use)
    *_CLIENT,
]


__getattr__, __dir__ = lazy_names(__name__, globals(), _CLIENT)
