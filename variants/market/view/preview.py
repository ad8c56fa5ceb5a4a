"""What Enter or a click would do now, and what a purchase would do, from the engine.

``compute`` is called by the view whenever the cursor, the mode or the game changes
(never while drawing). Every judgement comes from the engine: legality from the
session's legal actions, refusal reasons from the engine's ``why_not`` (a clone plays the
first step of a two-step move), and what a purchase would do (crowds, porters, governors,
the ambassador) from ``variants.market.mechanics`` on a copy of the state. Nothing here
changes the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from game.i18n import Msg, Seat, Text
from variants.market.mechanics import Purchase, between, check_purchase, king_sources
from variants.market.params import AMBASSADOR, COLOURS, CROWD, MESSENGER
from variants.market.text import COLOURS as COLOUR_NAMES
from variants.market.text import _, tile_of

MODES = ("shift", "pay+shift", "buy", "king")
MODE_LABELS: dict[str, Text] = {"shift": _("Shift", context="mode"),
                                "pay+shift": _("Pay + shift", context="mode"),
                                "buy": _("Buy", context="mode"),
                                "king": _("King", context="mode")}
ROLES: dict[str, Text] = {
    "black": _("Black vendor: sells pottery"),
    "blue": _("Blue vendor: sells fabric"),
    "red": _("Red vendor: sells jewels"),
    "green": _("Green vendor: sells herbs"),
    "crowd": _("Crowd: no purchase across it"),
    "porter": _("Porter: puts one bought token back on the vendor"),
    "governor": _("Governor: puts one bought token on the king"),
    "ambassador": _("Ambassador: the buyer keeps its coin"),
    "messenger": _("Messenger: moves free during a play"),
    "king": _("King: his tokens of a colour multiply its score"),
}


def colour_of(name: str) -> Text:
    """A commodity's colour as a message ("red"); an unknown one as it is."""
    return COLOUR_NAMES.get(name, name)


@dataclass
class Option:
    """One vendor on a buyer's line and what buying from it would do."""

    colour: str
    vendor: int
    text: Text
    ok: bool  # a legal action now
    action: str | None
    purchase: Purchase | None
    blockers: tuple[int, ...]
    path: tuple[int, ...]
    #: ``text`` in fewer words, each whole, the shortest last: a row too narrow for the
    #: fullest shows the fullest that fits, and the status line reads ``text`` whole
    shorter: tuple[Text, ...] = ()


@dataclass
class Preview:
    status: Text = ""
    action: str | None = None
    queue: list[str] = field(default_factory=list)
    ok: bool = False
    #: the buyer the preview is about (side, index) and its vendor options
    buyer: tuple[str, int] | None = None
    options: list[Option] = field(default_factory=list)
    option: int = 0
    #: squares to tint: the way from the buyer to the vendor, the crowds in it
    path: tuple[int, ...] = ()
    vendor: int | None = None
    blockers: tuple[int, ...] = ()
    acts: tuple[tuple[int, str], ...] = ()
    ambassador: tuple[int, ...] = ()
    #: a tile move: (from, to)
    slide: tuple[int, int] | None = None
    #: vendors the king may take from (king step)
    sources: tuple[int, ...] = ()


@dataclass
class Tooling:
    """The view's input state that decides the preview."""

    target: tuple[Any, ...]
    mode: str
    tile: str | None = None
    payer: int | None = None  # 1-based
    option: int | None = None  # the chosen vendor on a buyer's line; None: the first legal


def sentence(text: Text) -> Text:
    """Capitalise a reason for the status line, but never a leading square name (c3); a
    message is said as its catalogue says it."""
    if isinstance(text, Msg):
        return text
    text = text.strip()
    if not text or re.match(r"[a-z]\d+\b", text):
        return text
    return text[0].upper() + text[1:]


