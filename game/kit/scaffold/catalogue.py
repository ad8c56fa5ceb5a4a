"""The catalogue ``aztec-arcade new-variant`` writes (see :mod:`game.kit.scaffold`): the
package's ``text.py``, which makes its messages, and a complete German translation (its
code's messages and its YAML's texts: the variant's name and description, the lesson's), so a
new game speaks two languages from its first run and its tests check the catalogue as
``aztec-arcade validate`` does (docs/modding/translating.md)."""

from __future__ import annotations

TEXT = '''\
"""__TITLE__'s catalogue: every text a player reads is a message, rendered in each
reader's language from ``locale/<language>/LC_MESSAGES/__PKG__.po`` (see "Translating a
game" in Aztec Arcade's modder's manual). Say ``from __PKG__.text import _``."""

from __future__ import annotations

from pathlib import Path

from game.modkit import Domain

_ = Domain("__PKG__", Path(__file__).resolve().parent / "locale")
'''

GERMAN = '''\
# German for __TITLE__. Check it with: aztec-arcade validate __PKG__/
msgid ""
msgstr ""
"Project-Id-Version: __NAME__\\n"
"Language: de\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Move the runner {n} space to space {space}"
msgid_plural "Move the runner {n} spaces to space {space}"
msgstr[0] "Den Läufer {n} Feld weit auf Feld {space} ziehen"
msgstr[1] "Den Läufer {n} Felder weit auf Feld {space} ziehen"

msgid "{player} moves the runner {steps} to space {space}"
msgstr "{player} zieht den Läufer {steps} weit auf Feld {space}"

msgid "You move the runner {steps} to space {space}"
msgstr "Du ziehst den Läufer {steps} weit auf Feld {space}"

msgid "{player} reaches the last space and wins"
msgstr "{player} erreicht das letzte Feld und gewinnt"

msgid "You reach the last space and win"
msgstr "Du erreichst das letzte Feld und gewinnst"

msgid "the race is over"
msgstr "Das Rennen ist vorbei"

msgid "{action} is not an action of this game; write move N, e.g. move 1"
msgstr "{action} ist kein Zug dieses Spiels; schreib move N, z. B. move 1"

msgid "write the number plainly: move {steps}"
msgstr "Schreib die Zahl ohne Nullen davor: move {steps}"

msgid "a turn moves the runner 1 to {most} spaces"
msgstr "Ein Zug bewegt den Läufer 1 bis {most} Felder weit"

msgid "the runner would run past the last space ({left} left)"
msgstr "Der Läufer liefe über das letzte Feld hinaus (noch {left} übrig)"

msgctxt "variant"
msgid "__TITLE__"
msgstr "__TITLE__"

msgctxt "variant"
msgid "Move the runner 1 to 3 spaces a turn; whoever brings it onto the last space wins."
msgstr "Ziehe den Läufer 1 bis 3 Felder pro Zug; wer ihn auf das letzte Feld bringt, gewinnt."

msgctxt "lesson"
msgid "__TITLE__"
msgstr "__TITLE__"

msgctxt "lesson"
msgid "Move the runner and reach the last space first."
msgstr "Ziehe den Läufer und erreiche als Erster das letzte Feld."

msgctxt "lesson"
msgid "Move the runner"
msgstr "Ziehe den Läufer"

msgctxt "lesson"
msgid ""
"The runner stands before a track of 6 spaces. Move it 3 spaces: whoever brings it onto the "
"last space wins."
msgstr ""
"Der Läufer steht vor einer Bahn aus 6 Feldern. Ziehe ihn 3 Felder weit: Wer ihn auf das "
"letzte Feld bringt, gewinnt."

msgctxt "lesson"
msgid "Win the race"
msgstr "Gewinne das Rennen"

msgctxt "lesson"
msgid "Ana moved it to space 4. Move it 2 spaces, onto the last one, and win."
msgstr "Ana hat ihn auf Feld 4 gezogen. Ziehe ihn 2 Felder weit, auf das letzte, und gewinne."
'''
