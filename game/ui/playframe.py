"""The play screen's frame as parts (:mod:`game.kit.client.damage`), so that a frame
paints only what changed: the seat cards, the board, the action log, the side panel,
the status line, the footer and the turn banner, in the order the play screen paints
them, each with its bounds and what decides its pixels.

Only a board view that says what decides its own pixels (``BoardView.keyed``, with
``board_key`` and ``panel_key``) lets the frame be cut into parts: a view drawing
freely gets the whole frame painted, as before. A busy seat's spinner turns, so it is
painted every frame; the deciding seat's card breathes, and is painted when its ring's
pixels step (a few times a breath); the rest only when its key changes. The status
line is its stone and its words apart: a hover that changes only its words repaints
only them.

After an action the board, the panel, the log and the status change at once. The board
is what the players look at, and the seat cards and the banner say whose turn it is:
those are painted in that frame; the panel, the log and the status may wait a frame or
two, in that order (:attr:`~game.kit.client.damage.Part.later`), so that the frame after
an action is not the slowest of the game. A status that moves (a spinner, a refusal's
shake) never waits.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.i18n import Seat, Text, say
from game.i18n.client import _
from game.i18n.render import language
from game.kit.client import fx, theme
from game.kit.client.damage import Part
from game.kit.client.layout import STATUS_AREA, panel_area, seat_cards
from game.ui import statusline
from game.ui.playersbar import RING, ring, turn_holder
from game.ui.scenes.common import seat_mark
from game.ui.statusline import LINE_STEP, busy_steps, seat_look, status_look
from game.ui.widgets import draw_footer

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

#: the play screen (game.ui.scenes.play imports this module: it is not typed here)
PlayScene = Any

Paint = Callable[["Screen"], None]
#: logical units a part's painting may reach past its layout's rectangle: a panel's
#: shadow (10), a deciding card's breathing ring (5), a refusal's shake
MARGIN = 24.0
#: logical units a status line's stone reaches above its box (its shadow, 10)
FRAME_REACH = 12.0
#: the order in which the parts that may wait after an action are painted (``Part.later``):
#: the seat cards first (a frame after the board at most: the banner and the board tell
#: whose turn it is in the frame itself), then the side panel, the log and the status
BAR_WAITS, PANEL_WAITS, LOG_WAITS, STATUS_WAITS = 1, 2, 3, 4


class Geometry(NamedTuple):
    """Where the frame's fixed parts lie in pixels, for one window and one layout of the
    column: worked out once, not each frame (a frame asked the Screen for some twenty
    rectangles that only a resize or a change of seats moves). Its rectangles are shared
    by every frame's parts: nothing may change them in place."""

    cards: list[tuple[float, float, float, float]]
    #: each card's pixels with its breathing ring's reach
    rings: list[pygame.Rect]
    bar: pygame.Rect
    board: pygame.Rect
    log: pygame.Rect
    panel: tuple[float, float, float, float]
    panel_rect: pygame.Rect


def geometry(screen: Screen, players: int, lines: int, wide: bool,
             board_area: tuple[float, float, float, float],
             log_area: tuple[float, float, float, float]) -> Geometry:
    """The frame's :class:`Geometry`, kept per screen transform and layout."""
    key = (screen.scale, screen.ox, screen.oy, players, lines, wide, board_area, log_area)
    found: Geometry | None = _GEOMETRY.get(key)
    if found is not None:
        return found

    def rect(area: tuple[float, float, float, float], margin: float = MARGIN) -> pygame.Rect:
        x, y, w, h = area
        return screen.rect(x - margin, y - margin, w + 2 * margin, h + 2 * margin)

    cards = seat_cards(players, lines, wide)
    panel = panel_area(players, lines, wide)
    found = Geometry(
        cards, [rect(card, RING) for card in cards],
        rect(cards[0]).unionall([rect(card) for card in cards[1:]]),
        rect(board_area, 0), rect(log_area), panel, rect(panel))
    if len(_GEOMETRY) > 32:
        _GEOMETRY.clear()
    _GEOMETRY[key] = found
    return found


_GEOMETRY: dict[Hashable, Geometry] = {}


