"""Summaries of a balance run's records, per arm: win rates by seat and by level with 95 %
Wilson intervals, scores, game lengths and the points by reason.

A win shared by k seats counts 1/k for each (as in ``simulate --bots``), so the win
rates of the seats of an arm add up to 100 %.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.arena import wilson


@dataclass
class Rate:
    wins: float = 0.0
    games: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class ArmSummary:
    label: str
    games: int = 0
    seats: list[Rate] = field(default_factory=list)
    levels: dict[str, Rate] = field(default_factory=dict)
    scores: list[list[int]] = field(default_factory=list)  # per seat
    lengths: list[int] = field(default_factory=list)
    #: turns per game (changes of whose turn it is; see game.lab.play.turns)
    turns: list[int] = field(default_factory=list)
    #: reason -> points summed over every seat and game
    points: dict[str, int] = field(default_factory=dict)
    #: how often each seat decided first
    first: dict[int, int] = field(default_factory=dict)
    #: level -> its mean CPU seconds per searched decision, one per game that says
    #: (games with a guest player held to a multiple of another level's CPU)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    #: per such game, each level's CPU per decision as a multiple of the thriftiest
    #: level's that game (OpenSpiel's MCTS at ten times Hard's: is it held there?)
    multiples: dict[str, list[float]] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)

    def mean_points(self, why: str) -> float:
        """Points of ``why`` per player and game."""
        return self.points.get(why, 0) / max(1, self.games * self.players)

    def all_scores(self) -> list[int]:
        return [s for seat in self.scores for s in seat]


def summarise(records: Sequence[dict[str, Any]], labels: Sequence[str]) -> list[ArmSummary]:
    """One summary per arm, in the order of ``labels`` (the plan's arms)."""
    out = [ArmSummary(label) for label in labels]
    for record in records:
        arm = out[record["arm"]]
        n = len(record["scores"])
        if not arm.seats:
            arm.seats = [Rate() for _ in range(n)]
            arm.scores = [[] for _ in range(n)]
        arm.games += 1
        winners = record["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        per_level: dict[str, float] = {}
        for seat in range(n):
            won = share if seat in winners else 0.0
            arm.seats[seat].games += 1
            arm.seats[seat].wins += won
            arm.scores[seat].append(record["scores"][seat])
            level = record["seats"][seat]
            per_level[level] = per_level.get(level, 0.0) + won
        for level, won in per_level.items():
            rate = arm.levels.setdefault(level, Rate())
            rate.games += 1
            rate.wins += won
        arm.lengths.append(record["length"])
        if isinstance(record.get("turns"), int):
            arm.turns.append(record["turns"])
        for seat_points in record["points"]:
            for why, pts in seat_points.items():
                arm.points[why] = arm.points.get(why, 0) + pts
        if record.get("first") is not None:
            arm.first[record["first"]] = arm.first.get(record["first"], 0) + 1
        spent = {level: float(cpu) for level, cpu in (record.get("cpu") or {}).items()
                 if isinstance(cpu, int | float)}
        for level, cpu in spent.items():
            arm.cpu.setdefault(level, []).append(cpu)
        least = min(spent.values(), default=0.0)
        if len(spent) > 1 and least > 0:
            for level, cpu in spent.items():
                arm.multiples.setdefault(level, []).append(cpu / least)
    return out


def rounds(arm: ArmSummary) -> float:
    """The mean game length in rounds: turns shared out over the seats."""
    return mean(arm.turns) / max(1, arm.players)


def reasons(arms: Sequence[ArmSummary]) -> list[str]:
    """Every reason that scored, biggest share first (ties by name), unitemised last."""
    from game.lab.play import UNITEMISED

    total: dict[str, int] = {}
    for arm in arms:
        for why, pts in arm.points.items():
            total[why] = total.get(why, 0) + pts
    order = sorted(total, key=lambda w: (w == UNITEMISED, -total[w], w))
    return [w for w in order if total[w]]


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0
