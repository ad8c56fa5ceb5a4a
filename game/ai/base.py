"""What every computer player shares: the decision protocol, plans, values, seeding.

A bot decides from exactly what its seat may know: ``Game.view(seat)`` (a JSON-like dict)
and the list of legal actions (the deciding seat knows what it may do). It never touches
the live game; whatever it simulates runs on states it built itself with the rules'
``determinize`` hook, whose hidden parts are samples.

A decision is a *plan*: the action to play now and, optionally, the steps the bot means
to play after it in the same turn. The bot remembers the plan together with the view it
expects after each step; when the next view is exactly that one, it plays the next step
without thinking again (a whole Mexica turn costs one search). Anything unexpected (a
chance draw, a revealed secret) drops the plan and the bot thinks afresh.

Every random choice comes from a generator seeded by the bot's seed, a digest of the view
and the number of decisions the bot has made, so a bot with the same seed and budget
makes the same moves in the same game (and a position that repeats is not answered the
same way forever).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import deque
from collections.abc import Mapping
from concurrent.futures import Future, InvalidStateError
from typing import Any

from game.ai.policy import playout_decision
from game.core.engine import PLAN_SEP, Rules
from game.core.errors import IllegalAction, quote
from game.core.facets import BotHooks, bot_hooks, has_own
from game.core.rng import Rng, mix_seed

LEVELS = ("easy", "normal", "hard")


def split_plan(move: str) -> list[str]:
    """The steps of a candidate: a single action or a plan joined by ``PLAN_SEP``."""
    if PLAN_SEP not in move:
        return [move]
    return [step.strip() for step in move.split(PLAN_SEP) if step.strip()]


def view_digest(view: dict[str, Any]) -> str:
    """A short fingerprint of a view (JSON with sorted keys)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def seat_view(rules: Rules, state: Any, seat: int | None) -> dict[str, Any]:
    """What ``Game.view(seat)`` would give for ``state`` (the rules' view plus the seat)."""
    data = rules.view(state, seat)
    data["seat"] = seat
    return data


def position_key(rules: Rules, state: Any, seat: int) -> str:
    """The position as ``seat`` sees it in ``state``: the digest of its view, comparable
    with ``view_digest(Game.view(seat))`` because a determinization shows exactly the view
    it was sampled from (see :meth:`Bot.loops`)."""
    return view_digest(seat_view(rules, state, seat))


def walk(rules: Rules, state: Any, steps: list[str], seat: int,
         seen: set[str] | None) -> tuple[list[str], bool]:
    """Play ``steps`` for ``seat`` on ``state`` (bot-owned) while it is that seat's
    decision; a refused step ends the walk. With ``seen``, note there the key of every
    position reached while ``seat`` still decides, and stop at one already in it (a
    repeat). Returns the steps played and whether the walk stopped at a repeat."""
    done: list[str] = []
    for step in steps:
        if rules.is_over(state) or rules.current_player(state) != seat:
            break
        try:
            canonical, _events = rules.apply(state, step)
        except IllegalAction:
            break
        done.append(canonical)
        if seen is None:
            continue  # no positions to note (the search's hot path: apply_plan)
        if rules.is_over(state) or rules.current_player(state) != seat:
            break  # the turn is over: what follows is nobody's repeat
        key = position_key(rules, state, seat)
        if key in seen:
            return done, True
        seen.add(key)
    return done, False


def has_own_hook(rules: Rules, name: str) -> bool:
    """Whether the rules answer the optional bot hook ``name`` themselves rather than
    with the default of :class:`game.core.facets.BotHooks`."""
    return has_own(bot_hooks(rules), name)


def apply_plan(rules: Rules, state: Any, steps: list[str], seat: int) -> list[str]:
    """Play ``steps`` for ``seat`` on ``state`` (a bot-owned state) while it is that
    seat's decision; returns the steps actually played (a refused step ends the plan)."""
    return walk(rules, state, steps, seat, None)[0]


def terminal_reward(rules: Rules, state: Any, seat: int) -> float:
    winners = rules.winners(state)
    if seat in winners:
        return 1.0 / len(winners)
    return 0.0


def logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


#: evaluation weights handed to the ``evaluate`` hook (None: the engine's own)
Weights = Mapping[str, float] | None


def evaluate(rules: Rules, state: Any, seat: int, weights: Weights = None) -> float:
    """The rules' ``evaluate`` hook, with ``weights`` only when there are some (an engine
    whose hook takes two arguments never sees a third)."""
    return _evaluate(bot_hooks(rules), state, seat, weights)