def parts(scene: PlayScene, screen: Screen) -> list[Part] | None:
    """The frame's parts, or None when the view cannot say what decides its pixels."""
    view = scene.view
    if not view.keyed:
        return None
    game = scene.game
    lines = view.seat_fact_lines
    players = game.players

    def part(place: str, area: pygame.Rect, key: Hashable, paint: Paint,
             later: int = 0) -> Part:
        return Part(place, area, key, lambda: paint(screen), None, later)

    where = geometry(screen, players, lines, scene.wide, scene.board_area, scene.log.area)
    # the cards change with the game, the seats and a view's facts on them (None: those
    # move); the deciding one breathes
    current = game.current_player
    session = scene.session
    facts = view.seat_facts_key() if lines else ()
    bar_key = None if facts is None else (
        facts, tuple(session.names), tuple(scene.colours), tuple(session.marks),
        # (the game's serial, not its id: a game gone, its id is another game's soon)
        _kept(("game", session.version, _serial(game)), lambda: (
            tuple(game.scores), turn_holder(game) if current is not None else None)),
        scene.shown_scores() and tuple(scene.shown_scores()), current,
        tuple(scene.seats.labels()), tuple(scene.seats.icons()), scene.wide)
    status = status_part(scene)
    shown = shortcut_words(scene)
    log = scene.log
    # the cards may wait a frame while the board after an action is painted (1.4 ms of
    # a 1080p frame for a turn passed); the deciding card's ring does not (it is over
    # the card: the card that decides now shows so in the action's own frame)
    out = [part("bar", where.bar, bar_key, scene.draw_bar,
                later=0 if bar_key is None else BAR_WAITS)]
    if bar_key is not None and current is not None and current < len(where.cards):
        # the deciding card's ring, over the bar: its pixels step a few times a breath
        # (:func:`~game.ui.playersbar.ring`), and a frame between two steps paints nothing
        out.append(part("ring", where.rings[current],
                        (bar_key, ring(screen, where.cards[current], scene.t)),
                        scene.draw_bar))
    out += [
        *board_parts(scene, screen, where.board),
        part("log", where.log, (tuple(log.lines), log.scroll, log.area), log.draw,
             later=LOG_WAITS),
        *panel_parts(scene, screen, where.panel, where.panel_rect),
        # the status with the shortcut bar (a status needing two lines takes the bar's
        # room, and the bar is painted only when it does not), and the status's words
        *status_parts(scene, screen.foot(), status, shown),  # (on the bottom edge)
    ]
    if scene.banner.active and scene.app is not None and scene.app.stack.top is scene:
        area = scene.banner_area()
        x, y, w, h = area
        out.append(part("banner", screen.rect(x - MARGIN, y - MARGIN, w + 2 * MARGIN,
                                              h + 2 * MARGIN),
                        scene.banner.key(area),
                        lambda s: scene.banner.draw(s, area)))
    return out


def shortcut_words(scene: PlayScene) -> tuple[tuple[str, str], ...]:
    """The shortcut bar's keys and meanings, said in the television's language: said
    again only when they differ from the last frame's. Compared, not looked up: the
    same messages compare by identity at once, where hashing them (their values, a
    tool's message within) cost a few dozen hashes a frame."""
    shortcuts, now = scene.shortcuts, language()
    last = _SHORTCUTS.get(scene)
    if last is None or last[0] != shortcuts or last[1] != now:
        last = _SHORTCUTS[scene] = (shortcuts, now, tuple(
            (say(key), say(meaning)) for key, meaning in shortcuts))
    return last[2]


#: each play scene's last shortcuts, their language and their words, kept while the
#: scene lives (a scene gone is freed at once: ``game.ui.heap``)
_SHORTCUTS: weakref.WeakKeyDictionary[Any, tuple[Any, str, tuple[tuple[str, str], ...]]] = \
    weakref.WeakKeyDictionary()


def _serial(game: Any) -> int:
    """A number no other game of this run has: a cache keyed by it neither keeps the
    game alive nor mistakes a new game for a freed one whose id it reuses."""
    found = _SERIALS.get(game)
    if found is None:
        found = _SERIALS[game] = next(_COUNT)
    return found


_SERIALS: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
_COUNT = itertools.count()


