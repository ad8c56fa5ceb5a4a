#!/usr/bin/env python3
"""Regenerate the generated sections of the modder's manual from the code.

    python tools/gen_modding_docs.py           # rewrite the pages in place
    python tools/gen_modding_docs.py --check   # exit 1 if a page is out of date

The manual is the pages of ``docs/modding/``, ``README.md`` (the index) first. A generated
section sits between ``<!-- generated:NAME -->`` and ``<!-- /generated:NAME -->`` in one
of them; everything outside the markers is written by hand. Each section appears exactly
once, in whichever page holds it. The sections are:

* ``hooks``: every hookspec in ``game/core/hookspecs.py``, its signature and docstring;
* ``variant-file``: the top-level keys of a variant file (``game.core.registry.VARIANT_FILE``);
* ``lesson-file``: the keys of a lesson file (``game.core.lessons.book.LESSON_FILE``);
* ``engine-parameters``: each built-in engine's ``parameters`` schema;
* ``rules``: the attributes a ``game.core.engine.Rules`` subclass declares (their ``#:``
  comments), the methods it may override (their docstrings) and ``game.core.engine.GameType``;
* ``boardview``: the attributes and methods of ``game.kit.client.boardview.BoardView``;
* ``kit``: every name of the client kit's face (``game.kit.client.KIT``), by group.

``tests/modding/test_docs.py`` regenerates them into strings and compares, so a changed
docstring or schema fails the tests until this script is run.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import sys
import textwrap
import types
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: the modder's manual: the pages in DOCS, its index INDEX first
DOCS = ROOT / "docs" / "modding"
INDEX = DOCS / "README.md"
MARKER = re.compile(r"(<!-- generated:(?P<name>[a-z-]+) -->\n)(?P<body>.*?)"
                    r"(<!-- /generated:(?P=name) -->)", re.S)


def hooks_section() -> str:
    from game.core import hookspecs

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
    from game.core.registry import VARIANT_FILE

    return "\n".join(VARIANT_FILE.reference()) + "\n"


def lesson_file_section() -> str:
    from game.core.lessons.book import LESSON_FILE

    return "\n".join(LESSON_FILE.reference()) + "\n"


def engine_parameters_section() -> str:
    from game.core.registry import Registry

    registry = Registry(entry_points=False)
    out = []
    for engine_id in sorted(registry.rules):
        engine, provider = registry.rules[engine_id]
        out.append(f"### `{engine_id}`\n")
        module = registry.pm.get_plugin(provider).__name__
        out.append(f"`{engine.__module__}.{engine.__name__}`, registered by `{module}`.\n")
        out.extend(engine.parameters.reference())
        out.append("")
    return "\n".join(out)


def _item(head: str, doc: str) -> str:
    """A list item whose further paragraphs stay inside it."""
    doc = doc.replace("\n", "\n  ")
    return f"- `{head}`: {doc}".replace("\n  \n", "\n\n")


def attribute_items(cls: type) -> list[str]:
    """The public attributes ``cls`` declares in its body (annotated, documented by the
    ``#:`` comment lines above them) and its properties, in source order."""
    lines, _ = inspect.getsourcelines(cls)
    source = textwrap.dedent("".join(lines))
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    out = []
    for node in body.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
            if name.startswith("_"):
                continue
            comments = []
            at = node.lineno - 2  # the line above, 0-based
            while at >= 0 and lines[at].strip().startswith("#:"):
                comments.insert(0, lines[at].strip()[2:].strip())
                at -= 1
            head = f"{name}: {ast.get_source_segment(source, node.annotation)}"
            if node.value is not None:
                head += f" = {ast.get_source_segment(source, node.value)}"
            out.append(_item(head, " ".join(comments) or "(undocumented)"))
        elif isinstance(node, ast.FunctionDef) and not node.name.startswith("_") and any(
                isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list):
            returns = f": {ast.get_source_segment(source, node.returns)}" if node.returns \
                else ""
            doc = inspect.getdoc(getattr(cls, node.name)) or "(undocumented)"
            out.append(_item(f"{node.name}{returns}", "(read-only) " + " ".join(doc.split())))
    return out


def default_methods(cls: type) -> list[str]:
    """The methods ``cls`` itself defines with a default body, in source order."""
    out = []
    for name, member in cls.__dict__.items():
        if inspect.isfunction(member) and not name.startswith("_") \
                and not getattr(member, "__isabstractmethod__", False):
            signature = str(inspect.signature(member)).replace("'", "")
            out.append(_item(f"{name}{signature}", inspect.getdoc(member) or ""))
    return out


def rules_section() -> str:
    from game.core.engine import GameType, Rules
    from game.core.facets import BotHooks, Presentation

    out = ["Attributes of `Rules` (set the ones your game needs in your subclass):", ""]
    out.extend(attribute_items(Rules))
    out += ["", "Methods with a default (override the ones your game needs; the others, "
            "in the table above, are abstract):", ""]
    out.extend(default_methods(Rules))
    out += ["", "The computer players' hooks: the optional facet `BotHooks` (from "
            "`game.modkit`), which an engine declares by inheriting it too, "
            "`class MyRules(Rules[MyState], BotHooks[MyState])`; an engine that does not "
            "gets these defaults. Each hook:", ""]
    out.extend(attribute_items(BotHooks))
    out.extend(default_methods(BotHooks))
    out += ["", "The screens' hooks: the optional facet `Presentation` (from "
            "`game.modkit`), declared the same way; callers ask any engine for its facets "
            "with `bot_hooks(rules)` and `presentation(rules)`. Each hook:", ""]
    out.extend(default_methods(Presentation))
    fields = ", ".join(f"{name}={getattr(GameType(), name)!r}"
                       for name in GameType.__dataclass_fields__)
    out += ["", f"`GameType({fields})` (frozen; from `game.modkit`): "
            + (inspect.getdoc(GameType) or "")]
    return "\n".join(out) + "\n"


def boardview_section() -> str:
    from game.kit.client.boardview import BoardView

    out = ["Attributes (the play screen reads them every frame; a subclass may set them, "
           "or override any with a property):", ""]
    out.extend(attribute_items(BoardView))
    out += ["", "Methods:", ""]
    for name, member in BoardView.__dict__.items():
        if not inspect.isfunction(member) or name.startswith("_"):
            continue
        signature = str(inspect.signature(member)).replace("'", "")
        out.append(_item(f"{name}{signature}", inspect.getdoc(member) or ""))
    return "\n".join(out) + "\n"


def _first_sentence(doc: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line."""
    paragraph = " ".join(doc.split("\n\n")[0].split())
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[:end + 1]


def kit_section() -> str:
    import importlib

    from game.kit.client import KIT

    out = []
    for group, names in KIT.items():
        out += [f"**{group[0].upper()}{group[1:]}**", ""]
        for name, (module_name, attribute) in names.items():
            module = importlib.import_module(module_name)
            value = module if attribute is None else getattr(module, attribute)
            place = f"`{module_name}`" if attribute is None else \
                f"from `{module_name}`" + (f" (`{attribute}`)" if attribute != name else "")
            if inspect.ismodule(value) or inspect.isclass(value) or inspect.isfunction(value):
                what = _first_sentence(inspect.getdoc(value) or "")
            elif isinstance(value, types.GenericAlias):
                what = f"the type `{value!r}`"
            else:  # a constant: its value says what it is
                what = f"`{value!r}`" if len(repr(value)) <= 60 else \
                    f"an instance of `{type(value).__name__}`"
            out.append(f"- `{name}`, {place}: {what}")
        out.append("")
    return "\n".join(out)


SECTIONS: dict[str, Callable[[], str]] = {
    "hooks": hooks_section,
    "variant-file": variant_file_section,
    "lesson-file": lesson_file_section,
    "engine-parameters": engine_parameters_section,
    "rules": rules_section,
    "boardview": boardview_section,
    "kit": kit_section,
}


def render(text: str, found: set[str] | None = None) -> str:
    """``text`` (one page) with every generated section in it rebuilt; the names of the
    sections it holds are added to ``found``."""
    seen: list[str] = []

    def fill(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in SECTIONS:
            raise SystemExit(f"unknown generated section {name!r}")
        seen.append(name)
        body = SECTIONS[name]().rstrip("\n") + "\n"
        return f"{match.group(1)}{body}{match.group(4)}"

    out = MARKER.sub(fill, text)
    if found is not None:
        twice = sorted(found & set(seen) | {n for n in seen if seen.count(n) > 1})
        if twice:
            raise SystemExit(f"generated sections appear more than once: {twice}")
        found.update(seen)
    return out


def render_pages(pages: dict[Path, str]) -> dict[Path, str]:
    """Every page rebuilt; each generated section must appear in exactly one of them."""
    found: set[str] = set()
    out = {path: render(text, found) for path, text in pages.items()}
    missing = set(SECTIONS) - found
    if missing:
        raise SystemExit(f"no page of the manual holds the generated sections "
                         f"{sorted(missing)}")
    return out


def manual_pages() -> list[Path]:
    pages = [INDEX, *sorted(p for p in DOCS.glob("*.md") if p != INDEX)]
    return [p for p in pages if p.is_file()]


def read_pages() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in manual_pages()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check; exit 1 if a page is out of date")
    args = parser.parse_args(argv)
    current = read_pages()
    fresh = render_pages(current)
    stale = [path for path in current if fresh[path] != current[path]]
    names = ", ".join(path.name for path in stale)
    if args.check:
        if stale:
            print(f"out of date: {names}; run python tools/gen_modding_docs.py")
            return 1
        print("the modding pages are up to date")
        return 0
    for path in stale:
        path.write_text(fresh[path], encoding="utf-8")
    print(f"regenerated {names}" if stale else "the modding pages were up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
