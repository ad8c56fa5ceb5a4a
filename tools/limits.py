#!/usr/bin/env python3
"""The size rule of issue 14: no module under game/ or variants/ over 600 lines and no
function over 60 lines (every line from ``def`` to its last, docstring, comments and
blank lines included; decorators not).

A newcomer should be able to hold a module and a function in their head; past these sizes
they are split by meaning. ``python3 tools/limits.py`` prints every violation as
``path:line: what`` and exits with 1 if there is any; ``tasks.py test`` and CI run it.

    python3 tools/limits.py [--root DIR] [FOLDER ...]   (default: game variants)
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 60
FOLDERS = ("game", "variants")
ROOT = Path(__file__).resolve().parent.parent


def file_lines(text: str) -> int:
    return len(text.splitlines())


def long_functions(tree: ast.AST) -> Iterator[tuple[int, str, int]]:
    """(line, qualified name, length) of every function longer than the limit, nested
    functions and methods included (each counted whole, its inner functions too)."""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[int, str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                assert child.end_lineno is not None
                length = child.end_lineno - child.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    yield child.lineno, name, length
                yield from walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, prefix + child.name + ".")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def violations(root: Path, folders: tuple[str, ...] = FOLDERS) -> list[str]:
    """Every violation under ``root``'s ``folders``, as ``path:line: message``."""
    found: list[str] = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            text = path.read_text(encoding="utf-8")
            lines = file_lines(text)
            if lines > MAX_FILE_LINES:
                found.append(f"{rel}:1: the module has {lines} lines "
                             f"(at most {MAX_FILE_LINES})")
            try:
                tree = ast.parse(text, filename=rel)
            except SyntaxError as exc:
                found.append(f"{rel}:{exc.lineno or 1}: cannot be parsed: {exc.msg}")
                continue
            for line, name, length in long_functions(tree):
                found.append(f"{rel}:{line}: {name} has {length} lines "
                             f"(at most {MAX_FUNCTION_LINES})")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/limits.py", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("folders", nargs="*", default=list(FOLDERS),
                        help="folders to check, relative to the root (default: game variants)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout's root")
    args = parser.parse_args(argv)
    missing = [f for f in args.folders if not (args.root / f).is_dir()]
    if missing:
        parser.error(f"no such folder under {args.root}: {', '.join(missing)}")
    found = violations(args.root, tuple(args.folders))
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} over the size limits (modules {MAX_FILE_LINES} lines, "
              f"functions {MAX_FUNCTION_LINES})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