def _evaluate(hooks: BotHooks[Any], state: Any, seat: int, weights: Weights) -> float:
    if weights:
        return float(hooks.evaluate(state, seat, weights))
    return float(hooks.evaluate(state, seat))


def reward(rules: Rules, state: Any, seat: int, weights: Weights = None,
           scale: float = 0.0, how: str = "lead") -> float:
    """The seat's value of ``state`` in [0, 1]: the result if the game is over, else the
    evaluation hook through a logistic of ``scale`` points (0: the hooks'
    ``evaluation_scale``). ``how`` ``pairwise``: see :func:`pairwise_rewards`."""
    if how == "pairwise":
        return pairwise_rewards(rules, state, weights, scale)[seat]
    if rules.is_over(state):
        return terminal_reward(rules, state, seat)
    hooks = bot_hooks(rules)
    return logistic(_evaluate(hooks, state, seat, weights) / _scale(hooks, scale))


def pairwise_rewards(rules: Rules, state: Any, weights: Weights = None,
                     scale: float = 0.0) -> list[float]:
    """Each seat's share of its rivals it is ahead of in ``state``: each pair's
    difference of the ``seat_values`` hook through a logistic of ``scale`` points, a
    finished game's final scores (a tie a half). A seat far behind the leader, whose
    lead is a loss whatever it does (its rewards all near 0, its choices near a coin's),
    still tells apart the moves that keep it ahead of the others; with two seats this is
    :func:`rewards`."""
    n = rules.players
    if rules.is_over(state):
        values = [float(v) for v in rules.scores(state)]
        return [sum(1.0 if values[p] > values[q] else 0.5 if values[p] == values[q] else 0.0
                    for q in range(n) if q != p) / max(1, n - 1) for p in range(n)]
    hooks = bot_hooks(rules)
    values = [float(v) for v in (hooks.seat_values(state, weights) if weights
                                 else hooks.seat_values(state))]
    step = _scale(hooks, scale)
    if n < 2:
        return [logistic(values[0] / step)]
    return [sum(logistic((values[p] - values[q]) / step) for q in range(n) if q != p)
            / (n - 1) for p in range(n)]


def _scale(hooks: Any, scale: float) -> float:
    """The points of advantage one step of the logistic spans: ``scale``, else the hooks'
    ``evaluation_scale``, else 10."""
    return float(scale or hooks.evaluation_scale or 10.0)


def rewards(rules: Rules, state: Any, weights: Weights = None,
            scale: float = 0.0, how: str = "lead") -> list[float]:
    """:func:`reward` for every seat. An engine whose hooks answer ``evaluate_seats(state,
    weights)`` (every seat's ``evaluate`` in a list, at the cost of one: each seat's
    value is measured against the others', so one evaluation computes them all) is asked
    once instead of once per seat; the numbers are the same."""
    if how == "pairwise":
        return pairwise_rewards(rules, state, weights, scale)
    if rules.is_over(state):
        return [terminal_reward(rules, state, p) for p in range(rules.players)]
    hooks = bot_hooks(rules)
    scale = _scale(hooks, scale)
    every = getattr(hooks, "evaluate_seats", None)
    if every is None:
        values = [_evaluate(hooks, state, p, weights) for p in range(rules.players)]
    else:
        values = [float(v) for v in (every(state, weights) if weights else every(state))]
    return [logistic(v / scale) for v in values]


def advantage_and_reward(rules: Rules, state: Any, seat: int, weights: Weights = None,
                         scale: float = 0.0, how: str = "lead") -> tuple[float, float]:
    """:func:`advantage` and :func:`reward` of one state with one evaluation (the search
    orders moves by the first and starts their edges at the second; the evaluation is
    most of a search's time)."""
    if how == "pairwise":
        return (advantage(rules, state, seat, weights),
                pairwise_rewards(rules, state, weights, scale)[seat])
    if rules.is_over(state):
        return advantage(rules, state, seat, weights), terminal_reward(rules, state, seat)
    hooks = bot_hooks(rules)
    value = _evaluate(hooks, state, seat, weights)
    return value, logistic(value / _scale(hooks, scale))


def advantage(rules: Rules, state: Any, seat: int, weights: Weights = None) -> float:
    """The seat's value of ``state`` in points (a finished game: a huge bonus for a win)."""
    if rules.is_over(state):
        win = terminal_reward(rules, state, seat)
        scores = rules.scores(state)
        others = [v for i, v in enumerate(scores) if i != seat]
        diff = scores[seat] - (max(others) if others else 0)
        return 1e6 * (win - 0.5) + diff
    return evaluate(rules, state, seat, weights)


