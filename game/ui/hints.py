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
from typing import TYPE_CHECKING

from game.ai.hint import Hint, HintBot
from game.ai.worker import BotWorker
from game.isolation import PluginFailure
from game.rng import mix_seed
from game.ui.messages import report
from game.ui.session import HUMAN

if TYPE_CHECKING:
    from game.ui.session import Session


class Hinter:
    """Asks for hints and holds the one shown; one per game on the screen."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.worker = BotWorker()
        self._bot: HintBot | None = None
        #: (session version, seat) the current request or hint is for
        self.key: tuple[int, int] | None = None
        #: the hint on show, for ``key``
        self.hint: Hint | None = None

    @property
    def thinking(self) -> bool:
        return self._bot is not None

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
        view = json.loads(json.dumps(game.view(seat)))
        bot = HintBot(mix_seed(game.seed, "hint", len(game.log), seat))
        if not self.worker.request(bot, game.rules, view, legal, key):
            return False  # an abandoned search still winds down: ask again next press
        self._bot, self.key = bot, key
        return True

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

    def poll(self) -> Hint | None:
        """The new hint once the worker has one for the position now (handed out once);
        a hint for a position that has gone is dropped."""
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

    def close(self) -> None:
        self.cancel()
