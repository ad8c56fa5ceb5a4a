#!/usr/bin/env python3
"""Regenerate the generated sections of MODDING.md from the code.

    python tools/gen_modding_docs.py           # rewrite MODDING.md in place
    python tools/gen_modding_docs.py --check   # exit 1 if MODDING.md is out of date

A generated section sits between ``<!-- generated:NAME -->`` and
``<!-- /generated:NAME -->``; everything outside the markers is written by hand. The
sections are:

* ``hooks``: every hookspec in ``game/hookspecs.py``, its signature and docstring;
* ``variant-file``: the top-level keys of a variant file (``game.plugins.VARIANT_FILE``);
* ``engine-parameters``: each built-in engine's ``parameters`` schema;
* ``boardview``: the methods of ``game.ui.boardview.BoardView`` and their docstrings.

``tests/modding/test_docs.py`` regenerates them into a string and compares, so a changed
docstring or schema fails the tests until this script is run.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DOC = ROOT / "MODDING.md"
MARKER = re.compile(r"(<!-- generated:(?P<name>[a-z-]+) -->\n)(?P<body>.*?)"
                    r"(<!-- /generated:(?P=name) -->)", re.S)


def hooks_section() -> str:
    from game import hookspecs

    marker = f"{hookspecs.PROJECT}_spec"
    out = []
    for name, fn in vars(hookspecs).items():  # definition order
        if not (inspect.isfunction(fn) and hasattr(fn, marker)):
            continue
        signature = str(inspect.signature(fn)).replace("'", "")
        out.append(f"### `{name}{signature}`\n")
        out.append(inspect.getdoc(fn) or "(undocumented)")
        out.append("")
    return "\n".join(out)


def variant_file_section() -> str:
    from game.plugins import VARIANT_FILE

    return "\n".join(VARIANT_FILE.reference()) + "\n"


def engine_parameters_section() -> str:
    from game.plugins import Registry

    registry = Registry(entry_points=False)
    out = []
    for engine_id in sorted(registry.rules):
        engine, provider = registry.rules[engine_id]
        out.append(f"### `{engine_id}`\n")
        out.append(f"`{engine.__module__}.{engine.__name__}`, registered by `{provider}`.\n")
        out.extend(engine.parameters.reference())
        out.append("")
    return "\n".join(out)


def boardview_section() -> str:
    from game.ui.boardview import BoardView

    out = []
    for name, member in BoardView.__dict__.items():
        if not inspect.isfunction(member) or name.startswith("_"):
            continue
        signature = str(inspect.signature(member)).replace("'", "")
        doc = (inspect.getdoc(member) or "").replace("\n", "\n  ")  # stays in the item
        out.append(f"- `{name}{signature}`: {doc}".replace("\n  \n", "\n\n"))
    return "\n".join(out) + "\n"


SECTIONS: dict[str, Callable[[], str]] = {
    "hooks": hooks_section,
    "variant-file": variant_file_section,
    "engine-parameters": engine_parameters_section,
    "boardview": boardview_section,
}


def render(text: str) -> str:
    """``text`` (MODDING.md) with every generated section rebuilt."""
    found = set()

    def fill(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in SECTIONS:
            raise SystemExit(f"MODDING.md has an unknown generated section {name!r}")
        found.add(name)
        body = SECTIONS[name]().rstrip("\n") + "\n"
        return f"{match.group(1)}{body}{match.group(4)}"

    out = MARKER.sub(fill, text)
    missing = set(SECTIONS) - found
    if missing:
        raise SystemExit(f"MODDING.md lacks the generated sections {sorted(missing)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check; exit 1 if MODDING.md is out of date")
    args = parser.parse_args(argv)
    current = DOC.read_text(encoding="utf-8")
    fresh = render(current)
    if args.check:
        if fresh != current:
            print("MODDING.md is out of date: run python tools/gen_modding_docs.py")
            return 1
        print("MODDING.md is up to date")
        return 0
    if fresh != current:
        DOC.write_text(fresh, encoding="utf-8")
        print("MODDING.md regenerated")
    else:
        print("MODDING.md was up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
