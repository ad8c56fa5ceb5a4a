"""Where a balance run keeps its games: ``DIR/games.jsonl``, one line per game, written
as each game ends, and ``DIR/plan.json``, what the run was asked to play.

A run stopped half-way (Ctrl+C, a crash, a machine turned off) keeps every game it
finished, and ``--resume`` plays only the others: a game is a function of its arm, its
number and the seed, so the resumed run's records are those of a run never stopped.
``plan.json`` is how a resumed run knows the kept games are games of its own plan.

The folder is checked before the first game: a report that cannot be written is said at
once, not after hours of games.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from game.core.errors import AztecArcadeError, quote
from game.lab.plan import Plan

GAMES = "games.jsonl"
PLAN = "plan.json"
#: the probe file that shows the folder takes files (removed at once)
PROBE = ".balance-probe"


class LabStore(AztecArcadeError):
    """The output folder cannot be written, or ``--resume`` finds nothing of this plan."""


def records_text(records: Sequence[dict[str, Any]]) -> str:
    """JSON Lines, keys sorted: the same records give the same bytes."""
    return "".join(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n"
                   for r in records)


def plan_identity(plan: Plan, fingerprint: str) -> dict[str, Any]:
    """What makes a kept game a game of ``plan``: everything but the number of games
    (``--resume --games 200`` after 100 plays 100 more); ``fingerprint`` stands for the
    program's version and the installed variants' parameters."""
    identity = {
        "levels": plan.levels, "players": plan.players, "seed": plan.seed,
        "iterations": plan.iterations, "program": fingerprint,
        "arms": [{"label": a.label, "variant": a.variant, "options": a.options,
                  "bot_options": a.bot_options} for a in plan.arms]}
    normal: dict[str, Any] = json.loads(json.dumps(identity, sort_keys=True, default=str))
    return normal


def check_folder(out: Path) -> None:
    """Make ``out`` and show that it takes files (a probe written as the report will be,
    then removed); say why not, before any game is played."""
    from game.core.records import write_atomic

    shown = quote(str(out))
    if out.exists() and not out.is_dir():
        raise LabStore(f"--out {shown} is a file, not a folder; name a folder for the "
                       "report (it is made if missing)")
    try:
        out.mkdir(parents=True, exist_ok=True)
        write_atomic(out / PROBE, "")
        (out / PROBE).unlink()
    except OSError as exc:
        raise LabStore(f"cannot write the report into --out {shown} "
                       f"({exc.strerror or exc}); name a folder you may write to") from None


class Store:
    """The run's records on disk: kept ones read back, new ones appended as they come."""

    def __init__(self, out: Path) -> None:
        check_folder(out)
        self.out = out
        self.games = out / GAMES
        self.count = 0
        self._file: IO[str] | None = None

    def start(self, identity: dict[str, Any], games: int, resume: bool
              ) -> list[dict[str, Any]]:
        """Begin the run of ``games`` games per arm: with ``resume``, the kept records of
        the same plan; without, an empty ``games.jsonl`` and this plan in ``plan.json``."""
        from game.core.records import write_atomic

        kept = self._kept(identity, games) if resume else []
        if not resume:
            write_atomic(self.out / PLAN, json.dumps(identity, indent=1, sort_keys=True))
        # what is kept is written back whole: a line cut short by a crash goes
        write_atomic(self.games, records_text(kept))
        self.count = len(kept)
        self._file = open(self.games, "a", encoding="utf-8", newline="")  # noqa: SIM115
        return kept

    def add(self, record: dict[str, Any]) -> None:
        """Append one finished game, on disk before the next one ends."""
        assert self._file is not None, "start the store first"
        self._file.write(records_text([record]))
        self._file.flush()
        self.count += 1

    def finish(self, records: Sequence[dict[str, Any]]) -> Path:
        """Every record of the run, in plan order, in place of the appended lines."""
        from game.core.records import write_atomic

        self.close()
        write_atomic(self.games, records_text(records))
        return self.games

    def close(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def _kept(self, identity: dict[str, Any], games: int) -> list[dict[str, Any]]:
        """The records a stopped run of the same plan left, checked against it."""
        shown = quote(str(self.out))
        try:
            before = json.loads((self.out / PLAN).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise LabStore(f"--resume: {shown} holds no run to carry on ({PLAN} is "
                           "missing or unreadable); run without --resume") from None
        if before != identity:
            differs = sorted(k for k in identity.keys() | before.keys()
                             if isinstance(before, dict) and before.get(k) != identity.get(k))
            raise LabStore(f"--resume: the run in {shown} was another plan (what "
                           f"differs: {', '.join(differs) or 'the plan'}); repeat its "
                           "command with --resume, or choose another --out")
        return self._read(len(identity["arms"]), games)

    def _read(self, arms: int, games: int) -> list[dict[str, Any]]:
        try:
            text = self.games.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise LabStore(f"--resume: cannot read {quote(str(self.games))} "
                           f"({exc.strerror or exc})") from None
        lines = text.split("\n")
        kept: dict[tuple[int, int], dict[str, Any]] = {}
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                key = (int(record["arm"]), int(record["game"]))
            except (ValueError, TypeError, KeyError):
                if number == len(lines):  # the last line, cut short by a crash
                    break
                raise LabStore(f"--resume: line {number} of {quote(str(self.games))} is "
                               "not a game of a balance run") from None
            if not 0 <= key[0] < arms or key[1] < 0:
                raise LabStore(f"--resume: line {number} of {quote(str(self.games))} is a "
                               "game of another plan")
            if key[1] >= games:
                raise LabStore(f"--resume: {quote(str(self.games))} holds game "
                               f"{key[1] + 1} of an arm, more than --games {games}; "
                               "resume with as many games at least")
            kept[key] = record
        return [kept[k] for k in sorted(kept)]


def keep_note(store: Store, total: int, command: Sequence[str]) -> str:
    """What a stopped run kept, and the command that carries on."""
    again = list(command) if "--resume" in command else [*command, "--resume"]
    return (f"{store.count} of {total} games are kept in {store.games}; carry on with: "
            + " ".join(again))
