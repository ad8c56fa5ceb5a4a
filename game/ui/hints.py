"""The hint key in the client: the Normal player's choice for the person deciding.

H (a controller's right stick, pressed) asks :class:`Hinter` for a hint. It thinks in a
worker thread of its own (:class:`~game.ai.worker.BotWorker`), as the computer seats do,
on a copy of ``game.view(seat)`` and the legal actions, never the live state, so the
frames keep flowing and the hint knows only what that seat may see. The answer is kept
for the position it was asked about (the session's version): once anything changes it is
dropped.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING

from game.ai.hint import Hint, HintBot
from game.ai.worker import BotWorker
from game.core.errors import AztecArcadeError
from game.core.rng import mix_seed
from game.i18n import say
from game.i18n.client import _
from game.i18n.message import as_text
from game.i18n.render import advice
from game.kit.client.messages import report
from game.ui.isolation import PluginFailure
from game.ui.session import HUMAN
from game.ui.statusline import Wordings

if TYPE_CHECKING:
    from game.kit.client.boardview import BoardView
    from game.ui.session import Session


class Hinter:
    """Asks for hints and holds the one shown; one per game on the screen."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.worker = BotWorker()
        self._bot: HintBot | None = None
        #: a seat whose hint waits for an abandoned search to wind down (the game moved
        #: on while the last one was thought about): started as soon as the worker is
        #: free, never refused, so one press of H is always enough
        self.waiting: int | None = None
        #: (session version, seat) the current request or hint is for
        self.key: tuple[int, int] | None = None
        #: the hint on show, for ``key``
        self.hint: Hint | None = None
        #: the rest of a plan whose first step was just played as hinted: (session
        #: version, the plan from its next step, the plan's hint). The next hint for the
        #: seat is its next step, at once: a fresh search could undo what the last hint
        #: did (the Market's free messenger, moved there and back for ever)
        self.follow: tuple[int, tuple[str, ...], Hint] | None = None
        #: a hint made without the worker (the plan's next step), for :meth:`poll`
        self._ready: Hint | None = None

    @property
    def thinking(self) -> bool:
        return self._bot is not None or self.waiting is not None or self._ready is not None

    def request(self, seat: int) -> bool:
        """Start thinking about a hint for ``seat`` in the position now; False if one is
        already being worked out or shown for it."""
        session = self.session
        key = (session.version, seat)
        if self.key == key and (self.thinking or self.hint is not None):
            return False
        self.cancel()
        game = session.game
        legal = self.shareable(seat)
        if not legal:
            return False
        follow, self.follow = self.follow, None
        if follow is not None and follow[0] == session.version and follow[1][0] in legal:
            # the next step with its own reason: the last one's ("then you move …")
            # would say the step twice
            then = follow[2].then
            self._ready = replace(then, seat=seat) if then is not None and \
                then.plan == follow[1] else Hint(seat, follow[1][0], follow[1],
                                                 say(_("the Normal computer player's choice")))
            self.key = key
            return True
        view = json.loads(json.dumps(game.view(seat)))
        bot = HintBot(mix_seed(game.seed, "hint", len(game.log), seat))
        if not self.worker.request(bot, game.rules, view, legal, key):
            self.waiting = seat  # an abandoned search still winds down: asked for soon
            return True
        self._bot, self.key = bot, key
        return True

    def start_waiting(self) -> None:
        """Start the hint asked for while the worker was busy, once it is free."""
        if self.waiting is not None and self.worker.idle:
            seat, self.waiting = self.waiting, None
            self.request(seat)

    def shareable(self, seat: int) -> list[str]:
        """The actions a hint for ``seat`` may name: all of them, but where other people
        share the screen and the decision is made over the board, none that plays a
        hidden card (``Game.secret_play``): the room reads the hint."""
        session = self.session
        game = session.game
        legal = list(session.legal())
        people = sum(1 for kind in session.kinds if kind == HUMAN)
        if people < 2 or not game.rules.has_secrets or game.secret_decision():
            return legal
        return [action for action in legal if not game.secret_play(action)]

    def played(self, action: str, barrier: bool) -> None:
        """An action was just applied, the session one version on: if it was the hint's
        first step (and nothing was drawn or revealed by it), its plan goes on."""
        hint = self.hint
        self.follow = None
        if hint is not None and not barrier and action == hint.action and len(hint.plan) > 1 \
                and self.key is not None and self.session.version == self.key[0] + 1 \
                and self.session.game.current_player == hint.seat:
            self.follow = (self.session.version, hint.plan[1:], hint)

    def poll(self) -> Hint | None:
        """The new hint once the worker has one for the position now (handed out once);
        a hint for a position that has gone is dropped."""
        if self._ready is not None:
            self.hint, self._ready = self._ready, None
            return self.hint
        if self._bot is None:
            return None
        answered, _action, error = self.worker.poll()
        if not answered:
            return None
        bot, self._bot = self._bot, None
        if isinstance(error, PluginFailure):
            raise error  # the plugin failed in the worker: handled as on this thread
        if error is not None:
            report(error)
            return None
        key = (self.session.version, self.session.game.current_player)
        if self.key != key or bot.hint is None or not self.session.is_legal(bot.hint.action):
            return None
        self.hint = bot.hint
        return self.hint

    def stale(self) -> bool:
        """Whether the game moved on since the hint (or request) was made."""
        return self.key is not None and self.key[0] != self.session.version

    def cancel(self) -> None:
        """Forget the hint and any request in progress."""
        if self._bot is not None:
            self.worker.cancel()
        self._bot = None
        self.hint = None
        self.key = None
        self.waiting = None
        self._ready = None

    def close(self) -> None:
        self.cancel()


