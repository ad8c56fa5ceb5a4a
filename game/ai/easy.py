"""Easy: a random legal action, through the variant's playout policy where it has one."""

from __future__ import annotations

from typing import Any

from game.ai.base import Bot, determinize
from game.core.engine import Rules
from game.core.rng import Rng


class EasyBot(Bot):
    """Plays the variant's ``playout_action`` on a state sampled from its view (uniform
    over the legal actions when the variant has no policy or no state can be sampled)."""

    level = "easy"

    def decide(self, rules: Rules, view: dict[str, Any], legal: list[str],
               rng: Rng) -> tuple[list[str], Any]:
        return playout_decision(rules, view, legal, rng)


def playout_decision(rules: Rules, view: dict[str, Any], legal: list[str],
                     rng: Rng) -> tuple[list[str], Any]:
    """Easy's choice, a function of its own so that any bot can fall back on it (a game
    stuck too long plays the policy, which is sure to finish)."""
    state = determinize(rules, view, view["seat"], rng)
    if state is not None:
        try:
            action = rules.playout_action(state, rng)
        except Exception:  # noqa: BLE001 - a broken policy: fall back to uniform
            action = None
        if action in legal:
            return [action], None
        if isinstance(action, str):  # maybe not canonical: ask the rules
            try:
                canonical, _ = rules.apply(rules.clone(state), action)
            except Exception:  # noqa: BLE001
                canonical = None
            if canonical in legal:
                return [canonical], None
    return [rng.choice(legal)], None
