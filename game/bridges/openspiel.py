"""Every registered variant, mods included, as an OpenSpiel game (the ``openspiel`` extra).

>>> import pyspiel
>>> from game.bridges.openspiel import register_variants
>>> names = register_variants()            # {"mexica": "aztec_arcade_mexica", ...}
>>> game = pyspiel.load_game(names["tlatelolco-market"], {"players": 3, "seed": 7})
>>> state = game.new_initial_state()
>>> state.legal_actions()[:3], state.action_to_string(state.legal_actions()[0])

**Actions.** OpenSpiel numbers actions ``0 .. num_distinct_actions - 1``, fixed per game,
and an algorithm may carry what it learnt about action 17 from one state to another, so
action 17 must mean the same move in every state. An index into a state's legal actions
would not. The bridge numbers an action by its position in the engine's
``Rules.action_vocabulary()``: every action text the rules can ever list, built from the
board and parameters alone (Mexica: 75,505 on the published board, most of them bridge
relocations; the Market: 219; Aztlán: 754). The same text always has the same number, in
every state, process and run. An engine without a vocabulary (a mod that offers none)
gets a hashed space instead: an action's number is its text's BLAKE2b digest modulo
2**31 - 1. That too is stable, and two legal actions of one state that hash alike (for
the small action lists of a typical mod, about L**2 / 4e9 per state) raise an error
naming both rather than merging them.

**Returns**, at the end only (OpenSpiel's terminal reward model): with ``utility="win"``
(the default), ``n/(n-1) * (share - 1/n)`` where a winner's share is 1/k for k winners
and a loser's 0: +1 / -1 / 0 for a win, a loss and a tie with two players, zero-sum for
any number. With ``utility="score"``, the seat's points minus the mean of all seats'
points (zero-sum; the declared bounds of +-10,000 are a convention, not a tight bound).
A game cut at ``max_length`` actions (default: the engine's playout limit) ends as if it
were scored there: the highest scores share the win.

**Chance and hidden information.** An engine that declares a ``game_type`` (what it
hides, whether it draws at random) is taken at its word: ``chance="none"`` is
``DETERMINISTIC``, anything else ``SAMPLED_STOCHASTIC`` (setup and draws come from the
``seed`` parameter through a generator inside the state, so there are no explicit chance
nodes). Hidden information is also probed when a variant is registered (a seeded playout
whose views are searched for ``{"hidden": n}``), and either the declaration or the probe
makes it ``IMPERFECT_INFORMATION``. Every built-in variant hides something: Mexica the
calpulli tokens set aside for period 2, the Market the bag, Aztlán the face-down power
cards and the prosperity deck. ``observation_string(seat)`` is exactly what that seat
may know, ``Game.view(seat)`` as JSON; no information-state string is declared, since a
view is not a perfect-recall history.

But the OpenSpiel *state* is the whole game: the hidden parts and the generator that will
decide future draws. An algorithm that clones states and looks ahead (MCTS) therefore
sees what no player could, including the next draws. For play that is fair to the other
seats, start each decision from :func:`determinized`, a state sampled from the seat's
view with the engine's ``determinize`` hook (hidden parts and the generator drawn afresh),
as the built-in Hard player does for every iteration.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game.lab.extras import require

require("openspiel", "game.bridges.openspiel (the OpenSpiel bridge)")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

from game.ai.policy import determinize  # noqa: E402
from game.core.engine import Rules  # noqa: E402
from game.core.errors import AztecArcadeError  # noqa: E402
from game.core.facets import bot_hooks, has_hidden  # noqa: E402
from game.core.registry import get_registry  # noqa: E402
from game.core.rng import Rng  # noqa: E402

PREFIX = "aztec_arcade_"
HASH_SPACE = 2**31 - 1
SCORE_BOUND = 10_000.0
UTILITIES = ("win", "score")
#: OpenSpiel's "nobody moves: the game is over" (pyspiel has no types: Any to mypy)
TERMINAL: int = pyspiel.PlayerId.TERMINAL
#: actions of the registration probe that looks for hidden information
PROBE_ACTIONS = 400

_registered: dict[str, str] = {}
#: hashed action numbers a codec keeps (see ``Codec.number``)
HASHES_KEPT = 50_000


def short_name(variant: str) -> str:
    """OpenSpiel's name: ``mexica-2p-neutral`` -> ``aztec_arcade_mexica_2p_neutral``."""
    return PREFIX + "".join(ch if ch.isalnum() else "_" for ch in variant)


