"""Where the games of a balance run are played: this process, a pool of ``--jobs``
processes, or a Dask cluster (``--backend dask``, local or at a scheduler address).

Each game is an independent task (:func:`game.lab.play.play_task`); results come back in
whatever order the workers finish and are put back in task order, so the records do not
depend on the backend or the number of workers. The distribution itself is the standard
library's :mod:`concurrent.futures` or Dask's: nothing home-made.
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from game.errors import AztecArcadeError
from game.lab.plan import Task
from game.lab.play import play_task

BACKENDS = ("local", "dask")
#: how long to wait for a Dask scheduler to answer, in seconds
CONNECT_TIMEOUT = 20


def run_tasks(tasks: Sequence[Task], jobs: int = 1, backend: str = "local",
              scheduler: str | None = None, progress: bool = True,
              client: Any = None) -> list[dict[str, Any]]:
    """Play every task; the records in task order. ``client`` is an existing Dask client
    (tests, notebooks); otherwise ``scheduler`` is an address or None for a local
    cluster of ``jobs`` worker processes."""
    from tqdm import tqdm

    results: list[dict[str, Any] | None] = [None] * len(tasks)
    # games done, games per second (never inverted to s/game) and the time left
    layout = "{l_bar}{bar}| {n_fmt}/{total_fmt} games [{elapsed}<{remaining}, {rate_noinv_fmt}]"
    with tqdm(total=len(tasks), unit="game", desc="balance", file=sys.stderr,
              disable=not progress, smoothing=0.05, dynamic_ncols=True,
              bar_format=layout) as bar:

        def done(k: int, record: dict[str, Any]) -> None:
            results[k] = record
            bar.update(1)

        if backend == "dask":
            _run_dask(tasks, jobs, scheduler, client, done)
        elif jobs <= 1:
            for k, task in enumerate(tasks):
                done(k, play_task(task))
        else:
            _run_pool(tasks, jobs, done)
    return [r for r in results if r is not None]


def _run_pool(tasks: Sequence[Task], jobs: int,
              done: Callable[[int, dict[str, Any]], None]) -> None:
    """``jobs`` worker processes; at most two tasks per worker in flight, so that an
    error (or Ctrl+C) stops the run without playing the rest."""
    pending: dict[Future[dict[str, Any]], int] = {}
    queue = iter(enumerate(tasks))
    # "spawn": fresh interpreters, so a thread of the caller (a client, a test) holding a
    # lock at fork time cannot hang a worker; each loads the same plugins and settings.
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(
        "spawn"))
    try:
        def refill() -> None:
            while len(pending) < 2 * jobs:
                item = next(queue, None)
                if item is None:
                    return
                pending[pool.submit(play_task, item[1])] = item[0]

        refill()
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                k = pending.pop(future)
                done(k, future.result())
            refill()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def fingerprint(variants: Sequence[str]) -> str:
    """The program's version and the parameters of ``variants`` as installed here: a
    cluster worker with other rules would play other games."""
    import game
    from game.plugins import get_registry

    registry = get_registry()
    params = {v: registry.variants[v].params if v in registry.variants else None
              for v in variants}
    text = json.dumps([game.__version__, params], sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _run_dask(tasks: Sequence[Task], jobs: int, scheduler: str | None, client: Any,
              done: Callable[[int, dict[str, Any]], None]) -> None:
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
            done(index[future.key], future.result())
    finally:
        if own:
            client.close()
        if cluster is not None:
            cluster.close()