def engine_reason(game: Any, actions: list[str]) -> Text | None:
    """Why the engine refuses ``actions`` in turn, or None if it takes them: its
    ``why_not``, asked of the game for the first action and of a clone that has played
    the earlier ones for each later action (a paid shift)."""
    probe = game
    for number, action in enumerate(actions):
        why = probe.why_not(action)
        if why is not None:
            return why if isinstance(why, Msg) else str(why)
        if number + 1 < len(actions):
            probe = probe.clone() if probe is game else probe
            probe.apply(action)
    return None


def purchase_wordings(p: Purchase, colour: str, coinless: bool = False) -> tuple[Msg, ...]:
    """What a purchase does, in fewer words each: whole, then without what the porters
    and governors do, then only what it buys; ``coinless``: each said to wait for the
    buyer's coin ("…, once it has a coin")."""
    full = describe_purchase(p, colour)
    plain = describe_purchase(p, colour, effects=False)
    if coinless:
        return (_("{purchase}, once it has a coin", purchase=full),
                _("{purchase}, once it has a coin", purchase=plain),
                _("buy {n} {colour}, once it has a coin (more: below)", n=p.taken,
                  colour=colour_of(colour)))
    return (full, plain, _("buy {n} {colour} (more: below)", n=p.taken,
                           colour=colour_of(colour)))


def describe_purchase(p: Purchase, colour: str, effects: bool = True) -> Msg:
    """"buy 3 red: gets 2 (porter returns 1), coin kept (ambassador)"; without
    ``effects``: "buy 3 red: gets 2, coin kept (ambassador)"."""
    porters = sum(1 for _sq, tile in p.acts if tile == "porter")
    governors = sum(1 for _sq, tile in p.acts if tile == "governor")
    acted: list[Msg] = []
    if porters:
        acted.append(_.n("porter returns {back}", "{n} porters return {back}", n=porters,
                           back=p.to_vendor))
    if governors:
        acted.append(_.n("governor gives the king {given}",
                           "{n} governors give the king {given}", n=governors,
                           given=p.to_king))
    gets = _("gets all {n}", n=p.taken) if p.to_buyer == p.taken else \
        _("gets {n}", n=p.to_buyer)
    if acted and effects:
        gets = _("{gets} ({effects})", gets=gets, effects=_.listing(acted, "comma"))
    coin = _("coin kept (ambassador)") if p.keeps_coin else _("pays its coin")
    return _("buy {n} {colour}: {gets}, {coin}", n=p.taken, colour=colour_of(colour),
             gets=gets, coin=coin)


def seat_of(rules: Any, side: str) -> int | None:
    return rules.table.sides.index(side) if side in rules.table.sides else None


def buyer_options(session: Any, seat: int, b: int) -> list[Option]:
    """Every vendor on buyer ``b`` (0-based) of ``seat``'s line, nearest first, with what a
    purchase from it would do (or why it cannot happen)."""
    game = session.game
    rules, s = game.rules, game.state
    line = rules.table.lines[seat][b]
    name = rules.table.line_names[seat][b]
    probe = rules.clone(s)
    probe.turn = seat  # "what would this buyer get": the mechanics read the buyer's seat
    deciding = game.current_player == seat and s.phase == "turn"
    out = []
    for sq in line:
        colour = s.market[sq]
        if colour not in COLOURS:
            continue
        path = tuple(between(s.market, line, sq))
        blockers = tuple(p for p in path if s.market[p] == CROWD)
        result = check_purchase(probe, line, name, b + 1, colour)
        coinless = False
        if isinstance(result, Msg) and not probe.buyers[seat][b].coin:
            # what it would do with a coin (the mechanics ask for the coin first)
            rich = rules.clone(probe)
            rich.buyers[seat][b] = rich.buyers[seat][b]._replace(coin=True)
            again = check_purchase(rich, line, name, b + 1, colour)
            if isinstance(again, Purchase):
                result, coinless = again, True
        action = f"buy {b + 1} {colour}"
        ok = deciding and session.is_legal(action)
        purchase = result if isinstance(result, Purchase) else None
        text: Text
        shorter: list[Text] = []
        if blockers:
            text = _.n("{colour}: blocked by the crowd on {where}",
                       "{colour}: blocked by crowds on {where}", n=len(blockers),
                       colour=colour_of(colour),
                       where=_.listing([rules.table.geo.names[p] for p in blockers], "comma"))
        elif purchase is not None:
            wordings = purchase_wordings(purchase, colour, coinless)
            text, shorter = wordings[0], list(wordings[1:])
        else:
            assert not isinstance(result, Purchase)
            text = _("{colour}: {reason}", colour=colour_of(colour), reason=result)
        if purchase is not None and deciding and not ok and not coinless:
            why = engine_reason(game, [action])
            if why:  # what it would buy, and why not now (the rest would not fit)
                text, shorter = _("buy {n} {colour} — not now: {reason}", n=purchase.taken,
                                  colour=colour_of(colour), reason=why), []
        out.append(Option(colour, sq, text, ok, action if deciding else None, purchase,
                          blockers, path, tuple(shorter)))
    return out


