"""Links between the project's Markdown files, as GitHub renders them.

``tests/test_doc_links.py`` checks with these that every relative link and picture in the
Markdown files leads to a file that exists, and every ``#anchor`` to a heading there.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: ``[text](target)`` and ``![alt](target)``; a target has no spaces or parentheses here
LINK = re.compile(r"(!?\[(?:[^\[\]]|\[[^\]]*\])*\])\(([^()\s]+)\)")
HEADING = re.compile(r"^(#{1,6}) +(.+?) *#*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def markdown_files(root: Path = ROOT) -> list[Path]:
    """The Markdown files git knows (tracked or new, not ignored), or every one on disk
    outside hidden folders and ``.venv`` when this is not a git checkout."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                              "*.md"], cwd=root, capture_output=True, text=True, check=True)
        return sorted(root / line for line in out.stdout.splitlines()
                      if (root / line).is_file())
    except (OSError, subprocess.CalledProcessError):
        return sorted(p for p in root.rglob("*.md")
                      if not any(part.startswith(".") for part in p.relative_to(root).parts))


def prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """(1-based number, line) of the lines outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the rendered text in lower case, without
    punctuation but ``-`` and ``_``, spaces turned into ``-``."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = text.replace("`", "").replace("*", "").lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors(text: str) -> list[str]:
    """Every heading's anchor, in order; repeated headings get ``-1``, ``-2``..."""
    seen: dict[str, int] = {}
    out = []
    for _number, line in prose_lines(text):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.append(base if count == 0 else f"{base}-{count}")
    return out


def links(text: str) -> Iterator[tuple[int, str]]:
    """(line number, target) of every link and picture outside code blocks and spans."""
    for number, line in prose_lines(text):
        line = re.sub(r"`[^`]*`", "", line)
        for match in LINK.finditer(line):
            yield number, match.group(2)


def split_links(text: str) -> Iterator[int]:
    """Line numbers where a link's text is cut by the line's end and its target follows on
    the next line: GitHub renders it, but ``links`` reads one line at a time and would not
    check it."""
    lines = list(prose_lines(text))
    for (number, line), (after, following) in zip(lines, lines[1:], strict=False):
        line = re.sub(r"`[^`]*`", "", line)
        opened = line.rfind("[")
        if after == number + 1 and opened > line.rfind("]") and re.match(
                r"^[^\[\]]*\]\(", following):
            yield number


def is_external(target: str) -> bool:
    return re.match(r"^[a-z][a-z0-9+.-]*:", target) is not None


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with the relative links of one Markdown file, one line each."""
    text = path.read_text(encoding="utf-8")
    problems = []
    for number in split_links(text):
        problems.append(f"{os.path.relpath(path, root)}:{number}: a link's text runs onto the "
                        "next line; keep a link on one line, so that it is checked")
    for number, target in links(text):
        if is_external(target):
            continue
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        where = f"{os.path.relpath(path, root)}:{number}: {target}"
        if not dest.exists():
            problems.append(f"{where}: no such file")
            continue
        if anchor and dest.suffix == ".md" and anchor not in anchors(
                dest.read_text(encoding="utf-8")):
            problems.append(f"{where}: no heading #{anchor} in {os.path.relpath(dest, root)}")
    return problems
