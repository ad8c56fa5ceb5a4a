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
            (f"{package}/rules.py", "the rules engine: a race along a short track"),
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
- `__PKG__/rules.py`: the rules engine (`Rules`, from `game.modkit`, the one module of
  Aztec Arcade a mod imports); its `parameters` schema says what the YAML may contain.
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

_TEMPLATES["__PKG__/rules.py"] = '''\
"""The rules of __TITLE__: a race along a short track.

One runner stands before the first space of a track of ``length`` spaces. In turn, each
player moves it 1 to ``max_step`` spaces forward (never past the last space); whoever
brings it onto the last space wins. Each player scores the spaces they moved it.

The engine contract (see game/core/engine.py and docs/modding/rules-engine.md in Aztec
Arcade): the rules object is built once from the validated YAML parameters and never
changes; the state is a plain dict that ``apply`` changes and ``to_dict``/``from_dict``
turn into JSON types and back. The rules declare the optional facets they answer
(``Presentation`` here; ``BotHooks`` for the computer players' hooks).
Actions are canonical lower-case strings, ``legal_actions`` lists exactly what ``apply``
accepts, and ``apply`` refuses anything else with ``IllegalAction`` and a reason, before
changing anything.
"""

from __future__ import annotations

from typing import Any

from game.modkit import (
    Context,
    Event,
    Field,
    GameType,
    IllegalAction,
    Int,
    Obj,
    Presentation,
    Rules,
    Seat,
    Text,
    plain_number,
    quote,
)

from __PKG__.text import _

State = dict[str, Any]


class __CLASS__Rules(Rules[State], Presentation[State]):
    """The rules, and the screens' hooks (the Presentation facet: how a move reads in
    the log and on the buttons). A game whose computer players need help would add
    BotHooks[State] too (evaluate, candidates, determinize for hidden parts)."""

    engine_id = "__NAME__"
    #: nothing is hidden and nothing is left to chance (change it when yours is)
    game_type = GameType(information="perfect", chance="none")
    parameters = Obj({
        "length": Field(Int(min=2, max=40), "Spaces on the track.", default=12),
        "max_step": Field(Int(min=1, max=9), "Most spaces one turn may move the runner.",
                          default=3),
    })
    playout_limit = 200

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        if params["max_step"] >= params["length"]:
            ctx.error(("max_step",), "must be smaller than length, or the first player "
                      "always wins at once")

    # -- the state -------------------------------------------------------------------
    def new_state(self, seed: int) -> dict[str, Any]:
        return {"pos": 0, "turn": 0, "moved": [0] * self.players, "winner": None}

    def to_dict(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"pos": state["pos"], "turn": state["turn"], "moved": list(state["moved"]),
                "winner": state["winner"]}

    def from_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        pos, turn, winner = int(data["pos"]), int(data["turn"]), data["winner"]
        moved = [int(m) for m in data["moved"]]
        if not 0 <= pos <= self.params["length"] or not 0 <= turn < self.players:
            raise ValueError("runner or turn out of range")
        if len(moved) != self.players or (winner is not None and winner not in
                                          range(self.players)):
            raise ValueError("wrong number of players")
        return {"pos": pos, "turn": turn, "moved": moved, "winner": winner}

    # -- queries ---------------------------------------------------------------------
    def current_player(self, state: dict[str, Any]) -> int | None:
        return None if state["winner"] is not None else state["turn"]

    def left(self, state: dict[str, Any]) -> int:
        """Spaces between the runner and the last space."""
        return self.params["length"] - state["pos"]

    def legal_actions(self, state: dict[str, Any]) -> list[str]:
        if state["winner"] is not None:
            return []
        most = min(self.params["max_step"], self.left(state))
        return [f"move {n}" for n in range(1, most + 1)]

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["winner"] is not None

    def scores(self, state: dict[str, Any]) -> list[int]:
        return list(state["moved"])

    def winners(self, state: dict[str, Any]) -> list[int]:
        return [] if state["winner"] is None else [state["winner"]]

    def describe_action(self, state: dict[str, Any], action: str) -> Text:
        steps = int(action.split()[1])
        return _.n("Move the runner {n} space to space {space}",
                   "Move the runner {n} spaces to space {space}",
                   n=steps, space=state["pos"] + steps)

    # -- the one action --------------------------------------------------------------
    def apply(self, state: dict[str, Any], action: str) -> tuple[str, list[Event]]:
        if action not in self.legal_actions(state):
            raise IllegalAction(self._refusal(state, action))
        seat, steps = state["turn"], int(action.split()[1])
        state["pos"] += steps
        state["moved"][seat] += steps
        events = [Event("move", _("{player} moves the runner {steps} to space {space}",
                                  you="You move the runner {steps} to space {space}",
                                  player=Seat(seat), steps=steps, space=state["pos"]),
                        seat, points=steps)]
        if state["pos"] == self.params["length"]:
            state["winner"] = seat
            events.append(Event("game_over", _("{player} reaches the last space and wins",
                                               you="You reach the last space and win",
                                               player=Seat(seat)), seat))
        else:
            state["turn"] = (seat + 1) % self.players
        return action, events

    def _refusal(self, state: dict[str, Any], action: str) -> Text:
        """Why ``action`` is not legal now, in words for the player (a message: each
        reader sees it in their language)."""
        if state["winner"] is not None:
            return _("the race is over")
        word, _space, number = action.partition(" ")
        steps = plain_number(number)
        if word != "move" or steps is None:
            return _("{action} is not an action of this game; write move N, e.g. move 1",
                     action=quote(action))
        if str(steps) != number:
            return _("write the number plainly: move {steps}", steps=steps)
        if not 1 <= steps <= self.params["max_step"]:
            return _("a turn moves the runner 1 to {most} spaces",
                     most=self.params["max_step"])
        return _("the runner would run past the last space ({left} left)",
                 left=self.left(state))
'''

