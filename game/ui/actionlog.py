"""The action log panel of the play screen: every action and its public events, newest
at the bottom, in the colour of the seat that acted, scrollable. An action is one line:
the engine's own words for it when it told it ("Ana starts on h8"), else the game's
sentence for it (``describe_action``, added to the history by
:func:`~game.ui.logwords.in_words`), and
only for a game without either its notation ("Ana: temple c9 1"), never two of them.

The lines are derived from the session's history once per change (``Session.version``),
never per frame; each entry's lines are kept while it stays in the history (and the names
and colours stay the same), and wrapped texts are cached by text and width, so a long
game's next action costs its own entry only, not the whole history again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.facets import presentation
from game.i18n import language, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.art import frames
from game.kit.client.layers import Snapshot
from game.kit.client.layout import LOG_AREA, LOG_LINE, Area
from game.kit.client.text import fit, inside, wrap
from game.ui.logwords import narration

if TYPE_CHECKING:
    import pygame

    from game.core.events import Event
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.session import Session

#: entries of the history shown (older ones drop off the top)
LOG_KEEP = 400
#: wrapped texts kept before the cache starts over
WRAP_CACHE = 5000
#: where a panel's lines begin under its title strip and without one (``draw_panel``),
#: and the room kept under the last line
TITLED_TOP = 52.0
UNTITLED_TOP = 16.0
BOTTOM = 18.0
#: the fewest rows a log shows under its title: a shorter panel gives the title's room
#: to a row (a newest text wrapped over three lines is then read whole)
TITLED_ROWS = 3

Colour = tuple[int, int, int]
Entry = tuple[int | None, str, list["Event"]]
#: a line of the log: its text, its colour, and whether it begins its text (False: the
#: rest of a text wrapped over more lines)
Line = tuple[str, Colour, bool]


def action_line(session: Session, colours: list[Colour], seat: int | None,
                action: str) -> tuple[str, Colour]:
    """An action as the log shows it, with who played it ("Ana: canal d12") in their
    colour; as a spectator may see it (a shared screen), whatever the rules hide."""
    who = session.name(seat) if seat is not None else "—"
    colour = colours[seat] if seat is not None and 0 <= seat < len(colours) else theme.TEXT
    return f"{who}: {session.game.rules.redact(action, seat, None)}", colour


def entry_head(session: Session, colours: list[Colour], seat: int | None, action: str,
               events: Sequence[Event]) -> tuple[str, Colour, Event | None]:
    """An action's line in the acting seat's colour: the engine's words for it when it
    told it (and that event, which is then not repeated), else :func:`action_line`."""
    text, colour = action_line(session, colours, seat, action)
    told = narration(events, seat, action)
    if told is not None:
        text = say(told.text, session.names)
    return text, colour, told


def wrap_text(screen: Screen, text: str, size: float, width: float) -> list[str]:
    """Like :func:`~game.kit.client.text.wrap`, but blank text still takes one (empty) line,
    so every log entry keeps its place."""
    return wrap(screen, text, theme.readable(size), width) or [""]


class ActionLog:
    def __init__(self, area: Area = LOG_AREA) -> None:
        self.area = area
        self.lines: list[tuple[str, Colour]] = []
        #: whether each line begins its text (the others continue a wrapped one)
        self.heads: list[bool] = []
        #: lines scrolled back from the newest (0: the newest at the bottom)
        self.scroll = 0
        #: (seat, action, events) of the actions before this session (a loaded game)
        self.prior: list[Entry] = []
        #: the session version the lines were built for
        self.version = -1
        #: the language the lines were said in (a language chosen in Settings says them anew)
        self.language = ""
        self._wrapped: dict[tuple[str, float], list[str]] = {}
        #: the lines of each entry shown, by the entry's identity (the entry is kept with
        #: them, so an id is never mistaken for a later entry's), for ``_drawn_for``
        self._entries: dict[int, tuple[Entry, list[Line]]] = {}
        self._drawn_for: tuple[object, ...] = ()
        #: the lines as painted, one blit a frame until they change
        self._painted = Snapshot()

    @property
    def rows(self) -> int:
        """Lines the panel shows at once: under its title, or in the title's room where
        fewer than :data:`TITLED_ROWS` would fit under it (four long names at 1280x720:
        a text there wraps over three lines, and a log of two rows showed no whole one)
        or the text at the bottom needs it."""
        return self._rows(self.titled)

    def _rows(self, titled: bool) -> int:
        return int((self.area[3] - (TITLED_TOP if titled else UNTITLED_TOP) - BOTTOM)
                   // LOG_LINE)

    @property
    def titled(self) -> bool:
        """Whether the panel has its title: not where the title's room is a row, nor
        while the text at the bottom is longer than the rows under it ("Xochiquetzal
        spielt Heilige Spiele: …" over four lines in German). Scrolled back, it has it:
        the strip says how many newer lines are below."""
        under = self._rows(True)
        return self.scroll > 0 or (under >= TITLED_ROWS and self._last_text() <= under)

    def _last_text(self) -> int:
        """How many lines the text at the bottom of the panel (the newest, unless
        scrolled back) wraps over."""
        end = len(self.lines) - self.scroll
        if end <= 0:
            return 0
        head = next((i for i in range(end - 1, -1, -1) if self.heads[i]), 0)
        after = next((i for i in range(head + 1, len(self.lines)) if self.heads[i]),
                     len(self.lines))
        return after - head

    def stale(self, session: Session) -> bool:
        return self.version != session.version or self.language != language()

    def rebuild(self, screen: Screen, session: Session, colours: list[Colour]) -> None:
        """Re-derive the lines from the session's history (after apply, undo, redo)."""
        self.version, self.language = session.version, language()
        game = session.game
        lines: list[Line] = []
        earlier = len(game.log) - len(session.history) - len(self.prior)
        if earlier > 0:
            lines.append((say(_.n("{n} earlier action (loaded game)",
                                  "{n} earlier actions (loaded game)", n=earlier)),
                          theme.TEXT_DIM, True))
        if len(self._wrapped) > WRAP_CACHE:
            self._wrapped.clear()
        drawn_for = (tuple(session.names), tuple(colours), screen.scale, self.area,
                     self.language)
        if drawn_for != self._drawn_for:
            self._entries, self._drawn_for = {}, drawn_for
        entries: dict[int, tuple[Entry, list[Line]]] = {}
        for entry in (self.prior + session.history)[-LOG_KEEP:]:
            known = self._entries.get(id(entry))
            if known is None or known[0] is not entry:
                known = (entry, self._entry(screen, session, colours, entry))
            entries[id(entry)] = known
            lines += known[1]
        self._entries = entries
        kept = lines[-LOG_KEEP * 3:]
        self.lines = [(text, colour) for text, colour, _head in kept]
        self.heads = [head for _text, _colour, head in kept]
        self.scroll = min(self.scroll, max(0, len(self.lines) - 1))

    def _entry(self, screen: Screen, session: Session, colours: list[Colour],
               entry: Entry) -> list[Line]:
        """One action (as everyone may see it: a shared screen) and its public events."""
        seat, action, events = entry
        width = self.area[2] - 44
        text, colour, told = entry_head(session, colours, seat, action, events)
        out = [(part, colour, i == 0)
               for i, part in enumerate(self._said(screen, session, text, told, width))]
        for event in events:
            if event is told or not event.visible(None) or event.kind == "turn":
                continue
            text = say(event.text, session.names)
            tint = theme.GOOD if event.points else theme.TEXT_DIM
            if event.kind in ("scoring", "period", "game_over"):
                tint = theme.ACCENT
            out += [("   " + part, tint, i == 0) for i, part in
                    enumerate(self._said(screen, session, text, event, width - 24))]
        return out

    def _said(self, screen: Screen, session: Session, text: str, event: Event | None,
              width: float) -> list[str]:
        """``text`` (``event``'s) wrapped, or where it is longer than the panel can show,
        the fullest of the game's shorter wordings of it that fits whole (its
        ``log_wordings``: "Xochiquetzal adds 71 at the end" for the scoring with every
        reason, over five lines in German); else the shortest, whose beginning shows."""
        lines = self._wrap(screen, text, width)
        rows = self._rows(False)
        if event is None or len(lines) <= rows:
            return lines
        for shorter in presentation(session.game.rules).log_wordings(event):
            lines = self._wrap(screen, say(shorter, session.names), width)
            if len(lines) <= rows:
                break
        return lines

    def _wrap(self, screen: Screen, text: str, width: float) -> list[str]:
        key = (text, width)
        if key not in self._wrapped:
            self._wrapped[key] = wrap_text(screen, text, theme.FONT_SMALL, width)
        return self._wrapped[key]

    def scroll_by(self, delta: int) -> None:
        limit = max(0, len(self.lines) - self.rows)
        self.scroll = max(0, min(limit, self.scroll + delta))

    def handle(self, intent: Intent, pointer: tuple[float, float] | None) -> bool:
        """Page Up/Down, or the wheel over the panel, scroll; True if the intent was that."""
        if intent.kind in ("page_up", "page_down"):
            self.scroll_by(self.rows if intent.kind == "page_up" else -self.rows)
        elif intent.kind == "scroll" and inside(pointer, self.area):
            self.scroll_by(3 if (intent.value or 0) > 0 else -3)
        else:
            return False
        return True

    def draw(self, screen: Screen) -> None:
        x, y, w, h = self.area
        titled = self.titled
        top = y + (TITLED_TOP if titled else UNTITLED_TOP)  # as draw_panel says
        end = len(self.lines) - self.scroll
        first = self.first_shown()
        shown = tuple(self.lines[first:min(end, first + self.rows)])
        # the newest line stays at the bottom: rows a cut text left empty are at the top
        top += (self.rows - len(shown)) * LOG_LINE if first > 0 else 0

        kept = (x + 8, y + 8, w - 16, h - 16)

        def panel(hole: pygame.Rect | None) -> None:
            """The stone (:func:`~game.kit.client.text.draw_panel`'s) as pieces round
            the kept lines and under them, and the title unless kept pixels hide it."""
            frames.panel(screen, x, y, w, h, theme.PANEL_LIGHT, radius=16, hole=hole,
                         kept=kept)
            if hole is None and titled:  # (draw_panel's title strip)
                screen.text(say(_("Action log")).upper(), x + 20, y + 14, theme.FONT_SMALL,
                            theme.ACCENT)

        # inside the panel's rim: the stone and the title under it are the same each frame
        self._painted.draw(screen, kept, (shown, self.scroll, top, titled),
                           lambda s: self._paint(s, shown, top), under=panel)

    def first_shown(self) -> int:
        """The first line the panel shows: never the rest of a text wrapped over more
        lines whose beginning has scrolled off the top ("Pyramid)" alone reads as
        nonsense); that row stays empty instead."""
        end = len(self.lines) - self.scroll
        first = max(0, end - self.rows)
        while 0 < first < end and not self.heads[first]:
            first += 1
        if first >= end > 0:
            # the newest text alone is longer than the panel (long names at 1280x720: the
            # panel holds two rows): its beginning, rather than an empty log
            first = next(i for i in range(end - 1, -1, -1) if self.heads[i])
        return first

    def _paint(self, screen: Screen, shown: tuple[tuple[str, Colour], ...],
               top: float) -> None:
        x, y, w, _h = self.area
        for i, (text, colour) in enumerate(shown):
            screen.text(fit(screen, text, theme.FONT_SMALL, w - 40), x + 20,
                        top + i * LOG_LINE, theme.FONT_SMALL, colour)
        if self.scroll:
            screen.text(_.n("{n} newer line below (PgDn)", "{n} newer lines below (PgDn)",
                            n=self.scroll), x + w - 20, y + 14,
                        theme.readable(theme.FONT_SMALL * 0.8), theme.TEXT_DIM, "topright")

