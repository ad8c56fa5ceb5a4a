"""The Market's moves: one handler per verb (:data:`HANDLERS`), and the steps between;
each takes the table and the state.

``MarketRules.apply`` calls a handler only once ``refusals.verdict`` allowed the action,
so a handler never checks: it changes the state and returns the events. A purchase's
handler gets the ``Purchase`` the check worked out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.events import Event
from game.core.rng import Rng
from game.i18n import Listing, Msg, Seat
from variants.market import scoring
from variants.market.mechanics import Purchase, draw, king_sources
from variants.market.params import COLOURS
from variants.market.state import MarketState, TakeBack
from variants.market.table import MarketTable
from variants.market.text import _, colour_of, tile_of

Handler = Callable[[MarketTable, MarketState, int, tuple[Any, ...], Any], list[Event]]


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


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


def end(t: MarketTable, s: MarketState, seat: int, args: tuple[Any, ...],
        _purchase: Any) -> list[Event]:
    return end_turn(t, s)


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


def score_events(t: MarketTable, s: MarketState, held: list[dict[str, int]]) -> list[Event]:
    """Each seat's points by colour (its team's most tokens of the colour times the
    king's), so that a seat's "score" events add up to its score."""
    ev = []
    for team in t.teams:
        for seat in team:
            for goods in COLOURS:
                most = max(held[m][goods] for m in team)
                pts = most * s.king[goods]
                if pts:
                    ev.append(Event("score", _(
                        "{player} +{points} for {colour}: {most} × {king} of the king's",
                        you="You +{points} for {colour}: {most} × {king} of the king's",
                        player=Seat(seat), points=pts, colour=colour_of(goods), most=most,
                        king=s.king[goods]), seat, pts, data={"reason": goods}))
    return ev


def finish(t: MarketTable, s: MarketState) -> list[Event]:
    held = scoring.holdings(s.buyers)
    coins = [sum(b.coin for b in seat) for seat in s.buyers]
    s.phase = "over"
    s.winners = scoring.winners(held, s.king, coins, t.teams)
    points = scoring.scores(held, s.king, t.teams)
    names = Listing(tuple(Seat(w) for w in s.winners), joint="comma")
    table = Listing(tuple(_("{team} {points}", context="score", points=points[t[0]],
                            team=Listing(tuple(Seat(m) for m in t), joint="plus"))
                          for t in t.teams), joint="semicolon")
    over = Event("game_over", _("The bag is empty and the round is over. {table}. Winner: "
                                "{winners}", table=table, winners=names),
                 data={"scores": points, "winners": list(s.winners)})
    return [*score_events(t, s, held), over]


#: verb -> its handler: the moves table
HANDLERS: dict[str, Handler] = {
    "place": place, "coin": coin, "shift": shift, "pay": pay, "buy": buy,
    "pass": pass_turn, "king": king, "end": end,
}
