"""What reading and checking each kind of file costs, honest files and files built to be
slow: variants, lessons, saves, settings and the lessons' progress.

Not a test: run it by hand on a quiet machine::

    python3 benchmarks/files.py            # every file, about a minute
    python3 benchmarks/files.py --quick    # fewer repetitions

Every file the program reads is input from anyone (a mod, a download, a damaged disk),
so reading and checking one must cost time and memory in proportion to its size,
whatever it holds (issue 32): a file built to be slow is read within the loaders'
limits or refused. For each file the table shows its size, the median time of reading
and checking it (the memos off: every read is a real one), the peak memory the reading
allocated (``tracemalloc``, one more run) and the outcome. No targets: a hostile file
should cost no more per kilobyte than an honest one, and compare runs before and after
a change on the same machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

os.environ["AZTEC_ARCADE_NO_MEMO"] = "1"  # every read is a real one

from benchmarks import common  # noqa: E402
from game.api import Game, new_game  # noqa: E402
from game.core.errors import AztecArcadeError, ConfigError  # noqa: E402
from game.core.lessons.book import load_lesson  # noqa: E402
from game.core.records import read_game  # noqa: E402
from game.core.registry import Registry  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from tests.shipped import LESSON_FILES, lesson_file, variant_file  # noqa: E402

#: a file: (kind, what it is, its path, how it is read and checked)
Case = tuple[str, str, Path, Callable[[Path], object]]


def bomb() -> str:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        prev, name = "abcdefghij"[i - 1], "abcdefghij"[i]
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


SLOW_YAML = {
    "deep nesting (100,000)": "volume: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "alias bomb (9**9)": bomb(),
    "a 900,000-digit integer": "volume: " + "9" * 900_000 + "\n",
    "60,000 repeated keys": "volume: 1\n" * 60_000,
}


def finished(variant: str, players: int, seed: int, actions: int | None = None) -> Game:
    game = new_game(variant, players, seed)
    rng = Rng(seed)
    while not game.is_over and (actions is None or len(game.log) < actions):
        game.apply(game.playout_action(rng))
    return game


def variant_cases(folder: Path, registry: Registry) -> list[Case]:
    def check(path: Path) -> object:
        issues = registry.validate_file(path)
        return issues[0].message if issues else "ok"

    out: list[Case] = []
    for name in ("mexica", "aztlan", "tlatelolco-market"):
        out.append(("variant", f"{name} (shipped)", variant_file(f"{name}.yaml"), check))
    typos = "id: typos\nextends: mexica\nparameters:\n" + "".join(
        f"  ap_per_tur{i}: 6\n" for i in range(20_000))
    for what, text in {**SLOW_YAML, "20,000 misspelt parameters": typos}.items():
        path = folder / f"variant-{len(out)}.yaml"
        path.write_text(text if "parameters" in text else "id: slow\n" + text,
                        encoding="utf-8")
        out.append(("variant", what, path, check))
    return out


def lesson_cases(folder: Path, registry: Registry, tally: Registry) -> list[Case]:
    from tests.tally_rules import tally_lesson

    def check(on: Registry) -> Callable[[Path], object]:
        def run(path: Path) -> object:
            try:
                return f"ok, {len(load_lesson(path, on).steps)} steps"
            except ConfigError as exc:
                return exc.issues[0].message if exc.issues else str(exc)
        return run

    out: list[Case] = [("lesson", f"{p.stem} (shipped)", p, check(registry))
                       for p in LESSON_FILES]
    honest = lesson_file("mexica-2p.yaml").read_text(encoding="utf-8")
    repeated = folder / "lesson-repeated.yaml"
    repeated.write_text("\n".join(
        line.replace("expect: ", "accept: [") + (", " + line.split("expect: ")[1]) * 19 + "]"
        if "expect: " in line else line for line in honest.splitlines()), encoding="utf-8")
    out.append(("lesson", "mexica-2p, every plan accepted 20 times", repeated,
                check(registry)))
    apart = folder / "lesson-apart.yaml"
    apart.write_text(tally_lesson([["wait", *(f"mark {n}" for n in range(1, 20))]] * 60),
                     encoding="utf-8")
    out.append(("lesson", "60 steps of 20 plans that never meet", apart, check(tally)))
    for what, text in SLOW_YAML.items():
        path = folder / f"lesson-{len(out)}.yaml"
        path.write_text(text, encoding="utf-8")
        out.append(("lesson", what, path, check(registry)))
    return out


def save_cases(folder: Path) -> list[Case]:
    def check(path: Path) -> object:
        try:
            return f"ok, {len(read_game(path).log)} actions"
        except AztecArcadeError as exc:
            return str(exc).split(": ", 1)[1]

    out: list[Case] = []
    for variant in ("mexica", "tlatelolco-market", "aztlan"):
        path = folder / f"save-{variant}.json"
        path.write_text(finished(variant, 4, 3).to_json(), encoding="utf-8")
        out.append(("save", f"{variant}, finished, 4 players", path, check))
    half = json.loads(finished("mexica", 4, 3, actions=100).to_json())
    slow = {
        "log of 1,000,000 'end'": {**half, "log": half["log"] + ["end"] * 1_000_000},
        "log repeated 900 times": {**half, "log": half["log"] * 900},
    }
    for what, data in slow.items():
        path = folder / f"save-{len(out)}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        out.append(("save", what, path, check))
    text = json.dumps(half)
    for what, bad in {
        "nested 200,000 deep": text[:-1] + ', "x": ' + "[" * 200_000 + "]" * 200_000 + "}",
        "a 100,000-digit seed": text.replace('"seed": 3', '"seed": ' + "7" * 100_000),
    }.items():
        path = folder / f"save-{len(out)}.json"
        path.write_text(bad, encoding="utf-8")
        out.append(("save", what, path, check))
    return out


def settings_cases(folder: Path) -> list[Case]:
    from game.core.settings import load_settings, user_settings_path
    from game.ui.lessonstore import PROGRESS, LessonStore

    def check(path: Path) -> object:
        settings, issues = load_settings()
        return issues[0].message if issues else f"ok, volume {settings['volume']}"

    def progress(path: Path) -> object:
        return f"{len(LessonStore(path.parent).done())} done"

    texts = {"volume, fullscreen, palette": "volume: 40\nfullscreen: true\n"
             "palette: high-contrast\n", **SLOW_YAML,
             "huge values": "volume: 99999999999999999\nplugin_folder: " + "x" * 400_000 +
             "\n"}
    out: list[Case] = []
    for what, text in texts.items():
        path = folder / f"settings-{len(out)}" / "settings.yaml"
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
        out.append(("settings", what, path, check))
    assert user_settings_path().name == "settings.yaml"
    for what, text in {"3 lessons done": '{"done": ["mexica", "market", "aztlan"]}',
                       "nested 200,000 deep": "[" * 200_000 + "]" * 200_000}.items():
        path = folder / f"progress-{len(out)}" / PROGRESS
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
        out.append(("progress", what, path, progress))
    return out


def measure(case: Case, repeat: int) -> tuple[float, float, str]:
    kind, _what, path, read = case
    if kind == "settings":
        os.environ["AZTEC_ARCADE_HOME"] = str(path.parent)
    outcome = str(read(path))
    samples = common.time_each(lambda: read(path), repeat)
    tracemalloc.start()
    read(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return statistics.median(samples), peak, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 repetitions, not 7")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7
    from tests.tally_rules import Tally
    from tests.toy_registry import toy_registry

    with tempfile.TemporaryDirectory(prefix="aztec-files-") as tmp:
        folder = Path(tmp)
        os.environ["AZTEC_ARCADE_HOME"] = str(folder)
        (folder / "tally").mkdir()
        tally = next(toy_registry(folder / "tally", [Tally], "bench_tally",
                                  players="{min: 1, max: 1}"))
        registry = Registry(entry_points=False)
        from game.core.registry import reset_registry

        reset_registry(registry)
        cases = (variant_cases(folder, registry) + lesson_cases(folder, registry, tally)
                 + save_cases(folder) + settings_cases(folder))
        common.print_head([
            f"Reading and checking each kind of file, the memos off; median of {repeat} "
            "runs, peak memory of one more."],
            f"{'kind':<9} {'file':<42} {'size':>10} {'median':>11} {'per kB':>11} "
            f"{'peak mem':>9}  outcome")
        for case in cases:
            kind, what, path, _read = case
            size = path.stat().st_size
            median, peak, outcome = measure(case, repeat)
            print(f"{kind:<9} {what[:42]:<42} {size:>8,} B {common.fmt(median)} "
                  f"{common.fmt(median / max(1.0, size / 1000))} {peak / 1e6:7.1f} MB  "
                  f"{outcome[:70]}")


if __name__ == "__main__":
    main()
