"""Save-mutation fuzz: damaged saves either load into a game that plays on, or SaveError.

Takes real saves of every installed variant (each player count, two seeds, at the start,
at several points of the game and at its end), mutates them the ways files get damaged
or edited (keys deleted, values of another type, numbers flipped or huge, text cut off,
bytes flipped, log entries swapped, dropped or made up, a state from another point, the
seed or player count changed, deep nesting, NaN and Infinity) and loads each one with
``game.api.load_game``. Every case must end one of two ways:

* **refused**: ``SaveError`` (a sentence for a person), or
* **loaded**: a consistent game: its own save loads back to the same text, every seat's
  view and the scores can be read, and it plays on under the playout policy (every
  chosen action is legal and applies) to its end or for a few dozen actions.

Anything else (another exception, a game that breaks when played on, a case running
longer than ``--timeout`` seconds, a case needing more than ``--memory`` MB, even if the
load then ends in SaveError) is a failure,
printed with the variant and case number that reproduce it (``--variant V --case N``).

    .venv/bin/python tools/fuzz_saves.py                    # 100,000 cases, some minutes
    .venv/bin/python tools/fuzz_saves.py --cases 2000       # a quick look
    .venv/bin/python tools/fuzz_saves.py --variant aztlan --case 1234 -v

Exit code 0 if no case failed, else 1. ``tests/test_save_fuzz.py`` runs a small seeded
share of it in the test suite.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from game.api import list_variants, load_game, new_game  # noqa: E402
from game.core.errors import IllegalAction, SaveError  # noqa: E402
from game.core.rng import Rng  # noqa: E402

#: where in a game saves are taken, as fractions of its length (0: before any action)
POINTS = (0.0, 0.05, 0.3, 0.6, 0.9, 1.0)
SEEDS = (1, 2)
#: actions a loaded game is played on for (or to its end)
PLAY_ON = 40
#: a marker put into the data where raw JSON text is spliced in afterwards
SPLICE = "\u0001splice\u0001"


# ---------------------------------------------------------------------------------------
# real saves
# ---------------------------------------------------------------------------------------
@dataclass
class Corpus:
    """The real saves of one variant that the mutations start from."""

    variant: str
    texts: list[str] = field(default_factory=list)
    #: every action seen in these games, for made-up log entries that look real
    actions: list[str] = field(default_factory=list)


def real_saves(variant: str, seeds: tuple[int, ...] = SEEDS,
               points: tuple[float, ...] = POINTS) -> Corpus:
    """Saves of ``variant`` for every player count and seed at each point of the game."""
    spec = next(v for v in list_variants() if v["id"] == variant)
    corpus = Corpus(variant)
    seen: set[str] = set()
    for players in range(spec["min_players"], spec["max_players"] + 1):
        for seed in seeds:
            game = new_game(variant, players, seed=seed)
            rng = Rng(seed)
            while not game.is_over:
                game.apply(game.playout_action(rng))
            log = game.log
            corpus.texts.extend(_saves_along(variant, players, seed, log, [
                round(point * len(log)) for point in points]))
            seen.update(log)
    corpus.actions = sorted(seen)
    return corpus


def _saves_along(variant: str, players: int, seed: int, log: list[str],
                 at: list[int]) -> list[str]:
    """The saves of the game ``log`` plays after ``at[0]``, ``at[1]``, ... of its actions,
    made by replaying it (saving after every action of a game to keep a few costs more)."""
    game = new_game(variant, players, seed=seed)
    texts: dict[int, str] = {}
    for done in range(len(log) + 1):
        if done in at:
            texts[done] = game.to_json()
        if done < len(log):
            game.apply(log[done])
    return [texts[done] for done in at]


# ---------------------------------------------------------------------------------------
# mutations
# ---------------------------------------------------------------------------------------
Path_ = tuple[Any, ...]


def _nodes(data: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every (path, value) in a JSON tree, the root included (no recursion)."""
    stack = [(path, data)]
    while stack:
        where, value = stack.pop()
        yield where, value
        if isinstance(value, dict):
            stack.extend((where + (k,), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((where + (i,), v) for i, v in enumerate(value))


def _get(data: Any, path: Path_) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: Path_, value: Any) -> Any:
    """``data`` with the node at ``path`` replaced (the root if ``path`` is empty)."""
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


class Mutator:
    """Damages a save the ways files are damaged or edited; ``mutate`` says how."""

    def __init__(self, corpus: Corpus, rng: random.Random) -> None:
        self.corpus = corpus
        self.rng = rng
        self.kinds: list[tuple[Callable[[Any], Any], int]] = [
            (self.delete, 6), (self.retype, 8), (self.number, 10), (self.text, 4),
            (self.log, 10), (self.other_state, 3), (self.header, 6), (self.huge, 3),
            (self.nest, 2), (self.nan, 2),
        ]

    def mutate(self, text: str) -> tuple[str | bytes, list[str]]:
        """``text`` damaged by one to three mutations, and what was done."""
        rng = self.rng
        done: list[str] = []
        roll = rng.random()
        if roll < 0.06:
            cut = rng.randrange(len(text))
            return text[:cut], [f"truncated at {cut} of {len(text)}"]
        if roll < 0.12:
            raw = bytearray(text.encode())
            for _ in range(rng.randint(1, 6)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            return bytes(raw), ["bytes flipped"]
        data = json.loads(text)
        self.splices: list[str] = []
        functions = [f for f, _ in self.kinds]
        weights = [w for _, w in self.kinds]
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            change = rng.choices(functions, weights)[0]
            data, what = change(data)
            done.append(what)
        out = json.dumps(data, separators=(",", ":"))
        for raw in self.splices:
            out = out.replace(json.dumps(SPLICE), raw, 1)
        return out, done

    # -- helpers -----------------------------------------------------------------------
    def _pick(self, data: Any, want: Callable[[Any], bool] = lambda v: True,
              root: bool = False) -> Path_ | None:
        paths = [p for p, v in _nodes(data) if (p or root) and want(v)]
        return self.rng.choice(paths) if paths else None

    def _splice(self, data: Any, path: Path_, raw: str) -> Any:
        self.splices.append(raw)
        return _set(data, path, SPLICE)

    # -- the mutations -----------------------------------------------------------------
    def delete(self, data: Any) -> tuple[Any, str]:
        path = self._pick(data)
        if path is None:
            return data, "nothing to delete"
        parent = _get(data, path[:-1])
        del parent[path[-1]]
        return data, f"deleted {_show(path)}"

    def retype(self, data: Any) -> tuple[Any, str]:
        path = self._pick(data, root=True)
        assert path is not None
        old = _get(data, path)
        new = self.rng.choice([None, True, False, "text", "", 0, -1, 1.5, [], {}, [old],
                               {"x": old}, str(old)[:50]])
        return _set(data, path, new), f"{_show(path)} = {_short(new)}"

    def number(self, data: Any) -> tuple[Any, str]:
        path = self._pick(data, lambda v: isinstance(v, int | float) and
                          not isinstance(v, bool))
        if path is None:
            return data, "no number"
        n = _get(data, path)
        choices: list[Any] = [0, 1, 10 ** 9, 10 ** 18, -10 ** 18, 2 ** 63, 2 ** 64 + 1,
                              10 ** 300, 10 ** 4000, 1e308, -1e308, 1e20, -1e20, 5e-324]
        if abs(n) < 10 ** 300:  # arithmetic that stays printable as JSON
            choices += [n + 1, n - 1, -n, n * 2, n + 0.5, float(n)]
        new = self.rng.choice(choices)
        return _set(data, path, new), f"{_show(path)}: {_short(n)} -> {_short(new)}"

    def text(self, data: Any) -> tuple[Any, str]:
        path = self._pick(data, lambda v: isinstance(v, str))
        if path is None:
            return data, "no text"
        s = _get(data, path)
        new = self.rng.choice(["", s.upper(), s[::-1], s + " xyzzy", s[: len(s) // 2],
                               "\x00", "é" + s, s + " " + s, "²", "٤"])
        return _set(data, path, new), f"{_show(path)}: {_short(s)} -> {_short(new)}"

    def log(self, data: Any) -> tuple[Any, str]:
        log = data.get("log") if isinstance(data, dict) else None
        if not isinstance(log, list):
            return self.retype(data)
        rng = self.rng
        how = rng.choice(["swap", "drop", "duplicate", "junk", "made up", "cut", "move",
                          "append", "reverse"])
        n = len(log)
        if how == "swap" and n >= 2:
            i, j = rng.sample(range(n), 2)
            log[i], log[j] = log[j], log[i]
            return data, f"log {i + 1} <-> {j + 1}"
        if how == "drop" and n:
            i = rng.randrange(n)
            del log[i]
            return data, f"log {i + 1} dropped"
        if how == "duplicate" and n:
            i = rng.randrange(n)
            log.insert(i, log[i])
            return data, f"log {i + 1} doubled"
        if how == "move" and n >= 2:
            i = rng.randrange(n)
            log.insert(rng.randrange(n), log.pop(i))
            return data, f"log {i + 1} moved"
        if how == "cut" and n:
            k = rng.randrange(n)
            del log[k:]
            return data, f"log cut to {k}"
        if how == "reverse" and n >= 2:
            log.reverse()
            return data, "log reversed"
        made_up = (rng.choice(self.corpus.actions) if how in ("made up", "append")
                   and self.corpus.actions else rng.choice(["xyzzy 99", "", " ", "end end"]))
        at = n if how == "append" else rng.randrange(n + 1)
        log.insert(at, made_up)
        return data, f"log {at + 1} = {made_up!r} inserted"

    def other_state(self, data: Any) -> tuple[Any, str]:
        if not isinstance(data, dict):
            return data, "no state"
        other = json.loads(self.rng.choice(self.corpus.texts))
        part = self.rng.choice(["state", "state", "log", "seed", "players", "params"])
        data[part] = other.get(part)
        return data, f"{part} from another save"

    def header(self, data: Any) -> tuple[Any, str]:
        if not isinstance(data, dict):
            return data, "no header"
        key = self.rng.choice(["seed", "players", "variant", "engine", "options", "version",
                               "format"])
        old = data.get(key)
        choices: list[Any] = {
            "seed": [0, -1, 1, 7, 2 ** 64, 10 ** 4000, -10 ** 18],
            "players": [0, 1, 2, 3, 4, 5, 9, 10 ** 9],
            "variant": [v["id"] for v in list_variants()] + ["chess", ""],
            "engine": ["mexica", "mexica-neutral", "tlatelolco-market", "aztlan", "chess"],
            "options": [{}, {"ap_per_turn": 99}, {"nope": 1}, {"x": "y" * 10}],
            "version": [0, 2, "1", 1.0],
            "format": ["aztec-arcade-game ", "", None],
        }[key]
        if isinstance(old, int) and not isinstance(old, bool) and key in ("seed", "players"):
            choices += [old + 1, old - 1]
        new = self.rng.choice(choices)
        data[key] = new
        return data, f"{key}: {_short(old)} -> {_short(new)}"

    def huge(self, data: Any) -> tuple[Any, str]:
        path = self._pick(data, root=False)
        if path is None:
            return data, "nothing"
        old = _get(data, path)
        how = self.rng.choice(["string", "list", "dict", "list of copies"])
        if how == "string":
            new: Any = "N" * 200_000
        elif how == "list":
            new = list(range(100_000))
        elif how == "dict":
            new = {f"k{i}": i for i in range(50_000)}
        else:  # 20,000 copies of a small value, fewer of a large one (each mutation
            # adds a few megabytes at most); copies, not one object many times, or a
            # later change inside one would change them all
            text = json.dumps(old)
            copies = max(1, min(20_000, 2_000_000 // max(1, len(text))))
            new = json.loads("[" + ",".join([text] * copies) + "]")
        return _set(data, path, new), f"{_show(path)} = huge {how}"

    def nest(self, data: Any) -> tuple[Any, str]:
        path = self._pick(data, root=True)
        assert path is not None
        depth = self.rng.choice([70, 1_000, 100_000])
        inner = json.dumps(_get(data, path), separators=(",", ":"))
        if len(inner) > 2000:
            inner = "1"
        opener, closer = self.rng.choice([("[", "]"), ('{"a":', "}")])
        return (self._splice(data, path, opener * depth + inner + closer * depth),
                f"{_show(path)} nested {depth} deep")

    def nan(self, data: Any) -> tuple[Any, str]:
        path = self._pick(data, lambda v: isinstance(v, int | float) and
                          not isinstance(v, bool)) or self._pick(data, root=True)
        assert path is not None
        token = self.rng.choice(["NaN", "Infinity", "-Infinity"])
        return self._splice(data, path, token), f"{_show(path)} = {token}"


def _show(path: Path_) -> str:
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path) or "(root)"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------------------------------
# checking one case
# ---------------------------------------------------------------------------------------
def check(text: str | bytes, seed: int = 0, play_on: int = PLAY_ON) -> str:
    """``'refused'`` or ``'loaded'``; anything else raises (the case failed)."""
    try:
        game = load_game(text)
    except SaveError as exc:
        message = str(exc)
        if not message or "Traceback" in message:
            raise AssertionError(f"SaveError without a sentence: {message!r}") from exc
        if "MemoryError" in message:  # refused, but only once memory ran out
            raise AssertionError(f"ran out of memory: {message}") from exc
        return "refused"
    consistent(game, seed, play_on)
    return "loaded"


def consistent(game: Any, seed: int, play_on: int) -> None:
    """A loaded game is a real one: it saves and loads back, shows itself and plays on."""
    saved = game.to_json()
    again = load_game(saved)
    if again.to_json() != saved:
        raise AssertionError("a loaded game's own save loads differently")
    for seat in [*range(game.players), None]:
        json.dumps(game.view(seat))
    scores = game.scores
    if len(scores) != game.players:
        raise AssertionError(f"{len(scores)} scores for {game.players} players")
    rng = Rng(seed)
    for _ in range(play_on):
        if game.is_over:
            if game.legal_actions() or game.current_player is not None:
                raise AssertionError("a finished game still offers actions")
            if not game.winners:
                raise AssertionError("a finished game has no winner")
            break
        legal = game.legal_actions()
        if not legal:
            raise AssertionError("a game in progress offers no action")
        action = game.playout_action(rng)
        if action not in legal:
            raise AssertionError(f"the playout chose {action!r}, which is not legal")
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise AssertionError(f"{action!r} is listed but refused: {exc}") from exc


# ---------------------------------------------------------------------------------------
# the run
# ---------------------------------------------------------------------------------------
@dataclass
class Tally:
    cases: int = 0
    refused: int = 0
    loaded: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


class Timeout(BaseException):
    """A case ran longer than the time allowed (a hang). Not an Exception, so that no
    ``except Exception`` in the code under test can turn it into an answer."""


def case_rng(seed: int, variant: str, case: int) -> random.Random:
    """The generator of one case, so that any case can be rerun alone."""
    return random.Random(f"{seed}/{variant}/{case}")


def run_variant(corpus: Corpus, cases: range, seed: int = 0, play_on: int = PLAY_ON,
                timeout: float = 0.0, verbose: bool = False) -> Tally:
    """Mutate and check ``cases`` (case numbers) of one variant."""
    tally = Tally()
    t0 = time.perf_counter()
    for case in cases:
        rng = case_rng(seed, corpus.variant, case)
        source = rng.randrange(len(corpus.texts))
        tally.cases += 1
        try:
            text, done = Mutator(corpus, rng).mutate(corpus.texts[source])
        except Exception as exc:  # noqa: BLE001 - the tool's own bug: say so, go on
            tally.failures.append(f"{corpus.variant} case {case}: the mutation itself "
                                  f"failed: {type(exc).__name__}: {_short(str(exc))}")
            continue
        where = f"{corpus.variant} case {case} (save {source}: {'; '.join(done)})"
        try:
            with _time_limit(timeout):
                outcome = check(text, seed=case, play_on=play_on)
        except Timeout:
            tally.failures.append(f"{where}: no answer within {timeout:g} s")
            continue
        except Exception as exc:  # noqa: BLE001 - every other exception is a failure
            tally.failures.append(f"{where}: {type(exc).__name__}: {_short(str(exc))}")
            continue
        if outcome == "loaded":
            tally.loaded += 1
        else:
            tally.refused += 1
        if verbose:
            print(f"{where}: {outcome}")
    tally.seconds = time.perf_counter() - t0
    return tally


class _time_limit:
    """SIGALRM after ``seconds`` (POSIX main thread; 0: no limit)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __enter__(self) -> None:
        if self.seconds > 0:
            import signal

            def expire(signum: int, frame: Any) -> None:
                raise Timeout

            self._old = signal.signal(signal.SIGALRM, expire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *exc: object) -> None:
        if self.seconds > 0:
            import signal

            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._old)


class memory_cap:
    """Within the block, an allocation of more than ``megabytes`` beyond what the process
    holds now raises MemoryError (a failure) instead of exhausting a shared machine.

    Lowers the soft address-space limit and restores it after; where that is not
    possible (not Linux) it does nothing.
    """

    def __init__(self, megabytes: int) -> None:
        self.megabytes = megabytes
        self._old: tuple[int, int] | None = None

    def __enter__(self) -> None:
        try:
            import resource

            with open("/proc/self/statm", encoding="ascii") as handle:
                held = int(handle.read().split()[0]) * resource.getpagesize()
            old = resource.getrlimit(resource.RLIMIT_AS)
            limit = held + self.megabytes * 1024 * 1024
            if old[1] != resource.RLIM_INFINITY:
                limit = min(limit, old[1])
            resource.setrlimit(resource.RLIMIT_AS, (limit, old[1]))
            self._old = old
        except (ImportError, OSError, ValueError):
            self._old = None

    def __exit__(self, *exc: object) -> None:
        if self._old is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, self._old)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000,
                        help="mutated saves in all, shared between the variants")
    parser.add_argument("--variant", action="append", help="only this variant (repeatable)")
    parser.add_argument("--case", type=int, help="run only this case number")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=20.0,
                        help="seconds a case may take before it counts as a hang")
    parser.add_argument("--memory", type=int, default=2000,
                        help="MB a case may allocate beyond the corpus (0: no cap)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    variants = args.variant or sorted(v["id"] for v in list_variants())
    print(f"Building real saves of {len(variants)} variant(s)...", flush=True)
    corpora = [real_saves(v) for v in variants]
    per = math.ceil(args.cases / len(variants))
    print(f"{'variant':<22} {'saves':>6} {'cases':>7} {'loaded':>7} {'refused':>8} "
          f"{'failed':>7} {'time':>8}")
    total = Tally()
    for corpus in corpora:
        cases = range(args.case, args.case + 1) if args.case is not None else range(per)
        with memory_cap(args.memory) if args.memory else contextlib.nullcontext():
            tally = run_variant(corpus, cases, args.seed, timeout=args.timeout,
                                verbose=args.verbose)
        print(f"{corpus.variant:<22} {len(corpus.texts):>6} {tally.cases:>7} "
              f"{tally.loaded:>7} {tally.refused:>8} {len(tally.failures):>7} "
              f"{tally.seconds:>7.1f}s", flush=True)
        for line in tally.failures[:20]:
            print("  FAIL " + line, flush=True)
        total.cases += tally.cases
        total.loaded += tally.loaded
        total.refused += tally.refused
        total.failures += tally.failures
        total.seconds += tally.seconds
    print(f"{'all':<22} {'':>6} {total.cases:>7} {total.loaded:>7} {total.refused:>8} "
          f"{len(total.failures):>7} {total.seconds:>7.1f}s")
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