def exit_choice(session: Any) -> tuple[str, Text] | None:
    """The one way out of the current decision that the E key takes, with its label."""
    s = session.game.state
    if session.is_legal("end"):
        return "end", _("End the play")
    if session.is_legal("pass"):
        return "pass", _("Pass (takes the moves back)") if s.undo is not None else \
            _("Pass", context="key")
    if session.is_legal("king skip"):
        return "king skip", _("Leave the king")
    return None


def modes_for(state: Any) -> tuple[str, ...]:
    """The modes Tab cycles through in this phase."""
    if state.phase == "move":
        return ("shift",)
    if state.phase == "king":
        return ("king",)
    if state.phase == "turn":
        if state.paid is not None:
            return ("pay+shift",)
        return ("shift", "pay+shift", "buy")
    return ()


def compute(session: Any, t: Tooling) -> Preview:
    game = session.game
    s = game.state
    if s.phase == "over":
        return Preview(status=_("The game is over"))
    fn = {"place": _place, "coins": _coin, "coin": _coin, "move": _move, "king": _king,
          "turn": _turn}[s.phase]
    p = fn(session, t)
    if s.phase == "king":
        p.sources = tuple(king_sources(s, game.rules.table.geo.cross))
    p.status = sentence(p.status)
    return p


# ---------------------------------------------------------------------------------------
# per phase
# ---------------------------------------------------------------------------------------
def _names(session: Any) -> list[str]:
    return list(session.game.rules.table.geo.names)


def _try(session: Any, p: Preview, actions: list[str], good: Text) -> Preview:
    """``p`` with ``actions`` (the first returned, the rest queued) if the engine takes
    them, else with its reason."""
    first = actions[0]
    if session.is_legal(first):
        why = engine_reason(session.game, actions) if len(actions) > 1 else None
    else:
        why = engine_reason(session.game, [first]) or _("not possible now")
    if why:
        p.status, p.ok = sentence(why), False
        return p
    p.action, p.queue, p.ok, p.status = first, list(actions[1:]), True, good
    return p


def buyer_info(seat: int, b: int, line: str, coin: bool, colour: str | None,
               tokens: int) -> Msg:
    """"Ana's buyer 2 (row 3): 2 red, a coin" ("Your buyer ..." to that seat)."""
    goods = _("{n} {colour}", context="goods", n=tokens, colour=colour_of(colour or "")) \
        if tokens else _("nothing yet")
    coins = _("a coin") if coin else _("no coin")
    return _("{player}'s buyer {number} ({line}): {goods}, {coin}",
             you="Your buyer {number} ({line}): {goods}, {coin}", player=Seat(seat),
             number=b + 1, line=line, goods=goods, coin=coins)


def _buyer_info(session: Any, side: str, b: int) -> Text:
    rules, s = session.game.rules, session.game.state
    seat = seat_of(rules, side)
    if seat is None:
        return ""
    coin, colour, tokens = s.buyers[seat][b]
    return buyer_info(seat, b, rules.table.line_names[seat][b], coin, colour, tokens)


def _square_info(session: Any, sq: int) -> Text:
    s = session.game.state
    tile = s.market[sq]
    name = _names(session)[sq]
    if tile is None:
        return _("{square} is the hole", square=name)
    return _("{role} ({square})", role=ROLES.get(tile, tile), square=name)


