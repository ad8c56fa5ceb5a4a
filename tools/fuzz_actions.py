"""Fuzz every variant's action parser: ``python tools/fuzz_actions.py [--total N]``.

At many points of seeded random games, each variant gets garbage and near misses: legal
actions with a character changed, dropped or doubled, words swapped or repeated, other
scripts' digits (``²``, ``٤``, ``４``) and look-alike letters (the Kelvin sign lowers to
``k``), signs, underscores and leading zeros in numbers, whitespace of every kind,
control characters, lone surrogates, very long words and a megabyte of text, and the
actions of the other games. Every one must either

* be applied, and then its logged (canonical) form was legal at that point, applying
  that canonical form gives the same state, and it was written in ASCII; or
* raise ``IllegalAction`` with a short message (at most ``MAX_MESSAGE`` characters)
  and leave the game exactly as it was (``to_json`` before and after).

Before that, ``Game.why_not`` must give the same answer without changing the game: None
for an action that is applied, ``apply``'s own message for one that is refused.

Anything else is a failure: another exception, a changed state, an accepted illegal or
non-ASCII action, a message that echoes a megabyte. The script prints the count per
variant and each failure, and exits with 1 if there is any. ``tests/test_action_fuzz.py``
runs a small seeded version of the same function.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from game.api import Game, list_variants, new_game  # noqa: E402
from game.core.errors import IllegalAction  # noqa: E402
from game.core.rng import Rng  # noqa: E402

#: Longest refusal message accepted: a message quotes at most a short prefix of input.
MAX_MESSAGE = 600

#: Other scripts' digits, indexed by value: superscripts, Arabic-Indic, fullwidth,
#: Devanagari, mathematical bold. ``str.isdigit`` is true for all of them.
FOREIGN_DIGITS = ("⁰¹²³⁴⁵⁶⁷⁸⁹", "٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９", "०१२३४५६७८९",
                  "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗")
#: Letters that look like (or lower-case to) ASCII ones.
LOOKALIKES = {"k": "\u212a", "a": "\u0430", "e": "\u0435", "o": "\u043e", "i": "\u0130",
              "s": "\u017f", "c": "\u0441", "p": "\u0440"}
WHITESPACE = (" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2003", "\x0b", "\x1c")
JUNK = ("", " ", "\x00", "\ud800", "🙂", "e\u0301", "null", "None", "[]", "{}", "-1", "0",
        "99999999999999999999", "1e9", "nan", "inf", "' OR 1=1 --", "%s%s%n", "\\", "..",
        "a" * 300, "9" * 5000, "x " * 100_000, "é" * 1_000_000)


@dataclass
class Tally:
    """What happened to one variant's fuzzed actions."""

    variant: str
    tried: int = 0
    applied: int = 0
    refused: int = 0
    failures: list[str] = field(default_factory=list)


def mutations(action: str, rng: Rng, pool: list[str]) -> list[str]:
    """Near misses of one legal ``action``, a few of each kind, chosen by ``rng``."""
    words = action.split()
    out: list[str] = []
    i = rng.randbelow(len(action)) if action else 0
    ch = chr(rng.choice([rng.randbelow(95) + 32, rng.randbelow(0x2FF) + 0x80]))
    out += [action[:i] + ch + action[i + 1:], action[:i] + action[i + 1:],
            action[:i] + ch + action[i:], action.upper(), action.title(),
            action + " " + rng.choice(words), " ".join(reversed(words)),
            " ".join(words[:-1]), action + action, action.replace(" ", ""),
            rng.choice(WHITESPACE).join(words),
            rng.choice(WHITESPACE) + action + rng.choice(WHITESPACE),
            action + "\x00", action + "\ud800", words[0] + " " + "x" * 5000]
    digits = rng.choice(FOREIGN_DIGITS)
    if any(c.isdigit() for c in action):
        out.append("".join(digits[int(c)] if c.isdigit() else c for c in action))
        number = next(w for w in words if any(c.isdigit() for c in w))
        for spelled in ("0" + number, "+" + number, "-" + number, number + "_0",
                        number[:1] + "_" + number[1:], "9" * 5000, number + ".0",
                        " " + number + " "):
            out.append(action.replace(number, spelled, 1))
    for letter, twin in LOOKALIKES.items():
        if letter in action:
            out.append(action.replace(letter, twin, 1))
    if len(words) > 1:
        out.append(" ".join([words[0]] + [rng.choice(pool).split()[-1]] + words[2:]))
        out.append(" ".join(words[:1] + [words[1] + words[1]] + words[2:]))
    out.append(rng.choice(pool))
    return out