def board_parts(scene: PlayScene, screen: Screen, board: pygame.Rect) -> list[Part]:
    """The board as one part (``board_key``, painted by ``draw``), or as the parts the
    view hands over (``board_parts``), each clipped to the board."""
    view = scene.view
    given = view.board_parts(screen, scene.board_area)
    if given is None:
        return [Part("board", board, view.board_key(), lambda: scene.draw_board(screen))]
    out = []
    for p in given:
        rect = _pixels(screen, p.area, board)
        opaque = None if p.opaque is None else p.opaque.clip(rect)
        out.append(Part(("board", p.place), rect, p.key, partial(p.paint, screen),
                        changed=None if p.changed is None else partial(p.changed, screen),
                        opaque=opaque if opaque and opaque.w and opaque.h else None))
    return out


def panel_parts(scene: PlayScene, screen: Screen, panel: tuple[float, float, float, float],
                bounds: pygame.Rect) -> list[Part]:
    """The side panel as one part (``panel_key``, painted by ``draw_panel``), or as the
    parts the view hands over (``panel_parts``: its stone, its rows, a box beside it
    over the log), each clipped to its own area; after an action they wait together
    (``PANEL_WAITS``)."""
    view = scene.view
    given = view.panel_parts(screen, panel)
    if given is None:
        return [Part("panel", bounds, (view.panel_key(), panel),
                     lambda: view.draw_panel(screen, panel), later=PANEL_WAITS)]
    return [Part(("panel", p.place), _pixels(screen, p.area), p.key,
                 partial(p.paint, screen), later=PANEL_WAITS) for p in given]


def _pixels(screen: Screen, area: tuple[float, float, float, float],
            within: pygame.Rect | None = None) -> pygame.Rect:
    """A view's part's pixels (clipped to ``within``), kept by area and transform: a
    view hands over the same areas frame after frame. Shared: never changed in place."""
    key = (area, screen.scale, screen.ox, screen.oy, None if within is None else tuple(within))
    found = _RECTS.get(key)
    if found is None:
        if len(_RECTS) > 512:
            _RECTS.clear()
        found = _RECTS[key] = screen.rect(*area) if within is None else \
            screen.rect(*area).clip(within)
    return found


_RECTS: dict[Hashable, pygame.Rect] = {}


#: what the frame's keys hold, by the facts it follows and the language: the same words
#: and scores every frame are not worked out again (a few dozen catalogue look-ups and
#: the game's scoring a frame otherwise)
_KEPT: dict[Hashable, Any] = {}


def _kept(facts: Hashable, words: Callable[[], Any]) -> Any:
    key = (facts, language())
    if key not in _KEPT:
        if len(_KEPT) > 256:
            _KEPT.clear()
        _KEPT[key] = words()
    return _KEPT[key]


def status_area() -> tuple[float, float, float, float]:
    """Where the status line may paint: a second line takes the shortcut bar's room, a
    third grows upward (``game.ui.statusline``), so one line's step above it to the
    window's bottom."""
    x, y, w, _h = STATUS_AREA
    return x, y - LINE_STEP, w, 1080 - (y - LINE_STEP)


class Status(NamedTuple):
    """The status line now: what decides its pixels (None: they move every frame), its
    look on a screen (:class:`~game.ui.statusline.Look`) and how far a refusal's shake
    moves it (logical units)."""

    key: Hashable
    look: Callable[[Screen], statusline.Look]
    dx: float = 0.0


