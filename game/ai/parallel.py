"""Root-parallel Hard: one decision searched by several processes at once.

Python runs one search at a time per process (the GIL), so a Hard player given more
cores (``workers``: ``aztec-arcade play --jobs 2``, the lab's ``--bot-option
hard:workers=2``) grows an independent tree in each of them from the same view, each
with its own samples of what the seat cannot see, and adds up the root statistics: a
root move's visits and summed reward over all trees. That is *root parallelisation*
(Chaslot, Winands and van den Herik, 2008): the trees share nothing while they grow, so
the only traffic is the view out and a small table of root moves back, and more
determinisations are averaged, which is what an information-set search is short of.

This process grows one of the trees; ``workers - 1`` more run in a pool of spawned
processes (spawn, not fork: the client has a render thread, and a forked copy of a
threaded process may deadlock), started with the bot's first parallel decision and kept
for the next ones. Each holds its own rules object, built once from the rules' class,
parameters and player count.

Budgets: an iteration budget is the decision's total, split between the trees (so a
tournament at 300 iterations compares like with like), and every tree's samples come
from seeds drawn from the decision's generator, so a decision is the same for a seed and
a worker count. A time budget (the client) gives this process's tree the whole time and the
others a little less (:data:`GRACE`, or how late their answers were last time, see
:func:`margin`), so that their answers are back when it ends; answers
that are not back shortly after it (a pool still starting) are left out. If the pool cannot
be used (rules that cannot be sent to another process, a worker that died), the bot
says so in its stats and searches in this process alone from then on.

Lifetime: the processes end with this one, however it ends (:mod:`game.ai.lifeline`), and
with the bot: closing it (a game's window closing, a seat changing hands) cancels the
decision, which returns at once, and ends the processes mid-search. No wait here is one
that nothing can end: a decision waits for its trees, its time budget or its cancelling,
whichever comes first, so the interpreter never waits at exit on a search nobody wants.
"""

from __future__ import annotations

import multiprocessing
import time
import weakref
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from concurrent.futures.thread import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Protocol

from game.ai import lifeline
from game.ai.base import Budget
from game.ai.roots import Root, RootTotals, root_totals
from game.core.engine import Rules
from game.core.rng import Rng

#: seconds before the end of a time-budgeted decision that every tree stops, so that the
#: other processes' answers are back and merged within the budget
GRACE = 0.15
#: what a time-budgeted decision adds to how late its answers came back last time (the
#: answers' way back, on a busy machine or beside a slow frame thread) when it sets its
#: trees' deadline: they stop that much earlier, so the wait stays within the budget
SLACK = 0.05


def margin(seconds: float, late: float) -> float:
    """How long before the end of a ``seconds`` budget the trees stop: :data:`GRACE`, or
    more when the last answers came back ``late`` seconds after their trees stopped;
    never more than half the budget."""
    return min(seconds / 2, max(GRACE, late + SLACK))
#: seconds a pool's process may take to take a job (a start that hangs: the pool failed)
PATIENCE = 30.0
#: seconds an offloaded, time-budgeted decision waits past its budget for an answer (its
#: process may still be starting: a second or two on a busy machine, though the client
#: starts it when the seat gets its player); nothing back by then, Hard plays Normal's
#: choice, made in this process, rather than keep the table waiting
LATE = 0.25

_RULES: Rules | None = None  # the worker process's rules (see _start)


@dataclass(frozen=True)
class RootJob:
    """One tree to grow in a worker: the view, the root's moves and a budget."""

    view: dict[str, Any]
    legal: list[str]
    seat: int
    seed: int
    iterations: int | None
    seconds: float | None
    options: dict[str, Any]
    weights: dict[str, float] | None
    history: list[str]
    #: leave out the root moves that loop (:meth:`Bot.fresh`) here, not in the caller:
    #: an offloaded decision does none of its work in the window's process
    fresh: bool = False
    #: a time-budgeted decision: the moment (``time.time()``) its trees stop, counted
    #: from the decision's start, so the time a job takes to reach its process (a pool
    #: still starting, a busy machine) comes out of the budget instead of adding to it
    until: float | None = None
    #: start from the subtree the process kept from its last job of this bot and keep
    #: one for the next (Hard's ``reuse``, :mod:`game.ai.reuse`): only where that stays
    #: the same for a seed, a pool of one process, or where time decides anyway
    keep: bool = False


class Cancelled(Exception):
    """The decision was cancelled (or its bot closed) before its trees were handed out."""


def _start(cls: type[Rules], params: dict[str, Any], players: int,
           line: lifeline.Lifeline) -> None:
    """A worker process's initialiser: it ends with its parent, and searches with rules
    built once."""
    lifeline.hold(line)
    global _RULES
    _RULES = cls(params, players)


#: the worker side of a job: one tree grown for it with the worker's rules, its root
#: statistics and the iterations it took. A module-level function (the search passes
#: :func:`game.ai.mcts.search_root`), so that it pickles by reference into a spawned
#: process, and this module needs nothing of the search but its shape.
Grow = Callable[[RootJob, Rules], tuple[RootTotals, int]]


