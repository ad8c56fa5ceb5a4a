"""The play screen's frame as parts (:mod:`game.kit.client.damage`), so that a frame
paints only what changed: the seat cards, the board, the action log, the side panel,
the status line, the footer and the turn banner, in the order the play screen paints
them, each with its bounds and what decides its pixels.

Only a board view that says what decides its own pixels (``BoardView.keyed``, with
``board_key`` and ``panel_key``) lets the frame be cut into parts: a view drawing
freely gets the whole frame painted, as before. The deciding seat's card pulses and a
busy seat's spinner turns, so those are painted every frame; the rest only when its key
changes.

After an action the board, the panel, the log and the status change at once. The board
is what the players look at, and the seat cards and the banner say whose turn it is:
those are painted in that frame; the panel, the log and the status may wait a frame or
two, in that order (:attr:`~game.kit.client.damage.Part.later`), so that the frame after
an action is not the slowest of the game. A status that moves (a spinner, a refusal's
shake) never waits.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import Seat, Text, say
from game.i18n.client import _
from game.i18n.render import language
from game.kit.client import fx, theme
from game.kit.client.damage import Part
from game.kit.client.layout import STATUS_AREA, panel_area, seat_cards
from game.ui import statusline
from game.ui.playersbar import RING, turn_holder
from game.ui.scenes.common import seat_mark
from game.ui.statusline import LINE_STEP, draw_seat_status, draw_status
from game.ui.widgets import draw_footer

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

#: the play screen (game.ui.scenes.play imports this module: it is not typed here)
PlayScene = Any

Paint = Callable[["Screen"], None]
#: paints the status line; whether it took the shortcut bar's room (a two-line status)
StatusPaint = Callable[["Screen"], bool]
#: logical units a part's painting may reach past its layout's rectangle: a panel's
#: shadow (10), a deciding card's breathing ring (5), a refusal's shake
MARGIN = 24.0
#: the order in which the parts that may wait after an action are painted (``Part.later``)
PANEL_WAITS, LOG_WAITS, STATUS_WAITS = 1, 2, 3


def parts(scene: PlayScene, screen: Screen) -> list[Part] | None:
    """The frame's parts, or None when the view cannot say what decides its pixels."""
    view = scene.view
    if not view.keyed:
        return None
    game = scene.game
    lines = view.seat_fact_lines

    def rect(area: tuple[float, float, float, float], margin: float = MARGIN) -> pygame.Rect:
        x, y, w, h = area
        return screen.rect(x - margin, y - margin, w + 2 * margin, h + 2 * margin)

    def part(place: str, area: pygame.Rect, key: Hashable, paint: Paint,
             moving: pygame.Rect | None = None, later: int = 0) -> Part:
        return Part(place, area, key, lambda: paint(screen), moving, later)

    cards = seat_cards(game.players, lines, scene.wide)
    bar = rect(cards[0]).unionall([rect(card) for card in cards[1:]])
    # the cards change with the game, the seats and a view's facts on them (None: those
    # move); the deciding one breathes
    current = game.current_player
    facts = view.seat_facts_key() if lines else ()
    bar_key = None if facts is None else (
        facts, tuple(scene.session.names), tuple(scene.colours), tuple(scene.session.marks),
        # (the game itself, not its id: a game gone, its id is another game's soon)
        _kept(("game", scene.session.version, game), lambda: (
            tuple(game.scores), turn_holder(game) if current is not None else None)),
        scene.shown_scores() and tuple(scene.shown_scores()), current,
        tuple(scene.seats.labels()), tuple(scene.seats.icons()), scene.wide)
    breathing = rect(cards[current], RING) if current is not None and current < len(cards) \
        else None
    status_key, status = status_part(scene)
    shown = _kept(("shortcuts", scene.shortcuts), lambda: tuple(
        (say(key), say(meaning)) for key, meaning in scene.shortcuts))
    # the status and the shortcut bar are one part: a status needing two lines takes the
    # bar's room, and the bar is painted only when it does not
    below = status_area()
    low = screen.rect(0, below[1] - MARGIN, 1920, 1080 - below[1] + MARGIN)
    panel = panel_area(game.players, lines, scene.wide)
    out = [
        part("bar", bar, bar_key, scene.draw_bar, breathing),
        *board_parts(scene, screen, rect(scene.board_area, 0)),
        part("log", rect(scene.log.area), (tuple(scene.log.lines), scene.log.scroll,
                                           scene.log.area), scene.log.draw, later=LOG_WAITS),
        *panel_parts(scene, screen, panel, rect(panel)),
        part("status", low, None if status_key is None else (status_key, shown),
             lambda s: paint_status_and_footer(scene, s, status, shown),
             later=0 if status_key is None or scene.refusal else STATUS_WAITS),
    ]
    if scene.banner.active and scene.app is not None and scene.app.stack.top is scene:
        area = scene.banner_area()
        out.append(part("banner", rect(area), None, lambda s: scene.banner.draw(s, area)))
    return out


