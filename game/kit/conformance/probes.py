"""The probes of the conformance kit (:mod:`game.kit.conformance`): each checks one promise
of the engine contract on a game in progress and raises :class:`ConformanceError`, naming
the game, the step and how to replay it, when the promise is broken.

They are shared by the kit's two kinds of game, the playout games of
:func:`game.kit.conformance.check_game` and the uniform ones of
:mod:`game.kit.conformance.uniform`. Nothing here imports pytest.
"""

from __future__ import annotations

import json
import string
from collections.abc import Sequence
from typing import Any

from game.api import Game, load_game, load_position, new_game
from game.core.errors import IllegalAction, SaveError
from game.core.events import Event
from game.core.facets import bot_hooks, has_own
from game.core.rng import Rng, mix_seed
from game.i18n import Msg

#: Text that no variant may accept as an action.
JUNK_TEXT: tuple[str, ...] = ("", "   ", "xyzzy")
#: Non-strings handed to ``Game.apply``.
JUNK_OBJECTS: tuple[Any, ...] = (None, 5, ["end"], b"end", 1.5)
#: Word appended to a legal action to make it illegal.
EXTRA_WORD = "xyzzy"


class ConformanceError(AssertionError):
    """A variant breaks the engine contract; the message says where and how to replay."""


class Where:
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


def checked_playout(game: Game, rng: Rng, where: Where, step: int) -> str:
    try:
        action = game.playout_action(rng)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, "playout_action raised", game.log, exc) from exc
    if not isinstance(action, str):
        raise where.fail(step, f"playout_action returned {action!r}, not a string", game.log)
    return action


def check_identity(game: Game, where: Where, variant: str, players: int) -> None:
    if game.variant != variant:
        raise where.fail(0, f"new_game returned variant {game.variant!r}")
    if game.players != players:
        raise where.fail(0, f"new_game returned a game for {game.players} players")
    if game.log:
        raise where.fail(0, f"a new game already has a log: {game.log!r}")


def check_running(game: Game, where: Where, step: int) -> None:
    seat = game.current_player
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise where.fail(step, f"current_player is {seat!r} while the game runs; it must "
                         f"be a seat 0..{game.players - 1}", game.log)
    winners = game.winners
    if winners:
        raise where.fail(step, f"winners is {winners!r} while the game runs; it must be "
                         "empty until the end", game.log)


def checked_legal(game: Game, where: Where, step: int) -> list[str]:
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


def apply_listed(game: Game, action: str, where: Where, step: int) -> list[Event]:
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
        if not (isinstance(event.kind, str) and event.kind and isinstance(event.text, str | Msg)):
            raise where.fail(step, f"apply({action!r}) returned an event without a kind or "
                             f"text: {event!r}", game.log)
    if not game.log or game.log[-1] != action:
        logged = game.log[-1] if game.log else None
        raise where.fail(step, f"{action!r} is listed by legal_actions(), so it is "
                         f"canonical, but apply logged it as {logged!r}", game.log)
    return events


def checked_scores(game: Game, where: Where, step: int) -> list[int]:
    scores = game.scores
    if len(scores) != game.players or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in scores):
        raise where.fail(step, f"scores must be one whole number per seat, got {scores!r}",
                         game.log)
    return scores


def check_all_legal(game: Game, legal: list[str], where: Where, step: int) -> None:
    for action in legal:
        try:
            copy = game.clone()
        except Exception as exc:  # noqa: BLE001
            raise where.fail(step, "clone() raised", game.log, exc) from exc
        apply_listed(copy, action, where, step)
        try:
            text = game.describe(action)
        except Exception as exc:  # noqa: BLE001
            raise where.fail(step, f"describe({action!r}) raised", game.log, exc) from exc
        if isinstance(text, Msg):
            text = str(text)  # a message: what it says in English
        if not isinstance(text, str) or not text:
            raise where.fail(step, f"describe({action!r}) must return some text", game.log)


def _refuse(game: Game, junk: Any, where: Where, step: int, why: str) -> None:
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


def check_junk(game: Game, legal: list[str], where: Where, step: int) -> None:
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


def check_views(game: Game, where: Where, step: int, legal: list[str]) -> None:
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
                             "JSON data" + first_difference(json.dumps(view),
                                                              json.dumps(plain)), game.log)
        if isinstance(full, dict) and "rng" in full and "rng" in view:
            raise where.fail(step, f"view({seat!r}) exposes the random generator state",
                             game.log)
        _check_determinize(game, view, plain, seat, legal, where, step)


def _check_determinize(game: Game, view: dict[str, Any], given: dict[str, Any],
                       seat: int | None, legal: list[str], where: Where,
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
        state = bot_hooks(rules).determinize(given, seat, rng)
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
                         "view hides" + first_difference(json.dumps(view, default=str),
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


def check_round_trip(game: Game, where: Where, step: int,
                      legal: list[str] | None = None, text: str | None = None) -> Game:
    """``load_game(g.to_json())`` is ``g`` again; returns the loaded game. ``legal``:
    ``g.legal_actions()``, and ``text``: ``g.to_json()``, if the caller has them."""
    text = game.to_json() if text is None else text
    try:
        json.loads(text)
        loaded = load_game(text)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, "load_game(to_json()) failed", game.log, exc) from exc
    return _same_game(game, loaded, text, "load_game(g.to_json())", where, step, legal)


def check_state_round_trip(game: Game, where: Where, step: int,
                            legal: list[str] | None = None, text: str | None = None) -> Game:
    """A game rebuilt from the state ``to_json()`` saved (``g.at_position``, without
    replaying the log: the codec reads the state and must write it back unchanged) is
    ``g`` again; returns it, with ``g``'s log.

    It checks what a save must keep (the state says all there is to say) at the price of
    one state, where :func:`check_round_trip` also replays the whole log, as
    ``load_game`` does: a uniform game checks this at every action and the full load at
    intervals, which keeps the kit linear in the length of the game.
    """
    text = game.to_json() if text is None else text
    try:
        position = game.at_position(json.loads(text)["state"])
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, "load_game(to_json()) failed: the saved state is not a "
                         "position of its own rules", game.log, exc) from exc
    # the same state under g's log: what load_game would return, without the replay
    rebuilt = Game(game.spec, game.rules, position.state, game.seed, game.options,
                   list(game.log))
    return _same_game(game, rebuilt, text, "at_position(the saved state)", where, step,
                      legal)


