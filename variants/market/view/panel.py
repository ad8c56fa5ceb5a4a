"""The market's side panel: whose decision, the modes, what to do, the vendor choices of
the buyer under the cursor, and the key for the way out (pass, end or leave the king).

Designed for the play screen's 560 x 552 panel and scaled to fit any other. The same
``panel_layout`` places the clickable parts for painting and for hit testing, so a click
lands where the player sees it. Drawing changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import Msg, Seat, Text, say
from game.kit.client import Screen, fit_lines, fit_size, frames, theme, wrap
from variants.market.params import COLOURS, TILE_NAMES
from variants.market.text import COLOURS as COLOUR_NAMES
from variants.market.text import _, tile_of
from variants.market.view import paint as vp
from variants.market.view.preview import (
    MODE_LABELS,
    MODES,
    ROLES,
    buyer_info,
    exit_choice,
    modes_for,
)

BASE_W = 528.0
#: heights of the hint (three lines), a vendor option (two lines) and the note on what is
#: under the cursor (two lines), at the floor's size
HINT_H = 112.0
OPTION_H = 78.0
ABOUT_H = 76.0
#: the vendor options shown for the buyer under the cursor, at most
MOST_OPTIONS = 3
#: the least height of an option's row, for its two lines (34 apart) to stay inside it
ROW_LEAST = 64.0
#: from the hint's top to what follows it, past its lines: the way out's words may stand
#: in two lines taller than its button (its bounds reach 20 above it), and a way out
#: that moves on a hover must not reach the hint's words (they would be drawn again)
AFTER_HINT = 6 + 24
Rect = tuple[float, float, float, float]


@dataclass
class PanelLayout:
    k: float
    x: float
    y: float
    w: float
    header: Rect
    chips: list[tuple[Rect, str]] = field(default_factory=list)
    palette: list[tuple[Rect, str]] = field(default_factory=list)
    hint: Rect = (0.0, 0.0, 0.0, 0.0)
    options: list[tuple[Rect, int]] = field(default_factory=list)
    button: Rect | None = None
    about: Rect = (0.0, 0.0, 0.0, 0.0)
    bottom: float = 0.0
    #: the stone's height and scale: room for the most vendor options at the panel's
    #: own scale whatever the pointer is over, so the stone keeps one size and look
    #: while it moves (a stone of another size is new art, 5-9 ms at 1080p, and its
    #: bottom edge would jump under the player's eye)
    tall: float = 0.0
    stone_k: float = 1.0
    #: the scale of the options, the way out and the note: ``k`` while they fit under
    #: the hint, less when they are squeezed among themselves
    low_k: float = 1.0


def tiles_left(game: Any) -> list[tuple[str, int]]:
    """(tile, how many are left in the box) for every kind still to lay."""
    left = game.rules.tiles_left(game.state)
    return [(t, left[t]) for t in TILE_NAMES if left[t] > 0]


def chip_name(tile: str) -> str:
    """A tile as its chip names it: a vendor by its colour (its token shows the rest)."""
    return say(COLOUR_NAMES[tile] if tile in COLOUR_NAMES else tile_of(tile))


def chips_per_row(view: Any, palette: list[tuple[str, int]], width: float) -> int:
    """Two tiles to a row ("3 governor ×2" at a readable size) while every name fits half
    the panel; else one, so a longer language's name is never cut."""
    screen = getattr(view.app, "screen", None)
    k = min(width / BASE_W, 1.6)
    room = (width - 22 * k) / 2 - 80 * k
    if screen is None or all(screen.text_width(chip_name(tile), theme.FONT_SMALL) <= room
                             for tile, _n in palette):
        return 2
    return 1


