#!/usr/bin/env python3
"""Fit a variant's evaluation to the final scores of Normal's games (issue 38).

    python3 tools/fit_evaluation.py mexica --players 3 --games 600 --seed 5000000 --jobs 2

Plays ``--games`` games with Normal at every seat (game i on seed SEED+i, so the same
command gives the same games and the same coefficients), notes at the start of every turn
each seat's terms of the evaluation and the set of coefficients that weighs them there
(the rules' ``evaluation_terms`` hook; in Mexica a seat's score, what its districts are
expected to bring, its AP tokens, the seats that move before it..., and a set per player
count and period) and fits each set's coefficients to predict each seat's final score
from its terms, both less the table's mean (least squares: only differences between
seats matter to the evaluation). A set that a later one follows in the game (period 1,
then period 2) is fitted on the later set's fitted value at its first turn, not on the
final score: a whole period of play lies between, and on the final score no weighing of
period 1's terms predicts anything (R² 0). A term the games never vary keeps its
hand-set coefficient (the rules' ``hand_set_coefficients``, if they have it; else 1).

It prints the ``bot_fit`` lines for the variant file, and for each set how much of the
targets' spread the fitted and the hand-set coefficients explain (R²) on the last quarter
of the games, which the fit does not see. ``--data FILE`` keeps the games' terms (JSON
lines) and reads them back instead of playing again. Pure Python, no numpy: eight terms
are an 8 x 8 system.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: the share of the games held out to judge the fit
HOLD_OUT = 0.25

Row = tuple[str, list[list[float]]]  # (the coefficients' set, every seat's terms)


def play(args: tuple[str, int, int]) -> dict[str, Any]:
    """One game of Normal at every seat: the terms at each turn's start, the final scores."""
    from game.ai import make_bot
    from game.api import new_game
    from game.core.facets import bot_hooks

    variant, players, seed = args
    game = new_game(variant, players=players, seed=seed)
    rules = game.rules
    hooks = bot_hooks(rules)
    bots = [make_bot("normal", seed=seed * 10 + i) for i in range(players)]
    rows: list[Row] = []
    while not game.is_over:
        noted = hooks.evaluation_terms(game.state)
        if noted is not None:
            rows.append(noted)
        seat = game.current_player
        assert seat is not None  # a game not over has a seat to move
        game.apply(bots[seat].choose(rules, game.view(seat), game.legal_actions()))
    return {"seed": seed, "scores": list(game.scores), "rows": rows}


def centred(rows: Sequence[Sequence[float]]) -> list[list[float]]:
    """Each column less its mean over the seats."""
    n = len(rows)
    means = [sum(col) / n for col in zip(*rows, strict=True)]
    return [[v - m for v, m in zip(row, means, strict=True)] for row in rows]


