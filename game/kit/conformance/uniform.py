"""The conformance kit's games of uniform moves (:func:`check_uniform_game`): every move
drawn uniformly from ``legal_actions()``, and saves, views and determinizations checked
after every one of them.

The playout policy plays purposefully, so some states are never reached by it; uniform
moves reach them. See :mod:`game.kit.conformance` for the whole kit.
"""

from __future__ import annotations

import json
from typing import Any

from game.api import Game, load_game, new_game
from game.core.events import Event
from game.core.rng import Rng, mix_seed
from game.kit.conformance.probes import (
    ProgressWatch,
    Where,
    apply_listed,
    check_identity,
    check_over,
    check_round_trip,
    check_running,
    check_scores,
    check_state_round_trip,
    check_views,
    checked_legal,
    checked_playout,
    checked_scores,
    first_difference,
)

#: The most actions of one uniform random game that :func:`check_uniform_game` plays and
#: checks (every one of them). Uniform moves can take very long to end a game (Mexica's
#: players walk to and fro and can go on for hundreds of thousands of actions), and
#: every checked action saves, loads and determinizes, so the cap keeps the kit quick.
#: The built-in variants' uniform games change turns and phases many times within it
#: (a whole Market game is about 200 actions, a whole Aztlán game about 300).
UNIFORM_STEPS = 150
#: a uniform game loads its save with ``load_game`` (which replays the whole log) at every
#: this many checked actions, and rebuilds the game from the saved state alone at the
#: others: loading at every action made the kit quadratic in the length of the game
FULL_LOAD_EVERY = 10


def uniform_rng(seed: int) -> Rng:
    """The generator that draws a uniform game's moves (its own stream of ``seed``)."""
    return Rng(mix_seed(seed, "uniform"))


def play_uniform_game(variant: str, players: int, seed: int,
                      options: dict[str, Any] | None = None, steps: int | None = None,
                      warmup: int = 0) -> Game:
    """Replay the moves of :func:`check_uniform_game` without checking them: ``warmup``
    actions of the playout policy, then moves drawn uniformly from ``legal_actions()``,
    until the game ends or ``steps`` actions are played (None: no limit, which may never
    end). A failure message of the kit names the call that reaches its position."""
    game = new_game(variant, players, seed, options)
    playout, rng = Rng(seed), uniform_rng(seed)
    while not game.is_over and (steps is None or len(game.log) < steps):
        if len(game.log) < warmup:
            game.apply(game.playout_action(playout))
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def check_uniform_game(variant: str, players: int, seed: int,
                       options: dict[str, Any] | None = None,
                       max_steps: int = UNIFORM_STEPS, warmup: int = 0,
                       continuations: int = 2, views: bool = True) -> Game:
    """Play one game of moves drawn uniformly from ``legal_actions()``, checking saves,
    views and determinizations after every action; return the game where it stopped.
    (The save is rebuilt from its state after every action, and loaded with
    ``load_game``, which replays the log, every :data:`FULL_LOAD_EVERY` actions.)

    The first ``warmup`` actions come from the playout policy, unchecked (they are what
    :func:`check_game` checks): uniform moves from a late position reach states that
    uniform moves from the start do not reach within the cap (Mexica's second period).
    Then at most ``max_steps`` uniform actions are played and checked, fewer if the game
    ends. Besides the game loaded before each action (which must play that action as the
    original does), ``continuations`` games loaded at evenly spread checked steps (the
    first one included) play on beside the original to the last checked action and must
    end in the same state. ``views`` False leaves out the views and determinizations
    (a quicker sweep of saves alone). Marked actions are watched (``ProgressWatch``)."""
    where = Where(variant, players, seed, options, uniform=warmup)
    game = new_game(variant, players, seed, options)
    check_identity(game, where, variant, players)
    playout, rng = Rng(seed), uniform_rng(seed)
    watch = ProgressWatch(game)
    while not game.is_over and len(game.log) < warmup:
        action = checked_playout(game, playout, where, len(game.log))
        apply_listed(game, action, where, len(game.log))
        watch.after(game, action, where, len(game.log) - 1)
    first = step = len(game.log)
    marks = {first + max_steps * i // continuations for i in range(continuations)}
    copies: list[tuple[int, Game]] = []
    previous = checked_scores(game, where, step)
    text = game.to_json()
    while not game.is_over and step < first + max_steps:
        check_running(game, where, step)
        legal = checked_legal(game, where, step)
        loaded = _probe(game, text, where, step, legal,
                        (step - first) % FULL_LOAD_EVERY == 0, views)
        if step in marks:
            copies.append((step, load_game(text)))
        action = rng.choice(legal)
        events = apply_listed(game, action, where, step)
        watch.after(game, action, where, step)
        text = _check_plays_on(loaded, action, events, game, where, step)
        for at, other in copies:
            _apply_copy(other, action, where, at, step)
        previous = check_scores(game, previous, action, where, step)
        step += 1
    if game.is_over:
        check_over(game, where, step)
        check_round_trip(game, where, step, [])
        if views:
            check_views(game, where, step, [])
    final = game.to_json()
    for at, other in copies:
        end = other.to_json()
        if end != final:
            raise where.fail(at, f"a game saved and loaded here and then played on with the "
                             f"same {step - at} moves ended differently from the original"
                             + first_difference(final, end), game.log)
    return game


def _probe(game: Game, text: str, where: Where, step: int, legal: list[str], full: bool,
           views: bool) -> Game:
    """Save and rebuild the game (``full``: with ``load_game``, replaying the log) and
    check the views, none of which may change it (``text``: its save before them);
    return the rebuilt game."""
    loaded = (check_round_trip if full else check_state_round_trip)(game, where, step, legal,
                                                                   text)
    if views:
        check_views(game, where, step, legal)
    if game.to_json() != text:
        raise where.fail(step, "saving the game, building views or determinizing them "
                         "changed its state", game.log)
    return loaded


def _check_plays_on(loaded: Game, action: str, events: list[Event], game: Game,
                    where: Where, step: int) -> str:
    """The game loaded before ``action`` plays it exactly as the original did; returns
    the original's save after it."""
    try:
        again = loaded.apply(action)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, f"the original game accepted {action!r}, but the same game "
                         "saved and loaded refused it", game.log, exc) from exc
    if [_event_key(e) for e in again] != [_event_key(e) for e in events]:
        raise where.fail(step, f"{action!r} caused other events in the game saved and "
                         f"loaded than in the original: {again!r} vs {events!r}", game.log)
    text, other = game.to_json(), loaded.to_json()
    if other != text:
        raise where.fail(step, f"after {action!r} the game saved and loaded before it "
                         "differs from the original" + first_difference(text, other),
                         game.log)
    return text


def _event_key(event: Event) -> str:
    """An event for comparison, with the lists in its data taken as unordered.

    Mexica's scoring events list a district's cells in an order that can differ after a
    load (issue 13 makes event data canonical); until every engine's is, the kit accepts
    that and still catches a missing, extra or changed event, text or number."""
    return json.dumps(_unordered({**event.to_dict(), "data": event.data}), sort_keys=True,
                      default=str)


def _unordered(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _unordered(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return sorted((_unordered(v) for v in value), key=lambda v: json.dumps(
            v, sort_keys=True, default=str))
    return value


def _apply_copy(other: Game, action: str, where: Where, at: int, step: int) -> None:
    try:
        other.apply(action)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, f"a game saved and loaded at step {at} refused {action!r}, "
                         "which the original accepted", other.log, exc) from exc
