"""The computer players' whole-turn plans (``candidates``) see what a canal makes possible.

A canal that carves a district of a size on display, followed by founding it, is the
move the rulebook's strategy notes call the heart of the game; the bots must offer it.
"""

from game.core.engine import PLAN_SEP
from tests.mexica.scenario import scenario

#: two rows of land; a canal down column e leaves two districts of six spaces
STRIP = [
    "~~~~~~~~~",  # 1
    "~S......~",  # 2
    "~S......~",  # 3
    "~~~~~~~~~",  # 4
]


def test_a_canal_that_carves_a_foundable_district_is_planned_with_the_founding():
    g = scenario(STRIP, pilli={0: "c2", 1: "b3"}, display=[6], hidden=[])
    plans = g.rules.candidates(g.state, 0)
    carved = [p.split(PLAN_SEP) for p in plans or [] if p.startswith("canal ")]
    assert any(any(step.startswith("found ") for step in steps) for steps in carved), plans
    for steps in carved:  # every such plan plays through, step by step
        clone = g.clone()
        for step in steps:
            clone.apply(step)


def _walk_by_steps(g, start, limit):
    """Breadth first over the rules' own steps (``foot_targets``), space by space."""
    from collections import deque

    from variants.mexica.geometry import foot_targets

    t, s = g.rules.table, g.state
    depth, parent, queue = {start: 0}, {}, deque([start])
    while queue:
        c = queue.popleft()
        if depth[c] >= limit:
            continue
        for n in foot_targets(t, s, c, freed=start):
            if n not in depth:
                depth[n], parent[n] = depth[c] + 1, c
                queue.append(n)
    return depth, parent


def test_the_plans_walk_where_the_rules_let_a_pilli_step():
    """The plans find their walks in one search with what stands where looked up once
    (``walk_depths``); every space, its distance and the way there are the ones the
    rules' steps give, on boards with canals, bridges, temples and Pilli in the way."""
    from game.api import new_game
    from game.core.rng import Rng
    from variants.mexica.geometry import walk_depths

    compared = crossing = 0
    for seed in (1, 2, 3):
        g = new_game("mexica", 3, seed=seed)
        rng = Rng(seed)
        while not g.is_over and g.state.round < 4 + 2 * g.state.period:
            if g.state.phase == "play":
                for seat, start in enumerate(g.state.pilli):
                    if start is not None:
                        for limit in (2, 6):
                            assert walk_depths(g.rules.table, g.state, start, limit) == \
                                _walk_by_steps(g, start, limit), (seed, seat, limit)
                            compared += 1
                            crossing += bool(g.state.bridges)
            g.apply(g.rules.playout_action(g.state, rng))
    assert compared > 500
    assert crossing > 100  # walks that could cross a bridge were compared too
