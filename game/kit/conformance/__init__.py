"""A conformance kit for rules engines and variants: run it on your own mod.

Every variant, built in or third party, must honour the contract of
:class:`game.core.engine.Rules` as seen through :mod:`game.api`. This module checks that
contract by playing seeded random games and probing them along the way::

    from game.kit.conformance import check_variant
    check_variant("my-variant")              # every allowed player count: two playout
                                             # games and two uniform games each
    check_variant("my-variant", players=3, games=5, seed=100)

A failure raises :class:`ConformanceError` (an ``AssertionError``), so the kit works under
pytest, unittest or a plain script. Every message names the variant, the player count,
the seed and the step, and says how to replay the failing position.

What is checked, for each game of the playout policy (:func:`check_game`):

* the game ends within ``rules.playout_limit`` actions of ``Game.playout_action``;
* every action the playout chooses is listed by ``legal_actions()`` and applies, ``apply``
  returns :class:`game.core.events.Event` objects and logs the action in its canonical form;
* at a few sampled states, **every** legal action applies on a clone, the original game
  is untouched, and the views and their determinizations pass the checks below;
* ``current_player`` is a valid seat while the game runs and None once it is over;
* junk (``""``, blanks, ``"xyzzy"``, a legal action with an extra word, a legal action
  with its last character changed, non-strings) is refused with
  :class:`game.core.errors.IllegalAction`, leaving ``to_json()`` unchanged;
* ``load_game(g.to_json()).to_json() == g.to_json()`` mid-game, and the loaded game
  continues exactly like the original;
* a fresh ``new_game`` with the same variant, players, seed and options, fed the same
  ``log``, reproduces the same ``to_json()``; the same seed gives the same random game;
* scores never decrease; at the end ``winners`` is non-empty, duplicate-free and a subset
  of the seats, and no further action is accepted.

The playout policy plays purposefully (a Market play ends after one purchase, say), so
some states are never reached by it. :func:`check_uniform_game` therefore also plays games
whose every move is drawn **uniformly** from ``legal_actions()`` and checks, after
**every** action (up to :data:`UNIFORM_STEPS` actions a game; one of the two games that
:func:`check_variant` plays starts three quarters into a playout game, to play the end
of the game uniformly too):

* the game rebuilt from the state in ``g.to_json()`` (and, every
  :data:`~game.kit.conformance.uniform.FULL_LOAD_EVERY` actions, ``load_game(g.to_json())``,
  which replays the log) has the same ``to_json()``, current player and legal actions,
  and plays the next action exactly as the original does (same events, same
  ``to_json()``); from a few of these loads the copy plays on to the last checked action
  beside the original and ends the same;
* ``view(seat)`` for every seat and for a spectator is plain JSON (it survives
  ``json.dumps``/``json.loads`` unchanged) without the random generator;
* ``rules.determinize(view, seat, rng)`` (where the rules offer one) leaves the view
  alone and returns a state whose own view is exactly that view (a sample the seat cannot
  tell from the truth), with the same player to move, and in which every action legal
  in the real game is legal when that seat decides;
* an action that ``Rules.progresses`` marks leads to no view any seat saw earlier in the
  game (uniform moves go to and fro, which is how a wrongly marked action comes back).

The kit's probes are in :mod:`game.kit.conformance.probes` and its uniform games in
:mod:`game.kit.conformance.uniform`; everything a test needs is importable from here. The kit
imports nothing from pytest.
"""

from __future__ import annotations

from typing import Any

from game.api import Game, new_game
from game.core.registry import get_registry
from game.core.rng import Rng
from game.kit.conformance.probes import (
    EXTRA_WORD,
    JUNK_OBJECTS,
    JUNK_TEXT,
    ConformanceError,
    Where,
    apply_listed,
    check_all_legal,
    check_continuation,
    check_identity,
    check_junk,
    check_over,
    check_position,
    check_replay,
    check_round_trip,
    check_running,
    check_scores,
    check_views,
    checked_legal,
    checked_playout,
    checked_scores,
)
from game.kit.conformance.uniform import (
    UNIFORM_STEPS,
    check_uniform_game,
    play_uniform_game,
    uniform_rng,
)

__all__ = ["ConformanceError", "play_random_game", "play_uniform_game", "check_game",
           "check_uniform_game", "check_variant", "check_all_variants", "uniform_warmup",
           "uniform_rng", "JUNK_TEXT", "JUNK_OBJECTS", "EXTRA_WORD", "UNIFORM_STEPS"]


# ---------------------------------------------------------------------------------------
# random games
# ---------------------------------------------------------------------------------------
def play_random_game(variant: str, players: int, seed: int,
                     options: dict[str, Any] | None = None) -> Game:
    """Play one game with ``Game.playout_action(Rng(seed))`` until it is over.

    Raises :class:`ConformanceError` if the game exceeds ``rules.playout_limit`` actions
    or the playout picks an action that ``apply`` refuses.
    """
    where = Where(variant, players, seed, options)
    game = new_game(variant, players, seed, options)
    rng = Rng(seed)
    limit = game.rules.playout_limit
    steps = 0
    while not game.is_over:
        if steps >= limit:
            raise where.fail(steps, f"the game did not end within playout_limit={limit} "
                             "actions of playout_action", game.log)
        action = checked_playout(game, rng, where, steps)
        try:
            game.apply(action)
        except Exception as exc:  # noqa: BLE001 - reported with context
            raise where.fail(steps, f"playout_action chose {action!r}, which apply refused",
                             game.log, exc) from exc
        steps += 1
    return game