class Searcher(Protocol):
    """What the root-parallel search uses of the bot it searches for (Hard's)."""

    @property
    def workers(self) -> int: ...

    @property
    def offload(self) -> bool: ...

    @property
    def reuse(self) -> bool: ...

    @property
    def budget(self) -> Budget: ...

    @property
    def weights(self) -> dict[str, float] | None: ...

    @property
    def history(self) -> Iterable[str]: ...

    @property
    def stats(self) -> dict[str, Any]: ...

    @property
    def cancelled(self) -> bool: ...

    #: seconds after their trees' deadline the last time-budgeted answers were back
    #: (smoothed; see :func:`margin`)
    late: float

    @property
    def wake(self) -> Future[None]: ...

    def search_options(self) -> dict[str, Any]: ...

    def root_pool(self, rules: Rules, processes: int) -> RootPool: ...

    def give_up_pool(self, error: BaseException) -> None: ...

    def fresh(self, rules: Rules, state: Any, seat: int, legal: list[str]) -> list[str]: ...

    def close(self) -> None: ...

    def grow(self, rules: Rules, view: dict[str, Any], legal: list[str], seat: int,
             rng: Rng, first: Any, budget: Budget) -> Root: ...


def run_job(grow: Grow, job: RootJob) -> tuple[RootTotals, int]:
    """In a worker process: ``grow`` ``job`` with the rules built there (:func:`_start`)."""
    assert _RULES is not None, "a root-parallel worker without rules"
    return grow(job, _RULES)


def shares(iterations: int, workers: int) -> list[int]:
    """``iterations`` split between ``workers`` trees as evenly as whole numbers go."""
    base, extra = divmod(iterations, workers)
    return [base + (1 if k < extra else 0) for k in range(workers)]


def merge(tables: list[RootTotals]) -> RootTotals:
    """The trees' root statistics added up, move by move (first seen first)."""
    out: dict[str, tuple[float, float]] = {}
    for table in tables:
        for move, (visits, total) in table.items():
            v, t = out.get(move, (0.0, 0.0))
            out[move] = (v + visits, t + total)
    return out


class RootPool:
    """The processes that grow the other trees of a bot's decisions.

    Every process is started from one thread of the pool's own (``keeper``), which lives
    as long as the pool: a process started from the thread of a decision would be sent
    Linux's parent-death signal when that thread ends (:mod:`game.ai.lifeline`)."""

    def __init__(self, rules: Rules, processes: int, grow: Grow) -> None:
        #: what a worker does with a job (see :data:`Grow`)
        self.grow = grow
        context = multiprocessing.get_context("spawn")
        self.tether = lifeline.Tether()
        # ``__class__``: the client hands bots guarded rules whose class is the engine's
        self.executor = ProcessPoolExecutor(
            processes, mp_context=context, initializer=_start,
            initargs=(rules.__class__, rules.params, rules.players, self.tether.line))
        self.keeper = ThreadPoolExecutor(1, thread_name_prefix="hard-pool")
        self._finalizer = weakref.finalize(self, _stop, self.executor, self.keeper,
                                           self.tether)

    def warm(self) -> None:
        """Start the processes now (the executor starts them with its first job), so
        that a decision made later does not wait for them; returns at once."""
        self.keeper.submit(self.executor.submit, time.time)

    def submit(self, job: RootJob) -> Future[tuple[RootTotals, int]]:
        """``job`` handed to a process (started now if none is free), from the keeper."""
        handed = self.keeper.submit(self.executor.submit, run_job, self.grow, job)
        return handed.result(timeout=PATIENCE)  # a start that hangs: the pool failed

    def close(self) -> None:
        """Cancel what waits, end the processes (mid-search too); returns at once."""
        self._finalizer()


def _stop(executor: ProcessPoolExecutor, keeper: ThreadPoolExecutor,
          tether: lifeline.Tether) -> None:
    """No new work (what is queued is cancelled), then the lifeline cut: every process
    ends itself, and the executor's own thread, which the interpreter joins at exit, sees
    them end and stops waiting for their answers. Nothing here waits."""
    keeper.shutdown(wait=False, cancel_futures=True)
    executor.shutdown(wait=False, cancel_futures=True)
    tether.cut()