def panel_layout(view: Any, area: Rect) -> PanelLayout:
    """Where each part of the panel goes. The heading, the modes and the hint keep their
    size and place whatever the pointer is over (redrawing them at another size cost a
    hover 1-3 ms at 1080p): the vendor options, the way out and the note below take the
    room under the hint, squeezed among themselves; only when the options' rows would
    grow too short for their two lines does the whole panel squeeze, as it did before."""
    ax, ay, aw, ah = area
    k = min(aw / BASE_W, 1.6)
    game = view.session.game
    s = game.state
    options = view.preview.options[:MOST_OPTIONS] if view.preview.buyer else []
    palette = tiles_left(game) if s.phase == "place" else []
    per = chips_per_row(view, palette, aw)
    pal_rows = (len(palette) + per - 1) // per
    rows_h = 44 * pal_rows if palette else 44
    top = 8 + 58 + rows_h + AFTER_HINT  # but the hint's lines
    tail = 52 + ABOUT_H + 8
    stone = (k, min(ah, (8 + 58 + rows_h + HINT_H + 12 + tail + OPTION_H * MOST_OPTIONS + 8)
                    * k))
    low = tail + OPTION_H * len(options) + (8 if options else 0)
    hint_h = _hint_height(view, k, aw)
    if (top + tail) * k + hint_h > ah:  # (a narrower hint may take another line)
        k = (ah - hint_h) / (top + tail)
        hint_h = _hint_height(view, k, aw)
    low_k = min(k, (ah - hint_h - top * k) / low)
    if (OPTION_H - 4) * low_k < ROW_LEAST:
        k = low_k = min(k, (ah - hint_h) / (top + low))
        hint_h = _hint_height(view, k, aw)
    lay = _place(view, (ax, ay, aw, hint_h), (k, low_k), palette, per)
    lay.stone_k, lay.tall = stone
    return lay


def _hint_height(view: Any, k: float, aw: float) -> float:
    """The height of the hint's lines as drawn at scale ``k`` (36 apart, not scaled):
    three lines' room when no screen measures them."""
    screen = getattr(view.app, "screen", None)
    if screen is None:
        return HINT_H * k
    lines = len(fit_lines(screen, hint(view), theme.FONT_SMALL, aw - 24 * k, 3))
    return 36.0 * (max(lines, 1) - 1) + 40.0


