"""A conformance kit for rules engines and variants: run it on your own mod.

Every variant, built in or third party, must honour the contract of
:class:`game.engine.Rules` as seen through :mod:`game.api`. This module checks that
contract by playing seeded random games and probing them along the way::

    from game.conformance import check_variant
    check_variant("my-variant")              # every allowed player count: two playout
                                             # games and two uniform games each
    check_variant("my-variant", players=3, games=5, seed=100)

A failure raises :class:`ConformanceError` (an ``AssertionError``), so the kit works under
pytest, unittest or a plain script. Every message names the variant, the player count,
the seed and the step, and says how to replay the failing position.

What is checked, for each game of the playout policy (:func:`check_game`):

* the game ends within ``rules.playout_limit`` actions of ``Game.playout_action``;
* every action the playout chooses is listed by ``legal_actions()`` and applies, ``apply``
  returns :class:`game.events.Event` objects and logs the action in its canonical form;
* at a few sampled states, **every** legal action applies on a clone, the original game
  is untouched, and the views and their determinizations pass the checks below;
* ``current_player`` is a valid seat while the game runs and None once it is over;
* junk (``""``, blanks, ``"xyzzy"``, a legal action with an extra word, a legal action
  with its last character changed, non-strings) is refused with
  :class:`game.errors.IllegalAction`, leaving ``to_json()`` unchanged;
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

* ``load_game(g.to_json())`` succeeds, has the same ``to_json()``, current player and
  legal actions, and plays the next action exactly as the original does (same events,
  same ``to_json()``); from a few of these loads the copy plays on to the last checked
  action beside the original and ends the same;
* ``view(seat)`` for every seat and for a spectator is plain JSON (it survives
  ``json.dumps``/``json.loads`` unchanged) without the random generator;
* ``rules.determinize(view, seat, rng)`` (where the rules offer one) leaves the view
  alone and returns a state whose own view is exactly that view (a sample the seat cannot
  tell from the truth), with the same player to move, and in which every action legal
  in the real game is legal when that seat decides.

The module imports nothing from pytest.
"""

from __future__ import annotations

import json
import string
from collections.abc import Sequence
from typing import Any

from game.api import Game, load_game, new_game
from game.errors import IllegalAction
from game.events import Event
from game.plugins import get_registry
from game.rng import Rng, mix_seed

__all__ = ["ConformanceError", "play_random_game", "play_uniform_game", "check_game",
           "check_uniform_game", "check_variant", "check_all_variants", "uniform_warmup",
           "JUNK_TEXT", "JUNK_OBJECTS", "UNIFORM_STEPS"]

#: Text that no variant may accept as an action.
JUNK_TEXT: tuple[str, ...] = ("", "   ", "xyzzy")
#: Non-strings handed to ``Game.apply``.
JUNK_OBJECTS: tuple[Any, ...] = (None, 5, ["end"], b"end", 1.5)
#: Word appended to a legal action to make it illegal.
EXTRA_WORD = "xyzzy"
#: The most actions of one uniform random game that :func:`check_uniform_game` plays and
#: checks (every one of them). Uniform moves can take very long to end a game (Mexica's
#: players walk to and fro and can go on for hundreds of thousands of actions), and
#: every checked action saves, loads and determinizes, so the cap keeps the kit quick.
#: The built-in variants' uniform games change turns and phases many times within it
#: (a whole Market game is about 200 actions, a whole Aztlán game about 300).
UNIFORM_STEPS = 150


class ConformanceError(AssertionError):
    """A variant breaks the engine contract; the message says where and how to replay."""


class _Where:
    """Names the game under test in every failure message."""

    def __init__(self, variant: str, players: int, seed: int, options: Any,
                 uniform: int | None = None) -> None:
        self.variant = variant
        self.players = players
        self.seed = seed
        self.options = options
        #: a uniform game: its warm-up (replayed by play_uniform_game, not the log)
        self.uniform = uniform

    def fail(self, step: int | None, message: str, log: Sequence[str] | None = None,
             cause: BaseException | None = None) -> ConformanceError:
        where = f"variant {self.variant!r}, {self.players} players, seed {self.seed}"
        if self.options:
            where += f", options {self.options!r}"
        if step is not None:
            where += f", step {step}"
        text = f"[{where}] {message}"
        if log is not None:
            tail = list(log[-5:])
            text += f"\n  last actions: {tail!r}\n  replay: "
            if self.uniform is None:
                text += (f"new_game({self.variant!r}, {self.players}, {self.seed}, "
                         f"options) then apply log[:{len(log)}]")
            else:
                text += (f"play_uniform_game({self.variant!r}, {self.players}, "
                         f"{self.seed}, options, steps={len(log)}, "
                         f"warmup={self.uniform})")
        if cause is not None:
            text += f"\n  caused by {type(cause).__name__}: {cause}"
        return ConformanceError(text)


