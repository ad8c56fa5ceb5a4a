"""Words shared by Mexica's modules: seat names and bridge axes."""

from __future__ import annotations

from variants.mexica.state import NEUTRAL

AXES = ("ns", "ew")


def player_name(seat: int) -> str:
    return "Neutral" if seat == NEUTRAL else f"Player {seat + 1}"