def _place(view: Any, box: Rect, scales: tuple[float, float],
           palette: list[tuple[str, int]], per: int) -> PanelLayout:
    """The parts top-down: the heading, modes and hint (``hint_h`` high) at ``k``; the
    options, the way out and the note at ``low_k`` (``k`` while they fit)."""
    ax, ay, aw, hint_h = box
    k, low_k = scales
    options = view.preview.options[:MOST_OPTIONS] if view.preview.buyer else []
    x, w = ax + 8 * k, aw - 16 * k
    y = ay + 8 * k
    lay = PanelLayout(k, x, y, w, (x, y, w, 52 * k), low_k=low_k)
    y += 58 * k
    if palette:
        cw = (w - (per - 1) * 6 * k) / per
        for i, (tile, _n) in enumerate(palette):
            col, row = i % per, i // per
            lay.palette.append(((x + col * (cw + 6 * k), y + row * 44 * k, cw, 38 * k), tile))
        y += 44 * k * ((len(palette) + per - 1) // per)
    else:
        # chips as wide as their words ("Pay + shift" is twice "Buy")
        screen = getattr(view.app, "screen", None)
        shares = [(screen.text_width(MODE_LABELS[m], theme.FONT_SMALL) + 24) if screen
                  else len(say(MODE_LABELS[m])) + 4 for m in MODES]
        free = w - 3 * 6 * k
        cx = x
        for mode, share in zip(MODES, shares, strict=True):
            cw = free * share / sum(shares)
            lay.chips.append(((cx, y, cw, 38 * k), mode))
            cx += cw + 6 * k
        y += 44 * k
    lay.hint = (x, y + 6 * k, w, hint_h)
    y += hint_h + (AFTER_HINT - 6) * k
    for i in range(len(options)):
        lay.options.append(((x, y + i * OPTION_H * low_k, w, (OPTION_H - 4) * low_k), i))
    y += OPTION_H * low_k * len(options) + (8 * low_k if options else 0)
    if view.session.game.state.phase != "over":
        lay.button = (x, y, w, 46 * low_k)
        y += 52 * low_k
    lay.about = (x, y, w, ABOUT_H * low_k)
    y += (ABOUT_H + 8) * low_k
    lay.bottom = y
    return lay


def panel_hit(view: Any, area: Rect,
              pos: tuple[float, float] | None) -> tuple[Any, ...] | None:
    """What of the panel is at ``pos``: ("mode", m), ("tile", t), ("option", i), ("exit",)."""
    if pos is None:
        return None
    lay = panel_layout(view, area)

    def inside(r: Rect) -> bool:
        return r[0] <= pos[0] < r[0] + r[2] and r[1] <= pos[1] < r[1] + r[3]

    for r, mode in lay.chips:
        if inside(r):
            return ("mode", mode)
    for r, tile in lay.palette:
        if inside(r):
            return ("tile", tile)
    for r, i in lay.options:
        if inside(r):
            return ("option", i)
    if lay.button and inside(lay.button):
        return ("exit",)
    return None


def headline(view: Any, named: bool = True) -> str:
    """What the seat to move is doing; without its name (``named`` False) where a long
    name would not fit beside the round: the colour bar beside it and the seat cards
    say whose turn it is."""
    game = view.session.game
    s = game.state
    if s.phase == "over":
        return say(_("Game over"))
    who = Seat(game.current_player if game.current_player is not None else 0)
    said: Msg
    if s.phase == "place":
        said = _("{player}: lay a tile", player=who) if named else _("Lay a tile")
    elif s.phase == "coins":
        said = _("{player}: start coin", player=who) if named else _("Start coin")
    elif s.phase == "move":
        said = _("{player} passes: move {n}", you="You pass: move {n}", player=who,
                 n=s.moves_left) if named else _("Pass: move {n}", n=s.moves_left)
    elif s.phase == "coin":
        said = _("{player} passes: a coin", you="You pass: a coin", player=who) \
            if named else _("Pass: a coin")
    elif s.phase == "king":
        said = _("{player} passes: the king", you="You pass: the king", player=who) \
            if named else _("Pass: the king")
    elif s.purchases:
        said = _("{player} plays: {n} bought", you="You play: {n} bought", player=who,
                 n=s.purchases) if named else _("Play: {n} bought", n=s.purchases)
    else:
        said = _("{player}: pass or play", player=who) if named else _("Pass or play")
    return str(view.session.say(said))


def hint(view: Any) -> Text:
    game = view.session.game
    s = game.state
    n = game.rules.table.n
    computer = getattr(view.session, "is_computer", None)
    if s.phase != "over" and callable(computer) and computer(game.current_player):
        # the keys below are a person's; while a computer decides they would mislead
        return _("A computer player is deciding: watch its move.")
    if s.phase == "place":
        return _("Lay the {tile} on an empty square: arrows + Enter, or click. Tab or 1-9 "
                 "picks the tile.", tile=tile_of(view.tile_choice)) if view.tile_choice \
            else _("Every tile is laid.")
    if s.phase in ("coins", "coin"):
        return _("Put the coin on one of your empty buyers: keys 1-{n} + Enter, or click.",
                 n=n)
    if s.phase == "move":
        return _.n("Click (or drag) {n} more tile into the hole; not the one you just moved.",
                   "Click (or drag) {n} more tiles into the hole; not the one you just "
                   "moved.", n=s.moves_left)
    if s.phase == "king":
        return _("Pick a glowing vendor in the king's row or column: one token goes to him.")
    if s.phase == "over":
        return _("The game is over.")
    mode = view.mode
    if s.paid is not None:
        return _("Buyer {number} has paid: click (or drag) the tile to move into the hole.",
                 number=s.paid)
    if mode == "shift":
        return _("Click (or drag) the messenger into the hole: he moves free. Other tiles: "
                 "Tab to Pay + shift.")
    if mode == "pay+shift":
        payer = _("buyer {number}", number=view.payer) if view.payer else _("none yet")
        return _("Pick the paying buyer ({payer}; keys 1-{n}), then the tile to move.",
                 payer=payer, n=n)
    return _("Point at your buyer (1-{n}) or a vendor; R picks among vendors on the line.",
             n=n)


def panel_key(view: Any) -> tuple[Any, ...]:
    """What :func:`paint_panel` shows, as the words it draws and the choices behind
    them: equal from frame to frame while the panel's pixels are the same."""
    game = view.session.game
    choice = exit_choice(view.session)
    return (view.session.version, id(game), view.preview, view.mode, view.cursor,
            view.tile_choice, view.payer, view.option, tuple(view.colours), headline(view),
            say(hint(view)), say(about(view)), choice and (choice[0], say(choice[1])))


def board_key(view: Any, glow: float) -> tuple[Any, ...]:
    """What the view's ``draw`` shows while no piece flies and no burst burns: the
    board's state, the names and colours, and the pulse, cursor, preview and ghosts
    drawn over it (the scoring's highlighted step)."""
    game = view.session.game
    return (view.session.version, id(game), tuple(game.scores), glow, view.cursor,
            view.preview, view.target, view.highlighted, view._my_side(),
            tuple(view.colours), tuple(view.marks),
            tuple(view.session.name(seat) for seat in range(game.players)))


def paint_panel(scr: Screen, area: Rect, view: Any) -> None:
    """The whole panel: its stone, then each of its parts in the order
    ``view.panelframe`` hands them over."""
    lay = panel_layout(view, area)
    paint_stone(scr, lay, area)
    _paint_header(scr, lay, view)
    _paint_modes(scr, lay, view)
    paint_hint(scr, lay, view)
    for _r, i in lay.options:
        paint_option(scr, lay, view, i)
    if lay.button:
        _paint_exit(scr, lay.button, lay.low_k, view)
    paint_about(scr, lay, view)


def paint_stone(scr: Screen, lay: PanelLayout, area: Rect) -> None:
    ax, ay, aw, _ah = area
    frames.panel(scr, ax, ay, aw, lay.tall, theme.PANEL_LIGHT, radius=14 * lay.stone_k,
                 width=2)


def paint_hint(scr: Screen, lay: PanelLayout, view: Any) -> None:
    """What to do, in up to three lines."""
    k = lay.k
    hx, hy, hw, _hh = lay.hint
    for i, line in enumerate(fit_lines(scr, hint(view), theme.FONT_SMALL, hw - 8 * k, 3)):
        scr.text(line, hx + 4 * k, hy + 36 * i, theme.FONT_SMALL, theme.TEXT)


def paint_about(scr: Screen, lay: PanelLayout, view: Any) -> None:
    """What is under the cursor, in up to two lines."""
    k = lay.k
    ux, uy, uw, _uh = lay.about
    for i, line in enumerate(fit_lines(scr, about(view), theme.FONT_SMALL, uw - 8 * k)):
        scr.text(line, ux + 4 * k, uy + 4 * k + 34 * i, theme.FONT_SMALL, theme.TEXT_DIM)


def _paint_header(scr: Screen, lay: PanelLayout, view: Any) -> None:
    """The seat to move in its colour, the headline and the round."""
    k = lay.k
    game = view.session.game
    x, y, w, h = lay.header
    seat = game.current_player
    colours = view.colours
    if seat is not None and seat < len(colours):
        scr.box(x, y, 12 * k, h, colours[seat], radius=4 * k)
    # a long name steps the headline down to the floor, then leaves the headline (the
    # colour bar and the seat cards say whose turn it is) before anything is cut
    round_text = say(_("Round {number}", number=game.state.round))
    round_size = theme.readable(theme.FONT_SMALL * k)
    room = w - 22 * k - 6 * k - scr.text_width(round_text, round_size) - 20 * k
    text = headline(view)
    size = fit_size(scr, text, room, theme.readable(theme.FONT_BODY * k), theme.FONT_SMALL)
    if scr.text_width(text, size) > room:
        text = headline(view, named=False)
        size = fit_size(scr, text, room, theme.readable(theme.FONT_BODY * k), theme.FONT_SMALL)
    scr.text(vp._fit(scr, text, size, room), x + 22 * k, y + h / 2, size, theme.ACCENT,
             "midleft")
    scr.text(round_text, x + w - 6 * k, y + h / 2, round_size, theme.TEXT_DIM, "midright")


def _paint_modes(scr: Screen, lay: PanelLayout, view: Any) -> None:
    """The modes (shift, pay + shift, buy, king), or at setup the tiles to lay."""
    k = lay.k
    game = view.session.game
    s = game.state
    available = modes_for(s)
    for r, mode in lay.chips:
        on = mode == view.mode and mode in available
        fill = theme.ACCENT if on else (theme.PANEL_LIGHT if mode in available
                                        else (36, 46, 70))
        ink = vp.INK if on else (theme.TEXT if mode in available else (96, 104, 124))
        frames.tile(scr, *r, fill, radius=8 * k, depth=3 * k)
        scr.text(MODE_LABELS[mode], r[0] + r[2] / 2, r[1] + r[3] / 2, theme.FONT_SMALL, ink,
                 "center")
    left = dict(tiles_left(game)) if s.phase == "place" else {}
    for i, (r, tile) in enumerate(lay.palette):
        on = tile == view.tile_choice
        frames.tile(scr, *r, theme.ACCENT if on else theme.PANEL_LIGHT, radius=8 * k,
                    depth=3 * k)
        ink = vp.INK if on else theme.TEXT
        if tile in COLOURS:
            vp.token(scr, tile, r[0] + 16 * k, r[1] + r[3] / 2, 10 * k)
        name = chip_name(tile)
        label = f"{i + 1} {name}" if i < 9 else name
        if scr.text_width(label, theme.FONT_SMALL) > r[2] - 80 * k:
            label = name  # the name before the key's number (keys 1-9 follow the order)
        scr.text(vp._fit(scr, label, theme.FONT_SMALL, r[2] - 80 * k), r[0] + 30 * k,
                 r[1] + r[3] / 2, theme.FONT_SMALL, ink, "midleft")
        scr.text(f"×{left.get(tile, 0)}", r[0] + r[2] - 6 * k, r[1] + r[3] / 2,
                 theme.readable(21 * k), ink,
                 "midright")


def paint_option(scr: Screen, lay: PanelLayout, view: Any, i: int) -> None:
    """The buyer under the cursor's ``i``-th vendor on its line: what buying there
    does."""
    k = lay.k
    r = lay.options[i][0]
    option = view.preview.options[i]
    chosen = i == view.preview.option
    fill = (46, 74, 58) if option.ok else ((74, 40, 40) if option.blockers
                                            else theme.PANEL_LIGHT)
    scr.box(*r, fill, radius=6 * k)
    if chosen:
        scr.box(*r, theme.ACCENT, radius=6 * k, width=3 * k)
    vp.token(scr, option.colour, r[0] + 16 * k, r[1] + r[3] / 2, 10 * k)
    lines = _option_lines(scr, option.text, r[2] - 44 * k, option.shorter)
    top = r[1] + r[3] / 2 - 17 * (len(lines) - 1)
    for j, line in enumerate(lines):
        scr.text(line, r[0] + 34 * k, top + 34 * j, theme.FONT_SMALL, theme.TEXT, "midleft")


def _option_lines(scr: Screen, text: Text, width: float,
                  shorter: tuple[Text, ...] = ()) -> list[str]:
    """An option in two lines: in its fullest wording that fits them (``shorter``: a
    purchase without what its porters do, …); a reason too long for them is left to
    the status line (which reads the chosen option in full) rather than cut mid-word."""
    for wording in (text, *shorter):
        if len(wrap(scr, wording, theme.FONT_SMALL, width)) <= 2:
            text = wording
            break
    else:
        text = shorter[-1] if shorter else text
    if isinstance(text, Msg) and "reason" in text.values and \
            len(wrap(scr, text, theme.FONT_SMALL, width)) > 2:
        colour = text.values.get("colour", "")
        text = _("buy {n} {colour} — not now (why: below)", n=text.values["n"],
                 colour=colour) if "n" in text.values else \
            _("{colour}: not now (why: below)", colour=colour)
    return fit_lines(scr, text, theme.FONT_SMALL, width)


def _paint_exit(scr: Screen, button: Rect, k: float, view: Any) -> None:
    """The way out, on E: pass, end the play or leave the king."""
    bx, by, bw, bh = button
    choice = exit_choice(view.session)
    label = choice[1] if choice else _("E: nothing to end yet")
    if choice is None:
        scr.box(bx, by, bw, bh, (36, 46, 70), radius=10 * k)
        scr.text(label, bx + bw / 2, by + bh / 2, theme.readable(theme.FONT_SMALL * 0.9 * k),
                 theme.TEXT_DIM, "center")
        return
    scr.box(bx, by, bw, bh, theme.PANEL_LIGHT, radius=10 * k)
    scr.box(bx, by, bw, bh, theme.ACCENT, radius=10 * k, width=3 * k)
    kw = 44 * k
    scr.box(bx + 8 * k, by + 7 * k, kw, bh - 14 * k, theme.ACCENT, radius=6 * k)
    scr.text("E", bx + 8 * k + kw / 2, by + bh / 2, theme.readable(theme.FONT_BODY * k), vp.INK,
             "center")
    # a long way out ("Pass (takes the moves back)") steps down a size, then takes two lines
    room = bw - kw - 34 * k
    size = fit_size(scr, label, room, theme.readable(theme.FONT_BODY * 0.9 * k),
                    theme.FONT_SMALL)
    lines = fit_lines(scr, label, size, room)
    for j, line in enumerate(lines):
        scr.text(line, bx + kw + 22 * k, by + bh / 2 + 30 * (j - (len(lines) - 1) / 2), size,
                 theme.TEXT, "midleft")


def about(view: Any) -> Text:
    """The tile or buyer under the cursor, in a few words."""
    game = view.session.game
    s, rules = game.state, game.rules
    target = view.cursor
    if target[0] == "sq":
        tile = s.market[target[1]]
        name = rules.table.geo.names[target[1]]
        if tile is None:
            return _("{square}: empty square", square=name) if s.phase == "place" else \
                _("{square}: the hole", square=name)
        return _("{square}: {role}", square=name, role=ROLES.get(tile, tile))
    side, b = target[1], target[2]
    if side not in rules.table.sides:
        return ""
    seat = rules.table.sides.index(side)
    coin, colour, tokens = s.buyers[seat][b]
    return str(view.session.say(buyer_info(seat, b, rules.table.line_names[seat][b], coin, colour,
                                       tokens)))
