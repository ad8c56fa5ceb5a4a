"""A tiny rules engine for tests of the plugin machinery and the conformance kit.

Players take turns stepping 1 or 2 towards a target; the first to reach it wins. It is
small enough that a test can break one method on purpose (``parse`` is separate from
``apply`` for that) and still have a whole, valid engine around it.
"""

from __future__ import annotations

from typing import Any

from game.core.engine import Rules
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.schema import Field, Int, Obj


class Race(Rules):
    engine_id = "race"
    parameters = Obj({"target": Field(Int(min=1, max=100), "Finish line.", default=5)})
    playout_limit = 400

    def new_state(self, seed: int) -> dict[str, Any]:
        return {"pos": [0] * self.players, "turn": 0, "winners": [], "rng": seed}

    def current_player(self, state):
        return None if state["winners"] else state["turn"]

    def legal_actions(self, state):
        return [] if state["winners"] else ["step 1", "step 2"]

    def parse(self, state, action: str) -> int:
        if state["winners"]:
            raise IllegalAction("the race is over")
        words = action.split()
        if len(words) != 2 or words[0] != "step" or words[1] not in ("1", "2"):
            raise IllegalAction("write it as: step 1 or step 2")
        return int(words[1])

    def apply(self, state, action):
        n = self.parse(state, action)
        seat = self.advance(state, n)
        return f"step {n}", [Event("step", f"Player {seat + 1} steps {n}", seat)]

    def advance(self, state, n: int) -> int:
        """The seat to play moves ``n`` spaces (wins at the target) and the turn passes;
        returns that seat. Variants of the race in tests change only what a move is."""
        seat = state["turn"]
        state["pos"][seat] += n
        if state["pos"][seat] >= self.params["target"]:
            state["winners"] = [seat]
        state["turn"] = (seat + 1) % self.players
        return seat

    def is_over(self, state):
        return bool(state["winners"])

    def scores(self, state):
        return list(state["pos"])

    def winners(self, state):
        return list(state["winners"])

    def to_dict(self, state):
        return {"pos": list(state["pos"]), "turn": state["turn"],
                "winners": list(state["winners"]), "rng": state["rng"]}

    def from_dict(self, data):
        return {"pos": [int(p) for p in data["pos"]], "turn": int(data["turn"]),
                "winners": [int(w) for w in data["winners"]], "rng": int(data["rng"])}
