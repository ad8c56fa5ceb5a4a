"""Where the games of a balance run are played: this process, a pool of ``--jobs``
processes, or a Dask cluster (``--backend dask``, local or at a scheduler address).

Each game is an independent task (:func:`game.lab.play.play_task`); results come back in
whatever order the workers finish and are put back in task order, so the records do not
depend on the backend or the number of workers. Each record is handed on (``on_record``)
the moment its game ends, so that the caller can keep it even if the run stops later.

A local worker that dies (killed, out of memory) takes the pool down with it: every game
then in flight is lost, not wrong, and the same seed gives the same game, so the pool is
started afresh and the lost games are played again, each on its own so that a game that
kills its worker every time is found and named instead of stopping the run's others. The
distribution itself is the standard library's :mod:`concurrent.futures` or Dask's.
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import os
import sys
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from game.ai import lifeline
from game.core.errors import AztecArcadeError
from game.lab.plan import Task
from game.lab.play import play_task

#: how long to wait for a Dask scheduler to answer, in seconds
CONNECT_TIMEOUT = 20
#: how many times a game may end its worker while it plays alone before the run stops
MOST_LOSSES = 2

Done = Callable[[int, dict[str, Any]], None]


class WorkerLost(AztecArcadeError):
    """A game ended its worker process every time it was played."""


def run_tasks(tasks: Sequence[Task], jobs: int = 1, backend: str = "local",
              scheduler: str | None = None, progress: bool = True,
              client: Any = None, on_record: Callable[[dict[str, Any]], None] | None = None,
              already: int = 0) -> list[dict[str, Any]]:
    """Play every task; the records in task order. ``client`` is an existing Dask client
    (tests, notebooks); otherwise ``scheduler`` is an address or None for a local
    cluster of ``jobs`` worker processes. ``on_record`` gets each record as its game
    ends; ``already`` is how many games of the run were played before (the progress bar
    starts there)."""
    from tqdm import tqdm

    results: list[dict[str, Any] | None] = [None] * len(tasks)
    # games done, games per second (never inverted to s/game) and the time left
    layout = "{l_bar}{bar}| {n_fmt}/{total_fmt} games [{elapsed}<{remaining}, {rate_noinv_fmt}]"
    with tqdm(total=already + len(tasks), initial=already, unit="game", desc="balance",
              file=sys.stderr, disable=not progress, smoothing=0.05, dynamic_ncols=True,
              bar_format=layout) as bar:

        def done(k: int, record: dict[str, Any]) -> None:
            results[k] = record
            if on_record is not None:
                on_record(record)
            bar.update(1)

        if backend == "dask":
            _run_dask(tasks, jobs, scheduler, client, done)
        elif jobs <= 1:
            for k, task in enumerate(tasks):
                done(k, play_task(task))
        else:
            _Pool(tasks, jobs, done).run()
    return [r for r in results if r is not None]


class _Pool:
    """``jobs`` worker processes playing ``tasks``; at most two tasks per worker in
    flight, so that an error (or Ctrl+C) stops the run without playing the rest.

    When a worker dies, the games in flight are lost together (the pool cannot say whose
    worker died); they are played again one at a time, and a game whose worker dies while
    it plays alone is the one that killed it: after :data:`MOST_LOSSES` such deaths the
    run stops, naming it."""

    def __init__(self, tasks: Sequence[Task], jobs: int, done: Done) -> None:
        self.tasks, self.jobs, self.done = tasks, jobs, done
        self.tether: lifeline.Tether
        self.queue: deque[int] = deque(range(len(tasks)))
        #: games lost with a worker, to be played again one at a time
        self.alone: deque[int] = deque()
        self.deaths = [0] * len(tasks)
        self.losses = [0] * len(tasks)
        self.pending: dict[Future[dict[str, Any]], int] = {}
        self.solo = False
        self.probe: Future[int]
        self.pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        """A fresh pool, asked first for a trivial answer (:meth:`_check_started`)."""
        # "spawn": fresh interpreters, so a thread of the caller (a client, a test) holding
        # a lock at fork time cannot hang a worker; each loads the same plugins and settings.
        # the lifeline: the workers end with this process however it ends (kill -9 too),
        # as Hard's search processes do (:mod:`game.ai.lifeline`)
        self.tether = lifeline.Tether()
        pool = ProcessPoolExecutor(max_workers=self.jobs,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=lifeline.hold, initargs=(self.tether.line,))
        self.probe = pool.submit(os.getpid)
        return pool

    def _check_started(self) -> None:
        """The pool broke: if not even its first worker answered, the workers cannot start
        (a script that starts the lab without ``if __name__ == "__main__":``), which no
        game is to blame for."""
        wait([self.probe])
        if isinstance(self.probe.exception(), BrokenProcessPool):
            raise AztecArcadeError(
                "the worker processes for --jobs cannot start (a script that runs the lab "
                "needs 'if __name__ == \"__main__\":' around it); --jobs 1 plays in this "
                "process")

    def run(self) -> None:
        clean = False
        try:
            self._refill()
            while self.pending:
                finished, _ = wait(self.pending, return_when=FIRST_COMPLETED)
                lost = self._collect(finished)
                if lost:
                    lost += self._collect(wait(self.pending).done)
                    self._check_started()
                    self._recover(lost)
                self._refill()
            clean = True
        finally:
            _shutdown(self.pool, promptly=not clean)
            self.tether.cut()

    def _submit(self, k: int) -> None:
        self.pending[self.pool.submit(play_task, self.tasks[k])] = k

    def _refill(self) -> None:
        """Lost games first, each alone once the pool is idle; then the others."""
        if self.solo and self.pending:
            return
        self.solo = False
        if self.alone:
            if not self.pending:
                self.solo = True
                self._submit(self.alone.popleft())
            return
        while self.queue and len(self.pending) < 2 * self.jobs:
            self._submit(self.queue.popleft())

    def _collect(self, finished: set[Future[dict[str, Any]]]) -> list[int]:
        """Hand on the records of ``finished``; the tasks lost with a dead worker."""
        lost = []
        for future in sorted(finished, key=lambda f: self.pending[f]):
            k = self.pending.pop(future)
            try:
                record = future.result()
            except BrokenProcessPool:
                lost.append(k)
                continue
            self.done(k, record)
        return lost

    def _recover(self, lost: list[int]) -> None:
        """A worker died: count it against the lost games, start a fresh pool, play them
        again alone; stop when a game alone killed its worker too often."""
        for k in lost:
            self.deaths[k] += 1
            if self.solo:
                self.losses[k] += 1
        worst = max(lost, key=lambda k: self.losses[k])
        if self.losses[worst] >= MOST_LOSSES:
            task = self.tasks[worst]
            raise WorkerLost(
                f"{task.describe()} ended its worker process {self.deaths[worst]} times, "
                f"{self.losses[worst]} of them while it played alone: something killed the "
                "process (the system's out-of-memory killer, or another program); the "
                "same seed plays the same game, so it would again")
        _shutdown(self.pool, promptly=True)
        self.tether.cut()
        self.pool = self._start()
        self.solo = False
        self.alone.extend(sorted(lost))


def _shutdown(pool: ProcessPoolExecutor, promptly: bool) -> None:
    """Stop the pool; ``promptly`` (Ctrl+C, an error, a dead worker) ends the workers at
    once instead of letting them finish the games they hold."""
    if promptly:
        # the executor has no public way to end its workers before Python 3.14
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            if process.is_alive():
                process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def fingerprint(variants: Sequence[str]) -> str:
    """The program's version and the parameters of ``variants`` as installed here: a
    cluster worker with other rules would play other games."""
    import game
    from game.core.registry import get_registry

    registry = get_registry()
    params = {v: registry.variants[v].params if v in registry.variants else None
              for v in variants}
    text = json.dumps([game.__version__, params], sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _run_dask(tasks: Sequence[Task], jobs: int, scheduler: str | None, client: Any,
              done: Done) -> None:
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    own = client is None
    if own:
        if scheduler:
            try:
                client = Client(scheduler, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError, ValueError) as exc:
                raise AztecArcadeError(f"cannot reach the Dask scheduler at {scheduler} "
                                       f"({exc})") from None
        else:
            cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1,
                                   processes=True, host="127.0.0.1",
                                   dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster)
    try:
        variants = sorted({t.variant for t in tasks})
        mine = fingerprint(variants)
        theirs = client.run(fingerprint, variants)
        odd = sorted(worker for worker, value in theirs.items() if value != mine)
        if odd:
            raise AztecArcadeError(
                f"{len(odd)} Dask worker(s) ({', '.join(odd[:3])}) have another version of "
                "Aztec Arcade or other variant parameters; install the same version and "
                "plugins on every worker")
        futures = client.map(play_task, list(tasks), pure=False)
        index = {future.key: k for k, future in enumerate(futures)}
        for future in as_completed(futures):
            k = index[future.key]
            try:
                record = future.result()
            except Exception as exc:
                if type(exc).__name__ == "KilledWorker":  # Dask gave up on this game
                    raise WorkerLost(f"{tasks[k].describe()} ended every Dask worker that "
                                     f"played it ({exc})") from None
                raise
            done(k, record)
    finally:
        if own:
            client.close()
        if cluster is not None:
            cluster.close()
