"""Balance-lab benchmark: the speed-up of ``--jobs 2`` over one process.

Not a test: run it by hand on a machine as quiet as you can find (the target is for a
2-core machine; other work on the cores lowers the speed-up)::

    python3 benchmarks/lab.py                     # Mexica, Normal vs Easy, 3 rounds
    python3 benchmarks/lab.py --games 8 --repeat 5 --variant tlatelolco-market

Each round plays the same tournament with one process and with two (the order alternates
between rounds, so a burst of load elsewhere does not always hit the same side), checks
that both gave exactly the same records, and times the whole run, worker start-up
included. The table shows each round and the median speed-up against the target (1.8x).

On a busy machine the wall-clock speed-up says little: with the kernel's autogroup
scheduling (``/proc/sys/kernel/sched_autogroup_enabled``) all processes of one session
share one slice of the cores, so a second worker gains nothing while other sessions keep
both cores busy. The last column therefore also gives the CPU time the games took (this
process with one job; the workers, start-up included, with two) and the speed-up two
idle cores would give at that CPU cost if the games split evenly: 2 x CPU(1) / CPU(2).

With ``--kill`` each round also plays the run of several processes once more with one
worker killed (SIGKILL, the first time game 2 is played) and prints what the lost worker
cost: the time of that run against the undisturbed one (a fresh pool started, the games
it held played again, one at a time), with the records checked to be the same.

Exit code 0 even when the target is missed; read the PASS/MISS line.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from game.lab.plan import Task, make_plan  # noqa: E402
from game.lab.play import TEST_ENV  # noqa: E402
from game.lab.run import run_tasks  # noqa: E402
from game.lab.store import records_text  # noqa: E402

TARGET = 1.8


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="mexica")
    parser.add_argument("--bots", default="normal,easy")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--kill", action="store_true",
                        help="also time a run whose worker of game 2 is killed once")
    args = parser.parse_args(argv)
    plan = make_plan([args.variant], args.bots.split(","), None, args.games, 0,
                     args.iterations, None, [], [])
    tasks = plan.tasks()
    print(f"{args.variant}: {args.games} games of {args.bots}, 1 process vs {args.jobs} "
          f"(this machine has {os.cpu_count()} cores; load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())})")
    print(f"{'round':>5} {'1 process':>10} {f'{args.jobs} processes':>12} {'speed-up':>9} "
          f"{'CPU 1':>8} {f'CPU {args.jobs}':>8} {'idle-core projection':>21}")
    ups, projected, lost = [], [], []
    for r in range(args.repeat):
        times: dict[int, float] = {}
        texts: dict[int, str] = {}
        cpu: dict[int, float] = {}
        for jobs in ((1, args.jobs) if r % 2 == 0 else (args.jobs, 1)):
            before = _cpu()
            t0 = time.perf_counter()
            records = run_tasks(tasks, jobs=jobs, progress=False)
            times[jobs] = time.perf_counter() - t0
            cpu[jobs] = _cpu() - before
            texts[jobs] = records_text(records)
        if texts[1] != texts[args.jobs]:
            print("FAIL: the records differ between 1 and several processes")
            return 1
        ups.append(times[1] / times[args.jobs])
        projected.append(args.jobs * cpu[1] / cpu[args.jobs])
        print(f"{r + 1:5d} {times[1]:9.2f}s {times[args.jobs]:11.2f}s {ups[-1]:8.2f}x "
              f"{cpu[1]:7.1f}s {cpu[args.jobs]:7.1f}s {projected[-1]:20.2f}x")
        if args.kill:
            killed = _killed_run(tasks, args.jobs)
            if killed is None or killed[1] != texts[1]:
                print("FAIL: a killed worker changed the records (or was not killed)")
                return 1
            lost.append(killed[0] - times[args.jobs])
            print(f"      with a worker killed: {killed[0]:.2f}s ({lost[-1]:+.2f}s)")
    median = statistics.median(ups)
    verdict = "PASS" if median >= TARGET else "MISS"
    print(f"median speed-up {median:.2f}x (target >= {TARGET}x): {verdict}; load average "
          f"now {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"median idle-core projection from CPU time: {statistics.median(projected):.2f}x")
    if lost:
        print(f"median cost of a killed worker: {statistics.median(lost):+.2f}s")
    return 0


def _killed_run(tasks: list[Task], jobs: int) -> tuple[float, str] | None:
    """The run of ``jobs`` processes with game 2's worker killed the first time; its
    time and records (None if no worker was killed)."""
    with tempfile.TemporaryDirectory() as folder:
        marker = Path(folder) / "killed"
        os.environ[TEST_ENV] = f"kill 1 {marker}"
        try:
            t0 = time.perf_counter()
            records = run_tasks(tasks, jobs=jobs, progress=False)
            took = time.perf_counter() - t0
        finally:
            del os.environ[TEST_ENV]
        return (took, records_text(records)) if marker.exists() else None


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


if __name__ == "__main__":
    sys.exit(main())
