"""Hard: information-set Monte Carlo tree search (single observer, open loop).

Each iteration

1. **determinises**: samples a full state from the bot's view with the rules'
   ``determinize`` hook (hidden parts and the random generator are drawn afresh, so
   chance in the simulated future is sampled too, never the real one);
2. **selects** down one shared tree whose edges are moves (actions, or plans from the
   ``candidates`` hook), using only the moves legal in this determinisation; UCB1 counts
   how often a move was *available* rather than how often its parent was visited;
3. **expands** one new move, with progressive widening when a node has many moves.
   Near the root (``eval_order_depth``) moves are ordered best first by the evaluation
   right after them, and a new edge starts with ``prior_visits`` virtual visits at that
   value: with a few hundred iterations the noisy averages of replies would otherwise
   overrule the plain evaluation, and the search would play worse than Normal's greedy
   turn. Deeper down the playout policy picks the move to expand. The walk ends at the
   new move, so the leaves lie at every depth, some just after the seat's own move,
   some after its rivals' replies; with ``tree_rounds`` N it goes on, adding a move at
   each level, until it is N rounds (a move of every seat) below the root, so every
   iteration is scored at one horizon with the deciding seat to move again (measured
   in Mexica for three, docs/computer-players.md: no stronger there);
4. **simulates** with the playout policy for ``rollout_turns`` changes of the deciding
   seat, then scores every seat with the evaluation hook, through a logistic over
   ``reward_scale`` points (by default the variant's ``evaluation_scale``; a finished
   game: its result).
   ``rollout_policy`` picks the policy: ``random`` (the rules' ``playout_action``) or
   ``greedy`` (their ``greedy_playout_action``: rivals that play with some sense; a
   policy may answer with a whole plan, played at once); ``reward: pairwise``: a seat's
   share of the rivals it is ahead of (``seat_values``), not its lead over the best;
5. **backs up** each seat's reward in [0, 1] to the nodes where that seat chose
   (``backup: maxn``); ``backup: paranoid`` credits every rival's node with one minus the
   deciding seat's reward instead (the rivals play against it: with three or more seats
   a coalition, not each for itself).

Chance needs no special nodes: it lives in the sampled generator, so different
iterations see different draws under the same move sequence (an open-loop tree).

The budget is iterations (reproducible: tests and tournaments) or wall-clock seconds
(the client); with both, whichever runs out first. The answer is the most visited root
move; a plan's later steps are kept for the rest of the turn.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from game.ai.base import (
    Bot,
    Budget,
    advantage_and_reward,
    apply_plan,
    has_own_hook,
    reward,
    rewards,
    seat_view,
    split_plan,
    view_digest,
)
from game.ai.greedy import GreedyBot
from game.ai.options import check_workers, checked_options
from game.ai.policy import determinize
from game.ai.reuse import Kept, keep, resume, samples
from game.ai.roots import RootTotals, root_totals
from game.core.engine import PLAN_SEP, Rules
from game.core.facets import bot_hooks
from game.core.rng import Rng
from game.core.schema import BACKUPS, REWARDS, ROLLOUT_POLICIES

if TYPE_CHECKING:
    from game.ai.parallel import RootJob, RootPool


class Node:
    __slots__ = ("move", "player", "parent", "children", "visits", "total", "avail",
                 "moves", "moves_key", "ordered", "priors", "reused")

    def __init__(self, move: str | None, player: int | None, parent: Node | None) -> None:
        self.move = move
        self.player = player  # the seat that chose ``move`` to get here
        self.parent = parent
        self.children: dict[str, Node] = {}
        #: float: a new edge near the root starts with ``prior_visits`` virtual visits
        self.visits: float = 0
        self.total = 0.0
        self.avail = 0
        self.moves: list[str] | None = None  # cached candidates (with their view key)
        self.moves_key: str | None = None
        self.ordered = False
        #: near the root: each move's value right after it, for the seat that moves
        self.priors: dict[str, float] | None = None
        #: kept from the last decision (game.ai.reuse) and near the root now, though
        #: grown deeper down: its moves may want ordering and its edges their priors
        self.reused = False


class _Root(NamedTuple):
    """What the root of one search filters its moves by: the fresh legal actions, the
    deciding seat and its real position (plans that come back to it are dropped)."""

    legal: list[str]
    legal_set: set[str]
    seat: int
    first: Any
    looping: dict[str, bool]
    use_cache: bool


#: Hard's search settings where neither the variant file (``bot_search``, see
#: ``Rules.search_settings``) nor the bot's options say otherwise; rollout_turns None:
#: the number of players, or 0 for a variant with a ``candidates`` hook
SEARCH_DEFAULTS: dict[str, Any] = {"exploration": 0.7, "rollout_turns": None,
                                   "widening": 2.0, "max_rollout": 400,
                                   "eval_order_depth": 2, "prior_visits": 3.0,
                                   "rollout_policy": "random", "backup": "maxn",
                                   "tree_rounds": 0, "reward_scale": 0.0,
                                   "reward": "lead"}

def _backup(path: list[Node], rewards: dict[int, float]) -> None:
    """Each node on ``path`` is credited with the reward of the seat that moved into it."""
    for n in path:
        n.visits += 1
        if n.player is not None:
            n.total += rewards.get(n.player, 0.0)


class MCTSBot(Bot):
    level = "hard"

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 seconds: float | None = None, exploration: float | None = None,
                 rollout_turns: int | None = None, widening: float | None = None,
                 max_rollout: int | None = None, eval_order_depth: int | None = None,
                 prior_visits: float | None = None, rollout_policy: str | None = None,
                 backup: str | None = None, tree_rounds: int | None = None,
                 reward_scale: float | None = None, reward: str | None = None,
                 weights: dict[str, float] | None = None,
                 workers: int = 1, offload: bool = False, reuse: bool = False) -> None:
        super().__init__(seed, weights)
        check_workers(workers)
        #: processes the search is spread over (root parallel, see game.ai.parallel);
        #: this one counts, so 2 means one more process
        self.workers = workers
        #: grow every tree in other processes, none in this one: the client's frame
        #: thread then never waits for the interpreter while a computer player thinks
        self.offload = bool(offload)
        self._pool: RootPool | None = None
        #: seconds after their trees' deadline the last answers from the pool were back
        #: (see game.ai.parallel.margin)
        self.late = 0.0
        #: the pool is started by the deciding thread and closed by another (the window's)
        self._pool_lock = threading.Lock()
        self.budget = Budget(iterations, seconds)
        checked_options({"reuse": reuse})
        #: start each search from the last one's subtree where the view matches
        #: (game.ai.reuse; this process's tree only)
        self.reuse = reuse
        self._kept: Kept | None = None
        given = {"exploration": exploration, "rollout_turns": rollout_turns,
                 "widening": widening, "max_rollout": max_rollout,
                 "eval_order_depth": eval_order_depth, "prior_visits": prior_visits,
                 "rollout_policy": rollout_policy, "backup": backup,
                 "tree_rounds": tree_rounds, "reward_scale": reward_scale,
                 "reward": reward}
        #: the settings this bot was given (a lab sweep, a worker of a root-parallel
        #: search): they win over the variant file's for the level, within the same bounds
        self.given: dict[str, Any] = checked_options(
            {k: v for k, v in given.items() if v is not None})
        self.exploration = 0.0
        self.rollout_turns: int | None = None
        self.widening = 0.0
        self.max_rollout = 0
        self.eval_order_depth = 0
        self.prior_visits = 0.0
        self.rollout_policy = "random"
        self.backup = "maxn"
        self.tree_rounds = 0
        self.reward_scale = 0.0
        self.reward = "lead"
        #: during a search with ``backup: paranoid``: the deciding seat
        self._paranoid: int | None = None
        #: during a search: how many moves the root offered in the last iteration
        self._root_choices = 0
        self.settle(None)

    def settle(self, variant: Mapping[str, Any] | None) -> None:
        """The search settings of the next decision: :data:`SEARCH_DEFAULTS`, under the
        variant file's for this level (``Rules.search_settings``), under the bot's own."""
        s = {**SEARCH_DEFAULTS, **(variant or {}), **self.given}
        for name, choices in (("rollout_policy", ROLLOUT_POLICIES), ("backup", BACKUPS),
                              ("reward", REWARDS)):
            if s[name] not in choices:
                raise ValueError(f"{name} must be one of {', '.join(choices)}, "
                                 f"not {s[name]!r}")
        self.exploration = float(s["exploration"])
        self.rollout_turns = None if s["rollout_turns"] is None else int(s["rollout_turns"])
        self.widening = float(s["widening"])
        self.max_rollout = int(s["max_rollout"])
        self.eval_order_depth = int(s["eval_order_depth"])
        self.prior_visits = float(s["prior_visits"])
        self.rollout_policy = str(s["rollout_policy"])
        self.backup = str(s["backup"])
        self.tree_rounds = int(s["tree_rounds"])
        self.reward_scale = float(s["reward_scale"])
        self.reward = str(s["reward"])

    def describe(self) -> str:
        spread = f", {self.workers} processes" if self.workers > 1 else ""
        spread += ", in other processes" if self.offload else ""
        return f"hard ({self.budget.describe()}{spread})"

    # -- root parallel (game.ai.parallel) -----------------------------------------------
    def search_options(self) -> dict[str, Any]:
        """The settings another process's tree must search with (one tree each)."""
        return {"exploration": self.exploration, "rollout_turns": self.rollout_turns,
                "widening": self.widening, "max_rollout": self.max_rollout,
                "eval_order_depth": self.eval_order_depth,
                "prior_visits": self.prior_visits, "rollout_policy": self.rollout_policy,
                "backup": self.backup, "tree_rounds": self.tree_rounds,
                "reward_scale": self.reward_scale, "reward": self.reward}

    def root_pool(self, rules: Rules, processes: int) -> RootPool:
        """The pool of processes that grow the other trees (started on first use); none
        for a cancelled decision (:class:`game.ai.parallel.Cancelled`): a bot closed while
        its decision was starting would otherwise start processes nobody closes."""
        from game.ai.parallel import Cancelled, RootPool

        with self._pool_lock:
            if self.cancelled:
                raise Cancelled("the decision was cancelled")
            if self._pool is None:
                self._pool = RootPool(rules, processes, search_root)
            return self._pool

    def prepare(self, rules: Rules) -> None:
        """Start the processes of an offloaded or root-parallel search now, before the
        first decision, which would otherwise wait for them to start (a second or two)."""
        if self.workers > 1 or self.offload:
            from game.ai.parallel import Cancelled

            try:
                self.root_pool(rules, self.workers if self.offload else self.workers - 1
                               ).warm()
            except (Cancelled, RuntimeError):  # closed meanwhile: nothing to start
                pass

    def give_up_pool(self, error: BaseException) -> None:
        """Search in this process alone from now on (the pool failed: ``error``)."""
        self._close_pool()
        self.workers = 1
        self.offload = False
        self.stats["pool_error"] = f"{type(error).__name__}: {error}"

    def reset(self) -> None:
        super().reset()
        self._kept = None  # an undo: the kept tree is of a future taken back

    def close(self) -> None:
        """A bot that is no longer used: its decision, if any, is cancelled and returns at
        once, and the pool's processes end (mid-search too). Returns at once. It decides
        again (with a new pool) only once ``cancelled`` is cleared, as the client's
        worker does with each request."""
        self.cancelled = True
        self._kept = None
        self._close_pool()

    def _close_pool(self) -> None:
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    def decide(self, rules: Rules, view: dict[str, Any], legal: list[str],
               rng: Rng) -> tuple[list[str], Any]:
        seat = view["seat"]
        self.settle(bot_hooks(rules).search_settings(self.level))
        first = determinize(rules, view, seat, rng)
        if first is None:
            # Hidden information and no determinize hook: no state to search from.
            return self._greedy(rules, view, legal, rng)
        plans = self.search(rules, view, legal, seat, rng, first)
        return plans, first

    def _greedy(self, rules: Rules, view: dict[str, Any], legal: list[str],
                rng: Rng) -> tuple[list[str], Any]:
        """Normal's decision with Hard's weights: where no search can answer."""
        greedy = GreedyBot(self.seed)
        greedy.weights = self.weights  # Hard's own, on Normal's search
        return greedy.decide(rules, view, legal, rng)

    # -- the search --------------------------------------------------------------------
    def search(self, rules: Rules, view: dict[str, Any], legal: list[str], seat: int,
               rng: Rng, first: Any) -> list[str]:
        if not self.offload:  # offloaded, the trees' process leaves out the loops
            legal = self.fresh(rules, first, seat, legal) or legal
        if self.workers > 1 or self.offload:
            from game.ai.parallel import root_parallel

            totals = root_parallel(self, rules, view, legal, seat, rng, first)
            root = None
        else:
            root = self.grow(rules, view, legal, seat, rng, first, self.budget,
                             self._reused(rules, view))
            totals = root_totals(root)
        if not totals:
            if self.cancelled:  # (the answer is dropped)
                return [rng.choice(legal)]
            # no tree answered in time (an offloaded search whose process is still
            # starting): Normal's choice, made here, rather than a long wait
            self.stats["fallback"] = "normal"
            return self._greedy(rules, view, legal, rng)[0]
        move, (visits, total) = max(totals.items(),
                                    key=lambda kv: (kv[1][0], kv[1][1] / max(1, kv[1][0])))
        self.stats["value"] = total / max(1, visits)
        self.stats["visits"] = visits
        # every root move's visits, virtual ones included (more than the iterations and
        # the priors: a reused tree's)
        self.stats["root_visits"] = sum(v for v, _t in totals.values())
        self.stats["root_edges"] = len(totals)
        if self.reuse and root is not None:
            self._kept = keep(rules, root, move, samples(rules, view, seat, rng, first), seat)
        return split_plan(move)

    def _reused(self, rules: Rules, view: dict[str, Any]) -> Node | None:
        """The kept subtree's node at ``view`` (with ``reuse``), detached as a root."""
        kept, self._kept = self._kept, None
        node: Node | None = resume(rules, kept, view, self.eval_order_depth) \
            if self.reuse else None
        if node is not None:
            self.stats["reused_visits"] = node.visits
        return node

    def grow(self, rules: Rules, view: dict[str, Any], legal: list[str], seat: int,
             rng: Rng, first: Any, budget: Budget, root: Node | None = None) -> Node:
        """One search tree from ``first`` (then fresh samples of ``view``) under
        ``budget``, its root moves limited to ``legal``, grown on ``root`` if given (a
        subtree kept from the last decision, see game.ai.reuse); its root."""
        legal_set = set(legal)
        looping: dict[str, bool] = {}  # root plans that go round in circles
        use_cache = has_own_hook(rules, "candidates")
        rollout_turns = self.rollout_turns
        if rollout_turns is None:
            rollout_turns = 0 if use_cache else rules.players
        root = root or Node(None, None, None)
        self._root_choices = 0
        self._paranoid = seat if self.backup == "paranoid" else None
        budget.begin()
        sample = first
        depth_sum = 0
        at_root = _Root(legal, legal_set, seat, first, looping, use_cache)
        while budget.more() and not self.cancelled:
            state = rules.clone(sample) if budget.done == 0 else \
                determinize(rules, view, seat, rng)
            path = self._descend(rules, state, root, at_root, rng)
            depth_sum += len(path) - 1
            if not rules.is_over(state) and rollout_turns:
                self._rollout(rules, state, rng, rollout_turns)
            _backup(path, self._rewards(rules, state))
            budget.done += 1
            if use_cache and self._root_choices == 1:
                # one move at the root, and with a candidates hook the root's moves are
                # the same in every sample (cached by the seat's view, which every
                # sample shows): more iterations could only confirm it
                break
        self.stats.update(iterations=budget.done, root_moves=len(root.children),
                          depth=depth_sum / max(1, budget.done))
        return root

    def _rewards(self, rules: Rules, state: Any) -> dict[int, float]:
        """Each seat's reward for the nodes where it chose (``backup``)."""
        me = self._paranoid
        if me is None:
            return dict(enumerate(rewards(rules, state, self.weights, self.reward_scale,
                                          self.reward)))
        mine = reward(rules, state, me, self.weights, self.reward_scale, self.reward)
        return {p: mine if p == me else 1.0 - mine for p in range(rules.players)}

    def _descend(self, rules: Rules, state: Any, root: Node, at_root: _Root,
                 rng: Rng) -> list[Node]:
        """Selection and expansion: walk ``state`` down the tree from ``root`` (applying
        each chosen move) until a node is added (with ``tree_rounds``: until that many
        rounds below the root, adding a node at each level) or the game ends; the path
        walked."""
        node = root
        path = [root]
        deepest = self.tree_rounds * rules.players or -1
        while not rules.is_over(state) and len(path) - 1 != deepest:
            player = rules.current_player(state)
            if player is None:
                break
            moves = self._moves(rules, node, state, player, at_root.use_cache, len(path) - 1)
            if node is root:
                moves = [m for m in moves if split_plan(m)[0] in at_root.legal_set
                         and not self._plan_loops(rules, at_root.first, at_root.seat, m,
                                                  at_root.looping)] or at_root.legal
                self._root_choices = len(moves)
            if not moves:
                break
            child, expanded = self._step(rules, state, node, moves, player, rng)
            apply_plan(rules, state, split_plan(child.move or ""), player)
            node = child
            path.append(node)
            if expanded and not self.tree_rounds:
                break  # (with tree_rounds, every iteration is scored at that depth)
        return path

    def _step(self, rules: Rules, state: Any, node: Node, moves: list[str], player: int,
              rng: Rng) -> tuple[Node, bool]:
        """The child of ``node`` to follow among ``moves`` (progressive widening: a new
        one while the node may still grow); whether it was just added."""
        for m in moves:
            child = node.children.get(m)
            if child is not None:
                child.avail += 1
        untried = [m for m in moves if m not in node.children]
        allowed = len(moves) if len(moves) <= 12 else \
            max(2, int(self.widening * math.sqrt(node.visits + 1)))
        if not (untried and len(node.children) < allowed):
            chosen = self._select(node, moves)
            if chosen is not None:
                return chosen, False
        move = self._pick_untried(rules, state, untried, node.ordered, rng)
        return self._child(node, move, player), True

    def _plan_loops(self, rules: Rules, first: Any, seat: int, move: str,
                    memo: dict[str, bool]) -> bool:
        """Whether a root plan's later steps come back to a position (its first step is
        a fresh legal action already); memoised for the search."""
        if move not in memo:
            memo[move] = len(split_plan(move)) > 1 and self.loops(rules, first, seat, move)
        return memo[move]

    def _child(self, node: Node, move: str, player: int) -> Node:
        """A new edge; near the root it starts with ``prior_visits`` virtual visits at
        the value the move has right after it, so the search departs from the greedy
        choice only on the evidence of enough replies (a few noisy samples cannot)."""
        child = Node(move, player, node)
        child.avail = 1
        prior = node.priors.get(move) if node.priors else None
        if prior is not None and self.prior_visits > 0:
            child.visits = self.prior_visits
            child.total = prior * self.prior_visits
        node.children[move] = child
        return child

    def _moves(self, rules: Rules, node: Node, state: Any, player: int,
               use_cache: bool, depth: int) -> list[str]:
        near = depth < self.eval_order_depth
        if node.reused:
            node.reused = False
            if near and node.priors is None:  # as if it had been near when it grew
                node.moves = None
                moves = self._moves(rules, node, state, player, use_cache, depth)
                self._prime(node)
                return moves
        if use_cache:
            key = view_digest(seat_view(rules, state, player))
            if node.moves is not None and node.moves_key == key:
                return node.moves
            cands = bot_hooks(rules).candidates(state, player)
            moves = list(cands) if cands else rules.legal_actions(state)
            if near and len(moves) > 1:
                moves, node.priors = self._order(rules, state, player, moves)
            node.moves, node.moves_key, node.ordered = moves, key, bool(cands) or near
            return node.moves
        legal = rules.legal_actions(state)
        if not near or len(legal) < 2:
            node.ordered = False
            return legal
        if node.moves is None:
            # Ordered once, on the first sample that gets here: the mover's hidden parts
            # differ between samples, so a per-view cache would order again every time.
            node.moves, node.priors = self._order(rules, state, player, legal)
            node.ordered = True
            return node.moves
        allowed = set(legal)
        known = node.priors or {}
        return [m for m in node.moves if m in allowed] + [m for m in legal if m not in known]

    def _prime(self, node: Node) -> None:
        """The virtual visits a new edge near the root starts with (:meth:`_child`),
        given to the edges a reused node grew where they had none."""
        for move, child in node.children.items():
            prior = node.priors.get(move) if node.priors else None
            if prior is not None and self.prior_visits > 0:
                child.visits += self.prior_visits
                child.total += prior * self.prior_visits

    def _order(self, rules: Rules, state: Any, player: int,
               moves: list[str]) -> tuple[list[str], dict[str, float]]:
        """Moves best first by the evaluation right after them, with that value as a
        reward (near the root, where the order decides which few replies the search
        ever looks at)."""
        scored = []
        priors: dict[str, float] = {}
        for i, move in enumerate(moves):
            child = rules.clone(state)
            done = apply_plan(rules, child, split_plan(move), player)
            if not done:
                continue
            me = self._paranoid
            if me is None or me == player:
                value, priors[move] = advantage_and_reward(
                    rules, child, player, self.weights, self.reward_scale, self.reward)
            else:  # a rival of the paranoid search: what hurts the deciding seat most
                value, mine = advantage_and_reward(rules, child, me, self.weights,
                                                   self.reward_scale, self.reward)
                value, priors[move] = -value, 1.0 - mine
            scored.append((value - 1e-3 * len(done), -i, move))
        scored.sort(reverse=True)
        return [m for _v, _i, m in scored] or moves, priors

    def _playout_action(self, rules: Rules, state: Any, rng: Rng) -> str:
        """The rollout policy's move (``rollout_policy``)."""
        if self.rollout_policy == "greedy":
            return bot_hooks(rules).greedy_playout_action(state, rng)
        return bot_hooks(rules).playout_action(state, rng)

    def _pick_untried(self, rules: Rules, state: Any, untried: list[str], ordered: bool,
                      rng: Rng) -> str:
        if ordered:
            return untried[0]
        try:
            hint = self._playout_action(rules, state, rng)
        except Exception:  # noqa: BLE001 - a broken policy: pick at random
            hint = None
        if hint in untried:
            return hint
        return rng.choice(untried)

    def _select(self, node: Node, moves: list[str]) -> Node | None:
        best, best_score = None, -1.0
        c = self.exploration
        for m in moves:
            child = node.children.get(m)
            if child is None or child.visits == 0:
                continue
            score = child.total / child.visits + c * math.sqrt(
                math.log(max(1, child.avail)) / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _rollout(self, rules: Rules, state: Any, rng: Rng, turns: int) -> None:
        """The playout policy until the deciding seat has changed ``turns`` times."""
        changes = 0
        last = rules.current_player(state)
        for _ in range(self.max_rollout):
            if rules.is_over(state):
                return
            try:
                action = self._playout_action(rules, state, rng)
                if PLAN_SEP in action and last is not None:  # a whole plan (a turn)
                    if not apply_plan(rules, state, split_plan(action), last):
                        return
                else:
                    rules.apply(state, action)
            except Exception:  # noqa: BLE001 - a broken policy ends the rollout
                return
            now = rules.current_player(state)
            if now != last:
                changes += 1
                last = now
                if changes >= turns:
                    return


#: in a pool's process: the subtree its last job kept (``RootJob.keep``); a pool works
#: for one bot, so one is enough
_KEPT: list[Kept] = []


def search_root(job: RootJob, rules: Rules) -> tuple[RootTotals, int]:
    """A root-parallel worker's part (:data:`game.ai.parallel.Grow`): one tree grown for
    ``job`` with ``rules``, its root statistics and the iterations it took. Module-level,
    so the pool sends it to a spawned process by reference. With ``job.keep`` the tree
    starts from the subtree this process kept last time (where the view matches) and
    keeps the one below its own most visited move."""
    bot = MCTSBot(job.seed, iterations=job.iterations, seconds=job.seconds, **job.options)
    bot.budget.until = job.until
    bot.weights = job.weights
    bot.history.extend(job.history)
    rng = Rng(job.seed)
    first = determinize(rules, job.view, job.seat, rng)
    if first is None:
        return {}, 0
    legal = (bot.fresh(rules, first, job.seat, job.legal) or job.legal) if job.fresh \
        else job.legal
    kept = _KEPT.pop() if _KEPT else None
    start = resume(rules, kept, job.view, bot.eval_order_depth) if job.keep else None
    root = bot.grow(rules, job.view, legal, job.seat, rng, first, bot.budget, start)
    if job.keep and root.children:
        best = max(root.children.items(), key=lambda kv: kv[1].visits)[0]
        mine = keep(rules, root, best, samples(rules, job.view, job.seat, rng, first),
                    job.seat)
        if mine is not None:
            _KEPT.append(mine)
    return root_totals(root), bot.budget.done
