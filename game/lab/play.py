"""One game of a balance run, reduced to a JSON record (one line of ``games.jsonl``).

This is the function the workers run, in this process, in a pool of processes or on a
Dask worker: it takes a :class:`~game.lab.plan.Task` and returns plain data. The record
holds only what the game determined (no timings), so the same task gives the same record
byte for byte wherever it ran; the one exception is a game with a guest player held to a
multiple of another level's CPU (OpenSpiel's MCTS), whose moves depend on the timings: its
record says what each level spent, and keeps the game's actions.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from pathlib import Path
from typing import Any

from game.ai.arena import play_match
from game.api import Game, new_game
from game.core.errors import note_origin
from game.core.events import Event
from game.lab.plan import Task

#: the reason given to points that no event itemised (e.g. a final count that the
#: variant reports only as the end result)
UNITEMISED = "not itemised by events"


def reason(event: Event) -> str:
    """Why an event scored: its ``data["reason"]`` where the variant gives one (Mexica:
    founding, presence, district, palace), else its kind (Aztlán: score, final)."""
    why = event.data.get("reason") if isinstance(event.data, dict) else None
    return why if isinstance(why, str) and why else event.kind


def points_by_reason(events: list[Event], scores: list[int]) -> list[dict[str, int]]:
    """Per seat, the points of its score events grouped by reason; whatever part of the
    final score the events do not explain is booked under :data:`UNITEMISED`."""
    out: list[dict[str, int]] = [{} for _ in scores]
    for event in events:
        if event.points and event.seat is not None and 0 <= event.seat < len(scores):
            why = reason(event)
            out[event.seat][why] = out[event.seat].get(why, 0) + event.points
    for seat, score in enumerate(scores):
        rest = score - sum(out[seat].values())
        if rest:
            out[seat][UNITEMISED] = rest
    return out


def turns(game: Game) -> int:
    """How many turns the finished ``game`` took: the log replayed from its seed, one turn
    for every change of whose turn it is (``Rules.turn_seat``), setup turns included.

    Any variant has it, so a sweep of ``ap_per_turn`` or of what one turn allows reads as
    a change of the game's length in turns, not only of its count of actions."""
    replay = new_game(game.variant, game.players, game.seed, game.options)
    count, last = 0, None
    for action in game.log:
        seat = replay.rules.turn_seat(replay.state)
        if seat is not None and seat != last:
            count += 1
            last = seat
        replay.apply(action)
    return count


#: Tests only: ``"kill GAME FILE"`` makes the worker process that plays game number GAME
#: of an arm kill itself (SIGKILL, as the out-of-memory killer does) when FILE does not
#: exist, which it creates first: only the first try dies (without FILE, every try);
#: ``"hold GAME FILE"`` makes that game wait until FILE exists (at most ``HOLD_FOR``
#: seconds), writing its process id to FILE.pid, so a test can stop a run mid-way.
TEST_ENV = "AZTEC_ARCADE_LAB_TEST"
HOLD_FOR = 120.0


def _test_hook(task: Task) -> None:
    words = os.environ.get(TEST_ENV, "").split()
    if len(words) < 2 or words[1] != str(task.index):
        return
    marker = Path(words[2]) if len(words) > 2 else None
    if words[0] == "kill" and multiprocessing.parent_process() is not None:
        if marker is None or not marker.exists():
            if marker is not None:
                marker.touch()
            os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))
    elif words[0] == "hold" and marker is not None:
        Path(f"{marker}.pid").write_text(str(os.getpid()))
        until = time.monotonic() + HOLD_FOR
        while not marker.exists() and time.monotonic() < until:
            time.sleep(0.05)


def play_task(task: Task) -> dict[str, Any]:
    """Play the task's game with the lab's bots; its record. A failure keeps the name of
    the module that failed and of the game, which its traceback loses on the way from a
    worker process."""
    try:
        return _play(task)
    except Exception as exc:
        note_origin(exc, f"in {task.describe()}")
        raise


def _play(task: Task) -> dict[str, Any]:
    if TEST_ENV in os.environ:
        _test_hook(task)
    match = play_match(task.variant, task.levels, task.index, task.seed, task.options,
                       iterations=task.iterations, bot_options=task.bot_options,
                       guests=task.guests)
    game = match.game
    scores = game.scores
    record: dict[str, Any] = {
        "arm": task.arm,
        "label": task.label,
        "variant": task.variant,
        "options": task.options,
        "bot_options": task.bot_options,
        "game": task.index,
        "seed": task.seed + task.index,
        "seats": list(match.seats),
        "first": match.first,
        "scores": scores,
        "winners": game.winners,
        "length": len(game.log),
        "turns": turns(game),
        "points": points_by_reason(match.events, scores),
    }
    if task.guests and match.table is not None:
        # a guest held to a multiple of another level's CPU: what each level spent (the
        # only timing in a record, so only where the opponents' budgets depend on it)
        record["cpu"] = {level: match.table.mean_cpu(level)
                         for level in dict.fromkeys(match.seats)}
        # and its moves: they hang on the timings, so the seed cannot replay the game;
        # with them a strange game (a stall, a blunder) can be loaded and looked at
        record["log"] = list(game.log)
    return record
