"""Easy: a random legal action, through the variant's playout policy where it has one."""

from __future__ import annotations

from typing import Any

from game.ai.base import Bot
from game.ai.policy import playout_decision
from game.core.engine import Rules
from game.core.rng import Rng


class EasyBot(Bot):
    """Plays the variant's ``playout_action`` on a state sampled from its view (uniform
    over the legal actions when the variant has no policy or no state can be sampled)."""

    level = "easy"

    def decide(self, rules: Rules, view: dict[str, Any], legal: list[str],
               rng: Rng) -> tuple[list[str], Any]:
        return playout_decision(rules, view, legal, rng)
