#!/usr/bin/env python3
"""Split the one-page MODDING.md into the pages of ``docs/modding/`` (run once).

    python tools/split_modding_docs.py            # write docs/modding/*.md and MODDING.md
    python tools/split_modding_docs.py --check    # only say which section goes where

The modder's manual grew into one long page; like llm's ``docs/plugins/`` and datasette's
``writing_plugins`` / ``plugin_hooks`` / ``testing_plugins`` it becomes pages by purpose,
and MODDING.md a short index of them. The move is mechanical so that it can be run again
on a MODDING.md that others changed meanwhile: every ``## `` section goes, unchanged, to
the page :data:`PAGES` names for it (a section no page names stops the script, which then
writes nothing); links between sections become links between pages; relative links are
rewritten for the page's folder; links from other Markdown files to ``MODDING.md#anchor``
follow their section. The generated sections keep their markers, and
``tools/gen_modding_docs.py`` finds them in the pages.

Hand-written changes to the pages (a longer tutorial, "see above" made a link) come after
the split in their own commits.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from doclinks import FENCE, LINK, ROOT, anchors, is_external, markdown_files, slug  # noqa: E402

DOC = ROOT / "MODDING.md"
PAGES_DIR = ROOT / "docs" / "modding"


@dataclass(frozen=True)
class Page:
    file: str
    title: str
    #: one line for the index
    summary: str
    #: the ``## `` headings of MODDING.md that this page takes, in order
    sections: tuple[str, ...]


PAGES = (
    Page("tutorial.md", "A new variant in 15 minutes",
         "the package `aztec-arcade new-variant` writes, made yours step by step; the "
         "example mod",
         ("Your first variant package, step by step", "The example mod")),
    Page("hooks.md", "Plugin hooks",
         "the one module a mod imports, the hook reference, hook order and reskins",
         ("One import: `game.modkit`", "The plugin hooks",
          "Hook order, and reskinning a built-in game")),
    Page("parameters.md", "Variant files and engine parameters",
         "YAML-only variants, the variant file and every built-in engine's parameters, "
         "files next to a variant",
         ("A YAML-only variant", "The YAML schema",
          "Files next to a variant: images and sounds")),
    Page("rules-engine.md", "Writing a rules engine",
         "the `Rules` contract, chance and hidden information, the notation rules",
         ("The rules engine", "Notation rules")),
    Page("board-view.md", "Drawing a board",
         "`BoardView`, intents, logical units and the screen's drawing calls",
         ("Drawing a board",)),
    Page("testing.md", "The conformance kit",
         "`check_variant`: the engine contract checked on random games",
         ("The conformance kit",)),
    Page("debugging.md", "Debugging and plugin failures",
         "`validate`, `list`, `play --dev`; what happens when a plugin raises",
         ("Debugging", "When a plugin fails")),
    Page("safety.md", "Safety: what is loaded, and how",
         "what runs as code, what is only read, and where files may come from",
         ("Safety: what is loaded, and how",)),
)
#: sections of the one-page manual that the index replaces
DROPPED = ("Contents",)

SECTION = re.compile(r"^## +(.+?) *$")


def split_sections(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The text before the first ``## `` heading, and (heading, whole section) pairs.
    A ``## `` line inside a fenced code block is not a heading."""
    starts = []
    fenced = False
    offset = 0
    for line in text.splitlines(keepends=True):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and SECTION.match(line):
            starts.append((offset, SECTION.match(line).group(1)))
        offset += len(line)
    intro = text[:starts[0][0]] if starts else text
    sections = []
    for i, (start, heading) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        sections.append((heading, text[start:end].rstrip("\n") + "\n"))
    return intro, sections


def rewrite_links(text: str, source_dir: Path, target_dir: Path,
                  anchor_page: dict[str, Path], this_page: Path | None) -> str:
    """Relative links of ``text`` (written in ``source_dir``) as seen from ``target_dir``;
    ``#anchor`` and ``MODDING.md#anchor`` go to the page now holding the anchor."""

    def fix(match: re.Match[str]) -> str:
        label, target = match.group(1), match.group(2)
        if is_external(target):
            return match.group(0)
        file_part, hash_, anchor = target.partition("#")
        dest = (source_dir / file_part).resolve() if file_part else DOC
        if dest == DOC and anchor in anchor_page:
            dest = anchor_page[anchor]
            if dest == this_page:
                return f"{label}(#{anchor})"
        elif not file_part:
            return match.group(0)
        new = os.path.relpath(dest, target_dir).replace(os.sep, "/")
        if file_part.endswith("/") and not new.endswith("/"):
            new += "/"
        return f"{label}({new}{hash_}{anchor})"

    out = []
    fenced = False
    for line in text.splitlines(keepends=True):
        if FENCE.match(line):
            fenced = not fenced
        out.append(line if fenced else LINK.sub(fix, line))
    return "".join(out)


