"""Write a fixture of real saves: every variant, every player count, several points.

Why: when the save format changes (``SAVE_VERSION`` in ``game.api``), saves written by
the program people have today must still load and play on exactly as they would have.
Run this with the *old* code before changing the format, and commit what it writes::

    python3 tools/save_fixtures.py tests/fixtures/saves-v1

For each playable variant and player count it plays one seeded game (mostly the
variant's playout policy, now and then a uniformly random legal action, so that rare
decisions such as votes, conflict cards or paid tile moves occur) and saves it at:

* ``start``: the fresh game, before any action;
* ``open-<key>``: for each key of ``OPEN_KEYS`` that the state has, the first position
  past a fifth of the game where it holds an open decision (a Mexica removal vote, an
  Aztlán conflict decision or scoring in progress, a Market play in progress or a paid
  tile move), if the game reaches one;
* ``midturn``: past a third of the game, inside a turn (the seat that decides now also
  made the last action);
* ``midgame``: past half of the game, at the start of a turn;
* ``finished``: the game over.

Every save is checked to load with the code that wrote it. Next to the folder,
``<folder>-expected.json`` records for each save how the game goes on: the next
``CONTINUE`` actions of the original game with every event each caused, then the scores,
winners, seat to move and legal actions. ``tests/test_old_saves.py`` plays the same
actions on the loaded save and compares.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from game.api import Game, list_variants, load_game, new_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402

#: actions of the original game recorded after each save
CONTINUE = 15
#: one in this many actions is uniformly random instead of the playout policy's
RANDOM_EVERY = 5
#: state keys whose non-null value means a decision is open (vote, pending, a play)
OPEN_KEYS = ("vote", "pending", "scoring", "undo", "paid")


def play(variant: str, players: int, seed: int) -> tuple[Game, list[Game]]:
    """The finished game and a copy of it before every action (and at the end)."""
    game = new_game(variant, players=players, seed=seed)
    rng = Rng(seed)
    copies = []
    while not game.is_over:
        copies.append(game.clone())
        legal = game.legal_actions()
        if rng.randbelow(RANDOM_EVERY) == 0:
            action = rng.choice(legal)
        else:
            action = game.playout_action(rng)
        game.apply(action)
    copies.append(game.clone())
    return game, copies


def is_open(game: Game, keys: tuple[str, ...] = OPEN_KEYS) -> bool:
    state = game.rules.to_dict(game.state)
    return any(state.get(key) not in (None, 0, False) for key in keys)


def actors(copies: list[Game]) -> list[int | None]:
    return [g.current_player for g in copies]


def pick_points(copies: list[Game]) -> dict[str, int]:
    """Name -> number of actions played, for each point that the game reaches."""
    total = len(copies) - 1
    who = actors(copies)
    points = {"start": 0}

    def first(start: float, test: Any) -> int | None:
        for i in range(max(1, int(total * start)), total):
            if test(i):
                return i
        return None

    found = {f"open-{key}": first(0.2, lambda i, k=(key,): is_open(copies[i], k))
             for key in OPEN_KEYS}
    found.update({
        "midturn": first(1 / 3, lambda i: who[i] is not None and who[i] == who[i - 1]
                         and not is_open(copies[i])),
        "midgame": first(0.5, lambda i: who[i] != who[i - 1] and not is_open(copies[i])),
    })
    points.update({name: i for name, i in found.items() if i is not None})
    points["finished"] = total
    return points


def event_data(events: list[Any]) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(e.to_dict())) for e in events]


def expectation(game: Game, original: list[str]) -> dict[str, Any]:
    """How ``game`` goes on with the original game's next actions."""
    steps = []
    for action in original[:CONTINUE]:
        steps.append({"action": action, "events": event_data(game.apply(action))})
    return {"continue": steps, "scores": game.scores, "winners": game.winners,
            "current_player": game.current_player, "is_over": game.is_over,
            "legal": sorted(game.legal_actions())}


def write(folder: Path, seed: int) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    expected: dict[str, Any] = {}
    for v in list_variants():
        for players in range(v["min_players"], v["max_players"] + 1):
            final, copies = play(v["id"], players, seed)
            for name, played in pick_points(copies).items():
                text = copies[played].to_json()
                load_game(text)  # the code that writes the fixture reads it back
                stem = f"{v['id']}-{players}p-{name}"
                (folder / f"{stem}.json").write_text(text + "\n", encoding="utf-8")
                rest = final.log[played:]
                expected[stem] = expectation(load_game(text), rest)
                print(f"{stem}: {played} actions", flush=True)
    out = folder.parent / f"{folder.name}-expected.json"
    out.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return len(expected)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path, help="where to write the saves")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args(argv)
    count = write(args.folder, args.seed)
    print(f"{count} saves written to {args.folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