# ---------------------------------------------------------------------------------------
# action numbers
# ---------------------------------------------------------------------------------------
class Codec:
    """Action text <-> number for one rules object (see the module docstring)."""

    def __init__(self, rules: Rules, variant: str) -> None:
        self.variant = variant
        vocabulary = rules.action_vocabulary()
        self.texts: list[str] | None = None
        self.numbers: dict[str, int] = {}
        if vocabulary is not None:
            self.texts = list(vocabulary)
            self.numbers = {text: i for i, text in enumerate(self.texts)}
            if len(self.numbers) != len(self.texts):
                raise AztecArcadeError(f"{variant}: the engine's action vocabulary lists an "
                                       "action twice")

    @property
    def size(self) -> int:
        return len(self.texts) if self.texts is not None else HASH_SPACE

    @property
    def hashed(self) -> bool:
        return self.texts is None

    def number(self, text: str) -> int:
        if self.texts is None:
            # a hashed number is kept in ``numbers``: states list the same texts again
            # and again, and a hash costs more than the rest of the lookup
            found = self.numbers.get(text)
            if found is None:
                if len(self.numbers) >= HASHES_KEPT:
                    self.numbers.clear()
                digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
                found = self.numbers[text] = int.from_bytes(digest, "big") % HASH_SPACE
            return found
        try:
            return self.numbers[text]
        except KeyError:
            raise AztecArcadeError(f"{self.variant}: the legal action {text!r} is missing "
                                   "from the engine's action_vocabulary()") from None

    def legal(self, texts: list[str]) -> dict[int, str]:
        """Number -> text for a state's legal actions; two texts on one number (only
        possible when hashed) are an error, never merged."""
        out: dict[int, str] = {}
        for text in texts:
            n = self.number(text)
            if n in out:
                raise AztecArcadeError(f"{self.variant}: the actions {out[n]!r} and {text!r} "
                                       f"hash to the same number {n}; give the engine an "
                                       "action_vocabulary()")
            out[n] = text
        return out


# ---------------------------------------------------------------------------------------
# the game and its states
# ---------------------------------------------------------------------------------------
class _Core:
    """What a state holds. OpenSpiel clones a Python state by deep-copying its attributes;
    this object copies only the engine state and shares the rules and the codec."""

    __slots__ = ("rules", "codec", "state", "length", "max_length", "utility", "_legal")

    def __init__(self, rules: Rules, codec: Codec, state: Any, length: int,
                 max_length: int, utility: str) -> None:
        self.rules, self.codec, self.state = rules, codec, state
        self.length, self.max_length, self.utility = length, max_length, utility
        self._legal: dict[int, str] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(self.rules, self.codec, self.rules.clone(self.state), self.length,
                     self.max_length, self.utility)

    def over(self) -> bool:
        return self.rules.is_over(self.state) or self.length >= self.max_length

    def legal(self) -> dict[int, str]:
        if self._legal is None:
            self._legal = {} if self.over() else self.codec.legal(
                self.rules.legal_actions(self.state))
        return self._legal

    def apply(self, number: int) -> None:
        text = self.legal().get(number)
        if text is None:
            raise ValueError(f"action {number} is not legal here")
        self.rules.apply(self.state, text)
        self.length += 1
        self._legal = None

    def returns(self) -> list[float]:
        """The returns as if the game ended now (the real ones once it is over)."""
        rules, state = self.rules, self.state
        scores = [float(s) for s in rules.scores(state)]
        n = len(scores)
        if self.utility == "score":
            avg = sum(scores) / n
            return [s - avg for s in scores]
        if rules.is_over(state):
            winners = list(rules.winners(state))
        else:
            best = max(scores)
            winners = [i for i, s in enumerate(scores) if s == best]
        share = [1.0 / len(winners) if i in winners else 0.0 for i in range(n)]
        if n == 1:
            return share
        return [n / (n - 1) * (x - 1.0 / n) for x in share]


