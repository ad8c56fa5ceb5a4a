"""Rewrite every reference to moved modules across the checkout, from an old -> new table.

Why: moving a module (``git mv``) is one line; finding every place that names it is not.
Imports (``import a.b``, ``from a import b``, ``from a.b import c``), dotted names in code
and text (``"game.ui.scene:Name"`` strings, ``-m game.x``, ``mock.patch("game.x.f")``,
logger names, ``:mod:`` references in docstrings) and file paths in the docs
(``game/x.py``, ``game/x/``) are all rewritten by the same table, so nothing is missed
and nothing is rewritten by hand. Run it after the ``git mv``, then ``ruff check --fix``
(the import order) and the tests::

    python3 tools/rewrite_imports.py game.engine=game.core.engine game.plugins=game.core.registry

A name that moved out of a module it shared with others is written ``module:name=new``
(``game.ui.widgets:fit=game.kit.client.text``): every ``from module import ...`` that
takes it is split, the other names staying where they were.

A name is a module (``game.x``) or a package (``game.x`` with ``game/x/`` on disk): a
dotted reference is rewritten whatever follows it (``game.x.y`` -> ``game.core.x.y``), a
path only when it is the module's file or folder (a module that became a package is
then named by its folder). Files under ``tests/fixtures`` (saves,
recorded games) are data and are left alone.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = {".py", ".md", ".toml", ".yaml", ".yml", ".txt", ".cfg", ".ini", ".html", ".js"}
EXTRA = {".ci/run"}
FROM_IMPORT = re.compile(r"^(?P<indent>[ \t]*)from (?P<parent>[\w.]+) import "
                         r"(?P<names>[\w ,]+?)(?P<comment>[ \t]*#.*)?$", re.M)


def tracked_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split("\n")
    return [ROOT / name for name in names if name and not name.startswith("tests/fixtures/")
            and name != "tools/rewrite_imports.py"
            and (Path(name).suffix in SUFFIXES or name in EXTRA) and (ROOT / name).exists()]


def rewrite_from_imports(text: str, table: dict[str, str]) -> str:
    """``from game import a, b`` where ``game.a`` moved: one import per new parent."""
    def fix(match: re.Match[str]) -> str:
        parent = match["parent"]
        items = [item.split(" as ") for item in match["names"].split(",")]
        pairs = [(item[0].strip(), item[1].strip() if len(item) > 1 else None)
                 for item in items]
        if not any(f"{parent}.{name}" in table for name, _ in pairs):
            return match[0]
        groups: dict[str, list[str]] = {}
        for name, alias in pairs:
            moved = table.get(f"{parent}.{name}")
            if moved is None:
                groups.setdefault(parent, []).append(name + (f" as {alias}" if alias else ""))
                continue
            new_parent, leaf = moved.rsplit(".", 1)
            local = alias or name
            groups.setdefault(new_parent, []).append(leaf if local == leaf
                                                     else f"{leaf} as {local}")
        comment = match["comment"] or ""
        return "\n".join(f"{match['indent']}from {where} import {', '.join(names)}{comment}"
                         for where, names in groups.items())
    return FROM_IMPORT.sub(fix, text)


def rewrite_names(text: str, names: dict[tuple[str, str], str]) -> str:
    """``from module import a, b`` where ``a`` moved to another module: two imports."""
    if not any(f"from {module} import" in text for module, _name in names):
        return text
    lines = text.split("\n")
    edits = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.ImportFrom) or node.level or node.end_lineno is None:
            continue
        moved = [alias for alias in node.names if (node.module, alias.name) in names]
        if not moved:
            continue
        groups: dict[str, list[str]] = {}
        for alias in node.names:
            where = names.get((node.module or "", alias.name), node.module or "")
            groups.setdefault(where, []).append(
                alias.name + (f" as {alias.asname}" if alias.asname else ""))
        indent = " " * node.col_offset
        last = lines[node.end_lineno - 1][node.end_col_offset or 0:]
        comment = last[last.index("#") - 2:] if "#" in last else ""  # keep a trailing comment
        new = [f"{indent}from {where} import {', '.join(taken)}{comment}"
               for where, taken in groups.items()]
        edits.append((node.lineno - 1, node.end_lineno, new))
    for first, end, new in sorted(edits, reverse=True):
        lines[first:end] = new
    return "\n".join(lines)


def rewrite_dotted(text: str, table: dict[str, str]) -> str:
    """Every dotted name starting with a moved module, longest first."""
    for old in sorted(table, key=len, reverse=True):
        text = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w])", table[old], text)
    return text


def rewrite_paths(text: str, table: dict[str, str]) -> str:
    """``game/x.py`` and ``game/x/`` in docs and comments."""
    for old in sorted(table, key=len, reverse=True):
        new = table[old]
        before, after = old.replace(".", "/"), new.replace(".", "/")
        # a module that became a package is named by its folder from now on
        target = f"{after}/" if (ROOT / after).is_dir() else f"{after}.py"
        text = re.sub(rf"(?<![\w.-]){re.escape(before)}\.py\b", target, text)
        if (ROOT / before).is_dir() or (ROOT / after).is_dir():
            text = re.sub(rf"(?<![\w.-]){re.escape(before)}/", f"{after}/", text)
    return text


def main(argv: list[str]) -> int:
    if not argv or any("=" not in pair for pair in argv):
        print(__doc__)
        return 2
    pairs = [pair.split("=", 1) for pair in argv]
    table = {old: new for old, new in pairs if ":" not in old}
    names = {(old.partition(":")[0], old.partition(":")[2]): new
             for old, new in pairs if ":" in old}
    changed = 0
    for path in tracked_files():
        text = path.read_text("utf-8")
        new = text
        if path.suffix == ".py":
            new = rewrite_names(new, names)
        if path.suffix == ".py" or path.name == "run":
            new = rewrite_from_imports(new, table)
        new = rewrite_paths(rewrite_dotted(new, table), table)
        if new != text:
            path.write_text(new, "utf-8")
            changed += 1
    print(f"rewrote {changed} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