def solve(xs: list[list[float]], ys: list[float], fallback: Sequence[float]) -> list[float]:
    """Least squares by the normal equations; a term that never varies keeps its
    ``fallback`` coefficient (its column is then all zeros once centred)."""
    live = [j for j in range(len(fallback)) if any(abs(x[j]) > 1e-9 for x in xs)]
    a = [[sum(x[i] * x[j] for x in xs) for j in live] for i in live]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in live]
    m = len(live)
    for col in range(m):  # Gauss-Jordan with partial pivoting
        pivot = max(range(col, m), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(m):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    out = [float(v) for v in fallback]
    for i, j in enumerate(live):
        if a[i][i]:
            out[j] = b[i] / a[i][i]
    return out


def value(coefs: Sequence[float], terms: Sequence[float]) -> float:
    return sum(c * v for c, v in zip(coefs, terms, strict=True))


def r2(xs: list[list[float]], ys: list[float], coefs: Sequence[float]) -> float:
    """The share of the targets' spread (about 0) the coefficients explain."""
    err = sum((y - value(coefs, x)) ** 2 for x, y in zip(xs, ys, strict=True))
    total = sum(y * y for y in ys)
    return 1 - err / total if total else 0.0


def samples(games: Iterable[dict[str, Any]], name: str, after: str | None,
            coefs: dict[str, list[float]]) -> tuple[list[list[float]], list[float],
                                                     list[float]]:
    """The set ``name``'s centred terms, their targets (the set ``after``'s fitted value
    at its first turn, or the final score when None) and the final scores."""
    xs: list[list[float]] = []
    ys: list[float] = []
    finals: list[float] = []
    for g in games:
        final = [f[0] for f in centred([[s] for s in g["scores"]])]
        target = final
        if after is not None:
            first = next((t for n, t in g["rows"] if n == after), None)
            if first is None:
                continue
            target = [value(coefs[after], x) for x in centred(first)]
        for n, terms in g["rows"]:
            if n == name:
                xs += centred(terms)
                ys += target
                finals += final
    return xs, ys, finals


def fit(games: list[dict[str, Any]], hand_set: dict[str, list[float]]
        ) -> tuple[dict[str, list[float]], list[str]]:
    """The coefficients per set, the last set's fitted on the final scores and each
    earlier one's on the next one's value, and lines saying how well they and the hand-set
    ones predict on the held-out games."""
    games = sorted(games, key=lambda g: g["seed"])
    cut = int(len(games) * (1 - HOLD_OUT))
    train, test = games[:cut], games[cut:]
    order = list(dict.fromkeys(n for g in games for n, _ in g["rows"]))
    coefs: dict[str, list[float]] = {}
    report: list[str] = []
    for name, after in reversed(list(zip(order, [*order[1:], None], strict=True))):
        xs, ys, _ = samples(train, name, after, coefs)
        width = len(xs[0])
        coefs[name] = solve(xs, ys, hand_set.get(name, [1.0] * width))
        tx, ty, tf = samples(test, name, after, coefs)
        line = f"{name}, R² on {len(test)} held-out games, fitted / hand-set: "
        if after is not None:
            line += (f"of {after}'s fitted value at its start {r2(tx, ty, coefs[name]):.3f}"
                     f" / {r2(tx, ty, hand_set.get(name, [1.0] * width)):.3f}; ")
        line += (f"of the final scores {r2(tx, tf, coefs[name]):.3f} / "
                 f"{r2(tx, tf, hand_set.get(name, [1.0] * width)):.3f}")
        report.insert(0, line)
    return {n: coefs[n] for n in order}, report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=5_000_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--data", type=Path, help="keep the games' terms here (JSON "
                        "lines), or read them from here if it exists")
    args = parser.parse_args(argv)
    from game.api import new_game
    from game.core.facets import BotHooks, bot_hooks

    rules = new_game(args.variant, players=args.players, seed=args.seed).rules
    hooks = bot_hooks(rules)
    if type(hooks).evaluation_terms is BotHooks.evaluation_terms:
        parser.error(f"{args.variant}: its rules have no evaluation_terms hook, so there "
                     "is nothing to fit")
    hand_set = getattr(hooks, "hand_set_coefficients", dict)
    if args.data is not None and args.data.exists():
        games = [json.loads(line) for line in args.data.read_text().splitlines() if line]
    else:
        jobs = [(args.variant, args.players, args.seed + i) for i in range(args.games)]
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                games = pool.map(play, jobs)
        else:  # in this process: no pool forked from a process that may hold threads
            games = [play(job) for job in jobs]
        if args.data is not None:
            args.data.write_text("".join(json.dumps(g) + "\n" for g in games))
    coefs, report = fit(games, hand_set())
    print("\n".join(report))
    print(f"# fitted by: python3 tools/fit_evaluation.py {args.variant} --players "
          f"{args.players} --games {len(games)} --seed {args.seed}")
    print("bot_fit:")
    for name, values in coefs.items():
        print(f"  {name}: [{', '.join(f'{v:.3f}' for v in values)}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