def level_weights(rules: Rules, level: str,
                  own: Mapping[str, float] | None = None) -> dict[str, float] | None:
    """The weights a bot of ``level`` evaluates with: the variant file's for that level
    (``Rules.evaluation_weights``), with the bot's ``own`` (an option) over them."""
    base = bot_hooks(rules).evaluation_weights(level) or {}
    merged = {**base, **own} if own else dict(base)
    return merged or None


def moves_for(rules: Rules, state: Any, seat: int) -> tuple[list[str], bool]:
    """The moves the bots consider for ``seat`` to move in ``state``: the candidates hook
    (plans or a pruned list, best first; second value True) or every legal action."""
    cands = bot_hooks(rules).candidates(state, seat)
    if cands:
        return list(cands), True
    return rules.legal_actions(state), False


def patience(rules: Rules) -> int:
    """Decisions after which a bot stops thinking and plays the playout policy, so that
    every game ends (half the variant's playout limit, shared by the seats)."""
    return max(100, rules.playout_limit // (2 * max(1, rules.players)))


class Budget:
    """Iterations (reproducible) and/or wall-clock seconds (the client). ``until`` is a
    moment (``time.time()``) at which to stop whatever the seconds say: a search in
    another process keeps the decision's deadline, however long the job took to get
    there (a pool still starting, a busy machine)."""

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 until: float | None = None) -> None:
        if iterations is None and seconds is None:
            iterations = 200
        self.iterations = iterations
        self.seconds = seconds
        self.until = until
        self.start = 0.0
        self.done = 0

    def begin(self) -> None:
        self.start = time.perf_counter()
        self.done = 0

    def more(self) -> bool:
        if self.iterations is not None and self.done >= self.iterations:
            return False
        if self.seconds is not None and self.done > 0 and \
                time.perf_counter() - self.start >= self.seconds:
            return False
        return not (self.until is not None and self.done > 0 and time.time() >= self.until)

    def describe(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " / ".join(parts)


class Bot:
    """A computer player for one seat. Subclasses implement :meth:`decide`."""

    level = "bot"

    def __init__(self, seed: int = 0, weights: Mapping[str, float] | None = None) -> None:
        self.seed = seed
        if weights is not None and not isinstance(weights, Mapping):
            raise ValueError(f"weights must be a mapping of names to numbers, "
                             f"got {quote(weights)}")
        for name, value in (weights or {}).items():
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or not math.isfinite(value):
                raise ValueError(f"the weight {quote(name)} must be a finite number, "
                                 f"got {quote(value)}")
        #: evaluation weights of this bot's own, over the variant file's for its level
        self.own_weights = dict(weights) if weights else None
        self._cancelled = False
        self._wake: Future[None] = Future()
        #: the weights of the current decision (see :func:`level_weights`)
        self.weights: dict[str, float] | None = None
        self._plan: list[str] = []
        self._state: Any = None  # the bot's own state, just before the next plan step
        self._expect: str | None = None
        #: filled by each decision: how it went (iterations, seconds, reused plan...)
        self.stats: dict[str, Any] = {}
        self.decisions = 0
        #: views this bot decided at lately: a move back to one of them is a loop
        self.history: deque[str] = deque(maxlen=64)

    @property
    def cancelled(self) -> bool:
        """Set by the client to stop a search early (the result is then the best so far,
        and dropped); cleared when the bot is asked for its next decision."""
        return self._cancelled

    @cancelled.setter
    def cancelled(self, value: bool) -> None:
        self._cancelled = bool(value)
        if value:
            try:
                self._wake.set_result(None)
            except InvalidStateError:  # woken already
                pass
        elif self._wake.done():
            self._wake = Future()

    @property
    def wake(self) -> Future[None]:
        """Done once the current decision is cancelled: a search waiting for other
        processes waits for it too, and so returns at once."""
        return self._wake

    # -- the protocol ------------------------------------------------------------------
    def choose(self, rules: Rules, view: dict[str, Any], legal: list[str]) -> str:
        """The action to play now, from ``view`` (``Game.view(seat)``) and ``legal``."""
        if not legal:
            raise ValueError("a bot was asked to decide with no legal action")
        seat = view.get("seat")
        if not isinstance(seat, int):
            raise ValueError("the view must be Game.view(seat) for the deciding seat")
        start, cpu = time.perf_counter(), time.process_time()
        self.decisions += 1
        digest = view_digest(view)
        self.history.append(digest)
        if self._plan and self._expect == digest and self._plan[0] in legal:
            action = self._plan.pop(0)
            self._advance(rules, action, seat)
            self.stats = {"reused": True, "seconds": time.perf_counter() - start,
                          "cpu": time.process_time() - cpu}
            return action
        self._plan, self._state, self._expect = [], None, None
        if len(legal) == 1:
            self.stats = {"forced": True, "seconds": time.perf_counter() - start,
                          "cpu": time.process_time() - cpu}
            return legal[0]
        rng = Rng(mix_seed(self.seed, self.level, digest, self.decisions))
        self.stats = {}
        self.weights = level_weights(rules, self.level, self.own_weights)
        if self.decisions > patience(rules):
            # A game this long is stuck (a bot stalling a scoring it would lose): the
            # playout policy is sure to finish, so play it from here on.
            plan, state = playout_decision(rules, view, legal, rng)
        else:
            plan, state = self.decide(rules, view, legal, rng)
        if not plan or plan[0] not in legal:
            plan, state = [rng.choice(legal)], None
        self.stats["seconds"] = time.perf_counter() - start
        # this process's CPU (a search in other processes is not in it)
        self.stats["cpu"] = time.process_time() - cpu
        action = plan[0]
        if state is not None and len(plan) > 1:
            self._plan, self._state = plan[1:], state
            self._advance(rules, action, seat)
        return action

    def _advance(self, rules: Rules, action: str, seat: int) -> None:
        """Play ``action`` on the bot's own state and note the view expected next."""
        state = self._state
        if state is None or not self._plan:
            self._plan, self._state, self._expect = [], None, None
            return
        if not apply_plan(rules, state, [action], seat) or rules.is_over(state) or \
                rules.current_player(state) != seat:
            self._plan, self._state, self._expect = [], None, None
            return
        self._expect = view_digest(seat_view(rules, state, seat))

    def prepare(self, rules: Rules) -> None:
        """Get ready to decide with ``rules`` (Hard starts its worker processes); the
        client calls it when a seat gets its computer player. Returns at once."""

    def close(self) -> None:
        """Release what the bot holds besides memory (Hard's worker processes)."""

    def reset(self) -> None:
        """Forget any plan in progress (e.g. after an undo in the client)."""
        self._plan, self._state, self._expect = [], None, None

    def loops(self, rules: Rules, state: Any, seat: int, move: str) -> bool:
        """Whether ``move`` (every step of a plan) leads to a position this bot decided at
        lately, or passes one position twice: a free move there and back, played for
        ever. Such moves are left out at the root.

        ``state`` is the bot's determinization, so its positions are views of sampled
        states while :attr:`history` holds the real views. They are comparable because a
        determinization must show its seat exactly the view it came from (the contract
        of ``Rules.determinize``, checked after every action by the conformance kit).
        That is the sound way to compare: a key that left out "bookkeeping" would need
        every variant to say what does not matter, and would merge positions that play
        differently (the Market's take-back snapshot decides what a pass restores), and
        the bots' plans already rely on views matching. Issue 12: the Market dropped its
        snapshot when determinizing, no view ever matched, and Hard moved the messenger
        to and fro a thousand times. (A game whose moves can come back to the same
        position by another route must also keep its state canonical: the Market forgets
        the snapshot when the messenger is back where it was.)

        A move whose every step the rules mark with ``Rules.progresses`` is not replayed:
        each such step leads past every position of the game so far, so none of them can
        repeat (the history holds positions of this game; after an undo it may hold
        positions of the future taken back, and going there again is no loop).
        """
        steps = split_plan(move)
        hooks = bot_hooks(rules)
        if all(hooks.progresses(step) for step in steps):
            return False
        _done, repeats = walk(rules, rules.clone(state), steps, seat, set(self.history))
        return repeats

    def fresh(self, rules: Rules, state: Any, seat: int, legal: list[str]) -> list[str]:
        """The legal actions that do not :meth:`loops` (empty if every one does: then
        the bot may choose any)."""
        return [a for a in legal if not self.loops(rules, state, seat, a)]

    def decide(self, rules: Rules, view: dict[str, Any], legal: list[str],
               rng: Rng) -> tuple[list[str], Any]:
        """A plan (its first step in ``legal``) and the bot-owned state it was made on
        (None: do not continue the plan without thinking again)."""
        raise NotImplementedError

    def describe(self) -> str:
        return self.level
