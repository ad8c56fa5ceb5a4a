"""A rules plugin that breaks on request, for the client's plugin-isolation tests.

``Flaky`` is the race of ``tests/race_rules.py`` (step 1 or 2 towards a finish line) with
a switch: put a method's name in ``Flaky.broken`` and from then on that method raises
("apply halfway": ``apply`` changes the state, then raises).
``FlakyView`` is its board view, with the same switch for its own methods. The drop-in
plugin that the tests install (:func:`dropin_source`) imports both from this module, so a
test flips the switch on the very classes the client plays with.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.core.facets import BotHooks, Presentation
from game.kit.client.boardview import BoardView
from tests.race_rules import Race

#: every Rules method the client or the bots may call, each of which can be broken
RULES_METHODS = (
    "new_state", "current_player", "legal_actions", "apply", "is_over", "scores",
    "winners", "to_dict", "from_dict", "clone", "view", "redact", "player_aid", "turn_seat",
    "playout_action", "describe_action", "evaluate", "determinize", "candidates")
#: the board view's methods that can be broken ("__init__": building it)
VIEW_METHODS = ("__init__", "handle", "update", "draw", "draw_panel", "results_table")


def broke(name: str) -> RuntimeError:
    return RuntimeError(f"{name} broke on purpose")


class Flaky(Race, BotHooks[dict[str, Any]], Presentation[dict[str, Any]]):
    """The race, answering both facets (their defaults), so each hook can break."""

    engine_id = "flaky"
    #: the methods that raise now
    broken: ClassVar[set[str]] = set()


def _breakable(name: str) -> Any:
    own = getattr(Flaky, name)  # the race's own, or the facet's default

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        if name in Flaky.broken:
            raise broke(name)
        if name == "apply" and "apply halfway" in Flaky.broken:
            state = args[0]  # the runner moves five spaces, then the rules give up
            state["pos"][state["turn"]] += 5
            raise broke(name)
        return own(self, *args, **kwargs)

    method.__name__ = name
    return method


for _name in RULES_METHODS:
    setattr(Flaky, _name, _breakable(_name))


def _check_players(cls: Any, params: dict[str, Any], players: int) -> list[Any]:
    if "check_players" in Flaky.broken:  # asked when a save is read, too
        raise broke("check_players")
    return []


Flaky.check_players = classmethod(_check_players)  # type: ignore[method-assign]


class FlakyView(BoardView):
    """Enter (or a click) takes the longest step; the board is a row of runners."""

    broken: ClassVar[set[str]] = set()

    def __init__(self, session: Any, app: Any) -> None:
        self._check("__init__")
        super().__init__(session, app)

    def _check(self, name: str) -> None:
        if name in FlakyView.broken:
            raise broke(name)

    def handle(self, intent: Any, area: Any) -> str | None:
        self._check("handle")
        legal = self.session.legal()
        if intent.kind in ("confirm", "click") and legal:
            return legal[-1]
        return None

    def update(self, dt: float) -> None:
        self._check("update")

    def draw(self, screen: Any, area: Any) -> None:
        self._check("draw")
        x, y, w, h = area
        screen.box(x, y, w, h, (40, 70, 60))
        for seat, pos in enumerate(self.session.game.view(None)["pos"]):
            screen.circle(x + 60 + pos * 90, y + 80 + seat * 90, 30, (230, 159, 0))

    def draw_panel(self, screen: Any, area: Any) -> None:
        self._check("draw_panel")

    def results_table(self) -> dict[str, Any] | None:
        self._check("results_table")
        return {"title": "Finish line", "headers": ["", "Position"],
                "rows": [[self.session.name(s), str(p)] for s, p in
                         enumerate(self.session.game.scores)]}


def dropin_source() -> str:
    """The drop-in plugin file: it registers the classes of this very module."""
    return (
        '"""The flaky race, installed as a drop-in plugin by the isolation tests."""\n'
        "from game.core.hookspecs import hookimpl\n"
        f"from {__name__} import Flaky, FlakyView\n\n\n"
        "@hookimpl\n"
        "def register_rules(register):\n"
        "    register(Flaky)\n\n\n"
        "@hookimpl\n"
        "def register_views(register):\n"
        '    register("flaky", FlakyView)\n')


VARIANT = """\
id: flaky-race
name: Flaky race
description: A race to the finish line whose plugin breaks when a test says so.
players: {min: 2, max: 4}
plugin: flaky
parameters:
  target: 9
"""
