"""Hints: the Normal computer player's choice for a seat, with a one-line reason.

A hint is what :class:`~game.ai.greedy.GreedyBot` (the Normal level) would play for the
seat now, so it works for every variant, mods included, through the same bot hooks. It is
computed from ``Game.view(seat)`` and the legal actions only, like any bot's decision, so
it never reveals what the seat cannot see: the bot samples the hidden parts
(``determinize``), and the reason is worded from that sample, never from the game.

The reason comes from the variant's optional ``Rules.explain`` hook; without one (or when
it says nothing) :func:`derived_reasons` words one from what the plan does on the sample:
the points it scores now (from the events, chance and private ones left out), what it
plays next, and how much the evaluation gains; and shorter wordings of it, in fewer
clauses, for a screen whose room is bounded. A reason is never cut at a number of
characters ("... eine Wa…" was seen in German): the screen measures what it draws.

In the client a :class:`HintBot` thinks in a worker thread
(:class:`~game.ai.worker.BotWorker`), as the computer seats do; :func:`suggest` is the
same decision, synchronous, for tests and tools.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.base import advantage, has_own_hook, level_weights
from game.ai.greedy import GreedyBot
from game.core.engine import Rules
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.facets import bot_hooks, presentation
from game.core.rng import Rng
from game.i18n import Msg, say
from game.i18n.client import _

#: steps of the rest of the plan named in a derived reason (the others are counted)
SHOWN_STEPS = 2


@dataclass(frozen=True)
class Hint:
    """A suggestion for ``seat``: ``action`` now, ``plan`` the turn it starts (``action``
    first), ``reason`` one line for people (may say "Player 2": personalise it), and
    ``shorter`` the same reason in fewer clauses, each whole, the shortest last: where
    the room is bounded the screen shows the fullest that fits, never a cut one."""

    seat: int
    action: str
    plan: tuple[str, ...]
    reason: str
    shorter: tuple[str, ...] = ()
    #: the hint for the plan's next step once this one is played, with its own reason
    #: (this one's "then you move a pawn from t20 to t11" would say that step twice)
    then: Hint | None = None

    @property
    def reasons(self) -> tuple[str, ...]:
        """The reason's wordings, the fullest first."""
        return (self.reason, *self.shorter)


class HintBot(GreedyBot):
    """The Normal player, remembering what it chose from and why. Use one per hint: it
    keeps the plan, the sampled state it was made on and the reason of its last
    decision."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.hint: Hint | None = None
        self._before: Any = None
        self._plan_made: list[str] = []

    def decide(self, rules: Rules, view: dict[str, Any], legal: list[str],
               rng: Rng) -> tuple[list[str], Any]:
        plan, root = super().decide(rules, view, legal, rng)
        # the bot plays its first step on ``root`` once it returns: keep the state as it
        # was before the plan, for the reason
        self._before = rules.clone(root) if root is not None else None
        self._plan_made = list(plan)
        return plan, root

    def choose(self, rules: Rules, view: dict[str, Any], legal: list[str]) -> str:
        self._before, self._plan_made = None, []
        action = super().choose(rules, view, legal)
        seat = int(view["seat"])
        plan = self._plan_made if self._plan_made[:1] == [action] else [action]
        reasons: tuple[str, ...] = ()
        if self._before is not None:
            self.hint = plan_hint(rules, self._before, seat, tuple(plan))
            if self.hint is not None:
                return action
        elif len(legal) == 1:
            reasons = (say(_("the only move there is")),)
        reasons = reasons or (say(_("the Normal computer player's choice")),)
        self.hint = Hint(seat, action, tuple(plan), reasons[0], reasons[1:])
        return action


def plan_hint(rules: Rules, state: Any, seat: int, plan: tuple[str, ...]) -> Hint | None:
    """The hint for ``plan`` on the sampled ``state``, and for each of its later steps
    (:attr:`Hint.then`) the reason of the plan's rest, worded on the sample as it is once
    the steps before are played; None if the plan has no reason to give."""
    reasons = reasons_for(rules, state, seat, plan)
    if not reasons:
        return None
    then = None
    if len(plan) > 1:
        work = rules.clone(state)
        try:
            rules.apply(work, plan[0])
        except IllegalAction:
            work = None
        if work is not None and not rules.is_over(work) and \
                rules.current_player(work) == seat:
            then = plan_hint(rules, work, seat, plan[1:])
    return Hint(seat, plan[0], plan, reasons[0], reasons[1:], then)


def suggest(rules: Rules, view: dict[str, Any], legal: list[str], seed: int = 0) -> Hint:
    """The hint for the seat of ``view`` (``Game.view(seat)`` of the deciding seat)."""
    bot = HintBot(seed)
    bot.choose(rules, view, legal)
    assert bot.hint is not None
    return bot.hint


def reasons_for(rules: Rules, state: Any, seat: int, plan: Sequence[str]) -> tuple[str, ...]:
    """The variant's ``explain`` if it has one to say, else :func:`derived_reasons`."""
    if not plan:
        return ()
    if has_own_hook(rules, "explain"):
        text = bot_hooks(rules).explain(rules.clone(state), seat, plan[0], tuple(plan[1:]))
        if isinstance(text, Msg):  # a message: in the television's language
            text = say(text, reader=seat)
        if isinstance(text, str) and text.strip():
            return (one_line(text),)
    return derived_reasons(rules, state, seat, plan)


