"""Aztlán's words for players: the default names the engine's texts fall back on."""

from __future__ import annotations


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"
