"""The house's plan holds: no module imports, however indirectly, a module that imports it.

Why: a circle of imports means neither side can be understood, tested or replaced
without the other; it is how a kernel ends up knowing its client. Every import counts,
those under ``if TYPE_CHECKING:`` and those inside functions included (a lazy import
hides a circle from Python, not from the reader). ``from pkg import name`` counts as an
import of the module ``pkg.name`` when there is one.

``ALLOWED_CIRCLES`` lists the circles that were there when this test was written (issue
35). It may only shrink: a new circle fails, and so does an entry that no longer
matches a circle (a cut removes its entry, so the list says what is left to do).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "variants")

#: the circles still to cut, each the set of its modules (issue 35, section 2 of the plan)
ALLOWED_CIRCLES: list[frozenset[str]] = [frozenset(circle.split()) for circle in (
)]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES
            for path in sorted((ROOT / package).rglob("*.py"))
            if "__pycache__" not in path.parts}


def imported(path: Path, me: str, known: set[str]) -> Iterator[str]:
    """Every project module the file imports, wherever the import statement stands."""
    package = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package[: len(package) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    yield sub
                elif base in known:
                    yield base


def import_graph() -> dict[str, set[str]]:
    files = modules()
    known = set(files)
    return {me: set(imported(path, me, known)) - {me} for me, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def test_the_walker_sees_every_kind_of_import():
    """A TYPE_CHECKING import and an import inside a function are imports too."""
    graph = import_graph()
    assert "game.core.catalog" in graph["game.core.lessons.model"]  # TYPE_CHECKING
    assert "game.remote.server" in graph["game.remote.hub"]  # only in a function


def test_no_new_import_circle():
    found = set(circles(import_graph()))
    new = [sorted(circle) for circle in found - set(ALLOWED_CIRCLES)]
    assert not new, f"import circles not on the allow-list: {new}"


def test_the_allow_list_only_names_circles_still_there():
    found = set(circles(import_graph()))
    gone = [sorted(circle) for circle in ALLOWED_CIRCLES if circle not in found]
    assert not gone, f"cut or changed: update ALLOWED_CIRCLES for {gone}"


#: what the kernel must never import: the client, the faces above it, the layers above it
ABOVE_CORE = ("pygame", "argparse", "game.api", "game.modkit", "game.ui", "game.cli",
              "game.remote", "game.lab", "game.ai", "game.kit", "game.bridges",
              "game.ui.isolation")


def test_the_kernel_imports_nothing_above_it():
    """game/core/ loads in a headless process with nothing but its own modules."""
    above = []
    for me, path in modules().items():
        if not me.startswith("game.core"):
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            above += [f"{me} imports {name}" for name in names
                      if any(name == bad or name.startswith(bad + ".") for bad in ABOVE_CORE)]
    assert not above, above


#: the floors of the house, lowest first: a module may import its own floor's package and
#: the floors below, never a floor above nor a neighbour on its floor (the faces
#: game.api, over the kernel, and game.modkit, over everything a mod uses, are apart)
FLOORS: list[tuple[str, ...]] = [
    ("game.core",), ("game.api",), ("game.kit",), ("game.ai",), ("game.lab", "game.remote"),
    ("game.ui", "game.bridges"), ("game.cli",)]
#: imports that still point up or across (issue 35's plan removes each)
ALLOWED_UPWARD: set[tuple[str, str]] = set()


def floor(module: str) -> tuple[int, str] | None:
    for number, packages in enumerate(FLOORS):
        for package in packages:
            if module == package or module.startswith(package + "."):
                return number, package
    return None


def test_imports_point_down_the_floors():
    upward = set()
    for me, targets in import_graph().items():
        mine = floor(me)
        for target in targets:
            theirs = floor(target)
            if mine and theirs and mine[1] != theirs[1] and theirs[0] >= mine[0]:
                upward.add((me, target))
    assert upward - ALLOWED_UPWARD == set(), "imports pointing up a floor or across"
    assert ALLOWED_UPWARD - upward == set(), "cut: remove them from ALLOWED_UPWARD"


def test_circles_finds_a_circle_and_nothing_else():
    graph = defaultdict(set, {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    graph["e"] = set()
    assert circles(dict(graph)) == [frozenset("abc")]


#: the faces a game's board view imports (issue 35): the client kit, the modding kit and
#: the language; never a module behind them (``game.kit.client.layers``) nor the shell
VIEW_FACES = ("game.kit.client", "game.modkit", "game.i18n")
#: what a game's package may import besides those faces: the kernel its rules build on and
#: the rules helpers of the kit; never the client's shell, the command line, the phones'
#: server, the lab, the bots or the faces for driving games
RULES_MAY_IMPORT = ("game.core", "game.kit", "game.i18n", "game.modkit")
#: inside the kit, the views' part is reached through its face only
KIT_INSIDE = "game.kit.client."


def game_package_modules() -> Iterator[tuple[Path, bool]]:
    """Every module of a game's package (variants/, examples/) that is not a test, and
    whether it is part of the board view (view*.py, aid_pages.py, a view/ package)."""
    for top in ("variants", "examples"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if "tests" in parts or "__pycache__" in parts or path.name in ("conftest.py",
                                                                             "setup.py"):
                continue
            yield path, (path.name.startswith("view") or path.name == "aid_pages.py"
                         or "view" in parts[:-1])


def game_imports(path: Path) -> Iterator[str]:
    """The ``game.*`` modules a file names in its import statements, as written."""
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == "game")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "game":
                yield from (f"game.{a.name}" for a in node.names)
            elif node.module.split(".")[0] == "game":
                yield node.module


def under(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_board_views_import_only_the_kit():
    """A built-in view uses nothing a mod's could not: the kit's faces, no client
    internals (a mod's view is held to the same in tests/modding/test_modkit.py)."""
    wrong = [f"{path.relative_to(ROOT)} imports {module}"
             for path, view in game_package_modules() if view
             for module in game_imports(path)
             if not (module in VIEW_FACES or under(module, ("game.i18n",)))]
    assert not wrong, wrong


def test_games_never_import_the_client_shell():
    wrong = [f"{path.relative_to(ROOT)} imports {module}"
             for path, _view in game_package_modules()
             for module in game_imports(path)
             if not under(module, RULES_MAY_IMPORT) or module.startswith(KIT_INSIDE)]
    assert not wrong, wrong


def test_the_view_rule_sees_views_and_their_imports():
    views = {path.relative_to(ROOT).as_posix() for path, view in game_package_modules()
             if view}
    assert {"variants/mexica/view/__init__.py", "variants/aztlan/view/aid_pages.py",
            "examples/patolli/aztec_patolli/view.py"} <= views
    assert "variants/market/rules.py" not in views
    assert "game.kit.client" in set(game_imports(ROOT / "variants/mexica/view/__init__.py"))
