"""Games between computer players: one game, and tournaments with win rates and a 95 %
confidence interval (used by ``aztec-arcade simulate --bots``).

Each bot is handed only ``game.view(seat)`` and ``game.legal_actions()``; the arena checks
that every answer is legal before it applies it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, runtime_checkable

from game.ai import make_bot
from game.ai.base import Bot
from game.api import Game, new_game
from game.core.errors import AztecArcadeError
from game.core.events import Event
from game.core.rng import mix_seed


def play_game(game: Game, bots: Sequence[Bot], limit: int | None = None,
              on_decision: Callable[[int, str, Bot], None] | None = None,
              events: list[Event] | None = None) -> Game:
    """Let ``bots[seat]`` decide for every seat until the game ends; returns ``game``.
    ``events``, if given, collects every event the game's actions caused, in order."""
    limit = limit or game.rules.playout_limit
    while not game.is_over:
        if len(game.log) >= limit:
            raise AztecArcadeError(f"the game did not end within {limit} actions")
        seat = game.current_player
        if seat is None:
            break
        legal = game.legal_actions()
        bot = bots[seat]
        action = bot.choose(game.rules, game.view(seat), list(legal))
        if action not in legal:
            raise AztecArcadeError(f"the {bot.level} bot chose {action!r}, which is not "
                                   "legal")
        caused = game.apply(action)
        if events is not None:
            events.extend(caused)
        if on_decision is not None:
            on_decision(seat, action, bot)
    return game


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Standing:
    level: str
    games: int = 0
    wins: float = 0.0  # a win shared by k seats counts 1/k
    scores: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)  # per decision that thought
    #: head to head against other levels at the same table: level -> (points, meetings);
    #: finishing ahead of a seat of that level scores 1, level with it 0.5
    versus: dict[str, list[float]] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def ahead(game: Game, a: int, b: int) -> float:
    """1 if seat ``a`` finished ahead of seat ``b`` (more points, or as many and a win
    that ``b`` does not share), 0.5 if level, else 0."""
    scores, winners = game.scores, game.winners
    key_a = (scores[a], a in winners)
    key_b = (scores[b], b in winners)
    return 1.0 if key_a > key_b else 0.5 if key_a == key_b else 0.0


def seat_levels(levels: Sequence[str], game_index: int) -> list[str]:
    """Seats rotate between games: game i gives seat s the level ``levels[(s + i) % n]``
    (with two players the seats alternate)."""
    n = len(levels)
    return [levels[(s + game_index) % n] for s in range(n)]


@dataclass
class Table:
    """What a player may know of its game beyond the board: the variant, its options and
    the level on each seat, and the CPU seconds of each seat's decisions that searched so
    far. A guest player held to a multiple of another level's thinking (OpenSpiel's MCTS
    at ten times Hard's CPU) reads the last; the bots of this package never do."""

    variant: str
    options: dict[str, Any] | None
    seats: list[str]
    cpu: list[list[float]]

    def mean_cpu(self, level: str) -> float | None:
        """The mean CPU seconds of the searched decisions of every seat of ``level``
        so far (None before the first)."""
        spent = [s for seat, lv in enumerate(self.seats) if lv == level
                 for s in self.cpu[seat]]
        return math.fsum(spent) / len(spent) if spent else None


@runtime_checkable
class Seated(Protocol):
    """A bot that is told its :class:`Table` before the game's first decision."""

    def sit(self, table: Table) -> None: ...


#: makes a guest player (a level from outside this package, e.g. OpenSpiel's MCTS from
#: :mod:`game.bridges`): called as ``make(seed=..., iterations=..., seconds=...,
#: **options)``; a module-level class or function, so that a task naming it pickles
BotMaker = Callable[..., Bot]


@dataclass
class Match:
    """One game of a tournament, finished: its seating and everything it caused."""

    index: int
    seats: list[str]  # the level on each seat
    first: int | None  # the seat that decided first
    game: Game
    events: list[Event]
    #: thinking time per decision that searched (plan steps, forced moves left out)
    seconds: list[tuple[int, float]]
    #: the seats, their levels and the CPU seconds of each decision that searched
    table: Table | None = None


def play_match(variant: str, levels: Sequence[str], index: int, seed: int = 0,
               options: dict[str, Any] | None = None, iterations: int | None = None,
               seconds: float | None = None,
               bot_options: dict[str, dict[str, Any]] | None = None,
               guests: Mapping[str, BotMaker] | None = None) -> Match:
    """Game ``index`` of a tournament: seed ``seed + index``, seats rotated, each bot seeded
    from the game's seed and its seat. It depends on nothing else, so the games of a
    tournament can be played in any order, in any process. ``bot_options`` maps a level
    to extra options for its bots (see :func:`game.ai.make_bot`); ``guests`` maps a
    level that is no level of this package to what makes its players."""
    seed_i = seed + index
    game = new_game(variant, len(levels), seed_i, options)
    seats = seat_levels(levels, index)
    extra = bot_options or {}
    makers: Mapping[str, BotMaker] = guests or {}
    bots = [(makers[level] if level in makers else partial(make_bot, level))(
                seed=mix_seed(seed_i, "bot", s), iterations=iterations, seconds=seconds,
                **extra.get(level, {}))
            for s, level in enumerate(seats)]
    table = Table(variant, options, list(seats), [[] for _ in seats])
    for bot in bots:
        if isinstance(bot, Seated):
            bot.sit(table)
    first = game.current_player
    thought: list[tuple[int, float]] = []

    def note(seat: int, action: str, bot: Bot) -> None:
        if not bot.stats.get("reused") and not bot.stats.get("forced"):
            thought.append((seat, float(bot.stats.get("seconds", 0.0))))
            table.cpu[seat].append(float(bot.stats.get("cpu", 0.0)))

    events: list[Event] = []
    try:
        play_game(game, bots, on_decision=note, events=events)
    finally:  # Hard's search processes (``workers``) end with the game
        for bot in bots:
            bot.close()
    return Match(index, seats, first, game, events, thought, table)


def tournament(variant: str, levels: Sequence[str], games: int, seed: int = 0,
               options: dict[str, Any] | None = None, iterations: int | None = None,
               seconds: float | None = None,
               progress: Callable[[int, Game, list[str]], None] | None = None
               ) -> tuple[dict[str, Standing], list[int]]:
    """Play ``games`` games (game i: seed ``seed + i``, seats rotated); the standings
    per distinct entry of ``levels`` (duplicates pool their results) and game lengths."""
    table: dict[str, Standing] = {}
    for level in levels:
        table.setdefault(level, Standing(level))
    lengths: list[int] = []
    for i in range(games):
        match = play_match(variant, levels, i, seed, options, iterations, seconds)
        game, seats = match.game, match.seats
        for seat, spent in match.seconds:
            table[seats[seat]].seconds.append(spent)
        winners = game.winners
        scores = game.scores
        lengths.append(len(game.log))
        per_level: dict[str, float] = {}
        for s, level in enumerate(seats):
            table[level].scores.append(scores[s])
            if s in winners:
                per_level[level] = per_level.get(level, 0.0) + 1.0 / len(winners)
        for level in set(seats):
            st = table[level]
            st.games += 1
            st.wins += min(1.0, per_level.get(level, 0.0))
        for a, level_a in enumerate(seats):
            for b, level_b in enumerate(seats):
                if level_a != level_b:
                    pair = table[level_a].versus.setdefault(level_b, [0.0, 0])
                    pair[0] += ahead(game, a, b)
                    pair[1] += 1
        if progress is not None:
            progress(i, game, seats)
    return table, lengths