# ---------------------------------------------------------------------------------------
# random games
# ---------------------------------------------------------------------------------------
def play_random_game(variant: str, players: int, seed: int,
                     options: dict[str, Any] | None = None) -> Game:
    """Play one game with ``Game.playout_action(Rng(seed))`` until it is over.

    Raises :class:`ConformanceError` if the game exceeds ``rules.playout_limit`` actions
    or the playout picks an action that ``apply`` refuses.
    """
    where = _Where(variant, players, seed, options)
    game = new_game(variant, players, seed, options)
    rng = Rng(seed)
    limit = game.rules.playout_limit
    steps = 0
    while not game.is_over:
        if steps >= limit:
            raise where.fail(steps, f"the game did not end within playout_limit={limit} "
                             "actions of playout_action", game.log)
        action = _playout(game, rng, where, steps)
        try:
            game.apply(action)
        except Exception as exc:  # noqa: BLE001 - reported with context
            raise where.fail(steps, f"playout_action chose {action!r}, which apply refused",
                             game.log, exc) from exc
        steps += 1
    return game


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


def _playout(game: Game, rng: Rng, where: _Where, step: int) -> str:
    try:
        action = game.playout_action(rng)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, "playout_action raised", game.log, exc) from exc
    if not isinstance(action, str):
        raise where.fail(step, f"playout_action returned {action!r}, not a string", game.log)
    return action