def derived_reason(rules: Rules, state: Any, seat: int, plan: Sequence[str]) -> str:
    """The fullest of :func:`derived_reasons`."""
    return derived_reasons(rules, state, seat, plan)[0]


def derived_reasons(rules: Rules, state: Any, seat: int,
                    plan: Sequence[str]) -> tuple[str, ...]:
    """A reason worded from what ``plan`` does for ``seat`` on a copy of ``state``: its
    points now (and what scored them), the rest of the plan, the evaluation it gains.
    Said in fewer words by meaning, never by a count of characters: every clause whole,
    then each clause in its short form (the points without what scored them, the plan's
    next step only), then the most telling clause alone; each said in the television's
    language, to the seat asking."""
    before_score = rules.scores(state)[seat]
    weights = level_weights(rules, "normal")  # the hint is Normal's choice
    before_value = advantage(rules, state, seat, weights)
    work = rules.clone(state)
    events: list[Event] = []
    played: list[str] = []
    words: list[str] = []  # each step as the seat reads it ("you shift ..."), not notation
    describe = presentation(rules).describe_action
    for step in plan:
        if rules.is_over(work) or rules.current_player(work) != seat:
            break
        try:
            text = describe(work, step)
            said = say(text, reader=seat)
            canonical, evs = rules.apply(work, step)
        except IllegalAction:
            break
        played.append(canonical)
        # mid-sentence: "then you walk ...", but a name stays as it is written
        words.append(said[:1].lower() + said[1:] if said != say(text) else said)
        events.extend(evs)
    gained = rules.scores(work)[seat] - before_score
    value = advantage(rules, work, seat, weights) - before_value
    points = _points(events, seat, gained)
    rest = words[1:]
    plans = (_then(rest, SHOWN_STEPS), _then(rest, 1)) if rest else None
    better = None
    if gained <= 0 and value > 0.5:
        n = round(value)
        better = (say(_.n("improves your position by about {n} point (the Normal player's "
                          "estimate)", "improves your position by about {n} points (the "
                          "Normal player's estimate)", n=n)),
                  say(_.n("improves your position by about {n} point",
                          "improves your position by about {n} points", n=n)))
    clauses = [c for c in (points, plans, better) if c is not None]
    if not clauses:
        return (say(_("nothing better to do now") if played == ["end"] or not played
                    else _("the move the Normal player rates best here")),)
    telling = points or better or plans
    assert telling is not None
    wordings = ("; ".join(full for full, _short in clauses),
                "; ".join(short for _full, short in clauses), telling[1])
    return tuple(dict.fromkeys(one_line(w) for w in wordings))


def _points(events: list[Event], seat: int, gained: int) -> tuple[str, str] | None:
    """The points the plan scores now, with what scored them and without, or None."""
    if gained <= 0:
        return None
    short = say(_("+{points} now", points=gained), reader=seat)
    mine = [e for e in events if e.seat == seat and e.points > 0 and e.visible(seat)
            and not e.barrier]
    if not mine:
        return short, short
    return say(_("+{points} now ({why})", points=gained,
                 why=say(mine[0].text, reader=seat)), reader=seat), short


def _then(steps: list[str], shown: int) -> str:
    """"then" the first ``shown`` of ``steps``, the others counted, not named."""
    named = ", ".join(steps[:shown])
    more = len(steps) - shown
    if more > 0:
        named = say(_.n("{steps} and {n} more move", "{steps} and {n} more moves", n=more,
                        steps=named))
    return say(_("then {steps}", steps=named))


def one_line(text: str) -> str:
    """``text`` on one line (its spaces and breaks made single spaces), whole."""
    return " ".join(str(text).split())