def plan(text: str) -> tuple[str, dict[str, list[tuple[str, str]]]]:
    """The index's intro and, per page file, its (heading, section) pairs; exits with a
    message when a section has no page."""
    intro, sections = split_sections(text)
    wanted = {h: page.file for page in PAGES for h in page.sections}
    by_page: dict[str, list[tuple[str, str]]] = {page.file: [] for page in PAGES}
    homeless = []
    for heading, body in sections:
        if heading in DROPPED:
            continue
        if heading not in wanted:
            homeless.append(heading)
            continue
        by_page[wanted[heading]].append((heading, body))
    missing = [h for h in wanted if h not in {h for h, _ in sections}]
    if homeless or not sections:
        problems = [f"  ## {h}" for h in homeless] or ["  (no '## ' sections: is it split?)"]
        raise SystemExit("MODDING.md has sections that no page takes; add each to PAGES in "
                         "tools/split_modding_docs.py:\n" + "\n".join(problems))
    if missing:
        print("note: no section called " + ", ".join(repr(h) for h in missing)
              + " (renamed? its page lacks it)", file=sys.stderr)
    # Order each page's sections as PAGES lists them.
    for page in PAGES:
        by_page[page.file].sort(key=lambda pair, p=page: p.sections.index(pair[0]))
    return intro, by_page


def page_text(page: Page, parts: list[tuple[str, str]], anchor_page: dict[str, Path]) -> str:
    path = PAGES_DIR / page.file
    head = [f"# {page.title}", "",
            "Part of the modder's manual: [all pages](../../MODDING.md).", ""]
    if len(parts) == 1 and parts[0][0] == page.title:
        # One section named as the page: its heading becomes the page's title.
        body = parts[0][1].split("\n", 1)[1].lstrip("\n")
    else:
        body = "\n".join(section for _h, section in parts)
    body = rewrite_links(body, ROOT, PAGES_DIR, anchor_page, path)
    return "\n".join(head) + "\n" + body


def index_text(intro: str, by_page: dict[str, list[tuple[str, str]]]) -> str:
    lines = [intro.rstrip("\n"), "", "## The pages", ""]
    for page in PAGES:
        link = f"docs/modding/{page.file}"
        lines.append(f"- **[{page.title}]({link})**: {page.summary}.")
        parts = [h for h, _ in by_page[page.file]]
        if not (len(parts) == 1 and parts[0] == page.title):
            lines.append("  " + " · ".join(f"[{h.replace('`', '')}]({link}#{slug(h)})"
                                           for h in parts))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only print which section goes to which page")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    intro, by_page = plan(text)
    if args.check:
        for page in PAGES:
            for heading, _ in by_page[page.file]:
                print(f"docs/modding/{page.file}: ## {heading}")
        return 0
    # Where each anchor of the one-page manual lives now.
    anchor_page: dict[str, Path] = {}
    for page in PAGES:
        for _heading, section in by_page[page.file]:
            for anchor in anchors(section):
                anchor_page.setdefault(anchor, PAGES_DIR / page.file)
    PAGES_DIR.mkdir(parents=True, exist_ok=True)
    for page in PAGES:
        (PAGES_DIR / page.file).write_text(page_text(page, by_page[page.file], anchor_page),
                                           encoding="utf-8")
        print(f"wrote docs/modding/{page.file}")
    DOC.write_text(index_text(intro, by_page), encoding="utf-8")
    print("wrote MODDING.md (the index)")
    # Links from the other Markdown files to sections of MODDING.md follow them.
    for path in markdown_files():
        if path == DOC or path.parent == PAGES_DIR:
            continue
        old = path.read_text(encoding="utf-8")
        new = re.sub(
            r"(\]\()([^()\s#]*MODDING\.md)#([^()\s]+)\)",
            lambda m, p=path: _moved_anchor(m, p, anchor_page), old)
        if new != old:
            path.write_text(new, encoding="utf-8")
            print(f"updated the links to MODDING.md in {path.relative_to(ROOT)}")
    return 0


def _moved_anchor(match: re.Match[str], path: Path, anchor_page: dict[str, Path]) -> str:
    if (path.parent / match.group(2)).resolve() != DOC or match.group(3) not in anchor_page:
        return match.group(0)
    new = os.path.relpath(anchor_page[match.group(3)], path.parent).replace(os.sep, "/")
    return f"{match.group(1)}{new}#{match.group(3)})"


if __name__ == "__main__":
    sys.exit(main())