class AztecState(pyspiel.State):
    """One position; the engine state lives in ``_core`` (built on first use, so that
    OpenSpiel's clone, which starts from a new initial state, pays nothing for it)."""

    def __init__(self, game: AztecGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self._core = core

    @property
    def core(self) -> _Core:
        if self._core is None:
            self._core = self.get_game().fresh_core()
        return self._core

    def current_player(self) -> int:
        core = self.core
        if core.over():
            return TERMINAL
        seat = core.rules.current_player(core.state)
        return TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.core.legal())

    def _apply_action(self, action: int) -> None:
        self.core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        core = self.core
        if core.codec.texts is not None and 0 <= action < len(core.codec.texts):
            return core.codec.texts[action]
        return core.legal().get(action, f"#{action}")

    def is_terminal(self) -> bool:
        return self.core.over()

    def returns(self) -> list[float]:
        core = self.core
        return core.returns() if core.over() else [0.0] * core.rules.players

    def provisional_returns(self) -> list[float]:
        """The returns if the game were scored now (for rollouts cut short)."""
        return self.core.returns()

    def text(self, action: int) -> str:
        """The action's text in this state's notation."""
        return self._action_to_string(self.current_player(), action)

    def number(self, text: str) -> int:
        return self.core.codec.number(text)

    def view(self, seat: int | None) -> dict[str, Any]:
        core = self.core
        data = core.rules.view(core.state, seat)
        data["seat"] = seat
        return data

    def __str__(self) -> str:
        return json.dumps(self.view(None), sort_keys=True, default=str)


