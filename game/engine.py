"""The engine protocol every game family implements.

A :class:`Rules` object is built once from validated parameters and a player count and is
never mutated afterwards; it holds precomputed geometry. All changing data lives in a
separate *state* object that the rules create, mutate in ``apply`` and serialise to plain
JSON types. The split keeps the rules pure and lets bots and the client clone states
cheaply.

Hidden information and the other protocol points that later games need:

* **Decisions out of turn**: ``current_player(state)`` is whichever seat must decide now.
  It may differ from the seat whose turn it is (a vote, a reaction card).
* **Secret and simultaneous choices** are modelled as sequential decisions; the chosen
  values stay inside the state and ``view`` hides them until the rules reveal them.
* **Private hands**: ``view(state, seat)`` returns only what that seat may know. Hidden
  parts are replaced by ``{"hidden": count}``; ``seat=None`` is a spectator's view.
* **Chance**: a seeded :class:`game.rng.Rng` whose integer state lives in the game state.
  Draws happen inside ``apply``; ``view`` never exposes the generator or unseen order.
* **Events** carry ``visible_to`` for private information and ``barrier`` for chance or a
  revealed secret; undo never crosses a barrier.
* ``redact(action, actor, seat)`` says how an action shows in the log to another seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from game.errors import ConfigIssue
from game.events import Event
from game.rng import Rng
from game.schema import Context, Obj


class Rules(ABC):
    """Base class for a rules engine (one game family)."""

    #: Name that variant YAML files use in their ``plugin:`` key.
    engine_id: ClassVar[str]
    #: Schema of the YAML ``parameters`` mapping (and of ``options``).
    parameters: ClassVar[Obj]
    #: Upper bound on actions in one game under ``playout_action``; the conformance
    #: suite fails a game that runs longer.
    playout_limit: ClassVar[int] = 100_000

    def __init__(self, params: dict[str, Any], players: int) -> None:
        self.params = params
        self.players = players

    @classmethod
    def check_players(cls, params: dict[str, Any], players: int) -> list[ConfigIssue]:
        """Problems that only show for a given player count (e.g. too few start spaces)."""
        return []

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        """Cross-field checks beyond the schema; report through ``ctx.error``."""
        return None

    @abstractmethod
    def new_state(self, seed: int) -> Any:
        """A fresh game; any setup chance is drawn from ``seed``."""

    @abstractmethod
    def current_player(self, state: Any) -> int | None:
        """The seat that must decide now, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: Any) -> list[str]:
        """Exactly the canonical actions ``apply`` accepts now."""

    @abstractmethod
    def apply(self, state: Any, action: str) -> tuple[str, list[Event]]:
        """Apply ``action``; return its canonical form and the events it caused.

        Must raise :class:`game.errors.IllegalAction` *before* changing anything.
        """

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def scores(self, state: Any) -> list[int]: ...

    @abstractmethod
    def winners(self, state: Any) -> list[int]:
        """Seats that won; empty while the game runs."""

    @abstractmethod
    def to_dict(self, state: Any) -> dict[str, Any]:
        """The whole state as JSON types; ``from_dict`` must restore it exactly."""

    @abstractmethod
    def from_dict(self, data: dict[str, Any]) -> Any:
        """Rebuild a state; raise ``ValueError``/``KeyError``/``TypeError`` on bad data."""

    def clone(self, state: Any) -> Any:
        return self.from_dict(self.to_dict(state))

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know. Games without secrets show everything but the RNG."""
        data = self.to_dict(state)
        data.pop("rng", None)
        return data

    def redact(self, action: str, actor: int | None, seat: int | None) -> str:
        """How ``action`` by ``actor`` appears in the log shown to ``seat``."""
        return action

    def playout_action(self, state: Any, rng: Rng) -> str:
        """A cheap move for random playouts; uniform over legal actions by default."""
        return rng.choice(self.legal_actions(state))

    def describe_action(self, state: Any, action: str) -> str:
        """A sentence for the log; the canonical text by default."""
        return action
