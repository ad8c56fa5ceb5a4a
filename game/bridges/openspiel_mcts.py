"""OpenSpiel's MCTS as a computer player: the balance lab's yardstick for Hard
(``aztec-arcade balance VARIANT --bots hard,openspiel-mcts``; the ``openspiel`` extra).

Fair to the other seats: every decision searches from a state sampled from the seat's own
view (:func:`game.bridges.openspiel.determinized`: the hidden parts and the generator
that decides future draws are drawn afresh), so the search never sees the bag, the face-down
cards or the next draw. It is OpenSpiel's UCT (``mcts.MCTSBot``, exploration ``uct_c``) with
random rollouts: OpenSpiel's own ``RandomRolloutEvaluator`` where uniform random play ends a
game, else rollouts cut after ``cut`` actions and scored there (Mexica, whose random play
does not end: :class:`~game.bridges.openspiel.CutRolloutEvaluator`).

**Its budget** is CPU time as a multiple of another level's at the same table, held over
the whole game (:class:`~game.bridges.budget.CpuBudget`): before each decision the
simulation count is set so that this player's CPU so far comes to ``cpu`` times the mean
CPU seconds of the reference level's (``of``, Hard) searched decisions so far, times this
player's decisions so far, at this player's own recent CPU seconds per simulation
(smoothed); one decision gets between a quarter and four times its plain share. Hard plans
a whole turn in one search and plays its later steps for free, while MCTS searches every
action, so per turn MCTS gets more than ``cpu`` times Hard's thinking, never less. Before
the reference level's first decision it runs ``start`` simulations; ``simulations`` fixes
the count instead (a game then depends on its seed alone, not on the machine's speed).
"""

from __future__ import annotations

import json
import time
from typing import Any

from game.lab.extras import require

require("openspiel", "OpenSpiel's MCTS player")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

from game.ai.arena import Table  # noqa: E402
from game.ai.base import Bot  # noqa: E402
from game.bridges.budget import CpuBudget  # noqa: E402
from game.bridges.openspiel import (  # noqa: E402
    AztecGame,
    CutRolloutEvaluator,
    determinized,
    register_variants,
)
from game.core.engine import Rules  # noqa: E402
from game.core.errors import AztecArcadeError  # noqa: E402
from game.core.registry import get_registry  # noqa: E402
from game.core.rng import Rng  # noqa: E402

#: engines whose uniform random play does not end a game: rollouts are cut
CUT_ENGINES = ("mexica", "mexica-neutral")


class OpenSpielMCTS(Bot):
    """OpenSpiel's UCT on determinized states, held to ``cpu`` times ``of``'s CPU."""

    level = "openspiel-mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 seconds: float | None = None, cpu: float = 10.0, of: str = "hard",
                 simulations: int | None = None, start: int = 50, uct_c: float = 2.0,
                 cut: int = 50, most: int = 200_000) -> None:
        super().__init__(seed)
        if not (isinstance(cpu, int | float) and cpu > 0):
            raise ValueError(f"cpu must be a number above 0, got {cpu!r}")
        for name, value in (("start", start), ("cut", cut), ("most", most)):
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
        if simulations is not None and (not isinstance(simulations, int) or simulations < 1):
            raise ValueError(f"simulations must be a whole number of at least 1, got "
                             f"{simulations!r}")
        self.cpu, self.of, self.simulations = float(cpu), of, simulations
        self.start, self.uct_c, self.cut, self.most = start, float(uct_c), cut, most
        self.pace = CpuBudget(self.cpu, start, most)
        self.table: Table | None = None
        self._game: AztecGame | None = None

    def sit(self, table: Table) -> None:
        """The game's table: its variant (the OpenSpiel game to search) and the CPU of
        the other seats' decisions (the budget)."""
        self.table = table
        register_variants()
        self._game = None

    def describe(self) -> str:
        budget = (f"{self.simulations} simulations" if self.simulations is not None else
                  f"{self.cpu:g}x {self.of}'s CPU")
        return f"openspiel-mcts ({budget})"

    def budget(self, seat: int) -> int:
        """Simulations for ``seat``'s next decision (see the module's docstring)."""
        if self.simulations is not None:
            return self.simulations
        if self.table is None:
            return self.start
        return self.pace.simulations(self.table.mean_cpu(self.of), self.table.cpu[seat])

    def game(self, rules: Rules) -> AztecGame:
        """The OpenSpiel game of this table's variant and options."""
        if self._game is None:
            if self.table is None:
                raise AztecArcadeError("OpenSpiel's MCTS plays at a table of the arena "
                                       "(game.ai.arena.play_match), which names the variant")
            name = register_variants()[self.table.variant]
            self._game = pyspiel.load_game(name, {
                "players": rules.players, "seed": 0,
                "options": json.dumps(self.table.options or {}, sort_keys=True)})
        return self._game

    def decide(self, rules: Rules, view: dict[str, Any], legal: list[str],
               rng: Rng) -> tuple[list[str], Any]:
        start = time.process_time()
        game = self.game(rules)
        seat = view["seat"]
        root = determinized(game, view, seat, rng)
        random_state = np.random.RandomState(rng.next64() % (2**32))
        engine = get_registry().spec(game.variant).engine_id
        evaluator: mcts.Evaluator = (
            CutRolloutEvaluator(self.cut, random_state=random_state)
            if engine in CUT_ENGINES else
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state))
        sims = self.budget(seat)
        search = mcts.MCTSBot(game, self.uct_c, sims, evaluator, solve=False,
                              random_state=random_state)
        action = root.text(search.step(root))
        # the whole decision (its sampled state too), as the table records it
        self.pace.measured(sims, time.process_time() - start)
        self.stats["simulations"] = sims
        return [action], None
