"""A toy rules engine for lessons whose accepted plans never lead to the same game again
(tests of the lesson check's budget, ``benchmarks/files.py``), and a lesson for it.

One player waits or marks a number each turn, and every mark is remembered with its
turn, so two different plans never meet again.
"""

from __future__ import annotations

from typing import Any

from game.core.engine import Rules
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.schema import Obj


class Tally(Rules):
    """One player waits or marks a number each turn; every mark is remembered with its
    turn, so two different plans never lead to the same game again."""

    engine_id = "tally"
    parameters = Obj({})

    def new_state(self, seed: int) -> dict[str, Any]:
        return {"turn": 0, "marks": []}

    def current_player(self, state: Any) -> int | None:
        return 0

    def legal_actions(self, state: Any) -> list[str]:
        return ["wait", *(f"mark {n}" for n in range(1, 20)),
                *(["clear"] if state["marks"] else [])]

    def apply(self, state: Any, action: str) -> tuple[str, list[Event]]:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action!r}: write wait, mark 1 to mark 19, or clear "
                                "(once something is marked)")
        if action.startswith("mark"):
            state["marks"].append([state["turn"], int(action.split()[1])])
        elif action == "clear":
            state["marks"] = []
        state["turn"] += 1
        return action, []

    def is_over(self, state: Any) -> bool:
        return False

    def scores(self, state: Any) -> list[int]:
        return [len(state["marks"])]

    def winners(self, state: Any) -> list[int]:
        return []

    def to_dict(self, state: Any) -> dict[str, Any]:
        return {"turn": state["turn"], "marks": [list(m) for m in state["marks"]]}

    def from_dict(self, data: dict[str, Any]) -> Any:
        return {"turn": int(data["turn"]), "marks": [list(m) for m in data["marks"]]}


def tally_lesson(steps: list[list[str]]) -> str:
    lines = ["lesson: tally-lesson", "name: Tally", "setup:", "  variant: tally",
             "  players: 1", "steps:"]
    for number, plans in enumerate(steps, 1):
        lines += [f"  - text: Step {number}.", "    accept:"]
        lines += [f"      - {plan}" for plan in plans]
    return "\n".join(lines) + "\n"
