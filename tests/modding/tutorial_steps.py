"""The steps of the modding tutorial (docs/modding/tutorial.md), read from its Markdown.

Every code block of the tutorial is preceded by a comment that says, for a machine, what
the prose around it says for a person: where the block goes, or that it is run::

    <!-- tutorial: run -->                                   shell commands, in order
    <!-- tutorial: replace FILE lines 'START' 'END' -->      from the line starting START
                                                             up to the one starting END
                                                             (``end``: the end of the file)
    <!-- tutorial: replace FILE line 'TEXT' -->              the one line holding TEXT
    <!-- tutorial: insert FILE after 'TEXT' -->              after the one line holding TEXT
    <!-- tutorial: append FILE -->                           at the end of FILE
    <!-- tutorial: skip (why) -->                            not followed here

The comments do not show on GitHub. The tests apply the steps in the tutorial's order, so
when the scaffold changes, the step that no longer fits fails with its line.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "docs" / "modding" / "tutorial.md"
BLOCK = re.compile(r"^<!-- tutorial: (?P<directive>.*?) -->\n```(?P<lang>\w*)\n(?P<body>.*?)^```$",
                   re.S | re.M)
FENCE = re.compile(r"^```\w", re.M)


class StepMismatch(AssertionError):
    """A step of the tutorial does not fit the package it is applied to."""


@dataclass(frozen=True)
class Step:
    line: int           #: where the code block starts in the tutorial (1-based)
    kind: str           #: run, replace, insert, append or skip
    args: tuple[str, ...]
    body: str

    @property
    def where(self) -> str:
        return f"{TUTORIAL.relative_to(ROOT)}:{self.line}"

    def commands(self) -> list[list[str]]:
        """A ``run`` step's commands, each split into words, comments dropped."""
        return [words for line in self.body.splitlines()
                if (words := shlex.split(line, comments=True))]

    def apply(self, package: Path) -> None:
        """Make this step's edit to the package folder ``package``."""
        path = package / self.args[0]
        if not path.is_file():
            raise StepMismatch(f"{self.where}: no file {self.args[0]} in the package")
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True)
        if self.kind == "append":
            new = text.rstrip("\n") + "\n\n\n" + self.body
        elif self.kind == "insert":
            at = self._one_line(lines, self.args[2]) + 1
            new = "".join(lines[:at]) + self.body + "".join(lines[at:])
        elif self.args[1] == "line":
            at = self._one_line(lines, self.args[2])
            new = "".join(lines[:at]) + self.body + "".join(lines[at + 1:])
        else:
            start = self._first_starting(lines, self.args[2], 0)
            end = len(lines) if self.args[3] == "end" else self._first_starting(
                lines, self.args[3], start + 1)
            new = "".join(lines[:start]) + self.body + "".join(lines[end:])
        path.write_text(new, encoding="utf-8")

    def _one_line(self, lines: list[str], holding: str) -> int:
        found = [i for i, line in enumerate(lines) if holding in line]
        if len(found) != 1:
            raise StepMismatch(f"{self.where}: {len(found)} lines of {self.args[0]} hold "
                               f"{holding!r}; the step needs exactly one")
        return found[0]

    def _first_starting(self, lines: list[str], prefix: str, start: int) -> int:
        for i in range(start, len(lines)):
            if lines[i].startswith(prefix):
                return i
        raise StepMismatch(f"{self.where}: no line of {self.args[0]} starts with {prefix!r}")


def steps(text: str | None = None) -> list[Step]:
    """Every code block of the tutorial as a step, in order; a block without its comment
    is an error, so no step can be added to the page without being followed."""
    text = TUTORIAL.read_text(encoding="utf-8") if text is None else text
    out = []
    for match in BLOCK.finditer(text):
        words = shlex.split(match["directive"])
        line = text.count("\n", 0, match.start("lang")) + 1
        kind, args = words[0], tuple(words[1:])
        shapes = {"run": lambda a: not a, "skip": lambda a: True,
                  "append": lambda a: len(a) == 1,
                  "insert": lambda a: len(a) == 3 and a[1] == "after",
                  "replace": lambda a: (len(a) == 3 and a[1] == "line")
                  or (len(a) == 4 and a[1] == "lines")}
        if kind not in shapes or not shapes[kind](args):
            raise StepMismatch(f"{TUTORIAL.name}:{line}: cannot read the step "
                               f"{match['directive']!r}")
        out.append(Step(line, kind, args, match["body"]))
    blocks = len(FENCE.findall(text))
    if blocks != len(out):
        raise StepMismatch(f"{TUTORIAL.name}: {blocks - len(out)} code block(s) without a "
                           "'<!-- tutorial: ... -->' comment just above them")
    return out
