"""Every language at the table: messages are data, rendered per reader.

- :mod:`game.i18n.message`: a message is an English msgid with named values
  (:class:`Msg`), made by a catalogue's :class:`Domain` (``_("{player} passes",
  you="You pass", player=Seat(0))``), JSON-safe.
- :mod:`game.i18n.catalogue`: gettext ``.po`` catalogues per domain and language,
  read at run time with the standard library.
- :mod:`game.i18n.render`: the one place a message becomes words, for the television
  (:func:`say`) or any reader (:func:`render`).
- :mod:`game.i18n.languages`: which language a reader gets (``--lang``, Settings, the
  system's locale).
- :mod:`game.i18n.pseudo`: the tests' pseudo-language.
"""

from __future__ import annotations

from game.i18n.message import Domain, Listing, Msg, Seat, Text, from_data
from game.i18n.render import language, render, say, set_language

__all__ = ["Domain", "Listing", "Msg", "Seat", "Text", "from_data", "language", "render",
           "say", "set_language"]
