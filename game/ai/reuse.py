"""Tree reuse between Hard's decisions (issue 38's lever; the bot option ``reuse``).

A decision's tree already holds searched replies below the move it chose: the next
decisions of the same turn (the Market asks for every small step) and the rivals'
likely answers. Without reuse that work is thrown away and the next search starts from
nothing. With it, the bot keeps the chosen move's subtree together with sampled
states that move was played on, and at its next decision looks in that subtree for the
node whose position shows the seat *exactly* the view it now decides at (the digest of
``Game.view(seat)``, the same test the plans of :mod:`game.ai.base` use). That node
becomes the new root, its statistics intact, and the new iterations add to them.

Why a view match in *several* samples: the tree is open loop (its edges are moves, chance
lives in the samples), so a node stands for "these moves were played", whatever was
drawn, and its statistics mix every draw. Below a draw that the seat has now seen, they
are mostly about draws that did not happen. So the bot keeps :data:`SAMPLES` states of
the last decision's view, each with the chosen move played, and a node is reused only if
the moves down to it show the seat exactly its present view in every one of them: then
nothing on the way depended on what the samples drew differently (the Market's draw
for the vendors at a pass, a card a rival held), and the node's statistics are about
this position. When anything differs (a draw, a rival's move that is no edge of the kept
tree, a revealed card), no node matches and the search starts afresh, as it always did.

Nodes that were deep in the old tree and are near the new root never had their moves
ordered by the evaluation nor their edges its priors (a search does that near its root
only, see :mod:`game.ai.mcts`); :func:`resume` marks them, and the search gives them both
on their first visit.

Measured (docs/computer-players.md): neither this form nor a first one (one sample, no
priors for the reused nodes) beat Hard without reuse at the same iterations, so it is
an option, off by default.

The look-up walks the kept subtree breadth first, most visited edges first, for at most
:data:`MAX_PLIES` plies and :data:`MAX_NODES` positions, so it costs a few
evaluations' worth of time however large the tree. It depends on nothing but the tree
and the view, so a seed and an iteration budget still give the same game.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from game.ai.base import apply_plan, position_key, split_plan, view_digest
from game.ai.policy import determinize
from game.core.engine import Rules
from game.core.rng import Rng

#: plies below the kept node the look-up descends at most (a round of four seats whose
#: turns are a few steps each)
MAX_PLIES = 12
#: positions the look-up plays out at most
MAX_NODES = 400
#: states of the last decision's view the kept subtree is played on (see above): two
#: samples draw alike by chance only rarely, and each one costs the look-up a replay
SAMPLES = 3


class Kept(NamedTuple):
    """A subtree kept from the last decision: its node, and sampled states it stands for
    (states the decision could have searched from, each with the chosen move played)."""

    node: Any
    states: tuple[Any, ...]
    seat: int


def keep(rules: Rules, root: Any, move: str, samples: list[Any], seat: int) -> Kept | None:
    """The subtree below ``move`` (a root edge of ``root``) with every one of ``samples``
    (states of the decision's view) after the move played; None where nothing is worth
    keeping (an edge never expanded, a move a sample refuses)."""
    child = root.children.get(move)
    if child is None or not child.children:
        return None
    steps = split_plan(move)
    states = []
    for sample in samples:
        state = rules.clone(sample)
        if apply_plan(rules, state, steps, seat) != steps:
            return None
        states.append(state)
    child.parent = None  # the rest of the old tree can go
    return Kept(child, tuple(states), seat)


def samples(rules: Rules, view: dict[str, Any], seat: int, rng: Rng, first: Any) -> list[Any]:
    """``first`` (the state the decision searched from first) and more states of
    ``view``, :data:`SAMPLES` in all, for the kept subtree to be played on."""
    more = (determinize(rules, view, seat, rng) for _ in range(SAMPLES - 1))
    return [first, *(s for s in more if s is not None)]


def _shown(rules: Rules, states: tuple[Any, ...], seat: int, digest: str) -> bool:
    """Whether every sample shows ``seat``, whose decision it is, the view ``digest``."""
    return all(not rules.is_over(s) and rules.current_player(s) == seat
               and position_key(rules, s, seat) == digest for s in states)


def _played(rules: Rules, states: tuple[Any, ...], move: str,
            mover: int) -> tuple[Any, ...] | None:
    """Every sample after ``move`` for ``mover`` (None if a sample refuses a step or is
    not at ``mover``'s decision: the samples went apart on something hidden)."""
    steps = split_plan(move)
    out = []
    for state in states:
        if rules.current_player(state) != mover:
            return None
        after = rules.clone(state)
        if apply_plan(rules, after, steps, mover) != steps:
            return None
        out.append(after)
    return tuple(out)


def find(rules: Rules, kept: Kept, digest: str) -> Any | None:
    """The node of ``kept``'s subtree at which the seat sees the view whose digest is
    ``digest`` and decides, in every kept sample; None if the look-up finds none within
    its bounds."""
    seat = kept.seat
    level: list[tuple[Any, tuple[Any, ...]]] = [(kept.node, kept.states)]
    played = 0
    for _ply in range(MAX_PLIES + 1):
        following: list[tuple[Any, tuple[Any, ...]]] = []
        for node, states in level:
            first = states[0]
            if rules.is_over(first):
                continue
            mover = rules.current_player(first)
            if mover == seat and _shown(rules, states, seat, digest):
                return node
            if mover is None:
                continue
            for child in sorted(node.children.values(), key=lambda c: -c.visits):
                if played >= MAX_NODES:
                    return None
                if not child.children:
                    continue  # a leaf: nothing below it to reuse
                played += 1
                after = _played(rules, states, child.move or "", mover)
                if after is not None:
                    following.append((child, after))
        if not following:
            return None
        level = following
    return None


def resume(rules: Rules, kept: Kept | None, view: dict[str, Any], near: int) -> Any | None:
    """The node of ``kept`` at ``view`` (``Game.view(seat)``), detached from the rest of
    the old tree to be the next search's root; None if there is none. Its nodes less
    than ``near`` plies down are marked ``reused``: the search orders their moves by the
    evaluation and gives their edges its priors, as it does near a root, where they had
    grown farther down without them."""
    if kept is None or kept.seat != view["seat"]:
        return None
    node = find(rules, kept, view_digest(view))
    if node is not None:
        node.parent = None
        level = [node]
        for _ply in range(near):
            for n in level:
                n.reused = True
            level = [c for n in level for c in n.children.values()]
    return node