def root_parallel(bot: Searcher, rules: Rules, view: dict[str, Any], legal: list[str],
                  seat: int, rng: Rng, first: Any) -> RootTotals:
    """``bot``'s decision searched by ``bot.workers`` trees; the merged root. With
    ``bot.offload`` every tree grows in the pool and this process only waits (the wait
    leaves the interpreter to the client's frame thread). A cancelled decision returns
    at once, with what is back (nothing, offloaded)."""
    workers, offload = bot.workers, bot.offload
    seeds = [rng.next64() for _ in range(workers if offload else workers - 1)]
    budget = bot.budget
    split = shares(budget.iterations, workers) if budget.iterations is not None else None
    # the other trees stop a little early, so that their answers are back in time
    remote_seconds = None if budget.seconds is None else \
        max(0.05, budget.seconds - margin(budget.seconds, bot.late))
    until = None if remote_seconds is None else time.time() + remote_seconds
    try:
        futures = _hand_out(bot, rules, seeds, RootJob(
            view, list(legal), seat, 0, None, remote_seconds, bot.search_options(),
            bot.weights, list(bot.history), offload, until,
            bot.reuse and (len(seeds) == 1 or budget.iterations is None)),
            (split if offload else split[1:]) if split else None)
    except Exception as exc:  # noqa: BLE001 - no pool: this process searches alone
        if isinstance(exc, Cancelled) or bot.cancelled:  # (closed while handing out)
            return {}
        bot.give_up_pool(exc)
        if offload:  # the loops were to be left out in the pool's process
            legal = bot.fresh(rules, first, seat, legal) or legal
        return _local_totals(bot, rules, view, legal, seat, rng, first, budget.iterations)
    start = time.perf_counter()
    try:
        tables = [] if offload else [_local_totals(bot, rules, view, legal, seat, rng,
                                                   first, split[0] if split else None,
                                                   remote_seconds)]
        local_iterations = 0 if offload else int(bot.stats.get("iterations", 0))
        done = _answers(bot, futures, start, offload)
        if until is not None and done and not bot.cancelled:
            _note_late(bot, time.time() - until, budget.seconds or 0.0)
    except BaseException:  # Ctrl+C in a tool: no process searches on, nothing waits
        bot.close()
        raise
    others = 0
    for future in futures:  # in submission order: the merge is the same every time
        if future not in done:
            continue
        try:
            table, iterations = future.result()
        except BrokenProcessPool as exc:
            if not bot.cancelled:  # closing the bot ends its processes: not a failure
                bot.give_up_pool(exc)
            continue
        except Exception as exc:  # noqa: BLE001 - a tree that failed (or was cancelled
            # by closing the bot) is left out; this process's tree still answers
            bot.stats["tree_error"] = f"{type(exc).__name__}: {exc}"
            continue
        tables.append(table)
        others += iterations
    bot.stats.update(iterations=local_iterations + others, trees=len(tables))
    return merge(tables)


def _note_late(bot: Searcher, late: float, seconds: float) -> None:
    """How long after their deadline the answers were here (see :func:`margin`), kept
    smoothed; an answer later than a whole budget waited for a process to start, which
    says nothing of the way back, and is not counted."""
    if late <= seconds:
        late = max(0.0, late)
        bot.late = late if bot.late <= 0 else (bot.late + late) / 2


def _hand_out(bot: Searcher, rules: Rules, seeds: list[int], job: RootJob,
              split: list[int] | None) -> list[Future[tuple[RootTotals, int]]]:
    """``job`` to the pool once per seed (with its share of the iterations)."""
    pool = bot.root_pool(rules, len(seeds))
    return [pool.submit(replace(job, seed=seed, iterations=split[k] if split else None))
            for k, seed in enumerate(seeds)]


def _answers(bot: Searcher, futures: list[Future[tuple[RootTotals, int]]], start: float,
             offload: bool) -> set[Future[tuple[RootTotals, int]]]:
    """The trees whose answers are back in time: a decision keeps its time budget (a
    late tree is left out), except that an offloaded decision, which has no tree of its
    own, waits for its first answer up to :data:`LATE` more. Cancelling the decision
    ends every wait at once."""
    wake = bot.wake
    deadline = None if bot.budget.seconds is None else start + bot.budget.seconds
    done = _until(futures, wake, deadline, every=True)
    if offload and not done and not wake.done():
        done = _until(futures, wake, time.perf_counter() + LATE, every=False)
        if not done:  # the search answers with Normal's choice instead (MCTSBot.search)
            bot.stats["tree_error"] = f"no answer within {LATE:g} s past the budget"
    return done


def _until(futures: list[Future[tuple[RootTotals, int]]], wake: Future[None],
           deadline: float | None, every: bool) -> set[Future[tuple[RootTotals, int]]]:
    """The futures done once all of them are (``every``; else once one is), ``wake`` is
    done or ``deadline`` (``time.perf_counter``) has passed, whichever comes first."""
    pending: set[Future[Any]] = set(futures)
    while pending and not wake.done():
        timeout = None if deadline is None else max(0.0, deadline - time.perf_counter())
        finished = wait(pending | {wake}, timeout, FIRST_COMPLETED).done - {wake}
        pending -= finished
        if not finished and (deadline is None or time.perf_counter() >= deadline):
            break
        if finished and not every:
            break
    return {f for f in futures if f not in pending}


def _local_totals(bot: Searcher, rules: Rules, view: dict[str, Any], legal: list[str],
                  seat: int, rng: Rng, first: Any, iterations: int | None,
                  seconds: float | None = None) -> RootTotals:
    """This process's tree: its share of the iterations, or its time (``seconds``, by
    default the bot's whole budget)."""
    budget = Budget(iterations, bot.budget.seconds if seconds is None else seconds)
    return root_totals(bot.grow(rules, view, legal, seat, rng, first, budget))
