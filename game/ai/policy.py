"""The playout policy as a decision, and the sampled state it plays on.

Every bot may fall back on the variant's playout policy (a game stuck too long plays it,
since it is sure to finish), and Easy is nothing else; so the policy is a function here,
below both the base bot and Easy, and the base class never imports a concrete bot.
"""

from __future__ import annotations

from typing import Any

from game.core.engine import Rules
from game.core.facets import bot_hooks
from game.core.rng import Rng


def determinize(rules: Rules, view: dict[str, Any], seat: int, rng: Rng) -> Any | None:
    """A state sampled from ``view``, or None when the rules cannot make one."""
    try:
        return bot_hooks(rules).determinize(view, seat, rng)
    except NotImplementedError:
        return None


def playout_decision(rules: Rules, view: dict[str, Any], legal: list[str],
                     rng: Rng) -> tuple[list[str], Any]:
    """Easy's choice: the variant's ``playout_action`` on a state sampled from ``view``
    (uniform over ``legal`` when the variant has no policy or no state can be sampled),
    as a plan of one step and no state to continue it on."""
    state = determinize(rules, view, view["seat"], rng)
    if state is not None:
        try:
            action = bot_hooks(rules).playout_action(state, rng)
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