class HintShow:
    """The hint key on the play screen: H asks, the worker thinks, the board shows the
    move and the status line the reason; H again hides it (and shows it again without
    counting twice). A hint the board cannot point at (ending the turn, a vote) is
    played by Enter, as one it points at is."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.hinter = Hinter(session)
        #: the hint's line for the status bar while the board shows it ('' if none), with
        #: its shorter wordings (:class:`~game.ui.statusline.Wordings`)
        self.text: str = ""
        #: the hinted action Enter plays because the board does not point at it
        self.on_enter: str | None = None

    def ask(self, seat: int, view: BoardView) -> bool:
        """H for ``seat``; True if something happened (the sound of a choice)."""
        hinter = self.hinter
        if hinter.hint is not None and not hinter.stale():
            if self.text:
                self.hide(view)
            else:
                self.show(view)
            return True
        return hinter.request(seat)

    def show(self, view: BoardView) -> None:
        hint = self.hinter.hint
        if hint is None:
            return
        try:  # advice to the one who decides: "place the black on a1", not "Ana places"
            said = advice(self.session.game.describe(hint.action), hint.seat,
                          self.session.names)
        except AztecArcadeError:
            said = hint.action
        pointed = view.show_hint(hint.action)
        self.on_enter = None if pointed else hint.action

        def line(reason: str) -> str:
            why = self.session.say(as_text(reason))
            return say(_("Hint: {move} — {why}", move=said, why=why) if pointed else
                       _("Hint: {move} — {why} (Enter: do it)", move=said, why=why))

        # the status line shows the fullest wording that fits its room, never a cut one
        self.text = Wordings(line(hint.reason), [line(r) for r in hint.shorter])

    def hide(self, view: BoardView) -> None:
        if self.text:
            self.text = ""
            self.on_enter = None
            view.show_hint(None)

    def update(self, view: BoardView) -> None:
        """Drop a hint the game has moved past; show one the worker has found."""
        hinter = self.hinter
        if hinter.stale():
            last = self.session.history[-1] if self.session.history else None
            if last is not None:
                hinter.played(last[1], any(e.barrier for e in last[2]))
            hinter.cancel()
            self.hide(view)
        hinter.start_waiting()
        hint = hinter.poll()
        if hint is not None:
            seat = hint.seat
            if 0 <= seat < len(self.session.hints):
                self.session.hints[seat] += 1
            self.show(view)

    def enter_action(self) -> str | None:
        """What Enter plays now: the shown hint the board does not point at."""
        if self.text and self.on_enter is not None and not self.hinter.stale() and \
                self.session.is_legal(self.on_enter):
            return self.on_enter
        return None

    def close(self) -> None:
        self.hinter.close()
