"""``aztec-arcade new-variant NAME``: a new variant as a pip-installable package.

The package holds a real, tiny game (a race along a short track, a take-away game in
disguise) so that everything works before the modder changes a line: the entry point, the
plugin's three hooks, the YAML variant, a board view and tests that run the conformance
kit. The modder then reshapes the rules, the numbers and the view.

Nothing is written unless everything can be: a bad name or an existing target folder is
refused before the first file, and the files are written into a temporary folder that is
renamed into place at the end.
"""

from __future__ import annotations

import importlib.util
import keyword
import re
import shutil
import tempfile
from pathlib import Path

from game.core.errors import AztecArcadeError, quote
from game.kit.scaffold.catalogue import GERMAN, TEXT
from game.kit.scaffold.engine import LEGAL, PRESENT, RULES, TABLE, VERBS
from game.kit.scaffold.lesson import LESSON
from game.kit.scaffold.testfile import TESTS

NAME_RE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_NAME = 40


class ScaffoldError(AztecArcadeError):
    """The package cannot be created; nothing was written."""


def check_name(name: str, installed: set[str] | None = None) -> str:
    """The package (import) name for variant ``name``; ScaffoldError if it is unusable.

    ``installed`` holds the variant and engine ids already installed, which a new one
    must not repeat.
    """
    if not isinstance(name, str) or not NAME_RE.fullmatch(name):
        raise ScaffoldError(
            f"{quote(name)} is not a usable variant name: use lower-case letters, digits and "
            "single hyphens, starting with a letter (e.g. pyramid-race)")
    if len(name) > MAX_NAME:
        raise ScaffoldError(f"{quote(name)} is too long: at most {MAX_NAME} characters")
    package = name.replace("-", "_")
    if keyword.iskeyword(package) or package in ("game", "variants", "tests", "test"):
        raise ScaffoldError(f"{quote(name)} cannot be used: {package!r} is reserved in Python "
                            "or by Aztec Arcade; choose another name")
    try:
        found = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        found = None
    if found is not None:
        raise ScaffoldError(f"{quote(name)} cannot be used: a Python module named {package!r} "
                            f"is already installed ({found.origin or 'a namespace'}), and "
                            "the new package would clash with it; choose another name")
    if installed and name in installed:
        raise ScaffoldError(f"{quote(name)} cannot be used: a variant or rules engine with that "
                            "id is already installed (see 'aztec-arcade list')")
    return package


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-"))


def _title(name: str) -> str:
    return " ".join(part.capitalize() for part in name.split("-"))


def render(name: str, package: str) -> dict[str, str]:
    """Relative path -> text of every file of the package for variant ``name``."""
    words = {"__NAME__": name, "__PKG__": package, "__CLASS__": _class_name(name),
             "__TITLE__": _title(name)}

    def fill(text: str) -> str:
        for token, value in words.items():
            text = text.replace(token, value)
        return text

    return {fill(path): fill(text) for path, text in _TEMPLATES.items()}


