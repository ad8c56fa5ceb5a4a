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
* **Chance**: a seeded :class:`game.core.rng.Rng` whose integer state lives in the game state.
  Draws happen inside ``apply``; ``view`` never exposes the generator or unseen order.
* **Events** carry ``visible_to`` for private information and ``barrier`` for chance or a
  revealed secret; undo never crosses a barrier.
* ``redact(action, actor, seat)`` says how an action shows in the log to another seat.
* ``why_not(state, action)`` says why ``apply`` would refuse an action (None if it would
  not), so that views explain a move without trying it on a copy.
* ``game_type`` (a :class:`GameType`) declares what the game hides and whether it has
  chance, in the spirit of OpenSpiel's ``GameType``; the client reads it (``has_secrets``)
  instead of guessing from views; ``secret_decision(state)`` says which decisions need
  the decider's secrets in view (the client's hand-offs on a shared screen).

Hooks for the computer players (:mod:`game.ai`), all optional with safe defaults, so a
third-party engine that offers none still gets every level (they are the facet
:class:`game.core.facets.BotHooks`; the screens' hooks, ``describe_action``, the player
aid and the rest, are :class:`game.core.facets.Presentation`):

* ``evaluate(view, seat, weights=None)``: a heuristic, the seat's advantage in points
  (default: its score minus the best other score). ``evaluation_scale`` says how many
  points make a clear lead; the tree search maps values through a logistic with that
  scale. ``evaluation_weights(level)`` names the weights a computer level evaluates with
  (from the variant file, so that they are tuned there); the bots hand them back as
  ``weights``, and only when there are some, so a two-argument ``evaluate`` still works.
* ``playout_action(state, rng)``: the cheap move for random playouts (Easy, rollouts).
  ``greedy_playout_action(state, rng)``: optional, a cheap but informed move for Hard's
  rollouts where the variant file asks for it (``bot_search: {hard: {rollout_policy:
  greedy}}``); the default is ``playout_action``.
* ``determinize(view, seat, rng)``: a full state consistent with ``view(state, seat)``,
  its hidden parts sampled at random. The default rebuilds the state from the view with a
  fresh generator, which is right for games whose view hides nothing but the generator;
  a game that hides more (face-down tokens, a bag) must override it.
* ``candidates(state, seat)``: optional pruning or macro-actions for games whose turns
  are long sequences: a list of legal actions, or *plans* (legal actions joined by
  :data:`PLAN_SEP`, played in order by the same seat), best first; None (the default)
  means "all legal actions".
* ``progresses(action)``: whether an action can never lead back to a position seen
  earlier in the game (it strictly increases something that nothing ever decreases); the
  bots then skip replaying it when they look for moves that go round in circles.
* ``explain(view, seat, action, then)``: one line for the hint key (:mod:`game.ai.hint`)
  saying why the Normal player's choice is good ("founds the 6-space district: +3 now,
  first place later"); None (the default) lets the hint word one from the plan's events
  and score changes.

Bots only ever hold states built by ``determinize`` from ``view(seat)``: the states
handed to ``evaluate`` and ``candidates`` hold samples, never the hidden truth.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, get_args

from game.core.errors import ConfigIssue, IllegalAction
from game.core.events import Event
from game.core.facets import S
from game.core.schema import Context, Obj
from game.i18n.message import Text, reason

#: Separates the steps of a plan (macro-action) returned by ``Rules.candidates``; engines
#: that offer plans must not use it inside their action texts.
PLAN_SEP = ";"


Information = Literal["perfect", "imperfect"]
Chance = Literal["none", "seeded"]


@dataclass(frozen=True)
class GameType:
    """What a game hides and whether it has chance: a declaration, after OpenSpiel's
    ``GameType``, so the client and tools need not guess from views.

    * ``information``: ``"perfect"`` when every seat's ``view`` holds the whole state but
      the random generator; ``"imperfect"`` when a view hides anything (a face-down pile,
      a bag, another seat's hand).
    * ``chance``: ``"none"`` when the game never draws from its ``Rng`` (``game.core.rng``);
      ``"seeded"`` when setup or play does (from the game's seed, so it still replays).
    * ``private``: part of the hidden information is known to one seat and not to the
      others (a hand, a secret choice). On a shared screen the client then hides the
      board behind a "Pass to ..." screen before a decision that needs the decider's
      secrets (``Rules.secret_decision``), when another person could see them. Needs
      ``"imperfect"``.
    """

    information: Information = "perfect"
    chance: Chance = "none"
    private: bool = False

    def __post_init__(self) -> None:
        if self.information not in get_args(Information):
            raise ValueError(f"GameType.information must be one of "
                             f"{', '.join(get_args(Information))}, not {self.information!r}")
        if self.chance not in get_args(Chance):
            raise ValueError(f"GameType.chance must be one of {', '.join(get_args(Chance))}, "
                             f"not {self.chance!r}")
        if not isinstance(self.private, bool):
            raise ValueError(f"GameType.private must be true or false, not {self.private!r}")
        if self.private and self.information != "imperfect":
            raise ValueError("GameType: private information needs information='imperfect'")


