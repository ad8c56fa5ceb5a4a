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
third-party engine that offers none still gets every level:

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, get_args

from game.core.errors import ConfigIssue, IllegalAction
from game.core.events import Event
from game.core.rng import Rng
from game.core.schema import Context, Obj
from game.i18n.message import Text, reason

#: Separates the steps of a plan (macro-action) returned by ``Rules.candidates``; engines
#: that offer plans must not use it inside their action texts.
PLAN_SEP = ";"


def has_hidden(data: Any) -> bool:
    """Whether a view still holds ``{"hidden": n}`` placeholders anywhere."""
    if isinstance(data, dict):
        if len(data) == 1 and "hidden" in data and isinstance(data["hidden"], int):
            return True
        return any(has_hidden(v) for v in data.values())
    if isinstance(data, list):
        return any(has_hidden(v) for v in data)
    return False


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


class Rules(ABC):
    """Base class for a rules engine (one game family)."""

    #: Name that variant YAML files use in their ``plugin:`` key.
    engine_id: ClassVar[str]
    #: Schema of the YAML ``parameters`` mapping (and of ``options``).
    parameters: ClassVar[Obj]
    #: Upper bound on actions in one game under ``playout_action``; the conformance
    #: suite fails a game that runs longer. An engine may set it per rules object, from
    #: its parameters.
    playout_limit: int = 100_000
    #: Points that make a clear lead in ``evaluate`` (the bots' logistic scale).
    evaluation_scale: ClassVar[float] = 10.0
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

        Must raise :class:`game.core.errors.IllegalAction` *before* changing anything.
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
        """A copy of ``state`` that shares nothing mutable with it (the bots copy states
        in tight loops). The default goes through ``to_dict`` and ``from_dict``; a state
        declared as typed data (``game.core.typedstate``) has a faster, trusted copy:
        ``codec.copy(state)``, which skips validation."""
        return self.from_dict(self.to_dict(state))

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know. Games without secrets show everything but the RNG."""
        data = self.to_dict(state)
        data.pop("rng", None)
        return data

    def why_not(self, state: Any, action: str) -> Text | None:
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

    def player_aid(self) -> dict[str, Any]:
        """The player aid (rules help), built from this variant's numbers: ``pages``, a
        list of pages (a title, words, action tables, a picture for the board view to
        draw; see docs/modding/board-view.md, "The player aid"), and the older text keys
        ``intro`` (a sentence), ``actions`` (rows of (action, cost)) and ``scoring``
        (sentences), from which the client makes pages when ``pages`` is missing."""
        return {"intro": "", "actions": [], "scoring": []}

    def turn_seat(self, state: Any) -> int | None:
        """Whose turn it is, which may differ from ``current_player`` (who must decide now:
        a vote, a reaction card). The client tags that seat "TURN"; default: the decider."""
        return self.current_player(state)

    def forgoes(self, state: Any, action: str) -> Text:
        """What a player gives up by ``action`` without perhaps meaning to, said for a
        person ("5 AP left"), or "" (the default: nothing). A person's such action in the
        client waits for one press more ("5 AP left: press again to confirm"), so that a
        slip costs nothing; ``apply`` takes it as always. Never changes ``state``."""
        return ""

    def secret_decision(self, state: Any) -> bool:
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

    def secret_play(self, state: Any, action: str) -> bool:
        """Whether ``action`` plays one of the decider's secrets that the position does
        not show (a card from a hidden hand) at a decision made over the board (not a
        ``secret_decision``). The client keeps such an action out of the room's sight
        until its holder asks for their secrets (the peek key): a board view offers it
        only while ``session.shown`` is the decider, and a hint on a screen that other
        people share never names it. Default: False (nothing to keep out of sight)."""
        return False

    def playout_action(self, state: Any, rng: Rng) -> str:
        """A cheap move for random playouts; uniform over legal actions by default."""
        return rng.choice(self.legal_actions(state))

    def greedy_playout_action(self, state: Any, rng: Rng) -> str:
        """Optional: a cheap move that plays a little as a good player would, for Hard's
        rollouts under ``rollout_policy: greedy`` (with several rivals playing at random
        in every rollout, the search's estimate of a move's worth is noisy). The default
        is :meth:`playout_action`."""
        return self.playout_action(state, rng)

    def describe_action(self, state: Any, action: str) -> Text:
        """A sentence for the log; the canonical text by default."""
        return action

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        """Optional: a nicer panel for a phone or browser holding ``seat`` (None: a
        spectator), built only from ``view`` (``view(state, seat)`` as JSON). None (the
        default) lets the page show its generic panel, which works for every game.

        ``{"sections": [{"title": str, "note": str, "counters": [{"label": str,
        "value": str | int}], "cards": [{"title": str, "text": str, "tag": str,
        "action": str, "verb": str}]}]}``; every key but ``sections`` and ``title`` is
        optional. A card with ``action`` is a button while that action is legal; with
        ``verb`` it opens the legal actions of that verb. See docs/remote.md.
        """
        return None

    def device_plans(self, state: Any, seat: int) -> list[dict[str, Any]]:
        """Optional: choices of several actions for the deciding ``seat``'s phone, played
        one after the other (a Mexica walk of three steps is three ``move`` actions):
        ``[{"text": "Walk to k5: 3 AP", "actions": ["move h7", "move h6", "move k5"],
        "verb": "move"}]``. ``text`` is said to the seat, as an imperative; the first
        action must be legal now and each one legal after those before it; ``verb``
        (default: the first action's) is the group and tool it belongs to. The page
        offers a plan at the places its last action names (docs/remote.md) and sends
        its actions one by one, stopping at the first one refused. Default: none.
        """
        return []

    def game_facts(self, state: Any, events: Sequence[Any]) -> list[str]:
        """Optional: a few facts of a finished game that people like to read out, for the
        results screen ("largest district founded: 13 spaces by Player 2").

        ``state`` is the final state; ``events`` are the public events of the whole game
        in order (no private ones: a fact never gives a secret away). Name seats
        "Player N" (the client puts the chosen names in); :mod:`game.kit.facts` holds the
        helpers the built-in games share. None is needed: the default shows no facts.
        """
        return []

    def tie_break(self, state: Any) -> Text:
        """Optional: when the best seats tied on points and the rules' tie-breaker chose
        the winner, what it was ("Tied on 60 points: decided by coins left"); "" when
        the points decided (or the tie stands as a shared win). The results screen shows
        it; the default says nothing."""
        return ""

    # -- hooks for the computer players (game.ai); every one is optional -----------------
    def evaluate(self, view: Any, seat: int,
                 weights: Mapping[str, float] | None = None) -> float:
        """A heuristic: how good ``view`` is for ``seat``, in points of advantage.

        ``view`` is a state object the bot owns, built by ``determinize`` from what the
        seat may know (its hidden parts are samples). Higher is better for ``seat``; only
        differences matter, and about ``evaluation_scale`` points should mean a clear lead.
        ``weights`` are the deciding bot's (see :meth:`evaluation_weights`; passed only
        when there are some). The default is the seat's score minus the best score of
        the others.
        """
        scores = self.scores(view)
        mine = scores[seat]
        others = [v for i, v in enumerate(scores) if i != seat]
        return float(mine - max(others)) if others else float(mine)

    def evaluation_weights(self, level: str) -> dict[str, float] | None:
        """Optional: the weights the computer ``level`` (easy, normal, hard) hands to
        ``evaluate``, read from the variant file so that the balance lab can tune them
        (a sweep over a parameter) and each level can have its own. The default reads a
        ``bot_weights`` parameter (``game.core.schema.level_weights_field``) if the engine has
        one; None: ``evaluate`` is called without weights."""
        table = self.params.get("bot_weights") if isinstance(self.params, dict) else None
        weights = table.get(level) if isinstance(table, dict) else None
        return dict(weights) if isinstance(weights, dict) and weights else None

    def search_settings(self, level: str) -> dict[str, Any] | None:
        """Optional: the search settings of the computer ``level`` where this variant
        wants other than the defaults (Hard: ``game.ai.mcts.SEARCH_DEFAULTS``; a setting
        given to the bot itself still wins). The default reads a ``bot_search``
        parameter (``game.core.schema.search_settings_field``) if the engine has one."""
        table = self.params.get("bot_search") if isinstance(self.params, dict) else None
        settings = table.get(level) if isinstance(table, dict) else None
        return dict(settings) if isinstance(settings, dict) and settings else None

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> Any:
        """A full state consistent with ``view`` (from ``view(state, seat)``), with every
        part the seat cannot see sampled from ``rng``; never reads anything else.
        Consistent means exactly: ``view(determinize(v, seat, rng), seat)`` is ``v``
        again (the conformance kit checks it). The bots rely on that to follow their
        plans and to recognise a position they were in before.

        The default works for games whose view hides nothing but the random generator: it
        rebuilds the state with ``from_dict`` and a fresh generator state drawn from
        ``rng`` (so chance in a determinisation is sampled, not the real future). A view
        with ``{"hidden": n}`` placeholders raises NotImplementedError: such games must
        override this hook (the bots then fall back to choices that need no state).
        """
        data = {k: v for k, v in view.items() if k != "seat"}
        if has_hidden(data):
            raise NotImplementedError(f"the '{self.engine_id}' rules hide information but "
                                      "offer no determinize hook")
        if "rng" not in data:
            try:
                return self.from_dict({**data, "rng": rng.next64()})
            except (KeyError, ValueError, TypeError):
                pass  # a state without a stored generator
        return self.from_dict(data)

    def candidates(self, state: Any, seat: int) -> list[str] | None:
        """Optional pruning or macro-actions for ``seat`` to move in ``state``.

        Return legal actions or plans (legal actions joined by ``PLAN_SEP`` that ``seat``
        plays in a row, e.g. a whole turn), best first, or None to let the bots consider
        every legal action (the default). Every plan's first step must be legal now.
        """
        return None

    def progresses(self, action: str) -> bool:
        """Optional: True if ``action``, whenever ``apply`` accepts it, leads to a position
        that no seat's ``view`` showed at any earlier point of the game; False (the
        default) if it might come back, or you do not know.

        Before a bot chooses, it leaves out the moves that would bring it back to a
        position it decided at lately (a free move there and back, played for ever): it
        plays every legal action (every step of a plan) on a copy and compares the views
        (:meth:`game.ai.base.Bot.loops`). That costs an ``apply`` and a view per action,
        most of a decision in a game with hundreds of legal actions. An action this hook
        marks is not tried; a plan is not tried when every step is marked.

        Say True only for an action that strictly increases something every view shows
        and that no action of any seat, no turn end, round end or scoring ever decreases
        (in Mexica a canal, bridge, temple or calpulli token placed from the supply: the
        pieces on the board only ever grow). Decide from the action's text (its verb)
        alone: the bots ask about a plan's later steps before the earlier ones are played.
        Moving a piece, taking or spending a token and ending a turn are not such actions.
        The conformance kit's uniform games (``game.kit.conformance``) check every marked
        action against the views seen before it.
        """
        return False

    def explain(self, view: Any, seat: int, action: str,
                then: Sequence[str] = ()) -> Text | None:
        """Optional: why ``action`` is a good move for ``seat``, in one short line for the
        hint key, e.g. "founds the 6-space district: +3 now, first place later".

        ``then`` is the rest of the turn the Normal computer player means to play after
        ``action`` (its plan; often empty). ``view`` is a state the bot owns, sampled from
        what the seat may know (as for ``evaluate``), as it is *before* ``action``: play
        the plan on a ``clone`` of it, never on it, and never read beyond it. None (the
        default) lets the hint word a reason itself from the plan's events and the score
        and evaluation it gains (:func:`game.ai.hint.derived_reason`).
        """
        return None

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
