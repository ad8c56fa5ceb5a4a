"""Write ``tests/long_tests.json`` from the last run's test times.

Why: the suite starts its long tests first, from the times pytest's cache kept of the
last run, so that no long test is handed out last and the run ends on one core. A fresh
clone (CI) has no cache; it reads this file instead. Refresh it after a whole run when
long tests came or went::

    python3 tasks.py test && .venv/bin/python tools/long_tests.py

A stale file changes only the order the tests start in, never a result.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".pytest_cache" / "v" / "aztec-arcade" / "durations"
OUT = ROOT / "tests" / "long_tests.json"
#: the tests kept: those that took at least this long (seconds), as tests/conftest.py's LONG
LONG = 1.0


def main() -> int:
    try:
        times = json.loads(CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"no test times to read ({exc}): run the whole suite first", file=sys.stderr)
        return 1
    long = {k: round(float(v), 1) for k, v in sorted(times.items())
            if isinstance(v, int | float) and v >= LONG}
    OUT.write_text(json.dumps(long, indent=1) + "\n", encoding="utf-8")
    print(f"{len(long)} long tests written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