# ---------------------------------------------------------------------------------------
# one checked game
# ---------------------------------------------------------------------------------------
def check_game(variant: str, players: int, seed: int, options: dict[str, Any] | None = None,
               samples: int = 3) -> Game:
    """Play one random game, checking the contract at every step; return the final game.

    ``samples`` interior states (plus the first one) get the expensive checks: every
    legal action on a clone, junk, views and a save/load continuation.
    """
    where = Where(variant, players, seed, options)
    reference = play_random_game(variant, players, seed, options)
    length = len(reference.log)
    sample_steps = {0} | {length * (i + 1) // (samples + 1) for i in range(samples)}
    sample_steps.discard(length)

    game = new_game(variant, players, seed, options)
    check_identity(game, where, variant, players)
    rng = Rng(seed)
    continuations: list[tuple[int, str, int]] = []
    previous = checked_scores(game, where, 0)
    step = 0
    while not game.is_over:
        if step >= game.rules.playout_limit:
            raise where.fail(step, "the game did not end within playout_limit", game.log)
        check_running(game, where, step)
        legal = checked_legal(game, where, step)
        if step in sample_steps:
            saved = game.to_json()
            check_all_legal(game, legal, where, step)
            check_junk(game, legal, where, step)
            check_round_trip(game, where, step, legal, saved)
            check_position(game, where, step)
            check_views(game, where, step, legal)
            if game.to_json() != saved:
                raise where.fail(step, "probing the game (clone, view, to_json, refused "
                                 "actions) changed its state", game.log)
            continuations.append((step, saved, rng.state))
        action = checked_playout(game, rng, where, step)
        if action not in legal:
            raise where.fail(step, f"playout_action chose {action!r}, which legal_actions() "
                             "does not list", game.log)
        apply_listed(game, action, where, step)
        previous = check_scores(game, previous, action, where, step)
        step += 1

    if game.log != reference.log:
        first = next((i for i, (a, b) in enumerate(zip(game.log, reference.log, strict=False))
                      if a != b), min(len(game.log), len(reference.log)))
        raise where.fail(first, "the same seed gave a different random game the second time "
                         "(does a read-only call such as legal_actions, view or to_json "
                         "change the state, or does the engine use global randomness?)",
                         game.log[:first + 1])
    check_over(game, where, step)
    check_round_trip(game, where, step)
    check_position(game, where, step)
    final = game.to_json()
    check_replay(game, final, where)
    for at, text, rng_state in continuations:
        check_continuation(text, rng_state, final, where, at)
    return game


# ---------------------------------------------------------------------------------------
# whole variants
# ---------------------------------------------------------------------------------------
def check_variant(variant: str, players: int | None = None, games: int = 2, seed: int = 0,
                  options: dict[str, Any] | None = None, samples: int = 3,
                  uniform: int = 2, uniform_steps: int = UNIFORM_STEPS) -> None:
    """Check ``games`` random games (seeds ``seed``, ``seed + 1``, ...) per player count,
    and ``uniform`` games of uniform moves (:func:`check_uniform_game`, seeds from
    ``seed``, at most ``uniform_steps`` checked actions each).

    The first uniform game starts from the beginning; the others start at evenly spread
    points of the second half of the playout game of their seed (for two: three quarters
    in), where the end of a game is played with uniform moves too.
    ``players`` None checks every count from the variant's minimum to its maximum.
    Raises :class:`ConformanceError` at the first broken promise.
    """
    spec = get_registry().spec(variant)
    counts = (range(spec.min_players, spec.max_players + 1) if players is None
              else [players])
    for count in counts:
        for offset in range(games):
            check_game(variant, count, seed + offset, options, samples=samples)
        for i in range(uniform):
            warmup = uniform_warmup(variant, count, seed + i, options, i, uniform)
            check_uniform_game(variant, count, seed + i, options, max_steps=uniform_steps,
                               warmup=warmup)


def uniform_warmup(variant: str, players: int, seed: int, options: dict[str, Any] | None,
                   index: int, count: int) -> int:
    """The warm-up of uniform game ``index`` of ``count`` (see :func:`check_variant`):
    none for the first, else a point in the second half of the playout game of ``seed``."""
    if not index:
        return 0
    length = len(play_random_game(variant, players, seed, options).log)
    return length * (count + index) // (2 * count)


def check_all_variants(games: int = 1, seed: int = 0) -> None:
    """Run :func:`check_variant` on every playable variant of the current registry."""
    for variant in sorted(get_registry().variants):
        check_variant(variant, games=games, seed=seed)