class Rules(ABC, Generic[S]):
    """Base class for a rules engine (one game family), over its state type ``S``: the
    rules only.

    The computer players' hooks and the screens' hooks are the optional facets of
    :mod:`game.core.facets`, apart from the rules (as OpenSpiel keeps its Game, State and
    Observer apart): an engine declares the ones it answers by inheriting them too,
    ``class MyRules(Rules[MyState], BotHooks[MyState], Presentation[MyState])``, and
    overrides their hooks there. Callers always ask through ``facets.bot_hooks(rules)``
    and ``facets.presentation(rules)``, which give an engine that declares neither the
    defaults (with any same-named method of its own, for engines written before the
    facets)."""

    #: Name that variant YAML files use in their ``plugin:`` key.
    engine_id: ClassVar[str]
    #: Schema of the YAML ``parameters`` mapping (and of ``options``).
    parameters: ClassVar[Obj]
    #: Upper bound on actions in one game under ``playout_action``; the conformance
    #: suite fails a game that runs longer. An engine may set it per rules object, from
    #: its parameters.
    playout_limit: int = 100_000
    #: What the game hides and whether it has chance (a ``GameType``, below). The default
    #: claims perfect information without chance: declare yours.
    game_type: ClassVar[GameType] = GameType()
    #: Seats that play as partners and win together, one tuple of seats per team (the
    #: Market's facing partners). Empty (the default): everyone plays for themselves.
    #: The results screen calls a win by a whole team of two or more a team win.
    teams: Sequence[tuple[int, ...]] = ()

    def __init__(self, params: dict[str, Any], players: int) -> None:
        self.params = params
        self.players = players

    @property
    def has_secrets(self) -> bool:
        """Whether seats know different things (``game_type.private``): on a shared
        screen the client passes the screen to the decider before each decision that
        needs its secrets (``secret_decision``)."""
        return self.game_type.private

    @classmethod
    def check_players(cls, params: dict[str, Any], players: int) -> list[ConfigIssue]:
        """Problems that only show for a given player count (e.g. too few start spaces)."""
        return []

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        """Cross-field checks beyond the schema; report through ``ctx.error``."""
        return None

    @abstractmethod
    def new_state(self, seed: int) -> S:
        """A fresh game; any setup chance is drawn from ``seed``."""

    @abstractmethod
    def current_player(self, state: S) -> int | None:
        """The seat that must decide now, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[str]:
        """Exactly the canonical actions ``apply`` accepts now."""

    @abstractmethod
    def apply(self, state: S, action: str) -> tuple[str, list[Event]]:
        """Apply ``action``; return its canonical form and the events it caused.

        Must raise :class:`game.core.errors.IllegalAction` *before* changing anything.
        """

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[int]: ...

    @abstractmethod
    def winners(self, state: S) -> list[int]:
        """Seats that won; empty while the game runs."""

    @abstractmethod
    def to_dict(self, state: S) -> dict[str, Any]:
        """The whole state as JSON types; ``from_dict`` must restore it exactly."""

    @abstractmethod
    def from_dict(self, data: dict[str, Any]) -> S:
        """Rebuild a state; raise ``ValueError``/``KeyError``/``TypeError`` on bad data."""

    def clone(self, state: S) -> S:
        """A copy of ``state`` that shares nothing mutable with it (the bots copy states
        in tight loops). The default goes through ``to_dict`` and ``from_dict``; a state
        declared as typed data (``game.core.typedstate``) has a faster, trusted copy:
        ``codec.copy(state)``, which skips validation."""
        return self.from_dict(self.to_dict(state))

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know. Games without secrets show everything but the RNG."""
        data = self.to_dict(state)
        data.pop("rng", None)
        return data

    def why_not(self, state: S, action: str) -> Text | None:
        """Why ``apply`` would refuse ``action`` now, said for a person; None if it would
        take it. Never changes ``state``.

        Views ask this to explain a move before it is made ("t7 does not border t3")
        instead of trying it on a copy themselves. The default does exactly that, which
        is sound for every engine (the answer is ``apply``'s own) and costs a ``clone``
        and an ``apply``: cheaper than building ``legal_actions`` in most games. An
        engine that already decides by a check of its own (a legal-list lookup, a
        per-verb check) overrides it to skip the copy.
        """
        if self.is_over(state):
            return "the game is over"
        try:
            self.apply(self.clone(state), action)
        except IllegalAction as exc:
            return reason(exc)
        return None

    def redact(self, action: str, actor: int | None, seat: int | None) -> str:
        """How ``action`` by ``actor`` appears in the log shown to ``seat``."""
        return action

    def turn_seat(self, state: S) -> int | None:
        """Whose turn it is, which may differ from ``current_player`` (who must decide now:
        a vote, a reaction card). The client tags that seat "TURN"; default: the decider."""
        return self.current_player(state)

    def secret_decision(self, state: S) -> bool:
        """Whether the decision at hand needs the decider's own secrets in view (a secret
        choice). On a shared screen the client then passes the screen to the decider
        first ("Pass to ..."); any other decision is made over the board as everyone may
        see it, with no hand-off. A hidden card the decider may play there need not make
        it one: its holder asks to see their cards (the peek key) and plays it from
        there, and a played card is public.

        Decide it from public facts only (the phase, how many hidden cards the decider
        holds), never from what the secrets are: everyone sees whether a hand-off
        happens. The default, safe for any game: every decision of a game with private
        information (``game_type.private``)."""
        return self.game_type.private

    def secret_play(self, state: S, action: str) -> bool:
        """Whether ``action`` plays one of the decider's secrets that the position does
        not show (a card from a hidden hand) at a decision made over the board (not a
        ``secret_decision``). The client keeps such an action out of the room's sight
        until its holder asks for their secrets (the peek key): a board view offers it
        only while ``session.shown`` is the decider, and a hint on a screen that other
        people share never names it. Default: False (nothing to keep out of sight)."""
        return False

    def action_vocabulary(self) -> list[str] | None:
        """Every action text ``legal_actions`` can ever list with these rules, each once,
        in a fixed order; None (the default) if the engine offers no such list.

        Tools that need the same number for the same action in every state (the OpenSpiel
        bridge, :mod:`game.bridges.openspiel`) number actions by their position here. A list longer
        than necessary is fine (never-legal entries cost nothing); an action missing from
        it is reported as an error when it turns up. Without a list, the bridge falls back
        to hashing the action texts.
        """
        return None
