"""Why a Mexica move is refused, asked before it is made (``why_not``).

The answer is ``apply``'s own refusal word for word (None for a move it takes), and
asking changes nothing, not even the districts and bridge ramps derived from the table:
Mexica answers with its checks alone, on the state itself, without a copy.
"""

from __future__ import annotations

import pytest

from game.api import Game, IllegalAction
from tests.mexica.scenario import PALACE, scenario

FIELD = ["S......", ".......", ".......", ".......", "S......"]
ROW3 = [("a3", "b3"), ("c3", "d3"), ("e3", "f3"), ("g3",)]


def relocating() -> Game:
    """Canal row 3 with two bridges and none left in the supply."""
    return scenario(FIELD, pilli={0: "a1", 1: "c3"}, canals=ROW3,
                    bridges={"c3": "ns", "f3": "ns"}, supply={"bridges": 0})


def first_round() -> Game:
    """Seat 1 in the corner b2 with b3 its only step (a temple on c2)."""
    return scenario(PALACE, round=1, pilli={0: "c3", 1: "b2"}, temples={"c2": (0, 1)},
                    display=[4], ap_tokens=[1, 0])


POSITIONS = {"relocating": relocating, "first_round": first_round}
ACTIONS = [
    "relocate f3 e3 ns", "relocate c3 e3 ns", "relocate f3 f3 ew", "relocate f3 e3 ew",
    "relocate f3 e2 ns", "relocate d3 e3 ns", "relocate f3 c3 ns", "bridge e3 ns",
    "move b3", "move d3", "move e4", "teleport b3", "teleport c2", "canal b3", "canal b3 b4",
    "canal b3 c4", "canal b2", "temple b3 1", "temple d2 2", "temple e4 1", "temple d2 5",
    "temple d2 x", "found b3", "boat f3", "take", "spend", "remove 4", "end", "agree",
    "start e3", "dance", "move", "move z99", "", "   ",
]


def refusal(game: Game, action: str) -> str | None:
    try:
        game.clone().apply(action)
    except IllegalAction as exc:
        return exc.args[0]  # the message itself
    return None


def table(game: Game) -> str:
    s = game.state
    return game.to_json() + repr((bytes(s.canal), s.label, s.dcells, s.ramps))


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_the_reason_is_applys_own_and_asking_changes_nothing(position):
    game = POSITIONS[position]()
    before = table(game)
    for action in ACTIONS:
        assert game.why_not(action) == refusal(game, action), action
    assert table(game) == before


def english(text) -> str | None:
    return None if text is None else str(text)


def test_reasons_a_player_reads():
    game = first_round()
    assert english(game.why_not("move b3")) == ("in the first round you may not leave "
                                               "Player 2's Pilli without a move")
    assert english(game.why_not("temple e4 1")) == ("e4 is not an empty land space outside "
                                                   "the palace")
    assert game.why_not("move d3") is None
    game = relocating()
    assert english(game.why_not("relocate f3 f3 ew")) == (
        "a relocated bridge must go to another canal space; turning it round where it "
        "stands is no relocation")
    assert game.why_not("relocate f3 e3 ns") is None