def check_one(g: Game, action: str, legal: set[str], tally: Tally, where: str) -> None:
    """Try ``action`` on a copy of ``g``; record a failure unless it behaves."""
    copy = g.clone()
    before = copy.to_json()
    tally.tried += 1
    shown = repr(action[:60]) + ("..." if len(action) > 60 else "")
    try:
        copy.apply(action)
    except IllegalAction as exc:
        tally.refused += 1
        if copy.to_json() != before:
            tally.failures.append(f"{where}: {shown} was refused but changed the state")
        if len(str(exc)) > MAX_MESSAGE:
            tally.failures.append(f"{where}: {shown} was refused with a message of "
                                  f"{len(str(exc)):,} characters")
        return
    except Exception as exc:  # noqa: BLE001 - any other exception is the finding
        tally.failures.append(f"{where}: {shown} raised {type(exc).__name__}: "
                              f"{str(exc)[:200]}")
        return
    tally.applied += 1
    canonical = copy.log[-1]
    if canonical not in legal:
        tally.failures.append(f"{where}: {shown} was applied as {canonical!r}, which is "
                              "not a legal action")
        return
    if not all(word.isascii() for word in action.split()):
        tally.failures.append(f"{where}: {shown} (not ASCII) was applied as {canonical!r}")
    twin = g.clone()
    twin.apply(canonical)
    if twin.to_json() != copy.to_json():
        tally.failures.append(f"{where}: {shown} and its canonical form {canonical!r} "
                              "lead to different states")


def check_why_not(g: Game, action: str, tally: Tally, where: str) -> None:
    """``why_not(action)`` agrees with ``apply`` (on a copy) and changes nothing."""
    before = g.to_json()
    shown = repr(action[:60]) + ("..." if len(action) > 60 else "")
    try:
        said_why = g.why_not(action)
        why = None if said_why is None else str(said_why)  # a message: its English
    except Exception as exc:  # noqa: BLE001 - any exception is the finding
        tally.failures.append(f"{where}: why_not({shown}) raised {type(exc).__name__}: "
                              f"{str(exc)[:200]}")
        return
    if g.to_json() != before:
        tally.failures.append(f"{where}: why_not({shown}) changed the state")
    try:
        g.clone().apply(action)
        said = None
    except IllegalAction as exc:
        said = str(exc)
    except Exception:  # noqa: BLE001 - check_one reports it
        return
    if why != said:
        tally.failures.append(f"{where}: why_not({shown}) said {str(why)[:80]!r} but apply "
                              f"{'took it' if said is None else 'said ' + repr(said[:80])}")


def fuzz_variant(variant: str, players: Sequence[int], total: int, seed: int = 0,
                 per_point: int = 8, every: int = 3,
                 pool: list[str] | None = None) -> Tally:
    """``total`` fuzzed actions at every ``every``-th decision of seeded random games of
    ``variant`` (new games as needed, their player counts taken in turn from
    ``players``), ``per_point`` at each point."""
    tally = Tally(variant)
    pool = list(pool or [])
    rng = Rng(seed)
    game_no = 0
    while tally.tried < total:
        g = new_game(variant, players=players[game_no % len(players)], seed=seed + game_no)
        play = Rng(seed + game_no)
        step = 0
        while not g.is_over and tally.tried < total:
            if step % every == 0:
                legal = g.legal_actions()
                pool.extend(legal[:3])
                where = f"{variant} seed {seed + game_no} action {step}"
                candidates: list[str] = []
                for action in (rng.choice(legal) for _ in range(3)):
                    candidates += mutations(action, rng, pool)
                candidates += [rng.choice(JUNK) for _ in range(3)]
                listed = set(legal)
                for _ in range(min(per_point, total - tally.tried)):
                    action = rng.choice(candidates)
                    check_why_not(g, action, tally, where)
                    check_one(g, action, listed, tally, where)
            g.apply(g.playout_action(play))
            step += 1
        if g.is_over and tally.tried < total:
            # the end of the game is a point too: nothing is legal any more
            for junk in (g.log[-1], "end", rng.choice(JUNK)):
                check_why_not(g, junk, tally, f"{variant} over")
                check_one(g, junk, set(), tally, f"{variant} over")
        game_no += 1
    return tally


def action_pool(players_of: Callable[[dict], int]) -> list[str]:
    """Legal actions from the start of every variant: each game's words for the others."""
    out: list[str] = []
    for info in list_variants():
        g = new_game(info["id"], players=players_of(info), seed=1)
        out += g.legal_actions()[:20]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--total", type=int, default=100_000,
                        help="fuzzed actions in all, shared between the variants")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", action="append", help="only this variant (repeatable)")
    args = parser.parse_args(argv)
    variants = [v for v in list_variants() if not args.variant or v["id"] in args.variant]
    pool = action_pool(lambda v: v["max_players"])
    each = -(-args.total // len(variants))
    failures = 0
    grand = 0
    print(f"{'variant':<20} {'players':>7} {'fuzzed':>8} {'applied':>8} {'refused':>8} "
          f"{'failures':>8} {'time':>7}")
    for info in variants:
        start = time.perf_counter()
        counts = range(info["min_players"], info["max_players"] + 1)
        tally = fuzz_variant(info["id"], counts, each, seed=args.seed, pool=pool)
        elapsed = time.perf_counter() - start
        grand += tally.tried
        failures += len(tally.failures)
        shown = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        print(f"{info['id']:<20} {shown:>7} {tally.tried:>8,} "
              f"{tally.applied:>8,} {tally.refused:>8,} {len(tally.failures):>8} "
              f"{elapsed:6.1f}s", flush=True)
        for failure in tally.failures[:20]:
            print(f"    {failure}")
    print(f"{'all':<20} {'':>7} {grand:>8,} {'':>8} {'':>8} {failures:>8}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