def check_position(game: Game, where: Where, step: int) -> None:
    """``g`` rebuilt at its own state is a position, which saves and loads as one
    (``load_position``) and is never taken for a saved game (``load_game`` refuses it):
    what a modder's tests of positions rely on."""
    try:
        position = game.at_position(game.rules.to_dict(game.state))
        text = position.to_json()
        again = load_position(text)
    except Exception as exc:  # noqa: BLE001
        raise where.fail(step, "a game built at this state (at_position) does not save and "
                         "load as a position", game.log, exc) from exc
    if again.to_json() != text:
        raise where.fail(step, "load_position(p.to_json()).to_json() differs from "
                         "p.to_json() for the game p built at this state"
                         + first_difference(text, again.to_json()), game.log)
    try:
        load_game(text)
    except SaveError:
        return
    raise where.fail(step, "load_game accepted a position built for a test as a saved game",
                     game.log)


def _same_game(game: Game, copy: Game, text: str, made: str, where: Where, step: int,
               legal: list[str] | None) -> Game:
    """``copy`` (``made`` says how it was made from ``text``, ``g.to_json()``) saves the
    same, has the same player to move and end, and lists the same legal actions as ``g``."""
    again = copy.to_json()
    if again != text:
        raise where.fail(step, f"{made}.to_json() differs from g.to_json()"
                         + first_difference(text, again), game.log)
    if copy.current_player != game.current_player or copy.is_over != game.is_over:
        raise where.fail(step, f"{made} has a different current player or end state than g",
                         game.log)
    if legal is None:
        legal = game.legal_actions()
    if copy.legal_actions() != legal:
        raise where.fail(step, f"{made} lists different legal actions than g", game.log)
    return copy


def check_continuation(text: str, rng_state: int, final: str, where: Where,
                        step: int) -> None:
    loaded = load_game(text)
    rng = Rng(rng_state)
    moves = 0
    while not loaded.is_over:
        if moves > loaded.rules.playout_limit:
            raise where.fail(step, "the game loaded from a save did not end", loaded.log)
        action = checked_playout(loaded, rng, where, step + moves)
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
                         + first_difference(final, end), loaded.log)


def check_over(game: Game, where: Where, step: int) -> None:
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
    checked_scores(game, where, step)
    for junk in (*JUNK_TEXT, "end", *(game.log[-1:])):
        _refuse(game, junk, where, step, "the game is over")


def check_replay(game: Game, final: str, where: Where) -> None:
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
                         + first_difference(final, again), game.log)


def first_difference(a: str, b: str) -> str:
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


def check_scores(game: Game, previous: list[int], action: str, where: Where,
                 step: int) -> list[int]:
    """The scores after ``action``, none of them lower than ``previous``: points once
    scored are never taken back."""
    scores = checked_scores(game, where, step + 1)
    for seat, (old, new) in enumerate(zip(previous, scores, strict=True)):
        if new < old:
            raise where.fail(step, f"{action!r} lowered seat {seat}'s score from {old} "
                             f"to {new}; scores must never decrease", game.log)
    return scores


class ProgressWatch:
    """Checks ``Rules.progresses``: an action it marks never leads to a view that any
    seat saw earlier in the game (the bots skip the loop check for such actions, so a
    wrong mark would let a computer player go round in circles). Every seat's view of
    every position is noted; nothing is noted for rules that keep the default hook."""

    def __init__(self, game: Game) -> None:
        rules = game.rules
        self.active = has_own(bot_hooks(rules), "progresses")
        self.seen: list[set[str]] = [set() for _ in range(game.players)]
        self.note(game)

    def note(self, game: Game) -> list[str]:
        """Note every seat's view of the position now; returns them (JSON text)."""
        keys = self.keys(game)
        for seen, key in zip(self.seen, keys, strict=False):
            seen.add(key)
        return keys

    def keys(self, game: Game) -> list[str]:
        if not self.active:
            return []
        return [json.dumps(game.view(seat), sort_keys=True, default=str)
                for seat in range(game.players)]

    def after(self, game: Game, action: str, where: Where, step: int) -> None:
        """Note the position ``action`` led to; fail if the action is marked and a seat
        saw that position before."""
        if not self.active:
            return
        keys = self.keys(game)
        if bot_hooks(game.rules).progresses(action):
            for seat, (seen, key) in enumerate(zip(self.seen, keys, strict=True)):
                if key in seen:
                    raise where.fail(step, f"progresses({action!r}) is True, but the "
                                     f"action led back to a position seat {seat} saw "
                                     "earlier in the game; mark only actions that "
                                     "increase something no action decreases", game.log)
        for seen, key in zip(self.seen, keys, strict=True):
            seen.add(key)
