"""The Market's verbs (:data:`VERBS`): for each, the check that refuses it, the handler
that does it and the log's sentence that says it; and the steps of a turn between them.

``MarketRules.apply`` asks :func:`verdict`: first the phase (what the game waits for
now, :data:`PHASES`), then the verb's own check. The checks ask the same predicates that
build ``legal_actions`` (``check_purchase``, ``king_sources``, the tiles left), so the
two cannot disagree; a check returns the reason for a refusal, or None (a ``Purchase``
for a purchase: what it will do, decided before anything moves) when ``apply`` may go
ahead. A handler is called only once the check allowed the action, so it never checks:
it changes the state and returns the events. A purchase's handler gets the ``Purchase``
the check worked out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.core.events import Event
from game.core.rng import Rng
from game.i18n import Listing, Msg, Seat
from game.i18n.message import Value
from game.kit.verbs import Verb, dispatch
from variants.market.legal import check_buy, tiles_left
from variants.market.mechanics import Purchase, draw, king_sources
from variants.market.params import COLOURS, MESSENGER
from variants.market.scoring import finish
from variants.market.state import MarketState, TakeBack
from variants.market.table import MarketTable
from variants.market.text import _, colour_of, tile_of

Verdict = Msg | Purchase | None
#: what a verb's ``do`` gets: the parsed arguments and what its check worked out
Checked = tuple[tuple[Any, ...], Any]
Handler = Callable[[MarketTable, MarketState, int, tuple[Any, ...], Any], list[Event]]
Check = Callable[[MarketTable, MarketState, tuple[Any, ...]], Verdict]


def verdict(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    """Why ``verb args`` is refused now (a message), or None / the purchase if allowed."""
    refused = PHASES[s.phase](s, verb)
    return refused if refused is not None else dispatch(VERBS, verb).check(t, s, args)


# -- what each phase waits for ----------------------------------------------------------
#: what a pass waits for, in a player's words (a refusal is read on the screen; the
#: notation is in NOTATION.md and the command line's own help)
_PASS_HINT = {
    "move": _("you are in the middle of a pass: move a market tile into the hole"),
    "coin": _("you are in the middle of a pass: take a coin onto an empty buyer"),
    "king": _("you are in the middle of a pass: move a token from a vendor in the king's "
              "row or column to him, or leave him"),
}
#: the verb each decision of a pass waits for
_PASS_VERB = {"move": "shift", "coin": "coin", "king": "king"}
#: when the verbs of setup and of a pass are possible, for a refusal during a turn
_ONLY = {"place": _("place is only possible at setup; now pass or play"),
         "coin": _("coin is only possible at setup and during a pass; now pass or play"),
         "king": _("king is only possible during a pass; now pass or play")}


def _over(s: MarketState, verb: str) -> Msg | None:
    return _("the game is over")


def _placing(s: MarketState, verb: str) -> Msg | None:
    if verb != "place":
        return _("setup: lay the market tiles first, one each in turn")
    return None


def _start_coins(s: MarketState, verb: str) -> Msg | None:
    if verb != "coin":
        return _("setup: put your first coin on one of your buyers")
    return None


def _passing(s: MarketState, verb: str) -> Msg | None:
    """The decisions of a pass, after the draw: tile moves, a coin, the king."""
    if verb != _PASS_VERB[s.phase]:
        return _PASS_HINT[s.phase]
    return None


def _turn(s: MarketState, verb: str) -> Msg | None:
    """A turn: pass, or play (purchases, paid tile moves, the messenger), then end."""
    if verb in _ONLY:
        return _ONLY[verb]
    if s.paid is not None and verb != "shift":
        return _("buyer {buyer}'s coin is paid: now shift a tile into the hole",
                 buyer=s.paid)
    return None


#: phase -> the refusal of a verb it does not wait for (None: ask the verb's check)
PHASES: dict[str, Callable[[MarketState, str], Msg | None]] = {
    "place": _placing, "coins": _start_coins, "move": _passing, "coin": _passing,
    "king": _passing, "turn": _turn, "over": _over,
}


# -- place: lay a market tile (setup) ----------------------------------------------------
def check_place(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Verdict:
    sq, tile = args
    if s.market[sq] is not None:
        return _("{square} already holds the {tile}; choose an empty square",
                 square=t.geo.names[sq], tile=tile_of(s.market[sq]))
    if not tiles_left(t, s)[tile]:
        return _("no {tile} tile is left to place", tile=tile_of(tile))
    return None


def place(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
          _purchase: Any) -> list[Event]:
    sq, laid = args
    names = t.geo.names
    s.market[sq] = laid
    ev = [Event("place", _("{player} places the {tile} on {square}",
                           you="You place the {tile} on {square}", player=Seat(seat),
                           tile=tile_of(laid), square=names[sq]), seat,
                data={"square": names[sq], "tile": laid})]
    if s.market.count(None) == 1:
        after_market(t, s)
        ev.append(Event("market", _("The market is laid; {square} is the hole",
                                    square=names[s.hole()]),
                        data={"hole": names[s.hole()]}))
    else:
        s.turn = (seat + 1) % t.players
    return ev


def after_market(t: MarketTable, s: MarketState) -> None:
    """The market is laid: the start coins, or the first turn."""
    s.turn = 0
    s.phase = "coins" if t.start_coins else "turn"


# -- coin: a coin onto an empty buyer (setup, a pass) ----------------------------------
def check_coin(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Verdict:
    b = args[0]
    if s.buyers[s.turn][b - 1][0]:
        return _("your buyer {buyer} already has a coin; a buyer holds at most one", buyer=b)
    return None


def coin(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
         _purchase: Any) -> list[Event]:
    b = args[0]
    row = s.buyers[seat]
    row[b - 1] = row[b - 1]._replace(coin=True)
    s.supply -= 1
    ev = [Event("coin", _("{player} puts a coin on buyer {buyer}",
                          you="You put a coin on buyer {buyer}", player=Seat(seat), buyer=b),
                seat,
                data={"buyer": b})]
    if s.phase == "coin":
        s.coins_left -= 1
        return ev + advance_pass(t, s)
    s.placed += 1
    if s.placed == t.players * t.start_coins:
        s.phase, s.turn, s.round = "turn", 0, 1
        ev.append(Event("turn", turn_text(0), 0))
    else:
        s.turn = s.placed % t.players
    return ev


# -- shift: a tile into the hole (a pass; the messenger or a paid move in a play) --------
def check_shift(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Verdict:
    sq = args[0]
    tile = s.market[sq]
    if tile is None:
        return _("{square} is the hole; shift a square that holds a tile",
                 square=t.geo.names[sq])
    if s.phase == "move":
        if sq == s.last_moved:
            return _("moving the {tile} straight back would undo your last move; a pass "
                     "moves different tiles", tile=tile_of(tile))
        return None
    if s.paid is not None:
        if tile == MESSENGER:
            return _("the messenger moves free; use buyer {buyer}'s coin to move another "
                     "tile", buyer=s.paid)
        return None
    if tile != MESSENGER:
        return _("moving the {tile} costs a coin: first choose the buyer who pays (only "
                 "the messenger moves free)", tile=tile_of(tile))
    return None


def shift(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
          _purchase: Any) -> list[Event]:
    sq = args[0]
    names = t.geo.names
    hole = s.hole()
    moved = s.market[sq]
    data: dict[str, Any] = {"tile": moved, "from": names[sq], "to": names[hole]}
    text = _("{player} moves the {tile} from {square} to {hole}",
             you="You move the {tile} from {square} to {hole}", player=Seat(seat),
             tile=tile_of(moved), square=names[sq], hole=names[hole])
    if s.phase == "turn":
        snapshot(s)
        if s.paid is not None:
            row = s.buyers[seat]
            row[s.paid - 1] = row[s.paid - 1]._replace(coin=False)
            s.supply += 1
            data["paid_by"] = s.paid
            text = _("{player} moves the {tile} from {square} to {hole}, paid by buyer "
                     "{buyer}", you="You move the {tile} from {square} to {hole}, paid by "
                     "buyer {buyer}", player=Seat(seat), tile=tile_of(moved), square=names[sq],
                     hole=names[hole], buyer=s.paid)
            s.paid = None
    s.market[hole], s.market[sq] = moved, None
    if s.undo is not None and s.undo == table(s):
        # The messenger went there and back: nothing to take back, the same position
        # as before the play (a bot recognises a position by what the table shows).
        s.undo = None
    ev = [Event("shift", text, seat, data=data)]
    if s.phase == "move":
        s.moves_left -= 1
        s.last_moved = hole
        ev += advance_pass(t, s)
    return ev


# -- pay: a buyer's coin for the next tile move (a play) ---------------------------------
def check_pay(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Verdict:
    b = args[0]
    if not s.buyers[s.turn][b - 1][0]:
        return _("your buyer {buyer} has no coin to pay with", buyer=b)
    return None


def pay(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
        _purchase: Any) -> list[Event]:
    s.paid = args[0]  # the table changes with the shift, which takes the snapshot
    return [Event("pay", _("{player} pays with buyer {buyer}'s coin for the next tile move",
                           you="You pay with buyer {buyer}'s coin for the next tile move",
                           player=Seat(seat), buyer=args[0]),
                  seat, data={"buyer": args[0]})]


def snapshot(s: MarketState) -> None:
    """Remember the table at the start of a play, for a take-back by pass (when a tile
    moves; a shift that brings the table back to it forgets it again).

    Only before the play's first purchase: a purchase cannot be taken back (``pass`` is
    refused, the play ends with ``end``), so it drops the snapshot for good. A snapshot
    taken after it would restore nothing a player can reach, and the saved game would
    not load (``from_dict`` rightly refuses a snapshot beside a purchase).
    """
    if s.undo is None and not s.purchases:
        s.undo = table(s)


def table(s: MarketState) -> TakeBack:
    """What a take-back restores: the market, the own buyers' coins and the supply."""
    return TakeBack(list(s.market), [b.coin for b in s.buyers[s.turn]], s.supply)


