"""Tree reuse between Hard's decisions (issue 38's lever; the bot option ``reuse``).

A decision's tree already holds searched replies below the move it chose: the next
decisions of the same turn (the Market asks for every small step) and the rivals'
likely answers. Without reuse that work is thrown away and the next search starts from
nothing. With it, the bot keeps the chosen move's subtree together with the sampled
state that move was played on, and at its next decision looks in that subtree for the
node whose position shows the seat *exactly* the view it now decides at (the digest of
``Game.view(seat)``, the same test the plans of :mod:`game.ai.base` use). That node
becomes the new root, its statistics intact, and the new iterations add to them.

Why a view match, and why it is safe: the tree is open loop (its edges are moves, chance
lives in the samples), so a node stands for "these moves were played", whatever was
drawn. The kept state is one sample of that; when what really happened differs from it
in anything the seat can see (a rival's move that is no edge of the kept tree, a draw
that came out otherwise, a card revealed that the sample held elsewhere), no node
matches and the search starts afresh, as it always did. A match never guesses.

The look-up walks the kept subtree breadth first, most visited edges first, for at most
:data:`MAX_PLIES` plies and :data:`MAX_NODES` positions, so it costs a few
evaluations' worth of time however large the tree. It depends on nothing but the tree
and the view, so a seed and an iteration budget still give the same game.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from game.ai.base import apply_plan, position_key, split_plan, view_digest
from game.core.engine import Rules

#: plies below the kept node the look-up descends at most (a round of four seats whose
#: turns are a few steps each)
MAX_PLIES = 12
#: positions the look-up plays out at most
MAX_NODES = 400


class TreeNode(Protocol):
    """What the look-up reads of a search node (``game.ai.mcts.Node``)."""

    move: str | None
    player: int | None
    parent: Any
    visits: float
    children: Any


class Kept(NamedTuple):
    """A subtree kept from the last decision: its node and the sampled state it stands
    for (the state the decision searched from, with the chosen move played)."""

    node: Any
    state: Any
    seat: int


def keep(rules: Rules, root: Any, move: str, first: Any, seat: int) -> Kept | None:
    """The subtree below ``move`` (a root edge of ``root``) with ``first`` after the move
    played; None where nothing is worth keeping (an edge never expanded)."""
    child = root.children.get(move)
    if child is None or not child.children:
        return None
    state = rules.clone(first)
    if not apply_plan(rules, state, split_plan(move), seat):
        return None
    child.parent = None  # the rest of the old tree can go
    return Kept(child, state, seat)


def find(rules: Rules, kept: Kept, digest: str) -> Any | None:
    """The node of ``kept``'s subtree at which the seat sees the view whose digest is
    ``digest`` and decides; None if the look-up finds none within its bounds."""
    seat = kept.seat
    level: list[tuple[Any, Any]] = [(kept.node, kept.state)]
    played = 0
    for _ply in range(MAX_PLIES + 1):
        following: list[tuple[Any, Any]] = []
        for node, state in level:
            if rules.is_over(state):
                continue
            mover = rules.current_player(state)
            if mover == seat and position_key(rules, state, seat) == digest:
                return node
            if mover is None:
                continue
            for child in sorted(node.children.values(), key=lambda c: -c.visits):
                if played >= MAX_NODES:
                    return None
                if not child.children:
                    continue  # a leaf: nothing below it to reuse
                played += 1
                after = rules.clone(state)
                if apply_plan(rules, after, split_plan(child.move or ""), mover):
                    following.append((child, after))  # as the search walked it
        if not following:
            return None
        level = following
    return None


def resume(rules: Rules, kept: Kept | None, view: dict[str, Any]) -> Any | None:
    """The node of ``kept`` at ``view`` (``Game.view(seat)``), detached from the rest of
    the old tree to be the next search's root; None if there is none."""
    if kept is None or kept.seat != view["seat"]:
        return None
    node = find(rules, kept, view_digest(view))
    if node is not None:
        node.parent = None
    return node
