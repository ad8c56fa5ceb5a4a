"""Words shared by Mexica's modules: seat names and bridge axes."""

from __future__ import annotations

from typing import get_args

from variants.mexica.state import NEUTRAL, Axis

AXES: tuple[Axis, ...] = get_args(Axis)


def player_name(seat: int) -> str:
    return "Neutral" if seat == NEUTRAL else f"Player {seat + 1}"