def status_part(scene: PlayScene) -> Status:
    """The status line now: an overlay's step, a question, a refusal, a peek, a seat
    deciding elsewhere, or what the pointer is over."""
    assert scene.app is not None
    session = scene.session
    undo, redo, number = session.can_undo(), session.can_redo(), len(scene.game.log)
    hints = list(_kept(("hints", undo, redo, number), lambda: tuple(
        [say(h) for h, shown in ((_("U undo"), undo), (_("Y redo"), redo)) if shown]
        + [say(_("action {number}", number=number))])))
    scoring = scene.scoring()
    if scoring is not None:  # the overlay's step, never a refusal from before it
        return _plain(say(scoring.status()), hints, below=False)  # (the overlay's own bar)
    if scene.confirming is not None and scene.confirming[0] == session.version:
        return _plain(say(scene.confirming[2]), hints)  # a question is always seen
    if scene.refusal:
        dx = fx.shake_offset(scene.refused_t, fx.motion_reduced(scene.app))
        refusal = scene.refusal
        return Status(("refused", refusal, tuple(hints), dx),
                      lambda screen: status_look(screen, refusal, hints, refused=True), dx)
    if scene.seats.peeking is not None:
        return _plain(say(session.say(_(
            "{player}'s secrets show while P is held: others look away",
            you="Your secrets show while P is held: others look away",
            player=Seat(scene.seats.peeking)))), hints)
    driver = scene.seats.deciding()
    status = driver.status() if driver is not None else None
    if driver is not None and status is not None:
        seat, colours = driver.seat, scene.colours
        colour = colours[seat] if seat < len(colours) else theme.ACCENT
        mark = seat_mark(session, seat)
        t = scene.t
        key = ("seat", status.text, status.hint, colour, mark, hints[-1],
               status.busy and busy_steps(t))  # (a spinner's pixels step: busy_steps)
        return Status(key, lambda screen: seat_look(screen, status, colour, mark, t,
                                                    hints[-1]))
    text: Text
    if scene.hinter.thinking:
        text = _("Looking for a hint…")
    else:
        # the view's line may quote the engine ("Player 2's Pilli"): named here
        view = scene.view
        text = scene.hint_text or (session.say(view.status) if view.status else "") \
            or scene.note or scene._default_status()
    return _plain(say(text), hints)


def _plain(text: str, hints: list[str], below: bool = True) -> Status:
    return Status(("plain", text, tuple(hints), below),
                  lambda screen: status_look(screen, text, hints, below=below))


def look_of(screen: Screen, status: Status) -> statusline.Look:
    """The status's look, worked out once per key on this screen (measuring its words,
    trying its shorter wordings), not every frame."""
    if status.key is None:
        return status.look(screen)
    return screen.memo(("status look", status.key), lambda: status.look(screen))  # type: ignore[no-any-return]


def status_parts(scene: PlayScene, screen: Screen, status: Status,
                 shown: tuple[tuple[str, str], ...]) -> list[Part]:
    """The status line as two parts: its stone (with the shortcut bar under it, or a
    seat's mark, or a spinner) and its words over it. A hover that changes only the
    words repaints only where they lie; a status that grows a line repaints the band."""
    look = look_of(screen, status)
    x, y, w, h = look.box
    top = y - FRAME_REACH
    band = _pixels(screen, (0.0, top, 1920.0, 1080.0 - top))
    words = _pixels(screen, look.inner if not status.dx and not scene.refusal else
                    (look.inner[0] - MARGIN, look.inner[1], look.inner[2] + 2 * MARGIN,
                     look.inner[3]))
    later = 0 if status.key is None or scene.refusal else STATUS_WAITS
    footer = None if look.takes_footer else shown
    moving = status.key is None
    return [
        Part("status", band, None if moving else (look.frame_key, status.dx, footer),
             partial(paint_status_frame, scene, screen, status, look, shown), later=later),
        Part("status words", words, None if moving else status.key,
             partial(paint_status_words, screen, status, look), later=later),
    ]


def _warm(scene: PlayScene, screen: Screen) -> None:
    """The status line's frames into the art cache for this scale and these colours
    (a pixel cache's note, as a view's layers keep)."""
    warmed = (screen.scale, tuple(scene.colours))
    if scene.warmed != warmed:
        statusline.warm(screen, list(scene.colours))
        scene.warmed = warmed


def paint_status_frame(scene: PlayScene, screen: Screen, status: Status,
                       look: statusline.Look, shown: tuple[tuple[Text, Text], ...]) -> None:
    """The status's stone, then the shortcut bar, unless a two-line status took its room
    (its keys are in help, F1, too)."""
    _warm(scene, screen)
    with fx.shifted(screen, status.dx):
        look.frame(screen)
    if not look.takes_footer:
        draw_footer(screen, shown)


def paint_status_words(screen: Screen, status: Status, look: statusline.Look) -> None:
    with fx.shifted(screen, status.dx):
        look.words(screen)


def paint_status_and_footer(scene: PlayScene, screen: Screen) -> None:
    """The status line as :func:`status_part` says now, its stone and the shortcut bar
    (:func:`paint_status_frame`), then its words: what :func:`status_parts` paint."""
    status = status_part(scene)
    screen = screen.foot()  # (the status line stands on the bottom edge with the bar)
    look = look_of(screen, status)
    paint_status_frame(scene, screen, status, look, scene.shortcuts)
    paint_status_words(screen, status, look)