# -- buy: a buyer takes a vendor's tokens (a play) ---------------------------------------
def check_buy_verb(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Verdict:
    return check_buy(t, s, *args)


def buy(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
        p: Purchase) -> list[Event]:
    b, goods = args
    names = t.geo.names
    buyer = s.buyers[seat][b - 1]
    s.vendors[goods] = p.to_vendor
    s.king[goods] += p.to_king
    if p.to_buyer:
        buyer = buyer._replace(colour=goods, tokens=buyer.tokens + p.to_buyer)
    if not p.keeps_coin:
        buyer = buyer._replace(coin=False)
        s.supply += 1
    s.buyers[seat][b - 1] = buyer
    s.purchases += 1
    s.undo = None
    ev = [Event("buy", _("{player}'s buyer {buyer} buys {taken} {colour} from the vendor "
                         "on {square}", you="Your buyer {buyer} buys {taken} {colour} from "
                         "the vendor on {square}", player=Seat(seat), buyer=b,
                         taken=p.taken, colour=colour_of(goods), square=names[p.vendor]), seat,
                data={"buyer": b, "colour": goods, "vendor": names[p.vendor],
                      "taken": p.taken, "kept": p.to_buyer})]
    for sq, actor in p.acts:
        text = _("The porter on {square} carries a {colour} token back to the vendor",
                 square=names[sq], colour=colour_of(goods)) if actor == "porter" else \
            _("The {tile} on {square} carries a {colour} token to the king",
              tile=tile_of(actor), square=names[sq], colour=colour_of(goods))
        ev.append(Event(actor, text, seat, data={"square": names[sq], "colour": goods}))
    if p.keeps_coin:
        ev.append(Event("ambassador", _("The ambassador lets buyer {buyer} keep its coin",
                                        buyer=b), seat, data={"buyer": b}))
    return ev


# -- pass: draw for the vendors, then the pass's decisions -------------------------------
def check_pass(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Verdict:
    if s.purchases:
        return _("you have bought this turn, so this is a play: finish it with end")
    return None


def pass_turn(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
              _purchase: Any) -> list[Event]:
    """Pass (taking back a play in progress): draw for the vendors, then the pass's
    decisions."""
    ev = []
    if s.undo is not None:
        s.market = list(s.undo.market)
        s.buyers[seat] = [buyer._replace(coin=has_coin) for buyer, has_coin
                          in zip(s.buyers[seat], s.undo.coins, strict=True)]
        s.supply = s.undo.supply
        s.undo = None
        ev.append(Event("take_back", _(
            "{player} takes the play back: the market and coins are as at the start of "
            "the turn", you="You take the play back: the market and coins are as at the "
            "start of the turn", player=Seat(seat)), seat))
    ev.append(Event("pass", _("{player} passes", you="You pass", player=Seat(seat)), seat))
    if sum(s.bag.values()):
        rng = Rng(s.rng)
        drawn = draw(s.bag, t.draw_count, rng)
        s.rng = rng.state
        for c in drawn:
            s.vendors[c] += 1
        counts = {c: drawn.count(c) for c in COLOURS if c in drawn}
        listed = Listing(tuple(_("{n} {colour}", context="goods", n=k, colour=colour_of(c))
                               for c, k in counts.items()), joint="comma")
        ev.append(Event("draw", _("{player} draws {goods} for the vendors ({left} left in "
                                  "the bag)", you="You draw {goods} for the vendors ({left} "
                                  "left in the bag)", player=Seat(seat), goods=listed,
                                  left=sum(s.bag.values())), seat,
                        data={"drawn": counts, "bag": sum(s.bag.values())}, barrier=True))
    else:
        ev.append(Event("no_draw", _("The bag is empty: nothing to draw"), seat))
    s.moves_left, s.last_moved = t.pass_moves, None
    s.coins_left, s.king_left = t.pass_coins, t.pass_king
    return ev + advance_pass(t, s)


# -- king: a token from a vendor in his row or column, or none (a pass) ------------------
def check_king(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Verdict:
    sq = args[0]
    if sq is not None and sq not in king_sources(s, t.geo.cross):
        return _("{square} is not a vendor with commodities in the king's row or column",
                 square=t.geo.names[sq])
    return None


def king(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
         _purchase: Any) -> list[Event]:
    sq = args[0]
    if sq is None:
        s.king_left = 0
        ev = [Event("king_skip", _("{player} leaves the king as he is",
                                   you="You leave the king as he is", player=Seat(seat)),
                    seat)]
    else:
        goods = s.market[sq]
        assert goods is not None
        s.vendors[goods] -= 1
        s.king[goods] += 1
        s.king_left -= 1
        ev = [Event("king", _("{player} moves a {colour} token from {square} to the king",
                              you="You move a {colour} token from {square} to the king",
                              player=Seat(seat), colour=colour_of(goods),
                              square=t.geo.names[sq]),
                    seat, data={"square": t.geo.names[sq], "colour": goods})]
    return ev + advance_pass(t, s)


# -- end: the play is over ---------------------------------------------------------------
def check_end(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Verdict:
    if not s.purchases:
        return _("a play needs at least one purchase before end; buy something or pass")
    return None


def end(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
        _purchase: Any) -> list[Event]:
    # the play's end is told first: the next turn's event alone left the log the notation
    said = Event("end", _said("end")(t, s, args), seat)
    return [said, *end_turn(t, s)]


# -- the steps between: the rest of a pass, the next turn --------------------------------
def advance_pass(t: MarketTable, s: MarketState) -> list[Event]:
    """Go to the next decision of a pass, skipping steps with nothing to choose."""
    if s.moves_left:
        s.phase = "move"
        return []
    s.last_moved = None
    ev = []
    if s.coins_left:
        if s.supply and any(not b.coin for b in s.buyers[s.turn]):
            s.phase = "coin"
            return []
        text = _("No coin for {player}: the money supply is empty",
                 you="No coin for you: the money supply is empty", player=Seat(s.turn)) \
            if not s.supply else \
            _("No coin for {player}: every buyer already has a coin",
              you="No coin for you: every buyer already has a coin", player=Seat(s.turn))
        ev.append(Event("no_coin", text, s.turn))
        s.coins_left = 0
    if s.king_left:
        if king_sources(s, t.geo.cross):
            s.phase = "king"
            return ev
        s.king_left = 0
    return ev + end_turn(t, s)


def end_turn(t: MarketTable, s: MarketState) -> list[Event]:
    s.purchases, s.paid, s.undo = 0, None, None
    s.moves_left, s.last_moved, s.coins_left, s.king_left = 0, None, 0, 0
    if s.turn == t.players - 1 and not sum(s.bag.values()):
        return finish(t, s)
    s.phase = "turn"
    s.turn = (s.turn + 1) % t.players
    if s.turn == 0:
        s.round += 1
    return [Event("turn", turn_text(s.turn), s.turn)]


def turn_text(seat: int) -> Msg:
    return _("{player}'s turn", you="Your turn", player=Seat(seat))


# -- the log's sentences ---------------------------------------------------------------
#: verb -> the log's sentence: ``player`` acts, ``square`` is the action's square,
#: ``buyer`` its buyer, ``tile`` the tile placed or shifted, ``colour`` the vendor's
DESCRIPTIONS: dict[str, Msg] = {
    "place": _("{player} places the {tile} on {square}",
               you="You place the {tile} on {square}"),
    "coin": _("{player} puts a coin on buyer {buyer}", you="You put a coin on buyer {buyer}"),
    "shift": _("{player} moves the {tile} from {square} into the hole",
               you="You move the {tile} from {square} into the hole"),
    "buy": _("{player}'s buyer {buyer} buys from the {colour} vendor",
             you="Your buyer {buyer} buys from the {colour} vendor"),
    "pay": _("{player} pays for a tile move with buyer {buyer}'s coin",
             you="You pay for a tile move with buyer {buyer}'s coin"),
    "pass": _("{player} passes", you="You pass"),
    "king": _("{player} gives the king a token from the vendor on {square}",
              you="You give the king a token from the vendor on {square}"),
    "king skip": _("{player} leaves the king as he is", you="You leave the king as he is"),
    "end": _("{player} ends the play", you="You end the play"),
}


def _said(verb: str) -> Callable[[MarketTable, MarketState, tuple[Any, ...]], Msg]:
    """The sentence of ``verb`` before it is done (the describe hook): its
    :data:`DESCRIPTIONS` entry, with the action's values."""
    def say(t: MarketTable, s: MarketState, args: tuple[Any, ...]) -> Msg:
        first: Any = args[0] if args else None
        name = "king skip" if verb == "king" and first is None else verb
        values: dict[str, Value] = {"player": Seat(s.turn)}
        if name in ("place", "shift", "king"):
            values["square"] = t.geo.names[first]
        if name in ("coin", "buy", "pay"):
            values["buyer"] = first
        if name in ("place", "shift"):
            values["tile"] = tile_of(args[1] if name == "place" else s.market[first])
        if name == "buy":
            values["colour"] = colour_of(args[1])
        return replace(DESCRIPTIONS[name], values=values)
    return say


def _do(handler: Handler) -> Callable[[MarketTable, MarketState, Checked], list[Event]]:
    """A handler as a verb's ``do``: the seat to move acts, with what the check found."""
    return lambda t, s, checked: handler(t, s, s.turn, *checked)


#: verb -> how it is refused, done and said: the Market's moves
VERBS: dict[str, Verb[MarketTable, MarketState]] = {
    "place": Verb(check_place, _do(place), _said("place")),
    "coin": Verb(check_coin, _do(coin), _said("coin")),
    "shift": Verb(check_shift, _do(shift), _said("shift")),
    "pay": Verb(check_pay, _do(pay), _said("pay")),
    "buy": Verb(check_buy_verb, _do(buy), _said("buy")),
    "pass": Verb(check_pass, _do(pass_turn), _said("pass")),
    "king": Verb(check_king, _do(king), _said("king")),
    "end": Verb(check_end, _do(end), _said("end")),
}
