"""Normal: greedy with lookahead over the current turn, scored by the evaluation hook.

The bot samples one state from its view and runs a beam search over its own consecutive
decisions: every candidate (the variant's ``candidates`` hook, else every legal action)
is tried on a copy, the ``width`` best partial turns by ``evaluate`` are extended, and
every sequence that hands the decision to another seat (or ends the game) is a finished
turn. The best finished turn is the plan; its first action is played now and the rest
follow while the views match what the bot expected.
"""

from __future__ import annotations

from typing import Any

from game.ai.base import (
    Bot,
    Weights,
    advantage,
    apply_plan,
    moves_for,
    position_key,
    split_plan,
)
from game.ai.easy import EasyBot
from game.ai.policy import determinize
from game.core.engine import Rules
from game.core.rng import Rng

#: a partial turn in the beam: its value, state, steps and the keys of the positions
#: it must not come back to (None: not checked)
Partial = tuple[float, Any, list[str], frozenset[str] | None]


class GreedyBot(Bot):
    level = "normal"

    def __init__(self, seed: int = 0, width: int = 5, depth: int = 12,
                 branching: int = 48, samples: int = 3,
                 weights: dict[str, float] | None = None) -> None:
        super().__init__(seed, weights)
        self.width = width
        self.depth = depth
        self.branching = branching
        self.samples = samples

    def decide(self, rules: Rules, view: dict[str, Any], legal: list[str],
               rng: Rng) -> tuple[list[str], Any]:
        """The turn that is best on average over a few sampled states (hidden parts and
        chance differ between them; the first action must do well in all)."""
        seat = view["seat"]
        root = determinize(rules, view, seat, rng)
        if root is None:
            return EasyBot(self.seed).decide(rules, view, legal, rng)
        results: dict[str, list[float]] = {}
        plans: dict[str, list[str]] = {}
        fresh = self.fresh(rules, root, seat, legal)
        # positions the turn must not come back to (none if every move loops anyway)
        seen = set(self.history) if fresh else None
        legal = fresh or legal
        for k in range(max(1, self.samples)):
            state = root if k == 0 else determinize(rules, view, seat, rng)
            firsts: dict[str, tuple[float, list[str]]] = {}
            best_turn(rules, rules.clone(state), seat, rng, legal, self.width, self.depth,
                      self.branching, self.stats, firsts, seen, self.weights)
            for action, (value, plan) in firsts.items():
                results.setdefault(action, []).append(value)
                plans.setdefault(action, plan)
        if not results:
            return [rng.choice(legal)], None
        need = (max(1, self.samples) + 1) // 2
        pool = {a: v for a, v in results.items() if len(v) >= need} or results
        action = max(sorted(pool), key=lambda a: sum(pool[a]) / len(pool[a]))
        return plans[action], root


def best_turn(rules: Rules, root: Any, seat: int, rng: Rng, legal: list[str] | None,
              width: int = 5, depth: int = 12, branching: int = 48,
              stats: dict[str, Any] | None = None,
              firsts: dict[str, tuple[float, list[str]]] | None = None,
              seen: set[str] | None = None, weights: Weights = None) -> list[str]:
    """The best sequence of ``seat``'s decisions until the turn passes (beam search).
    ``firsts`` collects, per first action, the best finished turn starting with it.

    ``seen``: keys (:func:`game.ai.base.position_key`) of positions the turn must not
    reach again, the bot's recent views. A partial turn that comes back to one of them,
    or to a position it passed itself (the Market's messenger there and back), is
    dropped: without that the beam could fill with such detours, and the plan, played
    step by step, would repeat positions."""
    legal_set = set(legal) if legal is not None else None
    best: tuple[float, list[str]] | None = None
    beam: list[Partial] = [(0.0, root, [], None if seen is None else frozenset(seen))]
    evaluated = 0
    for level in range(depth):
        children: list[Partial] = []
        for _value, state, plan, path in beam:
            moves, _ordered = moves_for(rules, state, seat)
            if level == 0 and legal_set is not None:
                moves = [m for m in moves if split_plan(m)[0] in legal_set] or list(legal_set)
            moves = _cap(moves, branching, rng)
            for move in moves:
                child = rules.clone(state)
                done = apply_plan(rules, child, split_plan(move), seat)
                if not done:
                    continue
                evaluated += 1
                steps = plan + done
                # on a tie, the shorter turn: doing nothing beats pointless moves
                value = advantage(rules, child, seat, weights) - 1e-3 * len(steps)
                if rules.is_over(child) or rules.current_player(child) != seat:
                    if best is None or value > best[0]:
                        best = (value, steps)
                    if firsts is not None:
                        known = firsts.get(steps[0])
                        if known is None or value > known[0]:
                            firsts[steps[0]] = (value, steps)
                else:
                    children.append((value, child, steps, path))
        if not children:
            break
        children.sort(key=lambda c: -c[0])
        beam = _widest(rules, children, seat, width)
    if stats is not None:
        stats["evaluated"] = evaluated
    if best is None:
        if beam and beam[0][2]:
            return beam[0][2]
        return [rng.choice(sorted(legal_set))] if legal_set else []
    return best[1]


def _widest(rules: Rules, children: list[Partial], seat: int, width: int) -> list[Partial]:
    """The ``width`` best partial turns (``children`` come best first, each with the path
    of its parent) that do not come back to a position on their path; each keeps its
    path with its own position added. Only the partial turns examined are keyed (a view
    digest each), a few a level. Two partial turns that reach one position by different
    routes both stay: that is no loop, and keeping them keeps the beam as it was. The
    steps inside a candidate plan are the variant's, which must not pass a position
    twice."""
    beam: list[Partial] = []
    for value, state, steps, path in children:
        if path is not None:
            key = position_key(rules, state, seat)
            if key in path:
                continue
            path = path | {key}
        beam.append((value, state, steps, path))
        if len(beam) == width:
            break
    return beam


def _cap(moves: list[str], limit: int, rng: Rng) -> list[str]:
    """At most ``limit`` moves: the first half kept (candidates come best first), the rest
    sampled; the order of the rest is shuffled so ties do not favour the list order."""
    if len(moves) <= limit:
        out = list(moves)
        rng.shuffle(out)
        return out
    keep = moves[:limit // 2]
    rest = moves[limit // 2:]
    rng.shuffle(rest)
    return keep + rest[:limit - len(keep)]