def board_parts(scene: PlayScene, screen: Screen, board: pygame.Rect) -> list[Part]:
    """The board as one part (``board_key``, painted by ``draw``), or as the parts the
    view hands over (``board_parts``), each clipped to the board."""
    view = scene.view
    given = view.board_parts(screen, scene.board_area)
    if given is None:
        return [Part("board", board, view.board_key(), lambda: scene.draw_board(screen))]
    return [Part(("board", p.place), screen.rect(*p.area).clip(board), p.key,
                 partial(p.paint, screen)) for p in given]


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
    return [Part(("panel", p.place), screen.rect(*p.area), p.key,
                 partial(p.paint, screen), later=PANEL_WAITS) for p in given]


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


def status_part(scene: PlayScene) -> tuple[Hashable, StatusPaint]:
    """What decides the status line's pixels now (None: they move, a spinner or a
    shake), and how to paint it: an overlay's step, a question, a refusal, a peek, a
    seat deciding elsewhere, or what the pointer is over."""
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

        def refused(screen: Screen) -> bool:
            with fx.shifted(screen, dx):
                return draw_status(screen, scene.refusal, hints, refused=True)
        return ("refused", scene.refusal, tuple(hints), dx), refused
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

        def seat_status(screen: Screen) -> bool:
            return draw_seat_status(screen, status, colour, mark, scene.t, hints[-1])
        key = None if status.busy else ("seat", status.text, status.hint, colour, mark,
                                        hints[-1])
        return key, seat_status
    text: Text
    if scene.hinter.thinking:
        text = _("Looking for a hint…")
    else:
        # the view's line may quote the engine ("Player 2's Pilli"): named here
        view = scene.view
        text = scene.hint_text or (session.say(view.status) if view.status else "") \
            or scene.note or scene._default_status()
    return _plain(say(text), hints)


def _plain(text: str, hints: list[str], below: bool = True) -> tuple[Hashable, StatusPaint]:
    def paint(screen: Screen) -> bool:
        return draw_status(screen, text, hints, below=below)
    return ("plain", text, tuple(hints), below), paint


def paint_status_and_footer(scene: PlayScene, screen: Screen,
                            paint: StatusPaint | None = None,
                            shown: tuple[tuple[Text, Text], ...] | None = None) -> None:
    """The status line (``paint``, else as :func:`status_part` says now), once its frames
    are in the art cache for this scale and these colours (a pixel cache's note, as a
    view's layers keep); then the shortcut bar, unless a two-line status took its room
    (its keys are in help, F1, too)."""
    warmed = (screen.scale, tuple(scene.colours))
    if scene.warmed != warmed:
        statusline.warm(screen, list(scene.colours))
        scene.warmed = warmed
    if not (paint or status_part(scene)[1])(screen):
        draw_footer(screen, scene.shortcuts if shown is None else shown)
