"""Every plugin hook, each one documented.

Hooks follow the ``register_*`` shape: the core passes a ``register`` callback and the
plugin calls it once per thing it provides. A plugin is any module with functions marked
``@hookimpl``; built-in games are plugins exactly like third-party ones.

The core calls the implementations in pluggy's order (:mod:`game.core.hookcalls`): those
marked ``@hookimpl(tryfirst=True)`` first, ``trylast=True`` last, the rest in load order
(built-ins, installed packages, drop-in plugins). Wrappers (``wrapper=True``,
``hookwrapper=True``) are refused.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from game.core.engine import Rules

PROJECT = "aztec_arcade"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_rules(register: Callable[[type[Rules]], None]) -> None:
    """Provide rules engines (game families).

    Call ``register(RulesSubclass)`` for each engine. Variant YAML files select an engine
    with ``plugin: <engine_id>``. Two plugins registering the same ``engine_id`` is an
    error that names both; the one called later is skipped.
    """


@hookspec
def register_variants(register: Callable[[Path], None]) -> None:
    """Provide playable variants as YAML files.

    Call ``register(path)`` for each variant file the plugin ships. Each file holds one
    variant (``id``, ``name``, ``description``, ``players``, ``plugin`` or ``extends``,
    ``parameters``). A file that fails validation disables only that variant; two files
    with the same ``id`` are an error naming both providers (the first one called is kept).
    """


@hookspec
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    """Provide the client's board view for a rules engine.

    Call ``register(engine_id, factory)``; the play screen calls
    ``factory(session, services)`` and expects a ``BoardView``. Import pygame (and your view
    module) inside the hook body, never at module level, so the engine stays headless.
    The first view registered for an engine wins: mark the hook
    ``@hookimpl(tryfirst=True)`` to replace the view of another plugin's engine (a
    reskin of a built-in game). The window calls this hook the first time it needs a
    board (New game, a game's screen, the game behind the title), not at start: the
    title comes up without importing any view; a hook that raises is reported as broken
    from then on (New game lists what could not load).
    """


@hookspec
def register_lessons(register: Callable[[Path], None]) -> None:
    """Provide lessons ("Learn to play" on the title screen) as YAML files.

    Call ``register(path)`` for each lesson file the plugin ships, usually one for each of
    its variants. A lesson plays a real game of an installed variant from a fixed seed,
    step by step (see ``docs/modding/lessons.md``); loading replays its script on the
    engine, and a file that does not replay is listed as broken with the line and the
    step. Two lessons with the same ``lesson`` id: the first one called is kept.
    """
