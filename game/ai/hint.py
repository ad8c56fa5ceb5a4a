"""Hints: the Normal computer player's choice for a seat, with a one-line reason.

A hint is what :class:`~game.ai.greedy.GreedyBot` (the Normal level) would play for the
seat now, so it works for every variant, mods included, through the same bot hooks. It is
computed from ``Game.view(seat)`` and the legal actions only, like any bot's decision, so
it never reveals what the seat cannot see: the bot samples the hidden parts
(``determinize``), and the reason is worded from that sample, never from the game.

The reason comes from the variant's optional ``Rules.explain`` hook; without one (or when
it says nothing) :func:`derived_reason` words one from what the plan does on the sample:
the points it scores now (from the events, chance and private ones left out), what it
plays next, and how much the evaluation gains.

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

#: longest reason shown (one line of the status bar)
MAX_REASON = 110
#: steps of the rest of the plan named in a derived reason
SHOWN_STEPS = 3


@dataclass(frozen=True)
class Hint:
    """A suggestion for ``seat``: ``action`` now, ``plan`` the turn it starts (``action``
    first), ``reason`` one line for people (may say "Player 2": personalise it)."""

    seat: int
    action: str
    plan: tuple[str, ...]
    reason: str


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
        reason = ""
        if self._before is not None:
            reason = reason_for(rules, self._before, seat, plan)
        elif len(legal) == 1:
            reason = "the only move there is"
        self.hint = Hint(seat, action, tuple(plan), reason or "the Normal computer "
                         "player's choice")
        return action


def suggest(rules: Rules, view: dict[str, Any], legal: list[str], seed: int = 0) -> Hint:
    """The hint for the seat of ``view`` (``Game.view(seat)`` of the deciding seat)."""
    bot = HintBot(seed)
    bot.choose(rules, view, legal)
    assert bot.hint is not None
    return bot.hint


def reason_for(rules: Rules, state: Any, seat: int, plan: Sequence[str]) -> str:
    """The variant's ``explain`` if it has one to say, else :func:`derived_reason`."""
    if not plan:
        return ""
    if has_own_hook(rules, "explain"):
        text = bot_hooks(rules).explain(rules.clone(state), seat, plan[0], tuple(plan[1:]))
        if isinstance(text, Msg):  # a message: in the television's language
            text = say(text, reader=seat)
        if isinstance(text, str) and text.strip():
            return one_line(text)
    return derived_reason(rules, state, seat, plan)


def derived_reason(rules: Rules, state: Any, seat: int, plan: Sequence[str]) -> str:
    """A reason worded from what ``plan`` does for ``seat`` on a copy of ``state``: its
    points now (and what scored them), the rest of the plan, the evaluation it gains."""
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
    parts: list[str] = []  # each said in the television's language, to the seat asking
    if gained > 0:
        mine = [e for e in events if e.seat == seat and e.points > 0 and e.visible(seat)
                and not e.barrier]
        parts.append(say(_("+{points} now ({why})", points=gained,
                           why=_short(say(mine[0].text, reader=seat))) if mine
                         else _("+{points} now", points=gained), reader=seat))
    rest = words[1:]
    if rest:
        shown = ", ".join(rest[:SHOWN_STEPS]) + (", ..." if len(rest) > SHOWN_STEPS else "")
        parts.append(say(_("then {steps}", steps=shown)))
    if gained <= 0 and value > 0.5:
        parts.append(say(_.n("improves your position by about {n} point (the Normal "
                             "player's estimate)", "improves your position by about {n} "
                             "points (the Normal player's estimate)", n=round(value))))
    elif not parts:
        parts.append(say(_("nothing better to do now") if played == ["end"] or not played
                         else _("the move the Normal player rates best here")))
    return one_line("; ".join(parts))


def _short(text: str) -> str:
    return text if len(text) <= 50 else text[:49] + "…"


def one_line(text: str) -> str:
    """``text`` on one line, at most :data:`MAX_REASON` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= MAX_REASON else text[:MAX_REASON - 1] + "…"
