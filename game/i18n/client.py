"""The client's own catalogue, ``game/locale``: the menus, the scenes' chrome, the
joints of a list. ``from game.i18n.client import _`` in a client module, then
``_("Settings")``."""

from __future__ import annotations

from pathlib import Path

from game.i18n.message import Domain

#: the client's domain: ``game/locale/<lang>/LC_MESSAGES/aztec-arcade.po``
CLIENT = "aztec-arcade"
_ = Domain(CLIENT, Path(__file__).resolve().parent.parent / "locale")

#: the joints of a list (:class:`~game.i18n.message.Listing`), in the reader's language:
#: the last one's and the others'
JOINTS = {
    "and": (_("{a} and {b}", context="list"), _("{a}, {b}", context="list")),
    "comma": (_("{a}, {b}", context="list"), _("{a}, {b}", context="list")),
    "plus": (_("{a} + {b}", context="list"), _("{a} + {b}", context="list")),
    "semicolon": (_("{a}; {b}", context="list"), _("{a}; {b}", context="list")),
}
#: a seat when the reader knows no names (a log file, the command line)
PLAYER = _("Player {number}")
#: the name of a seat spoken to (a lesson's learner) on its card and in every sentence
#: that names it: the reader's word for "you"
YOU = _("You", context="seat")