_TEMPLATES["__PKG__/view.py"] = '''\
"""The board view of __TITLE__ for the Aztec Arcade client.

The play screen (game/ui/scenes/play.py) draws the frame: players and scores, the status
line, the action log, undo and menus. This view draws the track into the board area and
turns input into actions. Coordinates are logical units of a 1920x1080 screen, whatever
the window size; ``area`` is (x, y, width, height). ``draw`` must not change anything.

Keys: 1-9 move that many spaces, Left/Right choose, Enter moves; or click a space.
"""

from __future__ import annotations

from typing import Any

from game.modkit import BoardView, draw_panel, inside, theme


class __CLASS__View(BoardView):
    shortcuts = (("1-9", "Move N"), ("Left/Right", "Choose"), ("Enter", "Move"))

    def __init__(self, session: Any, app: Any) -> None:
        super().__init__(session, app)
        self.choice = 1

    # -- helpers ---------------------------------------------------------------------
    @property
    def rules(self) -> Any:
        return self.session.game.rules

    @property
    def state(self) -> Any:
        return self.session.game.state

    def _space_rect(self, area: tuple[float, float, float, float], i: int
                    ) -> tuple[float, float, float, float]:
        """Space ``i`` (0 = the start, length = the last space) as x, y, w, h."""
        x, y, w, h = area
        count = self.rules.params["length"] + 1
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
        length = self.rules.params["length"]
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
        left = self.rules.params["length"] - self.state["pos"]
        lines = [f"{left} spaces to the goal",
                 f"Move 1 to {self.rules.params['max_step']} a turn",
                 "Reach the last space to win"]
        for i, line in enumerate(lines):
            screen.text(line, x + 24, top + 10 + i * 48, theme.FONT_BODY, theme.TEXT)
'''

_TEMPLATES["tests/test___PKG__.py"] = TESTS
