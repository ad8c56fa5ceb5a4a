"""A game being played in the client: undo within a turn, autosave, event history.

The engine is fast, but legal actions are still computed once per change (``version``)
and cached, never per frame. Undo is a stack of snapshots taken since the current seat
began deciding; it never crosses a chance event, a revealed secret or a change of seat.

Every game a session holds has its rules behind the plugin guard
(:func:`game.ui.isolation.guard_game`), so whatever reads the game through the session (the
screens, the board view, the bots) meets a failing plugin as a ``PluginFailure``. An
action during which the rules fail is rolled back to the snapshot taken before it: the
rules may have changed the state half way, and the autosave must not keep that.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from game.api import Game
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.words import addressed, personalise, player
from game.i18n import Msg, Seat, Text, language
from game.i18n import say as i18n_say
from game.i18n.client import _
from game.i18n.render import seat_name
from game.kit.client import theme
from game.kit.client.messages import default_name
from game.ui.isolation import PluginFailure, guard_game
from game.ui.logwords import in_words

HUMAN = "human"
#: what a seat can be: a person or a computer level (see game.ai)
SEAT_KINDS = (HUMAN, "easy", "normal", "hard")


def kind_label(kind: str) -> Text:
    """How a seat kind reads in the setup: "Human" or "Computer: Hard"."""
    if kind == HUMAN:
        return HUMAN_LABEL
    return _("Computer: {level}", level=level_label(kind))


#: who plays a seat, as the setup says it
HUMAN_LABEL = _("Human")
#: the computer's levels (:data:`SEAT_KINDS`) as a player reads them
LEVELS: dict[str, Text] = {"easy": _("Easy", context="level"),
                           "normal": _("Normal", context="level"),
                           "hard": _("Hard", context="level")}


def level_label(kind: str) -> Text:
    """A computer level's name in the reader's language ("Hard")."""
    return LEVELS.get(kind, kind.title())


class Session:
    def __init__(self, game: Game, names: list[str] | None = None,
                 autosave: Callable[[Game], object] | None = None,
                 colour_index: list[int] | None = None, palette: str = "okabe-ito") -> None:
        self.game = game
        self.names = names or [default_name(i) for i in range(game.players)]
        #: each seat's palette slot; its shape mark follows the colour, not the seat
        self.colour_index = list(colour_index or range(game.players))[:game.players]
        while len(self.colour_index) < game.players:
            self.colour_index.append(len(self.colour_index))
        self.palette = palette
        #: a game built at a position for a test is never saved: its log does not lead to
        #: it, so load_game would refuse the file (and it is no game of the players')
        self.autosave = None if game.is_position else autosave
        self.version = 0
        self.history: list[tuple[int | None, str, list[Event]]] = []
        #: (the seat that acted, the game before it): undo goes back over the last
        #: seat's actions, an ended turn too, until another seat acts
        self._undo: list[tuple[int | None, str]] = []
        self._redo: list[tuple[str, str]] = []
        self._legal: list[str] | None = None
        self._legal_set: frozenset[str] = frozenset()
        self.listeners: list[Callable[[str, list[Event]], None]] = []
        #: controllers claimed at setup: instance id -> seat (not saved with the game)
        self.controllers: dict[int, int] = {}
        #: who plays each seat: "human" or a computer level (saved in the meta)
        self.kinds: list[str] = [HUMAN] * game.players
        #: a seat the screen must be passed to before its secrets may show, while an
        #: overlay (a scoring) keeps the board in view: views draw it as a spectator
        self.handover: int | None = None
        #: whose secrets the shared screen may show now (None: nobody's, as a spectator
        #: sees the game): the play screen sets it from its seat drivers
        #: (:func:`game.ui.seats.privacy`); a board view draws no other seat's secrets
        self.shown: int | None = None
        #: the seat a person at this screen decides for now (None: nobody here decides:
        #: a computer, a device elsewhere, or no play screen at all), set with ``shown``
        self.deciding_here: int | None = None
        #: hints each seat has taken (the H key; saved in the meta, shown in the results)
        self.hints: list[int] = [0] * game.players

    @property
    def names(self) -> list[str]:
        """The seats' names as the television shows them. A seat spoken to (a lesson's
        learner, :class:`~game.core.words.Addressed`) is named by the television's word
        for "you", said again when read, so a language chosen in Settings shows on its
        card at once. The list is the session's own: a name changed in it stays."""
        names = self._names
        for seat, name in enumerate(names):
            if addressed(name) and (said := seat_name(name, language())) != name:
                names[seat] = said
        return names

    @names.setter
    def names(self, names: list[str]) -> None:
        self._names = names

    # -- queries (cached per version) ---------------------------------------------------
    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = self.game.legal_actions()
            self._legal_set = frozenset(self._legal)
        return self._legal

    def is_legal(self, action: str) -> bool:
        self.legal()
        return action in self._legal_set

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return i18n_say(_("Neutral", context="seat")) if seat == -1 else "—"
        return self.names[seat]

    def say(self, template: Text, *seats: int) -> str:
        """A sentence about seats for people, with this table's names: a message
        (``_("{player} wins!", you="You win!", player=Seat(0))``) in the television's
        language, "You win!" for the learner of a lesson; an engine's English text
        (``say("{0} wins!", 0)``) through the engine texts' grammar
        (:func:`game.core.words.personalise`)."""
        if isinstance(template, Msg):
            return i18n_say(template, self.names)
        return personalise(template.format(*(player(seat) for seat in seats)), self.names)

    @property
    def game(self) -> Game:
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = guard_game(game)

    # -- changes -------------------------------------------------------------------------
    def apply(self, action: str) -> list[Event]:
        """Apply or raise IllegalAction (state unchanged); a PluginFailure in the rules'
        ``apply`` leaves the state as it was before the action, if the rules can rebuild it."""
        before_seat = self.game.current_player
        snapshot = self.game.to_json()
        try:
            events = self.game.apply(action)
        except PluginFailure:
            try:
                self.game = self._restore(snapshot)
            except PluginFailure:
                pass  # the failure handler's autosave checks what it would write
            raise
        canonical = self.game.log[-1]
        if any(e.barrier for e in events):  # chance or a secret came out: no way back
            self._undo.clear()
        else:
            if self._undo and self._undo[-1][0] != before_seat:
                self._undo.clear()  # another seat has acted since: its turn is kept
            self._undo.append((before_seat, snapshot))
        self._redo.clear()
        self._changed()  # autosaved before the log's words for the move are asked for
        self.history.append((before_seat, canonical, in_words(
            events, before_seat, canonical, lambda: self._restore(snapshot))))
        for listener in self.listeners:
            listener(canonical, events)
        return events

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo_crosses(self) -> int | None:
        """The seat whose action an undo would take back, if that is not the seat deciding
        now (a turn ended: undo gives it back); else None."""
        if not self._undo:
            return None
        seat = self._undo[-1][0]
        return seat if seat != self.game.current_player else None

    def undo(self) -> None:
        """Take back the last action. That may be the end of a turn (or any action that
        passed the decision on) while the next seat has not acted and nothing was drawn
        or revealed since: ending a turn with AP left by mistake is not final."""
        if not self._undo:
            raise IllegalAction(self._why_no_undo())
        current = self.game.to_json()
        action = self.game.log[-1]
        self.game = self._restore(self._undo.pop()[1])
        self._redo.append((current, action))
        if self.history:
            self.history.pop()
        self._changed()

    def _why_no_undo(self) -> Text:
        """Why there is nothing to undo, said truly: undo goes back within one seat's
        decisions, never across a change of seat, a chance draw or a revealed secret."""
        if not self.history:
            return _("Nothing to undo this turn")
        seat, _action, events = self.history[-1]
        if any(e.barrier for e in events):
            return _("The last action drew or revealed something: it cannot be undone")
        if seat is not None and seat != self.game.current_player:
            return _("{player}'s turn is over: undo goes back only until the next player "
                     "acts", you="Your turn is over: undo goes back only until the next "
                     "player acts", player=Seat(seat))
        return _("Nothing to undo this turn")

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IllegalAction(_("Nothing to redo"))
        _state, action = self._redo.pop()
        redo_stack = self._redo
        events = self.apply(action)
        self._redo = redo_stack
        return events

    def _restore(self, snapshot: str) -> Game:
        """The game as a snapshot of this session (``to_json``) had it, rebuilt by the
        same (guarded) rules: a plugin failing to read its own state is a PluginFailure."""
        data = json.loads(snapshot)
        game = self.game
        return Game(game.spec, game.rules, game.rules.from_dict(data["state"]), game.seed,
                    game.options, list(data["log"]), game.position)

    def _changed(self) -> None:
        self.version += 1
        self._legal = None
        if self.autosave is not None:
            self.autosave(self.game)

    @property
    def colours(self) -> list[tuple[int, int, int]]:
        # (asked some thirty times a frame, by the bar, the board's keys and its pieces:
        # looked up per palette and seats' colours, not worked out each time)
        return list(_looks(self.palette, tuple(self.colour_index))[0])

    @property
    def marks(self) -> list[str]:
        return list(_looks(self.palette, tuple(self.colour_index))[1])

    # -- seats -------------------------------------------------------------------------
    def is_computer(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.kinds) and self.kinds[seat] != HUMAN

    def set_kinds(self, kinds: list[str] | None) -> None:
        """Seat kinds ("human", "easy", "normal", "hard"); anything unknown is human."""
        out = [k if k in SEAT_KINDS else HUMAN for k in (kinds or [])][:self.game.players]
        self.kinds = out + [HUMAN] * (self.game.players - len(out))

    def apply_meta(self, meta: dict[str, Any] | None) -> None:
        """Take the seat kinds and the hints taken from a save's meta (a loaded game keeps
        its computers and its count of hints)."""
        raw = meta.get("seats") if isinstance(meta, dict) else None
        self.set_kinds([str(k) for k in raw] if isinstance(raw, list) else None)
        hints = meta.get("hints") if isinstance(meta, dict) else None
        n = self.game.players
        if isinstance(hints, list) and all(isinstance(h, int) and not isinstance(h, bool)
                                           and 0 <= h < 10**6 for h in hints):
            self.hints = (list(hints) + [0] * n)[:n]

    def meta(self) -> dict[str, Any]:
        """What a save keeps besides the game: who sat where, in which colour, which
        seats the computer plays and how many hints each seat took; the seats spoken to
        (a lesson saved as a game) by their number, as the words name them in one language
        only."""
        meta: dict[str, Any] = {"names": list(self.names), "colours": list(self.colour_index),
                                "seats": list(self.kinds), "hints": list(self.hints)}
        spoken = [seat for seat, name in enumerate(self._names) if addressed(name)]
        if spoken:
            meta["addressed"] = spoken
        return meta


@functools.lru_cache(maxsize=32)
def _looks(palette: str, index: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int], ...],
                                                          tuple[str, ...]]:
    """The seats' colours in ``palette`` and their marks, for the seats' colour indices."""
    return (tuple(theme.player_colour(palette, i) for i in index),
            tuple(theme.MARKS[i % len(theme.MARKS)] for i in index))
