"""Peak memory of loading, validating and ``-o`` for every hostile input of issue 13, and
of the client over a long evening of play.

Not a test: run it by hand::

    .venv/bin/python benchmarks/memory.py            # every case, about a minute
    .venv/bin/python benchmarks/memory.py --case NAME
    .venv/bin/python benchmarks/memory.py --client   # the client, about 10 minutes
    .venv/bin/python benchmarks/memory.py --client --quick   # a few minutes
    .venv/bin/python benchmarks/memory.py --client --full    # two hours of play

``--client`` (:mod:`benchmarks.client_memory`) plays the real client without the clock's
sleep (:mod:`benchmarks.longplay`: all four games, computers and hints, scorings, menus,
resizes) and prints its memory at checkpoints, the growth per 10,000 frames over the
second half and what that makes of a two-hour game (432,000 frames) against 200 MB.

Each case runs in a fresh Python process (this script with ``--run NAME``), with its own
empty user folder and an address-space limit of ``LIMIT_MB`` so that a regression is an
error in one child, not a machine out of memory. The child reports its peak resident set
size (``ru_maxrss``: the whole interpreter, imports included, not just the case) and what
happened; the table shows each against the target of ``TARGET_MB`` and the worst case.
Exit code 0 even when a target is missed; read the PASS/MISS column.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

#: The issue's promise for any single load, validate or -o.
TARGET_MB = 200
#: Address space of a child; a case that needs more fails instead of swapping.
LIMIT_MB = 3000
HUGE = "9" * 5000
CASES: dict[str, Callable[[Path], str]] = {}


def case(fn: Callable[[Path], str]) -> Callable[[Path], str]:
    CASES[fn.__name__.replace("_", "-")] = fn
    return fn


def cli(*argv: str) -> str:
    """Run the command line in this process; its exit code and last line of stderr."""
    from game.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    lines = err.getvalue().strip().splitlines() or out.getvalue().strip().splitlines()
    return f"exit {code}: {(lines or [''])[-1].strip()[:90]}"


def refused(fn: Callable[[], object]) -> str:
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the outcome is what is reported
        return f"{type(exc).__name__}: {str(exc).splitlines()[-1].strip()[:90]}"
    return "accepted"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def settings_folder(home: Path, folder: Path) -> None:
    write(home / "settings.yaml", f"plugin_folder: {folder}\n")


# -- the cases --------------------------------------------------------------------------
@case
def baseline(home: Path) -> str:
    import game.api  # noqa: F401

    return "import game.api"


@case
def save_count_1e9(home: Path) -> str:
    from game.api import load_game, new_game

    data = json.loads(new_game("aztlan", 3, seed=1).to_json())
    data["params"]["prosperity_cards"][0]["count"] = 10**9
    return refused(lambda: load_game(json.dumps(data)))


@case
def validate_count_1e9(home: Path) -> str:
    path = write(home / "big.yaml", "id: big\nextends: mexica\nparameters:\n"
                 "  calpulli_tokens:\n    - {size: 1, count: 1000000000, founder: 1, "
                 "presence: 1, places: [1]}\n")
    return cli("validate", str(path))


@case
def option_tokens_1e9(home: Path) -> str:
    return cli("play", "--seed", "1", "-o", "calpulli_tokens=[{size: 1, count: 1000000000, "
               "founder: 1, presence: 1, places: [1]}]")


@case
def option_unfounded_1e9(home: Path) -> str:
    return cli("play", "--seed", "1", "-o", "scoring={unfounded_places: 1000000000}")


@case
def validate_5000_digits(home: Path) -> str:
    path = write(home / "digits.yaml", f"id: d\nextends: mexica\nparameters:\n"
                 f"  ap_per_turn: {HUGE}\n")
    return cli("validate", str(path))


@case
def folder_5000_digits(home: Path) -> str:
    folder = home / "plugins"
    folder.mkdir()
    write(folder / "digits.yaml", f"id: d\nextends: mexica\nname: D\n"
          f"parameters: {{ap_per_turn: {HUGE}}}\n")
    settings_folder(home, folder)
    return cli("list")


@case
def settings_5000_digits(home: Path) -> str:
    write(home / "settings.yaml", f"volume: {HUGE}\n")
    return cli("list")


@case
def option_5000_digits(home: Path) -> str:
    return cli("play", "--seed", "1", "-o", f"ap_per_turn={HUGE}")


@case
def option_5000_deep(home: Path) -> str:
    return cli("play", "--seed", "1", "-o", "ap_per_turn=" + "[" * 5000)


@case
def validate_24mb(home: Path) -> str:
    path = home / "huge.yaml"
    with open(path, "w", encoding="utf-8") as f:
        f.write("a:\n")
        for i in range(1_000_000):
            f.write(f"  - {i:018d}\n")
    return cli("validate", str(path))


@case
def validate_dev_zero(home: Path) -> str:
    return cli("validate", "/dev/zero")


@case
def validate_1mb_flow(home: Path) -> str:
    path = write(home / "flow.yaml", "a: [" + "1," * 499_990 + "1]\n")
    return cli("validate", str(path))


@case
def validate_1mb_block(home: Path) -> str:
    path = write(home / "block.yaml", "a:\n" + "  - 1\n" * 166_000)
    return cli("validate", str(path))


@case
def validate_1mb_keys(home: Path) -> str:
    path = write(home / "keys.yaml", "".join(f"k{i}: {i}\n" for i in range(70_000)))
    return cli("validate", str(path))


@case
def validate_alias_bomb(home: Path) -> str:
    rows = ["a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        rows.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    path = write(home / "bomb.yaml", "\n".join(rows) + "\n")
    return cli("validate", str(path))


@case
def extends_chain_1000(home: Path) -> str:
    folder = home / "chain"
    folder.mkdir()
    for i in range(1000):
        parent = "mexica" if i == 0 else f"c{i - 1:04d}"
        write(folder / f"c{i:04d}.yaml", f"id: c{i:04d}\nextends: {parent}\nname: C{i}\n")
    settings_folder(home, folder)
    return cli("list")


@case
def extends_fan_1000(home: Path) -> str:
    """A thousand valid variants, each extending Aztlán (the largest parameters)."""
    folder = home / "fan"
    folder.mkdir()
    for i in range(1000):
        write(folder / f"f{i:04d}.yaml", f"id: f{i:04d}\nextends: aztlan\nname: F{i}\n"
              "parameters: {blessing_points: 3}\n")
    settings_folder(home, folder)
    return cli("list")


@case
def seed_10_5000(home: Path) -> str:
    from game.api import new_game

    return refused(lambda: new_game("mexica", 2, seed=10**5000))


@case
def cli_seed_5000_digits(home: Path) -> str:
    return cli("play", "--seed", HUGE)


@case
def simulate_seconds_nan(home: Path) -> str:
    return cli("simulate", "--bots", "easy,hard", "--games", "1", "--seconds", "nan")


@case
def action_1mb(home: Path) -> str:
    from game.api import new_game

    g = new_game("aztlan", 3, seed=1)
    return refused(lambda: g.apply("choose " + "x" * 1_000_000))


@case
def largest_mexica_box(home: Path) -> str:
    """Every count at its maximum: 100 token sizes of 100 copies, set up, saved, loaded."""
    from game.api import load_game, new_game

    tokens = [{"size": s, "count": 100, "founder": 1000, "presence": 1000,
               "places": [1000] * 100} for s in range(1, 101)]
    g = new_game("mexica", 4, seed=1, options={
        "calpulli_tokens": tokens, "calpulli_draw": 10_000,
        "components": {"canal_single": 676, "canal_double": 676, "bridges": 676,
                       "ap_tokens": 676},
        "temples": {"period1": [9] * 100, "period2": [9] * 100}})
    load_game(g.to_json())
    return f"set up, saved, loaded ({len(g.to_json()):,} bytes)"


@case
def largest_aztlan_deck(home: Path) -> str:
    """A deck of 100 cards x 100 copies and 10,000 offering points."""
    from game.api import load_game, new_game

    cards = [{"id": f"o{i}", "name": f"Offering {i}", "effect": "offering", "count": 100}
             for i in range(100)]
    g = new_game("aztlan", 4, seed=1, options={
        "prosperity_cards": cards, "offering_points": [100_000] * 10_000,
        "pawns_per_tribe": 1000})
    load_game(g.to_json())
    return f"set up, saved, loaded ({len(g.to_json()):,} bytes)"


@case
def largest_market(home: Path) -> str:
    from game.api import load_game, new_game

    g = new_game("tlatelolco-market", 4, seed=1, options={
        "commodities": {c: 10_000 for c in ("black", "blue", "red", "green")},
        "coins": 10_000})
    load_game(g.to_json())
    return f"set up, saved, loaded ({len(g.to_json()):,} bytes)"


@case
def largest_mexica_board(home: Path) -> str:
    """A 26 x 26 board of land, 100 neutral temples raised to 900 levels, 200 moves."""
    from game.api import load_game, new_game
    from game.core.rng import Rng

    board = ["S" * 26] + ["." * 26] * 25
    g = new_game("mexica-2p-neutral", 2, seed=1, options={
        "board": board, "neutral": {"temples": [1] * 100, "total_levels": 900,
                                    "max_level": 9, "min_distance": 1}})
    rng = Rng(1)
    for _ in range(200):
        if g.is_over:
            break
        g.apply(g.playout_action(rng))
    load_game(g.to_json())
    return f"set up, 200 moves, saved, loaded ({len(g.legal_actions())} legal actions)"


@case
def largest_aztlan_map(home: Path) -> str:
    """200 territories (a 10 x 20 grid) all on one lake: Rafts and Canoes may join any two
    of them, the square of the island; 8 tribes, 20 ages, 1,000 pawns each."""
    from game.api import load_game, new_game
    from game.core.rng import Rng
    from game.core.yamlload import load_yaml_file

    base, _ = load_yaml_file(ROOT / "variants" / "aztlan" / "aztlan.yaml")
    params = base["parameters"]
    cols, rows = 20, 10
    types = list(params["territory_types"])
    territories = {}
    for r in range(rows):
        for c in range(cols):
            near = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols]
            territories[f"t{r * cols + c}"] = {
                "name": f"T{r * cols + c}", "type": types[(r + c) % len(types)],
                "neighbours": [f"t{y * cols + x}" for y, x in near], "lakes": ["sea"],
                "polygon": [[c * 50, r * 50], [c * 50 + 50, r * 50],
                            [c * 50 + 50, r * 50 + 50]]}
    tribes = [{"id": f"tribe{i}", "name": f"Tribe {i}", "colour": "red"} for i in range(8)]
    options = {
        "map": {"width": 1000, "height": 500, "territories": territories,
                "lakes": {"sea": {"name": "Sea", "polygon": [[0, 0], [1, 0], [1, 1]]}}},
        "tribes": tribes, "ages": 20, "pawns_per_tribe": 1000,
        "pawns_per_age": [{"players": 8, "pawns": [50] * 20}],
        "power_cards": [{"strength": s, "type": "wild", "value": 1} for s in range(1, 21)],
        "domain_bonus": list(range(1, 201)),
        "prosperity_cards": [{"id": "rafts", "name": "Rafts", "effect": "rafts",
                              "count": 100}],
    }
    folder = home / "plugins"
    folder.mkdir()
    variant = {"id": "aztlan-huge", "plugin": "aztlan", "name": "Huge",
               "players": {"min": 8, "max": 8}, "parameters": {**params, **options}}
    write(folder / "huge.yaml", json.dumps(variant, indent=1))  # JSON is YAML
    settings_folder(home, folder)
    from game.api import broken_variants

    if broken_variants():
        return f"broken: {broken_variants()[0]['message'][:80]}"
    g = new_game("aztlan-huge", 8, seed=1)
    rng = Rng(1)
    most = 0
    for _ in range(300):
        if g.is_over:
            break
        most = max(most, len(g.legal_actions()))
        g.apply(g.playout_action(rng))
    load_game(g.to_json())
    return f"set up, 300 moves, saved, loaded (up to {most:,} legal actions)"


# -- running ----------------------------------------------------------------------------
def run_child(name: str) -> None:
    """Run one case in this process and print its outcome and peak memory as JSON."""
    with tempfile.TemporaryDirectory(prefix="aztec-arcade-memory-") as tmp:
        home = Path(tmp)
        os.environ["AZTEC_ARCADE_HOME"] = str(home)
        start = time.perf_counter()
        outcome = CASES[name](home)
        elapsed = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"peak_mb": peak_kb / 1024, "seconds": elapsed, "outcome": outcome}))


def _limit() -> None:
    size = LIMIT_MB * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def measure(name: str) -> dict:
    proc = subprocess.run([sys.executable, __file__, "--run", name], capture_output=True,
                          text=True, preexec_fn=_limit, timeout=600, check=False)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr.strip().splitlines() or ["?"])[-1]
        return {"peak_mb": float("nan"), "seconds": float("nan"),
                "outcome": f"child failed ({proc.returncode}): {tail[:80]}"}
    return json.loads(lines[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", action="append", choices=sorted(CASES),
                        help="only this case (repeatable)")
    parser.add_argument("--run", choices=sorted(CASES), help=argparse.SUPPRESS)
    parser.add_argument("--client", action="store_true",
                        help="the client over a long session instead of the cases")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="--client: a shorter run")
    size.add_argument("--full", action="store_true",
                      help="--client: all 432,000 frames of a two-hour game")
    size.add_argument("--frames", type=int, help="--client: this many frames")
    parser.add_argument("--every", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--run-client", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--no-trace", action="store_true",
                        help="--client: without tracemalloc (faster; no Python column)")
    args = parser.parse_args(argv)
    if args.run:
        run_child(args.run)
        return 0
    if args.run_client or args.client:
        from benchmarks import client_memory

        every = args.every or client_memory.EVERY
        if args.run_client:
            client_memory.run_child(args.run_client, every, not args.no_trace)
            return 0
        frames = args.frames or (client_memory.QUICK_FRAMES if args.quick else
                                 client_memory.TWO_HOURS if args.full else
                                 client_memory.DEFAULT_FRAMES)
        return client_memory.main(frames, every, not args.no_trace)
    names = args.case or list(CASES)
    print(f"Peak resident memory per case, a fresh process each (target <= {TARGET_MB} MB)")
    print(f"{'case':<22} {'peak':>8} {'time':>7}  {'':4}  outcome")
    print("-" * 100)
    worst = ("", 0.0)
    for name in names:
        result = measure(name)
        peak = result["peak_mb"]
        ok = peak == peak and peak <= TARGET_MB
        print(f"{name:<22} {peak:6.1f}MB {result['seconds']:6.2f}s  "
              f"{'PASS' if ok else 'MISS'}  {result['outcome']}", flush=True)
        value = peak if peak == peak else float("inf")  # nan: the child failed
        if name != "baseline" and value > worst[1]:
            worst = (name, value)
    print("-" * 100)
    print(f"worst: {worst[0]} at {worst[1]:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
