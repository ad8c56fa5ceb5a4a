"""The client kit: what a game's board view draws and animates with, the built-in games'
views and a mod's alike. A view imports it from here, one face, and nothing of
:mod:`game.ui` (the client's shell: scenes, menus, the App), which builds on this kit::

    from game.kit.client import BoardView, Screen, fit_lines, theme

The view's base class and what it is lent (:mod:`.boardview`, :mod:`.services`), the
intents it receives (:mod:`.intent`), the screen it draws on (:mod:`.screen`,
:mod:`.theme`, :mod:`.layout`), text fitting (:mod:`.text`), layers and pieces
(:mod:`.layers`), animation records and effects (:mod:`.anim`, :mod:`.fx`,
:mod:`.stepqueue`), the procedural art (:mod:`.art`) and the player aid's pages
(:mod:`.aid`, :mod:`.aid_art`). The modules behind the names are internal: they may be
split or renamed, the names here stay. ``docs/modding/board-view.md`` lists them (its
"kit reference" is generated from :data:`KIT`).

Every name is imported on first use (PEP 562), as :mod:`game.modkit` does, so that a
headless process (a rules engine, ``simulate``) that imports a submodule's neighbour never
loads pygame. Mods may also take the most used of these from :mod:`game.modkit`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.lazy import lazy_names

if TYPE_CHECKING:  # for editors and type checkers; at run time see __getattr__
    from game.kit.client import theme  # noqa: F401
    from game.kit.client.aid import AidContext  # noqa: F401
    from game.kit.client.aid_art import (  # noqa: F401
        CAPTION,
        INK,
        arrow,
        badge,
        seat_look,
        seat_name,
        seat_tag,
        step_disc,
    )
    from game.kit.client.anim import Anim, Timed, finish, sooner  # noqa: F401
    from game.kit.client.art import (  # noqa: F401
        frames,
        marks,
        palette,
        pieces,
        sprites,
        texture,
    )
    from game.kit.client.art.cache import ART  # noqa: F401
    from game.kit.client.art.marks import NEUTRAL, NEUTRAL_MARK  # noqa: F401
    from game.kit.client.art.marks import draw as draw_mark  # noqa: F401
    from game.kit.client.art.sprites import stamp, stamp_in_place  # noqa: F401
    from game.kit.client.boardview import Area, BoardPart, BoardView, SeatStyle, grown, union  # noqa: F401
    from game.kit.client.damage import ChangeLog  # noqa: F401
    from game.kit.client.fx import Effects  # noqa: F401
    from game.kit.client.intent import Intent  # noqa: F401
    from game.kit.client.layers import (  # noqa: F401
        Layer,
        Piece,
        PiecesLayer,
        Rect,
        Snapshot,
        joined_rects,
        offscreen,
        verify_pieces,
    )
    from game.kit.client.layout import BOARD_AREA, LOG_BOTTOM, PANEL_AREA  # noqa: F401
    from game.kit.client.lru import LruCache  # noqa: F401
    from game.kit.client.screen import Screen  # noqa: F401
    from game.kit.client.services import SessionView, ViewServices  # noqa: F401
    from game.kit.client.stepqueue import StepQueue  # noqa: F401
    from game.kit.client.text import (  # noqa: F401
        draw_panel,
        fit,
        fit_lines,
        fit_size,
        inside,
        mix,
        pulse,
        wrap,
    )

#: the kit's names, by group -> (the module that holds it, its name there; None: the
#: name is that module). The groups title the kit reference in the modder's manual.
KIT: dict[str, dict[str, tuple[str, str | None]]] = {
    "the view and what it is lent": {
        "BoardView": ("game.kit.client.boardview", "BoardView"),
        "SeatStyle": ("game.kit.client.boardview", "SeatStyle"),
        "Area": ("game.kit.client.boardview", "Area"),
        "BoardPart": ("game.kit.client.boardview", "BoardPart"),
        "grown": ("game.kit.client.boardview", "grown"),
        "union": ("game.kit.client.boardview", "union"),
        "Intent": ("game.kit.client.intent", "Intent"),
        "ViewServices": ("game.kit.client.services", "ViewServices"),
        "SessionView": ("game.kit.client.services", "SessionView"),
    },
    "the screen": {
        "Screen": ("game.kit.client.screen", "Screen"),
        "theme": ("game.kit.client.theme", None),
        "BOARD_AREA": ("game.kit.client.layout", "BOARD_AREA"),
        "PANEL_AREA": ("game.kit.client.layout", "PANEL_AREA"),
        "LOG_BOTTOM": ("game.kit.client.layout", "LOG_BOTTOM"),
        "draw_mark": ("game.kit.client.art.marks", "draw"),
        "NEUTRAL": ("game.kit.client.art.marks", "NEUTRAL"),
        "NEUTRAL_MARK": ("game.kit.client.art.marks", "NEUTRAL_MARK"),
    },
    "text": {
        "fit": ("game.kit.client.text", "fit"),
        "fit_size": ("game.kit.client.text", "fit_size"),
        "fit_lines": ("game.kit.client.text", "fit_lines"),
        "wrap": ("game.kit.client.text", "wrap"),
        "inside": ("game.kit.client.text", "inside"),
        "mix": ("game.kit.client.text", "mix"),
        "pulse": ("game.kit.client.text", "pulse"),
        "draw_panel": ("game.kit.client.text", "draw_panel"),
    },
    "the art": {
        "frames": ("game.kit.client.art.frames", None),
        "marks": ("game.kit.client.art.marks", None),
        "palette": ("game.kit.client.art.palette", None),
        "pieces": ("game.kit.client.art.pieces", None),
        "sprites": ("game.kit.client.art.sprites", None),
        "texture": ("game.kit.client.art.texture", None),
        "ART": ("game.kit.client.art.cache", "ART"),
        "stamp": ("game.kit.client.art.sprites", "stamp"),
        "stamp_in_place": ("game.kit.client.art.sprites", "stamp_in_place"),
    },
    "layers": {
        "Layer": ("game.kit.client.layers", "Layer"),
        "PiecesLayer": ("game.kit.client.layers", "PiecesLayer"),
        "joined_rects": ("game.kit.client.layers", "joined_rects"),
        "verify_pieces": ("game.kit.client.layers", "verify_pieces"),
        "Piece": ("game.kit.client.layers", "Piece"),
        "Rect": ("game.kit.client.layers", "Rect"),
        "Snapshot": ("game.kit.client.layers", "Snapshot"),
        "offscreen": ("game.kit.client.layers", "offscreen"),
        "ChangeLog": ("game.kit.client.damage", "ChangeLog"),
        "LruCache": ("game.kit.client.lru", "LruCache"),
    },
    "animation": {
        "Anim": ("game.kit.client.anim", "Anim"),
        "Timed": ("game.kit.client.anim", "Timed"),
        "finish": ("game.kit.client.anim", "finish"),
        "sooner": ("game.kit.client.anim", "sooner"),
        "Effects": ("game.kit.client.fx", "Effects"),
        "StepQueue": ("game.kit.client.stepqueue", "StepQueue"),
    },
    "the player aid's pictures": {
        "AidContext": ("game.kit.client.aid", "AidContext"),
        "CAPTION": ("game.kit.client.aid_art", "CAPTION"),
        "INK": ("game.kit.client.aid_art", "INK"),
        "arrow": ("game.kit.client.aid_art", "arrow"),
        "badge": ("game.kit.client.aid_art", "badge"),
        "seat_look": ("game.kit.client.aid_art", "seat_look"),
        "seat_name": ("game.kit.client.aid_art", "seat_name"),
        "seat_tag": ("game.kit.client.aid_art", "seat_tag"),
        "step_disc": ("game.kit.client.aid_art", "step_disc"),
    },
}

_NAMES: dict[str, tuple[str, str | None]] = {
    name: where for group in KIT.values() for name, where in group.items()}

#: every name of the kit, as KIT lists them (a literal, for type checkers)
__all__ = [
    # the view and what it is lent
    "BoardView", "SeatStyle", "Area", "BoardPart", "grown", "union", "Intent", "ViewServices",
    "SessionView",
    # the screen
    "Screen", "theme", "BOARD_AREA", "PANEL_AREA", "LOG_BOTTOM", "draw_mark", "NEUTRAL",
    "NEUTRAL_MARK",
    # text
    "fit", "fit_size", "fit_lines", "wrap", "inside", "mix", "pulse", "draw_panel",
    # the art
    "frames", "marks", "palette", "pieces", "sprites", "texture", "ART", "stamp",
    "stamp_in_place",
    # layers
    "Layer", "PiecesLayer", "Piece", "Rect", "Snapshot", "offscreen", "verify_pieces",
    "joined_rects",
    "ChangeLog", "LruCache",
    # animation
    "Anim", "Timed", "finish", "sooner", "Effects", "StepQueue",
    # the player aid's pictures
    "AidContext", "CAPTION", "INK", "arrow", "badge", "seat_look", "seat_name", "seat_tag",
    "step_disc",
]


__getattr__, __dir__ = lazy_names(__name__, globals(), _NAMES)