# ---------------------------------------------------------------------------------------
# one checked game
# ---------------------------------------------------------------------------------------
def check_game(variant: str, players: int, seed: int, options: dict[str, Any] | None = None,
               samples: int = 3) -> Game:
    """Play one random game, checking the contract at every step; return the final game.

    ``samples`` interior states (plus the first one) get the expensive checks: every
    legal action on a clone, junk, views and a save/load continuation.
    """
    where = _Where(variant, players, seed, options)
    reference = play_random_game(variant, players, seed, options)
    length = len(reference.log)
    sample_steps = {0} | {length * (i + 1) // (samples + 1) for i in range(samples)}
    sample_steps.discard(length)

    game = new_game(variant, players, seed, options)
    _check_identity(game, where, variant, players)
    rng = Rng(seed)
    continuations: list[tuple[int, str, int]] = []
    previous = _scores(game, where, 0)
    step = 0
    while not game.is_over:
        if step >= game.rules.playout_limit:
            raise where.fail(step, "the game did not end within playout_limit", game.log)
        _check_running(game, where, step)
        legal = _legal(game, where, step)
        if step in sample_steps:
            saved = game.to_json()
            _check_all_legal(game, legal, where, step)
            _check_junk(game, legal, where, step)
            _check_round_trip(game, where, step, legal)
            _check_views(game, where, step, legal)
            if game.to_json() != saved:
                raise where.fail(step, "probing the game (clone, view, to_json, refused "
                                 "actions) changed its state", game.log)
            continuations.append((step, saved, rng.state))
        action = _playout(game, rng, where, step)
        if action not in legal:
            raise where.fail(step, f"playout_action chose {action!r}, which legal_actions() "
                             "does not list", game.log)
        _apply_listed(game, action, where, step)
        scores = _scores(game, where, step + 1)
        for seat, (old, new) in enumerate(zip(previous, scores, strict=True)):
            if new < old:
                raise where.fail(step, f"{action!r} lowered seat {seat}'s score from {old} "
                                 f"to {new}; scores must never decrease", game.log)
        previous = scores
        step += 1

    if game.log != reference.log:
        first = next((i for i, (a, b) in enumerate(zip(game.log, reference.log, strict=False))
                      if a != b), min(len(game.log), len(reference.log)))
        raise where.fail(first, "the same seed gave a different random game the second time "
                         "(does a read-only call such as legal_actions, view or to_json "
                         "change the state, or does the engine use global randomness?)",
                         game.log[:first + 1])
    _check_over(game, where, step)
    _check_round_trip(game, where, step)
    final = game.to_json()
    _check_replay(game, final, where)
    for at, text, rng_state in continuations:
        _check_continuation(text, rng_state, final, where, at)
    return game


def check_uniform_game(variant: str, players: int, seed: int,
                       options: dict[str, Any] | None = None,
                       max_steps: int = UNIFORM_STEPS, warmup: int = 0,
                       continuations: int = 2, views: bool = True) -> Game:
    """Play one game of moves drawn uniformly from ``legal_actions()``, checking saves,
    views and determinizations after every action; return the game where it stopped.

    The first ``warmup`` actions come from the playout policy, unchecked (they are what
    :func:`check_game` checks): uniform moves from a late position reach states that
    uniform moves from the start do not reach within the cap (Mexica's second period).
    Then at most ``max_steps`` uniform actions are played and checked, fewer if the game
    ends. Besides the game loaded before each action (which must play that action as the
    original does), ``continuations`` games loaded at evenly spread checked steps (the
    first one included) play on beside the original to the last checked action and must
    end in the same state. ``views`` False leaves out the views and determinizations
    (a quicker sweep of saves alone).
    """
    where = _Where(variant, players, seed, options, uniform=warmup)
    game = new_game(variant, players, seed, options)
    _check_identity(game, where, variant, players)
    playout, rng = Rng(seed), uniform_rng(seed)
    while not game.is_over and len(game.log) < warmup:
        action = _playout(game, playout, where, len(game.log))
        _apply_listed(game, action, where, len(game.log))
    first = step = len(game.log)
    marks = {first + max_steps * i // continuations for i in range(continuations)}
    copies: list[tuple[int, Game]] = []
    previous = _scores(game, where, step)
    while not game.is_over and step < first + max_steps:
        _check_running(game, where, step)
        legal = _legal(game, where, step)
        text = game.to_json()
        loaded = _check_round_trip(game, where, step, legal)
        if views:
            _check_views(game, where, step, legal)
        if game.to_json() != text:
            raise where.fail(step, "saving the game, building views or determinizing them "
                             "changed its state", game.log)
        if step in marks:
            copies.append((step, load_game(text)))
        action = rng.choice(legal)
        events = _apply_listed(game, action, where, step)
        _check_plays_on(loaded, action, events, game, where, step)
        for at, other in copies:
            _apply_copy(other, action, where, at, step)
        scores = _scores(game, where, step + 1)
        for seat, (old, new) in enumerate(zip(previous, scores, strict=True)):
            if new < old:
                raise where.fail(step, f"{action!r} lowered seat {seat}'s score from {old} "
                                 f"to {new}; scores must never decrease", game.log)
        previous = scores
        step += 1
    if game.is_over:
        _check_over(game, where, step)
        _check_round_trip(game, where, step, [])
        if views:
            _check_views(game, where, step, [])
    final = game.to_json()
    for at, other in copies:
        end = other.to_json()
        if end != final:
            raise where.fail(at, f"a game saved and loaded here and then played on with the "
                             f"same {step - at} moves ended differently from the original"
                             + _first_difference(final, end), game.log)
    return game


def _check_plays_on(loaded: Game, action: str, events: list[Event], game: Game,
                    where: _Where, step: int) -> None:
    """The game loaded before ``action`` plays it exactly as the original did."""
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
                         "differs from the original" + _first_difference(text, other),
                         game.log)


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


def _apply_copy(other: Game, action: str, where: _Where, at: int, step: int) -> None:
    try:
        other.apply(action)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, f"a game saved and loaded at step {at} refused {action!r}, "
                         "which the original accepted", other.log, exc) from exc


def _check_identity(game: Game, where: _Where, variant: str, players: int) -> None:
    if game.variant != variant:
        raise where.fail(0, f"new_game returned variant {game.variant!r}")
    if game.players != players:
        raise where.fail(0, f"new_game returned a game for {game.players} players")
    if game.log:
        raise where.fail(0, f"a new game already has a log: {game.log!r}")


def _check_running(game: Game, where: _Where, step: int) -> None:
    seat = game.current_player
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise where.fail(step, f"current_player is {seat!r} while the game runs; it must "
                         f"be a seat 0..{game.players - 1}", game.log)
    winners = game.winners
    if winners:
        raise where.fail(step, f"winners is {winners!r} while the game runs; it must be "
                         "empty until the end", game.log)


