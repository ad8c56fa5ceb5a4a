"""What the computer-player tests share: the variants to play and a watched turn."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.base import Bot, view_digest
from game.api import Game, list_variants


def variants_at_fewest_players() -> list[Any]:
    """A pytest parameter (variant, players) per installed variant, at its fewest
    players (third-party variants installed here are played too)."""
    return [pytest.param(v["id"], v["min_players"], id=v["id"]) for v in list_variants()]


def play_turn(game: Game, bot: Bot, limit: int) -> list[str]:
    """Let ``bot`` decide until the turn passes (at most ``limit`` decisions). It sees
    only its seat's view, answers a legal action, and decides at a new view every time
    within the turn."""
    seat = game.current_player
    seen: set[str] = set()
    played: list[str] = []
    while game.current_player == seat and not game.is_over:
        assert len(played) < limit, f"the {bot.level} bot is still deciding: {played}"
        view = game.view(seat)
        assert view["seat"] == seat and "rng" not in view
        key = view_digest(view)
        assert key not in seen, f"the {bot.level} bot came back to a position: {played}"
        seen.add(key)
        legal = game.legal_actions()
        action = bot.choose(game.rules, view, legal)
        assert action in legal
        game.apply(action)
        played.append(action)
    return played