def _place(session: Any, t: Tooling) -> Preview:
    s = session.game.state
    p = Preview()
    if t.target[0] != "sq":
        p.status = _("Setup: lay the market tiles. Pick an empty square (Tab picks the "
                     "tile)")
        return p
    sq = t.target[1]
    name = _names(session)[sq]
    if t.tile is None:
        p.status = _("Every tile is laid")
        return p
    laid = sum(1 for x in s.market if x is not None)
    return _try(session, p, [f"place {name} {t.tile}"],
                _("Enter: lay the {tile} on {square} (tile {number} of {total}; Tab or 1-9 "
                  "picks another tile)", tile=tile_of(t.tile), square=name,
                  number=laid + 1, total=len(s.market) - 1))


def _coin(session: Any, t: Tooling) -> Preview:
    game = session.game
    s, rules = game.state, game.rules
    p = Preview()
    start = s.phase == "coins"
    if t.target[0] == "buyer":
        seat = seat_of(rules, t.target[1])
        b = t.target[2]
        p.buyer = (t.target[1], b)
        if seat != s.turn:
            p.status = _("{buyer}. {player}, choose one of your own buyers (1-{n})",
                         buyer=_buyer_info(session, t.target[1], b),
                         player=Seat(s.turn), n=rules.table.n)
            return p
        good = _("Enter: put your start coin on buyer {number}", number=b + 1) if start \
            else _("Enter: take a coin from the supply onto buyer {number}", number=b + 1)
        return _try(session, p, [f"coin {b + 1}"], good)
    p.status = _("Put your start coin on one of your buyers: keys 1-{n} or the arrows",
                 n=rules.table.n) if start else \
        _("Put a coin from the supply on one of your buyers: keys 1-{n} or the arrows",
          n=rules.table.n)
    return p


def _shift_preview(session: Any, p: Preview, sq: int, pay: int | None) -> Preview:
    s = session.game.state
    names = _names(session)
    tile = s.market[sq]
    if tile is None:
        p.status = _("{square} is the hole: pick a tile to slide into it", square=names[sq])
        return p
    hole = s.hole()
    p.slide = (sq, hole)
    move = _("move the {tile} from {square} into the hole ({hole})", tile=tile_of(tile),
             square=names[sq], hole=names[hole])
    if pay is not None:
        return _try(session, p, [f"pay {pay}", f"shift {names[sq]}"],
                    _("Enter: pay buyer {number}'s coin and {move}", number=pay, move=move))
    if s.phase == "turn" and s.paid is not None:
        good = _("Enter: {move}, paid by buyer {number}", move=move, number=s.paid)
    elif s.phase == "turn" and tile == MESSENGER:
        good = _("Enter: {move} (free)", move=move)
    else:
        good = _("Enter: {move}", move=move)
    return _try(session, p, [f"shift {names[sq]}"], good)


def _move(session: Any, t: Tooling) -> Preview:
    p = Preview()
    if t.target[0] != "sq":
        p.status = _buyer_info(session, t.target[1], t.target[2])
        return _with_buyer(session, p, t.target[1], t.target[2], t.option, preview_only=True)
    return _shift_preview(session, p, t.target[1], None)


def _king(session: Any, t: Tooling) -> Preview:
    game = session.game
    s = game.state
    names = _names(session)
    p = Preview()
    if t.target[0] != "sq":
        p.status = _("The king: pick a vendor in his row or column, or E to leave him")
        return p
    sq = t.target[1]
    tile = s.market[sq]
    if tile in COLOURS:
        return _try(session, p, [f"king {names[sq]}"],
                    _("Enter: give the king a {colour} token from {square} (the king then "
                      "holds {n} {colour})", colour=colour_of(tile), square=names[sq],
                      n=s.king[tile] + 1))
    p.status = _("{square}. Pick a glowing vendor, or E to leave the king",
                 square=_square_info(session, sq))
    return p