def _legal(game: Game, where: _Where, step: int) -> list[str]:
    try:
        legal = game.legal_actions()
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, "legal_actions() raised", game.log, exc) from exc
    if not isinstance(legal, list) or not all(isinstance(a, str) for a in legal):
        raise where.fail(step, "legal_actions() must return a list of strings", game.log)
    if not legal:
        raise where.fail(step, "legal_actions() is empty but the game is not over",
                         game.log)
    if len(set(legal)) != len(legal):
        dups = sorted({a for a in legal if legal.count(a) > 1})[:5]
        raise where.fail(step, f"legal_actions() lists actions twice: {dups!r}", game.log)
    return legal


def _apply_listed(game: Game, action: str, where: _Where, step: int) -> list[Event]:
    """Apply an action taken from legal_actions(); it must apply and log as itself."""
    try:
        events = game.apply(action)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, f"{action!r} is listed by legal_actions() but apply refused "
                         "it", game.log, exc) from exc
    if not isinstance(events, list) or not all(isinstance(e, Event) for e in events):
        raise where.fail(step, f"apply({action!r}) must return a list of Event objects, "
                         f"got {events!r}", game.log)
    for event in events:
        if not (isinstance(event.kind, str) and event.kind and isinstance(event.text, str)):
            raise where.fail(step, f"apply({action!r}) returned an event without a kind or "
                             f"text: {event!r}", game.log)
    if not game.log or game.log[-1] != action:
        logged = game.log[-1] if game.log else None
        raise where.fail(step, f"{action!r} is listed by legal_actions(), so it is "
                         f"canonical, but apply logged it as {logged!r}", game.log)
    return events


def _scores(game: Game, where: _Where, step: int) -> list[int]:
    scores = game.scores
    if len(scores) != game.players or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in scores):
        raise where.fail(step, f"scores must be one whole number per seat, got {scores!r}",
                         game.log)
    return scores


def _check_all_legal(game: Game, legal: list[str], where: _Where, step: int) -> None:
    for action in legal:
        try:
            copy = game.clone()
        except Exception as exc:  # noqa: BLE001
            raise where.fail(step, "clone() raised", game.log, exc) from exc
        _apply_listed(copy, action, where, step)
        try:
            text = game.describe(action)
        except Exception as exc:  # noqa: BLE001
            raise where.fail(step, f"describe({action!r}) raised", game.log, exc) from exc
        if not isinstance(text, str) or not text:
            raise where.fail(step, f"describe({action!r}) must return some text", game.log)


def _refuse(game: Game, junk: Any, where: _Where, step: int, why: str) -> None:
    """``junk`` must raise IllegalAction with a message and leave the game as it was."""
    before = game.to_json()
    try:
        game.apply(junk)
    except IllegalAction as exc:
        if not str(exc).strip():
            raise where.fail(step, f"apply({junk!r}) refused it with an empty message; "
                             "say why the action is illegal", game.log) from exc
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, f"apply({junk!r}) ({why}) raised {type(exc).__name__} "
                         "instead of IllegalAction", game.log, exc) from exc
    else:
        raise where.fail(step, f"apply({junk!r}) ({why}) was accepted; it must raise "
                         "IllegalAction", game.log)
    if game.to_json() != before:
        raise where.fail(step, f"apply({junk!r}) raised IllegalAction but changed the state; "
                         "check everything before changing anything", game.log)


def _changed_last(action: str) -> list[str]:
    """Variants of ``action`` with the last character replaced by a similar one."""
    if not action:
        return []
    last = action[-1]
    if last.isdigit():
        pool = string.digits
    elif last.isalpha():
        pool = string.ascii_lowercase
    else:
        pool = "#"
    start = pool.find(last.lower()) + 1
    rotated = pool[start:] + pool[:start]
    out = [action[:-1] + ch for ch in rotated if ch.lower() != last.lower()]
    return out[:3] + [action[:-1] + "#"]


