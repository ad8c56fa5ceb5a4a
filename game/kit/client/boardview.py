"""The protocol a game's board view implements for the generic play screen.

The shell (``game.ui.scenes.play``) owns the frame: the seat cards with players and scores, the
status line, the log panel, the footer of shortcuts, undo/redo, saves and banners. A
board view owns the board area and the game-specific side panel, and turns input into
engine actions. The shell never special-cases a variant; views come from the
``register_views`` hook, as ``factory(session, services)``: the view reads the game
through :class:`~game.kit.client.services.SessionView` and the client through
:class:`~game.kit.client.services.ViewServices`, never the client's App.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from game.i18n import Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.fx import Effects
from game.kit.client.services import palette_of

if TYPE_CHECKING:
    import pygame

    from game.core.events import Event
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.kit.client.services import SessionView, ViewServices

Area = tuple[float, float, float, float]  # logical x, y, w, h


def grown(rect: Area, by: float) -> Area:
    """``rect`` (logical units) grown by ``by`` on every side: a part's bounds must hold
    the outline, glow or shadow its painting reaches beyond the shape."""
    x, y, w, h = rect
    return (x - by, y - by, w + 2 * by, h + 2 * by)


def union(rects: list[Area]) -> Area:
    """The bounds of ``rects`` (logical units, at least one): one part for pieces that
    move together (what is in flight, the bursts of one action)."""
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    return (x0, y0, max(r[0] + r[2] for r in rects) - x0, max(r[1] + r[3] for r in rects) - y0)


@dataclass(frozen=True)
class BoardPart:
    """A part of a keyed view's board (:meth:`BoardView.board_parts`): a name, the
    logical rectangle its painting stays inside, what decides its pixels (None: they
    change every frame) and its painting.

    A board is not one picture for damage's sake: a pulsing cursor, a hover's preview or
    a token in flight covers a few squares, and as one part the whole board (half the
    window) would be painted again for it.

    A part whose key changes while few of its pixels do (the table after an action: two
    pieces came, the rest of the board holds) may say where (``changed``): given the
    screen and the key the window shows the part with (its area the same), the pixel
    rectangles of the screen where painting it now differs from painting it with that
    key, or None when it cannot say (then all of ``area`` is painted again, as without
    it). Only those are painted and presented. It is asked before the part is painted, so
    it may bring up to date the layers its painting reads, as the painting would; a kept
    layer keeps its last changes in a :class:`~game.kit.client.damage.ChangeLog` (the
    pixels each change painted again) to answer from. Too few rectangles is a bug the
    pixel guard (tests/client/test_damage.py's ``frame``) finds.

    A part that covers some of its pixels whatever lies under them (a kept layer that
    holds a copy of the board beneath it, blitted opaque) may say where (``opaque``, in
    the screen's pixels; a board's parts, not a panel's): all of it, every time it is
    painted. The parts before it are then not painted there (a hover's preview over the
    pieces repainted the pieces under it first, for nothing)."""

    place: str
    area: Area
    key: Hashable
    paint: Callable[[Screen], None]
    changed: Callable[[Screen, Hashable], list[pygame.Rect] | None] | None = None
    opaque: pygame.Rect | None = None


class BoardView:
    """Base class of a board view. The play screen reads the attributes below every frame
    (a subclass may override any of them with a property) and calls the methods; every
    one has a default, so a view overrides only what its game needs."""

    #: Tools the player cycles with Tab, e.g. ``("walk", "canal", ...)``. Without tools
    #: the footer shows no Tab key.
    tools: tuple[str, ...] = ()
    #: The tool in use now, named next to Tab in the footer ("Tool: canal"); None: none.
    #: A view that keeps a code here names it in words with :meth:`tool_label`.
    tool: Text | None = None
    #: What Enter or a click would do now, or why it is refused; the status line shows
    #: it (empty: the play screen's own hint).
    status: str = ""
    #: Extra shortcuts for the footer, ``(key, meaning)`` pairs; empty: the generic ones.
    shortcuts: tuple[tuple[Text, Text], ...] = ()
    #: Open the scoring overlay on per-player ``score`` events too (games without one
    #: ``scoring`` event, e.g. Aztlán scores each player in turn).
    scoring_overlay: bool = False
    #: Receive ``release`` intents (left mouse button up), for drag and drop.
    uses_release: bool = False
    #: True while the view still plays out something of its own (a walk's queued steps):
    #: computer players and the title screen's demo wait until it is False.
    busy: bool = False
    #: Lines of the game's own facts each seat card holds under the seat's name (what a
    #: seat has: pawns left, cards, a hand's size), painted by ``draw_seat_facts``; 0: none.
    #: Facts there are read beside the name and score, so the side panel need not repeat a
    #: row per seat; the panel under the cards gets that much less height.
    seat_fact_lines: int = 0
    #: The pictures of the player aid (rules help), drawn with the game's pieces: a static
    #: method ``draw_aid_figure(screen, area, figure, ctx)`` drawing ``figure`` (a mapping
    #: from the rules' ``player_aid()["pages"]``) into the logical ``area``; ``ctx`` is a
    #: ``game.kit.client.aid.AidContext`` (the rules, the palette's colours and marks). The aid
    #: opens from the title too, with no game and no view: it uses the class, never an
    #: instance. None: the aid's pages are words only (docs/modding/board-view.md).
    draw_aid_figure: Callable[..., None] | None = None

    def __init__(self, session: SessionView, services: ViewServices | None = None,
                 app: ViewServices | None = None) -> None:
        """``app`` is the old name of ``services`` (deprecated): a view written as
        ``super().__init__(session, app=app)`` still gets its services."""
        self.session = session
        #: what the client lends the view (the screen, the palette, reduce motion, a
        #: "Pass to" screen covering the board); a subclass's ``super().__init__(session,
        #: app)`` passes it on unchanged. None only for a view built outside the client
        #: (a test), which is then lent nothing.
        self.services = cast("ViewServices", services if services is not None else app)
        self.status = ""
        #: bursts (sparks, a ring, a glow) the view starts on events; the view advances
        #: them in ``update`` and draws them last in ``draw`` (see game.kit.client.fx)
        self.fx = Effects(self.services)

    @property
    def app(self) -> ViewServices:
        """Deprecated: the view's :attr:`services` (the second argument was once the
        client's App). Read-only; kept for one release so older views still run."""
        return self.services

    @property
    def moving(self) -> bool:
        """Whether something on the board moves by itself now (pieces on their way,
        bursts, queued steps), so the client must draw the next frame; once it is False
        and nobody touches anything for a few seconds, the client rests (stops drawing,
        and a pulsing cursor pauses where it is) until the next input. This default reads
        what the built-in views keep: :attr:`busy`, the effects (:attr:`fx`), and the
        ``anims`` (animation records) and ``queue`` (a :class:`~game.kit.client.stepqueue.
        StepQueue`) a view may hold; a view moving some other way overrides it."""
        return bool(self.busy) or self.fx.active or bool(getattr(self, "anims", None)) \
            or bool(getattr(self, "queue", None))

    def tool_label(self) -> Text | None:
        """The tool in use in the reader's words, for the footer: :attr:`tool` itself. A
        view whose :attr:`tool` is a code ("walk") answers with the tool's message, so
        the footer never shows the code ("Werkzeug: walk")."""
        return self.tool

    #: The view paints only inside its board area (``draw``, clipped to it) and the
    #: panel's area (``draw_panel``), and says what decides their pixels
    #: (:meth:`board_key`, :meth:`panel_key`): the play screen then paints and presents
    #: only the parts of a frame that changed (:mod:`game.kit.client.damage`). False
    #: (the default): every frame is painted whole, whatever the view draws.
    keyed: bool = False

    def board_key(self) -> Hashable:
        """With :attr:`keyed`: what the board's pixels depend on now, equal from frame to
        frame while they are the same (the session's version, the cursor, the hover, the
        tools); None while they change every frame (a pulse, pieces on their way)."""
        return None

    def board_parts(self, screen: Screen, area: Area) -> list[BoardPart] | None:
        """With :attr:`keyed`: the board drawn in ``area`` as :class:`BoardPart` s, in
        painting order, so that a frame paints again only the parts whose key changed
        (the cursor's rectangle as it pulses, a hover's preview, a piece in flight), each
        with what lies under and over it. Painting them all in order must give exactly
        ``draw``'s pixels; each part's painting stays inside its ``area`` (the play
        screen clips it there). None (the default): the board is one part, keyed by
        :meth:`board_key` and painted by ``draw``. Called every frame: make it cheap
        (keys from facts such as the session's version and the cursor, not from texts)."""
        return None

    def seat_facts_key(self) -> Hashable:
        """With :attr:`keyed` and :attr:`seat_fact_lines`: what the seats' facts
        (``draw_seat_facts``) depend on now, as :meth:`board_key`; None (the default):
        they change every frame, and every seat card is painted every frame."""
        return None

    def panel_key(self) -> Hashable:
        """With :attr:`keyed`: what the side panel's pixels depend on now (as
        :meth:`board_key`); None: they change every frame."""
        return None

    def panel_parts(self, screen: Screen, area: Area) -> list[BoardPart] | None:
        """With :attr:`keyed`: the side panel drawn in ``area`` as :class:`BoardPart` s,
        in painting order, as :meth:`board_parts` gives the board: its stone, its
        heading, each row of choices, each a part, so that a hover changing one row's
        words paints that row again (over the stone beneath it), not every word of the
        panel. A part may also reach past the panel (a box beside it over the action
        log, a piece flying from the panel to the board): each is painted after the log,
        clipped to its own area, so what lies beside the panel need not make the frame
        whole. Painting them all in order must give exactly ``draw_panel``'s pixels. The
        parts' repaint after an action waits a frame or two, all together (the panel is
        never shown half new). None (the default): the panel is one part, keyed by
        :meth:`panel_key` and painted by ``draw_panel``. Called every frame: make it
        cheap (give the last frame's parts again while the facts they follow hold)."""
        return None

    def handle(self, intent: Intent, area: Area) -> str | None:
        """Return an engine action to apply, or None. May update hover/cursor state."""
        return None

    def next_action(self) -> str | None:
        """The next step of a multi-step input (a walk of several steps), or None.

        The play screen asks once per frame while a person decides and applies what it
        gets, so one click can play several actions, each shown before the next.
        """
        return None

    def show_hint(self, action: str | None) -> bool:
        """Show ``action`` on the board as a suggestion, or nothing (None): the hint key's
        choice, or what a lesson's step asks for. ``action`` may be a plan, actions
        joined by ``;`` (a walk of several steps). Return True if the view's cursor is
        now on it, so that Enter (or a click there) plays it; False if it is only named.

        The built-in views draw a ghost of the move where it would happen with their
        preview and put their cursor (tool, level, ...) on it; a lesson then leaves Enter
        to the view, else it plays the step's move on Enter itself. This default only
        names the action in the status line, which works for every game."""
        if action is None:
            self.status = ""
            return False
        first = action.split(";")[0].strip()
        try:
            text = self.session.game.describe(first)
        except Exception:  # noqa: BLE001 - a plugin's wording failing: the notation
            text = first
        self.status = say(_("Suggested: {action}", action=text))
        return False

    def show_target(self, action: str | None) -> bool:
        """Show ``action`` on the board as the place to play it, leaving the cursor where
        it is, or nothing (None): a lesson's step, which the learner then makes with
        their own moves (``show_hint``, the lesson's H, puts the cursor on it). Return
        True if the board shows it. The built-in views ready their tool or mode for it
        and draw its ghost where it would happen, beside the cursor's own preview; this
        default names it in the status line, as ``BoardView.show_hint`` does."""
        return BoardView.show_hint(self, action)

    def refused(self, action: str, reason: str) -> None:
        """The engine refused ``action``; show ``reason``."""
        self.status = reason

    def on_events(self, action: str, events: list[Event]) -> None:
        """An action was applied; start animations for its events."""

    def on_reset(self) -> None:
        """The session's state jumped (undo, load): drop cached overlays and the cursor."""

    def update(self, dt: float) -> None:
        """Advance animations."""

    def draw(self, screen: Screen, area: Area) -> None:
        """Draw the board into ``area``; must not change state."""

    def opaque_rect(self, screen: Screen, area: Area) -> pygame.Rect | None:
        """The pixel rectangle ``draw`` covers with opaque pixels in every frame (a board
        painted on a layer without transparency), or None: the play screen lays no wall
        under it, which spares a copy of half the screen every frame at 1080p."""
        return None

    def board_rect(self, area: Area) -> Area:
        """Where the board itself is drawn in ``area`` (the board's share of the screen
        is measured on it); the whole area unless the view says otherwise."""
        return area

    def picture_places(self, area: Area) -> list[dict[str, Any]]:
        """The places a phone may tap on the table picture, with the board drawn in
        ``area`` (logical units, as ``draw`` gets it): ``{"name": str, "rect": [x, y, w,
        h]}`` or ``{"name": str, "polygon": [[x, y], ...]}``, and optionally ``"title"``
        (what the phone calls the place; the name by default), ``"also"`` (other words
        naming it: a vendor's square is also its colour) and ``"seat"`` (a place of that
        seat's phone only: a buyer "2" that means the deciding seat's own). A legal action
        belongs to every place whose ``name`` or ``also`` is one of its words after the
        verb ("canal d4 e4" is at d4 and at e4), so name the places as the game's
        notation does. The picture
        painter (:mod:`game.ui.picture`) sends them, in the picture's pixels, with the
        picture; a tap opens the actions there (docs/remote.md). Default: no places, and
        the phone offers its lists of actions only."""
        return []

    def draw_panel(self, screen: Screen, area: Area) -> None:
        """Draw the game-specific side panel (supplies, hands)."""

    def draw_seat_facts(self, screen: Screen, seat: int, area: Area) -> None:
        """Draw ``seat``'s facts in ``area``, the bottom of its seat card
        (``seat_fact_lines`` lines); must not change state, and shows only what the
        screen's viewer may see."""

    def scoring_steps(self, events: list[Event]) -> list[dict[str, Any]]:
        """Split a scoring into steps for the animated overlay (district by district).

        A step is ``{"title": str, "event": Event}`` and optionally ``"kind"`` (score
        events whose reason no step's kind names get a step of their own), ``"points"``
        (seat -> points gained: the totals count them up), ``"rows"`` (each
        ``{"owner": seat, "detail": str, "points": int}``, e.g. the Market's holder of a
        colour with "9 × 2"), ``"subtitle"`` (the step's rule: "The king holds 2: × 2")
        and ``"lines"`` (text shown when there are no rows). ``highlight`` gets the step
        while it shows."""
        return [{"title": e.text, "event": e} for e in events if e.kind == "district_scored"]

    def scoring_title(self, events: list[Event]) -> Text:
        """The scoring overlay's title for ``events`` ("Scoring of age I"); "" (the
        default) lets the overlay take the text of the events' "scoring" event."""
        return ""

    def highlight(self, step: dict[str, Any] | None) -> None:
        """The scoring overlay is showing ``step``; emphasise it on the board."""

    def results_table(self) -> dict[str, Any] | None:
        """Optional: a score table for the results screen, or None for none.

        ``{"title": str, "headers": [str, ...], "rows": [[str, ...], ...]}``, every cell
        a string (the first column names the row), optionally ``"seats"`` (per row the
        seat it belongs to, or None; the results screen shows that seat's colour) and
        ``"note"`` (a line under the table). The results screen shows it in place of the
        final board and the ranking when Tab is pressed. It builds a view with the play
        screen's factory (which also draws the final board, as a spectator sees it), so
        it must not depend on input.
        """
        return None


def seat_colours(session: Any, services: Any) -> list[tuple[int, int, int]]:
    """Seat colours chosen at setup (the session keeps them), else palette order."""
    chosen = getattr(session, "colours", None)
    if chosen:
        return list(chosen)
    palette = palette_of(services)
    return [theme.player_colour(palette, i) for i in range(session.game.players)]


def seat_marks(session: Any) -> list[str]:
    """Each seat's shape mark (it follows the colour), so colour is never the only cue."""
    chosen = getattr(session, "marks", None)
    if chosen:
        return list(chosen)
    return [theme.MARKS[i % len(theme.MARKS)] for i in range(session.game.players)]


class SeatStyle(BoardView):
    """A board view with each seat in the colour and mark chosen at setup, looked up the
    same way in every game so a seat looks alike on the board, the panel and the bar.

    (It was a mixin that assumed ``session`` and ``app``; as a ``BoardView`` it has them,
    and ``class MyView(SeatStyle, BoardView)`` still works.)"""

    @property
    def colours(self) -> list[tuple[int, int, int]]:
        return seat_colours(self.session, self.services)

    @property
    def marks(self) -> list[str]:
        return seat_marks(self.session)