def _turn(session: Any, t: Tooling) -> Preview:
    game = session.game
    s, rules = game.state, game.rules
    p = Preview()
    mode = t.mode
    if t.target[0] == "buyer":
        side, b = t.target[1], t.target[2]
        seat = seat_of(rules, side)
        if seat != s.turn:
            p.status = _buyer_info(session, side, b)
            return _with_buyer(session, p, side, b, t.option, preview_only=True)
        if mode == "pay+shift" and s.paid is None:
            p.buyer = (side, b)
            return _try(session, p, [f"pay {b + 1}"],
                        _("Enter: pay with buyer {number}'s coin, then pick the tile to move",
                          number=b + 1))
        return _with_buyer(session, p, side, b, t.option)
    sq = t.target[1]
    tile = s.market[sq]
    if s.paid is not None or mode == "shift":
        return _shift_preview(session, p, sq, None)
    if mode == "pay+shift":
        if tile == MESSENGER:
            return _shift_preview(session, p, sq, None)
        if t.payer is None:
            p.status = _("{square}. Pay + shift: first pick the paying buyer (1-{n})",
                         square=_square_info(session, sq), n=rules.table.n)
            return p
        return _shift_preview(session, p, sq, t.payer)
    # buy mode on a square: a vendor, bought by one of the player's buyers on its line
    if tile not in COLOURS:
        p.status = _("{square}. Buy: pick one of your buyers (1-{n}) or a vendor",
                     square=_square_info(session, sq), n=rules.table.n)
        return p
    side = rules.table.sides[s.turn]
    mine = [b for b in range(rules.table.n) if sq in rules.table.lines[s.turn][b]]
    if not mine:
        p.status = _("{square}: none of your buyers stands on its line",
                     square=_square_info(session, sq))
        return p
    pick = t.payer - 1 if t.payer is not None and t.payer - 1 in mine else None
    if pick is None:
        ok = [b for b in mine if session.is_legal(f"buy {b + 1} {tile}")]
        pick = ok[0] if ok else mine[0]
    options = buyer_options(session, s.turn, pick)
    index = next((i for i, o in enumerate(options) if o.vendor == sq), 0)
    return _with_buyer(session, p, side, pick, index)


def _with_buyer(session: Any, p: Preview, side: str, b: int, option: int | None,
                preview_only: bool = False) -> Preview:
    """The buyer's purchase options; the chosen one decides the action and the overlay."""
    rules = session.game.rules
    seat = seat_of(rules, side)
    p.buyer = (side, b)
    if seat is None:
        return p
    options = buyer_options(session, seat, b)
    p.options = options
    label = _("Buyer {number} ({line})", number=b + 1, line=rules.table.line_names[seat][b])
    if not options:
        if not preview_only:
            p.status = _("{buyer}: no vendor on this line", buyer=label)
        return p
    if option is None:  # start on the first purchase that is possible now
        option = next((i for i, o in enumerate(options) if o.ok), 0)
    index = option % len(options)
    p.option = index
    chosen = options[index]
    p.vendor, p.path, p.blockers = chosen.vendor, chosen.path, chosen.blockers
    if chosen.purchase is not None:
        p.acts = chosen.purchase.acts
        s = session.game.state
        p.ambassador = tuple(sq for sq in chosen.path if s.market[sq] == AMBASSADOR)
    more = len(options) > 1
    if preview_only:
        could = _("could {purchase}", purchase=chosen.text) if chosen.purchase is not None \
            else chosen.text
        p.status = _("{buyer} · {option}; R: next vendor", buyer=p.status, option=could) \
            if more else _("{buyer} · {option}", buyer=p.status, option=could)
        return p
    if chosen.ok:
        p.action, p.ok = chosen.action, True
        p.status = _("{buyer}: {option}. Enter buys; R: next vendor", buyer=label,
                     option=chosen.text) if more else \
            _("{buyer}: {option}. Enter buys", buyer=label, option=chosen.text)
    else:
        p.status = _("{buyer}: {option}; R: next vendor", buyer=label, option=chosen.text) \
            if more else _("{buyer}: {option}", buyer=label, option=chosen.text)
    return p
