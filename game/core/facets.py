"""The optional faces of an engine: what the computer players ask, what people are shown.

A rules engine (:class:`game.core.engine.Rules`) says what a game *is*: its states, whose
decision it is, what is legal, what an action does. Two more sets of questions are asked
of it, by other parts of the program, and every one has a safe default:

* :class:`BotHooks`: what the computer players (:mod:`game.ai`) ask: a heuristic
  (``evaluate``), a playout policy, a sampled state (``determinize``), pruning
  (``candidates``), a reason for the hint key (``explain``) and their settings;
* :class:`Presentation`: what the screens ask: a sentence for the log
  (``describe_action``), the player aid, the phone's panel and plans, the results'
  facts and tie-break, what an action gives up (``forgoes``) and the log's shorter
  wordings (``log_wordings``).

Keeping them apart is how OpenSpiel keeps Game, State and Observer apart, or
boardgame.io its AI enumeration apart from the moves: a reader of the rules need not
wade through the bots' tuning, and an engine offers a facet by inheriting its class
(``class MexicaRules(Rules[MexicaState], MexicaBot, MexicaPresentation)``).

Callers never ask the rules directly: they ask :func:`bot_hooks` ``(rules)`` and
:func:`presentation` ``(rules)``, which return the rules themselves when they offer the
facet, and otherwise an adapter with the defaults. The adapter still uses a method of
the engine's class with the same name (an engine written against the wide contract, with
its ``evaluate`` or ``describe_action`` on the rules, keeps them).

The defaults are the ones the wide contract had; ``docs/modding/rules-engine.md`` says
when to override each.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol

from game.core.events import Event
from game.core.rng import Rng
from game.i18n.message import Text

if TYPE_CHECKING:  # mypy reads the default (PEP 696); Python 3.11's TypeVar takes none
    from typing_extensions import TypeVar

    #: the type of an engine's states; ``Rules`` alone means ``Rules[Any]``
    S = TypeVar("S", default=Any)
else:
    S = typing.TypeVar("S")

#: the optional hooks of the computer players, in the order the contract documents them
BOT_HOOKS = ("playout_action", "greedy_playout_action", "evaluate", "seat_values",
             "evaluation_weights", "evaluation_terms", "search_settings", "determinize",
             "candidates", "progresses", "explain")
#: the optional hooks of the screens (the television, the phones, the results)
PRESENTATION = ("describe_action", "player_aid", "device_panel", "device_plans",
                "game_facts", "tie_break", "forgoes", "log_wordings")


def has_hidden(data: Any) -> bool:
    """Whether a view still holds ``{"hidden": n}`` placeholders anywhere."""
    if isinstance(data, dict):
        if len(data) == 1 and "hidden" in data and isinstance(data["hidden"], int):
            return True
        return any(has_hidden(v) for v in data.values())
    if isinstance(data, list):
        return any(has_hidden(v) for v in data)
    return False


class RulesCore(Protocol[S]):
    """What the default hooks read of the rules (every ``Rules[S]`` has it)."""

    @property
    def engine_id(self) -> str: ...

    @property
    def params(self) -> dict[str, Any]: ...

    def legal_actions(self, state: S) -> list[str]: ...

    def scores(self, state: S) -> list[int]: ...

    def from_dict(self, data: dict[str, Any]) -> S: ...


class BotHooks(Generic[S]):
    """The computer players' hooks, each optional with a default that works for every
    game. An engine inherits this class to offer its own (the rules are then their own
    hooks); :func:`bot_hooks` hands the defaults to an engine that does not."""

    #: Points that make a clear lead in ``evaluate`` (the bots' logistic scale).
    evaluation_scale: ClassVar[float] = 10.0

    @property
    def _hooked(self) -> RulesCore[S]:
        """The rules these hooks answer for: the engine itself when it inherits them."""
        return typing.cast("RulesCore[S]", self)

    def playout_action(self, state: S, rng: Rng) -> str:
        """A cheap move for random playouts; uniform over legal actions by default."""
        return rng.choice(self._hooked.legal_actions(state))

    def greedy_playout_action(self, state: S, rng: Rng) -> str:
        """Optional: a cheap move that plays a little as a good player would, for Hard's
        rollouts under ``rollout_policy: greedy`` (with several rivals playing at random
        in every rollout, the search's estimate of a move's worth is noisy). The default
        is :meth:`playout_action`."""
        return self.playout_action(state, rng)

    def evaluate(self, view: S, seat: int,
                 weights: Mapping[str, float] | None = None) -> float:
        """A heuristic: how good ``view`` is for ``seat``, in points of advantage.

        ``view`` is a state object the bot owns, built by ``determinize`` from what the
        seat may know (its hidden parts are samples). Higher is better for ``seat``; only
        differences matter, and about ``evaluation_scale`` points should mean a clear lead.
        ``weights`` are the deciding bot's (see :meth:`evaluation_weights`; passed only
        when there are some). The default is the seat's score minus the best score of
        the others.
        """
        scores = self._hooked.scores(view)
        mine = scores[seat]
        others = [v for i, v in enumerate(scores) if i != seat]
        return float(mine - max(others)) if others else float(mine)

    def seat_values(self, view: S, weights: Mapping[str, float] | None = None
                    ) -> list[float]:
        """Optional: every seat's worth of ``view`` in points, each on its own (its score
        and what it may still expect), not measured against the others as ``evaluate``
        is. Hard's search under ``reward: pairwise`` compares each pair of seats with
        them: with three or more, a seat far behind the leader still plays to finish
        ahead of the others. The default is the scores."""
        return [float(v) for v in self._hooked.scores(view)]

    def evaluation_weights(self, level: str) -> dict[str, float] | None:
        """Optional: the weights the computer ``level`` (easy, normal, hard) hands to
        ``evaluate``, read from the variant file so that the balance lab can tune them
        (a sweep over a parameter) and each level can have its own. The default reads a
        ``bot_weights`` parameter (``game.core.schema.level_weights_field``) if the engine has
        one; None: ``evaluate`` is called without weights."""
        params = self._hooked.params
        table = params.get("bot_weights") if isinstance(params, dict) else None
        weights = table.get(level) if isinstance(table, dict) else None
        return dict(weights) if isinstance(weights, dict) and weights else None

    def evaluation_terms(self, view: S) -> tuple[str, list[list[float]]] | None:
        """Optional: at the start of a turn, the name of the set of coefficients the
        evaluation weighs there with (a period's, say) and per seat the terms it weighs,
        each unweighted (a seat's score, what its districts are expected to bring...):
        ``tools/fit_evaluation.py`` fits the coefficients to the final scores of Normal's
        games, and the variant file holds them for ``evaluate`` to use. None (the
        default, and elsewhere than at a turn's start): nothing to fit."""
        return None

    def search_settings(self, level: str) -> dict[str, Any] | None:
        """Optional: the search settings of the computer ``level`` where this variant
        wants other than the defaults (Hard: ``game.ai.mcts.SEARCH_DEFAULTS``; a setting
        given to the bot itself still wins). The default reads a ``bot_search``
        parameter (``game.core.schema.search_settings_field``) if the engine has one."""
        params = self._hooked.params
        table = params.get("bot_search") if isinstance(params, dict) else None
        settings = table.get(level) if isinstance(table, dict) else None
        return dict(settings) if isinstance(settings, dict) and settings else None

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> S:
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
        rules = self._hooked
        data = {k: v for k, v in view.items() if k != "seat"}
        if has_hidden(data):
            raise NotImplementedError(f"the '{rules.engine_id}' rules hide information but "
                                      "offer no determinize hook")
        if "rng" not in data:
            try:
                return rules.from_dict({**data, "rng": rng.next64()})
            except (KeyError, ValueError, TypeError):
                pass  # a state without a stored generator
        return rules.from_dict(data)

    def candidates(self, state: S, seat: int) -> list[str] | None:
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

    def explain(self, view: S, seat: int, action: str,
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


class Presentation(Generic[S]):
    """What the screens show of a game beyond its board, each hook optional with a
    default. An engine inherits this class to offer its own; :func:`presentation` hands
    the defaults to an engine that does not."""

    def describe_action(self, state: S, action: str) -> Text:
        """A sentence for the log; the canonical text by default."""
        return action

    def player_aid(self) -> dict[str, Any]:
        """The player aid (rules help), built from this variant's numbers: ``pages``, a
        list of pages (a title, words, action tables, a picture for the board view to
        draw; see docs/modding/board-view.md, "The player aid"), and the older text keys
        ``intro`` (a sentence), ``actions`` (rows of (action, cost)) and ``scoring``
        (sentences), from which the client makes pages when ``pages`` is missing."""
        return {"intro": "", "actions": [], "scoring": []}

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

    def device_plans(self, state: S, seat: int) -> list[dict[str, Any]]:
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

    def game_facts(self, state: S, events: Sequence[Event]) -> list[Text]:
        """Optional: a few facts of a finished game that people like to read out, for the
        results screen ("largest district founded: 13 spaces by Ana").

        ``state`` is the final state; ``events`` are the public events of the whole game
        in order (no private ones: a fact never gives a secret away). Each is a message of
        the game's catalogue, its seats as ``Seat(n)`` values, so each reader sees it in
        their language with the chosen names; :mod:`game.kit.facts` holds the helpers the
        built-in games share (``most``). None is needed: the default shows no facts.
        """
        return []

    def tie_break(self, state: S) -> Text:
        """Optional: when the best seats tied on points and the rules' tie-breaker chose
        the winner, what it was ("Tied on 60 points: decided by coins left"); "" when
        the points decided (or the tie stands as a shared win). The results screen shows
        it; the default says nothing."""
        return ""

    def forgoes(self, state: S, action: str) -> Text:
        """What a player gives up by ``action`` without perhaps meaning to, said for a
        person ("5 AP left"), or "" (the default: nothing). A person's such action in the
        client waits for one press more ("5 AP left: press again to confirm"), so that a
        slip costs nothing; ``apply`` takes it as always. Never changes ``state``."""
        return ""

    def log_wordings(self, event: Event) -> Sequence[Text]:
        """Optional: ``event``'s text in fewer words, each whole and true, the shortest
        last, for the action log where its room is short (four long names in German
        at 1280x720 leave the log three rows): the log shows the fullest wording that
        fits whole, never a cut text. Say the same thing by meaning, e.g. a scoring
        names the points and leaves out every reason ("Ana adds 71 at the end"); the
        text itself stays what the log shows where it fits, and what the phones and
        the results read. ``event`` may be the game's ``describe_action`` sentence
        (kind: the action's verb) for a move no event tells. Default: none."""
        return ()


def _adopt(adapter: object, rules: object, base: type, names: Sequence[str]) -> None:
    """Set on ``adapter`` each hook in ``names`` that the class of ``rules`` defines
    itself (not the facet's default), bound to ``rules``: the engine's own answer wins.
    ``__class__``, not ``type``: the client's guarded rules stand in for the engine's
    class (:mod:`game.ui.isolation`), and the bound method is then the guarded one."""
    cls = rules.__class__
    for name in names:
        own = getattr(cls, name, None)
        if own is not None and own is not getattr(base, name, None):
            setattr(adapter, name, getattr(rules, name))


class DefaultBotHooks(BotHooks[S]):
    """The computer players' hooks of an engine that does not inherit :class:`BotHooks`:
    the defaults, over the rules, except where the engine's class has a method of the
    same name (then that one) or an ``evaluation_scale`` of its own."""

    def __init__(self, rules: RulesCore[S]) -> None:
        self.rules = rules
        _adopt(self, rules, BotHooks, ("evaluation_scale", *BOT_HOOKS))

    @property
    def _hooked(self) -> RulesCore[S]:
        return self.rules


class DefaultPresentation(Presentation[S]):
    """The screens' hooks of an engine that does not inherit :class:`Presentation`: the
    defaults, except where the engine's class has a method of the same name."""

    def __init__(self, rules: RulesCore[S]) -> None:
        self.rules = rules
        _adopt(self, rules, Presentation, PRESENTATION)


def bot_hooks(rules: RulesCore[S]) -> BotHooks[S]:
    """The computer players' hooks of ``rules``: the rules themselves when they inherit
    :class:`BotHooks`, else the defaults with the engine's own same-named methods."""
    if isinstance(rules, BotHooks):
        return rules
    return DefaultBotHooks(rules)


def presentation(rules: RulesCore[S]) -> Presentation[S]:
    """The screens' hooks of ``rules``: the rules themselves when they inherit
    :class:`Presentation`, else the defaults with the engine's own same-named methods."""
    if isinstance(rules, Presentation):
        return rules
    return DefaultPresentation(rules)


def has_own(facet: BotHooks[Any] | Presentation[Any], name: str) -> bool:
    """Whether the engine behind ``facet`` answers the hook ``name`` itself rather than
    with the facet's default (the bots skip work a default hook would not repay).
    ``__class__``, not ``type``: the client's guarded rules stand in for the engine's."""
    if isinstance(facet, DefaultBotHooks | DefaultPresentation):
        return name in vars(facet)  # adopted from the engine (see _adopt)
    base = BotHooks if name in BOT_HOOKS else Presentation
    return getattr(facet.__class__, name, None) is not getattr(base, name, None)