def new_variant(name: str, folder: str | Path = ".", installed: set[str] | None = None
                ) -> Path:
    """Create the package for variant ``name`` in ``folder``/``name``; return its path."""
    package = check_name(name, installed)
    parent = Path(folder)
    if not parent.is_dir():
        if parent.exists():
            raise ScaffoldError(f"{quote(str(parent))} is a file, not a folder; name the "
                                "folder to create the package in")
        raise ScaffoldError(f"the folder {quote(str(parent))} does not exist")
    target = parent / name
    if target.exists() or target.is_symlink():
        raise ScaffoldError(f"{str(target)!r} already exists; choose another name or "
                            "folder (nothing was written)")
    files = render(name, package)
    staging = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=parent))
    try:
        for relative, text in files.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        staging.rename(target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise ScaffoldError(f"cannot create {str(target)!r}: {exc.strerror or exc}") from None
    return target


def next_steps(name: str, target: Path) -> str:
    """What to do after ``new_variant``, for the command line."""
    package = name.replace("-", "_")
    rows = [("pyproject.toml", "the entry point (group aztec_arcade.variants)"),
            (f"{package}/plugin.py", "register_rules, register_variants, register_views, "
             "register_lessons"),
            (f"{package}/rules.py", "the rules engine's facade: a race along a short track"),
            (f"{package}/table.py", "what the parameters fix, read once"),
            (f"{package}/legal.py", "what may be played now"),
            (f"{package}/verbs.py", "each verb's check, handler and sentence"),
            (f"{package}/present.py", "how a move reads in the log and on the buttons"),
            (f"{package}/{name}.yaml", "the variant: name, players, track length, steps"),
            (f"{package}/view.py", "the board view (pygame)"),
            (f"{package}/text.py", "the game's catalogue: its texts as messages"),
            (f"{package}/locale/de/LC_MESSAGES/{package}.po", "the German translation"),
            (f"{package}/lessons/{name}.yaml", "a two-step lesson (Learn to play)"),
            (f"tests/test_{package}.py", "the conformance kit and a few rule tests")]
    width = max(len(path) for path, _ in rows) + 2
    files = "\n".join(f"  {path:<{width}}{what}" for path, what in rows)
    return f"""\
Created {target}/, a pip-installable variant package:
{files}

Next:
  cd {target}
  pip install -e .           # install it: the game finds it through the entry point
  aztec-arcade list          # shows '{name}', from package aztec-arcade-{name}
  python -m pytest           # the conformance kit and the rule tests
  aztec-arcade play --dev    # play it; edits to the YAML file reload while you play
docs/modding/ (in Aztec Arcade) has the hooks, the YAML schema and the notation rules."""


_TEMPLATES: dict[str, str] = {}

_TEMPLATES["pyproject.toml"] = '''\
[build-system]
requires = ["hatchling>=1.18"]
build-backend = "hatchling.build"

[project]
name = "aztec-arcade-__NAME__"
version = "0.1.0"
description = "__TITLE__: a variant for Aztec Arcade."
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["aztec-arcade>=0.1"]

[project.optional-dependencies]
test = ["pytest>=7.4"]

# This line is what makes Aztec Arcade find the game once the package is installed.
[project.entry-points."aztec_arcade.variants"]
__NAME__ = "__PKG__.plugin"

[tool.hatch.build.targets.wheel]
packages = ["__PKG__"]
# `pip install -e .` puts this folder on the import path itself (no `editables` needed)
dev-mode-dirs = ["."]

[tool.pytest.ini_options]
testpaths = ["tests"]
pythonpath = ["."]
'''

_TEMPLATES["README.md"] = '''\
# __TITLE__

A variant for Aztec Arcade, made with `aztec-arcade new-variant __NAME__`.

Players take turns moving one shared runner 1 to `max_step` spaces along a track of
`length` spaces; whoever brings it onto the last space wins. Each player scores the
spaces they moved it.

```sh
pip install -e .            # Aztec Arcade finds the game through its entry point
aztec-arcade list           # '__NAME__' is listed, with this package as its source
python -m pytest            # the conformance kit and the rule tests
aztec-arcade play --dev     # play; edit __PKG__/__NAME__.yaml and it reloads
aztec-arcade validate __PKG__/__NAME__.yaml
```

- `__PKG__/__NAME__.yaml`: the variant (name, players, the numbers of the game).
- `__PKG__/rules.py`: the rules engine's facade (`Rules`, from `game.modkit`, the one
  module of Aztec Arcade a mod imports); its `parameters` schema says what the YAML may
  contain. Each part of the rules lives in the module named for it, as in Aztec Arcade's
  own games: `table.py` (what the parameters fix), `legal.py` (what may be played),
  `verbs.py` (each verb's check, handler and sentence), `present.py` (how a move reads).
- `__PKG__/view.py`: how the board looks and how input becomes actions.
- `__PKG__/plugin.py`: the hooks that hand all three to the game.
'''

_TEMPLATES["__PKG__/__init__.py"] = '''\
"""__TITLE__, a variant for Aztec Arcade."""
'''

_TEMPLATES["__PKG__/plugin.py"] = '''\
"""The plugin: hands the rules, the variant file and the board view to Aztec Arcade.

Aztec Arcade imports this module through the entry point in pyproject.toml. Keep it
light: the view (and so pygame) is imported inside ``register_views`` only, so the rules
also run headless (tests, bots, ``aztec-arcade simulate``). Every module of the package
imports from ``game.modkit`` only: that is the part of Aztec Arcade that stays put.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.modkit import hookimpl

from __PKG__.rules import __CLASS__Rules

HERE = Path(__file__).resolve().parent


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(__CLASS__Rules)


@hookimpl
def register_variants(register: Callable[[Path], None]) -> None:
    register(HERE / "__NAME__.yaml")


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from __PKG__.view import __CLASS__View  # pygame loads only in the client

    register(__CLASS__Rules.engine_id, __CLASS__View)


@hookimpl
def register_lessons(register: Callable[[Path], None]) -> None:
    register(HERE / "lessons" / "__NAME__.yaml")  # "Learn to play" on the title screen
'''

_TEMPLATES["__PKG__/lessons/__NAME__.yaml"] = LESSON
_TEMPLATES["__PKG__/text.py"] = TEXT
_TEMPLATES["__PKG__/locale/de/LC_MESSAGES/__PKG__.po"] = GERMAN

_TEMPLATES["__PKG__/__NAME__.yaml"] = '''\
# __TITLE__: every number of the game lives here; the rules engine holds the mechanisms.
# Check this file with: aztec-arcade validate __PKG__/__NAME__.yaml
id: __NAME__
name: __TITLE__
description: >-
  Move the runner 1 to 3 spaces a turn; whoever brings it onto the last space wins.
players: {min: 2, max: 4}
plugin: __NAME__
exposed: [length]

parameters:
  length: 12      # spaces on the track
  max_step: 3     # most spaces one turn may move the runner
'''

_TEMPLATES["__PKG__/rules.py"] = RULES
_TEMPLATES["__PKG__/table.py"] = TABLE
_TEMPLATES["__PKG__/legal.py"] = LEGAL
_TEMPLATES["__PKG__/verbs.py"] = VERBS
_TEMPLATES["__PKG__/present.py"] = PRESENT

_TEMPLATES["__PKG__/view.py"] = '''\
"""The board view of __TITLE__ for the Aztec Arcade client.

The play screen (game/ui/scenes/play.py) draws the frame: players and scores, the status
line, the action log, undo and menus. This view draws the track into the board area and
turns input into actions. Coordinates are logical units of a 1920x1080 screen, whatever
the window size; ``area`` is (x, y, width, height). ``draw`` must not change anything.

Keys: 1-9 move that many spaces, Left/Right choose, Enter moves; or click a space.
"""

from __future__ import annotations

from typing import Any, cast

from game.modkit import BoardView, draw_panel, inside, theme

from __PKG__.rules import __CLASS__Rules
from __PKG__.table import __CLASS__Table


class __CLASS__View(BoardView):
    shortcuts = (("1-9", "Move N"), ("Left/Right", "Choose"), ("Enter", "Move"))

    def __init__(self, session: Any, app: Any) -> None:
        super().__init__(session, app)
        self.choice = 1

    # -- helpers ---------------------------------------------------------------------
    @property
    def table(self) -> __CLASS__Table:
        """What the parameters fix (``length``, ``max_step``): the rules' table."""
        return cast("__CLASS__Rules", self.session.game.rules).table

    @property
    def state(self) -> Any:
        return self.session.game.state

    def _space_rect(self, area: tuple[float, float, float, float], i: int
                    ) -> tuple[float, float, float, float]:
        """Space ``i`` (0 = the start, length = the last space) as x, y, w, h."""
        x, y, w, h = area
        count = self.table.length + 1
        size = min((w - 80) / count, 120.0)
        left = x + (w - size * count) / 2
        return left + i * size + 4, y + h / 2 - size / 2, size - 8, size - 8

    def _most(self) -> int:
        return len(self.session.legal())

    # -- input -----------------------------------------------------------------------
    def handle(self, intent: Any, area: tuple[float, float, float, float]) -> str | None:
        most = self._most()
        if most == 0:
            return None
        self.choice = max(1, min(self.choice, most))
        if intent.kind == "left":
            self.choice = most if self.choice == 1 else self.choice - 1
        elif intent.kind == "right":
            self.choice = 1 if self.choice == most else self.choice + 1
        elif intent.kind == "digit" and isinstance(intent.value, int):
            return f"move {intent.value}"  # the rules refuse it with a reason if need be
        elif intent.kind == "confirm":
            return f"move {self.choice}"
        elif intent.kind in ("click", "point") and intent.pos is not None:
            pos = self.state["pos"]
            for steps in range(1, most + 1):
                if inside(intent.pos, self._space_rect(area, pos + steps)):
                    self.choice = steps
                    if intent.kind == "click":
                        return f"move {steps}"
        self.status = f"Enter: move the runner {self.choice} (to space " \\
                      f"{self.state['pos'] + self.choice})"
        return None

    def on_events(self, action: str, events: list[Any]) -> None:
        self.choice = 1
        self.status = ""

    def on_reset(self) -> None:
        self.choice = 1
        self.status = ""

    # -- drawing ---------------------------------------------------------------------
    def draw(self, screen: Any, area: tuple[float, float, float, float]) -> None:
        draw_panel(screen, *area, title="__TITLE__")
        length = self.table.length
        pos = self.state["pos"]
        colours = self.session.colours
        seat = self.session.game.current_player
        reach = pos + (self._most() if seat is not None else 0)
        for i in range(length + 1):
            x, y, w, h = self._space_rect(area, i)
            fill = theme.LAND if i else theme.PANEL_LIGHT
            if i == length:
                fill = theme.PALACE
            elif pos < i <= reach:
                fill = theme.LAND_DARK
            screen.box(x, y, w, h, fill, radius=10)
            if seat is not None and i == pos + self.choice:
                screen.box(x, y, w, h, theme.ACCENT, radius=10, width=5)
            screen.text(str(i), x + w / 2, y + h + 24, theme.FONT_SMALL, theme.TEXT_DIM,
                        "center")
        x, y, w, h = self._space_rect(area, pos)
        runner = colours[seat] if seat is not None else theme.TEXT
        screen.circle(x + w / 2, y + h / 2, w * 0.32, runner)
        screen.circle(x + w / 2, y + h / 2, w * 0.32, theme.BG, width=3)

    def draw_panel(self, screen: Any, area: tuple[float, float, float, float]) -> None:
        x, y, w, h = area
        top = draw_panel(screen, x, y, w, h, "The race")
        left = self.table.length - self.state["pos"]
        lines = [f"{left} spaces to the goal",
                 f"Move 1 to {self.table.max_step} a turn",
                 "Reach the last space to win"]
        for i, line in enumerate(lines):
            screen.text(line, x + 24, top + 10 + i * 48, theme.FONT_BODY, theme.TEXT)
'''

_TEMPLATES["tests/test___PKG__.py"] = TESTS