def _check_junk(game: Game, legal: list[str], where: _Where, step: int) -> None:
    for junk in JUNK_TEXT:
        _refuse(game, junk, where, step, "junk text")
    for junk in JUNK_OBJECTS:
        _refuse(game, junk, where, step, "not a string")
    listed = set(legal)
    folded = {a.casefold() for a in legal}
    # a handful of legal actions spread over the list, each of a different first word
    probes: dict[str, str] = {}
    for action in legal:
        probes.setdefault(action.split(" ", 1)[0], action)
    for action in list(probes.values())[:8]:
        _refuse(game, f"{action} {EXTRA_WORD}", where, step, "a legal action plus a word")
        for changed in _changed_last(action):
            if changed in listed or changed.casefold() in folded:
                continue
            # An engine may accept aliases (other spellings or orders) of listed actions,
            # but whatever it accepts must canonicalise to a listed action.
            copy = game.clone()
            before = copy.to_json()
            try:
                copy.apply(changed)
            except IllegalAction:
                if copy.to_json() != before:
                    raise where.fail(step, f"apply({changed!r}) raised IllegalAction but "
                                     "changed the state", game.log) from None
                continue
            except Exception as exc:  # noqa: BLE001
                raise where.fail(step, f"apply({changed!r}) raised {type(exc).__name__} "
                                 "instead of IllegalAction", game.log, exc) from exc
            canonical = copy.log[-1] if copy.log else None
            if canonical not in listed:
                raise where.fail(step, f"apply accepted {changed!r} (logged as "
                                 f"{canonical!r}), but legal_actions() does not list it; "
                                 "legal_actions() must list exactly what apply accepts",
                                 game.log)


def _check_views(game: Game, where: _Where, step: int, legal: list[str]) -> None:
    """Every seat's and a spectator's view is plain JSON without the generator, and
    determinizes faithfully (see :func:`_check_determinize`)."""
    try:
        full = game.rules.to_dict(game.state)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, "to_dict raised", game.log, exc) from exc
    for seat in [*range(game.players), None]:
        try:
            view = game.view(seat)
            plain = json.loads(json.dumps(view))
        except Exception as exc:  # noqa: BLE001
            raise where.fail(step, f"view({seat!r}) raised or is not plain JSON data",
                             game.log, exc) from exc
        if plain != view:
            raise where.fail(step, f"view({seat!r}) does not survive json.dumps/json.loads "
                             "unchanged (tuples, non-string keys?); a view must be plain "
                             "JSON data" + _first_difference(json.dumps(view),
                                                              json.dumps(plain)), game.log)
        if isinstance(full, dict) and "rng" in full and "rng" in view:
            raise where.fail(step, f"view({seat!r}) exposes the random generator state",
                             game.log)
        _check_determinize(game, view, plain, seat, legal, where, step)


def _check_determinize(game: Game, view: dict[str, Any], given: dict[str, Any],
                       seat: int | None, legal: list[str], where: _Where,
                       step: int) -> None:
    """``rules.determinize(view, seat, rng)`` samples a state the seat cannot tell from
    the real one: its view is ``view`` again. Bots rely on that: they follow a plan while
    the views match what they expect, and they recognise a position they have already
    been in (a move there and back) by its view. ``given`` is a copy of ``view`` to hand
    over. Rules without the hook (or that raise NotImplementedError) are skipped: the
    bots then play without a state. The legal actions are asked of the state built for
    the deciding seat only (the one a bot searches)."""
    rules = game.rules
    deciding = seat is not None and seat == game.current_player
    rng = Rng(mix_seed(where.seed, "determinize", step, "spectator" if seat is None else seat))
    who = "a spectator" if seat is None else f"seat {seat}"
    try:
        state = rules.determinize(given, seat, rng)
    except NotImplementedError:
        return
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, f"determinize(view({seat!r}), {seat!r}, rng) raised; a bot "
                         f"for {who} could not think here", game.log, exc) from exc
    if given != view:
        raise where.fail(step, f"determinize(view({seat!r}), ...) changed the view it was "
                         "given; copy what you change", game.log)
    try:
        again = rules.view(state, seat)
        again["seat"] = seat
        current = rules.current_player(state)
        over = rules.is_over(state)
        options = rules.legal_actions(state) if deciding and not over else []
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, f"the state determinize built for {who} is broken: view, "
                         "current_player, is_over or legal_actions raised on it", game.log,
                         exc) from exc
    if again != view:
        raise where.fail(step, f"the state determinize built from view({seat!r}) shows "
                         f"{who} another view; a determinization may only sample what the "
                         "view hides" + _first_difference(json.dumps(view, default=str),
                                                          json.dumps(again, default=str)),
                         game.log)
    if current != game.current_player or over != game.is_over:
        raise where.fail(step, f"in the state determinize built for {who}, current_player "
                         f"is {current!r} (is_over {over}); in the game it is "
                         f"{game.current_player!r} (is_over {game.is_over})", game.log)
    if not isinstance(options, list) or not all(isinstance(a, str) for a in options):
        raise where.fail(step, f"legal_actions() of the state determinize built for {who} "
                         "is not a list of strings", game.log)
    if deciding:
        known = set(options)
        missing = [a for a in legal if a not in known]
        if missing:
            raise where.fail(step, f"{missing[:5]!r} are legal in the game but not in the "
                             f"state determinize built for {who}, who decides: a bot "
                             "could never choose them", game.log)