class ViewObserver:
    """``observation_string(seat)``: the seat's view as JSON. No tensor is offered."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: AztecState, player: int) -> None:
        return None

    def string_from(self, state: AztecState, player: int) -> str:
        return json.dumps(state.view(player), sort_keys=True, default=str)


class AztecGame(pyspiel.Game):
    """A variant with game parameters ``players``, ``seed``, ``utility`` ("win" or
    "score"), ``max_length`` (0: the engine's playout limit) and ``options`` (a JSON
    object overriding the variant's parameters, as ``new_game``'s options)."""

    variant: str = ""
    game_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = get_registry().spec(self.variant)
        players = int(params.get("players", spec.min_players))
        options = json.loads(params.get("options") or "{}") or None
        utility = str(params.get("utility", "win"))
        if utility not in UTILITIES:
            raise ValueError(f"utility must be one of {', '.join(UTILITIES)}, not {utility!r}")
        _spec, rules = get_registry().make_rules(self.variant, players, options)
        self.rules, self.seed, self.utility = rules, int(params.get("seed", 0)), utility
        self.max_length = int(params.get("max_length", 0)) or rules.playout_limit
        self.codec = Codec(rules, self.variant)
        bound = SCORE_BOUND if utility == "score" else 1.0
        low = -bound if utility == "score" else (-1.0 / (players - 1) if players > 1 else 0.0)
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.size, max_chance_outcomes=0,
                                num_players=players, min_utility=low, max_utility=bound,
                                utility_sum=0.0 if players > 1 else None,
                                max_game_length=self.max_length)
        super().__init__(self.game_type, info, params)

    def fresh_core(self, state: Any = None, length: int = 0) -> _Core:
        rules = self.rules
        return _Core(rules, self.codec, rules.new_state(self.seed) if state is None else state,
                     length, self.max_length, self.utility)

    def new_initial_state(self, *args: Any) -> AztecState:
        return AztecState(self)

    def state_from(self, engine_state: Any, length: int = 0) -> AztecState:
        """A bridge state around a copy of an engine state (e.g. a live game's)."""
        return AztecState(self, self.fresh_core(self.rules.clone(engine_state), length))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver()


def determinized(game: AztecGame, view: dict[str, Any], seat: int, rng: Rng,
                 length: int = 0) -> AztecState:
    """A state sampled from what ``seat`` may know (``Game.view(seat)``): the hidden parts
    and the generator drawn afresh by the engine's ``determinize`` hook. Searching from it
    is fair to the other seats."""
    state = determinize(game.rules, view, seat, rng)
    if state is None:
        raise AztecArcadeError(f"{game.variant}: the engine cannot sample a state from a view")
    return AztecState(game, game.fresh_core(state, length))


# ---------------------------------------------------------------------------------------
# registration
# ---------------------------------------------------------------------------------------
def hides_something(variant: str, players: int) -> bool:
    """Whether any seat's view of a seeded playout holds ``{"hidden": n}``."""
    _spec, rules = get_registry().make_rules(variant, players)
    state = rules.new_state(0)
    rng = Rng(0)
    for _ in range(PROBE_ACTIONS):
        for seat in range(players):
            if has_hidden(rules.view(state, seat)):
                return True
        if rules.is_over(state):
            break
        rules.apply(state, bot_hooks(rules).playout_action(state, rng))
    return False


def register_variants() -> dict[str, str]:
    """Register every variant of the registry (built-in and mods) with OpenSpiel, once;
    returns variant id -> OpenSpiel short name."""
    registry = get_registry()
    for spec in registry.variants.values():
        if spec.id in _registered:
            continue
        engine = registry.engine(spec.engine_id)
        # the engine's own declaration where it makes one (Rules.game_type)
        declared = engine.game_type
        hidden = declared.information == "imperfect" or \
            hides_something(spec.id, spec.min_players)
        chance = (pyspiel.GameType.ChanceMode.DETERMINISTIC
                  if declared.chance == "none" else
                  pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC)
        game_type = pyspiel.GameType(
            short_name=short_name(spec.id),
            long_name=f"Aztec Arcade: {spec.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=chance,
            information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden else
                         pyspiel.GameType.Information.PERFECT_INFORMATION),
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=False,
            parameter_specification={"players": spec.min_players, "seed": 0,
                                     "utility": "win", "max_length": 0,
                                     "options": ""})
        cls = type(f"AztecGame_{short_name(spec.id)}", (AztecGame,),
                   {"variant": spec.id, "game_type": game_type, "engine": engine})
        pyspiel.register_game(game_type, cls)
        _registered[spec.id] = short_name(spec.id)
    return {v: n for v, n in _registered.items() if v in registry.variants}


# ---------------------------------------------------------------------------------------
# rollouts for games whose random play does not end
# ---------------------------------------------------------------------------------------
class CutRolloutEvaluator(mcts.Evaluator):
    """OpenSpiel's random rollouts (uniform over the legal actions), cut after
    ``max_length`` actions and then scored as if the game ended there
    (:meth:`AztecState.provisional_returns`). Uniform random play in Mexica does not end
    a game in 20,000 actions, so uncut rollouts would never return."""

    def __init__(self, max_length: int, n_rollouts: int = 1,
                 random_state: np.random.RandomState | None = None) -> None:
        self.max_length = max_length
        self.n_rollouts = n_rollouts
        self.random_state = random_state or np.random.RandomState()

    def evaluate(self, state: AztecState) -> np.ndarray:
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            working = state.clone()
            for _step in range(self.max_length):
                if working.is_terminal():
                    break
                working.apply_action(self.random_state.choice(working.legal_actions()))
            result = np.array(working.returns() if working.is_terminal()
                              else working.provisional_returns())
            total = total + result
        return total / self.n_rollouts

    def prior(self, state: AztecState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
