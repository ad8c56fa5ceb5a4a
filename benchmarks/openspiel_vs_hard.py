"""Our Hard player against OpenSpiel's MCTS with random rollouts, through the bridge.

The balance lab plays the same match at any multiple of Hard's CPU and with up to four
players (``aztec-arcade balance VARIANT --bots hard,openspiel-mcts``, see docs/lab.md);
this script keeps the equal-CPU run of issue 19.

Not a test: a long run (tens of minutes per variant); run it at low priority::

    nice -n 19 python3 benchmarks/openspiel_vs_hard.py --variant mexica --games 20
    nice -n 19 python3 benchmarks/openspiel_vs_hard.py --variant tlatelolco-market

Two players, seats alternating (game i: seed SEED+i, Hard on seat i % 2). Hard searches
``--iterations`` per decision (300, as in the tournaments). OpenSpiel's ``MCTSBot`` (UCT,
``--uct-c``) decides every action of the other seat from a state sampled from that seat's
view (``game.bridges.openspiel.determinized``: it sees what the seat may know, not the bag or
the next draws), with random rollouts: OpenSpiel's own ``RandomRolloutEvaluator`` where
uniform random play ends a game (the Market, Aztlán), else rollouts cut after
``--cut`` actions and scored there (Mexica: ``CutRolloutEvaluator``).

Equal CPU per decision: before each MCTS decision the simulation count is set to Hard's
mean CPU time per decision that searched (so far) divided by MCTS's recent CPU time per
simulation (smoothed), so that MCTS spends about as much CPU per decision as Hard (Hard
plans a whole turn in one search and plays the plan's later steps for free; MCTS
searches every action, so per turn it gets more CPU, not less). The table shows both
means, and Hard's wins with a 95 % Wilson interval (a shared win counts 1/2).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.ai.arena import wilson  # noqa: E402
from game.api import new_game  # noqa: E402
from game.bridges import openspiel as bridge  # noqa: E402
from game.core.rng import Rng, mix_seed  # noqa: E402

#: engines whose uniform random play does not end a game: rollouts are cut
CUT_ENGINES = ("mexica", "mexica-neutral")


def play(variant: str, seed: int, hard_seat: int, args: argparse.Namespace,
         sims: list[int], rate: list[float], cpu: dict[str, list[float]]) -> dict:
    live = new_game(variant, 2, seed)
    game = pyspiel.load_game(bridge.register_variants()[variant],
                             {"players": 2, "seed": seed})
    hard = make_bot("hard", seed=mix_seed(seed, "bot", hard_seat),
                    iterations=args.iterations)
    rs = np.random.RandomState(seed % (2**32))
    if live.spec.engine_id in CUT_ENGINES:
        evaluator = bridge.CutRolloutEvaluator(args.cut, random_state=rs)
    else:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    limit = live.rules.playout_limit
    while not live.is_over and len(live.log) < limit:  # a game that loops is cut there
        seat = live.current_player
        legal = live.legal_actions()
        t0 = time.process_time()
        if seat == hard_seat:
            action = hard.choose(live.rules, live.view(seat), legal)
            if not hard.stats.get("reused") and not hard.stats.get("forced"):
                cpu["hard"].append(time.process_time() - t0)
        elif len(legal) == 1:
            action = legal[0]
        else:
            root = bridge.determinized(game, live.view(seat), seat,
                                       Rng(mix_seed(seed, "openspiel", len(live.log))),
                                       len(live.log))
            bot = mcts.MCTSBot(game, args.uct_c, sims[0], evaluator, solve=False,
                               random_state=rs)
            action = root.text(bot.step(root))
            spent = time.process_time() - t0
            cpu["openspiel"].append(spent)
            # CPU per simulation, smoothed; the next decision gets as many simulations as
            # fit in Hard's mean CPU per searched decision so far
            rate[0] = spent / sims[0] if rate[0] == 0 else 0.7 * rate[0] + 0.3 * spent / sims[0]
            if cpu["hard"]:
                sims[0] = max(2, round(statistics.fmean(cpu["hard"]) / rate[0]))
        live.apply(action)
    winners = live.winners
    return {"variant": variant, "seed": seed, "hard_seat": hard_seat,
            "scores": live.scores, "winners": winners, "length": len(live.log),
            "finished": live.is_over,
            "hard_won": (1 / len(winners)) if hard_seat in winners else 0.0,
            "sims_now": sims[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="mexica")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0,
                        help="index of the first game (to split a run over processes: "
                        "game i always has seed SEED+i and Hard on seat i %% 2)")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--sims", type=int, default=50, help="MCTS simulations to start")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--cut", type=int, default=50,
                        help="rollout length in games whose random play does not end")
    parser.add_argument("--out", default=None, help="append each game as a JSON line")
    args = parser.parse_args(argv)
    sims = [args.sims]
    rate = [0.0]  # MCTS CPU seconds per simulation (smoothed)
    cpu: dict[str, list[float]] = {"hard": [], "openspiel": []}
    won = 0.0
    cut = 0
    start = time.perf_counter()
    first, last = args.seed + args.start, args.seed + args.start + args.games - 1
    print(f"{args.variant}: Hard ({args.iterations} iterations) vs OpenSpiel MCTS, "
          f"{args.games} games, seeds {first}-{last}", flush=True)
    for i in range(args.start, args.start + args.games):
        record = play(args.variant, args.seed + i, i % 2, args, sims, rate, cpu)
        won += record["hard_won"]
        record["hard_cpu_mean"] = statistics.fmean(cpu["hard"]) if cpu["hard"] else 0.0
        record["openspiel_cpu_mean"] = statistics.fmean(cpu["openspiel"]) \
            if cpu["openspiel"] else 0.0
        result = {1.0: "won", 0.0: "lost"}.get(record["hard_won"], "shared")
        if not record["finished"]:
            result = f"- the game was cut after {record['length']} actions (not counted)"
            won -= record["hard_won"]
            cut += 1
        print(f"  game {i + 1:2d}: Hard on seat {record['hard_seat'] + 1}, scores "
              f"{record['scores']}, Hard {result}; "
              f"MCTS now {sims[0]} simulations; {time.perf_counter() - start:.0f} s",
              flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(record) + "\n")
    played = args.games - cut
    lo, hi = wilson(won, played)
    print(f"Hard won {won:g} of {played} finished games ({100 * won / max(1, played):.0f}%, "
          f"95% CI [{100 * lo:.0f}%, {100 * hi:.0f}%]); {cut} cut")
    print(f"CPU per decision: Hard {statistics.fmean(cpu['hard']):.3f} s (searched "
          f"decisions: {len(cpu['hard'])}), MCTS {statistics.fmean(cpu['openspiel']):.3f} s "
          f"({len(cpu['openspiel'])} decisions)")
    print(f"Time: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
