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
