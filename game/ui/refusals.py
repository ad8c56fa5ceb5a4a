"""Why the last input was refused: the play screen's status line says it in red until
the next press, or until the pointer has moved well away from where it was refused.

Kept as the message, not its words, and said each time it is read: a language changed
in Settings while a refusal shows says it anew (it stayed in English under a German
game until the next press)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import Text
from game.kit.client import fx

if TYPE_CHECKING:
    from game.ui.session import Session
    from game.ui.shell import Shell

#: logical px the pointer moves before a refusal about where it was is put away
REFUSAL_MOVE = 48.0


class Refusing:
    """A scene's refusal: what it says, since when (the status line shakes a moment) and
    where the pointer was. Mixed into the play screen, which has the session and app."""

    session: Session
    app: Shell | None
    _refusal: Text = ""
    #: where the pointer was when the refusal was shown
    _refused_at: tuple[float, float] | None = None
    #: seconds since an input was last refused
    refused_t: float = fx.SHAKE_TIME

    @property
    def refusal(self) -> str:
        """Why the last input was refused, in the language the table reads now."""
        return self.session.say(self._refusal) if self._refusal else ""

    @refusal.setter
    def refusal(self, why: Text) -> None:
        self._refusal = why

    def refuse(self, why: Text) -> None:
        """Show why an input is refused, with the error sound."""
        assert self.app is not None
        self.refused_t = 0.0
        self.refusal = why
        self._refused_at = self.app.input.pointer
        self.app.play_sound("refused")

    def _forget_stale_refusal(self) -> None:
        """A refusal is about where the pointer was: once it has moved well away, the
        status line says again what the pointer is over."""
        assert self.app is not None
        was, now = self._refused_at, self.app.input.pointer
        if self._refusal and was is not None and now is not None and \
                abs(now[0] - was[0]) + abs(now[1] - was[1]) > REFUSAL_MOVE:
            self.refusal = ""