def _check_round_trip(game: Game, where: _Where, step: int,
                      legal: list[str] | None = None) -> Game:
    """``load_game(g.to_json())`` is ``g`` again; returns the loaded game. ``legal``:
    ``g.legal_actions()`` if the caller has it."""
    text = game.to_json()
    try:
        json.loads(text)
        loaded = load_game(text)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, "load_game(to_json()) failed", game.log, exc) from exc
    again = loaded.to_json()
    if again != text:
        raise where.fail(step, "load_game(g.to_json()).to_json() differs from g.to_json()"
                         + _first_difference(text, again), game.log)
    if loaded.current_player != game.current_player or loaded.is_over != game.is_over:
        raise where.fail(step, "load_game(g.to_json()) has a different current player or "
                         "end state than g", game.log)
    if legal is None:
        legal = game.legal_actions()
    if loaded.legal_actions() != legal:
        raise where.fail(step, "load_game(g.to_json()) lists different legal actions than "
                         "g", game.log)
    return loaded


def _check_continuation(text: str, rng_state: int, final: str, where: _Where,
                        step: int) -> None:
    loaded = load_game(text)
    rng = Rng(rng_state)
    moves = 0
    while not loaded.is_over:
        if moves > loaded.rules.playout_limit:
            raise where.fail(step, "the game loaded from a save did not end", loaded.log)
        action = _playout(loaded, rng, where, step + moves)
        try:
            loaded.apply(action)
        except Exception as exc:  # noqa: BLE001
            raise where.fail(step + moves, f"after save and load, {action!r} was refused",
                             loaded.log, exc) from exc
        moves += 1
    end = loaded.to_json()
    if end != final:
        raise where.fail(step, "a game saved and loaded here and then played on with the "
                         "same random choices ended differently from the original"
                         + _first_difference(final, end), loaded.log)


def _check_over(game: Game, where: _Where, step: int) -> None:
    if game.current_player is not None:
        raise where.fail(step, f"current_player is {game.current_player!r} after the end; "
                         "it must be None", game.log)
    if game.legal_actions():
        raise where.fail(step, "legal_actions() is not empty after the end", game.log)
    winners = game.winners
    seats = set(range(game.players))
    if not winners:
        raise where.fail(step, "the game is over but winners is empty", game.log)
    if not set(winners) <= seats or len(set(winners)) != len(winners) or not all(
            isinstance(w, int) and not isinstance(w, bool) for w in winners):
        raise where.fail(step, f"winners {winners!r} must be distinct seats "
                         f"0..{game.players - 1}", game.log)
    _scores(game, where, step)
    for junk in (*JUNK_TEXT, "end", *(game.log[-1:])):
        _refuse(game, junk, where, step, "the game is over")


def _check_replay(game: Game, final: str, where: _Where) -> None:
    fresh = new_game(where.variant, where.players, where.seed, where.options)
    for i, action in enumerate(game.log):
        try:
            fresh.apply(action)
        except Exception as exc:  # noqa: BLE001
            raise where.fail(i, f"replaying the log: {action!r} was refused", game.log[:i + 1],
                             exc) from exc
    again = fresh.to_json()
    if again != final:
        raise where.fail(len(game.log), "replaying the log in a fresh new_game with the "
                         "same seed did not reproduce the same to_json()"
                         + _first_difference(final, again), game.log)


def _first_difference(a: str, b: str) -> str:
    try:
        da, db = json.loads(a), json.loads(b)
    except ValueError:
        return ""
    diffs = _diff(da, db, "")
    return f" (first difference at {diffs})" if diffs else ""


def _diff(a: Any, b: Any, path: str) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key} (missing on one side)"
            found = _diff(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return ""
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path or '.'}: {len(a)} vs {len(b)} entries"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _diff(x, y, f"{path}[{i}]")
            if found:
                return found
        return ""
    return "" if a == b else f"{path or '.'}: {a!r} vs {b!r}"


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
