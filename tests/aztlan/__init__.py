"""Tests of Aztlán, and helpers to build positions for them.

``position(...)`` starts a real game through the public API and then writes a position
into its state: the last moment of a development phase, where the last player in turn
order has placed his final pawn and only has to ``stay``. Applying ``stay`` then reveals
the power cards and runs the conflict phase (and the scoring, if no one has a decision
to take) exactly as in play. The position goes through ``from_dict``, which checks that
it is consistent.

Territories used by the tests, from variants/aztlan/aztlan.yaml (a test that depends on
a fact of the map asserts it first):

* cities t7, t11, t15, t19, t22, t26; deserts t4, t9, t14, t20, t25, t29;
* the Lake of Reeds' shore: t7, t8, t9, t17, t18, t19.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.api import Game, new_game

VARIANT = "aztlan"
VARIANT_2P = "aztlan-2p"
CARDS = [4, 5, 6, 7, 8, 9]


def position(players: int = 3, *, variant: str = VARIANT, seed: int = 1, age: int = 1,
             order: Sequence[int] | None = None, scores: Sequence[int] | None = None,
             chosen: Mapping[int, int] | None = None,
             board: Mapping[str, Mapping[int, int]] | None = None,
             prosperity: Mapping[int, Sequence[str]] | None = None,
             deck_top: Sequence[str] = (), reserve: Sequence[int] | None = None,
             removed: Sequence[int] | None = None) -> Game:
    """A game whose current player (last in ``order``) ends the development with stay.

    ``board`` maps territory ids to {army: pawns}; ``chosen`` gives every seat's power
    card; ``prosperity`` the seats' hands (taken out of the deck); ``deck_top`` the next
    cards to be drawn, first drawn first.
    """
    g = new_game(variant, players, seed=seed)
    rules = g.rules
    d = rules.to_dict(g.state)
    order = list(order if order is not None else range(players))
    scores = list(scores if scores is not None else [0] * players)
    assert all(scores[a] >= scores[b] for a, b in zip(order, order[1:], strict=False)), \
        "turn order must follow the scores"
    chosen = dict(chosen if chosen is not None else {s: CARDS[-1 - s] for s in range(players)})
    armies = rules.table.armies
    d.update(phase="develop", step="move", age=age, order=order, ranking=list(order),
             turn=players - 1, scores=scores, revealed=False, eagle=False, resolved=[],
             pending=None, scoring=None)
    if rules.table.factions:
        d["control"] = [(s + age - 1) % armies for s in range(players)]
    used = [[c for c in CARDS if c != chosen[s]][:age - 1] for s in range(players)]
    d["used"] = used
    d["chosen"] = [chosen[s] for s in range(players)]
    d["hands"] = [[c for c in CARDS if c != chosen[s] and c not in used[s]]
                  for s in range(players)]
    counts = {t: [0] * armies for t in (board or {})}
    for t, per in (board or {}).items():
        for army, n in per.items():
            counts[t][army] = n
    d["board"] = counts
    on_board = [sum(c[a] for c in counts.values()) for a in range(armies)]
    d["reserve"] = list(reserve if reserve is not None else
                        [rules.table.army_pawns[a] - on_board[a] for a in range(armies)])
    d["removed"] = list(removed if removed is not None else [0] * armies)
    d["supply"] = [0] * armies
    deck = list(d["deck"])
    hands = [list((prosperity or {}).get(s, ())) for s in range(players)]
    for card in [c for h in hands for c in h] + list(deck_top):
        deck.remove(card)
    deck.extend(reversed(list(deck_top)))  # the top of the deck is the end of the list
    d["deck"], d["prosperity"], d["discard"] = deck, hands, []
    g = g.at_position(d)
    assert g.current_player == order[-1] and "stay" in g.legal_actions()
    return g


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def pawns(g: Game, territory: str) -> list[int]:
    """Pawns per army in a territory."""
    return list(g.state.board[g.rules.table.island.index[territory]])


def hand_sizes(g: Game) -> list[int]:
    return [len(h) for h in g.state.prosperity]
